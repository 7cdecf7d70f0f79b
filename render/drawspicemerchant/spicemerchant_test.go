package drawspicemerchant

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"sort"
	"strings"
	"sync"
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// smView accepts both shapes a Spice Merchant state's View may return.
func smView(t testing.TB, v any) *spicemerchant.View {
	t.Helper()
	switch v := v.(type) {
	case *spicemerchant.View:
		return v
	case spicemerchant.View:
		return &v
	}
	t.Fatalf("View returned %T, want spicemerchant.View", v)
	return nil
}

// smGame starts a game of players seats and plays moves random moves (fewer if it ends).
func smGame(t testing.TB, players int, seed uint64, moves int) rules.State {
	t.Helper()
	st, err := spicemerchant.Game.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(seed)
	for i := 0; i < moves; i++ {
		if _, over := st.Outcome(); over {
			break
		}
		if _, err := rules.RandomStep(st, &rng); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// smPlayUntil plays random moves until done says stop (or the game ends, which fails the test
// unless done accepts it).
func smPlayUntil(t testing.TB, players int, seed uint64, done func(v *spicemerchant.View) bool) rules.State {
	t.Helper()
	st, err := spicemerchant.Game.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(seed)
	for i := 0; i < 2000; i++ {
		if done(smView(t, st.View(rules.Observer))) {
			return st
		}
		if _, over := st.Outcome(); over {
			t.Fatalf("seed %d: the game ended before the wanted position", seed)
		}
		if _, err := rules.RandomStep(st, &rng); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("wanted position not reached in 2000 moves")
	return nil
}

// smKind names the kind of position a view shows, for choosing which images to save.
func smKind(v *spicemerchant.View) string {
	if v.Phase == spicemerchant.PhaseOver {
		return "over"
	}
	occupied, _ := smMarketTally(v.Markets[:])
	stage := "start"
	if v.Phase == spicemerchant.PhaseTurns && occupied >= 4 {
		stage = "late"
	} else if v.Phase == spicemerchant.PhaseTurns && occupied >= 1 {
		stage = "mid"
	}
	return fmt.Sprintf("r%d-%s-%s", v.Round, v.Phase, stage)
}

var smNames = []string{"Alice", "Bob", "Chandra", "Dmitri"}

// Real games: play random games with 3 and 4 players; at every position the board from each
// seat's view is byte-identical to the observer's (the board draws public fields only), every
// seat's hand renders, and the first image of each kind of position is a valid PNG of the
// board's width.
func TestSpiceMerchantRealGames(t *testing.T) {
	r := newRenderer(t)
	cases := []struct {
		players int
		seed    uint64
	}{{3, 1}, {4, 2}, {4, 7}}
	if testing.Short() {
		cases = cases[1:2]
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%dp-seed%d", tc.players, tc.seed), func(t *testing.T) {
			st, err := spicemerchant.Game.New(tc.players, nil, tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			names := append([]string{smNames[0], rendertest.LongName}, smNames[2:tc.players]...)
			seen := map[string]bool{}
			rng := rules.NewRNG(tc.seed)
			step := 0
			stride := 4
			if testing.Short() {
				stride = 15
			}
			check := func() {
				obs := smView(t, st.View(rules.Observer))
				kind := smKind(obs)
				// Every registration position is checked: that is where a board could tell who
				// has registered.
				if step%stride != 0 && seen[kind] && obs.Phase != spicemerchant.PhaseRegister {
					return
				}
				board, err := r.Board(obs, names)
				if err != nil {
					t.Fatalf("step %d: board: %v", step, err)
				}
				want := rendertest.Pix(t, board)
				for s := 0; s < tc.players; s++ {
					sv := st.View(rules.Seat(s))
					img, err := r.Board(sv, names)
					if err != nil {
						t.Fatalf("step %d: board from seat %d: %v", step, s, err)
					}
					if !bytes.Equal(rendertest.Pix(t, img), want) {
						t.Fatalf("step %d (%s): board from seat %d's view differs from the observer's", step, kind, s)
					}
					hand, err := r.Hand(sv, names)
					if err != nil {
						t.Fatalf("step %d: hand of seat %d: %v", step, s, err)
					}
					if got := hand.Bounds().Dx(); got != smHandW {
						t.Fatalf("step %d: hand width %d, want %d", step, got, smHandW)
					}
				}
				if !seen[kind] {
					seen[kind] = true
					data, err := Drawer.Palette().EncodePNG(board)
					if err != nil {
						t.Fatal(err)
					}
					rendertest.Decode(t, data, smW)
					rendertest.Save(t, fmt.Sprintf("sm%d-%dp-%s", tc.seed, tc.players, kind), data)
					seat := rules.Seat(0)
					if obs.Phase == spicemerchant.PhaseTurns {
						seat = obs.Turn
					}
					hand, err := r.Hand(st.View(seat), names)
					if err != nil {
						t.Fatal(err)
					}
					hdata, err := Drawer.Palette().EncodePNG(hand)
					if err != nil {
						t.Fatal(err)
					}
					rendertest.Decode(t, hdata, smHandW)
					rendertest.Save(t, fmt.Sprintf("sm%d-%dp-%s-hand", tc.seed, tc.players, kind), hdata)
				}
			}
			check()
			_, err = rules.Playout(st, &rng, 3000, func(rules.Record) error {
				step++
				check()
				return nil
			})
			if err != nil {
				t.Fatalf("playout: %v", err)
			}
			for _, k := range []string{"r1-register-start", "r1-turns-mid", "r3-register-start", "r4-turns-mid", "over"} {
				if !seen[k] {
					t.Errorf("the game never showed a %s position", k)
				}
			}
		})
	}
}

// Sizes: every board is smW wide and every hand smHandW wide; a 4-player board is taller than a
// 3-player one at the same stage, and the final board (with its scores panel) is taller than a
// board during play.
func TestSpiceMerchantBoardSizes(t *testing.T) {
	r := newRenderer(t)
	height := func(st rules.State, seat rules.Seat) (int, int) {
		t.Helper()
		b, err := r.Board(st.View(rules.Observer), smNames)
		if err != nil {
			t.Fatal(err)
		}
		bd, err := Drawer.Palette().EncodePNG(b)
		if err != nil {
			t.Fatal(err)
		}
		h, err := r.Hand(st.View(seat), smNames)
		if err != nil {
			t.Fatal(err)
		}
		hd, err := Drawer.Palette().EncodePNG(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = rendertest.CheckFills(t, b.(*image.RGBA), bd)
		_, _ = rendertest.CheckFills(t, h.(*image.RGBA), hd)
		return rendertest.Decode(t, bd, smW), rendertest.Decode(t, hd, smHandW)
	}
	mid := func(v *spicemerchant.View) bool { return v.Phase == spicemerchant.PhaseTurns && v.Round == 2 }
	b3, _ := height(smPlayUntil(t, 3, 5, mid), 0)
	b4, _ := height(smPlayUntil(t, 4, 5, mid), 0)
	if b4 <= b3 {
		t.Errorf("4-player board %d px is not taller than the 3-player board %d px", b4, b3)
	}
	over := smGame(t, 4, 5, 5000)
	if _, ok := over.Outcome(); !ok {
		t.Fatal("game did not end")
	}
	// A seat with an open good and two secret goods: its hand shows both kinds of goods.
	var opener rules.Seat
	open := smPlayUntil(t, 4, 6, func(v *spicemerchant.View) bool {
		for _, sv := range v.Seats {
			if sv.OpenDone && v.Round >= 3 && v.Phase == spicemerchant.PhaseTurns {
				opener = sv.Seat
				return true
			}
		}
		return false
	})
	img, err := r.Hand(open.View(opener), smNames)
	if err != nil {
		t.Fatal(err)
	}
	data, err := Drawer.Palette().EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Decode(t, data, smHandW)
	rendertest.Save(t, "sm-open-hand", data)
	rendertest.Save(t, "sm-open-board", boardPNG(t, r, open))

	bo, ho := height(over, 1)
	if bo <= b4 {
		t.Errorf("final board %d px is not taller than a board during play %d px", bo, b4)
	}
	if ho <= 0 {
		t.Errorf("final hand height %d", ho)
	}
}

func TestSpiceMerchantPointerAndValueViewsMatch(t *testing.T) {
	r := newRenderer(t)
	st := smGame(t, 4, 3, 25)
	v := smView(t, st.View(2))
	a, err := r.Board(*v, smNames)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Board(v, smNames)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rendertest.Pix(t, a), rendertest.Pix(t, b)) {
		t.Error("board from *View differs from board from View")
	}
	ha, err := r.Hand(*v, smNames)
	if err != nil {
		t.Fatal(err)
	}
	hb, err := r.Hand(v, smNames)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rendertest.Pix(t, ha), rendertest.Pix(t, hb)) {
		t.Error("hand from *View differs from hand from View")
	}
}

func TestSpiceMerchantBadViews(t *testing.T) {
	r := newRenderer(t)
	var nilView *spicemerchant.View
	if _, err := r.Board(nilView, nil); err == nil {
		t.Error("Board(nil *View) returned no error")
	}
	if _, err := r.Hand(nilView, nil); err == nil {
		t.Error("Hand(nil *View) returned no error")
	}
	if _, err := r.Board(spicemerchant.View{}, nil); err == nil {
		t.Error("Board of a view without seats returned no error")
	}
	st := smGame(t, 3, 1, 10)
	if _, err := r.Hand(st.View(rules.Observer), smNames); err == nil || !strings.Contains(err.Error(), "observer") {
		t.Errorf("Hand of the observer view: err %v, want an error naming the observer", err)
	}
}

// stateJSON is a state's JSON as generic maps, for editing hidden cards.
type stateJSON map[string]any

func smRaw(t testing.TB, st rules.State) stateJSON {
	t.Helper()
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var raw stateJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	return raw
}

// pile returns seat's pile ("hand", "secret") as card indices.
func (raw stateJSON) pile(t testing.TB, seat int, name string) []int {
	t.Helper()
	seats, _ := raw["seats"].([]any)
	p, _ := seats[seat].(map[string]any)
	xs, _ := p[name].([]any)
	out := make([]int, len(xs))
	for i, x := range xs {
		f, ok := x.(float64)
		if !ok {
			t.Fatalf("seat %d %s holds %T", seat, name, x)
		}
		out[i] = int(f)
	}
	return out
}

// setPile stores seat's pile sorted (hands and secret goods are kept sorted).
func (raw stateJSON) setPile(seat int, name string, cards []int) {
	sort.Ints(cards)
	seats, _ := raw["seats"].([]any)
	p, _ := seats[seat].(map[string]any)
	xs := make([]any, len(cards))
	for i, c := range cards {
		xs[i] = c
	}
	p[name] = xs
}

func (raw stateJSON) set(seat int, key string, v any) {
	seats, _ := raw["seats"].([]any)
	p, _ := seats[seat].(map[string]any)
	p[key] = v
}

func (raw stateJSON) load(t testing.TB) rules.State {
	t.Helper()
	data, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	st, err := spicemerchant.Game.Load(data)
	if err != nil {
		t.Fatalf("load edited state: %v", err)
	}
	return st
}

// boardPNG renders and encodes the observer board of st.
func boardPNG(t testing.TB, r *render.Renderer, st rules.State) []byte {
	t.Helper()
	img, err := r.Board(st.View(rules.Observer), smNames)
	if err != nil {
		t.Fatal(err)
	}
	data, err := Drawer.Palette().EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Two states that differ only in hidden cards give byte-identical observer boards: a secret good
// of seat 0 swapped with a hand card of another spice of seat 1 (during play), and which seats
// have registered their secret goods (during registration, with the same number waiting).
func TestSpiceMerchantBoardSameForHiddenSwap(t *testing.T) {
	r := newRenderer(t)

	// During play: swap seat 0's secret good with a card of another spice in seat 1's hand.
	st := smPlayUntil(t, 4, 9, func(v *spicemerchant.View) bool {
		return v.Phase == spicemerchant.PhaseTurns && v.Round == 3 && v.Version%4 == 0
	})
	raw := smRaw(t, st)
	sec, hand := raw.pile(t, 0, "secret"), raw.pile(t, 1, "hand")
	if len(sec) == 0 || len(hand) == 0 {
		t.Fatal("seat 0 has no secret good or seat 1 no hand")
	}
	j := -1
	for k, c := range hand {
		if spicemerchant.CardKind(c) != spicemerchant.CardKind(sec[0]) {
			j = k
		}
	}
	if j < 0 {
		t.Fatal("seat 1 holds only the spice of seat 0's secret good")
	}
	sec[0], hand[j] = hand[j], sec[0]
	raw.setPile(0, "secret", sec)
	raw.setPile(1, "hand", hand)
	other := raw.load(t)
	if !bytes.Equal(boardPNG(t, r, st), boardPNG(t, r, other)) {
		t.Error("observer boards differ for states that differ only in a swapped secret good")
	}
	// The swap is real: the hand images of both seats change.
	for _, seat := range []rules.Seat{0, 1} {
		ha, err := r.Hand(st.View(seat), smNames)
		if err != nil {
			t.Fatal(err)
		}
		hb, err := r.Hand(other.View(seat), smNames)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(rendertest.Pix(t, ha), rendertest.Pix(t, hb)) {
			t.Errorf("seat %d's hand image did not change when its hidden cards changed", seat)
		}
	}

	// During registration: seat 0 has registered and seat 1 has not, against the reverse.
	reg := smPlayUntil(t, 4, 4, func(v *spicemerchant.View) bool {
		return v.Phase == spicemerchant.PhaseRegister && v.Round == 2 && v.Waiting == 4
	})
	raw = smRaw(t, reg)
	h0, h1 := raw.pile(t, 0, "hand"), raw.pile(t, 1, "hand")
	a := raw
	a.setPile(0, "secret", []int{h0[0]})
	a.setPile(0, "hand", append([]int{}, h0[1:]...))
	a.set(0, "need", 0)
	stA := a.load(t)
	raw = smRaw(t, reg)
	raw.setPile(1, "secret", []int{h1[len(h1)-1]})
	raw.setPile(1, "hand", append([]int{}, h1[:len(h1)-1]...))
	raw.set(1, "need", 0)
	stB := raw.load(t)
	va, vb := smView(t, stA.View(rules.Observer)), smView(t, stB.View(rules.Observer))
	if va.Waiting != 3 || vb.Waiting != 3 {
		t.Fatalf("waiting %d and %d, want 3 and 3", va.Waiting, vb.Waiting)
	}
	boardA := boardPNG(t, r, stA)
	rendertest.Save(t, "sm-register-board", boardA)
	// Seat 0's own hand shows its registered secret good; seat 1's asks it to register.
	for _, seat := range []rules.Seat{0, 1} {
		img, err := r.Hand(stA.View(seat), smNames)
		if err != nil {
			t.Fatal(err)
		}
		data, err := Drawer.Palette().EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Save(t, fmt.Sprintf("sm-register-hand%d", seat), data)
	}
	if !bytes.Equal(boardA, boardPNG(t, r, stB)) {
		t.Error("observer boards tell which player has registered secret goods")
	}
	for s := 0; s < 4; s++ {
		for _, st := range []rules.State{stA, stB} {
			img, err := r.Board(st.View(rules.Seat(s)), smNames)
			if err != nil {
				t.Fatal(err)
			}
			data, err := Drawer.Palette().EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, boardA) {
				t.Errorf("board from seat %d's view differs during registration", s)
			}
		}
	}
	// And the test can fail: the waiting count is public and does change the board.
	if bytes.Equal(boardA, boardPNG(t, r, reg)) {
		t.Error("board did not change when the number of players waiting changed")
	}
}

// A seat's hand image shows its secret goods: changing the spice of a secret good changes it.
func TestSpiceMerchantHandShowsSecretGoods(t *testing.T) {
	r := newRenderer(t)
	st := smPlayUntil(t, 3, 2, func(v *spicemerchant.View) bool {
		return v.Phase == spicemerchant.PhaseTurns && v.Round == 1
	})
	raw := smRaw(t, st)
	sec, hand := raw.pile(t, 0, "secret"), raw.pile(t, 0, "hand")
	j := -1
	for k, c := range hand {
		if spicemerchant.CardKind(c) != spicemerchant.CardKind(sec[0]) {
			j = k
		}
	}
	if j < 0 {
		t.Skip("seat 0 holds only one spice")
	}
	sec[0], hand[j] = hand[j], sec[0]
	raw.setPile(0, "secret", sec)
	raw.setPile(0, "hand", hand)
	other := raw.load(t)
	a, err := r.Hand(st.View(0), smNames)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Hand(other.View(0), smNames)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(rendertest.Pix(t, a), rendertest.Pix(t, b)) {
		t.Error("hand image did not change when a secret good changed spice")
	}
}

// smSellNow follows the rulebook's worked examples ("The end of round", examples 1 and 2):
// Robert 11, Jane 8. Markets as in the examples, with nutmeg and saffron on A and D (the
// engine's tests make the same choice).
func TestSpiceMerchantSellNow(t *testing.T) {
	card := func(spice string) spicemerchant.CardView { return spicemerchant.CardView{ID: "C00", Spice: spice} }
	mk := func(letter, spice string, n, value int) spicemerchant.MarketView {
		return spicemerchant.MarketView{Market: letter, Spice: spice, Count: n, Value: value}
	}
	example := []spicemerchant.MarketView{
		mk("A", "nutmeg", 3, 6), mk("B", "ginger", 4, 6), mk("C", "clove", 2, 4),
		mk("D", "saffron", 3, 8), mk("E", "pepper", 1, 2), mk("F", "ginger", 1, 1),
	}
	tests := []struct {
		name  string
		goods []spicemerchant.CardView
		want  string
		total int
	}{
		{"Robert", []spicemerchant.CardView{card("clove"), card("ginger"), card("ginger")}, "clove on C 4, ginger on B 6, ginger on F 1: 11 pts", 11},
		{"Jane", []spicemerchant.CardView{card("pepper"), card("ginger"), card("pepper")}, "black pepper on E 2, ginger on B 6, black pepper unsold: 8 pts", 8},
		{"no market", []spicemerchant.CardView{card("cinnamon")}, "cinnamon unsold: 0 pts", 0},
		{"nothing", nil, ": 0 pts", 0},
	}
	for _, tc := range tests {
		if got := smSellNowText(newRenderer(t).NewKit(spicemerchant.Game, nil), tc.goods, example); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		if _, total := smSellNow(tc.goods, example); total != tc.total {
			t.Errorf("%s: total %d, want %d", tc.name, total, tc.total)
		}
	}
}

func TestSpiceMerchantCardRows(t *testing.T) {
	cards := func(spices ...string) []spicemerchant.CardView {
		var out []spicemerchant.CardView
		for i, s := range spices {
			out = append(out, spicemerchant.CardView{ID: fmt.Sprintf("C%02d", i+1), Spice: s})
		}
		return out
	}
	inner := float64(smHandW - 2*smHandMargin)
	// Seven cards of six spices fit one row; the groups come in the rules' spice order.
	gs := smGroups(cards("saffron", "ginger", "clove", "ginger", "pepper", "nutmeg", "cinnamon"))
	if len(gs) != 6 || gs[0].spice != "ginger" || len(gs[0].cards) != 2 || gs[5].spice != "saffron" {
		t.Fatalf("groups %+v", gs)
	}
	pos, rows := smCardRows(gs, inner)
	if rows != 1 || len(pos) != 7 {
		t.Fatalf("7 cards of 6 spices: %d rows, %d positions; want 1 row", rows, len(pos))
	}
	if last := pos[6][0] + smCardW; last > inner {
		t.Errorf("last card ends at %.0f, beyond %.0f", last, inner)
	}
	// Twelve cards wrap, and nothing overflows the width.
	pos, rows = smCardRows(smGroups(cards("ginger", "ginger", "ginger", "ginger", "ginger", "ginger", "ginger",
		"clove", "clove", "clove", "clove", "clove")), inner)
	if rows < 2 {
		t.Errorf("12 cards in %d row", rows)
	}
	for _, p := range pos {
		if p[0]+smCardW > inner {
			t.Errorf("card at %.0f overflows %.0f", p[0], inner)
		}
	}
}

// Rendering from several goroutines at once gives the same images as rendering alone (run with
// -race to check the caches and faces).
func TestSpiceMerchantConcurrentRendering(t *testing.T) {
	var states []rules.State
	for i, moves := range []int{0, 12, 40, 90, 5000} {
		states = append(states, smGame(t, 3+i%2, uint64(20+i), moves))
	}
	fresh := newRenderer(t)
	wantB := make([][]byte, len(states))
	wantH := make([][]byte, len(states))
	for i, st := range states {
		b, err := fresh.Board(st.View(rules.Observer), smNames)
		if err != nil {
			t.Fatal(err)
		}
		wantB[i] = rendertest.Pix(t, b)
		h, err := fresh.Hand(st.View(1), smNames)
		if err != nil {
			t.Fatal(err)
		}
		wantH[i] = rendertest.Pix(t, h)
	}
	r := newRenderer(t)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 4; k++ {
				i := (g + k) % len(states)
				b, err := r.Board(states[i].View(rules.Observer), smNames)
				if err != nil {
					errs <- err
					return
				}
				h, err := r.Hand(states[i].View(1), smNames)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b.(*image.RGBA).Pix, wantB[i]) || !bytes.Equal(h.(*image.RGBA).Pix, wantH[i]) {
					errs <- fmt.Errorf("goroutine %d: state %d rendered differently", g, i)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// smBenchState is a mid-round 4-player game (round 3, several markets occupied).
func smBenchState(b *testing.B) rules.State { return smPlayUntil(b, 4, 2, smAtBench) }

// smAtBench reports whether v is smBenchState's position.
func smAtBench(v *spicemerchant.View) bool {
	occupied, _ := smMarketTally(v.Markets[:])
	return v.Round == 3 && v.Phase == spicemerchant.PhaseTurns && occupied >= 4
}

// BenchmarkSpiceMerchantBoard draws and encodes a mid-round 4-player board (see
// rendertest.BenchmarkImage).
func BenchmarkSpiceMerchantBoard(b *testing.B) {
	st := smPlayUntil(b, 4, 2, func(v *spicemerchant.View) bool { return smAtBench(v) })
	rendertest.BenchmarkImage(b, newRenderer(b), st.View(rules.Observer), smNames, false)
}

// BenchmarkSpiceMerchantHand draws and encodes the hand of the seat to play.
func BenchmarkSpiceMerchantHand(b *testing.B) {
	st := smBenchState(b)
	v := st.View(smView(b, st.View(rules.Observer)).Turn)
	rendertest.BenchmarkImage(b, newRenderer(b), v, smNames, true)
}

func newRenderer(t testing.TB) *render.Renderer {
	t.Helper()
	r, err := render.New([]render.Game{{Rules: spicemerchant.Game, Draw: Drawer}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
