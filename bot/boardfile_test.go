package bot_test

import (
	"strings"
	"testing"
	"time"
)

// A board posted in a channel is named after its game and turn and carries its alt text (the
// attachment's description: the game, the turn and who acts), as Discord's API takes it; so does
// a board edited in place within its turn, whose new picture replaces the old one.
func TestBoardImageNameAndAltText(t *testing.T) {
	r := newRig(t, nil)
	tb := r.startGame("940000000000000077", 3, 5)
	ctx := within(t, 30*time.Second)
	r.waitIdle(ctx, nil)
	found := false
	for _, req := range r.srv.Requests() {
		if req.Route != "POST /channels/{channel_id}/messages" || len(req.Files) == 0 || !strings.Contains(req.Path, tb.channel) {
			continue
		}
		for _, f := range req.Files {
			if f.Name != "borneo-turn-1.png" {
				continue
			}
			found = true
			body := string(req.Body)
			if !strings.Contains(body, `"filename":"borneo-turn-1.png"`) || !strings.Contains(body, `"description":"Borneo board, turn 1: `) {
				t.Errorf("the board's attachments in %s", body)
			}
		}
	}
	if !found {
		t.Fatal("no board named borneo-turn-1.png was posted")
	}
}

// TestEditedBoardAltText: a board edited in place within its turn carries its new picture's name
// and alt text, and the new picture replaces the old one (one attachment).
func TestEditedBoardAltText(t *testing.T) {
	h := newHarness(t, 3)
	h.openLobby("borneo", 3)
	h.playCalm(30, 4)
	edits := 0
	for _, req := range h.srv.Requests() {
		if req.Route != "PATCH /channels/{channel_id}/messages/{message_id}" || len(req.Files) == 0 || !strings.Contains(req.Path, h.channel) {
			continue
		}
		edits++
		body := string(req.Body)
		if len(req.Files) != 1 || !strings.HasPrefix(req.Files[0].Name, "borneo-turn-") ||
			!strings.Contains(body, `"attachments":[{"id":"0","filename":"`+req.Files[0].Name+`","description":"Borneo board, turn `) {
			t.Errorf("an edited board's attachments: %d files, %s", len(req.Files), body)
		}
	}
	if edits == 0 {
		t.Fatal("no board was edited in place")
	}
	t.Logf("%d board edits, each with its picture's name and alt text", edits)
}
