package commands

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/pace"
	"spicebot/rules"
)

// TestVoteLimits: one open vote per topic per game (a vote to replace another player while one is
// open is refused), and a topic whose vote failed is refused for its cooldown, privately, with
// nothing logged; another topic may still be opened.
func TestVoteLimits(t *testing.T) {
	reg := &rules.Registry{}
	reg.Register(stepGame{})
	pt := newPaceTable(t, reg, "step", []string{"u1", "u2", "u3"}, map[string]any{"pace": "daily"})
	vote := func(user, topic, player string) Reply {
		opts := map[string]any{"topic": topic}
		if player != "" {
			opts["player"] = player
		}
		return pt.do(user, Request{Kind: KindCommand, Command: "game", Sub: "vote", Options: opts})
	}
	if r := vote("u1", pace.VoteReplace, "u2"); r.Ephemeral || !strings.Contains(r.Content, "2 of 3") {
		t.Fatalf("replace vote: %q", r.Content)
	}
	if r := vote("u2", pace.VoteReplace, "u3"); !r.Ephemeral || !strings.Contains(r.Content, "already open") {
		t.Fatalf("a second replace vote while one is open: %q", r.Content)
	}
	v, ok := pt.openVote(pace.VoteReplace, pt.seatOf("u2"))
	if !ok {
		t.Fatal("no open replace vote")
	}
	pt.voteFor("u2", v, pace.ChoiceNo)
	if r := pt.voteFor("u3", v, pace.ChoiceNo); !strings.Contains(r.Content, "failed") {
		t.Fatalf("the vote did not fail: %q", r.Content)
	}
	evs, _ := pt.store.Events(pt.ctx, pt.game)
	r := vote("u1", pace.VoteReplace, "u3")
	if !r.Ephemeral || !strings.Contains(r.Content, "failed a short while ago") {
		t.Fatalf("a replace vote right after one failed: %q", r.Content)
	}
	if after, _ := pt.store.Events(pt.ctx, pt.game); len(after) != len(evs) {
		t.Fatalf("the refused vote was logged: %d events, were %d", len(after), len(evs))
	}
	if r := vote("u1", pace.VotePause, ""); r.Ephemeral {
		t.Fatalf("another topic: %q", r.Content)
	}
}

// seatOf is user's seat.
func (pt *paceTable) seatOf(user string) int {
	for s, u := range pt.users {
		if u == user {
			return s
		}
	}
	pt.t.Fatalf("%s does not play", user)
	return -1
}

// TestBackWhenNotAway: /away until:off and the "I'm back" button from someone who is not away
// answer privately, log nothing and change nothing.
func TestBackWhenNotAway(t *testing.T) {
	pt := stepPace(t, nil)
	a := pt.users[0]
	evs, _ := pt.store.Events(pt.ctx, pt.game)
	for i := range 10 {
		for _, req := range []Request{
			{Kind: KindCommand, Command: "away", Options: map[string]any{"until": "off"}},
			{Kind: KindComponent, CustomID: CustomID{Action: ActHome}.String()},
		} {
			r := pt.do(a, req)
			if !strings.Contains(r.Content, "You are not away") || (req.Kind == KindCommand && !r.Ephemeral) {
				t.Fatalf("try %d: %q (ephemeral %v)", i, r.Content, r.Ephemeral)
			}
		}
	}
	if after, _ := pt.store.Events(pt.ctx, pt.game); len(after) != len(evs) {
		t.Fatalf("/away off when not away logged %d events", len(after)-len(evs))
	}
	pt.drain()
	if len(pt.notices) != 0 {
		t.Fatalf("notices: %+v", pt.notices)
	}
}

// TestLobbyLimit: one user opens at most MaxOpenLobbies lobbies in a server; the next is refused
// privately and opens nothing; another user is not limited by them; cancelling one frees its place.
func TestLobbyLimit(t *testing.T) {
	svc, store := newService(t)
	for i := 1; i <= MaxOpenLobbies; i++ {
		req := as("u1", newGame("count", nil))
		req.ChannelID = fmt.Sprintf("c%d", i)
		if r := call(t, svc, req); r.Ephemeral {
			t.Fatalf("lobby %d: %q", i, r.Content)
		}
	}
	req := as("u1", newGame("count", nil))
	req.ChannelID = "c9"
	r := call(t, svc, req)
	if !r.Ephemeral || !strings.Contains(r.Content, fmt.Sprintf("already have %d open lobbies", MaxOpenLobbies)) {
		t.Fatalf("one lobby too many: %q", r.Content)
	}
	if _, _, err := store.Current(context.Background(), "c9"); err == nil {
		t.Fatal("the refused lobby exists")
	}
	// Cancelling one of them frees its place.
	call(t, svc, Request{Kind: KindComponent, UserID: "u1", ChannelID: "c1", CustomID: cancelID(t, svc, "c1")})
	if r := call(t, svc, req); r.Ephemeral {
		t.Fatalf("a lobby after one was cancelled: %q", r.Content)
	}
	// Another user is not limited by u1's lobbies.
	other := as("u2", newGame("count", nil))
	other.ChannelID = "c8"
	if r := call(t, svc, other); r.Ephemeral {
		t.Fatalf("another user's lobby: %q", r.Content)
	}
}

// TestHandoverRaceKeepsOneCreator: the creator hands the lobby over twice at once (to u2 and u3)
// and kicks at the same time: only actions checked under the game's lock as the creator's go
// through — the lobby ends with one creator who is seated, and a former creator is refused.
func TestHandoverRaceKeepsOneCreator(t *testing.T) {
	svc, store := newService(t)
	call(t, svc, as("u1", newGame("wide", nil)))
	for _, u := range []string{"u2", "u3", "u4"} {
		call(t, svc, Request{Command: "game", Sub: "join", UserID: u})
	}
	row, _, err := store.Current(context.Background(), "c1")
	if err != nil {
		t.Fatal(err)
	}
	// Hold the game's lock while the three requests pass their first check, as if they arrived
	// while another change of the lobby was being made.
	unlock := svc.lock(row.ID)
	var wg sync.WaitGroup
	replies := make([]Reply, 3)
	for i, req := range []Request{
		{Command: "game", Sub: "handover", UserID: "u1", Options: map[string]any{"player": "u2"}},
		{Command: "game", Sub: "handover", UserID: "u1", Options: map[string]any{"player": "u3"}},
		{Command: "game", Sub: "kick", UserID: "u1", Options: map[string]any{"player": "u4"}},
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i] = call(t, svc, req)
		}()
	}
	time.Sleep(200 * time.Millisecond) // the requests reach the lock (a slower start only makes the test easier)
	unlock()
	wg.Wait()
	handed := 0
	for _, r := range replies[:2] {
		if !r.Ephemeral {
			handed++
		}
	}
	if handed != 1 {
		t.Fatalf("%d handovers went through: %q / %q", handed, replies[0].Content, replies[1].Content)
	}
	row, seats, err := store.Current(context.Background(), "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != 4 && len(seats) != 3 {
		t.Fatalf("seats %v", seats)
	}
	if row.CreatorID != "u2" && row.CreatorID != "u3" {
		t.Fatalf("creator %s", row.CreatorID)
	}
	if r := call(t, svc, Request{Command: "game", Sub: "kick", UserID: "u1", Options: map[string]any{"player": row.CreatorID}}); !r.Ephemeral {
		t.Fatalf("the former creator kicked the new one: %q (seats %v)", r.Content, seats)
	}
}
