package bot_test

import (
	"strings"
	"testing"
	"time"
)

// A board posted in a channel is named after its game and turn and carries its alt text (the
// attachment's description: the game, the turn and who acts), as Discord's API takes it.
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
