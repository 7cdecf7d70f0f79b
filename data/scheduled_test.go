package data

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestPaceRowsRoundTrip: the long-game rows (pace, clocks, user settings, votes and ballots,
// events) read back as written, on both backends; flags and nullable times survive.
func TestPaceRowsRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 3)
	p := GamePace{GameID: g.ID, Pace: "daily", Clock: 48 * time.Hour, Increment: time.Hour, Cap: 72 * time.Hour,
		Remind: 12 * time.Hour, Timeout: "vote", Away: "act", Paused: true}
	if err := s.SetGamePace(ctx, p); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := s.GamePace(ctx, g.ID); err != nil || !ok || got != p {
		t.Fatalf("GamePace = %+v %v %v, want %+v", got, ok, err, p)
	}
	t0 := time.UnixMilli(1_700_000_000_000)
	clocks := []SeatClock{
		{Seat: 0, UserID: "u0", Bank: time.Hour, Since: t0, TurnAt: t0, Version: 3, LastMove: 2, Reminded: t0.Add(time.Minute),
			Reminders: 1, TimedOut: true, Paused: false, Nudged: t0, NudgeBy: "u1", Due: t0.Add(time.Hour)},
		{Seat: 1, UserID: "u1", Bank: -time.Minute, Version: 3, Paused: true},
	}
	if err := s.SaveClocks(ctx, g.ID, clocks, []OutboxItem{{Kind: "reminder", Target: "u0"}},
		[]Event{{Kind: "pace", Text: "The pace is daily."}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Clocks(ctx, g.ID)
	if err != nil || len(got) != 2 {
		t.Fatalf("Clocks = %+v %v", got, err)
	}
	for i := range clocks {
		want := clocks[i]
		want.GameID = g.ID
		if got[i] != want {
			t.Errorf("clock %d = %+v, want %+v", i, got[i], want)
		}
	}
	if mine, err := s.ClocksOfUser(ctx, "u1"); err != nil || len(mine) != 1 || mine[0].Seat != 1 {
		t.Fatalf("ClocksOfUser = %+v %v", mine, err)
	}
	u := UserPace{UserID: "u2", TZ: "Europe/Amsterdam", QuietFrom: 1320, QuietTo: 420, AwayFrom: t0, AwayUntil: t0.Add(48 * time.Hour)}
	if err := s.SetUserPace(ctx, u); err != nil {
		t.Fatal(err)
	}
	if back, err := s.UserPace(ctx, "u2"); err != nil || back != u {
		t.Fatalf("UserPace = %+v %v, want %+v", back, err, u)
	}

	v, err := s.OpenVote(ctx, Vote{GameID: g.ID, Kind: "extend", Seat: 2, Choices: []string{"yes", "no"}, OpenedBy: "u0",
		Version: 3, Due: t0.Add(time.Hour), Ballots: map[int]string{0: "yes"}}, nil, []Event{{Kind: "vote", Text: "A vote."}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.OpenVote(ctx, Vote{GameID: g.ID, Kind: "extend", Seat: 2, Choices: []string{"yes", "no"}, Version: 3}, nil, nil); !errors.Is(err, ErrVoteOpen) {
		t.Fatalf("second open vote: %v, want ErrVoteOpen", err)
	}
	if v, err = s.CastBallot(ctx, v.ID, 1, "no"); err != nil || v.Ballots[0] != "yes" || v.Ballots[1] != "no" {
		t.Fatalf("CastBallot = %+v %v", v, err)
	}
	if _, err := s.CastBallot(ctx, v.ID, 1, "maybe"); err == nil {
		t.Fatal("a choice the vote does not offer was accepted")
	}
	if v, err = s.CastBallot(ctx, v.ID, 1, "yes"); err != nil || v.Ballots[1] != "yes" {
		t.Fatalf("changed ballot = %+v %v", v, err)
	}
	if open, err := s.Votes(ctx, g.ID, true); err != nil || len(open) != 1 || open[0].ID != v.ID || len(open[0].Ballots) != 2 {
		t.Fatalf("open votes = %+v %v", open, err)
	}
	if done, err := s.CloseVote(ctx, v.ID, "yes", "", nil, []Event{{Kind: "vote-result", Text: "Extended."}}); err != nil || !done {
		t.Fatalf("CloseVote = %v %v", done, err)
	}
	if done, err := s.CloseVote(ctx, v.ID, "no", "", nil, nil); err != nil || done {
		t.Fatalf("second CloseVote = %v %v, want false", done, err)
	}
	if back, err := s.VoteByID(ctx, v.ID); err != nil || back.Result != "yes" || back.ClosedAt.IsZero() || !back.Due.IsZero() {
		t.Fatalf("closed vote = %+v %v", back, err)
	}
	if evs, err := s.Events(ctx, g.ID); err != nil || len(evs) != 3 || evs[0].Kind != "pace" || evs[2].Kind != "vote-result" {
		t.Fatalf("events = %+v %v", evs, err)
	}
}

// TestScheduledRowsClaimedOnce: due seat clocks and expiring votes claimed by schedulers in two
// processes at once are each claimed by one; a completion by a scheduler that lost its lease
// stores nothing.
func TestScheduledRowsClaimedOnce(t *testing.T) {
	ctx := context.Background()
	s1, s2 := openTwo(t)
	t0 := time.UnixMilli(1_700_000_000_000)
	const games = 8
	for i := 0; i < games; i++ {
		g := playing(t, s1, fmt.Sprint("c", i), 3)
		var cs []SeatClock
		for seat := 0; seat < 3; seat++ {
			cs = append(cs, SeatClock{Seat: seat, UserID: fmt.Sprint("u", seat), Version: 1, Due: t0})
		}
		if err := s1.SaveClocks(ctx, g.ID, cs, nil, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s1.OpenVote(ctx, Vote{GameID: g.ID, Kind: "end", Seat: -1, Choices: []string{"yes", "no"}, Version: 1, Due: t0}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		clocks = map[string]int{}
		votes  = map[int64]int{}
		errs   []error
	)
	for w := 0; w < 6; w++ {
		st := s1
		if w%2 == 1 {
			st = s2
		}
		owner := fmt.Sprint("sched", w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				cs, err1 := st.ClaimClocks(ctx, t0, t0.Add(time.Minute), owner, 3)
				vs, err2 := st.ClaimVotes(ctx, t0, t0.Add(time.Minute), owner, 2)
				mu.Lock()
				if err := errors.Join(err1, err2); err != nil {
					errs = append(errs, err)
				}
				for _, c := range cs {
					clocks[fmt.Sprint(c.GameID, "/", c.Seat)]++
				}
				for _, v := range vs {
					votes[v.ID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("claim errors: %v", errs[0])
	}
	if len(clocks) != games*3 || len(votes) != games {
		t.Fatalf("claimed %d clocks and %d votes, want %d and %d", len(clocks), len(votes), games*3, games)
	}
	for k, n := range clocks {
		if n != 1 {
			t.Fatalf("clock %s claimed %d times", k, n)
		}
	}
	for k, n := range votes {
		if n != 1 {
			t.Fatalf("vote %d claimed %d times", k, n)
		}
	}
	// A scheduler whose lease ran out and was taken over completes nothing.
	late := t0.Add(2 * time.Minute)
	taken, err := s2.ClaimClocks(ctx, late, late.Add(time.Minute), "other", 1)
	if err != nil || len(taken) != 1 {
		t.Fatalf("take-over claim = %+v %v", taken, err)
	}
	c := taken[0]
	c.Reminders = 1
	if done, err := s1.CompleteClock(ctx, "sched0", c, []OutboxItem{{Kind: "reminder", Target: "u0"}}, nil, nil); err != nil || done {
		t.Fatalf("completion by a lost lease = %v %v, want false", done, err)
	}
	if done, err := s2.CompleteClock(ctx, "other", c, []OutboxItem{{Kind: "reminder", Target: "u0"}}, nil, nil); err != nil || !done {
		t.Fatalf("completion by the holder = %v %v, want true", done, err)
	}
	if n := count(t, s1, "outbox", "kind = 'reminder'"); n != 1 {
		t.Fatalf("%d reminders queued, want 1", n)
	}
}
