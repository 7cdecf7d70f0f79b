package spicemerchant

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"spicebot/rules"
)

// TestScoreTableComplete checks every value of the deck and score tables against NOTES §3.3
// (every cell, not only those the rulebook prints).
func TestScoreTableComplete(t *testing.T) {
	want := [NumSpices]struct {
		cards  int
		scores [MaxDemand]int
	}{
		{19, [4]int{1, 2, 4, 6}}, // ginger
		{17, [4]int{2, 3, 5, 6}}, // black pepper
		{15, [4]int{2, 4, 5, 7}}, // cinnamon
		{13, [4]int{2, 4, 6, 8}}, // nutmeg
		{11, [4]int{2, 4, 7, 9}}, // clove
		{9, [4]int{3, 6, 8, 10}}, // saffron
	}
	for k := Spice(0); k < NumSpices; k++ {
		for d := 1; d <= MaxDemand; d++ {
			if got := k.Value(d); got != want[k].scores[d-1] {
				t.Errorf("%s at %d cards scores %d, want %d", k.Name(), d, got, want[k].scores[d-1])
			}
		}
		if spices[k].cards != want[k].cards {
			t.Errorf("%s: %d cards, want %d", k.Name(), spices[k].cards, want[k].cards)
		}
	}
}

// TestTableMatchesComponentData compares the Go table with the component research's JSON
// (read at test time; skipped when it is not on this machine).
func TestTableMatchesComponentData(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("../../../shared/games/components", "spice_merchant_spices.json"))
	if os.IsNotExist(err) {
		t.Skip("component data spice_merchant_spices.json is absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Kind   string         `json:"kind"`
		Cards  int            `json:"cards"`
		Scores map[string]int `json:"score_by_demand"`
	}
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, r := range rows {
		if r.Kind == "" {
			continue // the status note
		}
		k, ok := parseSpice(strings.ReplaceAll(r.Kind, "_", " "))
		if !ok {
			t.Errorf("unknown spice %q in the data", r.Kind)
			continue
		}
		seen++
		if r.Cards != spices[k].cards {
			t.Errorf("%s: %d cards in the data, %d in Go", r.Kind, r.Cards, spices[k].cards)
		}
		for d := 1; d <= MaxDemand; d++ {
			if v := r.Scores[string(rune('0'+d))]; v != k.Value(d) {
				t.Errorf("%s at %d cards: data %d, Go %d", r.Kind, d, v, k.Value(d))
			}
		}
	}
	if seen != NumSpices {
		t.Errorf("%d spices in the data, want %d", seen, NumSpices)
	}
}

// TestNewRoundShuffles: the new round's deck is the old deck, the market cards and the unsold
// goods shuffled together (rulebook "The beginning of new round"), not stacked in that order.
func TestNewRoundShuffles(t *testing.T) {
	b := newBuilder(t, 4, 2)
	b.market(0, Ginger, 4).market(1, Clove, 3).market(2, Saffron, 2).market(3, Cinnamon, 1)
	b.hand(0, Clove, Nutmeg, Nutmeg).secret(0, Nutmeg).open(0, Saffron)
	b.hand(1, Ginger).hand(2, Cinnamon).hand(3, BlackPepper)
	s := b.done()
	s.First, s.Turn = 3, 0
	// Unshuffled, the new deck would be the old deck after seat 0 draws 5, then the market cards
	// in the order they lie (the clove from seat 0's hand joins B), then the unsold nutmeg.
	unshuffled := append([]int{}, s.Deck[:len(s.Deck)-5]...)
	clove := -1
	for _, c := range s.Seats[0].Hand {
		if cardKind[c] == Clove {
			clove = c
		}
	}
	for m := range s.Markets {
		unshuffled = append(unshuffled, s.Markets[m].Cards...)
		if m == 1 {
			unshuffled = append(unshuffled, clove)
		}
	}
	unshuffled = append(unshuffled, s.Seats[0].Secret...)
	mustApply(t, s, 0, "demand 1 clove B")
	if s.Round != 3 || s.Phase != PhaseRegister {
		t.Fatalf("round %d phase %s, want round 3's registration", s.Round, s.Phase)
	}
	got := append([]int{}, s.Deck...)
	if reflect.DeepEqual(got, unshuffled) {
		t.Fatalf("the new deck is the old deck, the market cards and the unsold goods stacked in order: %v", got)
	}
	sort.Ints(got)
	sort.Ints(unshuffled)
	if !reflect.DeepEqual(got, unshuffled) {
		t.Fatalf("the new deck holds %v, want %v", got, unshuffled)
	}
}

// TestTieBreakAmongTiedOnly: the goods-sold tie-break compares the tied players only; a player
// behind on points who sold more goods changes nothing (rulebook "The end of game").
func TestTieBreakAmongTiedOnly(t *testing.T) {
	s := finalBoard(t, []int{30, 30, 12}, []int{9, 10, 15})
	mustApply(t, s, 0, "demand 1 ginger B")
	out, over := s.Outcome()
	if !over || !reflect.DeepEqual(out.Winners, []rules.Seat{1}) || out.TieBreak != TieMostSold || en(out.TieBreak) != "most goods sold" {
		t.Fatalf("winners %v tie-break %q, want seat 1 on most goods sold (scores %v)", out.Winners, out.TieBreak, out.Scores)
	}
}
