package drawborneo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/borneo"
)

// asView accepts both shapes a Borneo state's View may return.
func asView(t testing.TB, v any) *borneo.View {
	t.Helper()
	switch v := v.(type) {
	case *borneo.View:
		return v
	case borneo.View:
		return &v
	}
	t.Fatalf("View returned %T, want borneo.View", v)
	return nil
}

// Real games: play random games at every player count and render the board (from the
// observer's and from every seat's view, which must give the same image: the board is public)
// and the hands of the seats that act, through every phase to the final scores.
func TestBorneoRealGames(t *testing.T) {
	r := newRenderer(t)
	cases := []struct {
		players int
		opts    rules.Options
		seed    uint64
	}{
		{3, rules.Options{}, 1},
		{3, nil, 2},
		{4, rules.Options{}, 3},
		{5, rules.Options{}, 4},
	}
	if testing.Short() {
		cases = []struct {
			players int
			opts    rules.Options
			seed    uint64
		}{cases[0], cases[3]}
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%dp-seed%d", tc.players, tc.seed), func(t *testing.T) {
			for _, o := range borneo.Game.Options() {
				if tc.seed%2 == 1 && (len(o.Players) == 0 || containsInt(o.Players, tc.players)) {
					if tc.opts == nil {
						tc.opts = rules.Options{}
					}
					tc.opts[o.Key] = true // odd seeds play with every variant allowed
				}
			}
			st, err := borneo.Game.New(tc.players, tc.opts, tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			names := append([]string{names5[0], rendertest.LongName}, names5[2:tc.players]...)
			seen := map[string]bool{}
			rng := rules.NewRNG(tc.seed)
			step := 0
			stride := 7 // check every 7th position, and the first of every phase
			if testing.Short() {
				stride = 40
			}
			check := func() {
				obs := asView(t, st.View(rules.Observer))
				kind := obs.Phase
				switch {
				case obs.Fight != nil:
					kind = "fight"
				case obs.Distribution != nil:
					kind = "distribution"
				case obs.Payment != nil:
					kind = "payment"
				}
				if step%stride != 0 && seen[kind] && kind != "over" {
					return
				}
				board, err := r.Board(obs, names)
				if err != nil {
					t.Fatalf("step %d: board: %v", step, err)
				}
				want := rendertest.Pix(t, board)
				for s := 0; s < tc.players; s++ {
					sv := asView(t, st.View(rules.Seat(s)))
					img, err := r.Board(sv, names)
					if err != nil {
						t.Fatalf("step %d: board from seat %d: %v", step, s, err)
					}
					if !bytes.Equal(rendertest.Pix(t, img), want) {
						t.Fatalf("step %d (%s): board from seat %d's view differs from the observer's", step, kind, s)
					}
				}
				for _, s := range obs.Active {
					if _, err := r.Hand(st.View(s), names); err != nil {
						t.Fatalf("step %d: hand of seat %d: %v", step, s, err)
					}
				}
				if !seen[kind] {
					seen[kind] = true
					data, err := Drawer.Palette().EncodePNG(board)
					if err != nil {
						t.Fatal(err)
					}
					rendertest.Decode(t, data, bW)
					rendertest.Save(t, fmt.Sprintf("game%d-%dp-%s", tc.seed, tc.players, kind), data)
					if len(obs.Active) > 0 {
						hand, err := r.Hand(st.View(obs.Active[0]), names)
						if err != nil {
							t.Fatal(err)
						}
						data, err := Drawer.Palette().EncodePNG(hand)
						if err != nil {
							t.Fatal(err)
						}
						rendertest.Decode(t, data, hW)
						rendertest.Save(t, fmt.Sprintf("game%d-%dp-%s-hand", tc.seed, tc.players, kind), data)
					}
				}
			}
			check()
			_, err = rules.Playout(st, &rng, 5000, func(rules.Record) error {
				step++
				check()
				return nil
			})
			if err != nil {
				t.Fatalf("playout: %v", err)
			}
			if !seen["over"] {
				t.Error("the game never reached its end")
			}
		})
	}
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// Two states that differ only in hidden cards (a card swapped between a hand and the deck) give
// byte-identical observer boards.
func TestBorneoBoardSameForHiddenSwap(t *testing.T) {
	r := newRenderer(t)
	st, err := borneo.Game.New(4, nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(5)
	for i := 0; i < 40; i++ {
		if _, err := rules.RandomStep(st, &rng); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	deck, _ := raw["deck"].([]any)
	seats, _ := raw["seats"].([]any)
	if len(deck) == 0 || len(seats) < 2 {
		t.Fatalf("state JSON has no deck or seats: %.200s", data)
	}
	seat1, _ := seats[1].(map[string]any)
	hand, _ := seat1["hand"].([]any)
	if len(hand) == 0 {
		t.Fatalf("seat 1 has no hand in the state JSON: %.200s", data)
	}
	hand[0], deck[0] = deck[0], hand[0]
	swapped, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	other, err := borneo.Game.Load(swapped)
	if err != nil {
		t.Fatal(err)
	}
	a, err := r.Board(st.View(rules.Observer), names5[:4])
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Board(other.View(rules.Observer), names5[:4])
	if err != nil {
		t.Fatal(err)
	}
	pa, _ := Drawer.Palette().EncodePNG(a)
	pb, _ := Drawer.Palette().EncodePNG(b)
	if !bytes.Equal(pa, pb) {
		t.Error("observer boards differ for states that differ only in hidden cards")
	}
	// The swap is real: seat 1's hand image changes.
	ha, err := r.Hand(st.View(1), names5[:4])
	if err != nil {
		t.Fatal(err)
	}
	hb, err := r.Hand(other.View(1), names5[:4])
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(rendertest.Pix(t, ha), rendertest.Pix(t, hb)) {
		t.Error("seat 1's hand image did not change when a card of its hand was swapped")
	}
}
