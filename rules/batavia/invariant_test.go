package batavia

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"spicebot/rules"
)

// randomGames plays n random games of every setup and calls each after every move.
func randomGames(t *testing.T, n int, each func(s *State, r rules.Record)) {
	t.Helper()
	for i := 0; i < n; i++ {
		setup := allSetups[i%len(allSetups)]
		st, err := Game.New(setup.Players, setup.Options, uint64(1000+i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := rules.NewRNG(uint64(i))
		each(s, rules.Record{Seat: NoSeat})
		if _, err := rules.Playout(s, &rng, 5000, func(r rules.Record) error {
			each(s, r)
			return nil
		}); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
}

// strictLeader is the seal holder recomputed here, independently of State.Seal.
func strictLeader(s *State, c Company) rules.Seat {
	counts := make([]int, len(s.Seats))
	for i := range s.Seats {
		counts[i] = s.Seats[i].Laid[c]
	}
	for i, x := range counts {
		sole := x > 0
		for j, y := range counts {
			if j != i && y >= x {
				sole = false
			}
		}
		if sole {
			return rules.Seat(i)
		}
	}
	return NoSeat
}

// expectedScores recomputes the final gold from the rulebook's "Scoring", independently of
// computeScores.
func expectedScores(s *State) []int {
	n := len(s.Seats)
	out := make([]int, n)
	values := map[string][2]int{"tea": {10, 5}, "cotton": {11, 5}, "china": {12, 6}, "silk": {13, 6}, "ginger": {14, 7}, "nutmeg": {15, 7}, "pepper": {16, 8}}
	for k := Commodity(0); k < NumCommodities; k++ {
		crates := make([]int, n)
		for _, w := range s.Warehouse[k] {
			if w >= 0 {
				crates[w]++
			}
		}
		best := 0
		for _, c := range crates {
			best = max(best, c)
		}
		var leaders []int
		for i, c := range crates {
			if c == best && best > 0 {
				leaders = append(leaders, i)
			}
		}
		v := values[k.Name()]
		for _, i := range leaders {
			if len(leaders) == 1 {
				out[i] += v[0]
			} else {
				out[i] += v[1]
			}
		}
	}
	most := 0
	for i := range s.Seats {
		most = max(most, s.Seats[i].Notes)
	}
	var rich []int
	for i := range s.Seats {
		if s.Seats[i].Notes == most {
			rich = append(rich, i)
		}
	}
	for _, i := range rich {
		if len(rich) == 1 {
			out[i] += 5
		} else {
			out[i] += 2
		}
	}
	if s.TargetBy >= 0 {
		out[s.TargetBy] += 4
	}
	for c := Company(0); c < NumCompanies; c++ {
		if w := strictLeader(s, c); w >= 0 {
			out[w] += 2
		}
	}
	for i := range s.Seats {
		out[i] += s.Seats[i].Gold
	}
	return out
}

// TestInvariants checks after every move of random games that every ship card, trading post,
// crate and note is in exactly one place (State.Check), that the seals are the strict majorities,
// that merchants only move forward and hands are dealt from the start, and at the end that the
// scores are the rulebook's, recomputed here, with the right winners.
func TestInvariants(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 18
	}
	var pos []int
	randomGames(t, games, func(s *State, r rules.Record) {
		if err := s.Check(); err != nil {
			t.Fatalf("after %q by %d: %v", r.Move, r.Seat, err)
		}
		if r.Seat == NoSeat {
			pos = make([]int, len(s.Seats))
			for i := range s.Seats {
				if h := handTotal(&s.Seats[i].Hand); h != StartHand {
					t.Fatalf("seat %d dealt %d cards", i, h)
				}
			}
		}
		v := s.View(rules.Observer).(*View)
		for c := Company(0); c < NumCompanies; c++ {
			if got, want := v.Seals[c], strictLeader(s, c); got != want {
				t.Fatalf("after %q: %s seal with %d, want %d", r.Move, c.Adjective(), got, want)
			}
		}
		for i := range s.Seats {
			if s.Seats[i].Pos < pos[i] {
				t.Fatalf("after %q: seat %d moved back from %d to %d", r.Move, i, pos[i], s.Seats[i].Pos)
			}
			pos[i] = s.Seats[i].Pos
		}
		if s.Phase == PhaseOver {
			want := expectedScores(s)
			best := 0
			for _, x := range want {
				best = max(best, x)
			}
			for i, x := range want {
				if s.Final.Scores[i] != x {
					t.Fatalf("seat %d scored %d, want %d (%+v)", i, s.Final.Scores[i], x, s.Scores[i])
				}
				won := false
				for _, w := range s.Final.Winners {
					won = won || int(w) == i
				}
				if won != (x == best) {
					t.Fatalf("winners %v with scores %v", s.Final.Winners, want)
				}
			}
			for i := range s.Seats {
				if handTotal(&s.Seats[i].Hand) != 0 {
					t.Fatalf("seat %d kept cards in hand at the end", i)
				}
			}
		}
	})
}

// TestLegalAgreesWithCheck tries every possible move for every seat in positions of random games:
// Apply's check accepts exactly the moves Legal lists.
func TestLegalAgreesWithCheck(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 6
	}
	var all []Move
	for _, m := range moveTable.simple {
		if m != nil {
			all = append(all, m.(Move))
		}
	}
	for n := 1; n <= MaxBid; n++ {
		all = append(all, moveTable.bid[n].(Move))
	}
	for c := Company(0); c < NumCompanies; c++ {
		all = append(all, moveTable.sail[c].(Move))
		for n := 1; n <= ShipsPerCompany; n++ {
			all = append(all, moveTable.lay[c][n].(Move))
		}
	}
	randomGames(t, games, func(s *State, r rules.Record) {
		for seat := rules.Observer; int(seat) < s.NumPlayers; seat++ {
			legal := map[Move]bool{}
			for _, m := range s.Legal(seat) {
				legal[m.(Move)] = true
			}
			for _, m := range all {
				if ok := s.check(seat, m) == nil; ok != legal[m] {
					t.Fatalf("after %q: seat %d move %q: check says %v, Legal says %v", r.Move, seat, m, ok, legal[m])
				}
			}
		}
	})
}

// TestViewsHideSecrets changes what a viewer may not know — the other players' hands (same
// sizes), their note counts, the stack's order and which commodity lies under each face-down
// counter (same company) — and checks that nothing the viewer is shown changes: the view, the
// status, the private text and, for the seat to act, its moves and their labels.
func TestViewsHideSecrets(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 6
	}
	rng := rules.NewRNG(99)
	step := 0
	randomGames(t, games, func(s *State, r rules.Record) {
		step++
		if step%5 != 0 {
			return
		}
		data, _ := json.Marshal(s)
		for v := rules.Observer; int(v) < s.NumPlayers; v++ {
			cp := &State{}
			if err := json.Unmarshal(data, cp); err != nil {
				t.Fatal(err)
			}
			perturb(cp, v, &rng)
			if err := cp.Check(); err != nil {
				t.Fatalf("perturbed state is broken: %v", err)
			}
			a, b := shown(s, v), shown(cp, v)
			if a != b {
				t.Fatalf("viewer %d sees a secret after %q:\n%s\n%s", v, r.Move, a, b)
			}
		}
	})
}

func shown(s *State, v rules.Seat) string {
	var b strings.Builder
	view, _ := json.Marshal(s.View(v))
	b.Write(view)
	b.WriteString("\n" + s.Status() + "\n" + s.Private(v) + "\n")
	for _, m := range s.Legal(v) {
		c, _ := json.Marshal(s.Describe(v, m))
		b.WriteString(m.String() + " " + string(c) + "\n")
	}
	return b.String()
}

func perturb(s *State, v rules.Seat, rng *rules.RNG) {
	for i := range s.Seats {
		if rules.Seat(i) == v {
			continue
		}
		h := &s.Seats[i].Hand
		// The cards known to be in the hand (won at auction) are not shown either; this
		// perturbation may move them, so it forgets them.
		s.Seats[i].Known = nil
		for c := Company(0); c < NumCompanies; c++ {
			for k := h[c]; k > 0 && len(s.Stack) > 0; k-- {
				if rng.Intn(2) == 0 {
					j := rng.Intn(len(s.Stack))
					h[c]--
					h[s.Stack[j]]++
					s.Stack[j] = c
				}
			}
		}
	}
	// What went into a restocked stack is not shown either; the perturbation may break it.
	s.Restock = nil
	others := []int{}
	for i := range s.Seats {
		if rules.Seat(i) != v {
			others = append(others, i)
		}
	}
	if a, b := others[0], others[1]; s.Seats[a].Notes > 0 && s.Phase != PhaseOver {
		x := 1 + rng.Intn(s.Seats[a].Notes)
		s.Seats[a].Notes -= x
		s.Seats[b].Notes += x
	}
	stack := s.Stack
	rng.Shuffle(len(stack), func(i, j int) { stack[i], stack[j] = stack[j], stack[i] })
	for i := s.FaceUp; i < NumHexes; i++ {
		for j := i + 1; j < NumHexes; j++ {
			if s.Track[i] >= 0 && s.Track[j] >= 0 && s.Track[i].Company() == s.Track[j].Company() && rng.Intn(2) == 0 {
				s.Track[i], s.Track[j] = s.Track[j], s.Track[i]
			}
		}
	}
}

// TestComponentData compares the Go tables with ../shared/games/components/batavia_trading_posts.json
// when it is there: the 35 counters in id order and the quick-start layout.
func TestComponentData(t *testing.T) {
	data, err := os.ReadFile("../../../shared/games/components/batavia_trading_posts.json")
	if err != nil {
		t.Skip("component data not present:", err)
	}
	var f struct {
		Counters []struct{ Company, Commodity string } `json:"counters"`
		Layout   []struct {
			Hex                int
			Company, Commodity string
		} `json:"quickstart_layout"`
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&f); err != nil {
		t.Fatal(err)
	}
	if len(f.Counters) != NumPosts || len(f.Layout) != NumHexes {
		t.Fatalf("%d counters, %d hexes", len(f.Counters), len(f.Layout))
	}
	for i, c := range f.Counters {
		p := Post(i)
		if p.Company().Name() != c.Company || !strings.EqualFold(p.Commodity().Name(), c.Commodity) {
			t.Errorf("%s is %s %s, data says %s %s", p.ID(), p.Company().Name(), p.Commodity().Name(), c.Company, c.Commodity)
		}
	}
	layout := quickStartLayout()
	for _, e := range f.Layout {
		p := layout[e.Hex-1]
		if p.Company().Name() != e.Company || !strings.EqualFold(p.Commodity().Name(), e.Commodity) {
			t.Errorf("hex %d holds %s, data says %s %s", e.Hex, p.Words(), e.Company, e.Commodity)
		}
	}
}
