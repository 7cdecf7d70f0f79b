package dei

import (
	"testing"

	"spicebot/rules"
)

// A worked example of the undo rulings (package doc, "Undo"): looking at a card shows it to the
// looker and accepting shows it to all, so neither can be taken back; refusing it can, and so
// can dumping an overload; ending the turn rolls the next player's pirate dice and cannot. A
// Determinize for another seat keeps the looker's knowledge on top of the island's pile.
func TestUndoTrade(t *testing.T) {
	s := quiet(t, 4)
	is := s.layout().Islands[0] // W1, anchor (4,4)
	sh := place(s, 0, Small, is.Anchors[0], 0)
	sh.Goods[Crate], sh.Goods[Gold] = 2, 3
	s.Piles[0] = append(s.Piles[0], 8) // T09 on top (a 31st card only for this test)
	if s.Undoable() {
		t.Fatal("a new game is undoable")
	}
	play(t, s, 0, "look small W1")
	if s.Undoable() {
		t.Error("looking at a card is undoable")
	}
	// Another seat knows that seat 0 looks at the top card of W1, not which card it is.
	d := s.Determinize(1, 3).(*State)
	if top := d.Piles[0][len(d.Piles[0])-1]; d.Pending == nil || d.Pending.Card != top {
		t.Fatalf("determinized for seat 1: pending %+v, top of W1 %d", d.Pending, top)
	}
	play(t, s, 0, "refuse")
	if !s.Undoable() {
		t.Error("refusing a card is not undoable")
	}
	if d := s.Determinize(0, 3).(*State); d.Piles[0][len(d.Piles[0])-1] != 8 {
		t.Errorf("determinized for the looker, W1's top card is %d, want T09 (8)", d.Piles[0][len(d.Piles[0])-1])
	}
	for seed := uint64(1); seed <= 10; seed++ {
		d := s.Determinize(2, seed).(*State)
		if k := d.Seats[0].Known; len(k) != 1 || k[0].Card != d.Piles[0][len(d.Piles[0])-1] {
			t.Fatalf("seed %d: seat 0's known card %+v is not W1's top card in Determinize(2)", seed, k)
		}
	}

	s = quiet(t, 4)
	sm := place(s, 0, Small, is.Anchors[0], 0)
	sm.Goods[Crate], sm.Goods[Gold] = 2, 3
	s.Piles[0] = append(s.Piles[0], 8)
	play(t, s, 0, "look small W1")
	play(t, s, 0, "accept")
	if s.Undoable() {
		t.Error("accepting a card is undoable")
	}
	play(t, s, 0, "dump small gold")
	if !s.Undoable() {
		t.Error("dumping an overload is not undoable")
	}
	if c := s.Describe(0, Move{Kind: KEnd}); !c.Irreversible {
		t.Error("ending the turn is not marked irreversible")
	}
	play(t, s, 0, "end")
	if s.Undoable() {
		t.Error("ending the turn (the pirates' dice) is undoable")
	}
	if s.Turn != 1 || s.Active()[0] == rules.Observer {
		t.Fatalf("turn %d", s.Turn)
	}
}
