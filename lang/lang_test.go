package lang

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"spicebot/rules"
)

func TestMatch(t *testing.T) {
	for in, want := range map[string]string{"fr": "fr", "fr-CA": "fr", "en-US": "en", "en-GB": "en", "de": "en", "": "en", "FR": "fr"} {
		if got := Match(in); got != want {
			t.Errorf("Match(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTranslateNestedAndEscaped(t *testing.T) {
	c := MustNew()
	en, fr := c.For("en-US"), c.For("fr")
	// An argument holding '|', '=' and a backslash, and one holding a nested message.
	text := "Start: " + rules.List("a|b=c\\d", rules.List("x", "y"), "[[S1]]") + " end"
	if got, want := en.Text(text), "Start: a|b=c\\d, x and y and [[S1]] end"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
	if got, want := fr.Text(text), "Start: a|b=c\\d, x et y et [[S1]] end"; got != want {
		t.Errorf("French: %q, want %q", got, want)
	}
	if got := en.Expand(rules.List("{0}", "[[K]]"), func(rules.Seat) string { return "Ann" }, func(string) string { return rules.Msg("render.player", "N", 7) }); got != "Ann and Player 7" {
		t.Errorf("Expand: %q", got)
	}
	if got := fr.Expand(rules.List("{0}", "[[K]]"), func(rules.Seat) string { return "Ann" }, func(string) string { return rules.Msg("render.player", "N", 7) }); got != "Ann et Joueur 7" {
		t.Errorf("Expand fr: %q", got)
	}
}

func TestMissingMessageIsVisible(t *testing.T) {
	c := MustNew()
	if got := c.For("fr").T("nowhere.at.all"); got != "[nowhere.at.all]" {
		t.Errorf("missing id gives %q", got)
	}
}

func TestMessagesParse(t *testing.T) {
	text := "x " + rules.Msg("a.b", "One", 1, "Two", rules.Msg("c.d", "Z", "p|q")) + " y ⟦broken"
	ms := rules.Messages(text)
	if len(ms) != 2 || ms[0].ID != "a.b" || ms[1].ID != "c.d" || ms[1].Args["Z"] != "p|q" || ms[0].Args["One"] != "1" {
		t.Fatalf("Messages = %+v", ms)
	}
	if got := strings.Join(ms[0].Names(), ","); got != "One,Two" {
		t.Errorf("names %q", got)
	}
	if rules.Plain("a⟦b⟧") != "a[b]" {
		t.Error("Plain keeps markup")
	}
}

func TestCatalogueArgs(t *testing.T) {
	c := MustNew()
	for _, tag := range Languages {
		ids := c.IDs(tag)
		if got := strings.Join(ids["rules.list.more"], ","); got != "Init,Last" {
			t.Errorf("%s args of rules.list.more: %q", tag, got)
		}
	}
}

// fakeGame is a game with only a catalogue (all lang.New reads of a game).
type fakeGame struct{ rules.Game }

func (fakeGame) ID() string { return "fake" }
func (fakeGame) Messages() fs.FS {
	return fstest.MapFS{
		"messages/fake.en.yaml": {Data: []byte("fake.things:\n  other: \"{{.Count}} things\"\n")},
		"messages/fake.fr.yaml": {Data: []byte("fake.things:\n  other: \"{{.Count}} choses\"\n")},
	}
}

// TestCountWithoutPluralForms: a message given a Count whose catalogue entry lacks that count's
// plural form (only "other" here; English wants "one" for 1) reads its only form, for every count,
// in both languages; a plain message given a Count reads too.
func TestCountWithoutPluralForms(t *testing.T) {
	c := MustNew(fakeGame{})
	for _, n := range []int{0, 1, 2} {
		if got, want := c.For("en").T("fake.things", "Count", n), strconv.Itoa(n)+" things"; got != want {
			t.Errorf("count %d: %q, want %q", n, got, want)
		}
		if got, want := c.For("fr").T("fake.things", "Count", n), strconv.Itoa(n)+" choses"; got != want {
			t.Errorf("French count %d: %q, want %q", n, got, want)
		}
		if got := c.For("en").T("render.player", "N", n, "Count", n); got != "Player "+strconv.Itoa(n) {
			t.Errorf("plain message, count %d: %q", n, got)
		}
	}
}
