package pace

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// roundGame is a tiny game for the keeper's tests: seats take turns saying "go"; the game never
// ends.
type roundGame struct{}

type roundState struct {
	N    int `json:"n"`
	V    int `json:"v"`
	Turn int `json:"turn"`
}

type goMove struct{}

func (goMove) String() string { return "go" }

func (roundGame) ID() string                           { return "round" }
func (roundGame) Name() string                         { return "Round" }
func (roundGame) Players() (int, int)                  { return 2, 5 }
func (roundGame) Options() []rules.Option              { return nil }
func (roundGame) Rules() []rules.Topic                 { return nil }
func (roundGame) Term(string) string                   { return "" }
func (roundGame) ParseMove(string) (rules.Move, error) { return goMove{}, nil }
func (roundGame) New(p int, _ rules.Options, _ uint64) (rules.State, error) {
	return &roundState{N: p}, nil
}
func (roundGame) Load(b []byte) (rules.State, error) {
	var s roundState
	return &s, json.Unmarshal(b, &s)
}

func (s *roundState) Players() int                   { return s.N }
func (s *roundState) Version() int                   { return s.V }
func (s *roundState) Active() []rules.Seat           { return []rules.Seat{rules.Seat(s.Turn)} }
func (s *roundState) Status() string                 { return rules.SeatRef(rules.Seat(s.Turn)) + " goes." }
func (s *roundState) TurnNumber() int                { return s.V + 1 }
func (s *roundState) Private(rules.Seat) string      { return "" }
func (s *roundState) View(rules.Seat) any            { return s }
func (s *roundState) Hidden(rules.Seat) []string     { return nil }
func (s *roundState) Outcome() (rules.Outcome, bool) { return rules.Outcome{}, false }
func (s *roundState) Undoable() bool                 { return true }
func (s *roundState) Determinize(rules.Seat, uint64) rules.State {
	cp := *s
	return &cp
}
func (s *roundState) Log(rules.Seat) []rules.LogEntry { return nil }
func (s *roundState) Legal(seat rules.Seat) []rules.Move {
	if int(seat) != s.Turn {
		return nil
	}
	return []rules.Move{goMove{}}
}
func (s *roundState) Describe(rules.Seat, rules.Move) rules.Choice {
	return rules.Choice{Label: "Go", Path: []rules.Step{{Prompt: "?", Option: "Go"}}}
}
func (s *roundState) Apply(seat rules.Seat, m rules.Move) error {
	if int(seat) != s.Turn {
		return rules.Illegal(m, "not your turn")
	}
	s.V++
	s.Turn = (s.Turn + 1) % s.N
	return nil
}

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

// startGames stores n started 3-player round games at the daily pace with their clocks: seat 0
// of game i started deciding at t0-12h+i·12h/n, so their reminders fall due evenly, n every 12
// hours, from t0.
func startGames(tb testing.TB, n int) (*data.Store, *Keeper, *testClock, time.Time) {
	tb.Helper()
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(tb.TempDir(), "db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	reg := &rules.Registry{}
	reg.Register(roundGame{})
	t0 := time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)
	clock := &testClock{t: t0}
	k := New(store, reg, clock, nil)
	daily, _ := Preset("daily")
	st, _ := json.Marshal(roundState{N: 3})
	for i := 0; i < n; i++ {
		g, err := store.CreateLobby(ctx, data.Game{ChannelID: fmt.Sprint("c", i), Game: "round"}, data.Seat{UserID: fmt.Sprint("a", i), Name: "A"})
		if err != nil {
			tb.Fatal(err)
		}
		if err := store.SeatAll(ctx, g.ID, []data.Seat{{UserID: fmt.Sprint("b", i), Name: "B"}, {UserID: fmt.Sprint("c", i), Name: "C"}}); err != nil {
			tb.Fatal(err)
		}
		if err := store.Start(ctx, g.ID, []string{fmt.Sprint("a", i), fmt.Sprint("b", i), fmt.Sprint("c", i)}, 1, st, 0); err != nil {
			tb.Fatal(err)
		}
		if err := store.SetGamePace(ctx, daily.Row(g.ID, TimeoutWait, AwayPause)); err != nil {
			tb.Fatal(err)
		}
		clock.Set(t0.Add(-12*time.Hour + time.Duration(i)*spacing(n)))
		if err := k.Update(ctx, g.ID); err != nil {
			tb.Fatal(err)
		}
	}
	clock.Set(t0.Add(-time.Second))
	return store, k, clock, t0
}

// spacing is the time between two of n games' reminders (n every 12 hours).
func spacing(n int) time.Duration { return 12 * time.Hour / time.Duration(n) }

// TestTickRemindsOnce: a due reminder is queued once, the next one interval later; a tick before
// it is due queues nothing.
func TestTickRemindsOnce(t *testing.T) {
	store, k, clock, t0 := startGames(t, 3)
	ctx := context.Background()
	if st, _, err := k.Tick(ctx); err != nil || st.Clocks != 0 {
		t.Fatalf("tick before anything is due: %+v %v", st, err)
	}
	clock.Set(t0.Add(8 * time.Hour)) // the first reminders are due at t0, t0+4h and t0+8h
	st, _, err := k.Tick(ctx)
	if err != nil || st.Clocks != 3 || st.Reminders != 3 {
		t.Fatalf("tick at the reminders: %+v %v", st, err)
	}
	if st, _, _ := k.Tick(ctx); st.Clocks != 0 {
		t.Fatalf("a second tick handled %+v", st)
	}
	items, _ := store.PendingOutbox(ctx, 0)
	for _, it := range items {
		r, err := ReminderOf(it)
		if it.Kind != KindReminder || err != nil || r.Seat != 0 || it.Target[0] != 'a' {
			t.Errorf("item %+v %+v %v", it, r, err)
		}
	}
	if len(items) != 3 {
		t.Errorf("%d items, want 3", len(items))
	}
}

// cancellingClock is a Clock that cancels a context at its second reading (in a tick: once the
// due rows are claimed, while the first is handled), as a shutdown would.
type cancellingClock struct {
	Clock
	mu     sync.Mutex
	reads  int
	cancel context.CancelFunc
}

func (c *cancellingClock) Now() time.Time {
	c.mu.Lock()
	if c.reads++; c.reads == 2 {
		c.cancel()
	}
	c.mu.Unlock()
	return c.Clock.Now()
}

// TestTickFinishesWhatItClaimedWhileClosing: a tick whose context is cancelled (the bot shutting
// down) after it claimed due seats still handles and stores them: the reminders are queued and
// no row stays leased to the closed process (which would hold them back for the lease, 2
// minutes, after a restart).
func TestTickFinishesWhatItClaimedWhileClosing(t *testing.T) {
	store, k, clock, t0 := startGames(t, 3)
	clock.Set(t0.Add(8 * time.Hour))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	k.clock = &cancellingClock{Clock: clock, cancel: cancel}
	st, _, _ := k.Tick(ctx)
	k.clock = clock
	if ctx.Err() == nil {
		t.Fatal("the tick read the clock once only: the context was never cancelled")
	}
	if st.Clocks != 3 || st.Reminders != 3 {
		t.Errorf("a tick cancelled once it had claimed: %+v, want 3 clocks and 3 reminders", st)
	}
	items, err := store.PendingOutbox(context.Background(), 0)
	if err != nil || len(items) != 3 {
		t.Errorf("%d reminders queued (%v), want 3", len(items), err)
	}
}

// BenchmarkScheduler measures, with 10,000 games under way (30,000 seat clocks), the scheduler's
// due-items query with nothing due (the common tick) and ticks that handle 10 and 100 due seats.
func BenchmarkScheduler(b *testing.B) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	store, k, clock, t0 := startGames(b, n)
	ctx := context.Background()
	idle := t0.Add(-time.Second)
	b.Run("claim-nothing-due", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			cs, err := store.ClaimClocks(ctx, idle, idle.Add(time.Minute), "bench", 200)
			if err != nil || len(cs) != 0 {
				b.Fatal(len(cs), err)
			}
		}
	})
	b.Run("tick-idle", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if st, _, err := k.Tick(ctx); err != nil || st.Clocks != 0 {
				b.Fatal(st, err)
			}
		}
	})
	step := time.Duration(0) // the clock only goes forward, across the sub-benchmarks' runs
	for _, due := range []int{10, 100} {
		b.Run(fmt.Sprintf("tick-%d-due", due), func(b *testing.B) {
			// Each iteration moves the clock on by due games' spacing: due seats fall due (their
			// reminder, or later their deadline: the wait policy's notice).
			handled := 0
			for i := 0; i < b.N; i++ {
				step += time.Duration(due)
				clock.Set(t0.Add((step - 1) * spacing(n)))
				st, _, err := k.Tick(ctx)
				if err != nil {
					b.Fatal(err)
				}
				handled += st.Reminders + st.Timeouts
			}
			b.ReportMetric(float64(handled)/float64(b.N), "due/tick")
		})
	}
}

func (roundGame) Messages() fs.FS { return nil }
