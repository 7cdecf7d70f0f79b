package rendertest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"spicebot/lang"
	"spicebot/render"
)

// quoted matches what a text quotes « »: move words, typed in English in every language.
var quoted = regexp.MustCompile(`«[^»]*»`)

// Words splits text into its words of letters, lower case, leaving out what is quoted « » and a
// word cut short with an ellipsis (a last move kept to two lines).
func Words(text string) []string {
	text = quoted.ReplaceAllString(text, " ")
	if i := strings.LastIndex(text, "…"); i >= 0 {
		j := strings.LastIndexFunc(text[:i], func(r rune) bool { return !unicode.IsLetter(r) })
		text = text[:j+1] + text[i:]
	}
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
}

// CatalogueWords returns the words (Words) of every message of c in language tag whose id starts
// with one of prefixes ("borneo.", "render."), each template's arguments filled with a number, in
// its singular and plural forms.
func CatalogueWords(c *lang.Catalog, tag string, prefixes ...string) map[string]bool {
	loc := c.For(tag)
	out := map[string]bool{}
	for id, args := range c.IDs(tag) {
		if !hasAnyPrefix(id, prefixes) {
			continue
		}
		for _, n := range []int{1, 2} {
			m := map[string]string{"Count": fmt.Sprint(n)}
			for _, a := range args {
				m[a] = fmt.Sprint(n)
			}
			for _, w := range Words(loc.Translate(id, m)) {
				out[w] = true
			}
		}
	}
	return out
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// French checks that images drawn in French speak French: made with NewFrench from the
// catalogues an image draws from.
type French struct {
	en, fr  map[string]bool
	allowed map[string]bool
	// Strict makes Check also report a word of no French catalogue (not only an English one).
	Strict bool
}

// NewFrench returns the checker of French images whose words come from the messages of c with
// ids starting with one of prefixes.
func NewFrench(c *lang.Catalog, prefixes ...string) *French {
	return &French{en: CatalogueWords(c, "en", prefixes...), fr: CatalogueWords(c, "fr", prefixes...), allowed: map[string]bool{}}
}

// Allow lets the words of texts be drawn: players' names, proper nouns.
func (f *French) Allow(texts ...string) {
	for _, t := range texts {
		for _, w := range Words(t) {
			f.allowed[w] = true
		}
	}
}

// Check reports, naming the image where, every word of two letters or more of drawn that the
// English catalogue has and the French one does not (unless allowed), and with Strict every
// such word that no French catalogue has.
func (f *French) Check(tb testing.TB, where string, drawn []render.DrawnText) {
	tb.Helper()
	for _, d := range drawn {
		for _, w := range Words(d.Text) {
			if len([]rune(w)) < 2 || f.fr[w] || f.allowed[w] {
				continue
			}
			if f.en[w] {
				tb.Errorf("%s: %q has the English word %q", where, d.Text, w)
			} else if f.Strict {
				tb.Errorf("%s: %q has %q, which is no French catalogue word nor name", where, d.Text, w)
			}
		}
	}
}

// Marks collects, over the images of whole games, the letters of players' marks
// (render.DrawnText.Mark) and the labels of the games' own pieces (a text of one or two letters,
// upper case first: "B", "Pe", "Vi"), to check that no letter is both (issue 26: a player's mark
// must never read as a game piece).
type Marks struct {
	marks, pieces map[string]string // a letter (upper case) → the text that showed it first
}

// NewMarks returns an empty collector.
func NewMarks() *Marks { return &Marks{marks: map[string]string{}, pieces: map[string]string{}} }

// Add collects the marks and piece labels of drawn.
func (m *Marks) Add(drawn []render.DrawnText) {
	for _, d := range drawn {
		r := []rune(strings.TrimSpace(d.Text))
		switch {
		case d.Mark:
			for _, c := range r {
				if unicode.IsLetter(c) {
					m.marks[string(unicode.ToUpper(c))] = d.Text
				}
			}
		case len(r) >= 1 && len(r) <= 2 && unicode.IsUpper(r[0]) && (len(r) == 1 || unicode.IsLetter(r[1])):
			m.pieces[string(r[0])] = d.Text
		}
	}
}

// Check reports every letter shown both in a player's mark and as a game piece's label.
func (m *Marks) Check(tb testing.TB, where string) {
	tb.Helper()
	for l, mark := range m.marks {
		if piece, ok := m.pieces[l]; ok {
			tb.Errorf("%s: the letter %s is a player's mark (%q) and a game piece (%q)", where, l, mark, piece)
		}
	}
}
