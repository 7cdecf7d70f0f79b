package bot_test

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/data"
	"spicebot/games"
	"spicebot/web"
)

// harnessStore is the harness's current store, for a web page made before the harness opens it.
type harnessStore struct{ h **harness }

func (s harnessStore) st() *data.Store { return (*s.h).store }
func (s harnessStore) GameByWebToken(ctx context.Context, tok string) (data.Game, []data.Seat, error) {
	return s.st().GameByWebToken(ctx, tok)
}
func (s harnessStore) WebToken(ctx context.Context, id int64) (string, error) {
	return s.st().WebToken(ctx, id)
}
func (s harnessStore) ResetWebToken(ctx context.Context, id int64) (string, error) {
	return s.st().ResetWebToken(ctx, id)
}
func (s harnessStore) GameStamp(ctx context.Context, id int64) (data.Stamp, error) {
	return s.st().GameStamp(ctx, id)
}
func (s harnessStore) Moves(ctx context.Context, id int64) ([]data.Move, error) {
	return s.st().Moves(ctx, id)
}
func (s harnessStore) GamePace(ctx context.Context, id int64) (data.GamePace, bool, error) {
	return s.st().GamePace(ctx, id)
}
func (s harnessStore) Clocks(ctx context.Context, id int64) ([]data.SeatClock, error) {
	return s.st().Clocks(ctx, id)
}

// TestWebPageFollowsDiscordGame plays a game through the loopback Discord with the web page on:
// the board message and /game status carry a "View on the web" link button to the page; the page
// (its own listener) follows every move; /game link posts the address and /game link reset
// replaces it, after which the old address is a 404.
func TestWebPageFollowsDiscordGame(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game: skipped in -short mode")
	}
	var h *harness
	rend, err := games.Renderer()
	if err != nil {
		t.Fatal(err)
	}
	page, err := web.New(harnessStore{&h}, games.Registry(), rend, web.Config{PublicURL: "http://page.test", Poll: 20 * time.Millisecond}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(page.Close)
	h = newHarnessWith(t, 3, func(cfg *bot.Config) { cfg.Web, cfg.WebAddr = page, "127.0.0.1:0" })
	h.openLobby("borneo", 3)
	board := h.boardAt(0)
	link, ok := board.Button("View on the web")
	if !ok || link.Style != 5 || !strings.HasPrefix(link.URL, "http://page.test/g/") {
		t.Fatalf("the board has no web link button: %+v", board.Buttons())
	}
	local := "http://" + h.bot.WebAddr() + strings.TrimPrefix(link.URL, "http://page.test")
	version := func() int {
		resp, err := http.Get(local + "/game.json")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m struct {
			V int `json:"v"`
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || json.Unmarshal(b, &m) != nil {
			t.Fatalf("game.json: %d %s", resp.StatusCode, b)
		}
		return m.V
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 4; i++ {
		_, seats, st := h.state()
		v := st.Version()
		if got := version(); got != v {
			t.Fatalf("the page shows move %d, the game is at %d", got, v)
		}
		user := ""
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 {
				for _, se := range seats {
					if se.Seat == int(s) {
						user = se.UserID
					}
				}
				break
			}
		}
		h.playTurn(user, h.boardAt(v), nil, rng)
	}
	status := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("status")))
	if b, ok := status.Button("View on the web"); !ok || b.URL != link.URL {
		t.Fatalf("/game status has no web link button: %+v", status.Buttons())
	}
	posted := h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("link")))
	if posted.Ephemeral || !strings.Contains(posted.Content, link.URL) {
		t.Fatalf("/game link answered %+v", posted)
	}
	denied := h.final(h.srv.Command(h.users[1], h.channel, "game", discordtest.Sub("link", discordtest.Bool("reset", true))))
	if !denied.Ephemeral || strings.Contains(denied.Content, "http") {
		t.Fatalf("a player who did not create the game reset the link: %+v", denied)
	}
	reset := h.final(h.srv.Command(h.users[0], h.channel, "game", discordtest.Sub("link", discordtest.Bool("reset", true))))
	if strings.Contains(reset.Content, link.URL) || !strings.Contains(reset.Content, "http://page.test/g/") {
		t.Fatalf("/game link reset answered %q", reset.Content)
	}
	resp, err := http.Get(local)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Fatalf("the old address after a reset: %d, want 404", resp.StatusCode)
	}
}
