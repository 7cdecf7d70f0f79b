package batavia

import (
	"syscall"
	"testing"
	"time"

	"spicebot/rules"
)

// BenchmarkDeterminize determinizes a 4-player game for seat 1, the state taken after every
// 10th move of a game played to the end (so early, middle and late positions), one per iteration
// in turn. An AI player calls Determinize thousands of times per decision. Besides ns/op it reports
// cpu-ns/op, the process's CPU time per call.
func BenchmarkDeterminize(b *testing.B) {
	states := benchStates(b, 4)
	b.ReportAllocs()
	b.ResetTimer()
	start := benchCPU()
	for i := 0; i < b.N; i++ {
		states[i%len(states)].Determinize(1, uint64(i))
	}
	b.ReportMetric(float64(benchCPU()-start)/float64(b.N), "cpu-ns/op")
}

// benchCPU is the CPU time (user and system) the process has used so far: steadier than the
// wall clock on a shared machine.
func benchCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchStates plays one game of players seats and keeps a copy of the state after every 10th move.
func benchStates(b *testing.B, players int) []rules.State {
	b.Helper()
	st, err := Game.New(players, nil, 42)
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
			cp, err := Game.Load(data)
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, cp)
		}
		if _, err := benchStep(st, &rng); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

func benchStep(st rules.State, rng *rules.RNG) (rules.Record, error) {
	return rules.RandomStep(st, rng)
}
