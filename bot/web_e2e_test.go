package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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

// openBrowser opens url in headless Chromium and marks the window (window.notReloaded), or
// returns nil, saying so, when there is no chromium binary.
func openBrowser(t *testing.T, url string) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Log("no chromium binary found (apt-get install chromium): the page is checked without a browser")
		return nil
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.Flag("headless", "new"))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel2 := chromedp.NewContext(actx)
	ctx, cancel3 := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancel3(); cancel2(); cancel() })
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible("#replay")); err != nil {
		t.Fatalf("open the page in chromium: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("live").textContent.length > 0`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the page does not listen: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.notReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	return ctx
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
	// The page is open in Chromium (when there is one) while the game is played on Discord.
	browserCtx := openBrowser(t, local)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 4; i++ {
		_, seats, st := h.state()
		v := st.Version()
		if got := version(); got != v {
			t.Fatalf("the page shows move %d, the game is at %d", got, v)
		}
		if browserCtx != nil {
			want := fmt.Sprintf(`document.getElementById("board").getAttribute("src").endsWith("/board/%d.en.png") && window.notReloaded === true`, v)
			if _, err := chromedp.Run(browserCtx, chromedp.Poll[bool](want, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
				t.Fatalf("the open page does not show move %d without a reload: %v", v, err)
			}
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
