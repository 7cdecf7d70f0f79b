package batavia

import (
	"syscall"
	"testing"
	"time"

	"spicebot/rules"
	"spicebot/rules/rulestest"
)

var allSetups = []rulestest.Setup{
	{Players: 3}, {Players: 4}, {Players: 5},
	{Players: 3, Options: rules.Options{OptQuickStart: true}},
	{Players: 4, Options: rules.Options{OptQuickStart: true}},
	{Players: 5, Options: rules.Options{OptQuickStart: true}},
}

// TestRandomGames plays 360 seeded random games through the shared harness, cycling through the
// six setups: 120 games each with 3, 4 and 5 players, half of them with quick-start; 4 of each
// setup under -short. The whole leak check runs every 10th move (new log lines after every move),
// every move under -short. (TestInvariants, TestLegalAgreesWithCheck and TestViewsHideSecrets
// play 230 more games with checks of their own.)
func TestRandomGames(t *testing.T) {
	seeds := 60 * len(allSetups)
	leak := 10
	if testing.Short() {
		seeds, leak = 4*len(allSetups), 1
	}
	rulestest.Run(t, Game, rulestest.Config{Setups: allSetups, Seeds: seeds, MaxSteps: 5000, LeakEvery: leak})
}

// BenchmarkBataviaRandomGame plays one complete random 4-player game per iteration through
// rules.Playout (setup, every Legal and Apply, auctions, pirates and scoring). Goal: at least
// 5,000 games/s on one core (-cpu 1), that is at most 200 µs/op.
//
// Besides ns/op it reports cpu-ns/op (the process's CPU time per game, steadier on a shared
// machine) and games/cpu-s.
func BenchmarkBataviaRandomGame(b *testing.B) {
	b.ReportAllocs()
	start := cpuTime()
	defer func() {
		per := float64(cpuTime()-start) / float64(b.N)
		b.ReportMetric(per, "cpu-ns/op")
		b.ReportMetric(1e9/per, "games/cpu-s")
	}()
	for i := 0; i < b.N; i++ {
		st, err := Game.New(4, nil, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		rng := rules.NewRNG(uint64(i) ^ 0xba7)
		if _, err := rules.Playout(st, &rng, 5000, nil); err != nil {
			b.Fatal(err)
		}
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
