package drawdei

import (
	"fmt"
	"regexp"
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/dei"
)

var names = []string{rendertest.LongName, "Bob", "Chandra", "Dmitri"}

// idPattern matches this game's component ids (trading cards T01–T30, islands W1–W8).
var idPattern = regexp.MustCompile(`\b[TW][0-9]{1,2}\b`)

func newRenderer(t testing.TB) *render.Renderer {
	t.Helper()
	r, err := render.New([]render.Game{{Rules: dei.Game, Draw: Drawer}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBoardsAndHands plays games with 2, 3 and 4 players (moves from dei.Policy) and draws the
// board and every private image along the way: every text at least 13 px, no internal id, every
// name whole; no letter both a player's mark and a piece's (rendertest.Marks); PNGs valid, within rendertest.MaxPNGBytes and with every fill exact
// (rendertest.CheckPNG); every board posted, in English and French, fits a phone
// (render.MaxBoardHeight) and the full board is not shorter; with -render.out a few images are
// written.
func TestBoardsAndHands(t *testing.T) {
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	marks := rendertest.NewMarks()
	defer marks.Check(t, "dutch-east-indies")
	stride := 25
	if testing.Short() {
		stride = 150
	}
	tallest := 0
	defer func() {
		if tallest > render.MaxBoardHeight {
			t.Errorf("a board is %d px tall, more than a phone shows (%d)", tallest, render.MaxBoardHeight)
		}
		t.Logf("tallest board posted: %d px (a phone shows %d)", tallest, render.MaxBoardHeight)
	}()
	for n := 2; n <= 4; n++ {
		st, err := dei.Game.New(n, nil, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewRNG(uint64(n))
		saved := map[string]bool{}
		for step := 0; step < 20000; step++ {
			_, over := st.Outcome()
			v := st.View(rules.Observer).(*dei.View)
			if step%stride == 0 || over || (v.Decision != "" && !saved[v.Decision]) {
				where := fmt.Sprintf("%dp move %d", n, step)
				img, err := r.Board(v, names[:n])
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				drawn := texts.Check(t, where+" board")
				tallest = max(tallest, img.Bounds().Dy())
				fr, err := r.In("fr").Board(v, names[:n])
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				tallest = max(tallest, fr.Bounds().Dy())
				if h := max(img.Bounds().Dy(), fr.Bounds().Dy()); h > render.MaxBoardHeight {
					t.Errorf("%s: a board %d px tall", where, h)
				}
				full, err := r.In("en").Full().Board(v, names[:n])
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if full.Bounds().Dy() < img.Bounds().Dy() {
					t.Errorf("%s: the full board (%d px) is shorter than the posted one (%d)", where, full.Bounds().Dy(), img.Bounds().Dy())
				}
				texts.Check(t, where+" other boards")
				marks.Add(drawn)
				rendertest.CheckNames(t, where+" board", drawn, names[:n])
				for _, d := range drawn {
					if idPattern.MatchString(d.Text) {
						t.Fatalf("%s: id drawn in %q", where, d.Text)
					}
				}
				data := rendertest.CheckPNG(t, where+" board", r, v, img)
				rendertest.Decode(t, data, bW)
				kind := v.Decision
				if over {
					kind = "over"
				}
				if !saved[kind] {
					saved[kind] = true
					rendertest.Save(t, fmt.Sprintf("dei-%dp-%s", n, kindName(kind)), data)
				}
				for s := 0; s < n; s++ {
					hv := st.View(rules.Seat(s)).(*dei.View)
					himg, err := r.Hand(hv, names[:n])
					if err != nil {
						t.Fatalf("%s hand %d: %v", where, s, err)
					}
					hd := texts.Check(t, where+" hand")
					marks.Add(hd)
					for _, d := range hd {
						if idPattern.MatchString(d.Text) {
							t.Fatalf("%s: id drawn in %q", where, d.Text)
						}
					}
					hdata := rendertest.CheckPNG(t, fmt.Sprintf("%s hand %d", where, s), r, hv, himg)
					rendertest.Decode(t, hdata, handW)
					if hv.Looking != nil && hv.Looking.Card != "" && !saved["look"] {
						saved["look"] = true
						rendertest.Save(t, fmt.Sprintf("dei-%dp-hand-look", n), hdata)
					}
				}
			}
			if over {
				break
			}
			seat, m := dei.Policy(st, &rng)
			if err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := r.Hand(dei.Game, names); err == nil {
		t.Error("a hand of something that is not a view drew")
	}
}

func kindName(k string) string {
	if k == "" {
		return "turn"
	}
	return k
}

// benchState is a 4-player game after moves moves (300 for the benchmarks).
func benchState(b *testing.B, moves int) rules.State {
	st, err := dei.Game.New(4, nil, 11)
	if err != nil {
		b.Fatal(err)
	}
	rng := rules.NewRNG(11)
	for i := 0; i < moves; i++ {
		seat, m := dei.Policy(st, &rng)
		if err := st.Apply(seat, m); err != nil {
			b.Fatal(err)
		}
	}
	return st
}

// BenchmarkDEIBoard draws and encodes a mid-game 4-player board (render, encode only,
// render+encode; see rendertest.BenchmarkImage).
func BenchmarkDEIBoard(b *testing.B) {
	rendertest.BenchmarkImage(b, newRenderer(b), benchState(b, 300).View(rules.Observer), names, false)
}

// BenchmarkDEIHand draws and encodes the private image of the seat to act.
func BenchmarkDEIHand(b *testing.B) {
	st := benchState(b, 300)
	rendertest.BenchmarkImage(b, newRenderer(b), st.View(st.Active()[0]), names, true)
}
