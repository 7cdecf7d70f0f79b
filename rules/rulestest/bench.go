package rulestest

import (
	"syscall"
	"testing"
	"time"

	"spicebot/rules"
)

// BenchmarkDeterminize determinizes a game of g with players seats for seat 1, the state taken
// after every 10th move of one game (seed 42) played to the end by step (so early, middle and
// late positions), one per iteration in turn. An AI player calls Determinize thousands of times
// per decision. Besides ns/op it reports cpu-ns/op, the process's CPU time per call. step plays
// one move; nil means rules.RandomStep.
func BenchmarkDeterminize(b *testing.B, g rules.Game, players int, step func(rules.State, *rules.RNG) (rules.Record, error)) {
	b.Helper()
	if step == nil {
		step = rules.RandomStep
	}
	states := determinizeStates(b, g, players, step)
	b.ReportAllocs()
	b.ResetTimer()
	start := CPUTime()
	for i := 0; i < b.N; i++ {
		states[i%len(states)].Determinize(1, uint64(i))
	}
	b.ReportMetric(float64(CPUTime()-start)/float64(b.N), "cpu-ns/op")
}

// CPUTime is the CPU time (user and system, all threads) the process has used so far: steadier
// than the wall clock on a shared machine.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// determinizeStates plays one game of players seats with step and keeps a copy of the state
// (through its JSON) after every 10th move.
func determinizeStates(b *testing.B, g rules.Game, players int, step func(rules.State, *rules.RNG) (rules.Record, error)) []rules.State {
	b.Helper()
	st, err := g.New(players, nil, 42)
	if err != nil {
		b.Fatal(err)
	}
	rng := rules.NewRNG(42)
	var out []rules.State
	for n := 0; n < 40000; n++ {
		if _, over := st.Outcome(); over {
			break
		}
		if n%10 == 0 {
			data, err := rules.Marshal(st)
			if err != nil {
				b.Fatal(err)
			}
			cp, err := g.Load(data)
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, cp)
		}
		if _, err := step(st, &rng); err != nil {
			b.Fatal(err)
		}
	}
	return out
}
