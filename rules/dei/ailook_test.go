package dei

import (
	"context"
	"testing"

	"spicebot/ai"
)

// Issue 26 item 6: the strong AI (package ai, whose search follows Policy's lead) does not look
// at a card it already knows and cannot pay for — it would refuse it again with nothing changed,
// a board edit for nothing. (Before Policy learnt it, it did so with every seed.)
func TestAIDoesNotLookAgainInVain(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		s := quiet(t, 3)
		sh := place(s, 0, Big, s.layout().Islands[0].Anchors[0], 0)
		pile := s.Piles[0]
		top := pile[len(pile)-1]
		sh.Goods = Goods{Crate: cards[top].Crates - 1, Gold: 2}
		s.Seats[0].Known = []Peek{{Island: 0, Card: top}}
		s.Seats[0].Home = Goods{}
		m, err := ai.Player{Level: ai.Strong, Iterations: 60, Budget: -1}.Decide(context.Background(), s, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		if m.(Move).Kind == KLook {
			t.Fatalf("seed %d: the AI looks again at the card it knows it cannot pay for (%d crates, %d aboard)", seed, cards[top].Crates, cards[top].Crates-1)
		}
	}
}
