package bot_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/games"
)

// startServe runs `spicebot serve --http` on the SQLite file db against the loopback Discord, with
// the default outbox lease (1 minute), and waits until its /healthz answers 200.
func startServe(t *testing.T, bin, name, db string, srv *discordtest.Server) *replica {
	t.Helper()
	addr, ops := freeAddr(t), freeAddr(t)
	r := &replica{name: name, url: "http://" + addr + "/interactions", ops: "http://" + ops, logs: &syncBuffer{}, waitDone: make(chan struct{})}
	r.cmd = exec.Command(bin, "serve", "--http", addr, "--metrics", ops)
	r.cmd.Env = append(os.Environ(), "DISCORD_TOKEN="+discordtest.Token, "DISCORD_API_URL="+srv.URL(),
		"DISCORD_PUBLIC_KEY="+srv.PublicKey(), "SPICEBOT_DB="+db, "SPICEBOT_LOG_LEVEL=info", "SPICEBOT_OUTBOX_LEASE=")
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
			_ = r.cmd.Process.Signal(os.Interrupt)
			select {
			case <-r.waitDone:
			case <-time.After(20 * time.Second):
				_ = r.cmd.Process.Kill()
				<-r.waitDone
			}
		}
		if t.Failed() {
			t.Logf("%s log (tail):\n%s", name, tail(r.logs.String(), 6000))
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
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestCrashRestartDeliversAtOnce plays a Spice Merchant game on SQLite through the built
// `spicebot serve --http` and kills it with SIGKILL at 10 points of the game — between two moves,
// while the DMs of the last move are being sent (slowed down) and so held under the default
// 1-minute outbox lease — then starts it again on the same file. After each restart every board
// and DM of the stored moves goes out without waiting for the dead process's leases; the time
// from the restart until the outbox is empty is logged, and must stay below the lease (what the
// restart would wait without taking its leases back). Also: a second `serve` on the file while
// one runs exits at once, non-zero, saying why and what to do.
func TestCrashRestartDeliversAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("ten kills of a subprocess: not in -short mode")
	}
	const players, kills, every = 3, 10, 4
	bin := buildSpicebot(t)
	srv := discordtest.New(t)
	srv.SetAckDeadline(0) // exactly-once delivery is checked here, not the 3 s latency
	boards := watchBoards(srv)
	db := filepath.Join(t.TempDir(), "spicebot.db")
	var url atomic.Value
	cur := startServe(t, bin, "run0", db, srv)
	url.Store(cur.url)
	srv.UseEndpoint(func(*discordtest.Interaction) []string { return []string{url.Load().(string)} })

	// A second serve on the same file is refused at once.
	second := exec.Command(bin, "serve", "--http", freeAddr(t))
	second.Env = append(os.Environ(), "DISCORD_TOKEN="+discordtest.Token, "DISCORD_API_URL="+srv.URL(),
		"DISCORD_PUBLIC_KEY="+srv.PublicKey(), "SPICEBOT_DB="+db)
	out, err := second.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 || !strings.Contains(string(out), "another spicebot process is using this database file") ||
		!strings.Contains(string(out), "PostgreSQL") {
		t.Fatalf("a second serve on the file: %v\n%s", err, out)
	}
	t.Logf("second serve: exit %d: %s", exit.ExitCode(), strings.TrimSpace(string(out)))

	store := openTestStore(t, db)
	h := &harness{t: t, srv: srv, store: store, reg: games.Registry(), logs: &syncBuffer{}, channel: "910000000000000001"}
	srv.AddChannel(h.channel, "crash-table")
	for p := range players {
		id := strconv.Itoa(820000000000000001 + p)
		srv.AddUser(id, []string{"Ann", "Bob", "Cy"}[p])
		h.users = append(h.users, id)
	}
	h.notifyAll() // a DM for every turn: the DMs of the last move are what the kills cut short
	var slowDMs atomic.Bool
	srv.SetFaults(func(r discordtest.Request) discordtest.Fault {
		if slowDMs.Load() && r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/messages") &&
			!strings.Contains(r.Path, "/channels/"+h.channel+"/") {
			time.Sleep(300 * time.Millisecond) // a DM on a slow day: the bot dies while sending it
		}
		return discordtest.Fault{}
	})
	gt := newGate(1)
	type restart struct {
		leased  int
		pending int
		took    time.Duration
	}
	done := make(chan []restart, 1)
	go func() {
		var rs []restart
		defer func() {
			gt.open() // a failed restart must not leave the game parked
			done <- rs
		}()
		for k := 1; k <= kills; k++ {
			if !gt.closeWhen(k * every) {
				return
			}
			slowDMs.Store(true)
			time.Sleep(100 * time.Millisecond) // DMs of the last move are on their way, leased
			if err := cur.kill(); err != nil {
				t.Error(err)
				return
			}
			slowDMs.Store(false)
			items, _ := store.PendingOutbox(context.Background(), 0)
			leased := 0
			for _, it := range items {
				if it.LeaseOwner != "" && it.LeaseUntil.After(time.Now()) {
					leased++
				}
			}
			start := time.Now()
			cur = startServe(t, bin, fmt.Sprintf("run%d", k), db, srv)
			url.Store(cur.url)
			for {
				items, err := store.PendingOutbox(context.Background(), 0)
				if err != nil {
					t.Error(err)
					return
				}
				if len(items) == 0 {
					break
				}
				if time.Since(start) > 45*time.Second { // the lease is 1 minute
					t.Errorf("restart %d: %d items still unsent after %v, e.g. %+v", k, len(items), time.Since(start), items[0])
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
			rs = append(rs, restart{leased: leased, pending: len(items), took: time.Since(start)})
			gt.open()
		}
	}()
	h.openLobby("spice-merchant", players)
	final, _, stats := h.playGame(rand.New(rand.NewPCG(7, 24)), 3000, gt.at)
	gt.done()
	rs := <-done
	if !strings.Contains(final.Content, "Game over") {
		t.Fatalf("final board: %q", final.Content)
	}
	if len(rs) != kills {
		t.Fatalf("%d restarts of %d (the game had %d moves)", len(rs), kills, stats.moves)
	}
	var worst time.Duration
	leased := 0
	for i, r := range rs {
		worst = max(worst, r.took)
		leased += r.leased
		t.Logf("kill %d: %d items under a live lease at the kill; everything delivered %v after the restart began", i+1, r.leased, r.took.Round(time.Millisecond))
	}
	if leased == 0 {
		t.Fatalf("no kill left an item under lease: the test did not test the take-back")
	}
	t.Logf("%d moves, %d kills: the slowest restart delivered everything in %v (the lease is 1 minute)", stats.moves, kills, worst.Round(time.Millisecond))
	checkExactlyOnce(t, srv, store, []*harness{h}, boards)
}
