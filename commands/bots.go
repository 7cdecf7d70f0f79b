package commands

// AI seats (issue 12). A seat whose user id starts with "ai:" ("ai:strong:2") is played by the AI:
// `/game new <game> bots:<n> [level:easy|strong]` seats n of them in the lobby, named "AI 1
// (strong)" and so on. The AI may also stand in for a human player who is away (the timeout
// policy `ai`, a table vote): that seat stays its owner's, the AI plays it until they press "I'm
// back" (`/game back`).
//
// The AI never gets a DM and is never mentioned. Its moves go through PlayAs, which is the same
// commit path as a human's move (lock, version check, one transaction with the outbox, board
// post). Package bot decides when the AI moves (after a short random delay) and what it plays:
// it asks AIDecision for the seat's state, which the AI determinizes before it searches, so the AI
// decides only from what its seat may know.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
)

// AIPrefix starts the user id of every AI seat: "ai:<level>:<k>".
const AIPrefix = "ai:"

// The AI levels: LevelEasy plays fast, plausible moves; LevelStrong searches within a time budget
// per decision. DefaultLevel is the level of `bots:` without `level:`, and of the AI standing in
// for an absent player.
const (
	LevelEasy    = "easy"
	LevelStrong  = "strong"
	DefaultLevel = LevelStrong
)

// KindStandIn is the outbox kind announcing that the AI now plays a seat for its absent owner:
// payload standInPayload, target the game's channel. Package bot posts it with an "I'm back"
// button and pings the owner.
const KindStandIn = "standin"

// IsAI reports whether userID is an AI seat's ("ai:…").
func IsAI(userID string) bool { return strings.HasPrefix(userID, AIPrefix) }

// AILevel returns the level of an AI seat's user id ("ai:easy:1" → "easy"), DefaultLevel for an
// id without a known level.
func AILevel(userID string) string {
	parts := strings.Split(userID, ":")
	if len(parts) >= 2 && (parts[1] == LevelEasy || parts[1] == LevelStrong) {
		return parts[1]
	}
	return DefaultLevel
}

// aiSeats returns the lobby seats of n AI players of level: user ids "ai:<level>:<k>", names "AI k
// (level)", k from 1. The names are stored with the game and shown as they are in every language
// ("AI" and the level keywords are the same in French).
func aiSeats(n int, level string) []data.Seat {
	out := make([]data.Seat, n)
	for k := 1; k <= n; k++ {
		out[k-1] = data.Seat{Seat: -1, UserID: AIPrefix + level + ":" + strconv.Itoa(k), Name: fmt.Sprintf("AI %d (%s)", k, level)} // lang:ok (a stored seat name)
	}
	return out
}

// botsOption reads the bots and level options of /game new for game g and a wanted table size
// players (0: any): the AI seats to add to the lobby, or a sentence refusing them. The creator
// is a human, so at most (table size − 1) bots.
func (s *Service) botsOption(req Request, g rules.Game, players int) ([]data.Seat, string) {
	n, _ := req.Options["bots"].(int64)
	level, _ := req.Options["level"].(string)
	if n == 0 {
		if level != "" {
			return nil, rules.Msg("commands.bots.level-alone")
		}
		return nil, ""
	}
	if level == "" {
		level = DefaultLevel
	}
	if level != LevelEasy && level != LevelStrong {
		return nil, rules.Msg("commands.bots.bad-level", "Level", rules.Plain(strconv.Quote(truncate(level, 20))))
	}
	_, hi := g.Players()
	most := hi - 1
	if players > 0 {
		most = players - 1
	}
	if n < 0 || int(n) > most {
		if players > 0 {
			return nil, rules.Msg("commands.bots.too-many-table", "Players", players, "Most", most, "Count", n)
		}
		return nil, rules.Msg("commands.bots.too-many", "Game", s.gameNameMsg(g), "Max", hi, "Most", most, "Count", n)
	}
	return aiSeats(int(n), level), ""
}

// who is how a message names the player of a seat's user id: a mention for a human, the bold
// name for an AI (never pinged).
func (l *loaded) who(userID string) string {
	if !IsAI(userID) {
		return "<@" + userID + ">"
	}
	for _, s := range l.seats {
		if s.UserID == userID {
			return "**" + escape(s.Name) + "**"
		}
	}
	return "**" + rules.Msg("commands.bots.ai") + "**"
}

// humans returns the user ids of users that are not AI seats.
func humans(users []string) []string {
	return slices.DeleteFunc(slices.Clone(users), IsAI)
}

// standInPayload is the payload of a KindStandIn item.
type standInPayload struct {
	Seat rules.Seat `json:"seat"`
	User string     `json:"user"`
	Text string     `json:"text"`
}

// StandInNotice is a KindStandIn item decoded: the text to post, the owner to ping, and the "I'm
// back" button.
type StandInNotice struct {
	Content    string
	Mentions   []string
	Components []discordgo.MessageComponent
}

// StandInNoticeOf decodes a KindStandIn item, in English. Service.StandInNotice makes it in the
// channel's language.
func StandInNoticeOf(item data.OutboxItem) (StandInNotice, error) {
	return standInNotice(item, defaultWords.For("en"))
}

// StandInNotice decodes a KindStandIn item in the language of its channel (the item's target).
func (s *Service) StandInNotice(ctx context.Context, item data.OutboxItem) (StandInNotice, error) {
	return standInNotice(item, s.channelLang(ctx, item.Target))
}

// standInNotice decodes a KindStandIn item in loc's language.
func standInNotice(item data.OutboxItem, loc *lang.Localizer) (StandInNotice, error) {
	var p standInPayload
	if err := json.Unmarshal([]byte(item.Payload), &p); err != nil {
		return StandInNotice{}, fmt.Errorf("stand-in payload of item %d: %w", item.ID, err)
	}
	comps := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rules.Msg("commands.bots.button.back"), Style: discordgo.PrimaryButton, Emoji: &discordgo.ComponentEmoji{Name: "👋"},
				CustomID: CustomID{Action: ActBack, Game: item.GameID}.String()},
		}},
	}
	localizeComponents(loc, comps)
	return StandInNotice{Content: localizeText(loc, p.Text, maxContent), Mentions: []string{p.User}, Components: comps}, nil
}

// defaultWords is the edge's catalogue, for StandInNoticeOf, which has no service: the games'
// messages in a stand-in notice are the owner's name and the reason, made from the edge's
// catalogue too.
var defaultWords = lang.MustNew()

// Errors of PlayAs: ErrNotAISeat, the AI does not play that seat; ErrAIMoveRefused, the move is
// not one of the seat's legal moves (nothing changed).
var (
	ErrNotAISeat     = errors.New("the AI does not play that seat")
	ErrAIMoveRefused = errors.New("the AI's move is not legal")
)

// AIDecision is a decision the AI must make now: the game, the seat, the state's version and
// fingerprint, and the AI level that plays the seat. State is the game's full state: the AI must
// determinize it for Seat before it looks at it (rules.State.Determinize) and must not read its
// hidden parts.
type AIDecision struct {
	Game    int64
	Seat    rules.Seat
	Version int
	// Key fingerprints the state (its stored form): after an undo and another move a game may be
	// at the same version in another position, and the AI's move is then not played.
	Key   string
	Level string
	State rules.State
}

// stateKey is a fingerprint of st: a hash of its stored form.
func stateKey(st rules.State) (string, error) {
	b, err := rules.Marshal(st)
	if err != nil {
		return "", err
	}
	h := fnv.New64a()
	h.Write(b)
	return strconv.FormatUint(h.Sum64(), 36), nil
}

// aiPlayed returns the seats of l the AI plays (AI seats and stand-ins) with each one's level.
func (s *Service) aiPlayed(ctx context.Context, l *loaded) (map[rules.Seat]string, error) {
	out := map[rules.Seat]string{}
	for _, st := range l.seats {
		if st.Seat >= 0 && IsAI(st.UserID) {
			out[rules.Seat(st.Seat)] = AILevel(st.UserID)
		}
	}
	sis, err := s.store.StandIns(ctx, l.row.ID)
	if err != nil {
		return nil, err
	}
	for _, si := range sis {
		if _, ok := out[rules.Seat(si.Seat)]; !ok {
			out[rules.Seat(si.Seat)] = DefaultLevel
		}
	}
	return out, nil
}

// AIDecisions returns the seats of a game the AI plays that must decide now (active, with a legal
// move), by seat. None when the game is not being played.
func (s *Service) AIDecisions(ctx context.Context, gameID int64) ([]rules.Seat, error) {
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return nil, err
	}
	if l.st == nil || l.row.Status != data.StatusPlaying {
		return nil, nil
	}
	if _, over := l.st.Outcome(); over {
		return nil, nil
	}
	played, err := s.aiPlayed(ctx, l)
	if err != nil {
		return nil, err
	}
	var out []rules.Seat
	for _, seat := range l.st.Active() {
		if _, ok := played[seat]; ok && len(l.st.Legal(seat)) > 0 && !slices.Contains(out, seat) {
			out = append(out, seat)
		}
	}
	slices.Sort(out)
	return out, nil
}

// AIDecision returns the decision the AI must make for seat of game gameID now, or false when it
// has none (the game moved on, the seat is not the AI's, the game is over).
func (s *Service) AIDecision(ctx context.Context, gameID int64, seat rules.Seat) (AIDecision, bool, error) {
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return AIDecision{}, false, err
	}
	if l.st == nil || l.row.Status != data.StatusPlaying {
		return AIDecision{}, false, nil
	}
	if _, over := l.st.Outcome(); over {
		return AIDecision{}, false, nil
	}
	played, err := s.aiPlayed(ctx, l)
	if err != nil {
		return AIDecision{}, false, err
	}
	level, ok := played[seat]
	if !ok || !slices.Contains(l.st.Active(), seat) || len(l.st.Legal(seat)) == 0 {
		return AIDecision{}, false, nil
	}
	key, err := stateKey(l.st)
	if err != nil {
		return AIDecision{}, false, err
	}
	return AIDecision{Game: gameID, Seat: seat, Version: l.st.Version(), Key: key, Level: level, State: l.st}, true, nil
}

// AIPlays reports whether the AI plays seat of game gameID now: an AI seat, or a seat it stands
// in for.
func (s *Service) AIPlays(ctx context.Context, gameID int64, seat rules.Seat) (bool, error) {
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return false, err
	}
	played, err := s.aiPlayed(ctx, l)
	if err != nil {
		return false, err
	}
	_, ok := played[seat]
	return ok, nil
}

// PlayAs plays move for the seat of the decision d (AIDecision) on behalf of the AI, through the
// same commit path as a human's move (the per-game lock, the version check, one transaction with
// the outbox: board post and DMs). When the game has moved on since d (another version, or the
// same version in another position after an undo), nothing is played and PlayAs reports false.
// Errors: ErrNotAISeat when the AI does not play the seat; ErrAIMoveRefused when move is not
// legal for it (nothing changes).
func (s *Service) PlayAs(ctx context.Context, d AIDecision, move rules.Move) (bool, error) {
	gameID, seat, version := d.Game, d.Seat, d.Version
	defer s.lock(gameID)()
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return false, err
	}
	if l.st == nil || l.row.Status != data.StatusPlaying {
		return false, nil
	}
	played, err := s.aiPlayed(ctx, l)
	if err != nil {
		return false, err
	}
	level, ok := played[seat]
	if !ok {
		return false, fmt.Errorf("play for seat %d of game %d: %w", seat, gameID, ErrNotAISeat)
	}
	if _, over := l.st.Outcome(); over || l.st.Version() != version {
		return false, nil
	}
	if key, err := stateKey(l.st); err != nil || key != d.Key {
		return false, err
	}
	legal, ok := rules.FindLegal(l.st, seat, move)
	if !ok {
		return false, fmt.Errorf("AI move %q for seat %d of game %d at version %d: %w", move.String(), seat, gameID, version, ErrAIMoveRefused)
	}
	move = legal
	user := l.userOf(seat)
	if !IsAI(user) {
		user = AIPrefix + level + ":stand-in"
	}
	label := plain(l.expand(l.st.Describe(seat, move).Label, nil))
	r, err := s.commit(ctx, Request{Kind: KindComponent, GuildID: l.row.GuildID, ChannelID: l.row.ChannelID, UserID: user},
		l, seat, []rules.Move{move}, []string{label}, "", ReplyMessage)
	if err != nil {
		return false, err
	}
	if !r.Nudge {
		s.log.WarnContext(ctx, "AI move not played", "game", gameID, "seat", int(seat), "move", move.String(), "reason", r.Content)
		return false, nil
	}
	return true, nil
}

// StandIn makes the AI play seat of game gameID for its absent owner from now on (the timeout
// policy `ai`, or a table vote), until the owner presses "I'm back". why is rules text (a
// rules.Msg) saying why, shown to the table ("<@…> has not played for 2 days"). The channel is told, with
// the owner pinged and an "I'm back" button. Standing in again for a seat the AI already plays
// changes nothing. Errors: data.ErrNotPlaying when the game is not being played; ErrNotAISeat is
// never returned (an AI seat needs no stand-in: nothing happens).
func (s *Service) StandIn(ctx context.Context, gameID int64, seat rules.Seat, why string) error {
	defer s.lock(gameID)()
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return err
	}
	if l.st == nil || int(seat) < 0 || int(seat) >= l.st.Players() {
		return fmt.Errorf("stand in for seat %d of game %d: no such seat", seat, gameID)
	}
	owner := l.userOf(seat)
	if IsAI(owner) {
		return nil
	}
	added, err := s.store.SetStandIn(ctx, gameID, int(seat), why)
	if err != nil || !added {
		return err
	}
	text := rules.Msg("commands.bots.standin", "Owner", l.who(owner))
	if why != "" {
		text = rules.Msg("commands.bots.standin-why", "Owner", l.who(owner), "Why", why)
	}
	b, _ := json.Marshal(standInPayload{Seat: seat, User: owner, Text: text})
	if _, err := s.store.Enqueue(ctx, data.OutboxItem{GameID: gameID, Kind: KindStandIn, Target: l.row.ChannelID, Payload: string(b)}); err != nil {
		return fmt.Errorf("queue stand-in notice: %w", err)
	}
	s.log.InfoContext(ctx, "AI stands in", "game", gameID, "seat", int(seat))
	s.afterChange(ctx, gameID) // the seat's clock stops
	return nil
}

// gameBack answers "I'm back" (the button of a stand-in notice, or /game back): the caller takes
// their seat back from the AI.
func (s *Service) gameBack(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	seat, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral(rules.Msg("commands.bots.back-not-playing")), nil
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral(rules.Msg("commands.bots.back-over")), nil
	}
	cleared, err := s.store.ClearStandIn(ctx, l.row.ID, int(seat))
	if err != nil {
		return Reply{}, err
	}
	if !cleared {
		return ephemeral(rules.Msg("commands.bots.back-not-standing")), nil
	}
	s.log.InfoContext(ctx, "AI stand-in ended", "game", l.row.ID, "seat", int(seat))
	s.afterChange(ctx, l.row.ID) // the seat's clock runs again
	return Reply{Type: ReplyMessage, Content: rules.Msg("commands.bots.back", "Player", l.who(req.UserID)), Nudge: true}, nil
}

// Back is "I'm back" for userID in game gameID without an interaction (package pace, /away
// ending): it ends the AI's standing in for that user's seat and reports whether it did.
func (s *Service) Back(ctx context.Context, gameID int64, userID string) (bool, error) {
	defer s.lock(gameID)()
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return false, err
	}
	seat, ok := l.seatOf(userID)
	if !ok {
		return false, nil
	}
	cleared, err := s.store.ClearStandIn(ctx, gameID, int(seat))
	if cleared {
		s.afterChange(ctx, gameID)
	}
	return cleared, err
}

// standInSeats returns the seats of game gameID the AI plays for their absent owners.
func (s *Service) standInSeats(ctx context.Context, gameID int64) (map[rules.Seat]bool, error) {
	sis, err := s.store.StandIns(ctx, gameID)
	if err != nil {
		return nil, err
	}
	out := map[rules.Seat]bool{}
	for _, si := range sis {
		out[rules.Seat(si.Seat)] = true
	}
	return out, nil
}

// userIDs returns the user ids of seats.
func userIDs(seats []data.Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.UserID
	}
	return out
}

// botsOptions are the options of /game new <game> for a game of at most hi players: bots (how
// many AI players, 1 to hi−1: the creator is a human) and level.
func botsOptions(hi int) []*discordgo.ApplicationCommandOption {
	one := 1.0
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "bots",
			Description: rules.Msg("commands.bots.defs.bots", "Max", hi-1),
			MinValue:    &one, MaxValue: float64(hi - 1)},
		{Type: discordgo.ApplicationCommandOptionString, Name: "level",
			Description: rules.Msg("commands.bots.defs.level"),
			Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: rules.Msg("commands.bots.defs.level.easy"), Value: LevelEasy},
				{Name: rules.Msg("commands.bots.defs.level.strong"), Value: LevelStrong}}},
	}
}
