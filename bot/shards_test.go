package bot_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"spicebot/bot"
)

// TestShards opens the bot as shard 1 of 2: it identifies with shard [1, 2], leaves the command
// registration to shard 0, and reports the gateway connected on /healthz.
func TestShards(t *testing.T) {
	h := newHarnessWith(t, 1, func(c *bot.Config) { c.ShardCount, c.ShardID = 2, 1 })
	ids := h.srv.Identifies()
	if len(ids) != 1 {
		t.Fatalf("%d IDENTIFYs", len(ids))
	}
	if got, _ := json.Marshal(ids[0].Raw["shard"]); string(got) != "[1,2]" {
		t.Errorf("IDENTIFY shard = %s, want [1,2]", got)
	}
	if cmds := h.srv.Commands(); len(cmds) != 0 {
		t.Errorf("shard 1 registered %d commands; shard 0 does that", len(cmds))
	}
	ops := httptest.NewServer(h.bot.OpsHandler())
	defer ops.Close()
	resp, err := http.Get(ops.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var hl bot.Health
	if err := json.NewDecoder(resp.Body).Decode(&hl); err != nil || resp.StatusCode != 200 || hl.Discord != "gateway connected" || hl.Database != "ok" {
		t.Errorf("/healthz: %d %+v %v", resp.StatusCode, hl, err)
	}
	// The gateway goes away for good: /healthz says so with 503.
	h.srv.Close()
	for i := 0; i < 1500; i++ {
		resp, err := http.Get(ops.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			return
		}
		waitABit()
	}
	t.Errorf("/healthz still healthy with the gateway gone")
}

// TestShardsAuto asks Discord for the recommended shard count (GET /gateway/bot) and opens that
// many (the loopback recommends 1: no shard in IDENTIFY, commands registered).
func TestShardsAuto(t *testing.T) {
	h := newHarnessWith(t, 1, func(c *bot.Config) { c.ShardCount = bot.ShardsAuto })
	found := false
	for _, r := range h.srv.Requests() {
		if r.Method == http.MethodGet && r.Route == "GET /gateway/bot" {
			found = true
		}
	}
	if !found {
		t.Errorf("no GET /gateway/bot")
	}
	if ids := h.srv.Identifies(); len(ids) != 1 || ids[0].Raw["shard"] != nil {
		t.Errorf("IDENTIFYs %+v, want one without shard", ids)
	}
	if len(h.srv.Commands()) == 0 {
		t.Errorf("shard 0 of 1 registered no commands")
	}
}

func waitABit() { time.Sleep(10 * time.Millisecond) }
