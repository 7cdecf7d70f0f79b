package render_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"spicebot/games"
	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
)

// series draws the observer's board after each of the first n moves of a random game of every
// listed game (4 players, or fewer where the game allows fewer): consecutive boards of one game,
// what a PaletteMemo sees in the bot.
func series(tb testing.TB, n int) map[string][]*image.RGBA {
	tb.Helper()
	r, err := games.Renderer()
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string][]*image.RGBA{}
	for id, s := range seriesViews(tb, n) {
		for _, v := range s.views {
			im, err := r.Board(v, s.names)
			if err != nil {
				tb.Fatalf("%s board: %v", id, err)
			}
			out[id] = append(out[id], im.(*image.RGBA))
		}
	}
	return out
}

// gameViews is the observer's views after each of a game's first moves, and its players' names.
type gameViews struct {
	views []any
	names []string
}

// seriesViews returns, by game id, the observer's views of series.
func seriesViews(tb testing.TB, n int) map[string]gameViews {
	tb.Helper()
	names := []string{rendertest.LongName, "Bob", "Chandra", "Dmitri"}
	out := map[string]gameViews{}
	for _, g := range games.List() {
		_, most := g.Rules.Players()
		players := min(most, 4)
		st, err := g.Rules.New(players, rules.Options{}, 3)
		if err != nil {
			tb.Fatal(err)
		}
		gv := gameViews{views: []any{st.View(rules.Observer)}, names: names[:players]}
		rng := rules.NewRNG(3)
		_, _ = rules.Playout(st, &rng, n-1, func(rules.Record) error {
			gv.views = append(gv.views, st.View(rules.Observer))
			return nil
		})
		out[g.Rules.ID()] = gv
	}
	return out
}

// decodePaletted decodes data, which must be a paletted PNG.
func decodePaletted(tb testing.TB, data []byte) *image.Paletted {
	tb.Helper()
	im, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("decode png: %v", err)
	}
	p, ok := im.(*image.Paletted)
	if !ok {
		tb.Fatalf("png decodes to %T, want *image.Paletted", im)
	}
	return p
}

// rgbaOf is c as premultiplied 8-bit channels.
func rgbaOf(c color.Color) [4]int32 {
	r, g, b, a := c.RGBA()
	return [4]int32{int32(r >> 8), int32(g >> 8), int32(b >> 8), int32(a >> 8)}
}

// distance is the encoder's colour distance: squared, over red, green (double), blue and alpha.
func distance(x, y [4]int32) int32 {
	d := [4]int32{x[0] - y[0], x[1] - y[1], x[2] - y[2], x[3] - y[3]}
	return d[0]*d[0] + 2*d[1]*d[1] + d[2]*d[2] + d[3]*d[3]
}

// checkNearest reports any pixel of data, the PNG of img, that is neither img's pixel exactly nor
// the nearest to it of the palette entries the PNG uses, and any fill that changed colour
// (rendertest.CheckFills). It returns the decoded image.
func checkNearest(tb testing.TB, img *image.RGBA, data []byte) *image.Paletted {
	tb.Helper()
	rendertest.CheckFills(tb, img, data)
	dec := decodePaletted(tb, data)
	var used []int
	seen := map[uint8]bool{}
	for _, i := range dec.Pix {
		if !seen[i] {
			seen[i] = true
			used = append(used, int(i))
		}
	}
	best := map[[4]int32]int32{} // each colour's distance to its nearest used entry
	b := img.Bounds()
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			want := rgbaOf(img.RGBAAt(x, y))
			got := rgbaOf(dec.At(x-b.Min.X, y-b.Min.Y))
			if got == want {
				continue
			}
			d, ok := best[want]
			if !ok {
				d = 1 << 30
				for _, i := range used {
					d = min(d, distance(want, rgbaOf(dec.Palette[i])))
				}
				best[want] = d
			}
			if distance(want, got) > d {
				if bad++; bad <= 3 {
					tb.Errorf("pixel (%d,%d) %v is %v, not the nearest palette colour", x, y, want, got)
				}
			}
		}
	}
	return dec
}

// samePixels reports whether two decoded images have the same colours everywhere.
func samePixels(a, b image.Image) error {
	if a.Bounds() != b.Bounds() {
		return fmt.Errorf("bounds %v and %v", a.Bounds(), b.Bounds())
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if rgbaOf(a.At(x, y)) != rgbaOf(b.At(x, y)) {
				return fmt.Errorf("pixel (%d,%d) is %v and %v", x, y, a.At(x, y), b.At(x, y))
			}
		}
	}
	return nil
}

// A board encoded with a warm memo made from that same board is the board's cold encoding
// pixel for pixel, in halves (two cores) and whole (one core), and its zlib stream is whole.
func TestPaletteMemoSameImage(t *testing.T) {
	for _, bd := range boards(t) {
		cold, err := render.EncodePNG(bd.img)
		if err != nil {
			t.Fatal(err)
		}
		for _, procs := range []int{runtime.GOMAXPROCS(0), 1} {
			old := runtime.GOMAXPROCS(procs)
			var memo render.PaletteMemo
			first, made0, err := render.EncodeMade(&memo, bd.img)
			if err != nil || made0 != "anew" {
				t.Fatalf("%s: first encoding with a memo: %s, %v", bd.name, made0, err)
			}
			data, made, err := render.EncodeMade(&memo, bd.img)
			runtime.GOMAXPROCS(old)
			if err != nil {
				t.Fatal(err)
			}
			if made != "warm" {
				t.Fatalf("%s (%d cores): the same image again was made %s", bd.name, procs, made)
			}
			if err := inflateIDAT(data); err != nil {
				t.Fatalf("%s (%d cores): %v", bd.name, procs, err)
			}
			want := decodePaletted(t, cold)
			for what, d := range map[string][]byte{"cold with a memo": first, "warm": data} {
				if err := samePixels(decodePaletted(t, d), want); err != nil {
					t.Errorf("%s (%d cores): %s and cold encodings differ: %v", bd.name, procs, what, err)
				}
			}
			rendertest.Decode(t, data, bd.img.Bounds().Dx())
		}
	}
}

// Consecutive boards of each game (24; 12 in -short mode), each encoded with the memo of the
// boards before it: mostly warm; every PNG at most rendertest.MaxPNGBytes, its zlib stream whole,
// its fills exact and every other pixel exact or the nearest of the palette's colours.
func TestPaletteMemoSeries(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 12
	}
	for id, imgs := range series(t, n) {
		var memo render.PaletteMemo
		warm := 0
		for i, img := range imgs {
			data, made := encodeMade(t, &memo, img)
			if made != "anew" {
				warm++
			}
			if err := inflateIDAT(data); err != nil {
				t.Fatalf("%s board %d: %v", id, i, err)
			}
			rendertest.Decode(t, data, img.Bounds().Dx())
			checkNearest(t, img, data)
			if i == len(imgs)-1 {
				rendertest.Save(t, "memo-"+id, data)
			}
		}
		c := memo.Counts()
		t.Logf("%s: %d of %d boards warm, %.0f%% of their rows copied from the board before (%+v)", id, warm, len(imgs), 100*float64(c.Copied)/float64(max(1, c.Rows)), c)
		if warm < len(imgs)/2 {
			t.Errorf("%s: only %d of %d boards used the memo", id, warm, len(imgs))
		}
		if c.Copied < c.Rows/5 {
			t.Errorf("%s: only %d of %d rows copied from the boards before", id, c.Copied, c.Rows)
		}
	}
}

// paint returns a copy of img with the rectangle r filled with c.
func paint(img *image.RGBA, r image.Rectangle, c color.RGBA) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	copy(out.Pix, img.Pix)
	draw.Draw(out, r, image.NewUniform(c), image.Point{}, draw.Src)
	return out
}

// A fill whose colour the memo's palette lacks is added to the palette (found before the pass),
// and stays exact; when the palette has no room for the new fills, the image is made anew.
func TestPaletteMemoNewFill(t *testing.T) {
	img := boards(t)[1].img
	var memo render.PaletteMemo
	mustEncode(t, &memo, img)
	changed := paint(img, image.Rect(40, 40, 140, 90), color.RGBA{0x12, 0xab, 0x34, 0xff})
	data, made := encodeMade(t, &memo, changed)
	if made != "extended" {
		t.Errorf("an image with a new fill colour was made %s", made)
	}
	if err := inflateIDAT(data); err != nil {
		t.Error(err)
	}
	checkNearest(t, changed, data)
	// The memo now holds the new fill: the next such image is warm.
	if _, made := encodeMade(t, &memo, changed); made != "warm" {
		t.Errorf("the same image again was made %s", made)
	}
	// 180 new fills, one per row: no room.
	many := paint(img, image.Rectangle{}, color.RGBA{})
	for y := range 180 {
		for x := range 20 {
			many.SetRGBA(x, y, color.RGBA{uint8(y), 0x80, uint8(255 - y), 0xff})
		}
	}
	data, made = encodeMade(t, &memo, many)
	if made != "anew" {
		t.Errorf("an image with 180 new fill colours was made %s", made)
	}
	checkNearest(t, many, data)
}

// A new fill at the top of the second half of an image (which that half's goroutine meets before
// the first has finished looking for new fills) extends the palette every time: the image is not
// made anew.
func TestPaletteMemoNewFillInSecondHalf(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: no halves")
	}
	img := boards(t)[1].img
	h := img.Bounds().Dy()
	var memo render.PaletteMemo
	mustEncode(t, &memo, img)
	for i := range 40 {
		changed := paint(img, image.Rect(40, h/2+2, 140, h/2+6), color.RGBA{0x12, uint8(i), 0x34, 0xff})
		m := memo.Clone()
		data, made := encodeMade(t, m, changed)
		if made != "extended" {
			t.Fatalf("run %d: an image with a new fill in its second half was made %s", i, made)
		}
		if i == 0 {
			checkNearest(t, changed, data)
		}
	}
}

// A new fill of just flatRun (16) pixels is found wherever it starts in its row, up to the row's
// ends, and added to the palette: exact, with the image encoded in one pass (extended, not made
// anew, which a fill missed would cause).
func TestPaletteMemoShortFills(t *testing.T) {
	img := boards(t)[1].img
	w := img.Bounds().Dx()
	for _, at := range [][2]int{{0, 16}, {w - 16, w}, {w - 15, w}} {
		var memo render.PaletteMemo
		mustEncode(t, &memo, img)
		changed := paint(img, image.Rectangle{}, color.RGBA{})
		for o := range 16 {
			x0, x1 := 100+o, 116+o // 16 pixels at every offset
			if o == 15 {
				x0, x1 = at[0], at[1] // at a row's ends; 15 pixels are no fill
			}
			for x := x0; x < x1; x++ {
				changed.SetRGBA(x, 3+2*o, color.RGBA{0x31, uint8(0x40 + 9*o), 0xe7, 0xff})
			}
		}
		data, made := encodeMade(t, &memo, changed)
		if made != "extended" {
			t.Errorf("fills at %v: made %s", at, made)
		}
		checkNearest(t, changed, data)
	}
}

// noisy returns a copy of img with a patch of noise over 4% of its pixels: single pixels of 16
// oranges no board has, no fills, too much new for a memo.
func noisy(img *image.RGBA) *image.RGBA {
	out := paint(img, image.Rectangle{}, color.RGBA{})
	b := img.Bounds()
	for i := range b.Dx() * b.Dy() / 25 {
		x, y := b.Min.X+i%b.Dx(), b.Min.Y+b.Dy()/3+i/b.Dx()
		v := uint8(i % 16)
		out.SetRGBA(x, y, color.RGBA{233 - v, 151 + 3*v, 17 + v, 0xff})
	}
	return out
}

// An image of which too much is new is made anew.
func TestPaletteMemoTooMuchNew(t *testing.T) {
	img := boards(t)[1].img
	var memo render.PaletteMemo
	mustEncode(t, &memo, img)
	n := noisy(img)
	data, made := encodeMade(t, &memo, n)
	if made != "anew" {
		t.Errorf("an image 4%% new was made %s", made)
	}
	checkNearest(t, n, data)
}

// plte returns the colours of a PNG's PLTE chunk.
func plte(tb testing.TB, data []byte) [][3]byte {
	tb.Helper()
	i := bytes.Index(data, []byte("PLTE"))
	if i < 4 {
		tb.Fatal("no PLTE chunk")
	}
	n := int(data[i-4])<<24 | int(data[i-3])<<16 | int(data[i-2])<<8 | int(data[i-1])
	var out [][3]byte
	for j := i + 4; j < i+4+n; j += 3 {
		out = append(out, [3]byte{data[j], data[j+1], data[j+2]})
	}
	return out
}

// A memo never carries one image's colours into another's palette: board B encoded with the memo
// of board A, which has a fill of a colour B lacks, has no such colour in its PLTE, whether B is
// warm, extended with a fill of its own, or made anew (the memo's fills are kept in the palette,
// unused).
func TestPaletteMemoUnusedEntriesBlack(t *testing.T) {
	base := boards(t)[1].img
	secret := color.RGBA{0x5a, 0x17, 0xc3, 0xff}
	a := paint(base, image.Rect(30, 30, 130, 60), secret)
	other := paint(base, image.Rect(200, 200, 260, 240), color.RGBA{0x21, 0xe4, 0x66, 0xff})
	for _, c := range []struct {
		made string
		img  *image.RGBA
	}{{"warm", base}, {"extended", other}, {"anew", noisy(base)}} {
		var memo render.PaletteMemo
		if !bytes.Contains(flat(plte(t, mustEncode(t, &memo, a))), []byte{secret.R, secret.G, secret.B}) {
			t.Fatal("image A's PLTE lacks its own fill colour")
		}
		data, made := encodeMade(t, &memo, c.img)
		if made != c.made {
			t.Fatalf("made %s, want %s", made, c.made)
		}
		black := 0
		for _, e := range plte(t, data) {
			if e == [3]byte{secret.R, secret.G, secret.B} {
				t.Errorf("%s: B's PLTE holds A's colour %v", c.made, e)
			}
			if e == [3]byte{} {
				black++
			}
		}
		if black == 0 {
			t.Errorf("%s: no unused (black) palette entry: the test shows nothing", c.made)
		}
		checkNearest(t, c.img, data)
	}
}

// encodeMade is render.EncodeMade(memo, img), failing the test on error.
func encodeMade(tb testing.TB, memo *render.PaletteMemo, img image.Image) ([]byte, string) {
	tb.Helper()
	data, made, err := render.EncodeMade(memo, img)
	if err != nil {
		tb.Fatal(err)
	}
	return data, made
}

// mustEncode is memo.EncodePNG(img), failing the test on error.
func mustEncode(tb testing.TB, memo *render.PaletteMemo, img image.Image) []byte {
	tb.Helper()
	data, err := memo.EncodePNG(img)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// flat is the bytes of a PLTE's colours.
func flat(p [][3]byte) []byte {
	var out []byte
	for _, e := range p {
		out = append(out, e[:]...)
	}
	return out
}

// A fill that goes and comes back (a highlight) keeps the memo warm: an extended palette keeps
// the memo's fills, and so does a palette made anew.
func TestPaletteMemoKeepsFills(t *testing.T) {
	base := boards(t)[1].img
	x := paint(base, image.Rect(30, 30, 130, 60), color.RGBA{0x5a, 0x17, 0xc3, 0xff})
	y := paint(base, image.Rect(200, 200, 260, 240), color.RGBA{0x21, 0xe4, 0x66, 0xff})
	var memo render.PaletteMemo
	for i, want := range []struct {
		img  *image.RGBA
		made string
	}{{x, "anew"}, {y, "extended"}, {x, "warm"}, {noisy(base), "anew"}, {y, "warm"}, {x, "warm"}} {
		data, made := encodeMade(t, &memo, want.img)
		if made != want.made {
			t.Errorf("image %d: made %s, want %s", i, made, want.made)
		}
		checkNearest(t, want.img, data)
	}
}

// Many goroutines encoding one game's boards with one memo at once (go test -race): each PNG
// is whole, its fills exact and its other pixels nearest.
func TestPaletteMemoConcurrent(t *testing.T) {
	imgs := series(t, 8)["borneo"]
	var memo render.PaletteMemo
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range imgs {
				img := imgs[(i+2*g)%len(imgs)]
				data, err := memo.EncodePNG(img)
				if err != nil {
					t.Error(err)
					return
				}
				if err := inflateIDAT(data); err != nil {
					t.Error(err)
				}
				checkNearest(t, img, data)
			}
		})
	}
	wg.Wait()
}

// A memo's clone starts where the memo is and goes its own way: the clone of a memo primed with
// A encodes B (a new fill) by extending the palette, and the memo, which the clone's encoding did
// not change, then does the same, to the same bytes.
func TestPaletteMemoClone(t *testing.T) {
	a := boards(t)[1].img
	bImg := paint(a, image.Rect(40, 40, 140, 90), color.RGBA{0x12, 0xab, 0x34, 0xff})
	var memo render.PaletteMemo
	mustEncode(t, &memo, a)
	c := memo.Clone()
	if got := c.Counts(); got != (render.MemoCounts{}) {
		t.Errorf("a new clone counts %+v", got)
	}
	fromClone, made := encodeMade(t, c, bImg)
	if made != "extended" {
		t.Errorf("the clone made B %s", made)
	}
	fromMemo, made := encodeMade(t, &memo, bImg)
	if made != "extended" {
		t.Errorf("after the clone's encoding, the memo made B %s", made)
	}
	if !bytes.Equal(fromClone, fromMemo) {
		t.Error("the clone and the memo encode B differently")
	}
	if got := c.Counts(); got.Warm != 0 || got.Extended != 1 || got.Anew != 0 {
		t.Errorf("the clone counts %+v", got)
	}
}

// A nil memo encodes as EncodePNG.
func TestPaletteMemoNil(t *testing.T) {
	img := boards(t)[0].img
	var memo *render.PaletteMemo
	got, err := memo.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("a nil memo's encoding differs from EncodePNG's")
	}
}

// PaletteMemos gives one memo per key and keeps at most its size, forgetting the least recently
// used.
func TestPaletteMemos(t *testing.T) {
	s := render.NewPaletteMemos[int](2)
	a, b := s.For(1), s.For(2)
	if a == b || s.For(1) != a {
		t.Fatal("keys 1 and 2 do not have a memo each")
	}
	s.For(3) // forgets 2, the least recently used
	if s.Len() != 2 {
		t.Fatalf("%d memos, want 2", s.Len())
	}
	if s.For(1) != a {
		t.Error("key 1's memo was forgotten")
	}
	if s.For(2) == b {
		t.Error("key 2's memo was kept past the size")
	}
}

// BenchmarkGameBoards draws and encodes the first 40 boards of a random 4-player game of each
// game, as the bot posts them: each operation is the whole series, encoded with a new
// PaletteMemo (the first board made anew, as a game's first). It reports, per board, the time
// (ns/board) and CPU time (cpu-ns/board) to draw ("render"), to encode the boards drawn
// ("encode"), to draw and then encode ("render-then-encode"), and to draw and encode at once as
// the bot does ("render+encode": Renderer.BoardPNG), the PNG bytes, and the shares of rows copied
// from the board before and encoded while drawn (see PaletteMemo and stream).
func BenchmarkGameBoards(b *testing.B) {
	r, err := games.Renderer()
	if err != nil {
		b.Fatal(err)
	}
	all := seriesViews(b, 40)
	ids := slices.Sorted(maps.Keys(all))
	for _, id := range ids {
		gv := all[id]
		draw := func(tb testing.TB, i int) image.Image {
			im, err := r.Board(gv.views[i], gv.names)
			if err != nil {
				tb.Fatal(err)
			}
			return im
		}
		var imgs []image.Image
		for i := range gv.views {
			imgs = append(imgs, draw(b, i))
		}
		per := func(b *testing.B, f func(memo *render.PaletteMemo, i int) int) {
			var cpu time.Duration
			var size int
			var c render.MemoCounts
			for b.Loop() {
				memo := &render.PaletteMemo{}
				start := rendertest.CPUTime()
				size = 0
				for i := range gv.views {
					size += f(memo, i)
				}
				cpu += rendertest.CPUTime() - start
				c = memo.Counts()
			}
			n := float64(b.N * len(gv.views))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/board")
			b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/board")
			if size > 0 {
				b.ReportMetric(float64(size)/float64(len(gv.views)), "png-bytes")
				b.ReportMetric(float64(c.Copied)/float64(max(1, c.Rows)), "copied")
				b.ReportMetric(float64(c.Drawn)/float64(max(1, c.Rows)), "drawn")
			}
		}
		b.Run(id+"/render", func(b *testing.B) {
			per(b, func(_ *render.PaletteMemo, i int) int { draw(b, i); return 0 })
		})
		b.Run(id+"/encode", func(b *testing.B) {
			per(b, func(m *render.PaletteMemo, i int) int { return len(mustEncode(b, m, imgs[i])) })
		})
		b.Run(id+"/render-then-encode", func(b *testing.B) {
			per(b, func(m *render.PaletteMemo, i int) int { return len(mustEncode(b, m, draw(b, i))) })
		})
		b.Run(id+"/render+encode", func(b *testing.B) { // as the bot does
			per(b, func(m *render.PaletteMemo, i int) int {
				data, err := r.BoardPNG(gv.views[i], gv.names, m)
				if err != nil {
					b.Fatal(err)
				}
				return len(data)
			})
		})
	}
}

// shifted returns img with its rows from y on moved down by k rows, the k rows at y copies of
// row y - 1 (a panel that grew by k rows).
func shifted(img *image.RGBA, y, k int) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()+k))
	n := img.Stride
	copy(out.Pix, img.Pix[:y*n])
	for i := range k {
		copy(out.Pix[(y+i)*n:], img.Pix[(y-1)*n:y*n])
	}
	copy(out.Pix[(y+k)*n:], img.Pix[y*n:])
	return out
}

// A warm encoding copies the deflate data of the bands of rows that the image before had, even
// where a panel grew and moved the rows below it, and compresses the rest: a board with 13 rows
// inserted copies most of its rows, and one pixel changed in the middle of a copied band is
// seen (the band is compressed anew). Each decodes to its own pixels (checkNearest).
func TestPaletteMemoCopiesBands(t *testing.T) {
	for _, bd := range boards(t)[:4] {
		a := bd.img
		h := a.Bounds().Dy()
		b := shifted(a, h/3, 13)
		var memo render.PaletteMemo
		mustEncode(t, &memo, a)
		mustEncode(t, &memo, a) // warm: its bands are kept
		before := memo.Counts()
		data, made := encodeMade(t, &memo, b)
		if made != "warm" {
			t.Fatalf("%s: the shifted board was made %s", bd.name, made)
		}
		checkNearest(t, b, data)
		c := memo.Counts()
		rows, copied := c.Rows-before.Rows, c.Copied-before.Copied
		if rows != int64(h+13) || copied < rows*2/3 {
			t.Errorf("%s: %d of %d rows copied after 13 rows were inserted, want two thirds", bd.name, copied, rows)
		}
		// One pixel of a row in the middle of the lower two thirds takes the colour of a fill
		// (an exact palette colour) it did not have.
		y := h * 2 / 3
		x := b.Bounds().Dx() / 2
		fill := b.RGBAAt(0, 0)
		if b.RGBAAt(x, y) == fill {
			fill = b.RGBAAt(0, h-1)
		}
		if b.RGBAAt(x, y) == fill {
			t.Fatalf("%s: no fill colour other than the pixel's own to change it to", bd.name)
		}
		d := image.NewRGBA(b.Bounds())
		copy(d.Pix, b.Pix)
		d.SetRGBA(x, y, fill)
		data = mustEncode(t, &memo, d)
		got := decodePaletted(t, data).At(x, y)
		if rgbaOf(got) != rgbaOf(fill) {
			t.Errorf("%s: the changed pixel decodes as %v, want %v", bd.name, got, fill)
		}
		checkNearest(t, d, data)
	}
}

// tiled returns img repeated n times, one below the other.
func tiled(img *image.RGBA, n int) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), n*b.Dy()))
	for i := range n {
		copy(out.Pix[i*len(img.Pix):], img.Pix)
	}
	return out
}

// inverted returns img with its colours inverted (alpha kept).
func inverted(img *image.RGBA) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	for i, v := range img.Pix {
		if i%4 == 3 {
			out.Pix[i] = v
		} else {
			out.Pix[i] = v ^ 0xff
		}
	}
	return out
}

// An image whose bands would pass the size at which a PNG is compressed again whole (three boards
// tall) is still copied band by band, and then has the copied bands' rows written (quantized
// again) before the whole rows are compressed: even when the quantizer's rows last held another
// image, it decodes to its own pixels.
func TestPaletteMemoLargeInBands(t *testing.T) {
	a := tiled(boards(t)[0].img, 3)
	var memo render.PaletteMemo
	mustEncode(t, &memo, a)
	mustEncode(t, &memo, a) // warm: its bands are kept
	before := memo.Counts()
	if _, err := render.EncodePNG(inverted(a)); err != nil { // the pooled quantizer's rows: another image's
		t.Fatal(err)
	}
	data, made := encodeMade(t, &memo, a)
	if made != "warm" {
		t.Fatalf("the same image again was made %s", made)
	}
	if c, h := memo.Counts(), int64(a.Bounds().Dy()); c.Copied-before.Copied < h*9/10 {
		t.Errorf("%d of %d rows copied, want nine tenths", c.Copied-before.Copied, h)
	}
	if len(data) <= 59<<10 {
		t.Fatalf("a PNG of %d bytes: too small to be compressed again whole", len(data))
	}
	checkNearest(t, a, data)
}

// edgy returns a 300×960 image on white with, in every row, a grey bar (a fill) and 24 single
// pixels of colours no palette can hold all of (a noise of anti-aliased edges): blues in the
// top half, reds in the bottom half, each row's different (so that its bands are its own).
func edgy(seed uint64) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 300, 960))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(10, 0, 40, 960), image.NewUniform(color.RGBA{0x80, 0x80, 0x80, 0xff}), image.Point{}, draw.Src)
	rng := rand.New(rand.NewPCG(seed, 1))
	for y := range 960 {
		for range 24 {
			x := 50 + rng.IntN(250)
			v := uint8(rng.IntN(200))
			c := color.RGBA{v / 4, 40 + v/3, 55 + v, 0xff} // blue
			if y >= 480 {
				c = color.RGBA{55 + v, 40 + v/3, v / 4, 0xff} // red
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// Across a palette extension (a new fill), a band is copied unless one of its edge colours (the
// colours given their nearest palette colour) now takes the new fill's: a brown bar painted on
// the top rows of edgy moves red edge colours to it, so the bands of the bottom half are encoded
// again and those of the top half, whose blue edge colours stay, are copied (but for the bands
// near the bar); every pixel is still its nearest palette colour.
func TestPaletteMemoBandsAcrossExtension(t *testing.T) {
	a := edgy(7)
	var memo render.PaletteMemo
	mustEncode(t, &memo, a)
	mustEncode(t, &memo, a) // warm: its bands are kept
	before := memo.Counts()
	b := paint(a, image.Rect(60, 0, 200, 20), color.RGBA{156, 74, 26, 0xff}) // amid the reds
	data, made := encodeMade(t, &memo, b)
	if made != "extended" {
		t.Fatalf("the image with a new fill was made %s", made)
	}
	checkNearest(t, b, data)
	copied := memo.Counts().Copied - before.Copied
	t.Logf("%d of 960 rows copied", copied)
	// The bands' ends depend on the memo's random hash seed, and the bands after the bar (rows
	// 0–19) find the old bands' ends again only some rows later: over 2,000 runs, 155–458 rows
	// (median 401) of the top half's 460 unchanged rows were copied.
	if copied < 48 || copied > 460 {
		t.Errorf("%d rows copied, want some of the top half's 460 unchanged rows and none of the bottom half's", copied)
	}
}
