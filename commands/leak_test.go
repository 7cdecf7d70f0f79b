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
	"spicebot/rules/rulestest"
)

// TestMessagesNameNoHiddenCard plays real games through the service and checks, after every move,
// that the public board message — its text, its custom_ids and the view its image is drawn from —
// names no card hidden from the channel, and that each DM's text and image view name no card
// hidden from its recipient.
func TestMessagesNameNoHiddenCard(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		moves   int
	}{{"borneo", 4, 120}, {"spice-merchant", 3, 120}} {
		t.Run(tc.game, func(t *testing.T) {
			ctx := context.Background()
			store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			reg := games.Registry()
			svc := New(store, reg, nil)
			users := []string{"u0", "u1", "u2", "u3"}[:tc.players]
			for _, u := range users { // every DM is checked: ask for all of them
				if err := store.SetSettings(ctx, u, data.UserSettings{Notify: data.NotifyAll}); err != nil {
					t.Fatal(err)
				}
			}
			cmd := func(user, command, sub string, opts map[string]any) Reply {
				t.Helper()
				r, err := svc.Handle(ctx, Request{Kind: KindCommand, ChannelID: "c", GuildID: "g", UserID: user,
					UserName: user, Command: command, Sub: sub, Options: opts})
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			cmd(users[0], "game", "new", map[string]any{"game": tc.game})
			for _, u := range users[1:] {
				cmd(u, "game", "join", nil)
			}
			cmd(users[0], "game", "start", nil)
			g, _ := reg.Get(tc.game)
			rng := rules.NewRNG(11)
			for i := 0; i < tc.moves; i++ {
				row, seats, err := store.Current(ctx, "c")
				if err != nil {
					break // the game is over
				}
				st, err := g.Load(row.State)
				if err != nil {
					t.Fatal(err)
				}
				pending, _ := store.PendingOutbox(ctx, 0)
				var boards []data.OutboxItem
				for _, it := range pending {
					switch it.Kind {
					case KindBoard:
						boards = append(boards, it)
					case KindDM:
						dm, ok, err := svc.DirectMessage(ctx, it)
						if err != nil || !ok {
							t.Fatalf("dm: %v %v", ok, err)
						}
						seat := seatOfUser(seats, dm.UserID)
						scan(t, "DM text", dm.Content, st.Hidden(seat))
						scan(t, "DM image view", jsonText(t, dm.Image.View), st.Hidden(seat))
					}
					if err := store.MarkSent(ctx, it.ID); err != nil {
						t.Fatal(err)
					}
				}
				if len(boards) > 0 {
					post, err := svc.BoardPost(ctx, row.ID, boards)
					if err != nil {
						t.Fatal(err)
					}
					hidden := st.Hidden(rules.Observer)
					scan(t, "board text", post.Content, hidden)
					scan(t, "board image view", jsonText(t, post.Image.View), hidden)
					scan(t, "board custom_ids", jsonText(t, post.Components), hidden)
				}
				// The next move: a random legal move of a random active seat, through /play.
				var movers []rules.Seat
				for _, s := range st.Active() {
					if len(st.Legal(s)) > 0 {
						movers = append(movers, s)
					}
				}
				seat := movers[rng.Intn(len(movers))]
				legal := st.Legal(seat)
				// The mover's decision menu: its custom_ids name no card at all (even the mover's
				// own cards: a custom_id is an index path and a hash); its text and labels name
				// no card hidden from the mover.
				menu, err := svc.Handle(ctx, Request{Kind: KindComponent, ChannelID: "c", GuildID: "g", UserID: userOfSeat(seats, seat),
					CustomID: CustomID{Action: ActYourMove, Game: row.ID, Version: st.Version()}.String()})
				if err != nil {
					t.Fatal(err)
				}
				var ids []string
				for _, b := range replyButtons(menu) {
					ids = append(ids, b.CustomID)
				}
				for _, sel := range replySelects(menu) {
					ids = append(ids, sel.CustomID)
					for _, o := range sel.Options {
						ids = append(ids, o.Value)
					}
				}
				var allCards []string
				for i := 0; i < st.Players(); i++ {
					allCards = append(allCards, st.Hidden(rules.Seat(i))...)
				}
				scan(t, "menu custom_ids and values", strings.Join(ids, " "), allCards)
				scan(t, "menu text", jsonText(t, menu.Components)+menu.Content, st.Hidden(seat))
				m := legal[rng.Intn(len(legal))]
				r := cmd(userOfSeat(seats, seat), "play", "", map[string]any{"move": m.String()})
				if !strings.HasPrefix(r.Content, "You played") {
					t.Fatalf("play %q: %q", m, r.Content)
				}
			}
		})
	}
}

func scan(t *testing.T, where, text string, hidden []string) {
	t.Helper()
	for _, id := range hidden {
		if rulestest.ContainsToken(text, id) {
			t.Fatalf("%s names hidden card %s: %.300s", where, id, text)
		}
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func seatOfUser(seats []data.Seat, user string) rules.Seat {
	for _, s := range seats {
		if s.UserID == user {
			return rules.Seat(s.Seat)
		}
	}
	return rules.Observer
}

func userOfSeat(seats []data.Seat, seat rules.Seat) string {
	for _, s := range seats {
		if rules.Seat(s.Seat) == seat {
			return s.UserID
		}
	}
	return ""
}
