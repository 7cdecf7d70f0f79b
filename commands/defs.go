package commands

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/rules"
)

// Definitions returns the slash commands spicebot registers (with one bulk overwrite at start):
// /game (new, join, leave, start, cancel, status), /play, /hand, /board, /log and /rules. The
// /game new command offers every registered game as a choice and one boolean option per game
// option key, so a new game needs no change here.
func Definitions(reg *rules.Registry) []*discordgo.ApplicationCommand {
	var gameChoices []*discordgo.ApplicationCommandOptionChoice
	minPlayers, maxPlayers := 99, 0
	optionHelp := map[string][]string{}
	for _, g := range reg.All() {
		lo, hi := g.Players()
		gameChoices = append(gameChoices, &discordgo.ApplicationCommandOptionChoice{
			Name: fmt.Sprintf("%s (%d–%d players)", g.Name(), lo, hi), Value: g.ID(),
		})
		minPlayers, maxPlayers = min(minPlayers, lo), max(maxPlayers, hi)
		for _, o := range g.Options() {
			optionHelp[o.Key] = append(optionHelp[o.Key], g.Name()+": "+o.Name)
		}
	}
	if maxPlayers == 0 {
		minPlayers, maxPlayers = 1, 1
	}
	minP := float64(minPlayers)
	newOpts := []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game to play",
			Required: true, Choices: gameChoices},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "players",
			Description: "How many seats (start as soon as the creator presses Start if not given)",
			MinValue:    &minP, MaxValue: float64(maxPlayers)},
	}
	keys := make([]string, 0, len(optionHelp))
	for k := range optionHelp {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		desc := "Variant — " + strings.Join(optionHelp[k], "; ")
		if len(desc) > 100 {
			desc = desc[:97] + "..."
		}
		newOpts = append(newOpts, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionBoolean, Name: k, Description: desc,
		})
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
			Name: name, Description: desc, Options: opts}
	}
	one := 1
	noDM := false
	return []*discordgo.ApplicationCommand{
		{Name: "game", Description: "Create, join, start or cancel this channel's game", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				sub("new", "Open a lobby for a new game in this channel", newOpts...),
				sub("join", "Join the lobby in this channel"),
				sub("leave", "Leave the lobby in this channel"),
				sub("start", "Start the game (the creator; seats are drawn at random)"),
				sub("cancel", "Cancel this channel's game (the creator or Manage Channels)"),
				sub("status", "Show this channel's game: players, whose turn, what is awaited"),
			}},
		{Name: "play", Description: "Make a move in this channel's game", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "move", Required: true,
					Description: "Your move (start typing: the list shows your legal moves)", Autocomplete: true},
			}},
		{Name: "hand", Description: "Show your hand and private information (only you see it)", DMPermission: &noDM},
		{Name: "board", Description: "Post the current board again", DMPermission: &noDM},
		{Name: "log", Description: "Show the recent moves of this channel's game (only you see it)", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "count", Description: "How many lines (default 15)",
					MinValue: func() *float64 { f := float64(one); return &f }(), MaxValue: 50},
			}},
		{Name: "rules", Description: "A short rules summary of this channel's game, or of every game",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "topic", Description: "A section of the rules",
					Autocomplete: true},
			}},
	}
}
