package ai_test

import (
	"context"
	"errors"
	"sort"
	"syscall"
	"testing"
	"time"

	"spicebot/ai"
	"spicebot/games"
	"spicebot/rules"
	"spicebot/rules/dei"
)

// help shortens the playouts of the games without an evaluation (The Dutch East Indies has its
// own: its State is ai.Guided and ai.Evaluator), so that the tests run quickly.
func help(p ai.Player, id string) ai.Player {
	if id != dei.Game.ID() && p.PlayoutSteps == 0 {
		p.PlayoutSteps = 400
	}
	return p
}

// playersFor is the player count the tests use for g: 4 when allowed, else its largest.
func playersFor(g rules.Game) int {
	lo, hi := g.Players()
	return max(lo, min(4, hi))
}

// position is a state in the middle of a game and a seat that has a real choice in it.
type position struct {
	st   rules.State
	seat rules.Seat
}

// positions plays a seeded game with random moves (dei.Policy for The Dutch East Indies) and
// keeps about n positions, spread over the first steps moves, where an active seat has at least
// two legal moves; every active seat with a choice is kept, and the first step where several seats
// decide at once after one has decided in secret (simultaneous registration) is always among them.
func positions(t testing.TB, g rules.Game, seed uint64, steps, n int) []position {
	t.Helper()
	st, err := g.New(playersFor(g), rules.Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(seed ^ 0xabc)
	var out []position
	every := max(1, steps/n)
	tookMulti := false // the first step where several seats decide at once is always kept
	for i := 0; i < steps && len(out) < n; i++ {
		if _, over := st.Outcome(); over {
			break
		}
		deciders := 0
		for _, s := range st.Active() {
			if len(st.Legal(s)) >= 2 {
				deciders++
			}
		}
		// Several seats deciding and one that has decided already (in secret): the position
		// where hidden information is freshest.
		multi := deciders > 1 && deciders < len(st.Active())
		if i%every == every-1 || multi && !tookMulti {
			tookMulti = tookMulti || multi
			for _, s := range st.Active() {
				if len(st.Legal(s)) >= 2 && len(out) < n+2 {
					cp, err := g.Load(mustMarshal(t, st))
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, position{cp, s})
				}
			}
		}
		if g.ID() == dei.Game.ID() {
			seat, m := dei.Policy(st, &rng)
			if m == nil {
				t.Fatalf("%s: dead end", g.ID())
			}
			if err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := rules.RandomStep(st, &rng); err != nil {
			t.Fatal(err)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no position with a choice", g.ID())
	}
	return out
}

func mustMarshal(t testing.TB, st rules.State) []byte {
	t.Helper()
	b, err := rules.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func isLegal(st rules.State, seat rules.Seat, m rules.Move) bool {
	_, ok := rules.FindLegal(st, seat, m)
	return ok
}

// TestInformationSafety checks, for every game and seat with a choice in positions spread over a
// game, that the AI's move is the same in the real state A and in B := A.Determinize(seat, s): a
// state in which everything hidden from the seat (other hands, the decks, the RNG's future) is
// re-drawn consistently with the seat's view. The AI thus cannot depend on the hidden cards.
func TestInformationSafety(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			n := 6
			if testing.Short() {
				n = 3
			}
			for _, pos := range positions(t, g, 11, 120, n) {
				p := help(ai.Player{Level: ai.Easy, Iterations: 24, Budget: -1}, g.ID())
				for _, s1 := range []uint64{1, 99} {
					b := pos.st.Determinize(pos.seat, s1)
					for _, seed := range []uint64{5, 6} {
						ma, err := p.Decide(context.Background(), pos.st, pos.seat, seed)
						if err != nil {
							t.Fatal(err)
						}
						mb, err := p.Decide(context.Background(), b, pos.seat, seed)
						if err != nil {
							t.Fatal(err)
						}
						if ma.String() != mb.String() {
							t.Errorf("v%d seat %d seed %d: the AI plays %q in the real state but %q in a state "+
								"the seat cannot tell apart (determinized with %d)", pos.st.Version(), pos.seat, seed, ma, mb, s1)
						}
					}
				}
			}
		})
	}
}

// TestDecideDeterministicLegalAndPure checks that, with an iteration cap, equal seeds give equal
// moves, that the move is legal, and that Decide leaves the state it is given unchanged.
func TestDecideDeterministicLegalAndPure(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			for _, pos := range positions(t, g, 3, 80, 3) {
				before := mustMarshal(t, pos.st)
				p := help(ai.Player{Level: ai.Strong, Iterations: 40, Budget: -1}, g.ID())
				var got []string
				for i := 0; i < 2; i++ {
					m, err := p.Decide(context.Background(), pos.st, pos.seat, 42)
					if err != nil {
						t.Fatal(err)
					}
					if !isLegal(pos.st, pos.seat, m) {
						t.Fatalf("v%d seat %d: the AI chose %q, not a legal move", pos.st.Version(), pos.seat, m)
					}
					got = append(got, m.String())
				}
				if got[0] != got[1] {
					t.Errorf("v%d seat %d: the same seed gave %q then %q", pos.st.Version(), pos.seat, got[0], got[1])
				}
				if after := mustMarshal(t, pos.st); string(after) != string(before) {
					t.Errorf("v%d: Decide changed the state it was given", pos.st.Version())
				}
			}
		})
	}
}

// TestDecideErrors: a seat with nothing to do gets ErrNoMove, an unknown level an error, and a
// cancelled context before any search its error.
func TestDecideErrors(t *testing.T) {
	g := games.Registry().All()[0]
	pos := positions(t, g, 1, 20, 1)[0]
	idle := rules.Seat(-1)
	for s := rules.Seat(0); int(s) < pos.st.Players(); s++ {
		if len(pos.st.Legal(s)) == 0 {
			idle = s
			break
		}
	}
	if idle >= 0 {
		if _, err := ai.Decide(context.Background(), pos.st, idle, "easy", 1); !errors.Is(err, ai.ErrNoMove) {
			t.Errorf("idle seat: got %v, want ErrNoMove", err)
		}
	}
	if _, err := ai.Decide(context.Background(), pos.st, rules.Observer, "easy", 1); !errors.Is(err, ai.ErrNoMove) {
		t.Errorf("observer: got %v, want ErrNoMove", err)
	}
	if _, err := ai.Decide(context.Background(), pos.st, pos.seat, "genius", 1); err == nil {
		t.Error("unknown level accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// The first iteration always runs, so a cancelled context still
	// gets a legal move.
	m, err := ai.Player{Level: ai.Strong, Iterations: 2, Budget: -1}.Decide(ctx, pos.st, pos.seat, 1)
	if err != nil || !isLegal(pos.st, pos.seat, m) {
		t.Errorf("cancelled context: got %v, %v; want a legal move", m, err)
	}
	for _, l := range []string{"random", "easy", "strong"} {
		m, err := ai.Player{Level: ai.Level(l), Iterations: 8, Budget: -1}.Decide(context.Background(), pos.st, pos.seat, 3)
		if err != nil || !isLegal(pos.st, pos.seat, m) {
			t.Errorf("level %s: got %v, %v; want a legal move", l, m, err)
		}
	}
}

// TestAIFinishesGames plays whole games between AI players of every level (short mode: the first
// moves only) and checks that every move is legal and that the games end.
func TestAIFinishesGames(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			n := playersFor(g)
			if g.ID() == dei.Game.ID() {
				n = 2 // The Dutch East Indies' games are long: two players keep the test cheap
			}
			st, err := g.New(n, rules.Options{}, 7)
			if err != nil {
				t.Fatal(err)
			}
			levels := []ai.Level{ai.Strong, ai.Easy, ai.Random, ai.Easy}
			limit, mustEnd := 100000, !testing.Short()
			if testing.Short() {
				limit = 25
			}
			for step := 0; ; step++ {
				if _, over := st.Outcome(); over {
					break
				}
				if step >= limit {
					if mustEnd {
						t.Fatalf("no end after %d moves", limit)
					}
					return
				}
				seat := rules.Seat(-1)
				for _, s := range st.Active() {
					if len(st.Legal(s)) > 0 {
						seat = s
						break
					}
				}
				if seat < 0 {
					t.Fatal("dead end")
				}
				p := help(ai.Player{Level: levels[int(seat)%len(levels)], Iterations: 12, Budget: -1}, g.ID())
				m, err := p.Decide(context.Background(), st, seat, uint64(step))
				if err != nil {
					t.Fatal(err)
				}
				if err := st.Apply(seat, m); err != nil {
					t.Fatalf("move %d: the AI's move %q: %v", step, m, err)
				}
			}
			if _, over := st.Outcome(); !over {
				t.Fatal("game not over")
			}
		})
	}
}

// TestPriorLeadsShortSearch: in The Dutch East Indies, whose State offers a playout policy, a
// search of one iteration plays the policy's most frequent move (the root's prior decides which
// move is tried first), so that a short search is never worse than the policy.
func TestPriorLeadsShortSearch(t *testing.T) {
	same, total := 0, 0
	for _, pos := range positions(t, dei.Game, 5, 400, 40) {
		root := pos.st.Determinize(pos.seat, 1)
		counts := map[string]int{}
		rng := rules.NewRNG(3)
		for i := 0; i < 400; i++ {
			if seat, m := dei.Policy(root, &rng); m != nil && seat == pos.seat {
				counts[m.String()]++
			}
		}
		mode, best := "", 0
		for m, c := range counts {
			if c > best {
				mode, best = m, c
			}
		}
		if best < 300 { // no clear favourite: a sample of 32 may pick another
			continue
		}
		m, err := ai.Player{Level: ai.Strong, Iterations: 1, Budget: -1}.Decide(context.Background(), pos.st, pos.seat, 9)
		if err != nil {
			t.Fatal(err)
		}
		total++
		if m.String() == mode {
			same++
		}
	}
	if total < 10 || same < total*9/10 {
		t.Errorf("a one-iteration search played the policy's favourite move in %d of %d positions; want at least 90%%", same, total)
	}
}

// BenchmarkAIDecision times the strong level's decisions (its default time budget and iteration
// cap) in positions spread over a game, per game, and reports their p50 and p99 in ms. Run it on
// one core: go test -run XXX -bench AIDecision -cpu 1 ./ai.
func BenchmarkAIDecision(b *testing.B) {
	for _, g := range games.Registry().All() {
		b.Run(g.ID(), func(b *testing.B) {
			pos := positions(b, g, 21, 200, 20)
			var times, cpus []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ps := pos[i%len(pos)]
				p := help(ai.Player{Level: ai.Strong}, g.ID())
				start, cpu := time.Now(), cpuTime()
				if _, err := p.Decide(context.Background(), ps.st, ps.seat, uint64(i)); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				cpus = append(cpus, cpuTime()-cpu)
			}
			q := func(ds []time.Duration, f float64) float64 {
				sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
				return float64(ds[min(len(ds)-1, int(f*float64(len(ds))))].Microseconds()) / 1000
			}
			b.ReportMetric(q(times, 0.5), "p50-ms")
			b.ReportMetric(q(times, 0.99), "p99-ms")
			// The process's CPU time per decision: what the decision costs a core of its own, on a
			// machine where other processes compete for the cores (wall time then overshoots).
			b.ReportMetric(q(cpus, 0.5), "cpu-p50-ms")
			b.ReportMetric(q(cpus, 0.99), "cpu-p99-ms")
		})
	}
}

// cpuTime is the CPU time (user and system) the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
