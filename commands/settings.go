package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
)

// settings answers /settings [dms:on|off] [timezone] [quiet] [language]: a player's choices across
// games, and the channel's language. Without an option it shows the player's choices.
func (s *Service) settings(ctx context.Context, req Request) (Reply, error) {
	if _, ok := req.Options["language"]; ok {
		return s.channelLanguage(ctx, req)
	}
	if _, ok := req.Options["stats"]; ok {
		return s.statsSetting(ctx, req) // stats.go
	}
	set, err := s.store.Settings(ctx, req.UserID)
	if err != nil {
		return Reply{}, err
	}
	if req.Options["timezone"] != nil || req.Options["quiet"] != nil {
		// Time zone and quiet hours (pace.go); with dms: too, both are set.
		r, err := s.paceSettings(ctx, req)
		if err != nil || req.Options["dms"] == nil || !strings.HasPrefix(r.Content, rules.MsgOpen+paceDone) {
			return r, err
		}
	}
	if _, ok := req.Options["notify"]; ok {
		return s.notifySetting(ctx, req, set)
	}
	dms, _ := req.Options["dms"].(string)
	switch dms {
	case "":
		state := rules.Msg("commands.settings.dms.state-on")
		if set.DMsOff {
			state = rules.Msg("commands.settings.dms.state-off")
		}
		text := rules.Msg("commands.settings.dms.show", "State", state) + "\n" + notifyText(set) + s.paceSettingsText(ctx, req.UserID)
		if st := s.statsText(ctx, req.UserID); st != "" {
			text += "\n" + st
		}
		return ephemeral(text), nil
	case "on", "off":
	default:
		return ephemeral(rules.Msg("commands.settings.dms.pick")), nil
	}
	set.DMsOff = dms == "off"
	if !set.DMsOff && set.Notify == data.NotifyOff {
		set.Notify = "" // DMs on again: the default level
	}
	if err := s.store.SetSettings(ctx, req.UserID, set); err != nil {
		return Reply{}, fmt.Errorf("settings: %w", err)
	}
	if set.DMsOff {
		return ephemeral(rules.Msg("commands.settings.dms.off")), nil
	}
	return ephemeral(rules.Msg("commands.settings.dms.on")), nil
}

// The values of /settings language: follow the server's preferred locale, or a catalogue language.
const languageServer = "server"

// languageOption is /settings language: the language of the channel's public posts and boards.
func languageOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "language",
		Description: rules.Msg("commands.settings.defs.language"),
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: rules.Msg("commands.settings.defs.language.server"), Value: languageServer},
			{Name: rules.Msg("commands.settings.lang.en"), Value: "en"},
			{Name: rules.Msg("commands.settings.lang.fr"), Value: "fr"},
		}}
}

// languageName is the rules text naming a catalogue language in its own words ("English",
// "Français").
func languageName(tag string) string {
	if tag == "fr" {
		return rules.Msg("commands.settings.lang.fr")
	}
	return rules.Msg("commands.settings.lang.en")
}

// channelLanguage answers /settings language:<server|en|fr>: a member who can manage the channel
// sets the language of its public posts and boards (or lets it follow the server's preferred
// locale again); the other options given with it are then set as well. Anyone else is refused
// and nothing changes.
func (s *Service) channelLanguage(ctx context.Context, req Request) (Reply, error) {
	value, _ := req.Options["language"].(string)
	switch {
	case req.GuildID == "" || req.ChannelID == "":
		return ephemeral(rules.Msg("commands.settings.language.dm")), nil
	case !req.CanManage:
		return ephemeral(rules.Msg("commands.settings.language.refused")), nil
	case value != languageServer && value != "en" && value != "fr":
		return ephemeral(rules.Msg("commands.settings.language.pick")), nil
	}
	stored := value
	if value == languageServer {
		stored = ""
	}
	if err := s.store.SetChannelLanguage(ctx, req.ChannelID, stored); err != nil {
		return Reply{}, fmt.Errorf("settings: %w", err)
	}
	s.log.InfoContext(ctx, "channel language set", "channel", req.ChannelID, "language", value, "user", req.UserID)
	var text string
	if value == languageServer {
		locale := req.GuildLocale
		if locale == "" {
			c, err := s.store.ChannelLanguage(ctx, req.ChannelID)
			if err != nil {
				return Reply{}, err
			}
			locale = c.GuildLocale
		}
		text = rules.Msg("commands.settings.language.server", "Language", languageName(lang.Match(locale)))
	} else {
		text = rules.Msg("commands.settings.language.set", "Language", languageName(value))
	}
	return s.settingsRest(ctx, req, "language", text)
}

// settingsRest answers the options of a /settings request other than the one just handled
// (done, whose answer is text): text alone when there are none, else text above the answer to
// the rest.
func (s *Service) settingsRest(ctx context.Context, req Request, done, text string) (Reply, error) {
	rest := req
	rest.Options = map[string]any{}
	for k, v := range req.Options {
		if k != done {
			rest.Options[k] = v
		}
	}
	if len(rest.Options) == 0 {
		return ephemeral(text), nil
	}
	r, err := s.settings(ctx, rest)
	if err != nil {
		return r, err
	}
	r.Content = text + "\n" + r.Content
	return r, nil
}
