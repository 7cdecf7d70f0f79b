package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"spicebot/data"
	"spicebot/games"
	"spicebot/render"
	"spicebot/rules"
	"spicebot/rules/dei"
)

var (
	rendOnce sync.Once
	rend     *render.Renderer
	rendErr  error
)

// renderer is the games' renderer, parsed once for the package's tests.
func renderer(t testing.TB) *render.Renderer {
	t.Helper()
	rendOnce.Do(func() { rend, rendErr = games.Renderer() })
	if rendErr != nil {
		t.Fatal(rendErr)
	}
	return rend
}

// table is a stored game being played by random legal moves, with its page server.
type table struct {
	t     testing.TB
	ctx   context.Context
	store *data.Store
	game  rules.Game
	row   data.Game
	st    rules.State
	rng   rules.RNG
	srv   *Server
	http  *httptest.Server
	token string
	// policy picks the moves (default uniformly random: rules.RandomStep).
	policy func(rules.State, *rules.RNG) (rules.Seat, rules.Move)
}

// newTable stores a started game of id for players seats (users u0, u1, …, named Ann, Bob, …)
// and serves its page.
func newTable(t testing.TB, id string, players int, seed uint64) *table {
	t.Helper()
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := games.Registry()
	g, _ := reg.Get(id)
	names := []string{"Ann", "Bob", "Cléo", "Dan", "Eve"}
	row, err := store.CreateLobby(ctx, data.Game{GuildID: "g1", ChannelID: "c1", Game: id, Players: players, Options: rules.Options{}},
		data.Seat{Seat: -1, UserID: "u0", Name: names[0]})
	if err != nil {
		t.Fatal(err)
	}
	order := []string{"u0"}
	for i := 1; i < players; i++ {
		u := fmt.Sprintf("u%d", i)
		if err := store.Join(ctx, row.ID, data.Seat{Seat: -1, UserID: u, Name: names[i]}); err != nil {
			t.Fatal(err)
		}
		order = append(order, u)
	}
	st, err := g.New(players, rules.Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := rules.Marshal(st)
	if err := store.Start(ctx, row.ID, order, seed, js, st.Version()); err != nil {
		t.Fatal(err)
	}
	srv, err := New(store, reg, renderer(t), Config{PublicURL: "http://example.test/", Poll: 20 * time.Millisecond}, nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	t.Cleanup(srv.Close) // first: the event streams end, so that hs.Close does not wait for them
	tok, err := store.WebToken(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	row, _, _ = store.GameByID(ctx, row.ID)
	var policy func(rules.State, *rules.RNG) (rules.Seat, rules.Move)
	if id == dei.Game.ID() {
		policy = dei.Policy // random moves do not finish a race (rules/dei/harness_test.go)
	}
	return &table{policy: policy, t: t, ctx: ctx, store: store, game: g, row: row, st: st, rng: rules.NewRNG(seed ^ 0x77), srv: srv, http: hs, token: tok}
}

// step plays one random legal move and stores it; false when the game is over.
func (tb *table) step() bool {
	tb.t.Helper()
	if _, over := tb.st.Outcome(); over {
		return false
	}
	prev := tb.st.Version()
	var rec rules.Record
	if tb.policy != nil {
		seat, m := tb.policy(tb.st, &tb.rng)
		if m == nil {
			tb.t.Fatal("the policy found no move")
		}
		if err := tb.st.Apply(seat, m); err != nil {
			tb.t.Fatal(err)
		}
		rec = rules.Record{Seat: seat, Move: m.String()}
	} else {
		var err error
		if rec, err = rules.RandomStep(tb.st, &tb.rng); err != nil {
			tb.t.Fatal(err)
		}
	}
	js, _ := rules.Marshal(tb.st)
	status := data.StatusPlaying
	if _, over := tb.st.Outcome(); over {
		status = data.StatusFinished
	}
	if _, err := tb.store.CommitMove(tb.ctx, tb.row.ID, prev, data.Move{Seat: int(rec.Seat), Move: rec.Move, UserID: fmt.Sprintf("u%d", rec.Seat)},
		js, tb.st.Version(), status, nil); err != nil {
		tb.t.Fatal(err)
	}
	return true
}

// get fetches path from the page server and returns the status and body.
func (tb *table) get(path string, header ...string) (int, []byte, http.Header) {
	tb.t.Helper()
	req, _ := http.NewRequest("GET", tb.http.URL+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Type") == "text/event-stream" {
		return resp.StatusCode, nil, resp.Header // a stream does not end: its headers are enough
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.t.Fatal(err)
	}
	return resp.StatusCode, b, resp.Header
}

func itoa(n int) string { return strconv.Itoa(n) }

// jsonOf is json.Marshal of v.
func jsonOf(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// jsonString is s as it appears inside a JSON string (without the quotes).
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
