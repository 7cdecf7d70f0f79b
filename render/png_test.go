package render_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"runtime"
	"testing"

	"spicebot/games"
	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
)

// board is one drawn board of a random game, for the PNG tests and benchmarks.
type board struct {
	name string
	img  *image.RGBA
}

// boards draws the observer's board of a random game of every listed game at its largest player
// count, at the start, in the middle and at the end (the tallest boards).
func boards(tb testing.TB) []board {
	tb.Helper()
	r, err := games.Renderer()
	if err != nil {
		tb.Fatal(err)
	}
	names := []string{rendertest.LongName, "Bob", "Chandra", "Dmitri", "Eleanor Rigby-Smythe"}
	var out []board
	for _, g := range games.List() {
		_, n := g.Rules.Players()
		st, err := g.Rules.New(n, rules.Options{}, 7)
		if err != nil {
			tb.Fatal(err)
		}
		draw := func(when string) {
			im, err := r.Board(st.View(rules.Observer), names[:n])
			if err != nil {
				tb.Fatalf("%s board: %v", g.Rules.ID(), err)
			}
			rgba, ok := im.(*image.RGBA)
			if !ok {
				tb.Fatalf("%s board is %T", g.Rules.ID(), im)
			}
			out = append(out, board{fmt.Sprintf("%s-%dp-%s", g.Rules.ID(), n, when), rgba})
		}
		draw("start")
		// A random game to its end (or 3,000 moves), then again to its middle.
		total := 0
		rng := rules.NewRNG(7)
		again, err := g.Rules.New(n, rules.Options{}, 7)
		if err != nil {
			tb.Fatal(err)
		}
		_, _ = rules.Playout(again, &rng, 3000, func(rules.Record) error { total++; return nil })
		rng = rules.NewRNG(7)
		step := 0
		_, _ = rules.Playout(st, &rng, 3000, func(rules.Record) error {
			if step++; step == total/2 {
				draw("middle")
			}
			return nil
		})
		draw("end")
	}
	return out
}

// Every board's PNG is at most rendertest.MaxPNGBytes, decodes to the board's size, and keeps
// every fill exact; edge pixels move by a bounded amount.
func TestEncodePNGBoards(t *testing.T) {
	for _, b := range boards(t) {
		data, err := render.EncodePNG(b.img)
		if err != nil {
			t.Fatalf("%s: %v", b.name, err)
		}
		rendertest.Save(t, "png-"+b.name, data)
		rendertest.Decode(t, data, b.img.Bounds().Dx())
		worst := rendertest.CheckFills(t, b.img, data)
		t.Logf("%s: %dx%d, %d bytes, largest edge change %d", b.name, b.img.Bounds().Dx(), b.img.Bounds().Dy(), len(data), worst)
	}
}

// An opaque image of few colours, whichever its type, is encoded losslessly.
func TestEncodePNGLossless(t *testing.T) {
	img := image.NewNRGBA(image.Rect(3, 5, 103, 65))
	for y := 5; y < 65; y++ {
		for x := 3; x < 103; x++ {
			img.Set(x, y, color.NRGBA{uint8(x % 7 * 30), uint8(y % 5 * 50), 255, 255})
		}
	}
	data, err := render.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := dec.Bounds().Size(), img.Bounds().Size(); got != want {
		t.Fatalf("size %v, want %v", got, want)
	}
	for y := 5; y < 65; y++ {
		for x := 3; x < 103; x++ {
			r1, g1, b1, a1 := dec.At(x-3, y-5).RGBA()
			r2, g2, b2, a2 := img.At(x, y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 || a1>>8 != a2>>8 {
				t.Fatalf("pixel (%d,%d) is %v, want %v", x, y, dec.At(x-3, y-5), img.At(x, y))
			}
		}
	}
}

// An image of many colours (a gradient, never a drawn board) still encodes to a valid PNG, and
// white and black survive (white is the colour table's special key).
func TestEncodePNGManyColours(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 512, 300))
	for y := 0; y < 300; y++ {
		for x := 0; x < 512; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), uint8(x>>1 ^ y), 255})
		}
	}
	for x := 0; x < 512; x++ {
		img.SetRGBA(x, 0, color.RGBA{255, 255, 255, 255})
		img.SetRGBA(x, 1, color.RGBA{0, 0, 0, 255})
	}
	data, err := render.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if dec.Bounds() != img.Bounds() {
		t.Fatalf("bounds %v, want %v", dec.Bounds(), img.Bounds())
	}
	if r, g, b, _ := dec.At(10, 0).RGBA(); r>>8 != 255 || g>>8 != 255 || b>>8 != 255 {
		t.Errorf("white row decoded as %v", dec.At(10, 0))
	}
	if r, g, b, _ := dec.At(10, 1).RGBA(); r != 0 || g != 0 || b != 0 {
		t.Errorf("black row decoded as %v", dec.At(10, 1))
	}
}

func TestEncodePNGErrors(t *testing.T) {
	if _, err := render.EncodePNG(nil); err == nil {
		t.Error("nil image: no error")
	}
	if _, err := render.EncodePNG(image.NewRGBA(image.Rect(0, 0, 0, 10))); err == nil {
		t.Error("empty image: no error")
	}
}

// BenchmarkEncodePNG encodes each board of boards (the palette and the compression, without
// drawing) and reports its PNG bytes and the process's CPU time per board.
func BenchmarkEncodePNG(b *testing.B) {
	for _, bd := range boards(b) {
		b.Run(bd.name, func(b *testing.B) {
			b.ReportAllocs()
			var n int
			start := rendertest.CPUTime()
			for b.Loop() {
				data, err := render.EncodePNG(bd.img)
				if err != nil {
					b.Fatal(err)
				}
				n = len(data)
			}
			b.ReportMetric(float64(rendertest.CPUTime()-start)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(n), "png-bytes")
		})
	}
}

// TestEncodePNGHalves: a board encoded in two halves at once (two cores) decodes to the same
// pixels as when encoded whole (one core), and its zlib stream is whole: it inflates to its end,
// where the Adler-32 of the rows (combined from the halves' sums) is checked.
func TestEncodePNGHalves(t *testing.T) {
	bs := boards(t)
	for _, bd := range []board{bs[0], bs[len(bs)-1]} {
		halves, err := render.EncodePNG(bd.img)
		if err != nil {
			t.Fatal(err)
		}
		old := runtime.GOMAXPROCS(1)
		whole, err := render.EncodePNG(bd.img)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		a, err := png.Decode(bytes.NewReader(halves))
		if err != nil {
			t.Fatalf("%s in halves: %v", bd.name, err)
		}
		b, err := png.Decode(bytes.NewReader(whole))
		if err != nil {
			t.Fatalf("%s whole: %v", bd.name, err)
		}
		r := bd.img.Bounds()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if a.At(x, y) != b.At(x, y) {
					t.Fatalf("%s: pixel (%d,%d) is %v in halves, %v whole", bd.name, x, y, a.At(x, y), b.At(x, y))
				}
			}
		}
		for _, data := range [][]byte{halves, whole} {
			if err := inflateIDAT(data); err != nil {
				t.Errorf("%s: %v", bd.name, err)
			}
		}
		t.Logf("%s: %d bytes in halves, %d whole", bd.name, len(halves), len(whole))
	}
}

// inflateIDAT inflates a PNG's (single) IDAT chunk to its end, which checks its Adler-32.
func inflateIDAT(data []byte) error {
	i := bytes.Index(data, []byte("IDAT"))
	if i < 4 {
		return fmt.Errorf("no IDAT chunk")
	}
	n := binary.BigEndian.Uint32(data[i-4:])
	zr, err := zlib.NewReader(bytes.NewReader(data[i+4 : i+4+int(n)]))
	if err != nil {
		return err
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return fmt.Errorf("inflate IDAT: %w", err)
	}
	return zr.Close()
}
