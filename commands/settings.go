package commands

import (
	"context"
	"fmt"
	"strings"
)

// settings answers /settings [dms:on|off]: a player's choices across games. Without an option it
// shows them.
func (s *Service) settings(ctx context.Context, req Request) (Reply, error) {
	set, err := s.store.Settings(ctx, req.UserID)
	if err != nil {
		return Reply{}, err
	}
	if req.Options["timezone"] != nil || req.Options["quiet"] != nil {
		// Time zone and quiet hours (pace.go); with dms: too, both are set.
		r, err := s.paceSettings(ctx, req)
		if err != nil || req.Options["dms"] == nil || !strings.HasPrefix(r.Content, "Done") {
			return r, err
		}
	}
	dms, _ := req.Options["dms"].(string)
	switch dms {
	case "":
		state := "on: I DM you when it becomes your move or another player's move changes your hand"
		if set.DMsOff {
			state = "off: I never DM you; the board mentions you when it's your move, and `/hand` or **My hand** shows your hand"
		}
		return ephemeral(fmt.Sprintf("Your direct messages are %s. Change it with `/settings dms:`.", state) + s.paceSettingsText(ctx, req.UserID)), nil
	case "on", "off":
	default:
		return ephemeral("Pick `on` or `off` for `dms`."), nil
	}
	set.DMsOff = dms == "off"
	if err := s.store.SetSettings(ctx, req.UserID, set); err != nil {
		return Reply{}, fmt.Errorf("settings: %w", err)
	}
	if set.DMsOff {
		return ephemeral("Done: I won't DM you any more. The board still mentions you when it's your move, and `/hand` or **My hand** shows your hand. `/settings dms:on` turns DMs back on."), nil
	}
	return ephemeral("Done: I'll DM you when it becomes your move or another player's move changes your hand, with a link to the board. (If your DMs are closed for this server, allow them in the server's Privacy Settings.)"), nil
}
