package drawspicemerchant

import (
	"image"
	"testing"

	"spicebot/lang"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// TestSpiceMerchantImagesInFrench draws French boards and hands of a 4-player game (registration,
// turns, the end) and checks every text drawn: each word is a word of the French catalogue, a
// player's name or a number, and none is an English word of the English catalogue that French
// does not share. It writes the images with -render.out.
func TestSpiceMerchantImagesInFrench(t *testing.T) {
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	french := rendertest.NewFrench(lang.MustNew(spicemerchant.Game), "spice-merchant.", "render.")
	french.Strict = true
	names := []string{"Alice", "Bob", "Chandra", "Dmitri"}
	french.Allow(names...)
	check := func(where string) {
		t.Helper()
		french.Check(t, where, texts.Check(t, where))
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
