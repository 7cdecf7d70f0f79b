package data

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestHandleOnce: an interaction id is first once; a repeat is not; after HandledKeep the id is
// pruned (and would be first again).
func TestHandleOnce(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	for i, want := range []bool{true, false, false} {
		first, err := s.HandleOnce(ctx, "1187653098129612950")
		if err != nil || first != want {
			t.Fatalf("try %d: first %v %v, want %v", i, first, err, want)
		}
	}
	now = now.Add(HandledKeep - time.Millisecond)
	if first, _ := s.HandleOnce(ctx, "1187653098129612950"); first {
		t.Fatal("an id was forgotten before HandledKeep")
	}
	now = now.Add(2 * time.Millisecond)
	if first, _ := s.HandleOnce(ctx, "other"); !first {
		t.Fatal("a new id is not first")
	}
	if n := count(t, s, "handled", "id = ?", "1187653098129612950"); n != 0 {
		t.Fatalf("the old id was not pruned (%d rows)", n)
	}
}

// TestTakeVotedSeatOnce: ten volunteers take the seat a passed vote put up at once: one wins,
// the others get a SeatGivenError naming the winner; a vote of another seat or still open is
// ErrNotPutUp.
func TestTakeVotedSeatOnce(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 3)
	open := func(seat int) Vote {
		v, err := s.OpenVote(ctx, Vote{GameID: g.ID, Kind: "replace", Seat: seat, Choices: []string{"yes", "no"}, Version: 0}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v := open(2)
	ev := Event{Kind: "replace", Text: "took over"}
	if _, err := s.TakeVotedSeat(ctx, v.ID, g.ID, 2, "u2", "u9", "Nine", ev, nil); !errors.Is(err, ErrNotPutUp) {
		t.Fatalf("an open vote: %v", err)
	}
	if ok, err := s.CloseVote(ctx, v.ID, "yes", "", nil, nil); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if _, err := s.TakeVotedSeat(ctx, v.ID, g.ID, 1, "u1", "u9", "Nine", ev, nil); !errors.Is(err, ErrNotPutUp) {
		t.Fatalf("another seat: %v", err)
	}
	if _, err := s.TakeVotedSeat(ctx, v.ID+100, g.ID, 2, "u2", "u9", "Nine", ev, nil); !errors.Is(err, ErrNoVote) {
		t.Fatalf("no vote: %v", err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			user := fmt.Sprintf("v%d", i)
			_, errs[i] = s.TakeVotedSeat(ctx, v.ID, g.ID, 2, "u2", user, user,
				ev, []OutboxItem{{Kind: "dm", Target: user, Payload: "{}"}})
		}()
	}
	wg.Wait()
	won := ""
	for i, err := range errs {
		if err == nil {
			if won != "" {
				t.Fatalf("two volunteers took the seat: %s and v%d", won, i)
			}
			won = fmt.Sprintf("v%d", i)
		}
	}
	for _, err := range errs {
		var given *SeatGivenError
		if err != nil && (!errors.As(err, &given) || given.By != won) {
			t.Fatalf("a losing take: %v (winner %s)", err, won)
		}
	}
	if n := count(t, s, "game_events", "kind = 'replace'"); n != 1 {
		t.Fatalf("%d replace events", n)
	}
	if n := count(t, s, "outbox", "kind = 'dm'"); n != 1 {
		t.Fatalf("%d DMs queued", n)
	}
	if vv, _ := s.VoteByID(ctx, v.ID); vv.TakenBy != won {
		t.Fatalf("taken_by = %q, want %q", vv.TakenBy, won)
	}
}

// TestVoteTopicAndCooldown: one open vote per kind per game, whatever its seat; a kind whose vote
// failed may be opened again only after the cooldown.
func TestVoteTopicAndCooldown(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	g := playing(t, s, "c1", 3)
	vote := func(kind string, seat int) (Vote, error) {
		return s.OpenVote(ctx, Vote{GameID: g.ID, Kind: kind, Seat: seat, Choices: []string{"yes", "no"}, Cooldown: time.Hour}, nil, nil)
	}
	v, err := vote("replace", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := vote("replace", 2); !errors.Is(err, ErrVoteOpen) {
		t.Fatalf("a second replace vote: %v", err)
	}
	if _, err := vote("pause", -1); err != nil {
		t.Fatalf("another topic: %v", err)
	}
	if _, err := s.CloseVote(ctx, v.ID, "failed", "", nil, nil); err != nil {
		t.Fatal(err)
	}
	now = now.Add(59 * time.Minute)
	var cool *VoteCooldownError
	if _, err := vote("replace", 2); !errors.As(err, &cool) || !cool.Until.Equal(now.Add(time.Minute)) {
		t.Fatalf("within the cooldown: %v", err)
	}
	now = now.Add(time.Minute)
	if _, err := vote("replace", 2); err != nil {
		t.Fatalf("after the cooldown: %v", err)
	}
}

// TestLobbiesPerUser: 40 lobbies opened at once by one user in 40 channels of one server: exactly
// max open; another server is counted apart.
func TestLobbiesPerUser(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	const max = 3
	var wg sync.WaitGroup
	var mu sync.Mutex
	made, refused := 0, 0
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.CreateLobbyAtMost(ctx, Game{GuildID: "g1", ChannelID: fmt.Sprintf("c%d", i), Game: "borneo"}, Seat{UserID: "u1"}, max)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				made++
			case errors.Is(err, ErrTooManyLobbies):
				refused++
			default:
				t.Errorf("lobby %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if made != max || refused != 40-max {
		t.Fatalf("%d lobbies made, %d refused", made, refused)
	}
	if _, err := s.CreateLobbyAtMost(ctx, Game{GuildID: "g2", ChannelID: "d1", Game: "borneo"}, Seat{UserID: "u1"}, max); err != nil {
		t.Fatalf("another server: %v", err)
	}
}

// TestProbeWriteReadOnly: the write probe fails while the database refuses writes (the writer
// connection switched to query_only, as SQLite answers on a read-only file: "attempt to write a
// readonly database"), and passes again once it accepts them; a plain ping passes throughout,
// which is why /readyz does not ping.
func TestProbeWriteReadOnly(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	s, _ := openTest(t)
	if err := s.ProbeWrite(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.ExecContext(ctx, `PRAGMA query_only = 1`); err != nil {
		t.Fatal(err)
	}
	if err := s.ProbeWrite(ctx); err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Fatalf("probe of a read-only database: %v", err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}
	if _, err := s.w.ExecContext(ctx, `PRAGMA query_only = 0`); err != nil {
		t.Fatal(err)
	}
	if err := s.ProbeWrite(ctx); err != nil {
		t.Fatalf("probe once writable: %v", err)
	}
}

// TestBackupToKeepsTheNewest: BackupTo writes snapshots named by time, each a database that Open
// reads with the games in it, and keeps only the keep newest.
func TestBackupToKeepsTheNewest(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 3)
	dir := t.TempDir()
	t0 := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	var names []string
	for i := range 5 {
		name, err := s.BackupTo(ctx, dir, 3, t0.Add(time.Duration(i)*6*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Base(name))
	}
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names[2:], ",") {
		t.Fatalf("kept %v, want %v", got, names[2:])
	}
	b, err := Open(ctx, filepath.Join(dir, got[2]))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if row, seats, err := b.GameByID(ctx, g.ID); err != nil || row.Status != StatusPlaying || len(seats) != 3 {
		t.Fatalf("the backup's game: %+v %v", row, err)
	}
	if err := s.Backup(ctx, filepath.Join(dir, got[2])); err == nil {
		t.Fatal("a backup over an existing file")
	}
}

// BenchmarkHandleOnce is the cost the handled-once record adds to each interaction: one write
// transaction (insert the id, prune the old ones) on the store's backend.
func BenchmarkHandleOnce(b *testing.B) {
	ctx := context.Background()
	s, _ := openTest(b)
	i := 0
	for b.Loop() {
		i++
		if first, err := s.HandleOnce(ctx, fmt.Sprintf("1187653098%09d", i)); err != nil || !first {
			b.Fatal(first, err)
		}
	}
}
