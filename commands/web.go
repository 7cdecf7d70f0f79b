package commands

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"spicebot/rules"
)

// WebLinks gives the addresses of the games' web pages (package web, issue 27): Link makes a
// game's capability token the first time, ResetLink replaces it (the old address stops working).
type WebLinks interface {
	Link(ctx context.Context, gameID int64) (string, error)
	ResetLink(ctx context.Context, gameID int64) (string, error)
}

// SetWeb wires the games' web pages: the board message and /game status carry a "View on the
// web" link button, and /game link answers with the address (nil: the page is off).
func (s *Service) SetWeb(w WebLinks) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.web = w
}

func (s *Service) webLinks() WebLinks {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.web
}

// withWebButton adds the "View on the web" link button to components when the page is on (in
// the first row when it has room, else in a row of its own). On an error it logs and leaves
// components as they are: the board matters more than its link.
func (s *Service) withWebButton(ctx context.Context, gameID int64, components []discordgo.MessageComponent) []discordgo.MessageComponent {
	w := s.webLinks()
	if w == nil {
		return components
	}
	url, err := w.Link(ctx, gameID)
	if err != nil {
		s.log.WarnContext(ctx, "web link", "game", gameID, "err", err)
		return components
	}
	b := discordgo.Button{Label: rules.Msg("commands.web.button"), Style: discordgo.LinkButton, URL: url}
	if len(components) > 0 {
		if row, ok := components[0].(discordgo.ActionsRow); ok && len(row.Components) < 5 {
			row.Components = append(append([]discordgo.MessageComponent{}, row.Components...), b)
			return append([]discordgo.MessageComponent{row}, components[1:]...)
		}
	}
	return append(components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{b}})
}

// gameLink answers /game link [reset]: the address of the channel's game's page, posted in the
// channel (whoever sees the channel may watch); with reset, a new address replacing the old one,
// for the game's creator or a channel manager only.
func (s *Service) gameLink(ctx context.Context, req Request) (Reply, error) {
	w := s.webLinks()
	if w == nil {
		return ephemeral(rules.Msg("commands.web.off")), nil
	}
	l, err := s.loadLatest(ctx, req.ChannelID)
	if err != nil || l.st == nil {
		return ephemeral(errNoGameText), nil
	}
	reset, _ := req.Options["reset"].(bool)
	var url string
	if reset {
		if req.UserID != l.row.CreatorID && !req.CanManage {
			return ephemeral(rules.Msg("commands.web.reset_not_allowed", "Creator", "<@"+l.row.CreatorID+">")), nil
		}
		url, err = w.ResetLink(ctx, l.row.ID)
	} else {
		url, err = w.Link(ctx, l.row.ID)
	}
	if err != nil {
		return Reply{}, err
	}
	text := rules.Msg("commands.web.link", "Game", l.title())
	if reset {
		text = rules.Msg("commands.web.reset", "Game", l.title())
	}
	return Reply{Type: ReplyMessage, Content: text + "\n" + url,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rules.Msg("commands.web.button"), Style: discordgo.LinkButton, URL: url}}}}}, nil
}
