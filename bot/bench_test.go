package bot_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"spicebot/rules"
)

// reportLatencies reports the median and 99th percentile of ds in milliseconds.
func reportLatencies(b *testing.B, ds []time.Duration) {
	if len(ds) == 0 {
		return
	}
	slices.Sort(ds)
	pct := func(p float64) float64 {
		i := int(float64(len(ds)-1) * p)
		return float64(ds[i].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

// BenchmarkInteractionAck measures an interaction from dispatch (INTERACTION_CREATE sent on the
// gateway) to its initial response received by the loopback Discord: the "Your move" button of a
// Borneo board, which loads the game and builds the move menu.
func BenchmarkInteractionAck(b *testing.B) {
	h := newHarness(b, 3)
	h.openLobby("borneo", 3)
	board := h.boardAt(0)
	_, _, st := h.state()
	user := h.userAt(st.Active()[0])
	btn, _ := board.Button("Your move")
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		ix := h.srv.Button(user, h.channel, board.ID, btn.CustomID)
		if _, err := ix.Response(ctxT(b)); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(start))
	}
	b.StopTimer()
	reportLatencies(b, ds)
}

// BenchmarkFullTurn measures one decision from "Your move" through the decision menu's steps to the
// new board posted in the channel, rendered and uploaded: Borneo, 3 players, random picks, a new
// game whenever one ends.
func BenchmarkFullTurn(b *testing.B) {
	h := newHarness(b, 3)
	rng := rand.New(rand.NewPCG(3, 5))
	h.openLobby("borneo", 3)
	v := 0
	board := h.boardAt(v)
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		_, _, st := h.stateByID()
		if _, over := st.Outcome(); over {
			h.openLobby("borneo", 3)
			v = 0
			board = h.boardAt(v)
			_, _, st = h.state()
		}
		var movers []rules.Seat
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 {
				movers = append(movers, s)
			}
		}
		user := h.userAt(movers[rng.IntN(len(movers))])
		b.StartTimer()
		start := time.Now()
		// One decision through the decision menu, from "Your move" to the move played.
		if _, res := h.playTurn(user, board, nil, rng); !strings.HasPrefix(res.Content, "You played") {
			b.Fatalf("decision answered %q", res.Content)
		}
		_, _, st = h.stateByID()
		v = st.Version()
		board = h.boardAt(v)
		ds = append(ds, time.Since(start))
	}
	b.StopTimer()
	reportLatencies(b, ds)
}
