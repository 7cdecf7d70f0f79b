package bot

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/games"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// newTestBot returns a bot (not opened) talking to srv, over a new SQLite store that the test's
// end closes, and the store.
func newTestBot(t *testing.T, srv *discordtest.Server, log *slog.Logger) (*Bot, *data.Store) {
	t.Helper()
	store, err := data.Open(context.Background(), filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	rend, err := games.Renderer()
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(Config{Token: discordtest.Token, APIURL: srv.URL()}, store, games.Registry(), rend, log)
	if err != nil {
		t.Fatal(err)
	}
	return b, store
}

// TestPanicIsAnswered: a router that panics on every interaction takes nothing down: each command
// and component is answered "Something went wrong with that; nothing was changed.", the log has a
// line without the panic's value, and the bot keeps serving.
func TestPanicIsAnswered(t *testing.T) {
	srv := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	logs := &lockedBuffer{}
	b, _ := newTestBot(t, srv, slog.New(slog.NewJSONHandler(logs, nil)))
	const secret = "the hidden card S17"
	b.handle = func(context.Context, commands.Request) (commands.Reply, error) { panic(secret) }
	if err := b.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	srv.AddChannel("c1", "table")
	const failed = "Something went wrong with that; nothing was changed."
	var msgID string
	for range 2 {
		ix := srv.Command("u1", "c1", "rules")
		r, err := ix.Response(ctx)
		if err != nil || r.Type != discordtest.CallbackMessage || !r.Ephemeral || r.Content != failed {
			t.Fatalf("command answered %+v, %v", r, err)
		}
		m, _ := ix.Final(ctx)
		msgID = m.ID
	}
	// A component is acknowledged first; the failure comes as a private followup.
	m, err := srv.Raw(discordtest.InteractionComponent, "u1", "c1", msgID, map[string]any{"custom_id": "sb1:hand/1", "component_type": 2}).Final(ctx)
	if err != nil || !m.Ephemeral || m.Content != failed {
		t.Fatalf("component answered %+v, %v", m, err)
	}
	// In the language of the user's client.
	srv.SetLocale("u2", "fr")
	if r, err := srv.Command("u2", "c1", "rules").Response(ctx); err != nil || r.Content != "Un problème est survenu ; rien n’a changé." {
		t.Errorf("a French client was answered %+v, %v", r, err)
	}
	if !strings.Contains(logs.String(), "interaction handler panicked") || strings.Contains(logs.String(), secret) {
		t.Fatalf("log: %s", logs)
	}
}
