package commands

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"spicebot/lang"
	"spicebot/rules"
)

// Definitions returns the slash commands spicebot registers (with one bulk overwrite at start):
// /game (new <game>, join, leave, start, kick, handover, cancel, status), /play, /hand, /board,
// /log, /rules, /settings, /profile and /leaderboard (stats.go). /game new has one subcommand per registered game, made from the
// registry: its table size bounded by the game's player counts and one boolean option per game
// variant, whose description says which player counts allow it; so a new game needs no change here.
//
// Every command, option and choice is described in English and carries Discord's French
// localizations (name_localizations and description_localizations for "fr") from the message
// catalogues of the edge and of reg's games (localizeDefs).
func Definitions(reg *rules.Registry) []*discordgo.ApplicationCommand {
	cat := lang.MustNew(reg.All()...)
	fr := cat.For("fr")
	var perGame []*discordgo.ApplicationCommandOption
	for _, g := range reg.All() {
		lo, hi := g.Players()
		minP := float64(lo)
		opts := []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionInteger, Name: "players",
			Description: rules.Msg("commands.defs.desc.players", "Min", lo, "Max", hi),
			MinValue:    &minP, MaxValue: float64(hi),
		}}
		for _, o := range g.Options() {
			opts = append(opts, &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionBoolean, Name: o.Key,
				NameLocalizations: map[discordgo.Locale]string{discordgo.French: slashName(fr.Text(o.Name), o.Key)},
				Description:       rules.Msg("commands.defs.desc.variant", "Variant", o.Name, "Counts", allowedCounts(o, lo, hi)),
			})
		}
		opts = append(opts, botsOptions(hi)...)
		opts = append(opts, paceOptionDefs()...)
		opts = append(opts, threadOptionDef())
		perGame = append(perGame, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: g.ID(),
			NameLocalizations: map[discordgo.Locale]string{discordgo.French: slashName(fr.Text(gameNameIn(cat, g)), g.ID())},
			Description:       rules.Msg("commands.defs.desc.game-new", "Game", gameNameIn(cat, g), "Min", lo, "Max", hi),
			Options:           opts,
		})
	}
	player := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player",
		Description: rules.Msg("commands.defs.desc.lobby-player"), Required: true}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
			Name: name, Description: desc, Options: opts}
	}
	one := 1
	noDM := false
	cmds := []*discordgo.ApplicationCommand{
		{Name: "game", Description: rules.Msg("commands.defs.desc.game"), DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "new",
					Description: rules.Msg("commands.defs.desc.game.new"), Options: perGame},
				sub("join", rules.Msg("commands.defs.desc.game.join")),
				sub("leave", rules.Msg("commands.defs.desc.game.leave")),
				sub("start", rules.Msg("commands.defs.desc.game.start")),
				sub("kick", rules.Msg("commands.defs.desc.game.kick"), player),
				sub("handover", rules.Msg("commands.defs.desc.game.handover"), player),
				sub("replace", rules.Msg("commands.defs.desc.game.replace"),
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "old",
						Description: rules.Msg("commands.defs.desc.game.replace.old"), Required: true},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "new",
						Description: rules.Msg("commands.defs.desc.game.replace.new"), Required: true}),
				sub("undo", rules.Msg("commands.defs.desc.game.undo")),
				sub("history", rules.Msg("commands.defs.desc.game.history")),
				sub("export", rules.Msg("commands.defs.desc.game.export")),
				sub("back", rules.Msg("commands.defs.desc.game.back")),
				nudgeSubcommand(),
				voteSubcommand(),
				sub("cancel", rules.Msg("commands.defs.desc.game.cancel")),
				sub("status", rules.Msg("commands.defs.desc.game.status")),
				sub("link", rules.Msg("commands.defs.desc.game.link"),
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "reset",
						Description: rules.Msg("commands.defs.desc.game.link.reset")}),
			}},
		{Name: "play", Description: rules.Msg("commands.defs.desc.play"), DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "move", Required: true,
					Description: rules.Msg("commands.defs.desc.play.move"), Autocomplete: true},
			}},
		{Name: "mygames", Description: rules.Msg("commands.defs.desc.mygames")},
		{Name: "hand", Description: rules.Msg("commands.defs.desc.hand"), DMPermission: &noDM},
		{Name: "board", Description: rules.Msg("commands.defs.desc.board"), DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "full", Description: rules.Msg("render.defs.board.full")},
			}},
		{Name: "log", Description: rules.Msg("commands.defs.desc.log"), DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "count", Description: rules.Msg("commands.defs.desc.log.count"),
					MinValue: func() *float64 { f := float64(one); return &f }(), MaxValue: 50},
			}},
		{Name: "settings", Description: rules.Msg("commands.defs.desc.settings"),
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "dms", Description: rules.Msg("commands.defs.desc.settings.dms"),
					Choices: []*discordgo.ApplicationCommandOptionChoice{
						{Name: rules.Msg("commands.defs.choice.on"), Value: "on"},
						{Name: rules.Msg("commands.defs.choice.off"), Value: "off"}}},
				notifyOption(),
				timezoneOption(),
				quietOption(),
				languageOption(),
				statsOption(),
			}},
		awayCommandDef(),
		{Name: "rules", Description: rules.Msg("commands.defs.desc.rules"),
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "topic", Description: rules.Msg("commands.defs.desc.rules.topic"),
					Autocomplete: true},
			}},
	}
	cmds = append(cmds, statsDefs(reg, cat)...)
	localizeDefs(cat, cmds)
	return cmds
}

// Discord's limits on command definitions: names of 1–32 lower-case letters, digits, '-' and '_';
// descriptions and choice names of 1–100 characters.
const (
	maxSlashName = 32
	maxSlashDesc = 100
)

// slashNamePattern is Discord's rule for command and option names (lower case where the script
// has cases).
var slashNamePattern = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// validSlashName reports whether name is a valid Discord command or option name.
func validSlashName(name string) bool {
	return slashNamePattern.MatchString(name) && strings.ToLower(name) == name
}

// slashName makes a command or option name from words ("Les Indes orientales néerlandaises" →
// "indes-orientales-néerlandaises"): lower case, words joined by '-', a leading French article
// dropped, other characters left out. It returns fallback when the words make no valid name or
// one longer than Discord allows.
func slashName(words, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(words)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == '-' || r == '_' || unicode.IsSpace(r) || r == '\'' || r == '’':
			dash = true
		}
	}
	name := b.String()
	for _, article := range []string{"les-", "le-", "la-", "l-"} { // lang:ok (French articles)
		if rest, ok := strings.CutPrefix(name, article); ok && rest != "" {
			name = rest
			break
		}
	}
	if !validSlashName(name) {
		return fallback
	}
	return name
}

// localizeDefs replaces the markup descriptions and choice names of cmds with their English text
// and adds the French localizations: descriptions and choice names translated (cut to Discord's
// 100 characters after translation), command and option names from the catalogue
// (defNameFr). Names already localized (a game's subcommand, a variant) keep theirs.
func localizeDefs(cat *lang.Catalog, cmds []*discordgo.ApplicationCommand) {
	en, fr := cat.For("en"), cat.For("fr")
	for _, c := range cmds {
		name := defNameFr(fr, c.Name, c.Name)
		c.NameLocalizations = &map[discordgo.Locale]string{discordgo.French: name}
		desc := c.Description
		c.Description = cut(en.Text(desc), maxSlashDesc)
		c.DescriptionLocalizations = &map[discordgo.Locale]string{discordgo.French: cut(fr.Text(desc), maxSlashDesc)}
		localizeOptions(en, fr, c.Name, c.Options)
	}
}

// localizeOptions is localizeDefs for the options of the command or option at path ("game.new").
func localizeOptions(en, fr *lang.Localizer, path string, opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		p := path + "." + o.Name
		if o.NameLocalizations[discordgo.French] == "" {
			o.NameLocalizations = map[discordgo.Locale]string{discordgo.French: defNameFr(fr, p, o.Name)}
		}
		desc := o.Description
		o.Description = cut(en.Text(desc), maxSlashDesc)
		o.DescriptionLocalizations = map[discordgo.Locale]string{discordgo.French: cut(fr.Text(desc), maxSlashDesc)}
		for _, c := range o.Choices {
			name := c.Name
			c.Name = cut(en.Text(name), maxSlashDesc)
			c.NameLocalizations = map[discordgo.Locale]string{discordgo.French: cut(fr.Text(name), maxSlashDesc)}
		}
		localizeOptions(en, fr, p, o.Options)
	}
}

// defNameFr is the French name of the command or option at path ("game.replace.new") named name:
// the catalogue's "commands.defs.name.<path>", else "commands.defs.name.<name>" (one French word
// for a name used in several places), else the English name.
func defNameFr(fr *lang.Localizer, path, name string) string {
	for _, id := range []string{"commands.defs.name." + path, "commands.defs.name." + name} {
		if t := fr.Translate(id, nil); t != "["+id+"]" && validSlashName(t) {
			return t
		}
	}
	return name
}

// gameNameIn is the rules text naming game g: its catalogue's "<gameid>.name" (so each language
// reads the game's name in it), or its plain name when cat has none.
func gameNameIn(cat *lang.Catalog, g rules.Game) string {
	id := g.ID() + ".name"
	if cat.For("en").Translate(id, nil) == "["+id+"]" {
		return rules.Plain(g.Name())
	}
	return rules.Msg(id)
}

// gameNameMsg is gameNameIn with the service's catalogue.
func (s *Service) gameNameMsg(g rules.Game) string { return gameNameIn(s.words, g) }

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
		return rules.Msg("commands.defs.counts.any")
	case len(ok) == 1:
		return rules.Msg("commands.defs.counts.only", "Count", ok[0])
	}
	return rules.Msg("commands.defs.counts.some", "Players", rules.List(ok...))
}
