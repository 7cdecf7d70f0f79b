package commands

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"spicebot/rules"
)

// Definitions returns the slash commands spicebot registers (with one bulk overwrite at start):
// /game (new <game>, join, leave, start, kick, handover, cancel, status), /play, /hand, /board,
// /log, /rules and /settings. /game new has one subcommand per registered game, made from the
// registry: its table size bounded by the game's player counts and one boolean option per game
// variant, whose description says which player counts allow it; so a new game needs no change here.
func Definitions(reg *rules.Registry) []*discordgo.ApplicationCommand {
	var perGame []*discordgo.ApplicationCommandOption
	for _, g := range reg.All() {
		lo, hi := g.Players()
		minP := float64(lo)
		opts := []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionInteger, Name: "players",
			Description: fmt.Sprintf("Table size, %d–%d: the game starts by itself when full (leave out to start by hand)", lo, hi),
			MinValue:    &minP, MaxValue: float64(hi),
		}}
		for _, o := range g.Options() {
			opts = append(opts, &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionBoolean, Name: o.Key,
				Description: truncate(o.Name+" — "+allowedCounts(o, lo, hi), 100),
			})
		}
		opts = append(opts, botsOptions(hi)...)
		opts = append(opts, paceOptionDefs()...)
		perGame = append(perGame, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: g.ID(),
			Description: truncate(fmt.Sprintf("Open a %s lobby (%d–%d players)", g.Name(), lo, hi), 100),
			Options:     opts,
		})
	}
	player := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player",
		Description: "A player in the lobby", Required: true}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
			Name: name, Description: desc, Options: opts}
	}
	one := 1
	noDM := false
	return []*discordgo.ApplicationCommand{
		{Name: "game", Description: "Create, join, start or cancel this channel's game", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "new",
					Description: "Open a lobby for a new game in this channel", Options: perGame},
				sub("join", "Join the lobby in this channel"),
				sub("leave", "Leave the lobby in this channel"),
				sub("start", "Start the game (the creator; seats are drawn at random)"),
				sub("kick", "Remove a player from the lobby (the creator)", player),
				sub("handover", "Make another player of the lobby its creator (the creator)", player),
				sub("replace", "Give a player's seat to someone else (the creator or Manage Channels)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "old",
						Description: "The player who leaves the game", Required: true},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "new",
						Description: "Who takes over their seat (hand, score and turn)", Required: true}),
				sub("undo", "Take back your last move, if nobody acted since and it showed nothing hidden"),
				sub("history", "Post the whole public log of this channel's game"),
				sub("export", "The finished game as a JSON file (setup, seed, moves) that spicebot can replay"),
				sub("back", "Take your seat back from the AI that plays it while you were away"),
				nudgeSubcommand(),
				voteSubcommand(),
				sub("cancel", "Cancel this channel's game (the creator or Manage Channels)"),
				sub("status", "Show this channel's game: players, whose turn, what is awaited"),
			}},
		{Name: "play", Description: "Make a move in this channel's game", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "move", Required: true,
					Description: "Your move (start typing: the list shows your legal moves)", Autocomplete: true},
			}},
		{Name: "mygames", Description: "Your games in every channel: which wait on you, links to the boards (only you see it)"},
		{Name: "hand", Description: "Show your hand and private information (only you see it)", DMPermission: &noDM},
		{Name: "board", Description: "Post the current board again", DMPermission: &noDM},
		{Name: "log", Description: "Show the recent moves of this channel's game (only you see it)", DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "count", Description: "How many lines (default 15)",
					MinValue: func() *float64 { f := float64(one); return &f }(), MaxValue: 50},
			}},
		{Name: "settings", Description: "Your choices for every game: DMs, time zone, quiet hours (only you see it)",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "dms", Description: "DM me when it's my move or my hand changes",
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
				timezoneOption(),
				quietOption(),
			}},
		awayCommandDef(),
		{Name: "rules", Description: "A short rules summary of this channel's game, or of every game",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "topic", Description: "A section of the rules",
					Autocomplete: true},
			}},
	}
}

// allowedCounts says which player counts allow option o of a game for lo to hi players.
func allowedCounts(o rules.Option, lo, hi int) string {
	var ok []string
	for n := lo; n <= hi; n++ {
		if len(o.Players) == 0 || slices.Contains(o.Players, n) {
			ok = append(ok, strconv.Itoa(n))
		}
	}
	switch {
	case len(ok) == hi-lo+1:
		return "any table"
	case len(ok) == 1:
		return "only with " + ok[0] + " players"
	}
	return "with " + joinAnd(ok) + " players"
}
