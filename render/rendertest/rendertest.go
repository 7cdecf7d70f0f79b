// Package rendertest holds the checks every game's drawer runs in its tests: decoding and
// sizing a PNG, comparing pixels, and writing the images a test draws to a directory (flag
// -render.out) so that a person can look at them.
package rendertest

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"spicebot/render"
	"spicebot/rules"
)

// outDir is where Save writes images: go test ./render/... -args -render.out=/tmp/boards
var outDir = flag.String("render.out", "", "directory to write rendered test images to")

// Save writes data as name.png into the -render.out directory; it does nothing without the flag.
func Save(t testing.TB, name string, data []byte) {
	t.Helper()
	if *outDir == "" {
		return
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*outDir, name+".png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// MaxPNGBytes is the largest board or hand PNG the drawers may produce (issue 7: boards go to
// every player's phone after every move): 60 KB, the goal. A five-player final board, the
// tallest, is about 58 KB (see render.EncodePNG).
const MaxPNGBytes = 60 << 10

// Decode checks that data is a PNG of width w and at most MaxPNGBytes, and returns its height.
func Decode(t testing.TB, data []byte, w int) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode png: %v", err)
	}
	if got := img.Bounds().Dx(); got != w {
		t.Fatalf("width %d, want %d", got, w)
	}
	if len(data) > MaxPNGBytes {
		t.Errorf("png is %d bytes, want at most %d", len(data), MaxPNGBytes)
	}
	return img.Bounds().Dy()
}

// Pix returns the pixels of img, which must be an *image.RGBA (what the kit draws).
func Pix(t testing.TB, img image.Image) []byte {
	t.Helper()
	rgba, ok := img.(*image.RGBA)
	if !ok {
		t.Fatalf("image is %T, want *image.RGBA", img)
	}
	return rgba.Pix
}

// CPUTime is the CPU time (user and system, all threads) the process has used so far.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkImage runs sub-benchmarks on view's board (hand true: its hand): "render" (draw
// only); "encode", the drawn image's encoding as the bot does it — a board with a
// render.PaletteMemo primed with before, boards of earlier positions of the same game (oldest
// first; never view's), as the bot's memo has seen a game's boards so far (each operation starts
// from a copy of the primed memo); a hand with render.EncodePNG, as the bot never keeps a hand's
// palette (before is then unused); "encode-cold" (a board only: render.EncodePNG, the first
// board of a game); "encode-full-colour" (the standard library's RGBA encoder at BestSpeed, what
// the kit used before palettes); "render-then-encode" (draw, then encode: what the bot does for a
// hand); and, for a board, "render+encode" (render.Renderer.BoardPNG: drawn and encoded at once,
// what the bot does for a board). Each reports png-bytes and cpu-ns/op, the process's CPU time
// per operation (the copying left out), which is steadier than ns/op on a shared machine; those
// of a board with the memo report warm and extended, the shares of encodings made with the primed
// memo's palette as it was and with new fills added (see render.PaletteMemo.EncodePNG; the rest
// were made anew), copied, the share of their rows whose deflate data was copied from the boards
// before, and drawn, the share encoded while the board was drawn.
func BenchmarkImage(b *testing.B, r *render.Renderer, view any, before []any, names []string, hand bool) {
	draw := r.Board
	if hand {
		draw = r.Hand
	}
	img, err := draw(view, names)
	if err != nil {
		b.Fatal(err)
	}
	cold, err := render.EncodePNG(img)
	if err != nil {
		b.Fatal(err)
	}
	// primed is a memo primed with the boards before (nil for a hand).
	var primed *render.PaletteMemo
	data := cold
	if !hand {
		if len(before) == 0 {
			b.Fatal("no earlier board to prime the palette memo with")
		}
		primed = &render.PaletteMemo{}
		for _, v := range before {
			im, err := draw(v, names)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := primed.EncodePNG(im); err != nil {
				b.Fatal(err)
			}
		}
		if data, err = primed.Clone().EncodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
	var full bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&full, img); err != nil {
		b.Fatal(err)
	}
	// run runs f per operation, with a copy of the primed memo when memo is set.
	run := func(name string, size int, memo bool, f func(m *render.PaletteMemo)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var cpu time.Duration
			var warm, extended int64 // the operations' encodings so made
			var rows, copied int64   // their rows, and those copied from the boards before
			var drawn int64          // those encoded while drawn (Renderer.BoardPNG)
			for b.Loop() {
				var m *render.PaletteMemo
				if memo {
					b.StopTimer()
					m = primed.Clone()
					b.StartTimer()
				}
				start := CPUTime()
				f(m)
				cpu += CPUTime() - start
				if m != nil {
					c := m.Counts()
					warm, extended = warm+c.Warm, extended+c.Extended
					rows, copied, drawn = rows+c.Rows, copied+c.Copied, drawn+c.Drawn
				}
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(size), "png-bytes")
			if memo {
				b.ReportMetric(float64(warm)/float64(b.N), "warm")
				b.ReportMetric(float64(extended)/float64(b.N), "extended")
				if rows > 0 {
					b.ReportMetric(float64(copied)/float64(rows), "copied")
					b.ReportMetric(float64(drawn)/float64(rows), "drawn")
				}
			}
		})
	}
	encode := func(m *render.PaletteMemo, im image.Image) {
		if _, err := m.EncodePNG(im); err != nil { // a nil memo: render.EncodePNG
			b.Fatal(err)
		}
	}
	run("render", len(data), false, func(*render.PaletteMemo) {
		if _, err := draw(view, names); err != nil {
			b.Fatal(err)
		}
	})
	run("encode", len(data), !hand, func(m *render.PaletteMemo) { encode(m, img) })
	if !hand {
		run("encode-cold", len(cold), false, func(*render.PaletteMemo) { encode(nil, img) })
	}
	run("encode-full-colour", full.Len(), false, func(*render.PaletteMemo) { // the encoder before palettes (issue 7), for comparison
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	})
	run("render-then-encode", len(data), !hand, func(m *render.PaletteMemo) {
		im, err := draw(view, names)
		if err != nil {
			b.Fatal(err)
		}
		encode(m, im)
	})
	if !hand {
		run("render+encode", len(data), true, func(m *render.PaletteMemo) {
			if _, err := r.BoardPNG(view, names, m); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// IDPattern matches an internal component id (S12, H03, M07, C23, …): what a player must never
// read.
var IDPattern = regexp.MustCompile(`\b[SHMCP][0-9]{1,3}\b`)

// Texts records every string a Renderer draws (see render.Renderer.TraceText).
type Texts struct {
	mu   sync.Mutex
	list []render.DrawnText
}

// Trace starts recording r's texts. Call it before r draws anything, so that the text of cached
// layers is recorded when they are first drawn.
func Trace(r *render.Renderer) *Texts {
	t := &Texts{}
	r.TraceText(func(d render.DrawnText) {
		t.mu.Lock()
		t.list = append(t.list, d)
		t.mu.Unlock()
	})
	return t
}

// Take returns the texts recorded since the last Take and forgets them.
func (t *Texts) Take() []render.DrawnText {
	t.mu.Lock()
	defer t.mu.Unlock()
	l := t.list
	t.list = nil
	return l
}

// Check takes the texts recorded so far (see Take) and reports, naming the image where, any
// text smaller than render.MinTextSize, any internal id (IDPattern), and any rules reference
// left unexpanded ("[[S12]]", "{2}"). It returns the texts.
func (t *Texts) Check(tb testing.TB, where string) []render.DrawnText {
	tb.Helper()
	texts := t.Take()
	for _, d := range texts {
		if d.Size < render.MinTextSize {
			tb.Errorf("%s: %q drawn at %v px, below %d px", where, d.Text, d.Size, render.MinTextSize)
		}
		if id := IDPattern.FindString(d.Text); id != "" {
			tb.Errorf("%s: %q shows the internal id %s", where, d.Text, id)
		}
		if strings.Contains(d.Text, "[[") || seatRef.MatchString(d.Text) {
			tb.Errorf("%s: %q has an unexpanded reference", where, d.Text)
		}
	}
	return texts
}

var seatRef = regexp.MustCompile(`\{[0-9]+\}`)

// Smallest returns the smallest size among texts (0 for none).
func Smallest(texts []render.DrawnText) float64 {
	var m float64
	for i, d := range texts {
		if i == 0 || d.Size < m {
			m = d.Size
		}
	}
	return m
}

// LongName is a display name of 32 characters, Discord's limit: images must show it whole.
const LongName = "Maximiliana Rosalind Okonkwo-Lee"

// CheckNames reports a name of names that texts never show whole (as one text, or wrapped over
// consecutive texts), and any text that cuts a name short with an ellipsis ("Maximiliana R…").
func CheckNames(tb testing.TB, where string, texts []render.DrawnText, names []string) {
	tb.Helper()
	var all strings.Builder
	for _, d := range texts {
		all.WriteString(d.Text)
		all.WriteString("\n")
		if cut, ok := strings.CutSuffix(d.Text, "…"); ok {
			cut = strings.TrimSpace(cut)
			for _, n := range names {
				if cut != "" && cut != n && strings.HasPrefix(n, cut) {
					tb.Errorf("%s: name %q cut to %q", where, n, d.Text)
				}
			}
		}
	}
	joined := strings.ReplaceAll(all.String(), "\n", " ")
	for _, n := range names {
		if !strings.Contains(joined, n) {
			tb.Errorf("%s: name %q never shown whole", where, n)
		}
	}
}

// Setup is one random game for CheckImageTexts: player count, options and seed.
type Setup struct {
	Players int
	Options rules.Options
	Seed    uint64
}

// CheckImageTexts plays a random game of g for each setup and, at the start, every stride moves
// and at the end, draws the board (from the observer's view) and every seat's hand with r, and
// checks every text drawn (Texts.Check: size floor, no internal id, no unexpanded reference) and
// that every player's name is shown whole on the board and the seat's own name on its hand
// (CheckNames; seat 0 is named LongName); and that the board's drawer reports at least half its
// rows drawn before it is done and keeps its promise (render.Canvas.Drawn; see DrawnCheck). r
// must be new: its texts are traced from the start. It returns the smallest text size drawn.
func CheckImageTexts(t *testing.T, r *render.Renderer, g rules.Game, setups []Setup, stride int) float64 {
	t.Helper()
	texts := Trace(r)
	defer r.TraceText(nil)
	drawn := TraceDrawn(r)
	defer r.TraceDrawn(nil)
	others := []string{"Bob", "Chandra", "Dmitri", "Eleanor Rigby-Smythe"}
	smallest := 0.0
	note := func(ts []render.DrawnText) {
		if s := Smallest(ts); s > 0 && (smallest == 0 || s < smallest) {
			smallest = s
		}
	}
	for _, su := range setups {
		st, err := g.New(su.Players, su.Options, su.Seed)
		if err != nil {
			t.Fatalf("%s %d players seed %d: %v", g.ID(), su.Players, su.Seed, err)
		}
		names := append([]string{LongName}, others[:su.Players-1]...)
		rng := rules.NewRNG(su.Seed)
		step := 0
		check := func() {
			where := fmt.Sprintf("%s %dp seed %d move %d", g.ID(), su.Players, su.Seed, step)
			im, err := r.Board(st.View(rules.Observer), names)
			if err != nil {
				t.Fatalf("%s: board: %v", where, err)
			}
			img := im.(*image.RGBA)
			if n, h := drawn.Rows(img), img.Bounds().Dy(); n < h/2 {
				t.Errorf("%s: board: only %d of its %d rows reported drawn before it was done (render.Canvas.Drawn)", where, n, h)
			}
			if err := drawn.Verify(img); err != nil {
				t.Errorf("%s: board: %v", where, err)
			}
			board := texts.Check(t, where+" board")
			CheckNames(t, where+" board", board, names)
			note(board)
			for s := 0; s < su.Players; s++ {
				if _, err := r.Hand(st.View(rules.Seat(s)), names); err != nil {
					t.Fatalf("%s: hand of seat %d: %v", where, s, err)
				}
				hand := texts.Check(t, fmt.Sprintf("%s hand of seat %d", where, s))
				CheckNames(t, fmt.Sprintf("%s hand of seat %d", where, s), hand, names[s:s+1])
				note(hand)
			}
			if t.Failed() {
				t.FailNow()
			}
		}
		check()
		if _, err := rules.Playout(st, &rng, 20000, func(rules.Record) error {
			if step++; step%stride == 0 {
				check()
			}
			return nil
		}); err != nil {
			t.Fatalf("%s %dp seed %d: playout: %v", g.ID(), su.Players, su.Seed, err)
		}
		check()
	}
	return smallest
}

// CheckFills decodes data, the PNG of img, and reports any pixel of a fill (a run of at least 16
// equal pixels in a row of img) whose colour changed: the palette must keep every fill exact, so
// that a board shows no banding. It returns the largest change of any one channel over all
// pixels (edge pixels take their nearest palette colour).
func CheckFills(tb testing.TB, img *image.RGBA, data []byte) int {
	tb.Helper()
	dec, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("decode png: %v", err)
	}
	b := img.Bounds()
	worst, bad := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; {
			end := x + 1
			for end < b.Max.X && img.RGBAAt(end, y) == img.RGBAAt(x, y) {
				end++
			}
			for i := x; i < end; i++ {
				want := img.RGBAAt(i, y)
				r, g, bl, a := dec.At(i, y).RGBA()
				got := [4]int{int(r >> 8), int(g >> 8), int(bl >> 8), int(a >> 8)}
				for k, v := range [4]int{int(want.R), int(want.G), int(want.B), int(want.A)} {
					worst = max(worst, abs(got[k]-v))
				}
				if end-x >= 16 && got != [4]int{int(want.R), int(want.G), int(want.B), int(want.A)} {
					bad++
				}
			}
			x = end
		}
	}
	if bad > 0 {
		tb.Errorf("%d pixels of fills changed colour in the PNG", bad)
	}
	return worst
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// DrawnCheck records the rows a Renderer's drawers report drawn (render.Canvas.Drawn) and their
// pixels then, to check the drawers' promise that nothing is drawn on them afterwards.
type DrawnCheck struct {
	mu   sync.Mutex
	segs map[*image.RGBA][]drawnRows
}

// drawnRows is rows from to to of an image as they were when reported drawn.
type drawnRows struct {
	from, to int
	pix      []byte
}

// TraceDrawn makes r report every Canvas.Drawn call to the returned DrawnCheck (see
// render.Renderer.TraceDrawn); stop with r.TraceDrawn(nil).
func TraceDrawn(r *render.Renderer) *DrawnCheck {
	d := &DrawnCheck{segs: map[*image.RGBA][]drawnRows{}}
	r.TraceDrawn(func(img *image.RGBA, rows int) {
		d.mu.Lock()
		defer d.mu.Unlock()
		from := 0
		if s := d.segs[img]; len(s) > 0 {
			from = s[len(s)-1].to
		}
		if rows > from {
			pix := slices.Clone(img.Pix[from*img.Stride : rows*img.Stride])
			d.segs[img] = append(d.segs[img], drawnRows{from, rows, pix})
		}
	})
	return d
}

// Rows returns how many rows of img were reported drawn so far.
func (d *DrawnCheck) Rows(img *image.RGBA) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if s := d.segs[img]; len(s) > 0 {
		return s[len(s)-1].to
	}
	return 0
}

// Verify returns an error naming the first row of img, drawn now, that changed after it was
// reported drawn, and forgets img.
func (d *DrawnCheck) Verify(img *image.RGBA) error {
	d.mu.Lock()
	segs := d.segs[img]
	delete(d.segs, img)
	d.mu.Unlock()
	for _, s := range segs {
		for y := s.from; y < s.to; y++ {
			then := s.pix[(y-s.from)*img.Stride : (y-s.from+1)*img.Stride]
			if !bytes.Equal(then, img.Pix[y*img.Stride:(y+1)*img.Stride]) {
				return fmt.Errorf("row %d of %d was drawn on after rows up to %d were reported drawn", y, img.Bounds().Dy(), s.to)
			}
		}
	}
	return nil
}
