package drawspicemerchant

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"unicode"

	"spicebot/lang"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// catalogueWords returns the words (letters only, lower case) of every message of the game's
// catalogue in language tag, each template's arguments filled with numbers, in its singular and
// plural forms.
func catalogueWords(c *lang.Catalog, tag string) map[string]bool {
	loc := c.For(tag)
	words := map[string]bool{}
	for id, args := range c.IDs(tag) {
		if !strings.HasPrefix(id, spicemerchant.Game.ID()+".") && !strings.HasPrefix(id, "render.") {
			continue // the game's words and the render kit's
		}
		for _, n := range []int{1, 2} {
			m := map[string]string{}
			for _, a := range args {
				m[a] = fmt.Sprint(n)
			}
			for _, w := range textWords(loc.Translate(id, m)) {
				words[w] = true
			}
		}
	}
	return words
}

// textWords splits text into its words of letters, lower case.
func textWords(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
}

// TestSpiceMerchantImagesInFrench draws French boards and hands of a 4-player game (registration,
// turns, the end) and checks every text drawn: each word is a word of the French catalogue, a
// player's name or a number, and none is an English word of the English catalogue that French
// does not share. It writes the images with -render.out.
func TestSpiceMerchantImagesInFrench(t *testing.T) {
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	cat := lang.MustNew(spicemerchant.Game)
	fr, en := catalogueWords(cat, "fr"), catalogueWords(cat, "en")
	names := []string{"Alice", "Bob", "Chandra", "Dmitri"}
	allowed := map[string]bool{}
	for w := range fr {
		allowed[w] = true
	}
	for _, n := range names {
		allowed[strings.ToLower(n)] = true
	}
	check := func(where string) {
		t.Helper()
		for _, d := range texts.Check(t, where) {
			text := d.Text
			for _, w := range textWords(text) {
				switch {
				case en[w] && !fr[w]:
					t.Errorf("%s: %q has the English word %q", where, d.Text, w)
				case !allowed[w] && len([]rune(w)) > 1:
					t.Errorf("%s: %q has %q, which is no French catalogue word nor name", where, d.Text, w)
				}
			}
		}
	}
	draw := func(name string, st rules.State, seat rules.Seat) {
		t.Helper()
		board, err := r.In("fr").Board(st.View(rules.Observer), names)
		if err != nil {
			t.Fatal(err)
		}
		check(name + " board")
		hand, err := r.In("fr").Hand(st.View(seat), names)
		if err != nil {
			t.Fatal(err)
		}
		check(name + " hand")
		for _, im := range []struct {
			img  image.Image
			what string
		}{{board, "board"}, {hand, "hand"}} {
			data, err := Drawer.Palette().EncodePNG(im.img)
			if err != nil {
				t.Fatal(err)
			}
			rendertest.Save(t, "sm-fr-"+name+"-"+im.what, data)
		}
	}
	reg := smPlayUntil(t, 4, 2, func(v *spicemerchant.View) bool {
		return v.Round == 3 && v.Phase == spicemerchant.PhaseRegister && v.Waiting == 2
	})
	draw("register", reg, 0)
	mid := smPlayUntil(t, 4, 2, func(v *spicemerchant.View) bool {
		occupied, _ := smMarketTally(v.Markets[:])
		return v.Round == 3 && v.Phase == spicemerchant.PhaseTurns && occupied >= 4
	})
	draw("mid", mid, smView(t, mid.View(rules.Observer)).Turn)
	over := smGame(t, 4, 7, 5000)
	if _, done := over.Outcome(); !done {
		t.Fatal("game did not end")
	}
	draw("over", over, 1)
}
