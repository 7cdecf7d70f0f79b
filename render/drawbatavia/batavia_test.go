package drawbatavia

import (
	"bytes"
	"fmt"
	"regexp"
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/batavia"
)

var names = []string{"Hanna", "Bartholomew-Alexander the Third", "Cy", "Dee", "Ezra"}

func newRenderer(t testing.TB) *render.Renderer {
	t.Helper()
	r, err := render.New([]render.Game{{Rules: batavia.Game, Draw: Drawer}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// playUntil plays random moves of a new game until done says stop or the game ends.
func playUntil(t testing.TB, players int, opts rules.Options, seed uint64, done func(v *batavia.View) bool) rules.State {
	t.Helper()
	st, err := batavia.Game.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(seed)
	for i := 0; i < 5000; i++ {
		v := st.View(rules.Observer).(*batavia.View)
		if done(v) {
			return st
		}
		if _, over := st.Outcome(); over {
			break
		}
		if _, err := rules.RandomStep(st, &rng); err != nil {
			t.Fatal(err)
		}
	}
	if done(st.View(rules.Observer).(*batavia.View)) {
		return st
	}
	t.Fatal("the game ended before the wanted position")
	return nil
}

// TestBoardsAndHands draws boards and hands through whole random games: every seat's view gives
// the observer's board, every hand draws, the PNGs are at most rendertest.MaxPNGBytes, and with
// -render.out the images of a few positions are written for a person to look at.
func TestBoardsAndHands(t *testing.T) {
	r := newRenderer(t)
	for _, tc := range []struct {
		players int
		opts    rules.Options
		seed    uint64
	}{{3, nil, 1}, {4, rules.Options{batavia.OptQuickStart: true}, 2}, {5, nil, 3}} {
		t.Run(fmt.Sprintf("%dp-seed%d", tc.players, tc.seed), func(t *testing.T) {
			st, err := batavia.Game.New(tc.players, tc.opts, tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := rules.NewRNG(tc.seed)
			stride := 9
			if testing.Short() {
				stride = 40
			}
			saved := map[string]bool{}
			for step := 0; ; step++ {
				_, over := st.Outcome()
				obs := st.View(rules.Observer).(*batavia.View)
				kind := obs.Phase
				if step%stride == 0 || over || !saved[kind] {
					board, err := r.Board(obs, names[:tc.players])
					if err != nil {
						t.Fatalf("step %d: %v", step, err)
					}
					want := rendertest.Pix(t, board)
					for s := 0; s < tc.players; s++ {
						sv := st.View(rules.Seat(s))
						img, err := r.Board(sv, names[:tc.players])
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(rendertest.Pix(t, img), want) {
							t.Fatalf("step %d: the board from seat %d's view differs from the observer's", step, s)
						}
						h, err := r.Hand(sv, names[:tc.players])
						if err != nil {
							t.Fatalf("step %d: hand %d: %v", step, s, err)
						}
						data, err := Drawer.Palette().EncodePNG(h)
						if err != nil {
							t.Fatal(err)
						}
						rendertest.Decode(t, data, handW)
						if !saved[kind] && s == int(obs.Acting) {
							rendertest.Save(t, fmt.Sprintf("batavia-%dp-%s-hand", tc.players, kind), data)
						}
					}
					data, err := Drawer.Palette().EncodePNG(board)
					if err != nil {
						t.Fatal(err)
					}
					rendertest.Decode(t, data, bW)
					if !saved[kind] || over {
						rendertest.Save(t, fmt.Sprintf("batavia-%dp-%s", tc.players, kind), data)
						saved[kind] = true
					}
				}
				if over {
					break
				}
				if _, err := rules.RandomStep(st, &rng); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestHandRefusesObserver: the observer has no hand.
func TestHandRefusesObserver(t *testing.T) {
	r := newRenderer(t)
	st, _ := batavia.Game.New(3, nil, 1)
	if _, err := r.Hand(st.View(rules.Observer), names[:3]); err == nil {
		t.Fatal("drew a hand for the observer")
	}
	if _, err := r.Board((*batavia.View)(nil), names[:3]); err == nil {
		t.Fatal("drew a nil view")
	}
}

// TestNoIDInViewTexts: the texts a board draws from the view (status, last move) name no
// component id once expanded.
func TestNoIDInViewTexts(t *testing.T) {
	r := newRenderer(t)
	k := r.NewKit(batavia.Game, names[:4])
	id := regexp.MustCompile(`\b[A-Z]\d{2}\b|\[\[|\{\d\}`)
	st := playUntil(t, 4, nil, 5, func(v *batavia.View) bool { return v.Outcome != nil })
	for _, e := range st.Log(rules.Observer) {
		if got := k.Expand(e.Text); id.MatchString(got) {
			t.Fatalf("log line %q shows an id", got)
		}
	}
}

func benchState(b *testing.B) rules.State {
	return playUntil(b, 4, nil, 2, func(v *batavia.View) bool { return v.Round >= 5 && v.Auction != nil })
}

// BenchmarkBataviaBoard draws and encodes a mid-game 4-player board during an auction (see
// rendertest.BenchmarkImage: render, encode only, render+encode).
func BenchmarkBataviaBoard(b *testing.B) {
	st := benchState(b)
	rendertest.BenchmarkImage(b, newRenderer(b), st.View(rules.Observer), names[:4], false)
}

// BenchmarkBataviaHand draws and encodes the hand of the seat to act.
func BenchmarkBataviaHand(b *testing.B) {
	st := benchState(b)
	rendertest.BenchmarkImage(b, newRenderer(b), st.View(st.Active()[0]), names[:4], true)
}
