package commands

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
)

// TestNotifyByPace checks which queued DMs go out, by level and pace: in a live game at the
// default level only the hand dealt at the start; in a by-post game one per turn and no DM of
// its own for a hand changed by another player; all of them at "all"; none at "off"; a
// replacement always.
func TestNotifyByPace(t *testing.T) {
	start := dmPayload{Hand: true, By: rules.Observer}
	startTurn := dmPayload{Turn: true, Hand: true, By: rules.Observer}
	turn := dmPayload{Turn: true, By: 1}
	hand := dmPayload{Hand: true, By: 1}
	replaced := dmPayload{Replaced: true, By: rules.Observer}
	for _, tc := range []struct {
		name    string
		level   string
		live    bool
		p       dmPayload
		private bool
		want    bool
	}{
		{"live start hand", data.NotifyTurns, true, start, true, true},
		{"live start, first to play", data.NotifyTurns, true, startTurn, true, true},
		{"live start, nothing private", data.NotifyTurns, true, startTurn, false, false},
		{"live turn", data.NotifyTurns, true, turn, true, false},
		{"live hand changed", data.NotifyTurns, true, hand, true, false},
		{"daily turn", data.NotifyTurns, false, turn, true, true},
		{"daily hand changed", data.NotifyTurns, false, hand, true, false},
		{"all: live turn", data.NotifyAll, true, turn, true, true},
		{"all: live hand changed", data.NotifyAll, true, hand, true, true},
		{"off: daily turn", data.NotifyOff, false, turn, true, false},
		{"off: replaced", data.NotifyOff, false, replaced, true, false},
		{"replaced", data.NotifyTurns, true, replaced, false, true},
	} {
		if got := dmWanted(tc.level, tc.live, tc.p, tc.private); got != tc.want {
			t.Errorf("%s: dmWanted = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestNotifySettingCommand checks /settings notify: each level is stored and said, off turns
// DMs off and dms:on brings back the default, and a bad value is refused and changes nothing.
func TestNotifySettingCommand(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	level := func() string {
		set, _ := store.Settings(ctx, "u1")
		return set.Level()
	}
	for _, lv := range []string{"all", "off", "turns"} {
		r := call(t, svc, Request{Command: "settings", UserID: "u1", Options: map[string]any{"notify": lv}})
		if !r.Ephemeral || !strings.Contains(r.Content, "Notifications: **"+lv+"**") || level() != lv {
			t.Fatalf("notify:%s answered %q, level %q", lv, r.Content, level())
		}
	}
	r := call(t, svc, Request{Command: "settings", UserID: "u1", Options: map[string]any{"notify": "loud"}})
	if !strings.Contains(r.Content, "Pick `turns`") || level() != data.NotifyTurns {
		t.Fatalf("notify:loud answered %q, level %q", r.Content, level())
	}
	call(t, svc, Request{Command: "settings", UserID: "u1", Options: map[string]any{"notify": "off"}})
	call(t, svc, Request{Command: "settings", UserID: "u1", Options: map[string]any{"dms": "on"}})
	if level() != data.NotifyTurns {
		t.Fatalf("dms:on after notify:off: level %q, want turns", level())
	}
	if r := call(t, svc, Request{Command: "settings", UserID: "u1"}); !strings.Contains(r.Content, "Notifications: **turns**") {
		t.Fatalf("/settings does not show the level: %q", r.Content)
	}
}

// TestButtonsFromDM checks that a turn DM's buttons work in the DM (no server, another channel)
// for a player seated in the game, and are refused to anyone else there, and in another channel
// of a server.
func TestButtonsFromDM(t *testing.T) {
	svc, store := startTwo(t)
	ctx := context.Background()
	row, seats, _ := store.Current(ctx, "c1")
	first := seatUser(seats, 0)
	hand := CustomID{Action: ActHand, Game: row.ID}.String()
	dm := func(user, channel, guild string) Reply {
		t.Helper()
		r, err := svc.Handle(ctx, Request{Kind: KindComponent, UserID: user, ChannelID: channel, GuildID: guild, CustomID: hand})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := dm(first, "dm-"+first, ""); !r.Ephemeral || strings.Contains(r.Content, "another channel") || strings.Contains(r.Content, "isn't") {
		t.Fatalf("My hand in the DM answered %q", r.Content)
	}
	ym := CustomID{Action: ActYourMove, Game: row.ID, Version: 1}.String()
	r, err := svc.Handle(ctx, Request{Kind: KindComponent, UserID: first, ChannelID: "dm-" + first, CustomID: ym})
	if err != nil || len(r.Components) == 0 {
		t.Fatalf("Your move in the DM answered %q, %v", r.Content, err)
	}
	other := dm("u9", "dm-u9", "")
	mine := dm(first, "dm-"+first, "")
	if other.Content == mine.Content {
		t.Fatalf("a stranger's press in their DM was answered as a player's: %q", other.Content)
	}
	if r := dm(first, "c2", "g1"); r.Content == mine.Content {
		t.Fatalf("a press in another channel of the server was answered: %q", r.Content)
	}
}

// TestNewsInNextReply plays a live game of Borneo at the default level until another player's
// move changes a player's hand: no DM goes out for it, and that player's next reply (the Your
// move button) starts with the news and shows their hand, once.
func TestNewsInNextReply(t *testing.T) {
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	reg := games.Registry()
	svc := New(store, reg, nil)
	users := []string{"u0", "u1", "u2", "u3"}
	call(t, svc, as(users[0], newGame("borneo", nil)))
	for _, u := range users[1:] {
		call(t, svc, Request{Command: "game", Sub: "join", UserID: u})
	}
	call(t, svc, Request{Command: "game", Sub: "start", UserID: users[0]})
	g, _ := reg.Get("borneo")
	rng := rules.NewRNG(7)
	for i := 0; i < 400; i++ {
		row, seats, err := store.Current(ctx, "c1")
		if err != nil {
			t.Fatal("the game ended before a hand changed on another's move")
		}
		items, _ := store.PendingOutbox(ctx, 0)
		for _, it := range items {
			store.MarkSent(ctx, it.ID)
			if it.Kind != KindDM {
				continue
			}
			var p dmPayload
			json.Unmarshal([]byte(it.Payload), &p)
			_, sent, err := svc.DirectMessage(ctx, it)
			if err != nil {
				t.Fatal(err)
			}
			if p.By == rules.Observer {
				continue // the hand dealt at the start
			}
			if sent {
				t.Fatalf("a DM went out in a live game at the default level: %+v", p)
			}
			if !p.Hand {
				continue
			}
			id := CustomID{Action: ActYourMove, Game: row.ID, Version: row.Version}.String()
			r := call(t, svc, Request{Kind: KindComponent, UserID: it.Target, CustomID: id})
			if !strings.HasPrefix(r.Content, "Your hand changed after") || r.Image == nil || !r.Image.Hand {
				t.Fatalf("the next reply after a hand change: %q, image %v", r.Content, r.Image)
			}
			if again := call(t, svc, Request{Kind: KindComponent, UserID: it.Target, CustomID: id}); strings.HasPrefix(again.Content, "Your hand changed") {
				t.Fatalf("the news was told twice: %q", again.Content)
			}
			return
		}
		st, _ := g.Load(row.State)
		var movers []rules.Seat
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 {
				movers = append(movers, s)
			}
		}
		seat := movers[rng.Intn(len(movers))]
		legal := st.Legal(seat)
		call(t, svc, Request{Command: "play", UserID: seatUser(seats, int(seat)), Options: map[string]any{"move": legal[rng.Intn(len(legal))].String()}})
	}
	t.Fatal("no hand changed on another's move in 400 moves")
}
