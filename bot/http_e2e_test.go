package bot_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/data"
)

// newHTTPHarness starts the bot in HTTP interactions mode with a key pair made here, and points
// the loopback Discord's interactions at its endpoint (the URL is looked up anew for every
// interaction, so a restarted bot on a new port is found).
func newHTTPHarness(t testing.TB, players int) (*harness, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(cryptoRand)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarnessWith(t, players, func(c *bot.Config) {
		c.HTTPAddr, c.PublicKey = "127.0.0.1:0", pub
	})
	var url atomic.Value
	url.Store("http://" + h.bot.HTTPAddr() + "/interactions")
	h.srv.SetKey(priv)
	h.srv.UseEndpoint(func(*discordtest.Interaction) []string { return []string{url.Load().(string)} })
	return h, priv
}

var cryptoRand = crand.Reader

// signedPost POSTs body to the bot's endpoint with the given signature headers ("" leaves a
// header out) and returns the status and answer.
func signedPost(t *testing.T, url string, body []byte, sig, ts string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if sig != "" {
		req.Header.Set("X-Signature-Ed25519", sig)
	}
	if ts != "" {
		req.Header.Set("X-Signature-Timestamp", ts)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

// sign is Discord's signature of body at t with key.
func sign(key ed25519.PrivateKey, body []byte, t time.Time) (sig, ts string) {
	ts = strconv.FormatInt(t.Unix(), 10)
	return hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))), ts
}

// TestInteractionSignature checks the endpoint's Ed25519 verification with known-good and
// tampered requests: only a request signed with the application's key over exactly its timestamp
// and body is handled; everything else is answered 401 and changes nothing.
func TestInteractionSignature(t *testing.T) {
	h, key := newHTTPHarness(t, 1)
	url := "http://" + h.bot.HTTPAddr() + "/interactions"
	_, otherKey, _ := ed25519.GenerateKey(cryptoRand)
	now := time.Now()

	ping := []byte(`{"id":"1187653098129612900","application_id":"` + discordtest.AppID + `","type":1,"token":"tok","version":1}`)
	// A /game new borneo from a user, as Discord would send it: handled only when signed.
	newGame := []byte(`{"id":"1187653098129612901","application_id":"` + discordtest.AppID + `","type":2,"token":"tok2","version":1,` +
		`"guild_id":"` + discordtest.GuildID + `","channel_id":"` + h.channel + `","app_permissions":"` + strconv.FormatInt(discordtest.AppPermissions, 10) + `",` +
		`"member":{"user":{"id":"` + h.users[0] + `","username":"Ann"},"permissions":"` + strconv.FormatInt(discordtest.DefaultPermissions, 10) + `"},` +
		`"data":{"id":"1","name":"game","type":1,"options":[{"name":"new","type":2,"options":[{"name":"borneo","type":1,"options":[{"name":"thread","type":3,"value":"off"}]}]}]}}`)

	tamper := func(b []byte) []byte {
		return bytes.Replace(bytes.Clone(b), []byte(`"version":1`), []byte(`"version":2`), 1)
	}
	goodSig, goodTS := sign(key, newGame, now)
	cases := []struct {
		name     string
		body     []byte
		sig, ts  string
		wantCode int
	}{
		{"body changed after signing", tamper(newGame), goodSig, goodTS, http.StatusUnauthorized},
		{"timestamp changed after signing", newGame, goodSig, strconv.FormatInt(now.Unix()+1, 10), http.StatusUnauthorized},
		{"signature of another key", newGame, func() string { s, _ := sign(otherKey, newGame, now); return s }(), goodTS, http.StatusUnauthorized},
		{"signature not hex", newGame, "zz" + goodSig[2:], goodTS, http.StatusUnauthorized},
		{"signature cut short", newGame, goodSig[:64], goodTS, http.StatusUnauthorized},
		{"no signature", newGame, "", goodTS, http.StatusUnauthorized},
		{"no timestamp", newGame, goodSig, "", http.StatusUnauthorized},
		{"signed ten minutes ago (a replay)", newGame, func() string { s, _ := sign(key, newGame, now.Add(-10*time.Minute)); return s }(),
			strconv.FormatInt(now.Add(-10*time.Minute).Unix(), 10), http.StatusUnauthorized},
	}
	for _, c := range cases {
		code, body := signedPost(t, url, c.body, c.sig, c.ts)
		if code != c.wantCode {
			t.Errorf("%s: HTTP %d %q, want %d", c.name, code, body, c.wantCode)
		}
	}
	if _, _, err := h.store.Current(context.Background(), h.channel); !errors.Is(err, data.ErrNoGame) {
		t.Fatalf("a refused request opened a game: %v", err)
	}
	// A tampered PING is refused too (Discord checks this when the endpoint URL is saved).
	if code, _ := signedPost(t, url, tamper(ping), func() string { s, _ := sign(key, ping, now); return s }(), goodTS); code != http.StatusUnauthorized {
		t.Errorf("tampered PING answered %d", code)
	}
	// Known-good: the PING gets a PONG; the command is handled and its answer is the HTTP reply.
	sig, ts := sign(key, ping, now)
	if code, body := signedPost(t, url, ping, sig, ts); code != http.StatusOK || strings.TrimSpace(string(body)) != `{"type":1}` {
		t.Fatalf("signed PING answered %d %q", code, body)
	}
	code, body := signedPost(t, url, newGame, goodSig, goodTS)
	var resp struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &resp); code != http.StatusOK || err != nil || resp.Type != 4 || !strings.Contains(resp.Data.Content, "lobby") {
		t.Fatalf("signed /game new answered %d %q", code, body)
	}
	if _, _, err := h.store.Current(context.Background(), h.channel); err != nil {
		t.Fatalf("the signed /game new opened no game: %v", err)
	}
	// The loopback's own PING through its signing key, as the developer portal sends it.
	if st, typ, err := h.srv.Ping(context.Background(), url); err != nil || st != http.StatusOK || typ != 1 {
		t.Fatalf("portal PING: %d type %d %v", st, typ, err)
	}
	if code, _ := signedPost(t, url, nil, "", ""); code != http.StatusUnauthorized {
		t.Errorf("empty unsigned POST answered %d", code)
	}
	if resp, err := http.Get(url); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET answered %v %v", resp, err)
	}
}

// TestHTTPGameEndToEnd plays a whole Spice Merchant game in HTTP interactions mode: every
// interaction is a signed POST to the bot's endpoint, answered in the HTTP reply (no callback over
// REST), with edits and followups over REST, the same menus and boards as over the gateway. Then
// the metrics show the game: interactions by kind, initial-response latencies, renders, boards
// and DMs sent, active games.
func TestHTTPGameEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	h, _ := newHTTPHarness(t, 3)
	t.Cleanup(func() {
		if t.Failed() {
			dumpTail(t, h)
		}
	})
	h.openLobby("spice-merchant", 3)
	ops := httptest.NewServer(h.bot.OpsHandler())
	defer ops.Close()
	mid := scrape(t, ops.URL)
	if got := metricValue(mid, `spicebot_active_games{game="spice-merchant"}`); got != 1 {
		t.Errorf("active spice-merchant games = %v, want 1", got)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	final, _, stats := h.playGame(rng, 3000, nil)
	if !strings.Contains(final.Content, "Game over") {
		t.Fatalf("final board: %q", final.Content)
	}
	h.report(stats, func(decision) string { return "" }, nil)

	for _, r := range h.srv.Requests() {
		if strings.HasSuffix(r.Route, "/callback") {
			t.Fatalf("an initial response went over REST in HTTP mode: %s %s", r.Method, r.Path)
		}
	}
	deliveries := h.srv.Deliveries()
	for _, d := range deliveries {
		if d.Status != http.StatusOK {
			t.Fatalf("a delivery was answered %d %q (%s)", d.Status, d.Body, d.Err)
		}
	}
	if v := h.srv.Violations(); len(v) > 0 {
		t.Errorf("contract violations: %q", v[:min(5, len(v))])
	}
	t.Logf("%d interactions delivered over HTTP for %d moves", len(deliveries), stats.moves)

	end := scrape(t, ops.URL)
	for _, want := range []struct {
		metric string
		min    float64
	}{
		{`spicebot_interactions_total{kind="component",outcome="ok"}`, float64(stats.moves)},
		{`spicebot_interactions_total{kind="command",outcome="ok"}`, 1},
		{`spicebot_interaction_initial_response_seconds_count{kind="component"}`, float64(stats.moves)},
		{`spicebot_render_seconds_count{image="board"}`, 1},
		{`spicebot_outbox_sent_total{kind="board"}`, 1},
		{`spicebot_outbox_delivery_seconds_count{kind="board"}`, 1},
	} {
		if got := metricValue(end, want.metric); got < want.min {
			t.Errorf("%s = %v after the game, want at least %v", want.metric, got, want.min)
		}
	}
	if got, before := metricValue(end, `spicebot_interactions_total{kind="component",outcome="ok"}`),
		metricValue(mid, `spicebot_interactions_total{kind="component",outcome="ok"}`); got <= before {
		t.Errorf("component interactions did not move: %v then %v", before, got)
	}
	if got := metricValue(end, `spicebot_active_games{game="spice-merchant"}`); got != 0 {
		t.Errorf("active spice-merchant games after the end = %v, want 0", got)
	}
	resp, err := http.Get(ops.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var hl bot.Health
	if err := json.NewDecoder(resp.Body).Decode(&hl); err != nil || resp.StatusCode != 200 || !hl.OK || hl.Discord != "http mode" {
		t.Errorf("/healthz: %d %+v %v", resp.StatusCode, hl, err)
	}
}

// scrape reads /metrics.
func scrape(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("/metrics: %d %s", resp.StatusCode, b)
	}
	return string(b)
}

// metricValue is the value of a series in a scrape ("name{labels}" exactly as printed), 0 when
// absent.
func metricValue(scrape, series string) float64 {
	for _, line := range strings.Split(scrape, "\n") {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, _ := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			return v
		}
	}
	return 0
}

// dumpTail logs the last REST requests and endpoint deliveries, to see what happened last.
func dumpTail(t *testing.T, h *harness) {
	reqs := h.srv.Requests()
	for _, r := range reqs[max(0, len(reqs)-12):] {
		t.Logf("REST %s %s %s -> %d %s: %.300s", r.Time.Format("15:04:05.000"), r.Method, r.Path, r.Status, r.Error, r.Body)
	}
	ds := h.srv.Deliveries()
	for _, d := range ds[max(0, len(ds)-6):] {
		t.Logf("POST %s interaction %s -> %d %s: %.300s", d.Time.Format("15:04:05.000"), d.InteractionID, d.Status, d.Err, d.Body)
	}
}

// BenchmarkHTTPInteractionAck is BenchmarkInteractionAck in HTTP interactions mode: from the
// loopback Discord starting the signed POST to the endpoint's answer (the initial response) taken
// in: the "Your move" button of a Borneo board.
func BenchmarkHTTPInteractionAck(b *testing.B) {
	h, _ := newHTTPHarness(b, 3)
	h.openLobby("borneo", 3)
	board := h.boardAt(0)
	_, _, st := h.state()
	user := h.userAt(st.Active()[0])
	btn, _ := board.Button("Your move")
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		ix := h.srv.Button(user, h.channel, board.ID, btn.CustomID)
		if _, err := ix.Response(ctxT(b)); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(start))
	}
	b.StopTimer()
	reportLatencies(b, ds)
}
