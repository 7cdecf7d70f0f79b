package dei

import (
	"fmt"
	"testing"

	"spicebot/rules"
)

// goodsInPlay sums every good at home, aboard and floating.
func goodsInPlay(s *State) Goods {
	var g Goods
	for i := range s.Seats {
		for k := range g {
			g[k] += s.Seats[i].Home[k]
		}
		for _, sh := range s.Seats[i].Ships {
			for k := range g {
				g[k] += sh.Goods[k]
			}
		}
	}
	for _, l := range s.Floating {
		g[l.Good] += l.N
	}
	return g
}

// checkInvariants: the 30 cards are each in exactly one pile or the discard; goods in play are
// the start plus what the rules made minus what they destroyed (nothing appears or vanishes when
// goods move); one ship per square, on squares it may be on; stats on their tracks; no negative
// cargo; the moving ship has MP left.
func checkInvariants(s *State, start Goods) error {
	seen := make([]int, NumCards)
	for _, p := range s.Piles {
		for _, c := range p {
			seen[c]++
		}
	}
	for _, c := range s.Discard {
		seen[c]++
	}
	for c, n := range seen {
		if n != 1 {
			return fmt.Errorf("card %s is in %d places", CardID(c), n)
		}
	}
	got := goodsInPlay(s)
	for k := range got {
		if want := start[k] + s.Made[k] - s.Destroyed[k]; got[k] != want {
			return fmt.Errorf("%s: %d in play, want %d (start %d + made %d − destroyed %d)", goodCodes[k], got[k], want, start[k], s.Made[k], s.Destroyed[k])
		}
	}
	l := s.layout()
	occupied := map[Square]bool{s.Pirates[0]: true}
	if occupied[s.Pirates[1]] {
		return fmt.Errorf("both pirates on %v", s.Pirates[1])
	}
	occupied[s.Pirates[1]] = true
	for p := 0; p < 2; p++ {
		if q := s.Pirates[p]; l.isLand(q) || l.Kind(q) == HomePort {
			return fmt.Errorf("pirate %d on %v", p, q)
		}
	}
	for i := range s.Seats {
		for k, sh := range s.Seats[i].Ships {
			if occupied[sh.At] {
				return fmt.Errorf("seat %d ship %d shares %v", i, k, sh.At)
			}
			occupied[sh.At] = true
			if l.isLand(sh.At) || l.Kind(sh.At) == HomePort && l.HomeAt(sh.At) != i {
				return fmt.Errorf("seat %d ship %d on %v", i, k, sh.At)
			}
			for st := Stat(0); st < numStats; st++ {
				if v := sh.Stats[st]; v < tracks[st].Min || v > tracks[st].Max {
					return fmt.Errorf("seat %d ship %d %s %d off its track", i, k, statCodes[st], v)
				}
			}
			for g, n := range sh.Goods {
				if n < 0 {
					return fmt.Errorf("seat %d ship %d carries %d %s", i, k, n, goodCodes[g])
				}
			}
		}
		for g, n := range s.Seats[i].Home {
			if n < 0 {
				return fmt.Errorf("seat %d home has %d %s", i, n, goodCodes[g])
			}
		}
	}
	if s.Moving >= 0 && (s.MPLeft <= 0 || s.Winner >= 0) && s.Pending == nil {
		if _, over, _ := s.overloaded(); !over {
			return fmt.Errorf("ship %d moving with %d MP", s.Moving, s.MPLeft)
		}
	}
	return nil
}

func TestInvariants(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 3
	}
	for n := 2; n <= 4; n++ {
		for seed := 1; seed <= seeds; seed++ {
			st, err := Game.New(n, nil, uint64(seed))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			start := goodsInPlay(s)
			rng := rules.NewRNG(uint64(seed) * 77)
			for step := 0; step < 20000; step++ {
				if _, over := s.Outcome(); over {
					break
				}
				seat, m := Policy(s, &rng)
				if m == nil {
					t.Fatalf("%dp seed %d: dead end", n, seed)
				}
				if err := s.Apply(seat, m); err != nil {
					t.Fatalf("%dp seed %d: %v", n, seed, err)
				}
				if err := checkInvariants(s, start); err != nil {
					t.Fatalf("%dp seed %d after move %d %q: %v", n, seed, step+1, m, err)
				}
			}
			if _, over := s.Outcome(); !over {
				t.Fatalf("%dp seed %d: no winner", n, seed)
			}
		}
	}
}

// Rulings §2.6: the player-vs-player results table by margin, with 2 gold for a missing spice.
func TestFightResults(t *testing.T) {
	wins := map[string]bool{}
	for seed := uint64(1); seed <= 400 && len(wins) < 4; seed++ {
		s := quiet(t, 3)
		s.RNG = rules.NewRNG(seed)
		a := place(s, 0, Big, Square{6, 3}, 0)
		d := place(s, 1, Big, Square{7, 3}, 0)
		a.Goods = Goods{Gold: 3, Clove: 1, Nutmeg: 1}
		d.Goods = Goods{Gold: 3, Clove: 1, Pepper: 1}
		play(t, s, 0, "attack big 1 big")
		// Read the dice back from the log line.
		var ca, ra, ta, cd, rd, td int
		var line string
		for _, e := range s.Log(-1) {
			if _, err := fmt.Sscanf(english(e.Text), "{0}'s big ship attacks {1}'s big ship: %d cannons + %d = %d against %d cannons + %d = %d.", &ca, &ra, &ta, &cd, &rd, &td); err == nil {
				line = english(e.Text)
			}
		}
		if line == "" || ta != ca+ra || td != cd+rd {
			t.Fatalf("no readable fight line: %v", s.Log(-1))
		}
		winner, loser := a, d
		ws := rules.Seat(0)
		if td > ta {
			winner, loser, ws = d, a, 1
		}
		margin := max(ta-td, td-ta)
		if s.Pending != nil {
			if s.Pending.Kind != PendSteal || s.Pending.Seat != ws {
				t.Fatalf("pending %+v, want the winner %d choosing a spice", s.Pending, ws)
			}
			play(t, s, ws, texts(s, ws)[0])
		}
		gold, spices := winner.Goods[Gold]-3, winner.Goods.Spices()-2
		var want [2]int
		switch {
		case margin <= 1:
			want = [2]int{2, 0}
		case margin <= 4:
			want = [2]int{0, 1}
		default:
			want = [2]int{2, 1}
		}
		if gold != want[0] || spices != want[1] || loser.Goods[Gold] != 3-want[0] || loser.Goods.Spices() != 2-want[1] {
			t.Fatalf("%s: winner got %d gold %d spices, want %v", line, gold, spices, want)
		}
		wins[fmt.Sprint(ws, margin >= 2)] = true
		refused(t, s, 0, "attack big 1 big") // once per ship per turn
	}
	if len(wins) < 3 {
		t.Errorf("the seeds did not cover both winners and margins: %v", wins)
	}
	// A loser without spices pays 2 gold instead of the spice.
	for seed := uint64(1); seed <= 400; seed++ {
		s := quiet(t, 3)
		s.RNG = rules.NewRNG(seed)
		a := place(s, 0, Big, Square{6, 3}, 0)
		d := place(s, 1, Big, Square{7, 3}, 0)
		a.Stats[Cannons], d.Stats[Cannons] = 8, 1
		d.Goods = Goods{Gold: 5}
		play(t, s, 0, "attack big 1 big")
		if m := a.Stats[Cannons] - d.Stats[Cannons]; m >= 0 && a.Goods[Gold] >= 2 {
			if a.Goods[Gold] != 2 && a.Goods[Gold] != 4 {
				t.Fatalf("winner took %d gold from a ship without spices", a.Goods[Gold])
			}
			if a.Goods[Gold] == 4 {
				return
			}
		}
	}
	t.Error("no seed gave a margin of 5 against a ship without spices")
}
