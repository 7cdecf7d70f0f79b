package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/games"
	"spicebot/pace"
	"spicebot/rules"
)

// stepTable is a started step game (stepGame) in channel c1 with its players by seat.
type stepTable struct {
	t     testing.TB
	svc   *Service
	store *data.Store
	game  int64
	users []string // by seat
}

func startStep(t *testing.T, players int) *stepTable {
	t.Helper()
	reg := &rules.Registry{}
	reg.Register(stepGame{})
	return startTable(t, reg, "step", players)
}

// startTable starts a game of reg in channel c1 with players u1, u2 … (u1 creates it).
func startTable(t testing.TB, reg *rules.Registry, game string, players int) *stepTable {
	t.Helper()
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	st := &stepTable{t: t, svc: New(store, reg, nil), store: store}
	st.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "new", Options: map[string]any{"game": game}})
	for i := 2; i <= players; i++ {
		st.do(Request{Kind: KindCommand, UserID: fmt.Sprintf("u%d", i), Command: "game", Sub: "join"})
	}
	if r := st.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "start"}); !strings.Contains(r.Content, "has started") {
		t.Fatalf("start: %q", r.Content)
	}
	row, seats, err := store.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	st.game = row.ID
	st.users = make([]string, players)
	for _, s := range seats {
		st.users[s.Seat] = s.UserID
	}
	st.drain()
	return st
}

// do answers one request in channel c1 (guild g1) and checks that no reply shows an internal id.
func (st *stepTable) do(req Request) Reply {
	st.t.Helper()
	req.ChannelID, req.GuildID = "c1", "g1"
	if req.UserName == "" {
		req.UserName = strings.ToUpper(req.UserID)
	}
	if req.Options == nil {
		req.Options = map[string]any{}
	}
	r, err := st.svc.Handle(context.Background(), req)
	if err != nil {
		st.t.Fatal(err)
	}
	if t, ok := st.t.(*testing.T); ok {
		idScan(t, r)
	}
	return r
}

// play makes seat play move text with /play.
func (st *stepTable) play(seat int, move string) Reply {
	st.t.Helper()
	r := st.do(Request{Kind: KindCommand, UserID: st.users[seat], Command: "play", Options: map[string]any{"move": move}})
	if !strings.HasPrefix(r.Content, "You played") {
		st.t.Fatalf("play %q: %q", move, r.Content)
	}
	return r
}

func (st *stepTable) press(user string, customID string) Reply {
	st.t.Helper()
	return st.do(Request{Kind: KindComponent, UserID: user, CustomID: customID})
}

// drain marks every pending outbox item sent and returns them.
func (st *stepTable) drain() []data.OutboxItem {
	st.t.Helper()
	ctx := context.Background()
	items, err := st.store.PendingOutbox(ctx, 0)
	if err != nil {
		st.t.Fatal(err)
	}
	for _, it := range items {
		if err := st.store.MarkSent(ctx, it.ID); err != nil {
			st.t.Fatal(err)
		}
	}
	return items
}

// snapshot is everything an undo or a replacement may write.
func (st *stepTable) snapshot() string {
	st.t.Helper()
	ctx := context.Background()
	row, seats, err := st.store.GameByID(ctx, st.game)
	if err != nil {
		st.t.Fatal(err)
	}
	moves, _ := st.store.Moves(ctx, st.game)
	events, _ := st.store.Events(ctx, st.game)
	pending, _ := st.store.PendingOutbox(ctx, 0)
	return fmt.Sprintf("v%d %s seats=%v moves=%d events=%d outbox=%d", row.Version, row.State, seats, len(moves), len(events), len(pending))
}

func (st *stepTable) state() *stepState {
	st.t.Helper()
	row, _, err := st.store.GameByID(context.Background(), st.game)
	if err != nil {
		st.t.Fatal(err)
	}
	s, err := stepGame{}.Load(row.State)
	if err != nil {
		st.t.Fatal(err)
	}
	return s.(*stepState)
}

// undoButton returns the Undo button of a reply, or false.
func undoButton(r Reply) (discordgo.Button, bool) {
	for _, b := range replyButtons(r) {
		if strings.HasPrefix(b.CustomID, customIDPrefix+string(ActUndo)+"/") {
			return b, true
		}
	}
	return discordgo.Button{}, false
}

// undoLabel is the Undo button's label as an English reader sees it.
var undoLabel = english().Text(undoButtonLabel)

// noticeEnglish is the text of a KindNotice item as the bot posts it in an English channel.
func noticeEnglish(t *testing.T, it data.OutboxItem) string {
	t.Helper()
	text, err := NoticeText(it)
	if err != nil {
		t.Fatal(err)
	}
	return english().Text(text)
}

func mustUndo(t *testing.T, r Reply) discordgo.Button {
	t.Helper()
	b, ok := undoButton(r)
	if !ok {
		t.Fatalf("no Undo button on %q", r.Content)
	}
	if b.Label != undoLabel {
		t.Fatalf("Undo button labelled %q", b.Label)
	}
	return b
}

// TestUndoStep takes back a step: the state is the one before it, the move leaves the log, the
// channel is told and gets the board, the event is in /game history, and the button is spent.
func TestUndoStep(t *testing.T) {
	st := startStep(t, 2)
	st.play(0, "step")
	st.drain()
	before := st.state()
	beforeSnap := st.snapshot()
	r := st.play(0, "step")
	undo := mustUndo(t, r)
	st.drain()

	// Another player pressing it (the reply is private, but a custom_id can be replayed) changes
	// nothing.
	other := st.snapshot()
	if r := st.press(st.users[1], undo.CustomID); !strings.Contains(r.Content, "only take back your own") {
		t.Fatalf("another player's undo: %q", r.Content)
	}
	if st.snapshot() != other {
		t.Fatal("another player's undo changed the game")
	}

	r = st.press(st.users[0], undo.CustomID)
	if r.Type != ReplyUpdate || !strings.Contains(r.Content, "You took back: Take a step.") || !strings.Contains(r.Content, "Your decision again") {
		t.Fatalf("undo answered %v %q", r.Type, r.Content)
	}
	after := st.state()
	if after.V != before.V || after.Pos[0] != before.Pos[0] || len(after.L.Lines) != len(before.L.Lines) {
		t.Fatalf("after undo: v%d pos %v log %d; before v%d pos %v log %d", after.V, after.Pos, len(after.L.Lines), before.V, before.Pos, len(before.L.Lines))
	}
	if got := strings.Join(stepMoves(t, st), ","); got != "step" {
		t.Fatalf("moves after undo = %q", got)
	}
	items := st.drain()
	var kinds []string
	for _, it := range items {
		kinds = append(kinds, it.Kind)
		if it.Kind == KindNotice {
			text := noticeEnglish(t, it)
			if !strings.Contains(text, "**"+strings.ToUpper(st.users[0])+"** took back their move") {
				t.Errorf("notice %q", text)
			}
		}
	}
	if strings.Join(kinds, ",") != "board,notice" {
		t.Fatalf("undo queued %v, want a board and a notice", kinds)
	}
	events, _ := st.store.Events(context.Background(), st.game)
	if len(events) != 1 || events[0].Kind != "undo" || events[0].Version != 1 || english().Text(events[0].Text) != "{0} took back their move." {
		t.Fatalf("events = %+v", events)
	}
	// The chained Undo offers the step before (also the caller's and undoable).
	prevUndo := mustUndo(t, r)

	// The spent button: too late, nothing changes.
	spent := st.snapshot()
	if r := st.press(st.users[0], undo.CustomID); !strings.Contains(r.Content, "Too late to take that back") {
		t.Fatalf("spent undo: %q", r.Content)
	}
	if st.snapshot() != spent {
		t.Fatal("a spent undo changed the game")
	}
	if st.snapshot() == beforeSnap {
		t.Fatal("the undo was not recorded as an event")
	}
	// /game history and /log show the record.
	h := st.do(Request{Kind: KindCommand, UserID: "u2", Command: "game", Sub: "history"})
	if !strings.Contains(h.Content, "**"+strings.ToUpper(st.users[0])+"** took back their move.") || h.Ephemeral {
		t.Fatalf("history = %q (ephemeral %v)", h.Content, h.Ephemeral)
	}

	if lg := st.do(Request{Kind: KindCommand, UserID: st.users[0], Command: "log"}); !strings.Contains(lg.Content, "took back their move") {
		t.Fatalf("/log = %q", lg.Content)
	}

	// The chained undo takes back the first step too.
	if r := st.press(st.users[0], prevUndo.CustomID); !strings.Contains(r.Content, "You took back: Take a step.") {
		t.Fatalf("chained undo: %q", r.Content)
	}
	if s := st.state(); s.V != 0 || s.Pos[0] != 0 {
		t.Fatalf("after two undos: v%d pos %v", s.V, s.Pos)
	}
}

func stepMoves(t *testing.T, st *stepTable) []string {
	t.Helper()
	ms, err := st.store.Moves(context.Background(), st.game)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		out = append(out, m.Move)
	}
	return out
}

// TestUndoRefused: no undo after a draw or a die roll, after another player acted, or of
// another player's move; each refusal says why and changes nothing.
func TestUndoRefused(t *testing.T) {
	st := startStep(t, 2)
	for _, move := range []string{"draw", "roll"} {
		r := st.play(0, move)
		if _, ok := undoButton(r); ok {
			t.Fatalf("%s offers Undo", move)
		}
		snap := st.snapshot()
		if r := st.do(Request{Kind: KindCommand, UserID: st.users[0], Command: "game", Sub: "undo"}); !strings.Contains(r.Content, "drew a card, rolled a die") {
			t.Fatalf("/game undo after %s: %q", move, r.Content)
		}
		// A forged button for it is refused the same way.
		ms, _ := st.store.Moves(context.Background(), st.game)
		id := CustomID{Action: ActUndo, Game: st.game, Version: st.state().V, Page: 1, Hash: movesHash(data.Records(ms[len(ms)-1:]))}.String()
		if r := st.press(st.users[0], id); !strings.Contains(r.Content, "drew a card, rolled a die") {
			t.Fatalf("undo button after %s: %q", move, r.Content)
		}
		if st.snapshot() != snap {
			t.Fatalf("refused undo after %s changed the game", move)
		}
	}
	// Seat 0 steps then ends its turn; seat 1 steps: seat 0's buttons are stale, and seat 0's
	// /game undo finds seat 1's move last.
	stepUndo := mustUndo(t, st.play(0, "step"))
	endUndo := mustUndo(t, st.play(0, "end"))
	st.play(1, "step")
	snap := st.snapshot()
	for _, b := range []discordgo.Button{stepUndo, endUndo} {
		if r := st.press(st.users[0], b.CustomID); !strings.Contains(r.Content, "Too late to take that back") {
			t.Fatalf("stale undo: %q", r.Content)
		}
	}
	if r := st.do(Request{Kind: KindCommand, UserID: st.users[0], Command: "game", Sub: "undo"}); !strings.Contains(r.Content, "only take back your own") {
		t.Fatalf("/game undo after another player acted: %q", r.Content)
	}
	if r := st.do(Request{Kind: KindCommand, UserID: "u9", Command: "game", Sub: "undo"}); !strings.Contains(r.Content, "not playing") {
		t.Fatalf("/game undo by a non-player: %q", r.Content)
	}
	if st.snapshot() != snap {
		t.Fatal("refused undos changed the game")
	}
	// Seat 1 may take its own step back with /game undo.
	if r := st.do(Request{Kind: KindCommand, UserID: st.users[1], Command: "game", Sub: "undo"}); !strings.Contains(r.Content, "You took back: Take a step.") {
		t.Fatalf("/game undo: %q", r.Content)
	}
}

// TestUndoBatch: cards paid together in one multi-select are taken back as one.
func TestUndoBatch(t *testing.T) {
	st := startStep(t, 2)
	st.play(0, "step")
	before := st.state()
	menu := st.do(Request{Kind: KindComponent, UserID: st.users[0], CustomID: CustomID{Action: ActYourMove, Game: st.game, Version: before.V}.String()})
	sels := replySelects(menu)
	if len(sels) == 0 || sels[0].MaxValues < 2 {
		t.Fatalf("no multi-select in %q", menu.Content)
	}
	// Two cards: a count of two, or two single cards.
	values := []string{sels[0].Options[0].Value, sels[0].Options[1].Value}
	if strings.HasPrefix(sels[0].Options[1].Label, "2 ×") {
		values = values[1:]
	}
	r := st.do(Request{Kind: KindComponent, UserID: st.users[0], CustomID: sels[0].CustomID, Values: values})
	if got := st.state(); got.V != before.V+2 || len(got.Paid) != 2 {
		t.Fatalf("batch not played: v%d paid %v (%q)", got.V, got.Paid, r.Content)
	}
	undo := mustUndo(t, r)
	if id, _ := ParseCustomID(undo.CustomID); id.Page != 2 {
		t.Fatalf("undo button takes back %d moves, want 2", id.Page)
	}
	r = st.press(st.users[0], undo.CustomID)
	if !strings.Contains(r.Content, "You took back: Pay pepper and Pay pepper.") {
		t.Fatalf("batch undo: %q", r.Content)
	}
	after := st.state()
	if after.V != before.V || len(after.Paid) != 0 || len(after.Hands[0]) != len(before.Hands[0]) {
		t.Fatalf("after batch undo: %+v", after)
	}
	if got := strings.Join(stepMoves(t, st), ","); got != "step" {
		t.Fatalf("moves after batch undo = %q", got)
	}
}

// TestReplaceSeat: the creator hands seat 2 to a newcomer, who gets the seat's hand by DM; the
// state and the moves stay the same; refusals change nothing.
func TestReplaceSeat(t *testing.T) {
	st := startStep(t, 3)
	st.play(0, "step")
	st.play(0, "draw")
	st.drain()
	ctx := context.Background()
	rowBefore, _, _ := st.store.GameByID(ctx, st.game)
	movesBefore := stepMoves(t, st)
	oldUser := st.users[1]
	replace := func(by, old, nw string, users map[string]ResolvedUser, manage bool) Reply {
		return st.do(Request{Kind: KindCommand, UserID: by, Command: "game", Sub: "replace", CanManage: manage,
			Options: map[string]any{"old": old, "new": nw}, Users: users})
	}
	notCreator := st.users[0]
	if notCreator == "u1" {
		notCreator = st.users[1]
	}
	snap := st.snapshot()
	for _, tc := range []struct {
		name, by, old, new string
		bot, manage        bool
		want               string
	}{
		{"not the creator", notCreator, oldUser, "u9", false, false, "Only the game's creator"},
		{"old is not playing", "u1", "u8", "u9", false, false, "is not playing in this game"},
		{"new already plays", "u1", oldUser, st.users[2], false, false, "already plays third ("},
		{"same person", "u1", oldUser, oldUser, false, false, "already holds that seat"},
		{"a bot", "u1", oldUser, "u9", true, false, "is a bot"},
	} {
		r := replace(tc.by, tc.old, tc.new, map[string]ResolvedUser{tc.new: {Name: "Nine", Bot: tc.bot}}, tc.manage)
		if !strings.Contains(r.Content, tc.want) || !r.Ephemeral {
			t.Errorf("%s: %q, want %q", tc.name, r.Content, tc.want)
		}
	}
	if st.snapshot() != snap {
		t.Fatal("refused replacements changed the game")
	}

	// A moderator (Manage Channels) who is not the creator may replace.
	r := replace(notCreator, oldUser, "u9", map[string]ResolvedUser{"u9": {Name: "Nine"}}, true)
	if !strings.Contains(r.Content, "<@u9> now plays second (") {
		t.Fatalf("replace: %q", r.Content)
	}
	row, seats, _ := st.store.GameByID(ctx, st.game)
	if string(row.State) != string(rowBefore.State) || row.Version != rowBefore.Version || strings.Join(stepMoves(t, st), ",") != strings.Join(movesBefore, ",") {
		t.Fatal("the replacement changed the game's state or moves")
	}
	if seats[1].UserID != "u9" || seats[1].Name != "Nine" {
		t.Fatalf("seats = %+v", seats)
	}
	items := st.drain()
	var dm *data.OutboxItem
	for i, it := range items {
		switch {
		case it.Kind == KindDM && it.Target == "u9":
			dm = &items[i]
		case it.Kind == KindDM:
			t.Errorf("DM to %s", it.Target)
		case it.Kind == KindNotice:
			text := noticeEnglish(t, it)
			if !strings.Contains(text, "<@u9> takes over from <@"+oldUser+"> (decided by ") || !strings.Contains(text, "and plays second (") {
				t.Errorf("notice %q", text)
			}
		}
	}
	if dm == nil {
		t.Fatalf("no DM to the newcomer in %+v", items)
	}
	msg, ok, err := st.svc.DirectMessage(ctx, *dm)
	if err != nil || !ok {
		t.Fatalf("DirectMessage: %v %v", ok, err)
	}
	s := st.state()
	wantHand := s.Private(1)
	if !strings.Contains(msg.Content, "You took over the seat that plays second (orange)") || msg.Image == nil || !strings.Contains(msg.Content, "Your hand:") {
		t.Fatalf("DM = %q", msg.Content)
	}
	hl := &loaded{st: s, game: stepGame{}}
	if !strings.Contains(msg.Content, hl.expand(wantHand, nil)) {
		t.Fatalf("DM %q lacks the seat's hand %q", msg.Content, hl.expand(wantHand, nil))
	}
	scan(t, "newcomer DM", msg.Content+jsonText(t, msg.Image.View), s.Hidden(1))
	// The newcomer plays the seat; the old player no longer can.
	st.play(0, "end")
	st.users[1] = "u9"
	st.play(1, "step")
	if r := st.do(Request{Kind: KindCommand, UserID: oldUser, Command: "play", Options: map[string]any{"move": "step"}}); !strings.Contains(r.Content, "not playing") {
		t.Fatalf("the old player played: %q", r.Content)
	}
	events, _ := st.store.Events(ctx, st.game)
	if len(events) != 1 || events[0].Kind != "replace" || !strings.Contains(events[0].Text, "<@u9>") {
		t.Fatalf("events = %+v", events)
	}
	// The pace layer's entry point refuses a newcomer who already plays.
	err = st.svc.takeVoted(ctx, passedReplaceVote(t, st.store, st.game, 0), st.game, 0, "u9", "Nine")
	if text, ok := refusalText(err); !ok || !strings.Contains(english().Text(text), "already plays second (") {
		t.Fatalf("takeVoted refusal = %v", err)
	}
}

// TestReplaceSeatTakeOver: the pace layer's "Take this seat" path hands the seat to a volunteer.
func TestReplaceSeatTakeOver(t *testing.T) {
	st := startStep(t, 2)
	st.play(0, "end")
	st.drain()
	ctx := context.Background()
	if _, err := st.store.SetStandIn(ctx, st.game, 1, "away"); err != nil {
		t.Fatal(err)
	}
	vote := passedReplaceVote(t, st.store, st.game, 1)
	unlock := st.svc.lock(st.game)
	err := st.svc.takeVoted(ctx, vote, st.game, 1, "u7", "Seven")
	unlock()
	if err != nil {
		t.Fatal(err)
	}
	items := st.drain()
	var turnDM bool
	for _, it := range items {
		if it.Kind == KindDM && it.Target == "u7" {
			var p dmPayload
			_ = json.Unmarshal([]byte(it.Payload), &p)
			turnDM = p.Turn && p.Replaced
		}
	}
	if !turnDM {
		t.Fatalf("the volunteer, whose move it is, got no turn DM: %+v", items)
	}
	if sis, _ := st.store.StandIns(ctx, st.game); len(sis) != 0 {
		t.Fatalf("the AI still stands in for the seat the volunteer took: %+v", sis)
	}
}

// passedReplaceVote stores a vote to replace seat of game that passed, and returns its id.
func passedReplaceVote(t testing.TB, store *data.Store, game int64, seat int) int64 {
	t.Helper()
	ctx := context.Background()
	v, err := store.OpenVote(ctx, data.Vote{GameID: game, Kind: pace.VoteReplace, Seat: seat, Choices: []string{pace.ChoiceYes, pace.ChoiceNo}, Version: 1}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := store.CloseVote(ctx, v.ID, pace.ChoiceYes, "", nil, nil); err != nil || !ok {
		t.Fatalf("close vote: %v %v", ok, err)
	}
	return v.ID
}

// TestUndoSecretMoveStaysAnonymous: in Spice Merchant's secret registration nobody may learn who
// registered, so the undo of a registration names nobody in the channel or the log.
func TestUndoSecretMoveStaysAnonymous(t *testing.T) {
	st := startTable(t, games.Registry(), "spice-merchant", 3)
	st.drain()
	_, _, s := st.current()
	if len(s.Active()) != 3 {
		t.Fatalf("the game does not start with the secret registration: active %v", s.Active())
	}
	r := st.play(1, s.Legal(1)[0].String())
	undo := mustUndo(t, r)
	st.drain()
	if r := st.press(st.users[1], undo.CustomID); !strings.Contains(r.Content, "You took back") {
		t.Fatalf("undo: %q", r.Content)
	}
	name := strings.ToUpper(st.users[1])
	for _, it := range st.drain() {
		if it.Kind == KindNotice {
			text := noticeEnglish(t, it)
			if text != "↩️ A move was taken back." {
				t.Errorf("notice %q", text)
			}
		}
	}
	events, _ := st.store.Events(context.Background(), st.game)
	if len(events) != 1 || strings.Contains(events[0].Text, "{") {
		t.Fatalf("events = %+v", events)
	}
	h := st.do(Request{Kind: KindCommand, UserID: st.users[0], Command: "game", Sub: "history"})
	if strings.Contains(h.Content, name) && strings.Contains(h.Content, "took back") {
		t.Fatalf("history names the player who took back a secret move: %q", h.Content)
	}
}

// TestUndoButtonOfAnotherMove: a move taken back with /game undo and played differently at the same
// version is not taken back by the first move's Undo button.
func TestUndoButtonOfAnotherMove(t *testing.T) {
	st := startStep(t, 2)
	old := mustUndo(t, st.play(0, "step"))
	if r := st.do(Request{Kind: KindCommand, UserID: st.users[0], Command: "game", Sub: "undo"}); !strings.Contains(r.Content, "You took back") {
		t.Fatalf("/game undo: %q", r.Content)
	}
	st.play(0, "end") // another move at the same version
	snap := st.snapshot()
	if r := st.press(st.users[0], old.CustomID); !strings.Contains(r.Content, "Too late to take that back") {
		t.Fatalf("the first move's button: %q", r.Content)
	}
	if st.snapshot() != snap {
		t.Fatal("the first move's button took back another move")
	}
}

func TestUndoCustomID(t *testing.T) {
	id := CustomID{Action: ActUndo, Game: 12, Version: 40, Page: 3, Hash: "1x9z"}
	got, err := ParseCustomID(id.String())
	if err != nil || got.Action != ActUndo || got.Game != 12 || got.Version != 40 || got.Page != 3 || got.Hash != "1x9z" {
		t.Fatalf("round trip of %q: %+v, %v", id.String(), got, err)
	}
	for _, bad := range []string{"sb1:undo/12/40/3", "sb1:undo/12/0/1/h", "sb1:undo/12/4/0/h", "sb1:undo/12/4/5/h", "sb1:undo/12/4/1/", "sb1:undo/12/x/1/h"} {
		if _, err := ParseCustomID(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
