package borneo

import (
	"fmt"
	"testing"

	"spicebot/rules"
)

// checkConservation checks that every shipment card, harbour card and mission tile is in exactly
// one place — shipment cards: deck, discard pile, a hand, a warehouse, a harbour column, a fight
// or a distribution pool; harbour cards: the harbour deck, a face-up slot, a warehouse, spent on
// a mission, or out of the game by player count; missions: the board, a seat's completed
// missions, or out of the game by player count — and that no company has more than five
// merchants. A crafted test position holds only some components: with complete false, only
// "at most one place" is checked.
func checkConservation(s *State, complete bool) error {
	var ships [numShipments][]string
	var harbs [numHarbours][]string
	var miss [numMissions][]string
	put := func(where string, list *[]string) { *list = append(*list, where) }
	for _, c := range s.Deck {
		put("deck", &ships[c])
	}
	for _, c := range s.Discard {
		put("discard", &ships[c])
	}
	for i := range s.Seats {
		st := &s.Seats[i]
		for _, c := range st.Hand {
			put(fmt.Sprintf("hand %d", i), &ships[c])
		}
		for _, c := range st.Cards {
			put(fmt.Sprintf("warehouse %d", i), &ships[c])
		}
		for _, h := range st.HarbourCards {
			put(fmt.Sprintf("warehouse %d", i), &harbs[h])
		}
		for _, m := range st.Missions {
			put(fmt.Sprintf("completed by %d", i), &miss[m])
		}
	}
	for i, hb := range s.Harbours {
		for _, c := range hb.Cards {
			put(fmt.Sprintf("harbour slot %d", i), &ships[c])
		}
		if hb.Card >= 0 {
			put(fmt.Sprintf("harbour slot %d", i), &harbs[hb.Card])
		}
	}
	if s.Fight != nil {
		for _, c := range s.Fight.AttackCards {
			put("attack", &ships[c])
		}
		for _, c := range s.Fight.DefenceCards {
			put("defence", &ships[c])
		}
	}
	if s.Dist != nil {
		for _, c := range s.Dist.Pool {
			put("pool", &ships[c])
		}
	}
	for _, h := range s.HarbourDeck {
		put("harbour deck", &harbs[h])
	}
	for _, h := range s.Spent {
		put("spent on a mission", &harbs[h])
	}
	for _, m := range s.Missions {
		put("board", &miss[m])
	}
	n := len(s.Seats)
	for h := range harbs {
		if mark := harbours[h].mark; (mark == markFive && n < 5) || (mark == markThreeFour && n == 5) {
			put("out of the game", &harbs[h])
		}
	}
	for m := range miss {
		if missions[m].fivePlayers && n < 5 {
			put("out of the game", &miss[m])
		}
	}
	check := func(id string, where []string) error {
		if len(where) > 1 || (complete && len(where) == 0) {
			return fmt.Errorf("%s is in %d places %v, want exactly one", id, len(where), where)
		}
		return nil
	}
	for c, w := range ships {
		if err := check(shipmentIDs[c], w); err != nil {
			return err
		}
	}
	for h, w := range harbs {
		if err := check(harbourIDs[h], w); err != nil {
			return err
		}
	}
	for m, w := range miss {
		if err := check(missionIDs[m], w); err != nil {
			return err
		}
	}
	for c, col := range s.Companies {
		if len(col) > columnSize {
			return fmt.Errorf("company %s has %d merchants", company(c), len(col))
		}
	}
	return nil
}

// TestCardConservation plays random games of every setup and checks conservation after every
// move (and that missions and harbour cards are actually spent, so the check is exercised).
func TestCardConservation(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 40
	}
	spent, paid := 0, 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		su := setups[int(seed)%len(setups)]
		st, err := Game.New(su.Players, su.Options, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if err := checkConservation(s, true); err != nil {
			t.Fatalf("seed %d after setup: %v", seed, err)
		}
		rng := rules.NewRNG(seed)
		_, err = rules.Playout(s, &rng, 5000, func(r rules.Record) error {
			if err := checkConservation(s, true); err != nil {
				return fmt.Errorf("after %q by %d (v%d): %w", r.Move, r.Seat, s.Moves, err)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		spent += len(s.Spent)
		for i := range s.Seats {
			paid += len(s.Seats[i].Missions)
		}
	}
	if spent == 0 || paid == 0 {
		t.Errorf("random games completed %d missions and spent %d harbour cards: the check saw none", paid, spent)
	}
}
