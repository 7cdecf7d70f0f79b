package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
)

// current loads the table's game state with its registry.
func (st *stepTable) current() (data.Game, []data.Seat, rules.State) {
	st.t.Helper()
	row, seats, err := st.store.GameByID(context.Background(), st.game)
	if err != nil {
		st.t.Fatal(err)
	}
	g, _ := st.svc.reg.Get(row.Game)
	s, err := g.Load(row.State)
	if err != nil {
		st.t.Fatal(err)
	}
	return row, seats, s
}

// randomMove plays a random legal move of a random seat that may act, with /play, and returns the
// seat and the reply.
func (st *stepTable) randomMove(rng *rules.RNG) (rules.Seat, Reply) {
	st.t.Helper()
	_, _, s := st.current()
	var movers []rules.Seat
	for _, a := range s.Active() {
		if len(s.Legal(a)) > 0 {
			movers = append(movers, a)
		}
	}
	seat := movers[rng.Intn(len(movers))]
	legal := s.Legal(seat)
	return seat, st.play(int(seat), legal[rng.Intn(len(legal))].String())
}

// TestUndoRealGames plays random moves of every game through the service: a reply carries Undo
// exactly when the move may be taken back; pressing it restores the state before the move (same
// version, same JSON) and records the event; a move that drew, rolled or revealed is refused by
// /game undo and changes nothing; an older button is too late.
func TestUndoRealGames(t *testing.T) {
	moves := 150
	if testing.Short() {
		moves = 60
	}
	reg := games.Registry()
	for _, g := range reg.All() {
		t.Run(g.ID(), func(t *testing.T) {
			lo, _ := g.Players()
			st := startTable(t, reg, g.ID(), max(lo, 3))
			rng := rules.NewRNG(5)
			undone, refused, stale := 0, 0, 0
			var lastButton string // an Undo button of an earlier move
			for i := 0; i < moves; i++ {
				row, _, s := st.current()
				if row.Status != data.StatusPlaying {
					break
				}
				beforeJSON, _ := rules.Marshal(s)
				seat, r := st.randomMove(&rng)
				row, _, after := st.current()
				b, has := undoButton(r)
				_, over := after.Outcome()
				if want := after.Undoable() && !over; has != want {
					t.Fatalf("move %d: Undo button %v, want %v (%q)", i, has, want, r.Content)
				}
				user := st.users[seat]
				if lastButton != "" && rng.Intn(2) == 0 {
					snap := st.snapshot()
					if r := st.press(user, lastButton); !strings.Contains(r.Content, "Too late") && !strings.Contains(r.Content, "only take back your own") {
						t.Fatalf("an earlier Undo button: %q", r.Content)
					}
					if st.snapshot() != snap {
						t.Fatal("an earlier Undo button changed the game")
					}
					stale++
				}
				lastButton = ""
				switch {
				case has && rng.Intn(3) == 0:
					r := st.press(user, b.CustomID)
					if !strings.Contains(r.Content, "You took back") {
						t.Fatalf("undo: %q", r.Content)
					}
					_, _, back := st.current()
					backJSON, _ := rules.Marshal(back)
					if string(backJSON) != string(beforeJSON) {
						t.Fatalf("move %d: the state after the undo differs from the one before the move", i)
					}
					undone++
				case has:
					lastButton = b.CustomID
				case !over:
					snap := st.snapshot()
					r := st.do(Request{Kind: KindCommand, UserID: user, Command: "game", Sub: "undo"})
					if !strings.Contains(r.Content, "can't be taken back") && !strings.Contains(r.Content, "only take back your own") {
						t.Fatalf("/game undo after an irreversible move: %q", r.Content)
					}
					if st.snapshot() != snap {
						t.Fatal("a refused /game undo changed the game")
					}
					refused++
				}
				_ = row
			}
			events, _ := st.store.Events(context.Background(), st.game)
			if len(events) != undone {
				t.Fatalf("%d undos recorded %d events", undone, len(events))
			}
			t.Logf("%s: %d undone, %d refused, %d stale buttons", g.ID(), undone, refused, stale)
			if undone == 0 || refused == 0 {
				t.Fatalf("%s: %d undone, %d refused: the test saw too little", g.ID(), undone, refused)
			}
		})
	}
}

// fixedDeadlines is a pace layer whose every acting seat is due at one time.
type fixedDeadlines struct{ due time.Time }

func (f fixedDeadlines) Deadline(context.Context, int64, rules.Seat) (time.Time, bool, error) {
	return f.due, true, nil
}

// TestMyGames: /mygames lists the caller's games of every channel — those waiting on them with
// their deadline, the others with whose turn it is, the lobbies — with jump links, privately,
// and names nothing hidden from the caller.
func TestMyGames(t *testing.T) {
	ctx := context.Background()
	reg := games.Registry()
	st := startTable(t, reg, "borneo", 3)
	// A Spice Merchant game in c2 and a lobby in c3 with the same players.
	other := func(channel string, req Request) Reply {
		t.Helper()
		req.ChannelID, req.GuildID, req.Kind = channel, "g1", KindCommand
		req.UserName = strings.ToUpper(req.UserID)
		r, err := st.svc.Handle(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		localizeReply(st.svc.Words().For("en"), &r) // as an English client reads it
		return r
	}
	other("c2", Request{UserID: "u1", Command: "game", Sub: "new", Options: map[string]any{"game": "spice-merchant"}})
	other("c2", Request{UserID: "u2", Command: "game", Sub: "join"})
	other("c2", Request{UserID: "u3", Command: "game", Sub: "join"})
	other("c2", Request{UserID: "u1", Command: "game", Sub: "start"})
	other("c3", Request{UserID: "u2", Command: "game", Sub: "new", Options: map[string]any{"game": "batavia"}})
	if err := st.store.SetBoardMessage(ctx, st.game, "m77", 0); err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(3)
	for i := 0; i < 12; i++ {
		st.randomMove(&rng)
	}
	due := time.Unix(1_900_000_000, 0)
	st.svc.SetDeadlines(fixedDeadlines{due})
	sm, _, _ := st.store.Current(ctx, "c2")
	gsm, _ := reg.Get("spice-merchant")
	smState, _ := gsm.Load(sm.State)
	_, bseats, bState := st.current()
	// u3 is away and the AI plays their Borneo seat.
	if _, err := st.store.SetStandIn(ctx, st.game, int(seatOfUser(bseats, "u3")), "away"); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"u1", "u2", "u3"} {
		r := st.do(Request{Kind: KindCommand, UserID: u, Command: "mygames"})
		if !r.Ephemeral {
			t.Fatalf("/mygames is public: %q", r.Content)
		}
		bSeat := seatOfUser(bseats, u)
		_, smSeats, _ := st.store.Current(ctx, "c2")
		smSeat := seatOfUser(smSeats, u)
		scan(t, "/mygames of "+u, r.Content, bState.Hidden(bSeat))
		scan(t, "/mygames of "+u, r.Content, smState.Hidden(smSeat))
		waiting, others, _ := strings.Cut(r.Content, "**Your other games")
		if !strings.Contains(r.Content, "**Your other games") {
			waiting, others = r.Content, ""
		}
		for _, tc := range []struct {
			name  string
			st    rules.State
			seat  rules.Seat
			link  string
			title string
		}{
			{"borneo", bState, bSeat, "https://discord.com/channels/g1/c1/m77", "**Borneo** in <#c1>"},
			{"spice-merchant", smState, smSeat, "https://discord.com/channels/g1/c2", "**Spice Merchant** in <#c2>"},
		} {
			mine := len(tc.st.Legal(tc.seat)) > 0
			part := others
			if mine {
				part = waiting
			}
			if !strings.Contains(part, tc.title) || !strings.Contains(part, "("+tc.link+")") {
				t.Errorf("%s: %s (waiting on them: %v) not listed where expected with its link:\n%s", u, tc.name, mine, r.Content)
			}
			if mine && !strings.Contains(waiting, fmt.Sprintf("<t:%d:R>", due.Unix())) {
				t.Errorf("%s: no deadline:\n%s", u, r.Content)
			}
		}
		if ai := strings.Contains(r.Content, "the AI plays for you"); ai != (u == "u3") {
			t.Errorf("%s: stand-in shown %v:\n%s", u, ai, r.Content)
		}
		hasLobby := strings.Contains(r.Content, "**Batavia** in <#c3> — lobby")
		if hasLobby != (u == "u2") {
			t.Errorf("%s: lobby listed %v:\n%s", u, hasLobby, r.Content)
		}
	}
	if r := st.do(Request{Kind: KindCommand, UserID: "u9", Command: "mygames"}); !strings.Contains(r.Content, "not in any game") {
		t.Fatalf("/mygames of a stranger: %q", r.Content)
	}
}

// TestHistory: /game history posts the public log with the game's events; a log line private to
// a seat shows its public text; a long log comes as a plain text file.
func TestHistory(t *testing.T) {
	st := startStep(t, 2)
	st.play(0, "draw")
	_, _, s := st.current()
	private := s.(*stepState).L.Lines[0].Private
	st.play(0, "step")
	st.press(st.users[0], mustUndo(t, st.play(0, "step")).CustomID)
	r := st.do(Request{Kind: KindCommand, UserID: "u9", Command: "game", Sub: "history"})
	name := "**" + strings.ToUpper(st.users[0]) + "**"
	want := "• " + name + " draws a card.\n• " + name + " steps to 1.\n• " + name + " took back their move."
	if r.Ephemeral || r.File != nil || !strings.HasSuffix(r.Content, want) {
		t.Fatalf("history = %q, want it to end with %q", r.Content, want)
	}
	l := &loaded{st: s, game: stepGame{}}
	if strings.Contains(r.Content, l.expand(private, nil)) {
		t.Fatal("history shows a private log line")
	}

	// A long game: a file.
	reg := games.Registry()
	bt := startTable(t, reg, "spice-merchant", 3)
	rng := rules.NewRNG(9)
	for i := 0; i < 80; i++ {
		if row, _, _ := bt.current(); row.Status != data.StatusPlaying {
			break
		}
		bt.randomMove(&rng)
	}
	r = bt.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "history"})
	if r.File == nil || !strings.HasSuffix(r.File.Name, ".txt") || r.Ephemeral {
		t.Fatalf("long history: %q, file %v", r.Content, r.File)
	}
	text := string(r.File.Data)
	_, _, bs := bt.current()
	if strings.Contains(text, "**") || regexp.MustCompile(`\{\d\}|\[\[`).MatchString(text) {
		t.Fatalf("the file has Markdown or unexpanded references:\n%.500s", text)
	}
	if got, want := strings.Count(text, "\n")-3, len(bs.Log(rules.Observer)); got != want {
		t.Fatalf("the file has %d log lines, the public log %d", got, want)
	}
	if !strings.Contains(text, "U1") || !strings.Contains(text, " UTC  ") {
		t.Fatalf("the file lacks names or times:\n%.500s", text)
	}
}

// TestExport: an unfinished game is not exported (its seed and moves would reveal hidden cards);
// a finished one is a JSON file that replays to the same final state, with the undo as an event.
func TestExport(t *testing.T) {
	st := startStep(t, 2)
	st.play(0, "step")
	st.press(st.users[0], mustUndo(t, st.play(0, "step")).CustomID)
	snap := st.snapshot()
	if r := st.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "export"}); r.File != nil || !strings.Contains(r.Content, "only a finished game can be exported") {
		t.Fatalf("export of an unfinished game: %q %v", r.Content, r.File)
	}
	if st.snapshot() != snap {
		t.Fatal("a refused export changed something")
	}
	for i := 0; ; i++ {
		row, _, s := st.current()
		if row.Status != data.StatusPlaying {
			break
		}
		seat := s.Active()[0]
		move := "step"
		if i%5 == 4 {
			move = "end"
		}
		st.play(int(seat), move)
	}
	// A new lobby in the channel: the export is still of the finished game.
	st.do(Request{Kind: KindCommand, UserID: "u2", Command: "game", Sub: "new", Options: map[string]any{"game": "step"}})
	r := st.do(Request{Kind: KindCommand, UserID: "u2", Command: "game", Sub: "export"})
	if r.File == nil || r.File.ContentType != "application/json" {
		t.Fatalf("export: %q", r.Content)
	}
	e, err := ReadExport(r.File.Data)
	if err != nil {
		t.Fatal(err)
	}
	if e.Game != "step" || e.Players != 2 || len(e.Moves) != 40 || e.Moves[0].Move != "step" || e.Moves[0].At.IsZero() ||
		len(e.Events) != 1 || e.Events[0].Kind != "undo" || len(e.Seats) != 2 {
		t.Fatalf("export = %+v", e)
	}
	var raw map[string]any
	_ = json.Unmarshal(r.File.Data, &raw)
	if _, ok := raw["seed"].(string); !ok {
		t.Fatalf("seed is not a string: %v", raw["seed"])
	}
	final, err := e.Replay(st.svc.reg)
	if err != nil {
		t.Fatal(err)
	}
	_, _, s := st.current()
	a, _ := rules.Marshal(final)
	b, _ := rules.Marshal(s)
	if string(a) != string(b) {
		t.Fatal("the replayed state differs from the stored one")
	}
	// A tampered export does not replay to the exported state.
	e.Moves = e.Moves[:len(e.Moves)-1]
	if _, err := e.Replay(st.svc.reg); err == nil {
		t.Fatal("a truncated export replayed without error")
	}
}
