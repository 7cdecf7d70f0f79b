package drawbatavia

import (
	"fmt"
	"testing"

	"spicebot/lang"
	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/batavia"
)

// Every text drawn on the boards and hands of random games at every player count, with and
// without quick-start, is at least render.MinTextSize, names components in plain words (never an
// internal id, never an unexpanded reference), and shows every player's name whole, a
// 32-character one included.
func TestBataviaImagesSpeakPlainWords(t *testing.T) {
	quick := rules.Options{batavia.OptQuickStart: true}
	setups := []rendertest.Setup{{Players: 3, Seed: 21}, {Players: 4, Seed: 22, Options: quick}, {Players: 5, Seed: 23},
		{Players: 3, Seed: 24, Options: quick}, {Players: 4, Seed: 25}, {Players: 5, Seed: 26, Options: quick}}
	stride := 5
	if testing.Short() {
		setups, stride = setups[:3], 30
	}
	smallest, tallest := rendertest.CheckImageTexts(t, newRenderer(t), batavia.Game, setups, stride)
	if smallest < render.MinTextSize {
		t.Errorf("smallest text drawn %v px, want at least %d", smallest, render.MinTextSize)
	}
	t.Logf("smallest text drawn: %v px", smallest)
	if tallest > render.MaxBoardHeight {
		t.Errorf("a board is %d px tall, more than a phone shows (%d)", tallest, render.MaxBoardHeight)
	}
	t.Logf("tallest board: %d px (a phone shows %d)", tallest, render.MaxBoardHeight)
}

// French boards and hands of random games at every player count, with and without quick start,
// draw only French: every word of every text drawn is a word of the French catalogues or of a
// player's name (numbers and one-letter marks aside), never a word only the English catalogue
// has; no text is under the size floor or shows an id, every name is whole, and the PNGs stay
// within the size budget with the longer French words. With -render.out a board and a hand of
// each game are written for a person to look at.
func TestBataviaFrenchImagesSpeakFrench(t *testing.T) {
	cat := lang.MustNew(batavia.Game)
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	lg := r.In("fr")
	quick := rules.Options{batavia.OptQuickStart: true}
	setups := []rendertest.Setup{{Players: 5, Seed: 31}, {Players: 4, Seed: 32, Options: quick}, {Players: 3, Seed: 33}}
	stride := 7
	if testing.Short() {
		stride = 25
	}
	for _, su := range setups {
		nm := append([]string{rendertest.LongName}, "Bérénice", "Chloé", "Dmitri", "Éléonore Rigby-Smythe")[:su.Players]
		french := rendertest.NewFrench(cat, "batavia.", "render.", "rules.")
		french.Strict = true
		french.Allow(nm...)
		check := func(where string, drawn []render.DrawnText) {
			french.Check(t, where, drawn)
		}
		st, err := batavia.Game.New(su.Players, su.Options, su.Seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(su.Seed)
		for step := 0; ; step++ {
			_, over := st.Outcome()
			if step%stride == 0 || over {
				where := fmt.Sprintf("%dp seed %d move %d", su.Players, su.Seed, step)
				board, err := lg.Board(st.View(rules.Observer), nm)
				if err != nil {
					t.Fatal(err)
				}
				drawn := texts.Check(t, where+" board")
				rendertest.CheckNames(t, where+" board", drawn, nm)
				check(where+" board", drawn)
				data, err := Drawer.Palette().EncodePNG(board)
				if err != nil {
					t.Fatal(err)
				}
				rendertest.Decode(t, data, bW)
				if over {
					rendertest.Save(t, fmt.Sprintf("batavia-fr-%dp-final", su.Players), data)
				}
				for s := 0; s < su.Players; s++ {
					h, err := lg.Hand(st.View(rules.Seat(s)), nm)
					if err != nil {
						t.Fatal(err)
					}
					drawn := texts.Check(t, fmt.Sprintf("%s hand of %d", where, s))
					rendertest.CheckNames(t, fmt.Sprintf("%s hand of %d", where, s), drawn, nm[s:s+1])
					check(fmt.Sprintf("%s hand of %d", where, s), drawn)
					data, err := Drawer.Palette().EncodePNG(h)
					if err != nil {
						t.Fatal(err)
					}
					rendertest.Decode(t, data, handW)
					if step == 4*stride && s == 0 {
						rendertest.Save(t, fmt.Sprintf("batavia-fr-%dp-hand", su.Players), data)
					}
				}
				if t.Failed() {
					t.FailNow()
				}
			}
			if over {
				break
			}
			if _, err := rules.RandomStep(st, &rng); err != nil {
				t.Fatal(err)
			}
		}
	}
}
