package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/data/datatest"
	"spicebot/games"
)

// replica is one `spicebot serve --http` process of the two-replica test.
type replica struct {
	name     string
	cmd      *exec.Cmd
	url      string // the interactions endpoint
	ops      string // base URL of /metrics and /healthz
	logs     *syncBuffer
	dead     atomic.Bool
	waitDone chan struct{}
}

// buildSpicebot builds the spicebot command into a temporary directory.
func buildSpicebot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "spicebot")
	cmd := exec.Command("go", "build", "-o", bin, "spicebot")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build spicebot: %v\n%s", err, out)
	}
	return bin
}

// freeAddr returns a free 127.0.0.1 address.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startReplica runs `spicebot serve --http` against the loopback Discord and the database dsn,
// and waits until its /healthz answers 200.
func startReplica(t *testing.T, bin, name, dsn string, srv *discordtest.Server) *replica {
	t.Helper()
	addr, ops := freeAddr(t), freeAddr(t)
	r := &replica{name: name, url: "http://" + addr + "/interactions", ops: "http://" + ops, logs: &syncBuffer{}, waitDone: make(chan struct{})}
	r.cmd = exec.Command(bin, "serve", "--http", addr, "--metrics", ops)
	r.cmd.Env = append(os.Environ(), "DISCORD_TOKEN="+discordtest.Token, "DISCORD_API_URL="+srv.URL(),
		"DISCORD_PUBLIC_KEY="+srv.PublicKey(), "SPICEBOT_DB="+dsn, "SPICEBOT_LOG_LEVEL=info",
		// A dead replica's claims expire quickly, so the survivor takes over its deliveries in seconds.
		"SPICEBOT_OUTBOX_LEASE=3s")
	r.cmd.Stderr = r.logs
	if err := r.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	go func() {
		_ = r.cmd.Wait()
		r.dead.Store(true)
		close(r.waitDone)
	}()
	t.Cleanup(func() {
		if !r.dead.Load() {
			_ = r.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-r.waitDone:
			case <-time.After(20 * time.Second):
				_ = r.cmd.Process.Kill()
				<-r.waitDone
			}
		}
		if t.Failed() {
			var lines []string
			for _, l := range strings.Split(r.logs.String(), "\n") {
				if !strings.Contains(l, `"msg":"move"`) {
					lines = append(lines, l)
				}
			}
			t.Logf("%s log without moves (tail):\n%s", name, tail(strings.Join(lines, "\n"), 12000))
		}
	})
	ctx := ctxT(t)
	for {
		resp, err := http.Get(r.ops + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return r
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s never became healthy: %v\n%s", name, err, tail(r.logs.String(), 4000))
		case <-r.waitDone:
			t.Fatalf("%s exited: %s", name, tail(r.logs.String(), 4000))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// kill stops the replica abruptly (SIGKILL): no shutdown, claims left as they are.
func (r *replica) kill() error {
	if err := r.cmd.Process.Kill(); err != nil {
		return fmt.Errorf("kill %s: %w", r.name, err)
	}
	<-r.waitDone
	return nil
}

// gate parks every game between two moves (in playGame's before hook) while it is closed, so
// that a replica can be killed with no interaction in flight and its background work (board
// posts, DMs being sent) cut short.
type gate struct {
	mu      sync.Mutex
	cond    *sync.Cond
	closed  bool
	parked  int
	running int
	steps   int
}

func newGate(running int) *gate {
	g := &gate{running: running}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// at is playGame's before hook.
func (g *gate) at(int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.steps++
	g.cond.Broadcast()
	for g.closed {
		g.parked++
		g.cond.Broadcast()
		g.cond.Wait()
		g.parked--
	}
}

// done counts a game that has ended.
func (g *gate) done() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.running--
	g.cond.Broadcast()
}

// closeWhen waits until the games made steps moves in all, then closes the gate and waits until
// every running game is parked. It reports false when the games ended first.
func (g *gate) closeWhen(steps int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.steps < steps && g.running > 0 {
		g.cond.Wait()
	}
	if g.running == 0 {
		return false
	}
	g.closed = true
	for g.parked < g.running {
		g.cond.Wait()
	}
	return true
}

func (g *gate) open() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = false
	g.cond.Broadcast()
}

// TestTwoReplicas runs two `spicebot serve --http` processes on one PostgreSQL database behind the
// loopback Discord, which sends each game's interactions alternately to both (the other one when a
// replica refuses the connection, as a load balancer does). 20 Spice Merchant games are played
// concurrently to the end; a third of the way in, with every game between two moves and DMs being
// slowed down, replica A is killed with SIGKILL, and B finishes everything: A's claimed deliveries
// after their lease runs out, and every game. Then: every move applied exactly once (the move log
// is 0..n-1 and matches the board), every board posted once per version, no DM sent twice, the
// outbox empty.
func TestTwoReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("two replicas on PostgreSQL: not in -short mode")
	}
	dsn := datatest.Postgres(t) // skips without a PostgreSQL server
	const nGames, players = 20, 3
	bin := buildSpicebot(t)
	srv := discordtest.New(t)
	// What is checked here is exactly-once work across replicas, not latency (the benchmarks
	// measure that): the machine running the tests may be busy, so Discord's 3 s limit is off.
	srv.SetAckDeadline(0)
	boards := watchBoards(srv)
	a := startReplica(t, bin, "A", dsn, srv)
	b := startReplica(t, bin, "B", dsn, srv)
	replicas := []*replica{a, b}

	// Each game's interactions go to A and B in turn.
	var mu sync.Mutex
	turn := map[string]int{}
	srv.UseEndpoint(func(ix *discordtest.Interaction) []string {
		mu.Lock()
		k := turn[ix.ChannelID]
		turn[ix.ChannelID]++
		mu.Unlock()
		return []string{replicas[k%2].url, replicas[(k+1)%2].url}
	})

	store := openTestStore(t, dsn)
	// The two replicas share Discord's global REST limit through the database: with this test's
	// heartbeat, three processes take a third each.
	// (Each replica's first heartbeat comes once it has registered its commands.)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		n, err := store.ShareREST(context.Background(), "probe", time.Now(), 15*time.Second)
		if err == nil && n == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("processes sharing the REST limit: %d, %v; want the two replicas and the probe", n, err)
			break
		}
	}
	if err := store.LeaveREST(context.Background(), "probe"); err != nil {
		t.Error(err)
	}
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		items, err := store.PendingOutbox(context.Background(), 0)
		for i, it := range items {
			if i < 30 {
				t.Logf("pending: item %d %s game %d target %s attempts %d next %v lease %q until %v err %q", it.ID, it.Kind,
					it.GameID, it.Target, it.Attempts, it.NextAt.Format("15:04:05.000"), it.LeaseOwner, it.LeaseUntil.Format("15:04:05.000"), it.LastError)
			}
		}
		t.Logf("%d items pending (%v) at %s", len(items), err, time.Now().Format("15:04:05.000"))
	})
	hs := make([]*harness, nGames)
	gameChannels := map[string]bool{}
	for g := range hs {
		h := &harness{t: t, srv: srv, store: store, reg: games.Registry(), logs: &syncBuffer{},
			channel: strconv.Itoa(910000000000000000 + g)}
		gameChannels[h.channel] = true
		srv.AddChannel(h.channel, fmt.Sprintf("table-%d", g))
		for p := 0; p < players; p++ {
			id := strconv.Itoa(810000000000000000 + g*10 + p)
			srv.AddUser(id, []string{"Ann", "Bob", "Cy"}[p])
			h.users = append(h.users, id)
		}
		hs[g] = h
	}
	var slowDMs atomic.Bool
	srv.SetFaults(func(r discordtest.Request) discordtest.Fault {
		if slowDMs.Load() && r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/messages") {
			ch := strings.TrimSuffix(strings.TrimPrefix(r.Path, "/api/v9/channels/"), "/messages")
			if !gameChannels[ch] {
				time.Sleep(200 * time.Millisecond) // a DM on a slow day: A dies while sending
			}
		}
		return discordtest.Fault{}
	})
	gt := newGate(nGames)
	killed := make(chan error, 1)
	go func() {
		if !gt.closeWhen(nGames * 15) {
			killed <- fmt.Errorf("the games ended before replica A could be killed")
			return
		}
		// Every game is between two moves; once their boards are out, DMs slow down and A dies
		// while it sends them.
		for {
			items, err := store.PendingOutbox(context.Background(), 0)
			if err != nil {
				killed <- err
				return
			}
			if !slices.ContainsFunc(items, func(it data.OutboxItem) bool { return it.Kind == commands.KindBoard }) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		slowDMs.Store(true)
		time.Sleep(100 * time.Millisecond) // DMs of the last moves are on their way
		err := a.kill()
		slowDMs.Store(false)
		gt.open()
		killed <- err
	}()
	start := time.Now()
	var moves atomic.Int64
	// The games run at once: each in its own goroutine (t.Run may be called concurrently; parallel
	// subtests would run only GOMAXPROCS at a time).
	var wg sync.WaitGroup
	for g, h := range hs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.Run(fmt.Sprint("game", g), func(t *testing.T) {
				defer gt.done()
				h.t = t
				h.openLobby("spice-merchant", players)
				rng := rand.New(rand.NewPCG(uint64(g), 99))
				final, _, stats := h.playGame(rng, 3000, gt.at)
				if !strings.Contains(final.Content, "Game over") {
					t.Fatalf("final board: %q", final.Content)
				}
				moves.Add(int64(stats.moves))
			})
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if err := <-killed; err != nil {
		t.Fatal(err)
	}
	if t.Failed() {
		return
	}
	t.Logf("%d games, %d moves in %v with two replicas (one killed after ~%d moves): %.1f moves/s",
		nGames, moves.Load(), elapsed.Round(time.Millisecond), nGames*15, float64(moves.Load())/elapsed.Seconds())

	// B finishes A's work: the outbox empties (A's claims expire and B delivers them).
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for {
		items, err := store.PendingOutbox(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(items) == 0 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%d outbox items never delivered by the surviving replica, e.g. %+v", len(items), items[0])
		case <-time.After(200 * time.Millisecond):
		}
	}
	checkExactlyOnce(t, srv, store, hs, boards)
	var toA, toB int
	for _, d := range srv.Deliveries() {
		switch {
		case d.URL == a.url && d.Status == http.StatusOK:
			toA++
		case d.URL == b.url && d.Status == http.StatusOK:
			toB++
		}
	}
	t.Logf("interactions answered: A %d (until killed), B %d; creates answered from the nonce (re-sent after A died): %d",
		toA, toB, srv.NonceHits())
	if toA == 0 || toB == 0 {
		t.Errorf("the interactions were not shared: A %d, B %d", toA, toB)
	}
	metrics := scrape(t, b.ops)
	if got := metricValue(metrics, `spicebot_interactions_total{kind="component",outcome="ok"}`); got == 0 {
		t.Errorf("B's metrics show no interactions")
	}
}

// checkExactlyOnce checks the games' move logs, board posts and DMs after the two-replica run.
func checkExactlyOnce(t *testing.T, srv *discordtest.Server, store *data.Store, hs []*harness, boards *boardLog) {
	t.Helper()
	ctx := context.Background()
	for _, h := range hs {
		row, _, err := store.GameByID(ctx, h.lastGame)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := store.Moves(ctx, h.lastGame)
		if err != nil {
			t.Fatal(err)
		}
		// Every move applied once: the log is seq 1..n and as long as the stored version.
		if len(ms) != row.Version {
			t.Errorf("game %d: %d moves stored for version %d", row.ID, len(ms), row.Version)
		}
		for i, m := range ms {
			if m.Seq != i+1 {
				t.Errorf("game %d: move %d has seq %d", row.ID, i, m.Seq)
				break
			}
		}
		// Every board posted once per version: each version's board was one message.
		boards.mu.Lock()
		for key, ids := range boards.msgs {
			if key.game == row.ID && len(ids) > 1 {
				t.Errorf("game %d: the board of version %d was posted %d times", row.ID, key.version, len(ids))
			}
		}
		if n := len(boards.msgs); n == 0 {
			t.Errorf("no boards seen")
		}
		boards.mu.Unlock()
		// No DM sent twice: each DM comes from one outbox item (its nonce), once.
		for _, u := range h.users {
			nonces := map[string]bool{}
			for _, m := range srv.DMs(u) {
				if m.Nonce == "" || nonces[m.Nonce] {
					t.Errorf("user %s: DM with nonce %q twice or without one", u, m.Nonce)
				}
				nonces[m.Nonce] = true
			}
		}
	}
	if slices.ContainsFunc(srv.Deliveries(), func(d discordtest.Delivery) bool { return d.Status != 0 && d.Status != http.StatusOK }) {
		t.Errorf("an interaction was refused by a replica")
	}
}

// openTestStore opens the store at dsn for the test's own reads.
func openTestStore(t *testing.T, dsn string) *data.Store {
	t.Helper()
	st, err := data.Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("open %s: %v", dsn, err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// boardLog is every board message seen, by game and version (the version of its "Your move"
// button): a board posted twice for one version shows as two message ids.
type boardLog struct {
	mu   sync.Mutex
	msgs map[boardKey]map[string]bool
}

type boardKey struct {
	game    int64
	version int
}

// watchBoards follows every channel message created or edited with a "Your move" button.
func watchBoards(srv *discordtest.Server) *boardLog {
	l := &boardLog{msgs: map[boardKey]map[string]bool{}}
	srv.Watch(func(m discordtest.Message, _ bool) {
		if m.Kind != discordtest.KindChannel {
			return
		}
		for _, id := range m.CustomIDs() {
			c, err := commands.ParseCustomID(id)
			if err != nil || c.Action != commands.ActYourMove {
				continue
			}
			l.mu.Lock()
			k := boardKey{c.Game, c.Version}
			if l.msgs[k] == nil {
				l.msgs[k] = map[string]bool{}
			}
			l.msgs[k][m.ID] = true
			l.mu.Unlock()
		}
	})
	return l
}
