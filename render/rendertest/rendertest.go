// Package rendertest holds the checks every game's drawer runs in its tests: decoding and
// sizing a PNG, comparing pixels, and writing the images a test draws to a directory (flag
// -render.out) so that a person can look at them.
package rendertest

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/render"
	"spicebot/rules"
	"spicebot/rules/rulestest"
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

// MaxPNGBytes is the largest board or hand PNG the drawers may produce: render.MaxPNGBytes.
const MaxPNGBytes = render.MaxPNGBytes

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

// CPUTime is the CPU time (user and system, all threads) the process has used so far
// (rulestest.CPUTime).
func CPUTime() time.Duration { return rulestest.CPUTime() }

// BenchmarkImage runs sub-benchmarks on view's board (hand true: its hand): "render" (draw
// only); "encode" (the drawn image encoded with its game's palette, render.Palette.EncodePNG);
// "render+encode" (render.Lang.BoardPNG or HandPNG: what the bot does); and
// "encode-full-colour" (the standard library's RGBA encoder at BestSpeed, what the kit did
// before palettes, for comparison). Each reports png-bytes and cpu-ns/op, the process's CPU
// time per operation, which is steadier than ns/op on a shared machine.
func BenchmarkImage(b *testing.B, r *render.Renderer, view any, names []string, hand bool) {
	draw, drawPNG := r.Board, r.In("en").BoardPNG
	if hand {
		draw, drawPNG = r.Hand, r.In("en").HandPNG
	}
	img, err := draw(view, names)
	if err != nil {
		b.Fatal(err)
	}
	pal, err := r.Palette(view)
	if err != nil {
		b.Fatal(err)
	}
	data, err := pal.EncodePNG(img)
	if err != nil {
		b.Fatal(err)
	}
	var full bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&full, img); err != nil {
		b.Fatal(err)
	}
	run := func(name string, size int, f func() error) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var cpu time.Duration
			for b.Loop() {
				start := CPUTime()
				if err := f(); err != nil {
					b.Fatal(err)
				}
				cpu += CPUTime() - start
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(size), "png-bytes")
		})
	}
	run("render", len(data), func() error { _, err := draw(view, names); return err })
	run("encode", len(data), func() error { _, err := pal.EncodePNG(img); return err })
	run("render+encode", len(data), func() error { _, err := drawPNG(view, names); return err })
	run("encode-full-colour", full.Len(), func() error {
		return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(io.Discard, img)
	})
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
// and at the end, draws the board (from the observer's view), the full board (render.Lang.Full)
// and every seat's hand with r, and checks every text drawn (Texts.Check: size floor, no
// internal id, no unexpanded reference) and that every player's name is shown whole on the
// board and the seat's own name on its hand (CheckNames; seat 0 is named LongName); that the
// full board is not shorter than the board; that no letter is both a player's mark and a game
// piece's label over all images (Marks); and encodes each image with its game's palette as
// the bot does, checking the PNG (Decode: valid, its width, at most MaxPNGBytes) and its fills
// (CheckFills: exact). r must be new: its texts are traced from the start. It returns the
// smallest text size drawn and the height of the tallest board (not full) in pixels.
func CheckImageTexts(t *testing.T, r *render.Renderer, g rules.Game, setups []Setup, stride int) (smallest float64, tallest int) {
	t.Helper()
	texts := Trace(r)
	defer r.TraceText(nil)
	others := []string{"Bob", "Chandra", "Dmitri", "Eleanor Rigby-Smythe"}
	marks := NewMarks()
	defer marks.Check(t, g.ID())
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
			view := st.View(rules.Observer)
			im, err := r.Board(view, names)
			if err != nil {
				t.Fatalf("%s: board: %v", where, err)
			}
			CheckPNG(t, where+" board", r, view, im)
			tallest = max(tallest, im.Bounds().Dy())
			board := texts.Check(t, where+" board")
			marks.Add(board)
			CheckNames(t, where+" board", board, names)
			note(board)
			full, err := r.In("en").Full().Board(view, names)
			if err != nil {
				t.Fatalf("%s: full board: %v", where, err)
			}
			CheckPNG(t, where+" full board", r, view, full)
			if full.Bounds().Dy() < im.Bounds().Dy() {
				t.Errorf("%s: the full board is shorter than the board", where)
			}
			note(texts.Check(t, where+" full board"))
			for s := 0; s < su.Players; s++ {
				hv := st.View(rules.Seat(s))
				him, err := r.Hand(hv, names)
				if err != nil {
					t.Fatalf("%s: hand of seat %d: %v", where, s, err)
				}
				CheckPNG(t, fmt.Sprintf("%s hand of seat %d", where, s), r, hv, him)
				hand := texts.Check(t, fmt.Sprintf("%s hand of seat %d", where, s))
				marks.Add(hand)
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
	return smallest, tallest
}

// CheckPNG encodes img, drawn from view, with its game's palette (render.Renderer.Palette) as
// the bot does, and checks the PNG: valid, as wide as img, at most MaxPNGBytes (Decode), and
// every fill exact (CheckFills). It returns the PNG.
func CheckPNG(t testing.TB, where string, r *render.Renderer, view any, img image.Image) []byte {
	t.Helper()
	pal, err := r.Palette(view)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	data, err := pal.EncodePNG(img)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if len(data) > MaxPNGBytes {
		t.Errorf("%s: png is %d bytes, want at most %d", where, len(data), MaxPNGBytes)
	}
	Decode(t, data, img.Bounds().Dx())
	rgba, ok := img.(*image.RGBA)
	if !ok {
		t.Fatalf("%s: image is %T, want *image.RGBA", where, img)
	}
	if _, missing := CheckFills(t, rgba, data); len(missing) > 0 {
		t.Errorf("%s: fills changed colour", where)
	}
	return data
}

// CheckFills decodes data, the PNG of img, and reports any pixel of a fill whose colour
// changed: the palette must keep every fill exact, so that a board shows no banding. A fill is
// an area of one colour at least 16 pixels wide and 3 high (a pixel in a run of 16 equal pixels
// of its row, with the pixels above and below it of the same colour); a line one or two pixels
// high is an edge (a stroke's anti-aliasing). It returns the largest change of any one channel over all pixels (edge pixels take
// their nearest palette colour) and the colours of the fills that changed (what the drawer's
// palette lacks).
func CheckFills(tb testing.TB, img *image.RGBA, data []byte) (int, []color.RGBA) {
	tb.Helper()
	dec, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("decode png: %v", err)
	}
	b := img.Bounds()
	worst, bad := 0, 0
	missing := map[color.RGBA]bool{}
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
				fill := end-x >= 16 && y > b.Min.Y && y+1 < b.Max.Y && img.RGBAAt(i, y-1) == want && img.RGBAAt(i, y+1) == want
				if fill && got != [4]int{int(want.R), int(want.G), int(want.B), int(want.A)} {
					bad++
					missing[want] = true
				}
			}
			x = end
		}
	}
	var list []color.RGBA
	for c := range missing {
		list = append(list, c)
	}
	slices.SortFunc(list, func(a, b color.RGBA) int {
		return int(a.R)<<24 | int(a.G)<<16 | int(a.B)<<8 | int(a.A) - (int(b.R)<<24 | int(b.G)<<16 | int(b.B)<<8 | int(b.A))
	})
	if bad > 0 {
		tb.Errorf("%d pixels of fills changed colour in the PNG: the palette lacks %v", bad, list)
	}
	return worst, list
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
