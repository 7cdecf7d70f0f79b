package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"testing"
)

// stripes returns a w×h image of few colours (encoded losslessly): bands of colour of 7 to 40
// rows with blocks of other colours in them.
func stripes(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cols := []color.RGBA{{250, 245, 230, 255}, {40, 60, 90, 255}, {200, 80, 60, 255}, {90, 160, 80, 255}, {230, 200, 70, 255}}
	for y := 0; y < h; y++ {
		bg := cols[(y/(7+y%5*8))%len(cols)]
		for x := 0; x < w; x++ {
			c := bg
			if (x/23+y/17)%3 == 0 {
				c = cols[(x/23+1)%len(cols)]
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// decodeRGBA decodes a PNG and returns its pixels as RGBA.
func decodeRGBA(t *testing.T, data []byte) []color.RGBA {
	t.Helper()
	im, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := im.Bounds()
	out := make([]color.RGBA, 0, b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out = append(out, color.RGBAModel.Convert(im.At(x, y)).(color.RGBA))
		}
	}
	return out
}

// equalPixels fails t unless data decodes to img exactly.
func equalPixels(t *testing.T, img *image.RGBA, data []byte) {
	t.Helper()
	got := decodeRGBA(t, data)
	w := img.Bounds().Dx()
	for i, c := range got {
		if c != img.RGBAAt(i%w, i/w) {
			t.Fatalf("pixel (%d,%d) is %v, want %v", i%w, i/w, c, img.RGBAAt(i%w, i/w))
		}
	}
}

// warmStripes returns a memo warm with a 320×700 image of stripes (see stripes), the image, and
// a copy of it to draw on; it skips the test on one core (no stream).
func warmStripes(t *testing.T) (*PaletteMemo, *image.RGBA, *image.RGBA) {
	t.Helper()
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: no stream")
	}
	base := stripes(320, 700)
	pm := &PaletteMemo{}
	if _, err := pm.EncodePNG(base); err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(base.Bounds())
	copy(canvas.Pix, base.Pix)
	return pm, base, canvas
}

// waitPast waits until s's early pass has started a band at row y or after, or has returned.
func waitPast(s *stream, y int64) {
	for s.band.Load() < y {
		select {
		case <-s.exited:
			return
		default:
			runtime.Gosched()
		}
	}
}

// A stream whose image changes after the early pass encoded it (a drawer that broke its promise,
// see Canvas.Drawn) encodes the image as it ended up: a band whose rows changed is not found
// among the early pass's bands (they are known by their pixels) and is encoded again; the others
// are copied from them.
func TestStreamRowsChangedAfterDrawn(t *testing.T) {
	pm, base, canvas := warmStripes(t)
	for y := 0; y < 700; y++ { // a change from the image before: the early pass encodes, not copies
		canvas.SetRGBA(5, y, color.RGBA{40, 60, 90, 255})
	}
	s := pm.stream(canvas)
	if s == nil {
		t.Fatal("no stream on a warm memo")
	}
	s.advance(700)
	<-s.exited // the early pass encoded every band
	// Rows 100–160 drawn over after all: a copy of rows 400–460.
	copy(canvas.Pix[100*canvas.Stride:160*canvas.Stride], base.Pix[400*canvas.Stride:460*canvas.Stride])
	data, made, err := s.finish()
	if err != nil {
		t.Fatal(err)
	}
	if made != madeWarm {
		t.Errorf("made %d, want warm", made)
	}
	equalPixels(t, canvas, data)
	c := pm.Counts()
	if c.Drawn == 0 || c.Drawn > 700-60 {
		t.Errorf("%d rows copied from the early pass's bands, want some but not the 60 changed (%+v)", c.Drawn, c)
	}
}

// A stream whose early pass meets a new fill extends its palette and goes on; a second new fill
// after the early pass's last band extends it again at the end; every pixel is exact.
func TestStreamNewFills(t *testing.T) {
	pm, _, canvas := warmStripes(t)
	fill := func(r image.Rectangle, c color.RGBA) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				canvas.SetRGBA(x, y, c)
			}
		}
	}
	fill(image.Rect(10, 50, 200, 60), color.RGBA{17, 200, 230, 255})
	s := pm.stream(canvas)
	if s == nil {
		t.Fatal("no stream on a warm memo")
	}
	s.advance(400)
	// The early pass is past the first new fill before the second is drawn.
	waitPast(s, 300)
	fill(image.Rect(10, 600, 200, 610), color.RGBA{170, 20, 230, 255}) // drawn later
	data, made, err := s.finish()
	if err != nil {
		t.Fatal(err)
	}
	if made != madeExtended {
		t.Errorf("made %d, want extended", made)
	}
	equalPixels(t, canvas, data)
	if c := pm.Counts(); c.Drawn == 0 {
		t.Errorf("no row copied from the early pass's bands (%+v)", c)
	}
	if len(s.fills) != 1 {
		t.Errorf("the early pass found %d new fills, want 1", len(s.fills))
	}
}

// A stream whose palette has room for the early pass's new fills and those after them, but not
// for the early pass's counted twice, extends its palette: the image is not made anew.
func TestStreamNewFillsNearFullPalette(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: no stream")
	}
	const w, h = 320, 700
	base := image.NewRGBA(image.Rect(0, 0, w, h))
	colour := func(i int) color.RGBA { return color.RGBA{uint8(i * 37), uint8(i * 11), uint8(255 - i), 255} }
	for y := range h { // 200 fills, one per run of 3 or 4 rows
		for x := range w {
			base.SetRGBA(x, y, colour(y*200/h))
		}
	}
	var pm PaletteMemo
	if _, err := pm.EncodePNG(base); err != nil {
		t.Fatal(err)
	}
	if n := len(pm.m.keys); n < 200 || n > 220 {
		t.Fatalf("a palette of %d colours, want about 200", n)
	}
	canvas := image.NewRGBA(base.Bounds())
	copy(canvas.Pix, base.Pix)
	newFill := func(y, k int) { // a new fill colour in row y
		for x := range 40 {
			canvas.SetRGBA(x, y, color.RGBA{uint8(k), 255, uint8(3 * k), 255})
		}
	}
	for k := range 25 { // found by the early pass
		newFill(10+4*k, k)
	}
	s := pm.stream(canvas)
	if s == nil {
		t.Fatal("no stream on a warm memo")
	}
	s.advance(400)
	// The early pass is past them before the others are drawn.
	waitPast(s, 300)
	for k := range 10 { // drawn later
		newFill(600+4*k, 100+k)
	}
	data, made, err := s.finish()
	if err != nil {
		t.Fatal(err)
	}
	if made != madeExtended {
		t.Errorf("made %d, want extended (%d palette colours, %d new fills found early)", made, len(s.m.keys), len(s.fills))
	}
	equalPixels(t, canvas, data)
}
