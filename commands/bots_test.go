package commands

import (
	"context"
	"errors"
	"strings"
	"testing"

	"spicebot/data"
	"spicebot/rules"
)

// TestBotsLobby: bots:<n> seats AI players named as such that count towards the table; a table
// they fill starts at once; nobody AI is DMed; bad bots options are refused and change nothing.
func TestBotsLobby(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	for _, tc := range []struct {
		opts map[string]any
		want string
	}{
		{map[string]any{"players": int64(2), "bots": int64(2)}, "at most 1 AI players besides you"},
		{map[string]any{"bots": int64(4)}, "at most 3 AI players besides you"},
		{map[string]any{"level": "easy"}, "add `bots:`"},
		{map[string]any{"bots": int64(1), "level": "hard"}, "`easy` or `strong`"},
	} {
		game := "count"
		if _, ok := tc.opts["players"]; !ok {
			game = "wide"
		}
		r := call(t, svc, as("u1", newGame(game, tc.opts)))
		if !r.Ephemeral || !strings.Contains(r.Content, tc.want) {
			t.Errorf("%v: %q, want %q", tc.opts, r.Content, tc.want)
		}
		if _, _, err := store.Current(ctx, "c1"); !errors.Is(err, data.ErrNoGame) {
			t.Fatalf("%v opened a lobby", tc.opts)
		}
	}

	// Without a table size, the AI players wait in the lobby with the creator.
	r := call(t, svc, as("u1", newGame("wide", map[string]any{"bots": int64(2), "level": "easy"})))
	if r.Ephemeral || !strings.Contains(r.Content, "Players (3): U1, AI 1 (easy), AI 2 (easy)") {
		t.Fatalf("lobby with bots: %q", r.Content)
	}
	row, seats, _ := store.Current(ctx, "c1")
	if seats[1].UserID != "ai:easy:1" || seats[2].UserID != "ai:easy:2" {
		t.Errorf("AI seats %+v", seats)
	}
	if err := store.Cancel(ctx, row.ID); err != nil {
		t.Fatal(err)
	}

	// bots fill the table of 2: the game starts at once, the AI named and never mentioned.
	r = call(t, svc, as("u1", newGame("count", map[string]any{"players": int64(2), "bots": int64(1)})))
	if !strings.Contains(r.Content, "has started") || !strings.Contains(r.Content, "**AI 1 (strong)**") || strings.Contains(r.Content, "<@ai:") {
		t.Fatalf("a table filled by an AI: %q", r.Content)
	}
	items, err := store.PendingOutbox(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if IsAI(it.Target) {
			t.Errorf("outbox item %s to the AI", it.Kind)
		}
		if it.Kind == KindBoard {
			post, err := svc.BoardPost(ctx, it.GameID, []data.OutboxItem{it})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range post.Mentions {
				if IsAI(m) {
					t.Errorf("the board mentions the AI: %v", post.Mentions)
				}
			}
			if strings.Contains(post.Content, "<@ai:") {
				t.Errorf("the board pings the AI: %q", post.Content)
			}
		}
	}
}

// TestPlayAs: the AI's moves go through the human commit path and nothing else: a seat the AI
// does not play, an illegal move and a stale version change nothing; a legal move is stored as
// the AI's, with a board update; a stand-in lets the AI play a human's seat until they are back.
func TestPlayAs(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	call(t, svc, as("u1", newGame("count", map[string]any{"players": int64(2), "bots": int64(1), "level": "easy"})))
	row, seats, err := store.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	var ai, human rules.Seat
	for _, s := range seats {
		if IsAI(s.UserID) {
			ai = rules.Seat(s.Seat)
		} else {
			human = rules.Seat(s.Seat)
		}
	}
	// The first to move: the AI if it is its turn, else the human plays first.
	if d, _ := svc.AIDecisions(ctx, row.ID); len(d) == 0 {
		call(t, svc, Request{Command: "play", UserID: "u1", Options: map[string]any{"move": "n 1"}})
	}
	d, err := svc.AIDecisions(ctx, row.ID)
	if err != nil || len(d) != 1 || d[0] != ai {
		t.Fatalf("AI decisions %v (%v), want seat %d", d, err, ai)
	}
	dec, ok, err := svc.AIDecision(ctx, row.ID, ai)
	if err != nil || !ok || dec.Level != LevelEasy {
		t.Fatalf("AI decision %+v %v %v", dec, ok, err)
	}
	v := dec.Version
	unchanged := func(what string) {
		t.Helper()
		r, _, _ := store.GameByID(ctx, row.ID)
		if r.Version != v {
			t.Errorf("%s changed the game: version %d → %d", what, v, r.Version)
		}
	}
	if _, err := svc.PlayAs(ctx, forSeat(dec, human), countMove(1)); !errors.Is(err, ErrNotAISeat) {
		t.Errorf("PlayAs for a human seat: %v", err)
	}
	unchanged("PlayAs for a human seat")
	if _, err := svc.PlayAs(ctx, dec, countMove(99)); !errors.Is(err, ErrAIMoveRefused) {
		t.Errorf("PlayAs with an illegal move: %v", err)
	}
	unchanged("an illegal AI move")
	stale := dec
	stale.Version--
	if played, err := svc.PlayAs(ctx, stale, countMove(1)); played || err != nil {
		t.Errorf("PlayAs at a stale version: %v %v", played, err)
	}
	stale = dec
	stale.Key += "x" // the same version in another position (after an undo)
	if played, err := svc.PlayAs(ctx, stale, countMove(1)); played || err != nil {
		t.Errorf("PlayAs in another position: %v %v", played, err)
	}
	unchanged("a stale AI move")
	before, _ := store.PendingOutbox(ctx, 0)
	if played, err := svc.PlayAs(ctx, dec, countMove(2)); !played || err != nil {
		t.Fatalf("PlayAs: %v %v", played, err)
	}
	moves, _ := store.Moves(ctx, row.ID)
	if last := moves[len(moves)-1]; last.UserID != "ai:easy:1" || last.Move != "n 2" || rules.Seat(last.Seat) != ai {
		t.Errorf("stored AI move %+v", last)
	}
	after, _ := store.PendingOutbox(ctx, 0)
	if len(after) <= len(before) || after[len(after)-1].Kind == "" {
		t.Errorf("the AI's move queued no board")
	}

	// The AI stands in for the human, who is then back.
	if err := svc.StandIn(ctx, row.ID, human, "they are away"); err != nil {
		t.Fatal(err)
	}
	if plays, _ := svc.AIPlays(ctx, row.ID, human); !plays {
		t.Error("the AI does not play the seat it stands in for")
	}
	items, _ := store.PendingOutbox(ctx, 0)
	notice := items[len(items)-1]
	n, err := StandInNoticeOf(notice)
	if notice.Kind != KindStandIn || err != nil || !strings.Contains(n.Content, "<@u1>") || len(n.Mentions) != 1 || n.Mentions[0] != "u1" {
		t.Errorf("stand-in notice %+v %+v %v", notice, n, err)
	}
	if d, _ := svc.AIDecisions(ctx, row.ID); len(d) != 1 || d[0] != human {
		t.Errorf("AI decisions with a stand-in: %v", d)
	}
	// The owner is back (before the game's last move: the count game ends at its third move).
	back := call(t, svc, Request{Command: "game", Sub: "back", UserID: "u1"})
	if back.Ephemeral || !strings.Contains(back.Content, "<@u1> is back") {
		t.Errorf("/game back: %q", back.Content)
	}
	if plays, _ := svc.AIPlays(ctx, row.ID, human); plays {
		t.Error("the AI still plays the seat of a player who is back")
	}
	if _, err := svc.PlayAs(ctx, forSeat(dec, human), countMove(3)); !errors.Is(err, ErrNotAISeat) {
		t.Errorf("PlayAs for a seat whose owner is back: %v", err)
	}
	if again := call(t, svc, Request{Command: "game", Sub: "back", UserID: "u1"}); !again.Ephemeral || !strings.Contains(again.Content, "not playing for you") {
		t.Errorf("/game back again: %q", again.Content)
	}
	// Standing in again, the AI plays the seat; its move is stored as the AI's.
	if err := svc.StandIn(ctx, row.ID, human, "away again"); err != nil {
		t.Fatal(err)
	}
	next, ok, err := svc.AIDecision(ctx, row.ID, human)
	if err != nil || !ok {
		t.Fatalf("AI decision for a stand-in: %v %v", ok, err)
	}
	if played, err := svc.PlayAs(ctx, next, countMove(3)); !played || err != nil {
		t.Fatalf("PlayAs for a stand-in: %v %v", played, err)
	}
	moves, _ = store.Moves(ctx, row.ID)
	if last := moves[len(moves)-1]; !IsAI(last.UserID) || rules.Seat(last.Seat) != human {
		t.Errorf("the stand-in's move is stored as %+v", last)
	}
}

// forSeat is d for another seat.
func forSeat(d AIDecision, seat rules.Seat) AIDecision {
	d.Seat = seat
	return d
}
