package bot

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/data"
	"spicebot/games"
)

// sharedExamples returns the JSON payloads of Discord's documentation examples in
// ../shared/discord/examples (or $SPICEBOT_SHARED/discord/examples), or none when absent.
func sharedExamples(t testing.TB) [][]byte {
	dir := os.Getenv("SPICEBOT_SHARED")
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil
		}
		for {
			if _, err := os.Stat(filepath.Join(wd, "go.mod")); err == nil {
				break
			}
			parent := filepath.Dir(wd)
			if parent == wd {
				return nil
			}
			wd = parent
		}
		dir = filepath.Join(wd, "..", "shared")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "discord", "examples", "*.json"))
	var out [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil && json.Valid(b) {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		t.Log("Discord's examples not found: fuzzing from the built-in seeds only")
	}
	return out
}

// craftedPayloads are interactions that once crashed the bot, and well-formed ones to mutate.
var craftedPayloads = []string{
	`{"type":2,"id":"1","token":"t","member":{"user":{"id":"9"}}}`,
	`{"type":3,"id":"1","token":"t","member":{"user":{"id":"9"}}}`,
	`{"type":4,"id":"1","token":"t","user":{"id":"9"},"data":null}`,
	`{"type":2,"id":"1","token":"t","user":{"id":"9"},"data":{"name":"play","options":[{"name":"move","type":3,"value":5}]}}`,
	`{"type":2,"id":"1","token":"t","user":{"id":"9"},"data":{"name":"play","options":[{"name":"move","type":3,"value":null}]}}`,
	`{"type":2,"id":"1","token":"t","user":{"id":"9"},"data":{"name":"game","options":[{"name":"new","type":1,"options":[{"name":"blackbeard","type":5,"value":"yes"}]}]}}`,
	`{"type":2,"id":"1","token":"t","user":{"id":"9"},"data":{"name":"game","options":[{"name":"new","type":2,"options":[{"name":"borneo","type":1,"options":[{"name":"players","type":4,"value":3.5}]}]}]}}`,
	`{"type":4,"id":"1","token":"t","user":{"id":"9"},"channel_id":"c1","data":{"name":"play","options":[{"name":"move","type":3,"value":"sh","focused":true}]}}`,
	`{"type":2,"id":"1","token":"t","user":{"id":"9"},"channel_id":"c1","data":{"name":"log","options":[{"name":"count","type":4,"value":1e300}]}}`,
	`{"type":3,"id":"1","token":"t","user":{"id":"9"},"channel_id":"c1","data":{"custom_id":"sb1:mv/1/0/0","component_type":3,"values":["place Y"]}}`,
	`{"type":3,"id":"1","token":"t","user":{"id":"9"},"channel_id":"c1","data":{"custom_id":"sb1:ym/1/99999999999999999999"}}`,
	`{"type":3,"id":"1","token":"t","member":{"user":{"id":"u1"},"permissions":"16"},"channel_id":"c1","data":{"custom_id":"sb1:hand/1","values":null}}`,
	`{"type":2,"id":"1","token":"t","member":{"user":null},"data":{}}`,
}

// decode turns fuzz input into an interaction as discordgo hands it to the handler: on a decode
// error the handler still runs with what was decoded.
func decode(payload []byte) *discordgo.Interaction {
	var i discordgo.Interaction
	_ = json.Unmarshal(payload, &i)
	return &i
}

// FuzzToRequest: no payload makes toRequest or shape panic, and a request is produced only with a
// user and a known kind.
func FuzzToRequest(f *testing.F) {
	for _, p := range sharedExamples(f) {
		f.Add(p)
	}
	for _, p := range craftedPayloads {
		f.Add([]byte(p))
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		i := decode(payload)
		_ = shape(i)
		req, err := toRequest(i)
		var bp *badPayload
		switch {
		case errors.As(err, &bp):
			if bp.Text == "" {
				t.Fatal("a bad payload without an answer")
			}
		case err == nil:
			if req.UserID == "" || req.Kind == 0 {
				t.Fatalf("request without user or kind: %+v", req)
			}
		}
	})
}

// FuzzRouter: no payload makes the router panic, over a real store holding a Borneo game in
// channel c1 (game 1) with users u0..u2.
func FuzzRouter(f *testing.F) {
	for _, p := range sharedExamples(f) {
		f.Add(p)
	}
	for _, p := range craftedPayloads {
		f.Add([]byte(p))
	}
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(f.TempDir(), "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { store.Close() })
	reg := games.Registry()
	g, _ := reg.Get("borneo")
	row, err := store.CreateLobby(ctx, data.Game{GuildID: "g", ChannelID: "c1", Game: "borneo", Players: 3}, data.Seat{UserID: "u0", Name: "Ann"})
	if err != nil {
		f.Fatal(err)
	}
	for _, u := range []string{"u1", "u2"} {
		if err := store.Join(ctx, row.ID, data.Seat{UserID: u, Name: u}); err != nil {
			f.Fatal(err)
		}
	}
	st, err := g.New(3, nil, 1)
	if err != nil {
		f.Fatal(err)
	}
	state, _ := json.Marshal(st)
	if err := store.Start(ctx, row.ID, []string{"u0", "u1", "u2"}, 1, state, 0); err != nil {
		f.Fatal(err)
	}
	svc := commands.New(store, reg, slog.New(slog.DiscardHandler))
	f.Fuzz(func(t *testing.T, payload []byte) {
		req, err := toRequest(decode(payload))
		if err != nil {
			return
		}
		reply, _ := svc.Handle(ctx, req)
		if reply.Type == 0 {
			t.Fatalf("no reply type for %+v", req)
		}
	})
}
