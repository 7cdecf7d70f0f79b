package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
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
		{[]string{"alice", "Bob", "carl"}, 3, []string{"alice", "Bob", "carl"}, []string{"1", "2", "3"}, ""},
		{[]string{"Anna", "Alice", "Bob"}, 3, []string{"Anna", "Alice", "Bob"}, []string{"1", "2", "3"}, ""},
		{[]string{"Sam", "Sam", ""}, 3, []string{"Sam", "Sam", "Player 3"}, []string{"1", "2", "3"}, ""},
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

// Encoding with a palette: the PNG is paletted with the palette's colours, every fill (a
// declared colour) and every text edge over a fill is exact, any other colour takes its nearest
// palette colour, and the memo the palette keeps never changes an image's bytes.
func TestPaletteEncodePNG(t *testing.T) {
	r := newRenderer(t)
	company := color.RGBA{0x1e, 0x5f, 0xc4, 0xff}
	pal := NewPalette(company)
	imgs := make([]*Canvas, 3)
	for i := range imgs {
		c := r.canvas(300, 200+50*i)
		c.Fill(ColPaper)
		c.Panel(10, 10, 200, 100, 8, ColPanel, ColBorder)
		c.Text(fmt.Sprintf("Image %d: the quick brown fox", i), 20, 40, 0, Style{Size: 15 + float64(i)})
		c.Disc(250, 150, 20, PlayerColour(i), "A", 16)
		c.Rect(20, 120, 100, 30, company)
		c.Rect(130, 120, 30, 30, color.RGBA{0x10, 0x80, 0x10, 0xff}) // not declared
		imgs[i] = c
	}
	alone := make([][]byte, len(imgs))
	for i, c := range imgs {
		data, err := NewPalette(company).EncodePNG(c.Image())
		if err != nil {
			t.Fatal(err)
		}
		alone[i] = data
	}
	for round := 0; round < 2; round++ {
		for i := len(imgs) - 1; i >= 0; i-- {
			img := imgs[i].Image()
			data, err := pal.EncodePNG(img)
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
			p, ok := dec.(*image.Paletted)
			if !ok {
				t.Fatalf("image %d decodes as %T, want a paletted image", i, dec)
			}
			if len(p.Palette) > 256 {
				t.Fatalf("palette of %d colours", len(p.Palette))
			}
			for _, at := range []struct {
				x, y int
				want color.RGBA
			}{{5, 5, ColPaper}, {100, 90, ColPanel}, {50, 130, company}} {
				if got := ToRGBA(dec.At(at.x, at.y)); got != at.want {
					t.Errorf("fill at (%d,%d) decodes as %v, want %v", at.x, at.y, got, at.want)
				}
			}
			// The undeclared fill takes its nearest palette colour.
			got, want := key(ToRGBA(dec.At(140, 130))), key(color.RGBA{0x10, 0x80, 0x10, 0xff})
			for _, k := range pal.keys {
				if dist(want, k) < dist(want, got) {
					t.Fatalf("undeclared colour took %08x, but %08x is nearer", got, k)
				}
			}
			// Every pixel of the text's line, its glyph edges included, is exact.
			b := img.Bounds()
			for y := 30; y < 50; y++ {
				for x := 15; x < 200 && x < b.Max.X; x++ {
					if got, want := ToRGBA(dec.At(x, y)), img.RGBAAt(x, y); got != want {
						t.Fatalf("text pixel (%d,%d) decodes as %v, want %v", x, y, got, want)
					}
				}
			}
		}
	}
	if _, err := pal.EncodePNG(nil); err == nil {
		t.Error("EncodePNG(nil) returned no error")
	}
	if _, err := pal.EncodePNG(image.NewRGBA(image.Rect(0, 0, 0, 10))); err == nil {
		t.Error("EncodePNG of an empty image returned no error")
	}
	if !pal.IsFill(company) || !pal.IsFill(ColPaper) || pal.IsFill(color.RGBA{0x10, 0x80, 0x10, 0xff}) {
		t.Error("IsFill does not tell the declared fills")
	}
}

// A palette holds the kit's colours and the declared fills first, at most 256 colours, and
// refuses a declaration that leaves no room for text edges.
func TestNewPalette(t *testing.T) {
	fills := []color.Color{color.RGBA{1, 2, 3, 255}, color.RGBA{1, 2, 3, 255}, color.RGBA{4, 5, 6, 255}}
	p := NewPalette(fills...)
	if n := len(p.Colours()); n != 256 {
		t.Errorf("palette of %d colours, want 256 (fills, then edge shades)", n)
	}
	if p.fills != len(kitFills())+2 {
		t.Errorf("%d fills, want the kit's %d and 2 (duplicates dropped)", p.fills, len(kitFills()))
	}
	defer func() {
		if recover() == nil {
			t.Error("a palette of 300 fills did not panic")
		}
	}()
	var many []color.Color
	for i := range 300 {
		many = append(many, color.RGBA{uint8(i), uint8(i >> 8), 7, 255})
	}
	NewPalette(many...)
}

func (termGame) Messages() fs.FS { return nil }
