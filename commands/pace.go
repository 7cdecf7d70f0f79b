package commands

// The long-game layer as players meet it (issue 11): the pace of /game new, deadlines on the
// board and in /game status, reminders and timeout notices worded from package pace's outbox
// items, /game nudge and the board's Nudge button, /away, /settings timezone and quiet, and table
// votes (/game vote, the timeout vote's buttons). The rules of time live in package pace; this
// file translates.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/pace"
	"spicebot/rules"
)

// Pacer is the long-game layer (*pace.Keeper) as the commands need it.
type Pacer interface {
	// Update recomputes a game's clocks after a stored change.
	Update(ctx context.Context, gameID int64) error
	// Nudge asks for seat to be reminded now on behalf of by (pace.ErrNotWaiting,
	// *pace.NudgeRefusal).
	Nudge(ctx context.Context, gameID int64, seat rules.Seat, by string) error
	// Extend adds d to seats' banks (every waited-on seat when seats is empty).
	Extend(ctx context.Context, gameID int64, seats []rules.Seat, d time.Duration, events []data.Event) error
	// Pause stops every clock of the game until its next move.
	Pause(ctx context.Context, gameID int64, events []data.Event) error
	// SetAway records userID away until until (zero: back) and returns the games it concerns.
	SetAway(ctx context.Context, userID string, until time.Time) ([]int64, error)
	// HasAI reports whether the AI can stand in for a late player.
	HasAI() bool
	// Now is the layer's clock.
	Now() time.Time
}

// PaceStore is the storage of the long-game layer; *data.Store implements it (data/pace.go,
// data/events.go).
type PaceStore interface {
	GamePace(ctx context.Context, gameID int64) (data.GamePace, bool, error)
	SetGamePace(ctx context.Context, p data.GamePace) error
	Clocks(ctx context.Context, gameID int64) ([]data.SeatClock, error)
	UserPace(ctx context.Context, userID string) (data.UserPace, error)
	SetUserPace(ctx context.Context, u data.UserPace) error
	OpenVote(ctx context.Context, v data.Vote, items []data.OutboxItem, events []data.Event) (data.Vote, error)
	CastBallot(ctx context.Context, voteID int64, seat int, choice string) (data.Vote, error)
	CloseVote(ctx context.Context, id int64, result, owner string, items []data.OutboxItem, events []data.Event) (bool, error)
	VoteByID(ctx context.Context, id int64) (data.Vote, error)
	Votes(ctx context.Context, gameID int64, open bool) ([]data.Vote, error)
	Events(ctx context.Context, gameID int64) ([]data.Event, error)
	AddEvent(ctx context.Context, e data.Event) (data.Event, error)
}

// SetPacer wires the long-game layer: clocks after every change, deadlines, nudges, absences and
// votes. Without it games are live (no clock) and those commands say so.
func (s *Service) SetPacer(p Pacer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pacer = p
}

func (s *Service) getPacer() Pacer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pacer
}

// paceStore returns the store's long-game tables, or false when the store has none.
func (s *Service) paceStore() (PaceStore, bool) {
	ps, ok := s.store.(PaceStore)
	return ps, ok
}

// afterChange recomputes the clocks of a game after a stored change (a move, the start, an undo,
// a replacement, a stand-in, a cancel). A failure is logged, never shown: the scheduler
// recomputes a clock that missed a change.
func (s *Service) afterChange(ctx context.Context, gameID int64) {
	p := s.getPacer()
	if p == nil {
		return
	}
	if err := p.Update(ctx, gameID); err != nil {
		s.log.ErrorContext(ctx, "update clocks", "game", gameID, "err", err)
	}
}

// paceNow is the long-game layer's time (the service's clock without one).
func (s *Service) paceNow() time.Time {
	if p := s.getPacer(); p != nil {
		return p.Now()
	}
	return s.now()
}

// paceOptions reads the pace, custom, timeout and away options of /game new: the game's pace
// row (GameID unset), or a sentence refusing them.
func (s *Service) paceOptions(req Request) (data.GamePace, string) {
	name, _ := req.Options["pace"].(string)
	custom, _ := req.Options["custom"].(string)
	timeout, _ := req.Options["timeout"].(string)
	away, _ := req.Options["away"].(string)
	if timeout == "" {
		timeout = pace.TimeoutWait
	}
	if away == "" {
		away = pace.AwayPause
	}
	var p pace.Pace
	switch {
	case custom != "":
		if name != "" && name != "custom" {
			return data.GamePace{}, rules.Msg("commands.pace.refuse.both", "Pace", rules.Plain(name))
		}
		var err error
		if p, err = pace.ParseCustom(custom); err != nil {
			return data.GamePace{}, rules.Msg("commands.pace.refuse.custom", "Error", err.Error())
		}
	case name == "" || name == "custom":
		if name == "custom" {
			return data.GamePace{}, rules.Msg("commands.pace.refuse.custom-empty")
		}
		p, _ = pace.Preset("live")
	default:
		var ok bool
		if p, ok = pace.Preset(name); !ok {
			return data.GamePace{}, rules.Msg("commands.pace.refuse.unknown", "Pace", rules.Plain(strconv.Quote(name)))
		}
	}
	switch timeout {
	case pace.TimeoutWait, pace.TimeoutVote:
	case pace.TimeoutAI:
		if pc := s.getPacer(); pc == nil || !pc.HasAI() {
			return data.GamePace{}, rules.Msg("commands.pace.refuse.no-ai")
		}
	default:
		return data.GamePace{}, rules.Msg("commands.pace.refuse.timeout")
	}
	if away != pace.AwayPause && away != pace.AwayAct {
		return data.GamePace{}, rules.Msg("commands.pace.refuse.away")
	}
	if p.Live() && (req.Options["timeout"] != nil || req.Options["away"] != nil) {
		return data.GamePace{}, rules.Msg("commands.pace.refuse.live-options")
	}
	return p.Row(0, timeout, away), ""
}

// setPace stores the pace of a new lobby (a live pace stores nothing).
func (s *Service) setPace(ctx context.Context, gameID int64, p data.GamePace) error {
	ps, ok := s.paceStore()
	if !ok || p.Pace == "" || p.Pace == "live" {
		return nil
	}
	p.GameID = gameID
	if err := ps.SetGamePace(ctx, p); err != nil {
		return fmt.Errorf("store the pace: %w", err)
	}
	return nil
}

// copyPace gives a rematch lobby the pace of the game it follows.
func (s *Service) copyPace(ctx context.Context, from, to int64) error {
	ps, ok := s.paceStore()
	if !ok {
		return nil
	}
	p, found, err := ps.GamePace(ctx, from)
	if err != nil || !found {
		return err
	}
	p.Paused = false
	return s.setPace(ctx, to, p)
}

// gamePace returns a game's pace row (live when none is stored).
func (s *Service) gamePace(ctx context.Context, gameID int64) (data.GamePace, error) {
	live := data.GamePace{GameID: gameID, Pace: "live", Timeout: pace.TimeoutWait, Away: pace.AwayPause}
	ps, ok := s.paceStore()
	if !ok {
		return live, nil
	}
	p, found, err := ps.GamePace(ctx, gameID)
	if err != nil || !found {
		return live, err
	}
	return p, nil
}

// timeoutWords says what a timeout policy does, for paceLine ("" for an unknown policy).
func timeoutWords(policy string) string {
	switch policy {
	case pace.TimeoutWait:
		return rules.Msg("commands.pace.timeout.wait")
	case pace.TimeoutVote:
		return rules.Msg("commands.pace.timeout.vote")
	case pace.TimeoutAI:
		return rules.Msg("commands.pace.timeout.ai")
	}
	return ""
}

// paceLine is the lobby's and /game status's sentence about the pace: "Pace: daily: 1 day per
// decision …".
func paceLine(p data.GamePace) string {
	pc := pace.FromRow(p)
	if pc.Live() {
		return rules.Msg("commands.pace.line.live")
	}
	away := rules.Msg("commands.pace.line.away-pause")
	if p.Away == pace.AwayAct {
		away = rules.Msg("commands.pace.line.away-act")
	}
	return rules.Msg("commands.pace.line", "Pace", pc.Describe(), "Timeout", timeoutWords(p.Timeout), "Away", away)
}

// clockLines are the deadlines of the seats the game waits on, for the board and /game status:
// "⏰ **Ann**: time runs out <t:…:R> (<t:…:f>)". Empty for a live game or when no clock runs.
func (s *Service) clockLines(ctx context.Context, l *loaded) string {
	ps, ok := s.paceStore()
	if !ok || l.st == nil || l.row.Status != data.StatusPlaying {
		return ""
	}
	gp, err := s.gamePace(ctx, l.row.ID)
	if err != nil || pace.FromRow(gp).Live() {
		return ""
	}
	cs, err := ps.Clocks(ctx, l.row.ID)
	if err != nil {
		s.log.WarnContext(ctx, "read clocks", "game", l.row.ID, "err", err)
		return ""
	}
	if gp.Paused {
		return "\n" + rules.Msg("commands.pace.clock.paused")
	}
	names := l.names()
	now := s.paceNow()
	var b strings.Builder
	for _, c := range cs {
		if c.Seat >= len(names) || c.TurnAt.IsZero() || c.Version != l.row.Version {
			continue
		}
		name := "**" + rules.Plain(escape(names[c.Seat])) + "**"
		if c.Paused {
			b.WriteString("\n" + rules.Msg("commands.pace.clock.away", "Name", name, "Left", pace.Words(c.Bank)))
			continue
		}
		d, ok := pace.Deadline(pace.FromRow(gp), c)
		if !ok {
			continue
		}
		if now.Before(d) {
			b.WriteString("\n" + rules.Msg("commands.pace.clock.runs", "Name", name, "When", pace.Stamp(d)))
		} else {
			b.WriteString("\n" + rules.Msg("commands.pace.clock.ran", "Name", name, "When", pace.Stamp(d)))
		}
	}
	return b.String()
}

// ReminderMessage is a reminder to one player, by DM — or in the game's channel when their DMs
// are closed or off.
type ReminderMessage struct {
	UserID string
	// DM is the private text: the decision, the deadline, the link and the digest of what happened
	// since the player's last move as they may read it.
	DM string
	// ChannelID and Channel are the fallback: a public text mentioning the player, whose digest is
	// the public log.
	ChannelID, Channel string
	// DMsOff is true when the player turned DMs off: use the channel.
	DMsOff bool
}

// digestLines is how many log lines a reminder's digest shows at most.
const digestLines = 12

// Reminder words a pace.KindReminder item from the game's current state: the DM in the language
// last seen for its recipient, the channel fallback in the channel's language. It returns false when
// the reminder is no longer wanted: the game is over, the user no longer holds the seat, or the
// seat no longer has a decision to make.
func (s *Service) Reminder(ctx context.Context, item data.OutboxItem) (ReminderMessage, bool, error) {
	r, err := pace.ReminderOf(item)
	if err != nil {
		return ReminderMessage{}, false, err
	}
	if IsAI(item.Target) {
		return ReminderMessage{}, false, nil
	}
	l, err := s.load(ctx, "", item.GameID)
	if err != nil {
		return ReminderMessage{}, false, err
	}
	if l.st == nil || l.row.Status != data.StatusPlaying || l.userOf(r.Seat) != item.Target {
		return ReminderMessage{}, false, nil
	}
	if !slices.Contains(l.st.Active(), r.Seat) || len(l.st.Legal(r.Seat)) == 0 {
		return ReminderMessage{}, false, nil
	}
	set, err := s.store.Settings(ctx, item.Target)
	if err != nil {
		return ReminderMessage{}, false, err
	}
	game := s.gameNameMsg(l.game)
	head := func(private bool) string {
		since := ""
		if r.Waiting > 0 {
			since = rules.Msg("commands.pace.reminder.since", "When", fmt.Sprintf("<t:%d:R>", r.Waiting))
		}
		var b strings.Builder
		switch {
		case r.NudgeBy != "" && private:
			b.WriteString(rules.Msg("commands.pace.reminder.nudge-dm", "By", r.NudgeBy, "Game", game, "Channel", l.row.ChannelID, "Since", since))
		case r.NudgeBy != "":
			b.WriteString(rules.Msg("commands.pace.reminder.nudge-channel", "User", item.Target, "By", r.NudgeBy, "Game", game, "Since", since))
		case private:
			b.WriteString(rules.Msg("commands.pace.reminder.dm", "Game", game, "Channel", l.row.ChannelID, "Since", since))
		default:
			b.WriteString(rules.Msg("commands.pace.reminder.channel", "User", item.Target, "Game", game, "Since", since))
		}
		b.WriteString("\n" + l.expand(l.st.Status(), nil))
		if r.Deadline > 0 {
			if r.Late {
				b.WriteString("\n" + rules.Msg("commands.pace.reminder.ran-out", "When", pace.Stamp(time.Unix(r.Deadline, 0))))
			} else {
				b.WriteString("\n" + rules.Msg("commands.pace.reminder.runs-out", "When", pace.Stamp(time.Unix(r.Deadline, 0))))
			}
		}
		b.WriteString("\n" + rules.Msg("commands.pace.reminder.link", "Link", l.jumpLink()))
		return b.String()
	}
	digest := func(viewer rules.Seat) string {
		entries, more := pace.Digest(s.withEvents(ctx, l, l.st.Log(viewer)), r.Since, digestLines)
		if len(entries) == 0 {
			return ""
		}
		var b strings.Builder
		b.WriteString("\n" + rules.Msg("commands.pace.reminder.digest"))
		if more > 0 {
			b.WriteString("\n> " + rules.Msg("commands.pace.reminder.more", "Count", more))
		}
		for _, e := range entries {
			b.WriteString("\n> " + l.expand(e.Text, nil))
		}
		return b.String()
	}
	// The DM reads in the recipient's language (the locale last seen for them), the channel's
	// fallback in the channel's; both are cut to Discord's limit once translated.
	return ReminderMessage{
		UserID:    item.Target,
		DM:        localizeText(s.userLang(ctx, item.Target, ""), head(true)+digest(r.Seat), maxContent),
		ChannelID: l.row.ChannelID,
		Channel:   localizeText(s.channelLang(ctx, l.row.ChannelID), head(false)+digest(rules.Observer), maxContent),
		DMsOff:    set.DMsOff,
	}, true, nil
}

// withEvents merges a game's events (votes, timeouts, nudges, undos …) into its log entries by
// version (an event follows the moves of its version).
func (s *Service) withEvents(ctx context.Context, l *loaded, entries []rules.LogEntry) []rules.LogEntry {
	ps, ok := s.paceStore()
	if !ok {
		return entries
	}
	evs, err := ps.Events(ctx, l.row.ID)
	if err != nil || len(evs) == 0 {
		return entries
	}
	out := make([]rules.LogEntry, 0, len(entries)+len(evs))
	i := 0
	for _, e := range entries {
		for i < len(evs) && evs[i].Version < e.Version {
			out = append(out, rules.LogEntry{Version: evs[i].Version, Text: "🔔 " + evs[i].Text})
			i++
		}
		out = append(out, e)
	}
	for ; i < len(evs); i++ {
		out = append(out, rules.LogEntry{Version: evs[i].Version, Text: "🔔 " + evs[i].Text})
	}
	return out
}

// PaceNotice is a public message about a game's clocks: a deadline that passed (with the vote's
// buttons under the vote policy), a vote that expired.
type PaceNotice struct {
	Content    string
	Components []discordgo.MessageComponent
	Mentions   []string
}

// PaceNotice words a pace.KindPace item, in the channel's language (text and buttons). It returns
// false when it no longer matters (the game is over, or the seat acted meanwhile and no vote is
// open).
func (s *Service) PaceNotice(ctx context.Context, item data.OutboxItem) (PaceNotice, bool, error) {
	n, err := pace.NoticeOf(item)
	if err != nil {
		return PaceNotice{}, false, err
	}
	l, err := s.load(ctx, "", item.GameID)
	if err != nil {
		return PaceNotice{}, false, err
	}
	if l.st == nil || l.row.Status != data.StatusPlaying {
		return PaceNotice{}, false, nil
	}
	who := l.expand(rules.SeatRef(n.Seat), nil)
	user := l.userOf(n.Seat)
	loc := s.channelLang(ctx, l.row.ChannelID) // a public post: the channel's language
	switch n.Event {
	case pace.NoticeVoteExpired:
		v, err := s.vote(ctx, n.Vote)
		if err != nil {
			return PaceNotice{}, false, err
		}
		return PaceNotice{Content: localizeText(loc, rules.Msg("commands.pace.notice.expired", "Vote", l.expand(pace.VoteSentence(v), nil)), maxContent)}, true, nil
	case pace.NoticeTimeout:
		var b strings.Builder
		b.WriteString(rules.Msg("commands.pace.notice.timeout", "Seat", who, "When", pace.Stamp(time.Unix(n.Deadline, 0))))
		out := PaceNotice{}
		if !IsAI(user) && user != "" {
			out.Mentions = []string{user}
			b.WriteString(" " + rules.Msg("commands.pace.notice.waiting", "User", user))
		}
		switch n.Policy {
		case pace.TimeoutVote:
			v, ok, err := s.openVoteAbout(ctx, l.row.ID, pace.VoteTimeout, int(n.Seat))
			if err != nil {
				return PaceNotice{}, false, err
			}
			if !ok {
				return PaceNotice{}, false, nil // decided already
			}
			b.WriteString("\n" + s.voteText(l, v))
			out.Components = voteButtons(l.row.ID, v)
		default:
			b.WriteString(" " + rules.Msg("commands.pace.notice.waits"))
		}
		out.Content = localizeText(loc, b.String(), maxContent)
		localizeComponents(loc, out.Components)
		return out, true, nil
	}
	return PaceNotice{}, false, fmt.Errorf("pace notice of item %d: unknown event %q", item.ID, n.Event)
}

// vote loads a vote.
func (s *Service) vote(ctx context.Context, id int64) (data.Vote, error) {
	ps, ok := s.paceStore()
	if !ok {
		return data.Vote{}, errors.New("no vote storage")
	}
	return ps.VoteByID(ctx, id)
}

// openVoteAbout returns the open vote of kind about seat in a game, or false.
func (s *Service) openVoteAbout(ctx context.Context, gameID int64, kind string, seat int) (data.Vote, bool, error) {
	ps, ok := s.paceStore()
	if !ok {
		return data.Vote{}, false, nil
	}
	vs, err := ps.Votes(ctx, gameID, true)
	if err != nil {
		return data.Vote{}, false, err
	}
	for _, v := range vs {
		if v.Kind == kind && v.Seat == seat {
			return v, true, nil
		}
	}
	return data.Vote{}, false, nil
}

// choiceLabel is the button of a vote's choice ("" for an unknown choice).
func choiceLabel(choice string) string {
	switch choice {
	case pace.ChoiceExtend:
		return rules.Msg("commands.pace.choice.extend")
	case pace.ChoiceSkip:
		return rules.Msg("commands.pace.choice.skip")
	case pace.ChoiceSubstitute:
		return rules.Msg("commands.pace.choice.substitute")
	case pace.ChoiceAI:
		return rules.Msg("commands.pace.choice.ai")
	case pace.ChoiceEnd:
		return rules.Msg("commands.pace.choice.end")
	case pace.ChoiceYes:
		return rules.Msg("commands.pace.choice.yes")
	case pace.ChoiceNo:
		return rules.Msg("commands.pace.choice.no")
	}
	return ""
}

// choiceDecided is the outcome of a timeout vote decided for choice ("decided: extend 24 h").
func choiceDecided(choice string) string {
	switch choice {
	case pace.ChoiceExtend:
		return rules.Msg("commands.pace.decided.extend")
	case pace.ChoiceSkip:
		return rules.Msg("commands.pace.decided.skip")
	case pace.ChoiceSubstitute:
		return rules.Msg("commands.pace.decided.substitute")
	case pace.ChoiceAI:
		return rules.Msg("commands.pace.decided.ai")
	case pace.ChoiceEnd:
		return rules.Msg("commands.pace.decided.end")
	}
	return rules.Msg("commands.pace.decided.other", "Choice", rules.Plain(choice))
}

// voteButtons are a vote's buttons, one per choice.
func voteButtons(gameID int64, v data.Vote) []discordgo.MessageComponent {
	var bs []discordgo.MessageComponent
	for i, c := range v.Choices {
		style := discordgo.SecondaryButton
		switch c {
		case pace.ChoiceYes:
			style = discordgo.SuccessButton
		case pace.ChoiceNo, pace.ChoiceEnd:
			style = discordgo.DangerButton
		}
		bs = append(bs, discordgo.Button{Label: choiceLabel(c), Style: style,
			CustomID: CustomID{Action: ActVote, Game: gameID, Version: int(v.ID), Page: i}.String()})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}
}

// voteText is a vote's question, tally and expiry.
func (s *Service) voteText(l *loaded, v data.Vote) string {
	n := voteSeats(l)
	if v.Kind == pace.VoteTimeout {
		n-- // the late seat does not vote on itself
	}
	closes := ""
	if !v.Due.IsZero() && v.Result == "" {
		closes = rules.Msg("commands.pace.vote.closes", "When", pace.Stamp(v.Due))
	}
	var b strings.Builder
	b.WriteString(rules.Msg("commands.pace.vote.question", "Vote", l.expand(pace.VoteSentence(v), nil), "Need", n/2+1, "Count", n, "Closes", closes))
	counts := map[string][]string{}
	seats := make([]int, 0, len(v.Ballots))
	for seat := range v.Ballots {
		seats = append(seats, seat)
	}
	sort.Ints(seats)
	for _, seat := range seats {
		counts[v.Ballots[seat]] = append(counts[v.Ballots[seat]], l.expand(rules.SeatRef(rules.Seat(seat)), nil))
	}
	for _, c := range v.Choices {
		if len(counts[c]) > 0 {
			fmt.Fprintf(&b, "\n• %s: %d (%s)", choiceLabel(c), len(counts[c]), strings.Join(counts[c], ", "))
		}
	}
	return b.String()
}

// voteSeats is how many seats vote: the seats of human players (an AI seat neither votes nor
// counts).
func voteSeats(l *loaded) int {
	n := 0
	for _, st := range l.seats {
		if st.Seat >= 0 && !IsAI(st.UserID) {
			n++
		}
	}
	return n
}

// gameVote answers /game vote topic:<kind> [player]: a player opens a table vote; it counts as
// their yes.
func (s *Service) gameVote(ctx context.Context, req Request) (Reply, error) {
	ps, ok := s.paceStore()
	if !ok || s.getPacer() == nil {
		return ephemeral(rules.Msg("commands.pace.vote.unavailable")), nil
	}
	l, stop, err := s.loadPlaying(ctx, req, 0)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral(rules.Msg("commands.pace.vote.over")), nil
	}
	me, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral(rules.Msg("commands.pace.vote.players-open")), nil
	}
	kind, _ := req.Options["topic"].(string)
	if !slices.Contains(pace.VoteKinds, kind) {
		return ephemeral(rules.Msg("commands.pace.vote.pick")), nil
	}
	seat := -1
	if target, _ := req.Options["player"].(string); target != "" {
		ts, ok := l.seatOf(target)
		if !ok {
			return ephemeral(rules.Msg("commands.pace.not-playing", "User", target)), nil
		}
		seat = int(ts)
	}
	switch kind {
	case pace.VoteReplace:
		if seat < 0 {
			return ephemeral(rules.Msg("commands.pace.vote.whose")), nil
		}
	case pace.VoteExtend:
		if seat >= 0 && !slices.Contains(l.st.Active(), rules.Seat(seat)) {
			return ephemeral(rules.Msg("commands.pace.vote.not-waiting")), nil
		}
	default:
		seat = -1
	}
	gp, err := s.gamePace(ctx, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	if (kind == pace.VoteExtend || kind == pace.VotePause) && pace.FromRow(gp).Live() {
		return ephemeral(rules.Msg("commands.pace.vote.live")), nil
	}
	defer s.lock(l.row.ID)()
	now := s.paceNow()
	v := data.Vote{GameID: l.row.ID, Kind: kind, Seat: seat, Choices: []string{pace.ChoiceYes, pace.ChoiceNo},
		OpenedBy: req.UserID, OpenedAt: now, Version: l.row.Version, Due: now.Add(pace.VoteTTL(pace.FromRow(gp))),
		Ballots: map[int]string{int(me): pace.ChoiceYes}, Cooldown: pace.VoteCooldown(pace.FromRow(gp))}
	ev := data.Event{Version: l.row.Version, Kind: "vote", UserID: req.UserID,
		Text: rules.Msg("commands.pace.event.vote-opened", "User", req.UserID, "Vote", pace.VoteSentence(v))}
	v, err = ps.OpenVote(ctx, v, nil, []data.Event{ev})
	if errors.Is(err, data.ErrVoteOpen) {
		return ephemeral(rules.Msg("commands.pace.vote.already-open")), nil
	}
	var cool *data.VoteCooldownError
	if errors.As(err, &cool) {
		return ephemeral(rules.Msg("commands.trust.vote.cooldown", "When", pace.Stamp(cool.Until))), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if result, decided := pace.Tally(v, voteSeats(l)); decided {
		// A table of one human decides at once (the AI's seats count but don't vote).
		return s.decideVote(ctx, req, l, v, result)
	}
	r := Reply{Type: ReplyMessage, Content: rules.Msg("commands.pace.vote.asks", "User", req.UserID) + "\n" + s.voteText(l, v),
		Components: voteButtons(l.row.ID, v), Mentions: humans(userIDs(l.seats))}
	return r, nil
}

// ballot answers a vote button: the caller's seat votes for that choice; a majority decides.
func (s *Service) ballot(ctx context.Context, req Request, id CustomID) (Reply, error) {
	ps, ok := s.paceStore()
	if !ok {
		return ephemeral(rules.Msg("commands.pace.vote.unavailable")), nil
	}
	l, stop, err := s.loadPlaying(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	me, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral(rules.Msg("commands.pace.vote.players-vote")), nil
	}
	unlock := s.lock(l.row.ID)
	v, err := ps.VoteByID(ctx, int64(id.Version))
	if errors.Is(err, data.ErrNoVote) || (err == nil && v.GameID != l.row.ID) {
		unlock()
		return ephemeral(rules.Msg("commands.pace.vote.other-game")), nil
	}
	if err != nil {
		unlock()
		return Reply{}, err
	}
	if v.Result != "" || l.row.Status != data.StatusPlaying {
		unlock()
		return ephemeral(rules.Msg("commands.pace.vote.closed")), nil
	}
	if id.Page < 0 || id.Page >= len(v.Choices) {
		unlock()
		return ephemeral(rules.Msg("commands.pace.vote.other-button")), nil
	}
	choice := v.Choices[id.Page]
	if v.Kind == pace.VoteTimeout && int(me) == v.Seat {
		unlock()
		return ephemeral(rules.Msg("commands.pace.vote.your-seat")), nil
	}
	v, err = ps.CastBallot(ctx, v.ID, int(me), choice)
	if errors.Is(err, data.ErrVoteClosed) {
		unlock()
		return ephemeral(rules.Msg("commands.pace.vote.closed")), nil
	}
	if err != nil {
		unlock()
		return Reply{}, err
	}
	seats := voteSeats(l)
	if v.Kind == pace.VoteTimeout {
		seats-- // the late seat does not vote on itself
	}
	result, decided := pace.Tally(v, seats)
	unlock()
	if decided {
		return s.decideVote(ctx, req, l, v, result)
	}
	return Reply{Type: ReplyUpdate, Content: s.voteText(l, v), Components: voteButtons(l.row.ID, v)}, nil
}

// decideVote closes a decided vote, records it and carries it out. The reply updates the vote
// message (or, for a rematch, posts the new lobby).
func (s *Service) decideVote(ctx context.Context, req Request, l *loaded, v data.Vote, result string) (Reply, error) {
	ps, _ := s.paceStore()
	what := l.expand(pace.VoteSentence(v), nil)
	outcome := rules.Msg("commands.pace.outcome.passed")
	if result == pace.ResultFailed {
		outcome = rules.Msg("commands.pace.outcome.failed")
	} else if v.Kind == pace.VoteTimeout {
		outcome = choiceDecided(result)
	}
	ev := data.Event{Version: l.row.Version, Kind: "vote-result", Text: rules.Msg("commands.pace.event.vote-result", "Vote", pace.VoteSentence(v), "Outcome", outcome)}
	closed, err := ps.CloseVote(ctx, v.ID, result, "", nil, []data.Event{ev})
	if err != nil {
		return Reply{}, err
	}
	typ := ReplyUpdate
	if req.Kind == KindCommand {
		typ = ReplyMessage
	}
	none := []discordgo.MessageComponent{}
	if !closed {
		return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.decided-already", "Vote", what), Components: none}, nil
	}
	s.log.InfoContext(ctx, "vote decided", "game", l.row.ID, "kind", v.Kind, "result", result)
	done := rules.Msg("commands.pace.vote.done", "Vote", what, "Outcome", outcome)
	if result == pace.ResultFailed {
		return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.failed", "Done", done), Components: none}, nil
	}
	action := result
	if result == pace.ChoiceYes {
		action = v.Kind
	}
	seat := rules.Seat(v.Seat)
	p := s.getPacer()
	switch action {
	case pace.VoteExtend: // also the timeout vote's choice "extend"
		var seats []rules.Seat
		if v.Seat >= 0 {
			seats = []rules.Seat{seat}
		}
		if err := p.Extend(ctx, l.row.ID, seats, pace.Extension, nil); err != nil {
			return Reply{}, err
		}
		return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.extended", "Done", done, "Time", pace.Words(pace.Extension)), Components: none, Nudge: true}, nil
	case pace.VotePause:
		if err := p.Pause(ctx, l.row.ID, nil); err != nil {
			return Reply{}, err
		}
		return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.paused", "Done", done), Components: none}, nil
	case pace.VoteReplace, pace.ChoiceSubstitute:
		return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.replace", "Done", done, "Seat", l.expand(rules.SeatRef(seat), nil)),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: rules.Msg("commands.pace.button.take"), Style: discordgo.SuccessButton, CustomID: CustomID{Action: ActTake, Game: l.row.ID, Version: int(v.ID), Page: v.Seat}.String()},
			}}}}, nil
	case pace.ChoiceAI:
		if err := s.StandIn(ctx, l.row.ID, seat, rules.Msg("commands.pace.standin.voted")); err != nil {
			return Reply{}, err
		}
		s.afterChange(ctx, l.row.ID)
		return Reply{Type: typ, Content: done, Components: none, Nudge: true}, nil
	case pace.ChoiceSkip:
		unlock := s.lock(l.row.ID)
		defer unlock()
		cur, err := s.load(ctx, "", l.row.ID)
		if err != nil {
			return Reply{}, err
		}
		var pass rules.Move
		if cur.st != nil && slices.Contains(cur.st.Active(), seat) {
			for _, m := range cur.st.Legal(seat) {
				if m.String() == "pass" {
					pass = m
				}
			}
		}
		if pass == nil {
			return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.no-pass", "Done", done), Components: none}, nil
		}
		label := plain(cur.expand(cur.st.Describe(seat, pass).Label, nil))
		r, err := s.commit(ctx, Request{Kind: KindComponent, GuildID: cur.row.GuildID, ChannelID: cur.row.ChannelID, UserID: req.UserID},
			cur, seat, []rules.Move{pass}, []string{label}, "", ReplyMessage)
		if err != nil {
			return Reply{}, err
		}
		if !r.Nudge {
			return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.pass-failed", "Done", done, "Reason", r.Content), Components: none}, nil
		}
		return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.passes", "Done", done, "Seat", cur.expand(rules.SeatRef(seat), nil)), Components: none, Nudge: true}, nil
	case pace.VoteEnd: // also the timeout vote's choice "end"
		unlock := s.lock(l.row.ID)
		defer unlock()
		if err := s.store.Cancel(ctx, l.row.ID); err != nil && !errors.Is(err, data.ErrOver) {
			return Reply{}, fmt.Errorf("end by vote: %w", err)
		}
		s.afterChange(ctx, l.row.ID)
		return Reply{Type: typ, Content: rules.Msg("commands.pace.vote.ended", "Done", done), Components: none}, nil
	case pace.VoteRematch:
		unlock := s.lock(l.row.ID)
		if err := s.store.Cancel(ctx, l.row.ID); err != nil && !errors.Is(err, data.ErrOver) {
			unlock()
			return Reply{}, fmt.Errorf("end for a rematch: %w", err)
		}
		unlock()
		s.afterChange(ctx, l.row.ID)
		var others []data.Seat
		for _, st := range l.seats {
			if st.UserID != req.UserID {
				others = append(others, data.Seat{Seat: -1, UserID: st.UserID, Name: st.Name})
			}
		}
		nl, stop, err := s.openLobby(ctx, req, l.game, len(l.seats), l.row.Options, others)
		if stop != nil || err != nil {
			return deref(stop), err
		}
		if err := s.copyPace(ctx, l.row.ID, nl.row.ID); err != nil {
			return Reply{}, err
		}
		if nl, err = s.load(ctx, "", nl.row.ID); err != nil {
			return Reply{}, err
		}
		r := s.lobbyReply(nl, ReplyMessage)
		r.Content = rules.Msg("commands.pace.vote.rematch", "Done", done) + "\n" + r.Content
		r.Mentions = humans(userIDs(l.seats))
		return r, nil
	}
	return Reply{Type: typ, Content: done, Components: none}, nil
}

// takeSeat answers "Take this seat" after a vote to replace (or a timeout vote decided
// "substitute"): a volunteer who is not playing takes the seat the vote put up. The button is
// bound to its vote: it works only for a vote of this game about this seat that passed for a
// volunteer, and once — the first press wins in the transaction that hands the seat over
// (data.Store.TakeVotedSeat); every later press is told who took it and changes nothing.
func (s *Service) takeSeat(ctx context.Context, req Request, id CustomID) (Reply, error) {
	ps, ok := s.paceStore()
	if !ok {
		return ephemeral(rules.Msg("commands.pace.vote.unavailable")), nil
	}
	l, stop, err := s.loadPlaying(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral(rules.Msg("commands.pace.over")), nil
	}
	seat := rules.Seat(id.Page)
	v, err := ps.VoteByID(ctx, int64(id.Version))
	if errors.Is(err, data.ErrNoVote) {
		return ephemeral(rules.Msg("commands.trust.take.not-put-up")), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if !putsSeatUp(v, l.row.ID, seat) {
		return ephemeral(rules.Msg("commands.trust.take.not-put-up")), nil
	}
	if v.TakenBy != "" {
		return ephemeral(rules.Msg("commands.trust.take.taken", "User", v.TakenBy)), nil
	}
	if _, ok := l.seatOf(req.UserID); ok {
		return ephemeral(rules.Msg("commands.pace.take.playing")), nil
	}
	old := l.userOf(seat)
	if old == "" {
		return ephemeral(rules.Msg("commands.pace.take.no-seat")), nil
	}
	unlock := s.lock(l.row.ID)
	err = s.takeVoted(ctx, v.ID, l.row.ID, seat, req.UserID, req.UserName)
	unlock()
	if err != nil {
		if text, ok := refusalText(err); ok {
			return ephemeral(text), nil
		}
		return Reply{}, err
	}
	return Reply{Type: ReplyUpdate, Content: rules.Msg("commands.pace.take.done", "User", req.UserID,
		"Seat", l.expand(rules.SeatRef(seat), nil), "Old", old), Components: []discordgo.MessageComponent{}, Nudge: true, Mentions: []string{req.UserID}}, nil
}

// putsSeatUp reports whether vote v, of game gameID, put seat up for a volunteer: a vote to
// replace that seat that passed, or a timeout vote about it decided "substitute".
func putsSeatUp(v data.Vote, gameID int64, seat rules.Seat) bool {
	if v.GameID != gameID || v.Seat != int(seat) || v.Seat < 0 {
		return false
	}
	return (v.Kind == pace.VoteReplace && v.Result == pace.ChoiceYes) ||
		(v.Kind == pace.VoteTimeout && v.Result == pace.ChoiceSubstitute)
}

// gameNudge answers /game nudge player:<user> and the board's Nudge button (no player: every
// seat the game has waited on long enough, except the caller's).
func (s *Service) gameNudge(ctx context.Context, req Request, gameID int64) (Reply, error) {
	p := s.getPacer()
	if p == nil {
		return ephemeral(rules.Msg("commands.pace.nudge.unavailable")), nil
	}
	l, stop, err := s.loadPlaying(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral(rules.Msg("commands.pace.over")), nil
	}
	me, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral(rules.Msg("commands.pace.nudge.players")), nil
	}
	var targets []rules.Seat
	if target, _ := req.Options["player"].(string); target != "" {
		ts, ok := l.seatOf(target)
		if !ok {
			return ephemeral(rules.Msg("commands.pace.not-playing", "User", target)), nil
		}
		if ts == me {
			return ephemeral(rules.Msg("commands.pace.nudge.you")), nil
		}
		targets = []rules.Seat{ts}
	} else {
		for _, a := range l.st.Active() {
			if a != me && !IsAI(l.userOf(a)) {
				targets = append(targets, a)
			}
		}
		if len(targets) == 0 {
			return ephemeral(rules.Msg("commands.pace.nudge.nobody")), nil
		}
	}
	var sent []string
	var why []string
	for _, t := range targets {
		name := l.expand(rules.SeatRef(t), nil)
		if IsAI(l.userOf(t)) {
			why = append(why, rules.Msg("commands.pace.nudge.why-ai", "Name", name))
			continue
		}
		err := p.Nudge(ctx, l.row.ID, t, req.UserID)
		var nr *pace.NudgeRefusal
		switch {
		case err == nil:
			sent = append(sent, name)
		case errors.Is(err, pace.ErrNotWaiting):
			why = append(why, rules.Msg("commands.pace.nudge.why-not-waiting", "Name", name))
		case errors.As(err, &nr) && nr.Reason == "again":
			why = append(why, rules.Msg("commands.pace.nudge.why-again", "Name", name, "When", fmt.Sprintf("<t:%d:R>", nr.At.Unix())))
		case errors.As(err, &nr):
			why = append(why, rules.Msg("commands.pace.nudge.why-soon", "Name", name, "When", fmt.Sprintf("<t:%d:R>", nr.At.Unix())))
		default:
			return Reply{}, err
		}
	}
	var b strings.Builder
	if len(sent) > 0 {
		b.WriteString(rules.Msg("commands.pace.nudge.sent", "Names", rules.List(sent...)))
	}
	if len(why) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(rules.Msg("commands.pace.nudge.not", "Reasons", strings.Join(why, "; ")))
	}
	r := ephemeral(b.String())
	r.Nudge = len(sent) > 0
	return r, nil
}

// away answers /away until:<date|length|off>: the caller's clocks pause in every game (as each
// game's absence policy says) until then; "off" ends the absence and takes their seats back
// from the AI.
func (s *Service) away(ctx context.Context, req Request) (Reply, error) {
	p := s.getPacer()
	ps, ok := s.paceStore()
	if p == nil || !ok {
		return ephemeral(rules.Msg("commands.pace.away.unavailable")), nil
	}
	text, _ := req.Options["until"].(string)
	text = strings.TrimSpace(text)
	u, err := ps.UserPace(ctx, req.UserID)
	if err != nil {
		return Reply{}, err
	}
	now := s.paceNow()
	if text == "" {
		if until, away := pace.Away(u, now); away {
			return ephemeral(rules.Msg("commands.pace.away.is", "Until", pace.Stamp(until))), nil
		}
		return ephemeral(rules.Msg("commands.pace.away.not")), nil
	}
	switch strings.ToLower(text) {
	case "off", "back", "no", "none", "i'm back", "im back", "retour", "non", "aucune", "je suis de retour": // lang:ok (words a player may type, English and French)
		return s.back(ctx, req)
	}
	loc, err := pace.Zone(u.TZ)
	if err != nil {
		loc = time.UTC
	}
	until, err := pace.ParseUntil(text, now, loc)
	if err != nil {
		return ephemeral(rules.Msg("commands.pace.away.bad", "Error", err.Error())), nil
	}
	games, err := p.SetAway(ctx, req.UserID, until)
	if err != nil {
		return Reply{}, err
	}
	r := ephemeral(rules.Msg("commands.pace.away.set", "Until", pace.Stamp(until), "Zone", loc.String(), "Count", len(games)))
	r.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: rules.Msg("commands.pace.button.back"), Style: discordgo.SuccessButton, CustomID: CustomID{Action: ActHome}.String()},
	}}}
	r.Nudge = true
	return r, nil
}

// back ends the caller's absence ("I'm back", /away until:off): their clocks run again and the AI
// gives back the seats it played for them.
func (s *Service) back(ctx context.Context, req Request) (Reply, error) {
	p := s.getPacer()
	if p == nil {
		return ephemeral(rules.Msg("commands.pace.away.unavailable")), nil
	}
	ps, ok := s.paceStore()
	if !ok {
		return ephemeral(rules.Msg("commands.pace.away.unavailable")), nil
	}
	u, err := ps.UserPace(ctx, req.UserID)
	if err != nil {
		return Reply{}, err
	}
	var games []int64
	if _, away := pace.Away(u, s.paceNow()); away {
		if games, err = p.SetAway(ctx, req.UserID, time.Time{}); err != nil {
			return Reply{}, err
		}
	} else {
		// Not away (issue 24): nothing is logged or announced; only the seats an AI plays for
		// the caller come back to them.
		mine, err := s.store.GamesOf(ctx, req.UserID)
		if err != nil {
			return Reply{}, err
		}
		for _, g := range mine {
			if g.Status == data.StatusPlaying {
				games = append(games, g.ID)
			}
		}
	}
	took := 0
	for _, g := range games {
		ok, err := s.Back(ctx, g, req.UserID)
		if err != nil {
			return Reply{}, err
		}
		if ok {
			took++
			s.afterChange(ctx, g)
		}
	}
	text := rules.Msg("commands.pace.back.done")
	if _, away := pace.Away(u, s.paceNow()); !away {
		text = rules.Msg("commands.trust.back.not-away")
	}
	if took > 0 {
		text = rules.Msg("commands.pace.back.took", "Count", took)
	}
	r := ephemeral(text)
	if req.Kind == KindComponent {
		r.Type = ReplyUpdate
		r.Components = []discordgo.MessageComponent{}
	}
	return r, nil
}

// The messages of a successful /settings timezone or quiet (settings.go tells them apart by id).
const (
	paceDone    = "commands.pace.settings.done"
	paceDoneUTC = "commands.pace.settings.done-utc"
)

// paceSettings answers the timezone and quiet options of /settings.
func (s *Service) paceSettings(ctx context.Context, req Request) (Reply, error) {
	ps, ok := s.paceStore()
	if !ok {
		return ephemeral(rules.Msg("commands.pace.settings.unavailable")), nil
	}
	u, err := ps.UserPace(ctx, req.UserID)
	if err != nil {
		return Reply{}, err
	}
	u.UserID = req.UserID
	var done []string
	if tz, ok := req.Options["timezone"].(string); ok {
		loc, err := pace.Zone(tz)
		if err != nil {
			return ephemeral(rules.Msg("commands.pace.settings.bad-zone", "Error", err.Error())), nil
		}
		u.TZ = loc.String()
		done = append(done, rules.Msg("commands.pace.settings.zone", "Zone", u.TZ, "Now", s.paceNow().In(loc).Format("15:04")))
	}
	if q, ok := req.Options["quiet"].(string); ok {
		from, to, err := pace.ParseQuiet(q)
		if err != nil {
			return ephemeral(rules.Msg("commands.pace.settings.bad-quiet", "Error", err.Error())), nil
		}
		u.QuietFrom, u.QuietTo = from, to
		if from < 0 {
			done = append(done, rules.Msg("commands.pace.settings.no-quiet"))
		} else {
			done = append(done, rules.Msg("commands.pace.settings.quiet", "Hours", pace.QuietText(u)))
		}
	}
	if err := ps.SetUserPace(ctx, u); err != nil {
		return Reply{}, fmt.Errorf("pace settings: %w", err)
	}
	if u.TZ == "" && req.Options["quiet"] != nil {
		return ephemeral(rules.Msg("commands.pace.settings.done-utc", "Done", strings.Join(done, "; "))), nil
	}
	return ephemeral(rules.Msg("commands.pace.settings.done", "Done", strings.Join(done, "; "))), nil
}

// paceSettingsText describes the caller's time zone, quiet hours and absence for /settings.
func (s *Service) paceSettingsText(ctx context.Context, userID string) string {
	ps, ok := s.paceStore()
	if !ok {
		return ""
	}
	u, err := ps.UserPace(ctx, userID)
	if err != nil {
		return ""
	}
	tz := u.TZ
	if tz == "" {
		tz = rules.Msg("commands.pace.settings.utc")
	}
	text := "\n" + rules.Msg("commands.pace.settings.show", "Zone", tz, "Quiet", pace.QuietText(u))
	if until, away := pace.Away(u, s.paceNow()); away {
		text += "\n" + rules.Msg("commands.pace.settings.away", "Until", pace.Stamp(until))
	}
	return text
}

// autocompleteZones offers IANA time zones for /settings timezone, filtered by what was typed.
func (s *Service) autocompleteZones(req Request) Reply {
	typed, _ := req.Options[req.Focused].(string)
	typed = strings.ToLower(strings.TrimSpace(typed))
	r := Reply{Type: ReplyChoices, Choices: []*discordgo.ApplicationCommandOptionChoice{}}
	for _, z := range pace.CommonZones {
		if typed == "" || strings.Contains(strings.ToLower(z), typed) {
			r.Choices = append(r.Choices, &discordgo.ApplicationCommandOptionChoice{Name: z, Value: z})
		}
		if len(r.Choices) == selectOptions {
			break
		}
	}
	if len(r.Choices) == 0 && typed != "" {
		// Any IANA name is accepted, even one not in the short list.
		if loc, err := pace.Zone(typed); err == nil {
			r.Choices = append(r.Choices, &discordgo.ApplicationCommandOptionChoice{Name: loc.String(), Value: loc.String()})
		}
	}
	return r
}

// paceOptionDefs are the pace options of each /game new <game> subcommand.
func paceOptionDefs() []*discordgo.ApplicationCommandOption {
	choice := func(value, name string) *discordgo.ApplicationCommandOptionChoice {
		return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value}
	}
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: "pace", Description: rules.Msg("commands.pace.defs.pace"),
			Choices: []*discordgo.ApplicationCommandOptionChoice{
				choice("live", rules.Msg("commands.pace.defs.pace.live")),
				choice("fast", rules.Msg("commands.pace.defs.pace.fast")),
				choice("daily", rules.Msg("commands.pace.defs.pace.daily")),
				choice("weekly", rules.Msg("commands.pace.defs.pace.weekly"))}},
		{Type: discordgo.ApplicationCommandOptionString, Name: "custom",
			Description: rules.Msg("commands.pace.defs.custom"), MaxLength: 30},
		{Type: discordgo.ApplicationCommandOptionString, Name: "timeout", Description: rules.Msg("commands.pace.defs.timeout"),
			Choices: []*discordgo.ApplicationCommandOptionChoice{
				choice(pace.TimeoutWait, rules.Msg("commands.pace.defs.timeout.wait")),
				choice(pace.TimeoutVote, rules.Msg("commands.pace.defs.timeout.vote")),
				choice(pace.TimeoutAI, rules.Msg("commands.pace.defs.timeout.ai"))}},
		{Type: discordgo.ApplicationCommandOptionString, Name: "away", Description: rules.Msg("commands.pace.defs.away"),
			Choices: []*discordgo.ApplicationCommandOptionChoice{
				choice(pace.AwayPause, rules.Msg("commands.pace.defs.away.pause")),
				choice(pace.AwayAct, rules.Msg("commands.pace.defs.away.act"))}},
	}
}

// nudgeSubcommand is /game nudge.
func nudgeSubcommand() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "nudge",
		Description: rules.Msg("commands.pace.defs.nudge"),
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionUser, Name: "player",
			Description: rules.Msg("commands.pace.defs.nudge.player")}}}
}

// voteSubcommand is /game vote.
func voteSubcommand() *discordgo.ApplicationCommandOption {
	var topics []*discordgo.ApplicationCommandOptionChoice
	words := map[string]string{
		pace.VoteExtend:  rules.Msg("commands.pace.defs.vote.extend"),
		pace.VotePause:   rules.Msg("commands.pace.defs.vote.pause"),
		pace.VoteReplace: rules.Msg("commands.pace.defs.vote.replace"),
		pace.VoteEnd:     rules.Msg("commands.pace.defs.vote.end"),
		pace.VoteRematch: rules.Msg("commands.pace.defs.vote.rematch"),
	}
	for _, k := range pace.VoteKinds {
		topics = append(topics, &discordgo.ApplicationCommandOptionChoice{Name: words[k], Value: k})
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "vote",
		Description: rules.Msg("commands.pace.defs.vote"),
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "topic", Description: rules.Msg("commands.pace.defs.vote.topic"), Required: true, Choices: topics},
			{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: rules.Msg("commands.pace.defs.vote.player")}}}
}

// awayCommandDef is /away.
func awayCommandDef() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Name: "away", Description: rules.Msg("commands.pace.defs.away-command"),
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "until",
			Description: rules.Msg("commands.pace.defs.away-command.until"), MaxLength: 40}}}
}

// timezoneOption is /settings timezone.
func timezoneOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "timezone",
		Description: rules.Msg("commands.pace.defs.timezone"), Autocomplete: true, MaxLength: 64}
}

// quietOption is /settings quiet.
func quietOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "quiet",
		Description: rules.Msg("commands.pace.defs.quiet"), MaxLength: 20}
}

// lobbyPaceText is the pace sentence of a lobby ("" when the store keeps no pace).
func (s *Service) lobbyPaceText(ctx context.Context, gameID int64) string {
	if _, ok := s.paceStore(); !ok {
		return ""
	}
	gp, err := s.gamePace(ctx, gameID)
	if err != nil {
		s.log.WarnContext(ctx, "read pace", "game", gameID, "err", err)
		return ""
	}
	return paceLine(gp)
}

// paceStatus is /game status's pace sentence, deadlines and open votes.
func (s *Service) paceStatus(ctx context.Context, l *loaded) string {
	ps, ok := s.paceStore()
	if !ok {
		return ""
	}
	gp, err := s.gamePace(ctx, l.row.ID)
	if err != nil {
		return ""
	}
	text := "\n" + paceLine(gp) + s.clockLines(ctx, l)
	if vs, err := ps.Votes(ctx, l.row.ID, true); err == nil {
		for _, v := range vs {
			text += "\n" + rules.Msg("commands.pace.status.vote", "Vote", l.expand(pace.VoteSentence(v), nil), "When", pace.Stamp(v.Due))
		}
	}
	return text
}

// withNudge adds the Nudge button to a board's buttons.
func withNudge(cs []discordgo.MessageComponent, gameID int64) []discordgo.MessageComponent {
	if len(cs) == 0 {
		return cs
	}
	row, ok := cs[0].(discordgo.ActionsRow)
	if !ok || len(row.Components) >= 5 {
		return cs
	}
	row.Components = append(append([]discordgo.MessageComponent(nil), row.Components...),
		discordgo.Button{Label: rules.Msg("commands.pace.button.nudge"), Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "👋"},
			CustomID: CustomID{Action: ActNudge, Game: gameID}.String()})
	out := append([]discordgo.MessageComponent{row}, cs[1:]...)
	return out
}
