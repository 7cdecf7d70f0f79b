package spicemerchant

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"spicebot/rules"
)

func TestNewGame(t *testing.T) {
	if _, err := Game.New(2, nil, 1); err == nil {
		t.Fatal("2 players accepted")
	}
	if _, err := Game.New(5, nil, 1); err == nil {
		t.Fatal("5 players accepted")
	}
	if _, err := Game.New(3, rules.Options{"blackbeard": true}, 1); err == nil {
		t.Fatal("unknown option accepted")
	}
	firsts := map[rules.Seat]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		st, err := Game.New(4, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		firsts[s.First] = true
		for i, p := range s.Seats {
			if len(p.Hand) != HandSize || p.Need != 1 {
				t.Fatalf("seat %d: hand %d need %d", i, len(p.Hand), p.Need)
			}
		}
		if len(s.Deck) != NumCards-4*HandSize || s.Round != 1 || s.Phase != PhaseRegister {
			t.Fatalf("deck %d round %d phase %s", len(s.Deck), s.Round, s.Phase)
		}
		if got := en(st.Status()); got != "Waiting for 4 players to register secret goods." {
			t.Fatalf("status %q", got)
		}
	}
	if len(firsts) != 4 {
		t.Fatalf("first player is not random: only %v in 40 games", firsts)
	}
}

// TestRegistration plays a round-1 registration: every seat is active, a seat that has
// registered has no moves left, and when the last registers all draw back to 7 and the first
// player's turn begins.
func TestRegistration(t *testing.T) {
	st, _ := Game.New(3, nil, 5)
	s := st.(*State)
	first := s.First
	if !reflect.DeepEqual(s.Active(), []rules.Seat{0, 1, 2}) {
		t.Fatalf("active %v", s.Active())
	}
	mustReject(t, s, 0, "open "+s.kindOf(0).Key(), "every player registers secret goods first")
	k := s.kindOf(1)
	mustApply(t, s, 1, "secret "+k.Key())
	if len(s.Seats[1].Secret) != 1 || cardKind[s.Seats[1].Secret[0]] != k || len(s.Seats[1].Hand) != 6 {
		t.Fatalf("seat 1 after registering: %+v", s.Seats[1])
	}
	if got := s.Legal(1); len(got) != 0 {
		t.Fatalf("seat 1 still has moves %v", got)
	}
	mustReject(t, s, 1, "secret "+s.kindOf(1).Key(), "You have registered your secret goods")
	if !reflect.DeepEqual(s.Active(), []rules.Seat{0, 1, 2}) || en(s.Status()) != "Waiting for 2 players to register secret goods." {
		t.Fatalf("active %v status %q", s.Active(), en(s.Status()))
	}
	mustApply(t, s, 0, "secret "+s.kindOf(0).Key())
	if en(s.Status()) != "Waiting for 1 player to register secret goods." {
		t.Fatalf("status %q", en(s.Status()))
	}
	mustApply(t, s, 2, "secret "+s.kindOf(2).Key())
	if s.Phase != PhaseTurns || s.Turn != first || !reflect.DeepEqual(s.Active(), []rules.Seat{first}) {
		t.Fatalf("phase %s turn %d active %v", s.Phase, s.Turn, s.Active())
	}
	for i, p := range s.Seats {
		if len(p.Hand) != HandSize || len(p.Secret) != 1 {
			t.Fatalf("seat %d: hand %d secret %d", i, len(p.Hand), len(p.Secret))
		}
	}
	if len(s.Deck) != NumCards-3*HandSize-3 {
		t.Fatalf("deck %d", len(s.Deck))
	}
	if want := rules.SeatRef(first) + " to play: open goods or fake demand."; en(s.Status()) != want {
		t.Fatalf("status %q, want %q", en(s.Status()), want)
	}
	// Each seat's draw is private: its own log names the spice, the others' do not show it.
	if !strings.Contains(logText(s, 0, 3), "You draw ") || strings.Contains(logText(s, rules.Observer, 0), "draw ") {
		t.Fatalf("draw lines wrong:\n%s\n--\n%s", logText(s, 0, 3), logText(s, rules.Observer, 0))
	}
}

// kindOf returns the spice of the first card in seat's hand.
func (s *State) kindOf(seat int) Spice { return cardKind[s.Seats[seat].Hand[0]] }

// TestRegistrationSecrecy registers for one seat or another and checks that nothing public, nor
// what a third seat sees (view, log, Hidden), depends on which seat it was: only the number still
// waiting is public.
func TestRegistrationSecrecy(t *testing.T) {
	for _, round := range []int{1, 3} {
		base := stateAtRegistration(t, 4, round)
		snap := func(s *State) []string {
			var out []string
			for _, v := range []rules.Seat{rules.Observer, 3} {
				view, _ := json.Marshal(s.View(v))
				log, _ := json.Marshal(s.Log(v))
				out = append(out, string(view), string(log), strings.Join(s.Hidden(v), ","))
			}
			act, _ := json.Marshal(s.Active())
			return append(out, en(s.Status()), string(act), legalTexts2(s, 3))
		}
		var after [][]string
		for seat := 0; seat < 3; seat++ {
			s := cloneState(t, base)
			mustApply(t, s, rules.Seat(seat), "secret "+s.kindOf(seat).Key())
			after = append(after, snap(s))
		}
		for i := 1; i < len(after); i++ {
			for j := range after[0] {
				if after[i][j] != after[0][j] {
					t.Fatalf("round %d: item %d differs between seat 0 and seat %d registering:\n%s\n%s", round, j, i, after[0][j], after[i][j])
				}
			}
		}
		if round == 3 && !strings.Contains(after[0][len(after[0])-3], "Waiting for 4 players") {
			t.Fatalf("round 3 status %q", after[0][len(after[0])-3])
		}
		if round == 1 && !strings.Contains(after[0][len(after[0])-3], "Waiting for 3 players") {
			t.Fatalf("round 1 status %q", after[0][len(after[0])-3])
		}
	}
}

func legalTexts2(s *State, seat rules.Seat) string { return strings.Join(legalTexts(s, seat), "|") }

func cloneState(t *testing.T, s *State) *State {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := Game.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return cp.(*State)
}

// stateAtRegistration plays random moves until the registration of round starts.
func stateAtRegistration(t *testing.T, players, round int) *State {
	t.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		st, _ := Game.New(players, nil, seed)
		s := st.(*State)
		rng := rules.NewRNG(seed)
		for s.Phase != PhaseOver {
			if s.Round == round && s.Phase == PhaseRegister && s.waiting() == players {
				return s
			}
			if _, err := rules.RandomStep(s, &rng); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no game reached round %d's registration", round)
	return nil
}

// TestRoundsAndRegistrationCounts follows random games: 1 secret good in rounds 1–2 and 2 in
// rounds 3–4, the first player moving one seat clockwise each round, 4 rounds, and every card
// always somewhere exactly once.
func TestRoundsAndRegistrationCounts(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		players := 3 + int(seed%2)
		st, _ := Game.New(players, nil, seed)
		s := st.(*State)
		rng := rules.NewRNG(seed)
		first0, lastRound := s.First, 0
		for s.Phase != PhaseOver {
			if s.Round != lastRound {
				lastRound = s.Round
				if s.First != rules.Seat((int(first0)+s.Round-1)%players) {
					t.Fatalf("seed %d round %d: first player %d", seed, s.Round, s.First)
				}
				for i, p := range s.Seats {
					if want := min(secretGoods(s.Round), len(p.Hand)+len(p.Secret)); p.Need+len(p.Secret) != want {
						t.Fatalf("seed %d round %d seat %d: need %d", seed, s.Round, i, p.Need)
					}
				}
			}
			if _, err := rules.RandomStep(s, &rng); err != nil {
				t.Fatal(err)
			}
			if err := s.validate(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if lastRound != 4 {
			t.Fatalf("seed %d: game ended in round %d", seed, lastRound)
		}
		for i, p := range s.Seats {
			if len(p.RoundScores) != 4 {
				t.Fatalf("seed %d seat %d: %d round scores", seed, i, len(p.RoundScores))
			}
		}
	}
}

// TestLegalMatchesCheck compares, in many positions of random games, Legal with what Apply
// accepts, for every seat and every possible move.
func TestLegalMatchesCheck(t *testing.T) {
	var all []Move
	all = append(all, Move{})
	for k := Spice(0); k < NumSpices; k++ {
		all = append(all, Move{Kind: MoveSecret, Spice: k}, Move{Kind: MoveOpen, Spice: k})
		for m := 0; m < NumMarkets; m++ {
			for c := 1; c <= MaxDemand; c++ {
				all = append(all, Move{Kind: MoveDemand, Spice: k, Count: c, Market: m})
			}
		}
	}
	if len(all) != 1+12+144 {
		t.Fatalf("%d moves", len(all))
	}
	for seed := uint64(1); seed <= 40; seed++ {
		st, _ := Game.New(3+int(seed%2), nil, seed)
		s := st.(*State)
		rng := rules.NewRNG(seed + 1000)
		for s.Phase != PhaseOver {
			for seat := rules.Observer; int(seat) < s.NumPlayers; seat++ {
				legal := map[Move]bool{}
				for _, m := range s.Legal(seat) {
					legal[m.(Move)] = true
				}
				for _, m := range all {
					err := s.check(seat, m)
					if (err == nil) != legal[m] {
						t.Fatalf("seed %d v%d seat %d %q: Legal %v, check %v", seed, s.Applied, seat, m, legal[m], err)
					}
					if err != nil && rules.Reason(err) == "" {
						t.Fatalf("no reason for %q: %v", m, err)
					}
				}
			}
			if s.Phase == PhaseTurns {
				if legal := legalTexts(s, s.Turn); (len(legal) == 1 && legal[0] == "pass") != (len(s.Seats[s.Turn].Hand) == 0) {
					t.Fatalf("seed %d v%d: moves %v with %d cards in hand", seed, s.Applied, legal, len(s.Seats[s.Turn].Hand))
				}
			}
			if _, err := rules.RandomStep(s, &rng); err != nil {
				t.Fatal(err)
			}
		}
		for _, m := range all {
			mustReject(t, s, 0, m.String(), "The game is over.")
		}
	}
}

// TestMarketRules checks each fake-demand rule on a crafted board: one spice per market, at most
// four cards, a spice on at most two markets, cards from the hand.
func TestMarketRules(t *testing.T) {
	b := newBuilder(t, 3, 1)
	b.market(0, Ginger, 3).market(1, Ginger, 1).market(2, Clove, 1)
	b.hand(0, Ginger, Ginger, Clove, Clove, Clove, Saffron, Saffron).secret(0, Nutmeg)
	b.hand(1, Ginger).hand(2, Ginger)
	s := b.done()
	mustReject(t, s, 0, "demand 1 clove A", "Market A already holds ginger; put clove on an empty market or one with clove.")
	mustReject(t, s, 0, "demand 2 ginger A", "Market A holds 3 ginger; it takes at most 4 cards, so only 1 more.")
	mustReject(t, s, 0, "demand 1 ginger D", "Ginger already occupies two markets.")
	mustReject(t, s, 0, "demand 3 ginger B", "You have only 2 ginger.")
	mustReject(t, s, 0, "demand 1 nutmeg D", "You have no nutmeg in hand.")
	mustReject(t, s, 0, "secret clove", "Secret goods are registered only at the start of a round.")
	mustReject(t, s, 0, "pass", "You may pass only when you have no legal action")
	mustReject(t, s, 1, "demand 1 ginger B", "It is not your turn: {0} is playing.")
	mustReject(t, s, rules.Observer, "demand 1 ginger B", "Only a seated player can make moves.")
	got := legalTexts(s, 0)
	want := []string{"open ginger", "open clove", "open saffron",
		"demand 1 ginger A", "demand 1 ginger B", "demand 2 ginger B",
		"demand 1 clove C", "demand 2 clove C", "demand 3 clove C",
		"demand 1 clove D", "demand 2 clove D", "demand 3 clove D",
		"demand 1 clove E", "demand 2 clove E", "demand 3 clove E",
		"demand 1 clove F", "demand 2 clove F", "demand 3 clove F",
		"demand 1 saffron D", "demand 2 saffron D", "demand 1 saffron E", "demand 2 saffron E",
		"demand 1 saffron F", "demand 2 saffron F"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("legal moves\n%v\nwant\n%v", got, want)
	}
	// Saffron on D takes a market; a second market for saffron is still allowed, a third is not.
	mustApply(t, s, 0, "demand 1 saffron D")
	if s.Markets[3].Spice != Saffron || len(s.Markets[3].Cards) != 1 || len(s.Seats[0].Hand) != HandSize {
		t.Fatalf("market D %+v, hand %d", s.Markets[3], len(s.Seats[0].Hand))
	}
	if !strings.Contains(logText(s, rules.Observer, 1), "{0} fakes demand: 1 saffron on market D (now 1, worth 3 a good) and draws 1 card.") {
		t.Fatalf("log:\n%s", logText(s, rules.Observer, 1))
	}
	if !strings.Contains(logText(s, 0, 1), "You fake demand: 1 saffron on market D (now 1, worth 3 a good) and draw saffron.") {
		t.Fatalf("private log:\n%s", logText(s, 0, 1))
	}
}

// TestOpenGoods: open goods once per round, the same spice as a secret good allowed, the hand
// refilled, and allowed again in the next round.
func TestOpenGoods(t *testing.T) {
	b := newBuilder(t, 3, 2)
	b.market(0, Ginger, 4).market(1, Clove, 3)
	b.hand(0, Ginger, Ginger, Clove, Clove, Clove, Saffron, Saffron).secret(0, Ginger)
	b.hand(1, Nutmeg, Nutmeg, Nutmeg).hand(2, Nutmeg, Nutmeg)
	s := b.done()
	if l := en(s.Label(0, Move{Kind: MoveOpen, Spice: Ginger})); l != "Open good: ginger (best market now: A, worth 6)" {
		t.Fatalf("label %q", l)
	}
	mustApply(t, s, 0, "open ginger")
	if len(s.Seats[0].Open) != 1 || cardKind[s.Seats[0].Open[0]] != Ginger || len(s.Seats[0].Hand) != HandSize {
		t.Fatalf("seat 0: %+v", s.Seats[0])
	}
	if en(s.Status()) != "{1} to play: open goods or fake demand." {
		t.Fatalf("status %q", en(s.Status()))
	}
	mustApply(t, s, 1, "demand 1 nutmeg C")
	mustApply(t, s, 2, "demand 1 nutmeg D")
	if en(s.Status()) != "{0} to play: fake demand." {
		t.Fatalf("status %q", en(s.Status()))
	}
	mustReject(t, s, 0, "open clove", "You have already registered open goods this round.")
	for _, m := range legalTexts(s, 0) {
		if strings.HasPrefix(m, "open") {
			t.Fatalf("open goods offered twice: %v", legalTexts(s, 0))
		}
	}
	// End the round (B reaches four cards), then open goods are allowed again in round 3.
	mustApply(t, s, 0, "demand 1 clove B")
	// Two ginger goods but ginger on one market only: one sells on A for 6, one is discarded.
	if s.Round != 3 || s.Seats[0].Score != 6 || !reflect.DeepEqual(s.Seats[0].Last.Discarded, []Spice{Ginger}) {
		t.Fatalf("round %d, score %d, last %+v", s.Round, s.Seats[0].Score, s.Seats[0].Last)
	}
	if len(legalTexts(s, 0)) == 0 || s.Phase != PhaseRegister {
		t.Fatal("no registration in round 3")
	}
}

// TestNewRound ends round 2 and checks the reshuffle: the market cards and unsold goods go back
// into the deck with it, hands and sold goods stay, the next seat becomes first player and
// registers two goods.
func TestNewRound(t *testing.T) {
	b := newBuilder(t, 4, 2)
	b.market(0, Ginger, 4).market(1, Clove, 3).market(2, Saffron, 2)
	b.hand(0, Clove, Nutmeg, Nutmeg).secret(0, Nutmeg).open(0, Saffron)
	b.hand(1, Ginger, Ginger).secret(1, Ginger).sold(1, Cinnamon)
	b.hand(2, Cinnamon)
	b.hand(3)
	s := b.done()
	s.First, s.Turn = 3, 0
	deck := len(s.Deck)
	hand1 := append([]int{}, s.Seats[1].Hand...)
	mustApply(t, s, 0, "demand 1 clove B")
	// Seat 0 drew 3 (hand 2 → 7... no: hand 3 - 1 = 2, refilled to 7: 5 cards) before the round ended.
	deck -= 5
	if s.Round != 3 || s.First != 0 || s.Turn != 0 || s.Phase != PhaseRegister {
		t.Fatalf("round %d first %d turn %d phase %s", s.Round, s.First, s.Turn, s.Phase)
	}
	// Markets: 4 + 4 + 2 = 10 cards back; unsold: seat 0's nutmeg.
	if len(s.Deck) != deck+10+1 {
		t.Fatalf("deck %d, want %d", len(s.Deck), deck+11)
	}
	for m := range s.Markets {
		if len(s.Markets[m].Cards) != 0 {
			t.Fatalf("market %d not cleared", m)
		}
	}
	if !reflect.DeepEqual(s.Seats[1].Hand, hand1) || len(s.Seats[1].Sold) != 2 || s.Seats[1].Score != 6 {
		t.Fatalf("seat 1: %+v", s.Seats[1])
	}
	if s.Seats[0].Score != 6 || len(s.Seats[0].Sold) != 1 {
		t.Fatalf("seat 0 sold saffron on C for 6: %+v", s.Seats[0])
	}
	needs := []int{2, 2, 1, 0}
	for i, p := range s.Seats {
		if p.Need != needs[i] {
			t.Fatalf("seat %d needs %d, want %d (hand %d)", i, p.Need, needs[i], len(p.Hand))
		}
	}
	if en(s.Status()) != "Waiting for 3 players to register secret goods." {
		t.Fatalf("status %q", en(s.Status()))
	}
	if err := s.validate(); err != nil {
		t.Fatal(err)
	}
	log := logText(s, rules.Observer, 1)
	if !strings.Contains(log, "Round 3 begins: {0} is the first player and the deck holds") ||
		!strings.Contains(log, "Every player registers 2 secret goods.") {
		t.Fatalf("log:\n%s", log)
	}
}

// TestDeckExhaustion: with the deck empty nobody draws and hands shrink (ruling 3.4.7); a player
// with no cards has no action but pass; when everyone passes in a row the round ends.
func TestDeckExhaustion(t *testing.T) {
	b := newBuilder(t, 3, 1)
	b.hand(0, Ginger, Ginger, Ginger).secret(0, Clove)
	b.hand(1, Clove).secret(1, Clove)
	b.hand(2, Nutmeg).secret(2, Clove)
	b.deckSize(1)
	s := b.done()
	mustApply(t, s, 0, "demand 3 ginger A")
	if len(s.Seats[0].Hand) != 1 || len(s.Deck) != 0 {
		t.Fatalf("hand %d deck %d", len(s.Seats[0].Hand), len(s.Deck))
	}
	mustApply(t, s, 1, "demand 1 clove B")
	if len(s.Seats[1].Hand) != 0 || !strings.Contains(logText(s, rules.Observer, 2), "the deck is empty, so no card is drawn") {
		t.Fatalf("hand %d, log:\n%s", len(s.Seats[1].Hand), logText(s, rules.Observer, 2))
	}
	mustApply(t, s, 2, "open nutmeg")
	mustApply(t, s, 0, "open saffron")
	if got := legalTexts(s, 1); !reflect.DeepEqual(got, []string{"pass"}) {
		t.Fatalf("seat 1 with no cards: %v", got)
	}
	if got := en(s.Status()); got != "{1} has no cards left and must pass." {
		t.Fatalf("status %q", got)
	}
	if l := en(s.Label(1, Move{})); l != "Pass (no legal action)" {
		t.Fatalf("label %q", l)
	}
	mustApply(t, s, 1, "pass")
	mustApply(t, s, 2, "pass")
	mustApply(t, s, 0, "pass")
	if s.Round != 2 || !strings.Contains(logText(s, rules.Observer, 1), "Round 1 ends: every player passed in a row.") {
		t.Fatalf("round %d, log:\n%s", s.Round, logText(s, rules.Observer, 1))
	}
	// Every seat sold its secret clove on B (1 card: 2 points); the open goods found no market.
	if s.Seats[1].Score != 2 || s.Seats[0].Score != 2 || s.Seats[2].Score != 2 || len(s.Seats[0].Last.Discarded) != 1 {
		t.Fatalf("scores %d %d %d", s.Seats[0].Score, s.Seats[1].Score, s.Seats[2].Score)
	}
	// Nobody has a card left, so nobody registers anything in round 2: the new deck (4 market
	// cards and 2 unsold goods) is dealt out from the new first player, seat 1.
	if s.Phase != PhaseTurns || s.First != 1 || s.Turn != 1 || len(s.Seats[1].Hand) != 6 ||
		len(s.Seats[0].Hand)+len(s.Seats[2].Hand)+len(s.Deck) != 0 {
		t.Fatalf("phase %s first %d hands %d %d %d deck %d", s.Phase, s.First,
			len(s.Seats[0].Hand), len(s.Seats[1].Hand), len(s.Seats[2].Hand), len(s.Deck))
	}
	if got := legalTexts(s, 1); len(got) == 0 || got[0] == "pass" {
		t.Fatalf("seat 1 moves %v", got)
	}
}

// TestEmptyHandRegistration: a seat with no cards at the start of a round registers nothing and
// is not waited for.
func TestEmptyHandRegistration(t *testing.T) {
	b := newBuilder(t, 3, 1)
	b.market(0, Ginger, 4).market(1, Clove, 3)
	b.hand(0, Clove).hand(1).hand(2, Nutmeg, Saffron)
	b.deckSize(0)
	s := b.done()
	mustApply(t, s, 0, "demand 1 clove B")
	if s.Round != 2 || s.Phase != PhaseRegister {
		t.Fatalf("round %d phase %s", s.Round, s.Phase)
	}
	if s.Seats[0].Need != 0 || s.Seats[1].Need != 0 || s.Seats[2].Need != 1 {
		t.Fatalf("needs %d %d %d", s.Seats[0].Need, s.Seats[1].Need, s.Seats[2].Need)
	}
	if en(s.Status()) != "Waiting for 1 player to register secret goods." || len(s.Legal(0)) != 0 {
		t.Fatalf("status %q", en(s.Status()))
	}
	if !reflect.DeepEqual(s.Active(), []rules.Seat{0, 1, 2}) {
		t.Fatalf("active %v", s.Active())
	}
	mustApply(t, s, 2, "secret saffron")
	if s.Phase != PhaseTurns || s.Turn != 1 {
		t.Fatalf("phase %s turn %d", s.Phase, s.Turn)
	}
}

// TestPassResets: a pass followed by an action does not count towards the round end.
func TestPassResets(t *testing.T) {
	b := newBuilder(t, 3, 1)
	b.hand(0).hand(1, Ginger, Ginger).hand(2)
	b.deckSize(0)
	s := b.done()
	mustApply(t, s, 0, "pass")
	mustApply(t, s, 1, "demand 1 ginger A")
	mustApply(t, s, 2, "pass")
	mustApply(t, s, 0, "pass")
	if s.Round != 1 || s.Passes != 2 {
		t.Fatalf("round %d passes %d", s.Round, s.Passes)
	}
	mustApply(t, s, 1, "open ginger")
	mustApply(t, s, 2, "pass")
	mustApply(t, s, 0, "pass")
	mustApply(t, s, 1, "pass")
	if s.Round != 2 {
		t.Fatalf("round %d", s.Round)
	}
}

// TestFinalScores: highest score wins; a tie goes to the most goods sold; a tie on both gives
// co-winners.
func TestFinalScores(t *testing.T) {
	cases := []struct {
		name     string
		scores   []int
		sold     []int
		winners  []rules.Seat
		tieBreak string
		status   string
	}{
		{"clear", []int{30, 25, 12}, []int{9, 10, 4}, []rules.Seat{0}, "", "Game over: {0} wins with 32 points."},
		{"goods sold", []int{30, 30, 12}, []int{9, 10, 4}, []rules.Seat{1}, "most goods sold", "Game over: {1} wins with 32 points, ahead on goods sold (11)."},
		{"co-winners", []int{30, 20, 30}, []int{9, 10, 9}, []rules.Seat{0, 2}, "co-winners", "Game over: {0} and {2} are co-winners with 32 points and 10 goods sold each."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := finalBoard(t, c.scores, c.sold)
			mustApply(t, s, 0, "demand 1 ginger B")
			out, over := s.Outcome()
			if !over || s.Phase != PhaseOver || len(s.Active()) != 0 || len(s.Legal(0)) != 0 {
				t.Fatalf("game not over: %v phase %s", over, s.Phase)
			}
			if !reflect.DeepEqual(out.Winners, c.winners) || en(out.TieBreak) != c.tieBreak {
				t.Fatalf("winners %v tie-break %q, want %v %q (scores %v)", out.Winners, en(out.TieBreak), c.winners, c.tieBreak, out.Scores)
			}
			if en(s.Status()) != c.status {
				t.Fatalf("status %q, want %q", en(s.Status()), c.status)
			}
			if len(out.Details) != 3 || !strings.HasPrefix(en(out.Details[0]), "rounds 0 + 0 + 0 + 2 = ") {
				t.Fatalf("details %v", out.Details)
			}
		})
	}
}

// finalBoard is the last turn of round 4: each seat has the given score and sold goods, and two
// secret black peppers: one sells on C (1 card) for 2, the other is discarded.
func finalBoard(t *testing.T, scores, sold []int) *State {
	b := newBuilder(t, 3, 4)
	b.market(0, Clove, 4).market(1, Ginger, 3).market(2, BlackPepper, 1)
	for i := range scores {
		b.secret(i, BlackPepper, BlackPepper)
		b.hand(i, Ginger)
	}
	for i := range scores {
		b.soldAny(i, sold[i])
	}
	s := b.done()
	for i := range scores {
		s.Seats[i].Score = scores[i]
	}
	return s
}

// TestHiddenIsASet: Hidden lists the cards a viewer may not see in card order, so the list tells
// nothing about where each hidden card is — not the deck order, not whose hand holds it, not
// which cards are secret goods (NOTES §3.4.11).
func TestHiddenIsASet(t *testing.T) {
	b := newBuilder(t, 3, 3)
	b.market(1, Ginger, 4)
	b.hand(0, Saffron, Nutmeg).secret(0, Ginger, Clove)
	b.hand(1, Ginger, Cinnamon).secret(1, Saffron).open(1, Clove)
	b.hand(2, BlackPepper)
	s := b.done()
	for v := rules.Observer; v < 3; v++ {
		want := map[string]bool{}
		for _, c := range s.Deck {
			want[CardID(c)] = true
		}
		for i, p := range s.Seats {
			if rules.Seat(i) != v {
				for _, c := range append(append([]int{}, p.Hand...), p.Secret...) {
					want[CardID(c)] = true
				}
			}
		}
		got := s.Hidden(v)
		if len(got) != len(want) || !sort.StringsAreSorted(got) {
			t.Fatalf("viewer %d: Hidden has %d ids (want %d), sorted %v: %v", v, len(got), len(want), sort.StringsAreSorted(got), got)
		}
		for _, id := range got {
			if !want[id] {
				t.Fatalf("viewer %d: Hidden lists %s, which it may see", v, id)
			}
		}
	}
	// Swapping a secret good with a card in the deck and reversing the deck changes nothing.
	before := strings.Join(s.Hidden(rules.Observer), ",")
	s.Seats[0].Secret[0], s.Deck[0] = s.Deck[0], s.Seats[0].Secret[0]
	slices.Reverse(s.Deck)
	if after := strings.Join(s.Hidden(rules.Observer), ","); after != before {
		t.Fatalf("Hidden depends on where the cards are:\n%s\n%s", before, after)
	}
}

// TestMalformedMoves: Apply and Label take Move values with fields out of range (as a caller
// could build them) without panicking; Apply rejects them with a readable reason and changes
// nothing.
func TestMalformedMoves(t *testing.T) {
	st, _ := Game.New(3, nil, 4)
	s := st.(*State)
	rng := rules.NewRNG(4)
	for s.Phase != PhaseTurns {
		if _, err := rules.RandomStep(s, &rng); err != nil {
			t.Fatal(err)
		}
	}
	bad := []Move{
		{Kind: MoveSecret, Spice: 9},
		{Kind: MoveOpen, Spice: -1},
		{Kind: MoveDemand, Spice: Ginger, Count: 1, Market: 6},
		{Kind: MoveDemand, Spice: Ginger, Count: 1, Market: -1},
		{Kind: MoveDemand, Spice: 7, Count: 2, Market: 0},
		{Kind: MoveDemand, Spice: Ginger, Count: 0, Market: 0},
		{Kind: MoveDemand, Spice: Ginger, Count: 12, Market: 0},
		{Kind: MovePass, Count: 2},
		{Kind: MovePass, Spice: Clove},
		{Kind: MoveSecret, Spice: Ginger, Count: 1},
		{Kind: MoveOpen, Spice: Ginger, Market: 2},
		{Kind: 9},
	}
	before, _ := json.Marshal(s)
	for _, m := range bad {
		for _, seat := range []rules.Seat{s.Turn, rules.Observer} {
			text := m.String()
			if _, err := Game.ParseMove(text); err == nil {
				t.Errorf("%+v: text %q reads as a real move", m, text)
			}
			_ = s.Label(seat, m)
			err := s.Apply(seat, m)
			if err == nil || rules.Reason(err) == "" {
				t.Fatalf("%+v by seat %d: error %v", m, seat, err)
			}
			if mp := &m; s.Apply(seat, mp) == nil {
				t.Fatalf("*%+v accepted", m)
			}
		}
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Fatal("a malformed move changed the state")
	}
}

// TestCardChoiceTellsNothing: a move names a spice, and the engine takes a card of that spice
// from the hand at random (from the game's RNG), not by a rule on the ids: the lowest id, say,
// would tell everyone who later sees the card that the hand holds no lower card of that spice,
// and a high id would hint that a lower one went into the secret goods. Each of three ginger
// cards must be chosen in some game, for each kind of move, and the hand must stay sorted.
func TestCardChoiceTellsNothing(t *testing.T) {
	moves := []struct {
		text  string
		round int
		pile  func(s *State) []int
	}{
		{"secret ginger", 1, func(s *State) []int { return s.Seats[0].Secret }},
		{"open ginger", 2, func(s *State) []int { return s.Seats[0].Open }},
		{"demand 2 ginger A", 2, func(s *State) []int { return s.Markets[0].Cards }},
	}
	for _, mv := range moves {
		seen := map[int]bool{}
		for seed := uint64(1); seed <= 40; seed++ {
			b := newBuilder(t, 3, mv.round)
			b.hand(0, Ginger, Clove, Ginger, Saffron, Ginger).hand(1, Clove).hand(2, Clove)
			s := b.done()
			s.RNG = rules.NewRNG(seed)
			if mv.round == 1 {
				s.Phase = PhaseRegister
				s.Seats[0].Need, s.Seats[1].Need, s.Seats[2].Need = 1, 1, 1
			}
			gingers := []int{s.Seats[0].Hand[0], s.Seats[0].Hand[1], s.Seats[0].Hand[2]}
			mustApply(t, s, 0, mv.text)
			for _, c := range mv.pile(s) {
				if !slices.Contains(gingers, c) {
					t.Fatalf("%s: card %s is not one of the ginger cards in hand", mv.text, CardID(c))
				}
				seen[c] = true
			}
			if !slices.IsSorted(s.Seats[0].Hand) {
				t.Fatalf("%s: hand not sorted: %v", mv.text, s.Seats[0].Hand)
			}
			if err := s.validate(); err != nil {
				t.Fatal(err)
			}
		}
		if len(seen) != 3 {
			t.Errorf("%s: only cards %v were ever taken of three ginger cards", mv.text, seen)
		}
	}
}
