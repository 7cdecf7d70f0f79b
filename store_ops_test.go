package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spicebot/ai"
	"spicebot/data"
	"spicebot/data/datatest"
	"spicebot/games"
	"spicebot/rules"
)

// startGames starts one game of every registered game in store (channel "c-<id>", users u0…),
// each at its smallest table, and returns their ids.
func startGames(t *testing.T, ctx context.Context, store *data.Store) []int64 {
	t.Helper()
	var ids []int64
	for i, g := range games.Registry().All() {
		n, _ := g.Players()
		seed := uint64(100 + i)
		row, err := store.CreateLobby(ctx, data.Game{GuildID: "guild", ChannelID: "c-" + g.ID(), Game: g.ID(), Players: n, Seed: seed},
			data.Seat{UserID: "u0", Name: "U0"})
		if err != nil {
			t.Fatal(err)
		}
		order := []string{"u0"}
		for p := 1; p < n; p++ {
			u := fmt.Sprintf("u%d", p)
			if err := store.Join(ctx, row.ID, data.Seat{Seat: -1, UserID: u, Name: strings.ToUpper(u)}); err != nil {
				t.Fatal(err)
			}
			order = append(order, u)
		}
		st, err := g.New(n, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(st)
		if err := store.Start(ctx, row.ID, order, seed, b, st.Version()); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, row.ID)
	}
	return ids
}

// playOne plays one random legal move in game id and stores it with a DM in the outbox, as the
// bot does. It reports false when the game is over.
func playOne(t *testing.T, ctx context.Context, store *data.Store, id int64, rng *rand.Rand) bool {
	t.Helper()
	row, seats, err := store.GameByID(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != data.StatusPlaying {
		return false
	}
	g, _ := games.Registry().Get(row.Game)
	st, err := g.Load(row.State)
	if err != nil {
		t.Fatal(err)
	}
	var seat rules.Seat
	var m rules.Move
	if gd, ok := st.(ai.Guided); ok {
		// A game whose random games rarely end (The Dutch East Indies) plays its own playout
		// policy; the test plays every seat, so it may see everything.
		r := rules.NewRNG(rng.Uint64())
		seat, m = gd.PlayoutMove(&r)
	} else {
		for _, a := range st.Active() {
			if ms := st.Legal(a); len(ms) > 0 {
				seat, m = a, ms[rng.IntN(len(ms))]
				break
			}
		}
	}
	if m == nil {
		t.Fatalf("game %d (%s): nobody can move", id, row.Game)
	}
	if err := st.Apply(seat, m); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(st)
	status := data.StatusPlaying
	if _, over := st.Outcome(); over {
		status = data.StatusFinished
	}
	user := ""
	for _, s := range seats {
		if s.Seat == int(seat) {
			user = s.UserID
		}
	}
	if _, err := store.CommitMove(ctx, id, row.Version, data.Move{Seat: int(seat), Move: m.String(), UserID: user}, b, st.Version(), status,
		[]data.OutboxItem{{Kind: "dm", Target: user, Payload: "{}"}}); err != nil {
		t.Fatalf("game %d: %v", id, err)
	}
	return true
}

// TestBackupUnderLoadRestores: `spicebot backup` taken three times while four games (one of each)
// get a move every 50 ms; each backup, put back with `spicebot restore`, is a database whose every
// game replays to its stored state (restore checks it) and holds the games' moves up to some point.
func TestBackupUnderLoadRestores(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "spicebot.db")
	store, err := data.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ids := startGames(t, ctx, store)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var moves atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(1, 2))
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				for _, id := range ids {
					if playOne(t, ctx, store, id, rng) {
						moves.Add(1)
					}
				}
			}
		}
	}()
	var backups []string
	for i := range 3 {
		time.Sleep(300 * time.Millisecond) // some moves between the backups
		out := filepath.Join(dir, "backups", fmt.Sprintf("b%d.db", i))
		var stdout, stderr bytes.Buffer
		if code := run(ctx, []string{"backup", "--db", db, out}, &stdout, &stderr); code != 0 {
			t.Fatalf("backup %d: exit %d: %s", i, code, stderr.String())
		}
		backups = append(backups, out)
	}
	close(stop)
	wg.Wait()
	t.Logf("%d moves stored while the 3 backups were taken", moves.Load())
	for i, b := range backups {
		target := filepath.Join(dir, fmt.Sprintf("restored%d.db", i))
		var stdout, stderr bytes.Buffer
		if code := run(ctx, []string{"restore", "--db", target, b}, &stdout, &stderr); code != 0 {
			t.Fatalf("restore %d: exit %d: %s", i, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), fmt.Sprintf("%d games replay", len(ids))) {
			t.Fatalf("restore %d: %s", i, stdout.String())
		}
		rs, err := data.Open(ctx, target)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, id := range ids {
			ms, err := rs.Moves(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			total += len(ms)
		}
		rs.Close()
		if total == 0 {
			t.Fatalf("backup %d holds no move", i)
		}
		t.Logf("backup %d: %d moves, every game replays", i, total)
	}
	// A second restore onto a database keeps the replaced one.
	var stdout, stderr bytes.Buffer
	target := filepath.Join(dir, "restored0.db")
	if code := run(ctx, []string{"restore", "--db", target, backups[2]}, &stdout, &stderr); code != 0 ||
		!strings.Contains(stdout.String(), "kept the replaced database") {
		t.Fatalf("restore over a database: %d %s %s", code, stdout.String(), stderr.String())
	}
}

// TestRestoreRefusesWhileServed: restore refuses while the database's lock is held (a bot
// serves it), and refuses a file that is not a spicebot database; the database is untouched.
func TestRestoreRefusesWhileServed(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "spicebot.db")
	store, err := data.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	startGames(t, ctx, store)
	store.Close()
	backup := filepath.Join(dir, "b.db")
	if code := run(ctx, []string{"backup", "--db", db, backup}, &bytes.Buffer{}, &bytes.Buffer{}); code != 0 {
		t.Fatal("backup failed")
	}
	lock, err := data.LockFile(db)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run(ctx, []string{"restore", "--db", db, backup}, &bytes.Buffer{}, &stderr); code == 0 || !strings.Contains(stderr.String(), "stop the bot") {
		t.Fatalf("restore while served: %d %s", code, stderr.String())
	}
	lock.Unlock()
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte("not a database"), 0o644)
	stderr.Reset()
	if code := run(ctx, []string{"restore", "--db", db, junk}, &bytes.Buffer{}, &stderr); code == 0 || !strings.Contains(stderr.String(), "not a spicebot database") {
		t.Fatalf("restore of junk: %d %s", code, stderr.String())
	}
	if st, err := data.Open(ctx, db); err != nil {
		t.Fatalf("the database after refused restores: %v", err)
	} else {
		ids, _ := st.GameIDs(ctx)
		st.Close()
		if len(ids) != len(games.Registry().All()) {
			t.Fatalf("%d games after refused restores", len(ids))
		}
	}
}

// TestImportThenFinishOnPostgres: an SQLite database holding a running game of each of the four
// games — with moves, seats, outbox items, pace rows, votes, events, stand-ins, settings — is
// imported into an empty PostgreSQL database with `spicebot import`; every table's rows arrive;
// then every game is played to its end on PostgreSQL, and replays to its stored state there.
// Skipped without SPICEBOT_TEST_POSTGRES.
func TestImportThenFinishOnPostgres(t *testing.T) {
	dsn := datatest.Postgres(t)
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "spicebot.db")
	store, err := data.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	ids := startGames(t, ctx, store)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 12 {
		for _, id := range ids {
			playOne(t, ctx, store, id, rng)
		}
	}
	// The other tables: pace, a vote with a ballot, an event, a stand-in, settings, a lobby.
	if err := store.SetGamePace(ctx, data.GamePace{GameID: ids[0], Pace: "daily", Clock: 24 * time.Hour, Timeout: "vote", Away: "pause"}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.OpenVote(ctx, data.Vote{GameID: ids[1], Kind: "pause", Seat: -1, Choices: []string{"yes", "no"},
		Ballots: map[int]string{0: "yes"}, Due: time.Now().Add(time.Hour)}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := store.AddEvent(ctx, data.Event{GameID: ids[2], Kind: "nudge", UserID: "u0", Text: "a nudge"}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.SetStandIn(ctx, ids[3], 1, "away"); err != nil {
		t.Fatal(err)
	}
	if err := store.SetSettings(ctx, "u1", data.UserSettings{DMsOff: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateLobby(ctx, data.Game{GuildID: "guild", ChannelID: "c-lobby", Game: "borneo"}, data.Seat{UserID: "u9"}); err != nil {
		t.Fatal(err)
	}
	before := snapshotGames(t, ctx, store)
	store.Close()

	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"import", "--from", db, "--to", dsn}, &stdout, &stderr); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr.String())
	}
	t.Log(strings.TrimSpace(stdout.String()))
	for _, want := range []string{"games 5", "moves 48", "game_pace 1", "votes 1", "ballots 1", "game_events 1", "ai_standins 1", "user_settings 1", "4 games replay"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("import report lacks %q", want)
		}
	}
	// Importing again into the same database is refused.
	if code := run(ctx, []string{"import", "--from", db, "--to", dsn}, &bytes.Buffer{}, &stderr); code == 0 || !strings.Contains(stderr.String(), "already holds games") {
		t.Fatalf("a second import: %d %s", code, stderr.String())
	}
	pg, err := data.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if after := snapshotGames(t, ctx, pg); after != before {
		t.Fatalf("the games differ after the import:\n%s\nwas\n%s", after, before)
	}
	// The games go on, to their end, on PostgreSQL.
	for _, id := range ids {
		n := 0
		for playOne(t, ctx, pg, id, rng) {
			n++
			if n > 40000 {
				t.Fatalf("game %d does not end", id)
			}
		}
		row, _, _ := pg.GameByID(ctx, id)
		t.Logf("game %d (%s) finished on PostgreSQL after %d more moves (version %d)", id, row.Game, n, row.Version)
	}
	if n, err := checkReplays(ctx, pg, games.Registry()); err != nil || n != len(ids) {
		t.Fatalf("replays on PostgreSQL: %d %v", n, err)
	}
	// A new game gets an id past the imported ones.
	g, err := pg.CreateLobby(ctx, data.Game{GuildID: "guild", ChannelID: "c-new", Game: "borneo"}, data.Seat{UserID: "u5"})
	if err != nil || g.ID <= ids[len(ids)-1]+1 {
		t.Fatalf("a new lobby on PostgreSQL: id %d, %v", g.ID, err)
	}
}

// snapshotGames describes every game of store: row, seats and moves.
func snapshotGames(t *testing.T, ctx context.Context, store *data.Store) string {
	t.Helper()
	ids, err := store.GameIDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, id := range ids {
		row, seats, err := store.GameByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := store.Moves(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var mv []string
		for _, m := range ms {
			mv = append(mv, fmt.Sprintf("%d:%d:%s:%s:%d", m.Seq, m.Seat, m.Move, m.UserID, m.At.UnixMilli()))
		}
		fmt.Fprintf(&b, "%d %s %s v%d seed %d creator %s state %d bytes %x seats %v moves %s\n", id, row.Game, row.Status, row.Version, row.Seed,
			row.CreatorID, len(row.State), row.State[:min(len(row.State), 16)], seats, strings.Join(mv, ","))
	}
	return b.String()
}

// TestServeBackupLoop: serve's scheduled backups (backupLoop, --backup-every/--backup-keep/
// --backup-dir) write snapshots while moves are stored, keep the newest, and each one restores to
// games that replay.
func TestServeBackupLoop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	db := filepath.Join(dir, "spicebot.db")
	store, err := data.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ids := startGames(t, ctx, store)
	backups := filepath.Join(dir, "backups")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	done := make(chan struct{})
	go func() {
		defer close(done)
		backupLoop(ctx, store, backups, 1100*time.Millisecond, 2, log) // names are to the second
	}()
	rng := rand.New(rand.NewPCG(5, 6))
	start := time.Now()
	deadline := start.Add(30 * time.Second)
	for {
		for _, id := range ids {
			playOne(t, ctx, store, id, rng)
		}
		entries, _ := os.ReadDir(backups)
		if len(entries) >= 2 && time.Since(start) > 5*time.Second { // about 4 backups written: 2 pruned
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d backups after 30 s", len(entries))
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	<-done
	entries, _ := os.ReadDir(backups)
	if len(entries) != 2 {
		t.Fatalf("backups kept: %d, want 2", len(entries))
	}
	for i, e := range entries {
		target := filepath.Join(dir, fmt.Sprintf("r%d.db", i))
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{"restore", "--db", target, filepath.Join(backups, e.Name())}, &stdout, &stderr); code != 0 {
			t.Fatalf("restore %s: %s", e.Name(), stderr.String())
		}
		t.Logf("%s: %s", e.Name(), strings.TrimSpace(stdout.String()))
	}
}
