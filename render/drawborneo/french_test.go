package drawborneo

import (
	"fmt"
	"image"
	"testing"

	"spicebot/lang"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/borneo"
)

// French images: the boards and hands of a French game, through its phases to the final
// scores, draw French words only — every word drawn is a French catalogue word, a player's or a
// harbour's name, or a number; no word of the English catalogue that French does not share.
func TestBorneoFrenchImages(t *testing.T) {
	french := rendertest.NewFrench(lang.MustNew(borneo.Game), "borneo.", "render.")
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	fren := r.In("fr")
	names := []string{"Amélie", rendertest.LongName, "Chandra", "Dmitri"}
	french.Allow(names...)
	for i := 1; i <= 14; i++ {
		french.Allow(borneo.Game.Term(fmt.Sprintf("H%02d", i))) // harbour names are proper nouns
	}
	check := func(where string) {
		t.Helper()
		french.Check(t, where, texts.Check(t, where))
	}
	st, err := borneo.Game.New(4, rules.Options{borneo.OptBlackbeard: true}, 5)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	draw := func(step int) {
		obs := asView(t, st.View(rules.Observer))
		kind := "mid"
		switch {
		case obs.Outcome != nil:
			kind = "over"
		case obs.Fight != nil:
			kind = "fight"
		case obs.Distribution != nil:
			kind = "distribution"
		case obs.Payment != nil:
			kind = "payment"
		case step < 40:
			return
		}
		if seen[kind] {
			return
		}
		seen[kind] = true
		board, err := fren.Board(obs, names)
		if err != nil {
			t.Fatal(err)
		}
		check("French board " + kind)
		save(t, "fr-board-"+kind, board, bW)
		seat := rules.Seat(1) // the long name
		if len(obs.Active) > 0 {
			seat = obs.Active[0]
		}
		hand, err := fren.Hand(st.View(seat), names)
		if err != nil {
			t.Fatal(err)
		}
		check("French hand " + kind)
		save(t, "fr-hand-"+kind, hand, hW)
	}
	rng := rules.NewRNG(5)
	step := 0
	if _, err := rules.Playout(st, &rng, 5000, func(rules.Record) error {
		step++
		draw(step)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"mid", "fight", "distribution", "payment", "over"} {
		if !seen[kind] {
			t.Errorf("the game never showed a %s", kind)
		}
	}
	// The hand-built views: every panel at once, with the variants.
	// Their texts are rules text, as a state's view holds.
	status := rules.Msg("borneo.status", "Seat", rules.SeatRef(1), "Task", rules.Msg("borneo.task.ship"))
	v := payment(distribution(fight(midGame(4))))
	v.FourMerchants = true
	v.Status, v.LastMove = status, rules.Msg("borneo.log.ship", "Seat", rules.SeatRef(0), "Card", rules.Ref("S07"), "Harbour", rules.Ref("H01"))
	v.Payment.Remaining = rules.Msg("borneo.owed.spice", "N", 2, "Spice", rules.Msg("borneo.spice.pepper"))
	board, err := fren.Board(&v, names)
	if err != nil {
		t.Fatal(err)
	}
	check("French hand-built board")
	save(t, "fr-board-panels", board, bW)
	hv := withHand(midGame(4), 2)
	hv.Status = status
	hv.Active = []rules.Seat{2}
	hand, err := fren.Hand(&hv, names)
	if err != nil {
		t.Fatal(err)
	}
	check("French hand-built hand")
	save(t, "fr-hand-panels", hand, hW)
}

// save encodes img, checks its width and size, and writes it with rendertest.Save (flag
// -render.out).
func save(t *testing.T, name string, img image.Image, w int) {
	t.Helper()
	data, err := Drawer.Palette().EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Decode(t, data, w)
	rendertest.Save(t, name, data)
}
