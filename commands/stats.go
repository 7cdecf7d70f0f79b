package commands

// A community's record (issue 28): /profile, /leaderboard and /settings stats:on|off, over the
// ratings kept by package ratings (the Stats the bot sets with SetStats). Ratings are per server:
// both commands work in a server, not in DMs. Nothing here is hidden information: results,
// ratings and times to move of finished games only.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/lang"
	"spicebot/pace"
	"spicebot/ratings"
	"spicebot/rules"
)

// Stats is the community's record: *ratings.Ratings.
type Stats interface {
	// GameOver rates a game that just finished (nothing when it is rated already).
	GameOver(ctx context.Context, gameID int64) error
	Profile(ctx context.Context, guildID, player string) (ratings.Profile, error)
	Leaderboard(ctx context.Context, guildID, game string, since time.Time, minGames, limit int) (ratings.Board, error)
	Hidden(ctx context.Context, player string) (bool, error)
	SetHidden(ctx context.Context, player string, hidden bool) error
}

// SetStats gives the service the ratings (nil: /profile and /leaderboard answer that there are
// none, and finished games are not rated).
func (s *Service) SetStats(st Stats) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats = st
}

func (s *Service) getStats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// gameOver rates a game that just finished. A failure is logged: the game's end does not depend
// on it, and `spicebot ratings rebuild` (or the next start's catch-up) rates it later.
func (s *Service) gameOver(ctx context.Context, gameID int64) {
	st := s.getStats()
	if st == nil {
		return
	}
	if err := st.GameOver(ctx, gameID); err != nil {
		s.log.ErrorContext(ctx, "rate finished game", "game", gameID, "err", err)
	}
}

// The leaderboard's rules: at least MinGames games in the period to appear, the first
// LeaderboardSize players shown.
const (
	MinGames        = 3
	LeaderboardSize = 10
)

// periods are the values of /leaderboard period and how far back each looks (0: every game).
var periods = []struct {
	value string
	back  time.Duration
}{
	{"all", 0}, {"year", 365 * 24 * time.Hour}, {"month", 30 * 24 * time.Hour}, {"week", 7 * 24 * time.Hour},
}

// statsDefs are the definitions of /profile and /leaderboard (game choices from the registry).
func statsDefs(reg *rules.Registry, cat *lang.Catalog) []*discordgo.ApplicationCommand {
	var games []*discordgo.ApplicationCommandOptionChoice
	for _, g := range reg.All() {
		games = append(games, &discordgo.ApplicationCommandOptionChoice{Name: gameNameIn(cat, g), Value: g.ID()})
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, p := range periods {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: rules.Msg("commands.ratings.period." + p.value), Value: p.value})
	}
	noDM := false
	return []*discordgo.ApplicationCommand{
		{Name: "profile", Description: rules.Msg("commands.ratings.defs.profile"), DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: rules.Msg("commands.ratings.defs.profile.player")},
			}},
		{Name: "leaderboard", Description: rules.Msg("commands.ratings.defs.leaderboard"), DMPermission: &noDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "game", Required: true,
					Description: rules.Msg("commands.ratings.defs.leaderboard.game"), Choices: games},
				{Type: discordgo.ApplicationCommandOptionString, Name: "period",
					Description: rules.Msg("commands.ratings.defs.leaderboard.period"), Choices: choices},
			}},
	}
}

// statsOption is /settings stats: show or hide one's statistics.
func statsOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "stats",
		Description: rules.Msg("commands.ratings.defs.settings.stats"),
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: rules.Msg("commands.defs.choice.on"), Value: "on"},
			{Name: rules.Msg("commands.defs.choice.off"), Value: "off"}}}
}

// statsSetting answers /settings stats:on|off (other options given with it are then answered as
// well).
func (s *Service) statsSetting(ctx context.Context, req Request) (Reply, error) {
	value, _ := req.Options["stats"].(string)
	st := s.getStats()
	var text string
	switch {
	case st == nil:
		text = rules.Msg("commands.ratings.none")
	case value != "on" && value != "off":
		text = rules.Msg("commands.ratings.settings.pick")
	default:
		if err := st.SetHidden(ctx, req.UserID, value == "off"); err != nil {
			return Reply{}, fmt.Errorf("settings stats: %w", err)
		}
		text = rules.Msg("commands.ratings.settings." + value)
	}
	return s.settingsRest(ctx, req, "stats", text)
}

// statsText says whether the player's statistics are shown (rules text), or "" without ratings.
func (s *Service) statsText(ctx context.Context, userID string) string {
	st := s.getStats()
	if st == nil {
		return ""
	}
	hidden, err := st.Hidden(ctx, userID)
	if err != nil {
		s.log.WarnContext(ctx, "read the stats setting", "user", userID, "err", err)
		return ""
	}
	if hidden {
		return rules.Msg("commands.ratings.settings.off")
	}
	return rules.Msg("commands.ratings.settings.on")
}

// playerName is how a record names a player: a mention (never a ping: no reply here allows
// one) for a person, "AI (strong)" for the AI.
func playerName(player string) string {
	if ratings.IsAI(player) {
		return "**" + rules.Msg("commands.ratings.ai", "Level", rules.Plain(ratings.AILevel(player))) + "**"
	}
	return "<@" + player + ">"
}

// profile answers /profile [player]: the player's record in this server (the caller's without
// player), only to the caller. Another player's profile is refused when they keep their
// statistics to themselves.
func (s *Service) profile(ctx context.Context, req Request) (Reply, error) {
	st := s.getStats()
	switch {
	case st == nil:
		return ephemeral(rules.Msg("commands.ratings.none")), nil
	case req.GuildID == "":
		return ephemeral(rules.Msg("commands.ratings.server_only")), nil
	}
	who := req.UserID
	if p, _ := req.Options["player"].(string); p != "" {
		who = p
	}
	self := who == req.UserID
	if u, ok := req.Users[who]; ok && u.Bot {
		return ephemeral(rules.Msg("commands.ratings.profile.bot", "User", "<@"+who+">")), nil
	}
	p, err := st.Profile(ctx, req.GuildID, who)
	if err != nil {
		return Reply{}, fmt.Errorf("profile: %w", err)
	}
	if p.Hidden && !self {
		return ephemeral(rules.Msg("commands.ratings.profile.private", "User", "<@"+who+">")), nil
	}
	var b strings.Builder
	if self {
		b.WriteString("📊 " + rules.Msg("commands.ratings.profile.title_self") + "\n")
	} else {
		b.WriteString("📊 " + rules.Msg("commands.ratings.profile.title", "User", "<@"+who+">") + "\n")
	}
	if p.Hidden {
		b.WriteString(rules.Msg("commands.ratings.profile.hidden_note") + "\n")
	}
	if len(p.Games) == 0 {
		if self {
			b.WriteString(rules.Msg("commands.ratings.profile.empty_self"))
		} else {
			b.WriteString(rules.Msg("commands.ratings.profile.empty", "User", "<@"+who+">"))
		}
		return ephemeral(b.String()), nil
	}
	if g, ok := s.reg.Get(p.Favourite); ok {
		b.WriteString(rules.Msg("commands.ratings.profile.favourite", "Game", s.gameNameMsg(g)) + "\n")
	}
	for _, gp := range p.Games {
		g, ok := s.reg.Get(gp.Game)
		if !ok {
			continue
		}
		b.WriteString("\n" + s.gameProfileText(g, gp, self))
	}
	return ephemeral(strings.TrimRight(b.String(), "\n")), nil
}

// gameProfileText is a player's block of one game in /profile: rating and trend; games, wins and
// places; time to move, timeouts and replacements; moves the AI made for them.
func (s *Service) gameProfileText(g rules.Game, gp ratings.GameProfile, self bool) string {
	var b strings.Builder
	line := rules.Msg("commands.ratings.profile.rating", "Game", s.gameNameMsg(g), "Rating", ratings.Display(gp.Rating))
	switch {
	case gp.TrendSpan == 0:
	case gp.Trend > 0:
		line += " " + rules.Msg("commands.ratings.profile.trend_up", "Points", gp.Trend, "Count", gp.TrendSpan)
	case gp.Trend < 0:
		line += " " + rules.Msg("commands.ratings.profile.trend_down", "Points", -gp.Trend, "Count", gp.TrendSpan)
	default:
		line += " " + rules.Msg("commands.ratings.profile.trend_flat", "Count", gp.TrendSpan)
	}
	b.WriteString(line + "\n")
	parts := []string{rules.Msg("commands.ratings.profile.games", "Count", gp.Games), rules.Msg("commands.ratings.profile.wins", "Count", gp.Wins)}
	var places []string
	for i, n := range gp.Places {
		if n > 0 {
			places = append(places, rules.Msg("commands.ratings.profile.place", "Place", placeName(i+1), "Count", n))
		}
	}
	if len(places) > 0 {
		parts = append(parts, rules.Msg("commands.ratings.profile.places", "Places", strings.Join(places, ", ")))
	}
	b.WriteString(strings.Join(parts, " · ") + "\n")
	var rel []string
	if gp.TimedMoves > 0 {
		rel = append(rel, rules.Msg("commands.ratings.profile.avg_move", "Time", durationWords(gp.AvgMove)))
	}
	rel = append(rel, rules.Msg("commands.ratings.profile.timeouts", "Count", gp.Timeouts),
		rules.Msg("commands.ratings.profile.replaced", "Count", gp.Replaced))
	b.WriteString(strings.Join(rel, " · ") + "\n")
	if gp.AIMoves > 0 {
		id := "commands.ratings.profile.ai_moves"
		if self {
			id = "commands.ratings.profile.ai_moves_self"
		}
		b.WriteString(rules.Msg(id, "Count", gp.AIMoves, "Total", gp.AIMoves+gp.Moves) + "\n")
	}
	return b.String()
}

// placeName is rules text for a place in a game's results ("1st", "2nd", …).
func placeName(place int) string {
	if place <= 5 {
		return rules.Msg(fmt.Sprintf("commands.ratings.place.%d", place))
	}
	return rules.Msg("commands.ratings.place.n", "Place", place)
}

// durationWords is a time to move in words: "under a minute", or pace.Words.
func durationWords(d time.Duration) string {
	if d < time.Minute {
		return rules.Msg("commands.ratings.under_minute")
	}
	return pace.Words(d)
}

// leaderboard answers /leaderboard game:<game> [period]: the server's best players of the game
// by rating (at least MinGames games in the period, people who hide their statistics left out)
// and its record, in one public message that pings nobody.
func (s *Service) leaderboard(ctx context.Context, req Request) (Reply, error) {
	st := s.getStats()
	switch {
	case st == nil:
		return ephemeral(rules.Msg("commands.ratings.none")), nil
	case req.GuildID == "":
		return ephemeral(rules.Msg("commands.ratings.server_only")), nil
	}
	id, _ := req.Options["game"].(string)
	g, ok := s.reg.Get(id)
	if !ok {
		return ephemeral(rules.Msg("commands.ratings.leaderboard.pick_game")), nil
	}
	period, _ := req.Options["period"].(string)
	if period == "" {
		period = "all"
	}
	var since time.Time
	found := false
	for _, p := range periods {
		if p.value == period {
			found = true
			if p.back > 0 {
				since = s.now().Add(-p.back)
			}
		}
	}
	if !found {
		return ephemeral(rules.Msg("commands.ratings.leaderboard.pick_period")), nil
	}
	board, err := st.Leaderboard(ctx, req.GuildID, g.ID(), since, MinGames, LeaderboardSize)
	if err != nil {
		return Reply{}, fmt.Errorf("leaderboard: %w", err)
	}
	name := s.gameNameMsg(g)
	var b strings.Builder
	b.WriteString("🏆 " + rules.Msg("commands.ratings.leaderboard.title", "Game", name,
		"Period", rules.Msg("commands.ratings.period."+period)) + "\n")
	if len(board.Entries) == 0 {
		b.WriteString(rules.Msg("commands.ratings.leaderboard.empty", "Count", MinGames) + "\n")
	}
	for i, e := range board.Entries {
		mark := fmt.Sprintf("%d.", i+1)
		if i < len(placeMarks) {
			mark = placeMarks[i]
		}
		b.WriteString(mark + " " + rules.Msg("commands.ratings.leaderboard.entry", "Player", playerName(e.Player),
			"Rating", ratings.Display(e.Rating), "Games", rules.Msg("commands.ratings.profile.games", "Count", e.Games),
			"Wins", rules.Msg("commands.ratings.profile.wins", "Count", e.Wins)) + "\n")
	}
	if len(board.Entries) > 0 {
		b.WriteString(rules.Msg("commands.ratings.leaderboard.rule", "Count", MinGames) + "\n")
	}
	rec := board.Record
	b.WriteString("\n" + rules.Msg("commands.ratings.record.title") + "\n")
	b.WriteString("• " + rules.Msg("commands.ratings.record.games", "Count", rec.Games) + "\n")
	if rec.Longest.GameID != 0 {
		b.WriteString("• " + rules.Msg("commands.ratings.record.longest", "Time", durationWords(rec.Length),
			"Moves", rec.Longest.Moves, "Channel", "<#"+rec.Longest.ChannelID+">") + "\n")
	}
	if rec.Biggest.GameID != 0 {
		who := rules.Msg("commands.ratings.record.someone")
		if rec.Winner != "" {
			who = playerName(rec.Winner)
		}
		b.WriteString("• " + rules.Msg("commands.ratings.record.biggest", "Player", who, "Count", rec.Biggest.Margin,
			"Date", fmt.Sprintf("<t:%d:D>", rec.Biggest.FinishedAt.Unix())) + "\n")
	}
	return Reply{Type: ReplyMessage, Content: strings.TrimRight(b.String(), "\n")}, nil
}
