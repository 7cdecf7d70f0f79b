package data

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sync"
	"testing"
	"time"

	"spicebot/rules"
)

func TestCreateLobbyAndCurrent(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	t0 := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	fixedClock(s, t0)
	in := Game{GuildID: "g1", ChannelID: "c1", Game: "borneo", Players: 4,
		Options: rules.Options{"blackbeard": true}, Seed: 7, State: []byte("ignored"), Version: 9,
		Status: StatusFinished, CreatorID: "someone else", LobbyMessageID: "m1"}
	g, err := s.CreateLobby(ctx, in, Seat{Seat: 3, UserID: "u0", Name: "Ann"})
	if err != nil {
		t.Fatalf("CreateLobby: %v", err)
	}
	want := Game{ID: g.ID, GuildID: "g1", ChannelID: "c1", Game: "borneo", Players: 4,
		Options: rules.Options{"blackbeard": true}, Seed: 7, Status: StatusLobby, CreatorID: "u0",
		LobbyMessageID: "m1", BoardFrom: -1, CreatedAt: g.CreatedAt, UpdatedAt: g.CreatedAt}
	if g.ID == 0 || !reflect.DeepEqual(g, want) {
		t.Fatalf("CreateLobby = %+v, want %+v", g, want)
	}
	if !g.CreatedAt.After(t0) || g.CreatedAt.After(t0.Add(time.Second)) {
		t.Fatalf("CreatedAt = %v, want the store's clock", g.CreatedAt)
	}
	cur, seats, err := s.Current(ctx, "c1")
	if err != nil {
		t.Fatalf("Current: %v", err)
	}
	if !cur.CreatedAt.Equal(g.CreatedAt) || !cur.UpdatedAt.Equal(g.UpdatedAt) {
		t.Fatalf("times: stored %v/%v, returned %v/%v", cur.CreatedAt, cur.UpdatedAt, g.CreatedAt, g.UpdatedAt)
	}
	cur.CreatedAt, cur.UpdatedAt = g.CreatedAt, g.UpdatedAt
	if !reflect.DeepEqual(cur, g) {
		t.Fatalf("Current = %+v, want %+v", cur, g)
	}
	if want := []Seat{{Seat: -1, UserID: "u0", Name: "Ann"}}; !reflect.DeepEqual(seats, want) {
		t.Fatalf("seats = %+v, want %+v", seats, want)
	}
	byID, _, err := s.GameByID(ctx, g.ID)
	if err != nil || byID.ID != g.ID {
		t.Fatalf("GameByID = %+v, %v", byID, err)
	}

	if _, _, err := s.Current(ctx, "elsewhere"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Current of an empty channel: %v, want ErrNoGame", err)
	}
	if _, _, err := s.GameByID(ctx, 999); !errors.Is(err, ErrNoGame) {
		t.Fatalf("GameByID(999): %v, want ErrNoGame", err)
	}
}

func TestCreateLobbyRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	for name, c := range map[string]struct {
		g  Game
		by Seat
	}{
		"no channel":       {Game{Game: "borneo"}, Seat{UserID: "u"}},
		"no game":          {Game{ChannelID: "c"}, Seat{UserID: "u"}},
		"no creator":       {Game{ChannelID: "c", Game: "borneo"}, Seat{}},
		"negative players": {Game{ChannelID: "c", Game: "borneo", Players: -1}, Seat{UserID: "u"}},
	} {
		if _, err := s.CreateLobby(ctx, c.g, c.by); err == nil {
			t.Errorf("%s: CreateLobby succeeded", name)
		}
	}
	if n := count(t, s, "games", ""); n != 0 {
		t.Fatalf("%d games stored after bad input", n)
	}
}

func TestOneUnfinishedGamePerChannel(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	first := lobby(t, s, "c1", 2, 1)
	if _, err := s.CreateLobby(ctx, Game{ChannelID: "c1", Game: "spice"}, Seat{UserID: "u9"}); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("second lobby in c1: %v, want ErrChannelBusy", err)
	}
	if n := count(t, s, "games", ""); n != 1 {
		t.Fatalf("%d games after the refused lobby", n)
	}
	// Another channel is free.
	lobby(t, s, "c2", 0, 1)

	// A playing game still holds the channel; the unique index holds even without the code's check.
	if err := s.Join(ctx, first.ID, Seat{UserID: "u1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx, first.ID, []string{"u1", "u0"}, 1, []byte("{}"), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateLobby(ctx, Game{ChannelID: "c1", Game: "spice"}, Seat{UserID: "u9"}); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("lobby in c1 while playing: %v, want ErrChannelBusy", err)
	}
	if _, err := s.w.Exec(`INSERT INTO games (channel_id, guild_id, game, status, creator_id, created_at, updated_at)
		VALUES ('c1', '', 'x', 'lobby', 'u', 0, 0)`); err == nil || !isUnique(err) {
		t.Fatalf("raw insert of a second unfinished game: %v, want a unique violation", err)
	}

	// Finishing frees the channel.
	if _, err := s.CommitMove(ctx, first.ID, 0, Move{Seat: 0, Move: "win", UserID: "u1"}, []byte(`{"end":1}`), 1, StatusFinished, nil); err != nil {
		t.Fatalf("CommitMove finishing: %v", err)
	}
	if _, _, err := s.Current(ctx, "c1"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Current after finish: %v, want ErrNoGame", err)
	}
	second, err := s.CreateLobby(ctx, Game{ChannelID: "c1", Game: "spice"}, Seat{UserID: "u9"})
	if err != nil {
		t.Fatalf("lobby after finish: %v", err)
	}
	// Cancelling frees it too; finished and cancelled games stay readable.
	if err := s.Cancel(ctx, second.ID); err != nil {
		t.Fatalf("Cancel: %v", err)
	}
	third, err := s.CreateLobby(ctx, Game{ChannelID: "c1", Game: "borneo"}, Seat{UserID: "u9"})
	if err != nil {
		t.Fatalf("lobby after cancel: %v", err)
	}
	for id, want := range map[int64]Status{first.ID: StatusFinished, second.ID: StatusCancelled, third.ID: StatusLobby} {
		g, _, err := s.GameByID(ctx, id)
		if err != nil || g.Status != want {
			t.Errorf("game %d: status %q, err %v; want %q", id, g.Status, err, want)
		}
	}
	cur, _, err := s.Current(ctx, "c1")
	if err != nil || cur.ID != third.ID {
		t.Fatalf("Current(c1) = %d, %v; want %d", cur.ID, err, third.ID)
	}
}

func TestJoinLeave(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := lobby(t, s, "c1", 3, 1)
	seats := func() []Seat {
		_, st, err := s.GameByID(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	steps := []struct {
		name  string
		do    func() error
		want  error
		seats []string
	}{
		{"join u1", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u1", Name: "Bob"}) }, nil, []string{"u0", "u1"}},
		{"join u1 again", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u1"}) }, ErrAlreadySeated, []string{"u0", "u1"}},
		{"creator joins again", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u0"}) }, ErrAlreadySeated, []string{"u0", "u1"}},
		{"leave stranger", func() error { return s.Leave(ctx, g.ID, "u7") }, ErrNotSeated, []string{"u0", "u1"}},
		{"creator leaves", func() error { return s.Leave(ctx, g.ID, "u0") }, nil, []string{"u1"}},
		{"join u2", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u2", Name: "Cy"}) }, nil, []string{"u1", "u2"}},
		{"u0 rejoins at the end", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u0", Name: "Ann"}) }, nil, []string{"u1", "u2", "u0"}},
		{"lobby of 3 is full", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u3"}) }, ErrLobbyFull, []string{"u1", "u2", "u0"}},
		{"empty user id", func() error { return s.Join(ctx, g.ID, Seat{}) }, errAny, []string{"u1", "u2", "u0"}},
		{"unknown game join", func() error { return s.Join(ctx, 999, Seat{UserID: "u3"}) }, ErrNoGame, []string{"u1", "u2", "u0"}},
		{"unknown game leave", func() error { return s.Leave(ctx, 999, "u1") }, ErrNoGame, []string{"u1", "u2", "u0"}},
		{"start", func() error { return s.Start(ctx, g.ID, []string{"u0", "u1", "u2"}, 1, []byte("{}"), 0) }, nil, []string{"u0", "u1", "u2"}},
		{"join after start", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u3"}) }, ErrNotLobby, []string{"u0", "u1", "u2"}},
		{"seated joins after start", func() error { return s.Join(ctx, g.ID, Seat{UserID: "u1"}) }, ErrAlreadySeated, []string{"u0", "u1", "u2"}},
		{"leave after start", func() error { return s.Leave(ctx, g.ID, "u1") }, ErrNotLobby, []string{"u0", "u1", "u2"}},
		{"stranger leaves after start", func() error { return s.Leave(ctx, g.ID, "u9") }, ErrNotSeated, []string{"u0", "u1", "u2"}},
	}
	for _, st := range steps {
		err := st.do()
		switch {
		case st.want == nil && err != nil:
			t.Fatalf("%s: %v", st.name, err)
		case st.want == errAny && err == nil:
			t.Fatalf("%s: succeeded, want an error", st.name)
		case st.want != nil && st.want != errAny && !errors.Is(err, st.want):
			t.Fatalf("%s: err = %v, want %v", st.name, err, st.want)
		}
		var users []string
		for _, seat := range seats() {
			users = append(users, seat.UserID)
		}
		if !reflect.DeepEqual(users, st.seats) {
			t.Fatalf("%s: seats %v, want %v", st.name, users, st.seats)
		}
	}
}

// errAny in a table means "some error".
var errAny = errors.New("any error")

func TestAnyPlayersLobbyIsNeverFull(t *testing.T) {
	s, _ := openTest(t)
	g := lobby(t, s, "c1", 0, 9) // u0..u8
	_, seats, err := s.GameByID(context.Background(), g.ID)
	if err != nil || len(seats) != 9 {
		t.Fatalf("%d seats, %v; want 9", len(seats), err)
	}
}

func TestStartAssignsSeats(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := lobby(t, s, "c1", 0, 3) // u0 Ann, u1 P1, u2 P2
	state := []byte(`{"version":0,"deck":[1,2,3]}`)
	var seed uint64 = math.MaxUint64 - 5 // above MaxInt64: stored bit for bit

	for name, order := range map[string][]string{
		"missing player": {"u0", "u1"},
		"stranger":       {"u0", "u1", "u9"},
		"twice":          {"u0", "u1", "u1"},
		"extra":          {"u0", "u1", "u2", "u9"},
		"empty":          nil,
	} {
		if err := s.Start(ctx, g.ID, order, seed, state, 0); !errors.Is(err, ErrBadOrder) {
			t.Errorf("%s: Start = %v, want ErrBadOrder", name, err)
		}
	}
	if err := s.Start(ctx, g.ID, []string{"u0", "u1", "u2"}, seed, nil, 0); err == nil {
		t.Errorf("Start with no state succeeded")
	}
	if cur, _, _ := s.Current(ctx, "c1"); cur.Status != StatusLobby || cur.State != nil {
		t.Fatalf("after refused starts: %+v, want an untouched lobby", cur)
	}

	if err := s.Start(ctx, g.ID, []string{"u2", "u0", "u1"}, seed, state, 0); err != nil {
		t.Fatalf("Start: %v", err)
	}
	cur, seats, err := s.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if cur.Status != StatusPlaying || cur.Seed != seed || string(cur.State) != string(state) || cur.Version != 0 || cur.Players != 3 {
		t.Fatalf("started game = %+v", cur)
	}
	want := []Seat{{0, "u2", "P2"}, {1, "u0", "Ann"}, {2, "u1", "P1"}}
	if !reflect.DeepEqual(seats, want) {
		t.Fatalf("seats = %+v, want %+v", seats, want)
	}
	if err := s.Start(ctx, g.ID, []string{"u0", "u1", "u2"}, 1, state, 0); !errors.Is(err, ErrNotLobby) {
		t.Fatalf("second Start: %v, want ErrNotLobby", err)
	}
	if err := s.Start(ctx, 999, []string{"u0"}, 1, state, 0); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Start of unknown game: %v, want ErrNoGame", err)
	}
	if _, seats2, _ := s.Current(ctx, "c1"); !reflect.DeepEqual(seats2, want) {
		t.Fatalf("seats changed by a refused Start: %+v", seats2)
	}
}

func TestCommitMove(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 2)
	at := time.Date(2025, 1, 2, 3, 4, 5, 6_000_000, time.UTC)

	items, err := s.CommitMove(ctx, g.ID, 0, Move{Seq: 77, Seat: 1, Move: "ship S12 H03", UserID: "u1", At: at},
		[]byte(`{"v":1}`), 1, StatusPlaying,
		[]OutboxItem{{Kind: "board", Target: "c1", Payload: `{"v":1}`}, {GameID: 555, Kind: "dm", Target: "u0", Payload: `{"hand":"S3"}`}})
	if err != nil {
		t.Fatalf("CommitMove: %v", err)
	}
	if len(items) != 2 || items[0].ID == 0 || items[1].ID <= items[0].ID || items[0].GameID != g.ID || items[1].GameID != g.ID ||
		items[1].Kind != "dm" || items[1].Target != "u0" || items[1].Payload != `{"hand":"S3"}` || items[0].CreatedAt.IsZero() {
		t.Fatalf("queued items = %+v", items)
	}
	pending, err := s.PendingOutbox(ctx, 0)
	if err != nil || !reflect.DeepEqual(pending, items) {
		t.Fatalf("PendingOutbox = %+v, %v; want %+v", pending, err, items)
	}

	// Second move with the default time.
	before := time.Now().Add(-time.Second)
	if _, err := s.CommitMove(ctx, g.ID, 1, Move{Seat: 0, Move: "pass", UserID: "u0"}, []byte(`{"v":2}`), 2, StatusPlaying, nil); err != nil {
		t.Fatalf("CommitMove 2: %v", err)
	}
	moves, err := s.Moves(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 2 || !moves[0].At.Equal(at.Truncate(time.Millisecond)) || moves[1].At.Before(before) {
		t.Fatalf("moves = %+v", moves)
	}
	moves[0].At, moves[1].At = time.Time{}, time.Time{}
	want := []Move{{Seq: 1, Seat: 1, Move: "ship S12 H03", UserID: "u1"}, {Seq: 2, Seat: 0, Move: "pass", UserID: "u0"}}
	if !reflect.DeepEqual(moves, want) {
		t.Fatalf("moves = %+v, want %+v", moves, want)
	}
	cur, _, err := s.Current(ctx, "c1")
	if err != nil || cur.Version != 2 || string(cur.State) != `{"v":2}` || cur.Status != StatusPlaying {
		t.Fatalf("game after 2 moves = %+v, %v", cur, err)
	}
}

// snapshot is everything CommitMove may write.
type snapshot struct {
	Game    Game
	Moves   []Move
	Pending []OutboxItem
	Outbox  int
}

func snap(t *testing.T, s *Store, id int64) snapshot {
	t.Helper()
	ctx := context.Background()
	g, _, err := s.GameByID(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := s.Moves(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.PendingOutbox(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	return snapshot{g, ms, p, count(t, s, "outbox", "")}
}

func TestCommitMoveRefusalsWriteNothing(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 2)
	if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "a"}, []byte(`{"v":1}`), 1, StatusPlaying, nil); err != nil {
		t.Fatal(err)
	}
	lob := lobby(t, s, "c2", 0, 1)
	board := []OutboxItem{{Kind: "board", Target: "c1", Payload: "{}"}}
	state := []byte(`{"v":"new"}`)
	cases := []struct {
		name    string
		game    int64
		prev    int
		m       Move
		state   []byte
		version int
		status  Status
		outbox  []OutboxItem
		want    error
	}{
		{"stale writer", g.ID, 0, Move{Seat: 1, Move: "b"}, state, 1, StatusPlaying, board, ErrStale},
		{"from the future", g.ID, 5, Move{Seat: 1, Move: "b"}, state, 6, StatusPlaying, board, ErrStale},
		{"unknown game", 999, 1, Move{Seat: 1, Move: "b"}, state, 2, StatusPlaying, board, ErrNoGame},
		{"lobby", lob.ID, 0, Move{Seat: 0, Move: "b"}, state, 1, StatusPlaying, board, ErrNotPlaying},
		{"version skips", g.ID, 1, Move{Seat: 1, Move: "b"}, state, 3, StatusPlaying, board, errAny},
		{"version repeats", g.ID, 1, Move{Seat: 1, Move: "b"}, state, 1, StatusPlaying, board, errAny},
		{"to the lobby", g.ID, 1, Move{Seat: 1, Move: "b"}, state, 2, StatusLobby, board, errAny},
		{"to cancelled", g.ID, 1, Move{Seat: 1, Move: "b"}, state, 2, StatusCancelled, board, errAny},
		{"no state", g.ID, 1, Move{Seat: 1, Move: "b"}, nil, 2, StatusPlaying, board, errAny},
		{"no move", g.ID, 1, Move{Seat: 1}, state, 2, StatusPlaying, board, errAny},
		{"observer", g.ID, 1, Move{Seat: -1, Move: "b"}, state, 2, StatusPlaying, board, errAny},
		{"seat not in game", g.ID, 1, Move{Seat: 2, Move: "b"}, state, 2, StatusPlaying, board, errAny},
		{"outbox without target", g.ID, 1, Move{Seat: 1, Move: "b"}, state, 2, StatusPlaying, []OutboxItem{{Kind: "dm"}}, errAny},
	}
	before := snap(t, s, g.ID)
	for _, c := range cases {
		_, err := s.CommitMove(ctx, c.game, c.prev, c.m, c.state, c.version, c.status, c.outbox)
		if err == nil || (c.want != errAny && !errors.Is(err, c.want)) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
		if after := snap(t, s, g.ID); !reflect.DeepEqual(after, before) {
			t.Fatalf("%s wrote: %+v, was %+v", c.name, after, before)
		}
		if n := count(t, s, "moves", "game_id = ?", lob.ID); n != 0 {
			t.Fatalf("%s: lobby has %d moves", c.name, n)
		}
	}

	// Once finished or cancelled a game takes no move.
	if _, err := s.CommitMove(ctx, g.ID, 1, Move{Seat: 1, Move: "end"}, state, 2, StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CommitMove(ctx, g.ID, 2, Move{Seat: 0, Move: "late"}, state, 3, StatusPlaying, nil); !errors.Is(err, ErrNotPlaying) {
		t.Fatalf("move after finish: %v, want ErrNotPlaying", err)
	}
	if _, err := s.CommitMove(ctx, g.ID, 1, Move{Seat: 0, Move: "late"}, state, 2, StatusPlaying, nil); !errors.Is(err, ErrStale) {
		t.Fatalf("stale move after finish: %v, want ErrStale (reload shows the end)", err)
	}
	if err := s.Cancel(ctx, g.ID); !errors.Is(err, ErrOver) {
		t.Fatalf("Cancel of a finished game: %v, want ErrOver", err)
	}
	h := playing(t, s, "c3", 2)
	if err := s.Cancel(ctx, h.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CommitMove(ctx, h.ID, 0, Move{Seat: 0, Move: "a"}, state, 1, StatusPlaying, nil); !errors.Is(err, ErrNotPlaying) {
		t.Fatalf("move in a cancelled game: %v, want ErrNotPlaying", err)
	}
	if err := s.Cancel(ctx, h.ID); !errors.Is(err, ErrOver) {
		t.Fatalf("second Cancel: %v, want ErrOver", err)
	}
	if err := s.Cancel(ctx, 999); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Cancel(999): %v, want ErrNoGame", err)
	}
	if _, err := s.Moves(ctx, 999); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Moves(999): %v, want ErrNoGame", err)
	}
}

// TestConcurrentCommitMove races many writers from every version: exactly one wins each version,
// the losers get ErrStale, and the log has one move per version.
func TestConcurrentCommitMove(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 4)
	const writers, versions = 12, 15
	winners := make([]int, versions+1)
	for v := 0; v < versions; v++ {
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			wins    []int
			errs    []error
			startCh = make(chan struct{})
		)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-startCh
				_, err := s.CommitMove(ctx, g.ID, v, Move{Seat: w % 4, Move: fmt.Sprintf("w%d", w), UserID: fmt.Sprintf("u%d", w%4)},
					[]byte(fmt.Sprintf(`{"v":%d,"w":%d}`, v+1, w)), v+1, StatusPlaying,
					[]OutboxItem{{Kind: "board", Target: "c1", Payload: fmt.Sprintf(`{"w":%d}`, w)}})
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					wins = append(wins, w)
				} else {
					errs = append(errs, err)
				}
			}()
		}
		close(startCh)
		wg.Wait()
		if len(wins) != 1 {
			t.Fatalf("version %d: %d winners %v, want exactly 1", v+1, len(wins), wins)
		}
		for _, err := range errs {
			if !errors.Is(err, ErrStale) {
				t.Fatalf("version %d: loser got %v, want ErrStale", v+1, err)
			}
		}
		winners[v+1] = wins[0]
	}
	moves, err := s.Moves(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != versions {
		t.Fatalf("%d moves, want %d", len(moves), versions)
	}
	for i, m := range moves {
		if m.Seq != i+1 || m.Move != fmt.Sprintf("w%d", winners[i+1]) {
			t.Fatalf("move %d = %+v, want seq %d by writer %d", i, m, i+1, winners[i+1])
		}
	}
	cur, _, _ := s.Current(ctx, "c1")
	if cur.Version != versions || string(cur.State) != fmt.Sprintf(`{"v":%d,"w":%d}`, versions, winners[versions]) {
		t.Fatalf("final game = version %d state %s", cur.Version, cur.State)
	}
	if n := count(t, s, "outbox", ""); n != versions {
		t.Fatalf("%d outbox items, want one per winning move (%d)", n, versions)
	}
}

// TestConcurrentRetryingWriters is the bot's loop without its mutex: writers reload and retry on
// ErrStale until the game reaches its end; every version is written once, reads stay consistent.
func TestConcurrentRetryingWriters(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 2)
	const writers, end = 6, 40
	var wg sync.WaitGroup
	wins := make([]int, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				cur, seats, err := s.GameByID(ctx, g.ID)
				if err != nil {
					t.Error(err)
					return
				}
				if len(seats) != 2 {
					t.Errorf("read %d seats", len(seats))
				}
				if cur.Status == StatusFinished {
					return
				}
				status := StatusPlaying
				if cur.Version+1 == end {
					status = StatusFinished
				}
				_, err = s.CommitMove(ctx, g.ID, cur.Version, Move{Seat: w % 2, Move: fmt.Sprintf("w%d", w)},
					[]byte(fmt.Sprintf(`{"v":%d}`, cur.Version+1)), cur.Version+1, status, nil)
				switch {
				case err == nil:
					wins[w]++
				case errors.Is(err, ErrStale), errors.Is(err, ErrNotPlaying):
				default:
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, n := range wins {
		total += n
	}
	moves, err := s.Moves(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if total != end || len(moves) != end {
		t.Fatalf("%d wins, %d moves; want %d of each", total, len(moves), end)
	}
	for i, m := range moves {
		if m.Seq != i+1 {
			t.Fatalf("move %d has seq %d", i, m.Seq)
		}
	}
}

func TestMovesAreAppendOnly(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := playing(t, s, "c1", 3)
	for v := 0; v < 5; v++ {
		if _, err := s.CommitMove(ctx, g.ID, v, Move{Seat: v % 3, Move: fmt.Sprintf("m%d", v+1)}, []byte("{}"), v+1, StatusPlaying, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{
		`UPDATE moves SET move = 'cheat' WHERE seq = 2`,
		`DELETE FROM moves WHERE seq = 5`,
		`DELETE FROM games WHERE id = 1`,
		`INSERT INTO moves (game_id, seq, seat, move, user_id, at) VALUES (1, 3, 0, 'again', '', 0)`,
	} {
		if _, err := s.w.Exec(q); err == nil {
			t.Errorf("%s succeeded", q)
		}
	}
	moves, err := s.Moves(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range moves {
		got = append(got, fmt.Sprintf("%d:%d:%s", m.Seq, m.Seat, m.Move))
	}
	if want := []string{"1:0:m1", "2:1:m2", "3:2:m3", "4:0:m4", "5:1:m5"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("moves = %v, want %v", got, want)
	}
	// Other games' moves are not mixed in.
	h := playing(t, s, "c2", 2)
	if ms, err := s.Moves(ctx, h.ID); err != nil || len(ms) != 0 {
		t.Fatalf("Moves of a fresh game = %v, %v", ms, err)
	}
}

func TestMessagesAndUnfinished(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	a := lobby(t, s, "c1", 0, 1)
	b := playing(t, s, "c2", 2)
	c := playing(t, s, "c3", 2)
	d := lobby(t, s, "c4", 0, 1)
	if err := s.Cancel(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CommitMove(ctx, c.ID, 0, Move{Seat: 0, Move: "end"}, []byte("{}"), 1, StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.SetLobbyMessage(ctx, a.ID, "lm1"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetBoardMessage(ctx, b.ID, "bm2", 7); err != nil {
		t.Fatal(err)
	}
	if err := s.SetBoardMessage(ctx, 999, "x", 0); !errors.Is(err, ErrNoGame) {
		t.Fatalf("SetBoardMessage(999): %v, want ErrNoGame", err)
	}
	if err := s.SetLobbyMessage(ctx, 999, "x"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("SetLobbyMessage(999): %v, want ErrNoGame", err)
	}
	games, err := s.Unfinished(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].ID != a.ID || games[1].ID != b.ID {
		t.Fatalf("Unfinished = %+v, want games %d and %d", games, a.ID, b.ID)
	}
	if games[0].BoardFrom != -1 || games[1].BoardFrom != 7 {
		t.Errorf("board_from = %d and %d, want -1 (never posted) and 7", games[0].BoardFrom, games[1].BoardFrom)
	}
	if games[0].LobbyMessageID != "lm1" || games[0].BoardMessageID != "" || games[1].BoardMessageID != "bm2" ||
		games[1].Status != StatusPlaying || string(games[1].State) != `{"v":0}` {
		t.Fatalf("Unfinished = %+v", games)
	}
	if games[0].UpdatedAt.Before(games[0].CreatedAt) {
		t.Fatalf("UpdatedAt %v before CreatedAt %v", games[0].UpdatedAt, games[0].CreatedAt)
	}
}

func TestUpdatedAtMoves(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	fixedClock(s, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	g := lobby(t, s, "c1", 0, 1)
	if err := s.Join(ctx, g.ID, Seat{UserID: "u1"}); err != nil {
		t.Fatal(err)
	}
	cur, _, _ := s.Current(ctx, "c1")
	if !cur.UpdatedAt.After(cur.CreatedAt) || !cur.CreatedAt.Equal(g.CreatedAt) {
		t.Fatalf("after Join: created %v updated %v", cur.CreatedAt, cur.UpdatedAt)
	}
}

// TestTwoStoresRace opens the same file twice (as two processes would): writers on both race
// through SQLite's own locking (BEGIN IMMEDIATE, busy timeout) and still exactly one wins each
// version.
func TestTwoStoresRace(t *testing.T) {
	ctx := context.Background()
	s1, path := openTest(t)
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	g := playing(t, s1, "c1", 2)
	const versions, perStore = 10, 4
	for v := 0; v < versions; v++ {
		var (
			wg    sync.WaitGroup
			mu    sync.Mutex
			wins  int
			other []error
			start = make(chan struct{})
		)
		for i := 0; i < 2*perStore; i++ {
			st := s1
			if i%2 == 1 {
				st = s2
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, err := st.CommitMove(ctx, g.ID, v, Move{Seat: i % 2, Move: fmt.Sprintf("w%d", i)}, []byte("{}"), v+1, StatusPlaying, nil)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					wins++
				} else if !errors.Is(err, ErrStale) {
					other = append(other, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if wins != 1 || len(other) > 0 {
			t.Fatalf("version %d: %d winners, other errors %v", v+1, wins, other)
		}
	}
	for _, st := range []*Store{s1, s2} {
		if ms, err := st.Moves(ctx, g.ID); err != nil || len(ms) != versions {
			t.Fatalf("%d moves, %v; want %d", len(ms), err, versions)
		}
	}
}
