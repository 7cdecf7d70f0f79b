package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func TestRigSmoke(t *testing.T) {
	r := newRig(t, nil)
	tb := r.startGame("910000000000000001", 3, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := within(t, 20*time.Second)
	for i := 0; i < 3; i++ {
		user, move, v, ok := r.randomMove(tb, rng)
		if !ok {
			t.Fatal("game over")
		}
		m, err := r.play(tb, user, move).Final(ctx)
		if err != nil || !strings.Contains(m.Content, "played") {
			t.Fatalf("play %q: %v %q", move, err, m.Content)
		}
		if got := r.state(tb.game).Version(); got != v+1 {
			t.Fatalf("version %d after move, want %d", got, v+1)
		}
	}
	r.waitIdle(ctx, nil)
	boards := 0
	for _, m := range r.srv.Messages(tb.channel) {
		if isBoard(m) {
			boards++
		}
	}
	if boards == 0 {
		t.Fatalf("no boards: %s", r.logs)
	}
}
