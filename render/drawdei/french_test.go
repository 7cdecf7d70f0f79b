package drawdei

import (
	"fmt"
	"image"
	"testing"

	"spicebot/lang"
	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/dei"
)

// TestFrenchImages draws a 4-player board and every hand in French, mid-game, once a player is
// looking at a card, and at the end: every text drawn reads in French — its words are French
// catalogue words, names or numbers, never an English word of the game's catalogue — and passes
// the kit's checks (size, no id, names whole). With -render.out the images are written there.
func TestFrenchImages(t *testing.T) {
	french := rendertest.NewFrench(lang.MustNew(dei.Game), "dutch-east-indies.", "render.")
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	fren := r.In("fr")
	st, err := dei.Game.New(4, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(7)
	french.Allow(names...)
	check := func(where string, drawn []render.DrawnText) {
		t.Helper()
		french.Check(t, where, drawn)
	}
	saved := map[string]bool{}
	draw := func(kind string, step int) {
		t.Helper()
		where := fmt.Sprintf("fr move %d", step)
		img, err := fren.Board(st.View(rules.Observer), names)
		if err != nil {
			t.Fatal(err)
		}
		drawn := texts.Check(t, where+" board")
		rendertest.CheckNames(t, where+" board", drawn, names)
		check(where+" board", drawn)
		save(t, saved, "dei-fr-board-"+kind, img)
		for s := 0; s < 4; s++ {
			v := st.View(rules.Seat(s)).(*dei.View)
			img, err := fren.Hand(v, names)
			if err != nil {
				t.Fatal(err)
			}
			drawn := texts.Check(t, fmt.Sprintf("%s hand %d", where, s))
			check(fmt.Sprintf("%s hand %d", where, s), drawn)
			switch {
			case v.Looking != nil && v.Looking.Card != "":
				save(t, saved, "dei-fr-hand-look", img)
			case len(v.Known) > 0:
				save(t, saved, "dei-fr-hand-known", img)
			}
		}
	}
	draw("start", 0)
	for step := 1; ; step++ {
		seat, m := dei.Policy(st, &rng)
		if err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		v := st.View(rules.Observer).(*dei.View)
		if _, over := st.Outcome(); over {
			draw("over", step)
			break
		}
		mid := step >= 100 && v.Decision == "" && !saved["dei-fr-board-mid"] // a board with no decision pending
		if mid || v.Decision != "" && !saved["dei-fr-board-"+v.Decision] && step%3 == 0 {
			kind := v.Decision
			if kind == "" {
				kind = "mid"
			}
			draw(kind, step)
		}
	}
	for _, want := range []string{"dei-fr-board-mid", "dei-fr-board-over", "dei-fr-hand-look"} {
		if !saved[want] {
			t.Errorf("no %s image was drawn", want)
		}
	}
}

// save encodes img, checks its PNG (width, size) and writes it as name, once, with -render.out.
func save(t *testing.T, saved map[string]bool, name string, img image.Image) {
	t.Helper()
	if saved[name] {
		return
	}
	saved[name] = true
	data, err := Drawer.Palette().EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Decode(t, data, img.Bounds().Dx())
	rendertest.Save(t, name, data)
}
