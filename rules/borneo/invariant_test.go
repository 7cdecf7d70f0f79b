package borneo

import (
	"fmt"
	"testing"

	"spicebot/rules"
)

// checkConservation checks that every shipment card is in exactly one place, every harbour card
// in at most one, and every company has at most five merchants.
func checkConservation(s *State) error {
	var seen [numShipments]int
	add := func(where string, cards []int) error {
		for _, c := range cards {
			seen[c]++
			if seen[c] > 1 {
				return fmt.Errorf("card %s twice (again in %s)", shipmentIDs[c], where)
			}
		}
		return nil
	}
	lists := map[string][]int{"deck": s.Deck, "discard": s.Discard, "unclaimed": s.Unclaimed}
	for i := range s.Seats {
		lists[fmt.Sprintf("hand %d", i)] = s.Seats[i].Hand
		lists[fmt.Sprintf("warehouse %d", i)] = s.Seats[i].Cards
	}
	for i, h := range s.Harbours {
		lists[fmt.Sprintf("harbour slot %d", i)] = h.Cards
	}
	if s.Fight != nil {
		lists["attack"] = s.Fight.AttackCards
		lists["defence"] = s.Fight.DefenceCards
	}
	if s.Dist != nil {
		lists["pool"] = s.Dist.Pool
	}
	for where, cards := range lists {
		if err := add(where, cards); err != nil {
			return err
		}
	}
	for c, n := range seen {
		if n == 0 {
			return fmt.Errorf("card %s is nowhere", shipmentIDs[c])
		}
	}
	for c, col := range s.Companies {
		if len(col) > columnSize {
			return fmt.Errorf("company %s has %d merchants", company(c), len(col))
		}
	}
	return nil
}

func TestCardConservation(t *testing.T) {
	for seed := uint64(1); seed <= 120; seed++ {
		su := setups[int(seed)%len(setups)]
		st, err := Game.New(su.Players, su.Options, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := rules.NewRNG(seed)
		_, err = rules.Playout(s, &rng, 5000, func(r rules.Record) error {
			if err := checkConservation(s); err != nil {
				return fmt.Errorf("after %q by %d (v%d): %w", r.Move, r.Seat, s.Moves, err)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
