package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"spicebot/lang"
	"spicebot/rules"
)

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// termGame is a rules.Game that knows only its id and one component's words.
type termGame struct{ rules.Game }

func (termGame) ID() string { return "term" }
func (termGame) Term(id string) string {
	if id == "S12" {
		return "cinnamon ×2"
	}
	return ""
}

func TestSeatLabels(t *testing.T) {
	tests := []struct {
		names     []string
		n         int
		display   []string
		initials  []string
		nameOfTwo string
	}{
		{[]string{"alice", "Bob", "carl"}, 3, []string{"alice", "Bob", "carl"}, []string{"A", "B", "C"}, ""},
		{[]string{"Anna", "Alice", "Bob"}, 3, []string{"Anna", "Alice", "Bob"}, []string{"An", "Al", "B"}, ""},
		{[]string{"Sam", "Sam", ""}, 3, []string{"Sam", "Sam", "Player 3"}, []string{"1", "2", "P"}, ""},
		{[]string{"🙂", "  "}, 3, []string{"🙂", "Player 2", "Player 3"}, []string{"1", "2", "3"}, ""},
	}
	for _, tc := range tests {
		d, in := seatLabels(tc.names, tc.n, englishPlayer)
		if fmt.Sprint(d) != fmt.Sprint(tc.display) || fmt.Sprint(in) != fmt.Sprint(tc.initials) {
			t.Errorf("seatLabels(%q) = %q, %q; want %q, %q", tc.names, d, in, tc.display, tc.initials)
		}
	}
}

// englishPlayer names a seat without a name as the English catalogue does.
func englishPlayer(n int) string { return lang.MustNew().For("en").T("render.player", "N", n) }

// TestKitWordsFrench: the kit's own words are drawn from the catalogue in the image's language.
func TestKitWordsFrench(t *testing.T) {
	r := newRenderer(t)
	k := r.NewKitIn("fr", termGame{}, []string{"Ann", ""})
	if got := k.Name(1); got != "Joueur 2" {
		t.Errorf("French name of a seat without one = %q", got)
	}
	status, last := k.StatusText("", "{0} moves", true)
	if status != "La partie est terminée." || last != "Dernier coup : Ann moves" {
		t.Errorf("French StatusText = %q, %q", status, last)
	}
	var drawn []string
	r.TraceText(func(d DrawnText) { drawn = append(drawn, d.Text) })
	defer r.TraceText(nil)
	c := k.Canvas(400, 200)
	EmptyHand(c, 0, 0, 400, 100)
	OutcomePanel(c, 0, 100, 400, 100, FinalScoresTitle([]string{"Ann", "Bo|b"}, "victoire partagée"))
	k.HandHeader(c, 400, 0, []string{"Ann", "Joueur 2"}, []string{"A", "J"}, 200)
	for _, want := range []string{"Aucune carte en main", "SCORES FINAUX · victoire partagée : Ann, Bo|b", "VOTRE MAIN"} {
		if !slices.Contains(drawn, want) {
			t.Errorf("%q not drawn; drawn: %q", want, drawn)
		}
	}
	en := r.NewKit(termGame{}, nil)
	drawn = nil
	en.HandHeader(en.Canvas(400, 50), 400, 0, []string{"Ann"}, []string{"A"}, 200)
	if !slices.Contains(drawn, "YOUR HAND") {
		t.Errorf("the English hand header, drawn after the French one, reads %q", drawn)
	}
	if got := r.words.For("en").Text(FinalScoresTitle([]string{"Ann"}, "")); got != "FINAL SCORES · winner: Ann" {
		t.Errorf("English final title = %q", got)
	}
}

func TestExpandNames(t *testing.T) {
	r := newRenderer(t)
	k := r.NewKit(termGame{}, []string{"Ann", "Bo"})
	got := k.Expand("{0} attacks {1} with [[S12]]; {7} waits by [[X]]")
	if want := "Ann attacks Bo with cinnamon ×2; Player 8 waits by "; got != want {
		t.Errorf("Expand = %q, want %q", got, want)
	}
}

func TestWrapAndFit(t *testing.T) {
	r := newRenderer(t)
	c := r.canvas(1, 1)
	st := Style{Size: 14}
	lines := c.Wrap("the quick brown fox jumps over the lazy dog", 80, st)
	if len(lines) < 3 {
		t.Errorf("wrap gave %d lines %q, want at least 3", len(lines), lines)
	}
	for _, ln := range lines {
		if c.Measure(ln, st) > 80 {
			t.Errorf("line %q is %.0f px, wider than 80", ln, c.Measure(ln, st))
		}
	}
	if got := strings.Join(lines, " "); got != "the quick brown fox jumps over the lazy dog" {
		t.Errorf("wrap lost words: %q", got)
	}
	long := c.Wrap("Supercalifragilisticexpialidocious", 60, st)
	if len(long) < 2 {
		t.Errorf("long word not broken: %q", long)
	}
	fit := c.Fit("Eleanor Rigby-Smythe", 70, st)
	if c.Measure(fit, st) > 70 || !strings.HasSuffix(fit, "…") {
		t.Errorf("Fit gave %q (%.0f px)", fit, c.Measure(fit, st))
	}
	if got := c.Fit("Bo", 70, st); got != "Bo" {
		t.Errorf("Fit shortened a short name: %q", got)
	}
}

// The sorted search finds the same nearest colour as a full scan.
func TestPaletteSearchIsExact(t *testing.T) {
	rng := rules.NewRNG(7)
	keys := make([]uint32, 256)
	for i := range keys {
		keys[i] = uint32(rng.Intn(1<<24)) | 0xff000000
	}
	ps := newPaletteSearch(keys)
	for n := 0; n < 5000; n++ {
		q := uint32(rng.Intn(1<<24)) | 0xff000000
		want, wantD := 0, dist(q, keys[0])
		for i, k := range keys {
			if d := dist(q, k); d < wantD {
				want, wantD = i, d
			}
		}
		if got := ps.nearest(q); dist(q, keys[got]) != wantD {
			t.Fatalf("nearest(%08x) = %d (distance %d), want %d (distance %d)", q, got, dist(q, keys[got]), want, wantD)
		}
	}
}

func TestNthLargest(t *testing.T) {
	rng := rules.NewRNG(3)
	for n := 1; n < 400; n += 7 {
		xs := make([]uint32, n)
		for i := range xs {
			xs[i] = uint32(rng.Intn(20))
		}
		sorted := slices.Clone(xs)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		for _, k := range []int{1, 3, 256} {
			want := sorted[min(k, n)-1]
			if got := nthLargest(slices.Clone(xs), k); got != want {
				t.Fatalf("nthLargest(n=%d, k=%d) = %d, want %d", n, k, got, want)
			}
		}
	}
}

// Encoding reuses scratch memory: encoding one image after another gives the same bytes as
// encoding it alone, and the PNG decodes to the quantized colours of the image.
func TestEncodePNGReuse(t *testing.T) {
	r := newRenderer(t)
	imgs := make([]*Canvas, 3)
	for i := range imgs {
		c := r.canvas(300, 200+50*i)
		c.Fill(ColPaper)
		c.Panel(10, 10, 200, 100, 8, ColPanel, ColBorder)
		c.Text(fmt.Sprintf("Image %d: the quick brown fox", i), 20, 40, 0, Style{Size: 15 + float64(i)})
		c.Disc(250, 150, 20, PlayerColour(i), "A", 16)
		imgs[i] = c
	}
	alone := make([][]byte, len(imgs))
	for i, c := range imgs {
		data, err := EncodePNG(c.Image())
		if err != nil {
			t.Fatal(err)
		}
		alone[i] = data
	}
	for round := 0; round < 2; round++ {
		for i := len(imgs) - 1; i >= 0; i-- {
			data, err := EncodePNG(imgs[i].Image())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, alone[i]) {
				t.Fatalf("image %d encodes differently after other images", i)
			}
			dec, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := dec.(*image.Paletted); !ok {
				t.Errorf("image %d decodes as %T, want a paletted image", i, dec)
			}
			// Flat colours are exact.
			if got := ToRGBA(dec.At(5, 5)); got != ColPaper {
				t.Errorf("paper decodes as %v, want %v", got, ColPaper)
			}
			if got := ToRGBA(dec.At(100, 90)); got != ColPanel {
				t.Errorf("panel decodes as %v, want %v", got, ColPanel)
			}
		}
	}
	if _, err := EncodePNG(nil); err == nil {
		t.Error("EncodePNG(nil) returned no error")
	}
}

func (termGame) Messages() fs.FS { return nil }
