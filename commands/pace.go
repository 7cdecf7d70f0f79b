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
			return data.GamePace{}, fmt.Sprintf("Pick either a pace (`%s`) or a `custom` time, not both.", name)
		}
		var err error
		if p, err = pace.ParseCustom(custom); err != nil {
			return data.GamePace{}, "I can't use that custom pace: " + err.Error() + "."
		}
	case name == "" || name == "custom":
		if name == "custom" {
			return data.GamePace{}, "For a custom pace, write the time per decision in `custom`, like `2d`, `36h` or `2d+12h/7d` (2 days, +12 hours per move, at most 7 days banked)."
		}
		p, _ = pace.Preset("live")
	default:
		var ok bool
		if p, ok = pace.Preset(name); !ok {
			return data.GamePace{}, fmt.Sprintf("I don't know the pace %q: pick live, fast, daily or weekly, or write a `custom` time.", name)
		}
	}
	switch timeout {
	case pace.TimeoutWait, pace.TimeoutVote:
	case pace.TimeoutAI:
		if pc := s.getPacer(); pc == nil || !pc.HasAI() {
			return data.GamePace{}, "The AI can't stand in for late players on this bot. Pick `wait` or `vote` for `timeout`."
		}
	default:
		return data.GamePace{}, "Pick `wait`, `vote` or `ai` for `timeout`."
	}
	if away != pace.AwayPause && away != pace.AwayAct {
		return data.GamePace{}, "Pick `pause` or `act` for `away`."
	}
	if p.Live() && (req.Options["timeout"] != nil || req.Options["away"] != nil) {
		return data.GamePace{}, "A live game has no clock, so `timeout` and `away` don't apply: pick a pace (fast, daily, weekly or custom) with them."
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

var timeoutWords = map[string]string{
	pace.TimeoutWait: "the game waits",
	pace.TimeoutVote: "the table votes (extend, skip, substitute or end)",
	pace.TimeoutAI:   "the AI plays the seat until its player is back",
}

// paceLine is the lobby's and /game status's sentence about the pace: "Pace: daily: 1 day per
// decision …".
func paceLine(p data.GamePace) string {
	pc := pace.FromRow(p)
	if pc.Live() {
		return "Pace: live (no clock; `/game nudge` reminds a player who keeps the table waiting)."
	}
	away := "an absent player's clock pauses"
	if p.Away == pace.AwayAct {
		away = "an absent player's clock runs on"
	}
	return fmt.Sprintf("Pace: %s. When time runs out, %s; %s (`/away`).", pc.Describe(), timeoutWords[p.Timeout], away)
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
		return "\n⏸️ The clocks are paused by the table until the next move."
	}
	names := l.names()
	now := s.paceNow()
	var b strings.Builder
	for _, c := range cs {
		if c.Seat >= len(names) || c.TurnAt.IsZero() || c.Version != l.row.Version {
			continue
		}
		name := "**" + escape(names[c.Seat]) + "**"
		if c.Paused {
			fmt.Fprintf(&b, "\n⏸️ %s is away: their clock is paused (%s left).", name, pace.Words(c.Bank))
			continue
		}
		d, ok := pace.Deadline(pace.FromRow(gp), c)
		if !ok {
			continue
		}
		if now.Before(d) {
			fmt.Fprintf(&b, "\n⏰ %s: time runs out %s.", name, pace.Stamp(d))
		} else {
			fmt.Fprintf(&b, "\n⏰ %s: time ran out %s.", name, pace.Stamp(d))
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

// Reminder words a pace.KindReminder item from the game's current state. It returns false when
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
	head := func(private bool) string {
		var b strings.Builder
		who := "you"
		if !private {
			who = "<@" + item.Target + ">"
		}
		switch {
		case r.NudgeBy != "" && private:
			fmt.Fprintf(&b, "👋 <@%s> nudged you: **%s** in <#%s> waits for you", r.NudgeBy, l.game.Name(), l.row.ChannelID)
		case r.NudgeBy != "":
			fmt.Fprintf(&b, "👋 %s, <@%s> nudged you: this **%s** game waits for you", who, r.NudgeBy, l.game.Name())
		case private:
			fmt.Fprintf(&b, "⏰ Reminder: **%s** in <#%s> waits for you", l.game.Name(), l.row.ChannelID)
		default:
			fmt.Fprintf(&b, "⏰ %s, reminder: this **%s** game waits for you", who, l.game.Name())
		}
		if r.Waiting > 0 {
			fmt.Fprintf(&b, " (since <t:%d:R>)", r.Waiting)
		}
		b.WriteString(".\n" + l.expand(l.st.Status(), nil))
		if r.Deadline > 0 {
			if r.Late {
				fmt.Fprintf(&b, "\nYour time ran out %s.", pace.Stamp(time.Unix(r.Deadline, 0)))
			} else {
				fmt.Fprintf(&b, "\nYour time runs out %s.", pace.Stamp(time.Unix(r.Deadline, 0)))
			}
		}
		fmt.Fprintf(&b, "\n[Go to the board](%s) · away for a while? `/away`", l.jumpLink())
		return b.String()
	}
	digest := func(viewer rules.Seat) string {
		entries, more := pace.Digest(s.withEvents(ctx, l, l.st.Log(viewer)), r.Since, digestLines)
		if len(entries) == 0 {
			return ""
		}
		var b strings.Builder
		b.WriteString("\n**Since your last move:**")
		if more > 0 {
			fmt.Fprintf(&b, "\n> …%d earlier lines (see `/log`)", more)
		}
		for _, e := range entries {
			b.WriteString("\n> " + l.expand(e.Text, nil))
		}
		return b.String()
	}
	return ReminderMessage{
		UserID:    item.Target,
		DM:        truncate(head(true)+digest(r.Seat), 2000),
		ChannelID: l.row.ChannelID,
		Channel:   truncate(head(false)+digest(rules.Observer), 2000),
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

// PaceNotice words a pace.KindPace item. It returns false when it no longer matters (the game is
// over, or the seat acted meanwhile and no vote is open).
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
	switch n.Event {
	case pace.NoticeVoteExpired:
		v, err := s.vote(ctx, n.Vote)
		if err != nil {
			return PaceNotice{}, false, err
		}
		return PaceNotice{Content: "🗳️ " + l.expand(pace.VoteSentence(v), nil) + ": the vote expired without a majority; nothing changes."}, true, nil
	case pace.NoticeTimeout:
		var b strings.Builder
		fmt.Fprintf(&b, "⏰ %s's time for this decision ran out %s.", who, pace.Stamp(time.Unix(n.Deadline, 0)))
		out := PaceNotice{}
		if !IsAI(user) && user != "" {
			out.Mentions = []string{user}
			b.WriteString(" <@" + user + ">, the table is waiting for you.")
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
			b.WriteString(" This game waits for them. Others may `/game nudge` them (once a day) or `/game vote` to extend, pause, replace or end.")
		}
		out.Content = truncate(b.String(), 2000)
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

// choiceLabels are the buttons of the votes' choices.
var choiceLabels = map[string]string{
	pace.ChoiceExtend:     "Extend 24 h",
	pace.ChoiceSkip:       "Skip (pass)",
	pace.ChoiceSubstitute: "Find a substitute",
	pace.ChoiceAI:         "Let the AI play",
	pace.ChoiceEnd:        "End the game",
	pace.ChoiceYes:        "Yes",
	pace.ChoiceNo:         "No",
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
		bs = append(bs, discordgo.Button{Label: choiceLabels[c], Style: style,
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
	var b strings.Builder
	fmt.Fprintf(&b, "🗳️ %s? A strict majority (%d of %d players) decides", l.expand(pace.VoteSentence(v), nil), n/2+1, n)
	if !v.Due.IsZero() && v.Result == "" {
		fmt.Fprintf(&b, "; the vote closes %s", pace.Stamp(v.Due))
	}
	b.WriteString(".")
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
			fmt.Fprintf(&b, "\n• %s: %d (%s)", choiceLabels[c], len(counts[c]), strings.Join(counts[c], ", "))
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
		return ephemeral("Table votes are not available on this bot."), nil
	}
	l, stop, err := s.loadPlaying(ctx, req, 0)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral("This game is over; there is nothing to vote on. **Rematch** on the results opens a new lobby."), nil
	}
	me, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral("Only the game's players can open a vote."), nil
	}
	kind, _ := req.Options["topic"].(string)
	if !slices.Contains(pace.VoteKinds, kind) {
		return ephemeral("Pick what to vote on: extend, pause, replace, end or rematch."), nil
	}
	seat := -1
	if target, _ := req.Options["player"].(string); target != "" {
		ts, ok := l.seatOf(target)
		if !ok {
			return ephemeral(fmt.Sprintf("<@%s> is not playing in this game.", target)), nil
		}
		seat = int(ts)
	}
	switch kind {
	case pace.VoteReplace:
		if seat < 0 {
			return ephemeral("Tell me whose seat to hand to a substitute: pick them in `player`."), nil
		}
	case pace.VoteExtend:
		if seat >= 0 && !slices.Contains(l.st.Active(), rules.Seat(seat)) {
			return ephemeral("The game is not waiting for that player, so there is no deadline to extend."), nil
		}
	default:
		seat = -1
	}
	gp, err := s.gamePace(ctx, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	if (kind == pace.VoteExtend || kind == pace.VotePause) && pace.FromRow(gp).Live() {
		return ephemeral("This game is live: it has no clock to extend or pause."), nil
	}
	defer s.lock(l.row.ID)()
	now := s.paceNow()
	v := data.Vote{GameID: l.row.ID, Kind: kind, Seat: seat, Choices: []string{pace.ChoiceYes, pace.ChoiceNo},
		OpenedBy: req.UserID, OpenedAt: now, Version: l.row.Version, Due: now.Add(pace.VoteTTL(pace.FromRow(gp))),
		Ballots: map[int]string{int(me): pace.ChoiceYes}}
	ev := data.Event{Version: l.row.Version, Kind: "vote", UserID: req.UserID,
		Text: fmt.Sprintf("<@%s> opened a vote: %s.", req.UserID, pace.VoteSentence(v))}
	v, err = ps.OpenVote(ctx, v, nil, []data.Event{ev})
	if errors.Is(err, data.ErrVoteOpen) {
		return ephemeral("That vote is already open: find it above and press a button."), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if result, decided := pace.Tally(v, voteSeats(l)); decided {
		// A table of one human decides at once (the AI's seats count but don't vote).
		return s.decideVote(ctx, req, l, v, result)
	}
	r := Reply{Type: ReplyMessage, Content: fmt.Sprintf("<@%s> asks the table:\n", req.UserID) + s.voteText(l, v),
		Components: voteButtons(l.row.ID, v), Mentions: humans(userIDs(l.seats))}
	return r, nil
}

// ballot answers a vote button: the caller's seat votes for that choice; a majority decides.
func (s *Service) ballot(ctx context.Context, req Request, id CustomID) (Reply, error) {
	ps, ok := s.paceStore()
	if !ok {
		return ephemeral("Table votes are not available on this bot."), nil
	}
	l, stop, err := s.loadPlaying(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	me, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral("Only the game's players can vote."), nil
	}
	unlock := s.lock(l.row.ID)
	v, err := ps.VoteByID(ctx, int64(id.Version))
	if errors.Is(err, data.ErrNoVote) || (err == nil && v.GameID != l.row.ID) {
		unlock()
		return ephemeral("That vote is not one of this game's."), nil
	}
	if err != nil {
		unlock()
		return Reply{}, err
	}
	if v.Result != "" || l.row.Status != data.StatusPlaying {
		unlock()
		return ephemeral("This vote is closed. `/game vote` opens a new one."), nil
	}
	if id.Page < 0 || id.Page >= len(v.Choices) {
		unlock()
		return ephemeral("That button is not one of this vote's."), nil
	}
	choice := v.Choices[id.Page]
	if v.Kind == pace.VoteTimeout && int(me) == v.Seat {
		unlock()
		return ephemeral("This vote is about your seat, so the others decide. The quickest way out: make your move (**Your move** on the board)."), nil
	}
	v, err = ps.CastBallot(ctx, v.ID, int(me), choice)
	if errors.Is(err, data.ErrVoteClosed) {
		unlock()
		return ephemeral("This vote is closed. `/game vote` opens a new one."), nil
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
	outcome := "passed"
	if result == pace.ResultFailed {
		outcome = "failed"
	} else if v.Kind == pace.VoteTimeout {
		outcome = "decided: " + strings.ToLower(choiceLabels[result])
	}
	ev := data.Event{Version: l.row.Version, Kind: "vote-result", Text: fmt.Sprintf("%s — %s.", pace.VoteSentence(v), outcome)}
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
		return Reply{Type: typ, Content: "🗳️ " + what + ": this vote was already decided.", Components: none}, nil
	}
	s.log.InfoContext(ctx, "vote decided", "game", l.row.ID, "kind", v.Kind, "result", result)
	done := fmt.Sprintf("🗳️ %s: **%s**.", what, outcome)
	if result == pace.ResultFailed {
		return Reply{Type: typ, Content: done + " Nothing changes.", Components: none}, nil
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
		return Reply{Type: typ, Content: done + fmt.Sprintf(" The clock gets %s more.", pace.Words(pace.Extension)), Components: none, Nudge: true}, nil
	case pace.VotePause:
		if err := p.Pause(ctx, l.row.ID, nil); err != nil {
			return Reply{}, err
		}
		return Reply{Type: typ, Content: done + " Every clock stops until the next move.", Components: none}, nil
	case pace.VoteReplace, pace.ChoiceSubstitute:
		return Reply{Type: typ, Content: done + fmt.Sprintf(" Who takes %s's seat? Anyone not playing may press **Take this seat**: they get the seat's hand by DM and play on from here.", l.expand(rules.SeatRef(seat), nil)),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Take this seat", Style: discordgo.SuccessButton, CustomID: CustomID{Action: ActTake, Game: l.row.ID, Page: v.Seat}.String()},
			}}}}, nil
	case pace.ChoiceAI:
		if err := s.StandIn(ctx, l.row.ID, seat, "the table voted for it"); err != nil {
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
			return Reply{Type: typ, Content: done + " But that seat can't pass now (it moved, or the rules allow no pass here); nothing was played.", Components: none}, nil
		}
		label := plain(cur.expand(cur.st.Describe(seat, pass).Label, nil))
		r, err := s.commit(ctx, Request{Kind: KindComponent, GuildID: cur.row.GuildID, ChannelID: cur.row.ChannelID, UserID: req.UserID},
			cur, seat, []rules.Move{pass}, []string{label}, "", ReplyMessage)
		if err != nil {
			return Reply{}, err
		}
		if !r.Nudge {
			return Reply{Type: typ, Content: done + " Passing failed: " + r.Content, Components: none}, nil
		}
		return Reply{Type: typ, Content: done + fmt.Sprintf(" %s passes this time.", cur.expand(rules.SeatRef(seat), nil)), Components: none, Nudge: true}, nil
	case pace.VoteEnd: // also the timeout vote's choice "end"
		unlock := s.lock(l.row.ID)
		defer unlock()
		if err := s.store.Cancel(ctx, l.row.ID); err != nil && !errors.Is(err, data.ErrOver) {
			return Reply{}, fmt.Errorf("end by vote: %w", err)
		}
		s.afterChange(ctx, l.row.ID)
		return Reply{Type: typ, Content: done + " The game is over, without a result. `/game new` starts another.", Components: none}, nil
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
		r.Content = done + " This game ends here; the rematch lobby:\n" + r.Content
		r.Mentions = humans(userIDs(l.seats))
		return r, nil
	}
	return Reply{Type: typ, Content: done, Components: none}, nil
}

// takeSeat answers "Take this seat" after a vote to replace: a volunteer who is not playing takes
// the seat.
func (s *Service) takeSeat(ctx context.Context, req Request, id CustomID) (Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral("This game is over."), nil
	}
	if _, ok := l.seatOf(req.UserID); ok {
		return ephemeral("You already play in this game, so you can't take another seat."), nil
	}
	seat := rules.Seat(id.Page)
	old := l.userOf(seat)
	if old == "" {
		return ephemeral("That seat is not in this game."), nil
	}
	unlock := s.lock(l.row.ID)
	err = s.replaceSeat(ctx, l.row.ID, seat, req.UserID, req.UserName)
	unlock()
	if err != nil {
		if text, ok := refusalText(err); ok {
			return ephemeral(text), nil
		}
		return Reply{}, err
	}
	return Reply{Type: ReplyUpdate, Content: fmt.Sprintf("🪑 <@%s> took over %s's seat from <@%s>. Welcome! Your hand is on its way by DM (or press **My hand**).",
		req.UserID, l.expand(rules.SeatRef(seat), nil), old), Components: []discordgo.MessageComponent{}, Nudge: true, Mentions: []string{req.UserID}}, nil
}

// gameNudge answers /game nudge player:<user> and the board's Nudge button (no player: every
// seat the game has waited on long enough, except the caller's).
func (s *Service) gameNudge(ctx context.Context, req Request, gameID int64) (Reply, error) {
	p := s.getPacer()
	if p == nil {
		return ephemeral("Nudges are not available on this bot."), nil
	}
	l, stop, err := s.loadPlaying(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if l.row.Status != data.StatusPlaying {
		return ephemeral("This game is over."), nil
	}
	me, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral("Only the game's players can nudge."), nil
	}
	var targets []rules.Seat
	if target, _ := req.Options["player"].(string); target != "" {
		ts, ok := l.seatOf(target)
		if !ok {
			return ephemeral(fmt.Sprintf("<@%s> is not playing in this game.", target)), nil
		}
		if ts == me {
			return ephemeral("That's you: make your move (**Your move** on the board)."), nil
		}
		targets = []rules.Seat{ts}
	} else {
		for _, a := range l.st.Active() {
			if a != me && !IsAI(l.userOf(a)) {
				targets = append(targets, a)
			}
		}
		if len(targets) == 0 {
			return ephemeral("The game is waiting only for you (or for the AI): nobody to nudge."), nil
		}
	}
	var sent []string
	var why []string
	for _, t := range targets {
		name := l.expand(rules.SeatRef(t), nil)
		if IsAI(l.userOf(t)) {
			why = append(why, name+" is an AI: it never keeps you waiting for long")
			continue
		}
		err := p.Nudge(ctx, l.row.ID, t, req.UserID)
		var nr *pace.NudgeRefusal
		switch {
		case err == nil:
			sent = append(sent, name)
		case errors.Is(err, pace.ErrNotWaiting):
			why = append(why, "the game is not waiting for "+name)
		case errors.As(err, &nr) && nr.Reason == "again":
			why = append(why, fmt.Sprintf("%s was nudged less than a day ago; again <t:%d:R>", name, nr.At.Unix()))
		case errors.As(err, &nr):
			why = append(why, fmt.Sprintf("%s has not kept the table waiting long yet; you may nudge <t:%d:R>", name, nr.At.Unix()))
		default:
			return Reply{}, err
		}
	}
	var b strings.Builder
	if len(sent) > 0 {
		fmt.Fprintf(&b, "👋 Nudged %s: they get a reminder now (or when their quiet hours end).", joinAnd(sent))
	}
	if len(why) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Not nudged: " + strings.Join(why, "; ") + ".")
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
		return ephemeral("Absences are not available on this bot."), nil
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
			return ephemeral(fmt.Sprintf("You are away until %s. `/away until:off` when you are back.", pace.Stamp(until))), nil
		}
		return ephemeral("You are not away. `/away until:2026-12-24` (or `until:2w`) pauses your clocks until then."), nil
	}
	switch strings.ToLower(text) {
	case "off", "back", "no", "none", "i'm back", "im back":
		return s.back(ctx, req)
	}
	loc, err := pace.Zone(u.TZ)
	if err != nil {
		loc = time.UTC
	}
	until, err := pace.ParseUntil(text, now, loc)
	if err != nil {
		return ephemeral("I can't set that absence: " + err.Error() + ". Nothing was changed."), nil
	}
	games, err := p.SetAway(ctx, req.UserID, until)
	if err != nil {
		return Reply{}, err
	}
	r := ephemeral(fmt.Sprintf("🏖️ Have a good time! You are away until %s (in your time zone, %s). In your %d game%s under way, your clock pauses (where the game lets the timeout policy act instead, it says so on the board), and you get no reminders. Back early? Press **I'm back** or `/away until:off`.",
		pace.Stamp(until), loc.String(), len(games), plural(len(games))))
	r.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "I'm back", Style: discordgo.SuccessButton, CustomID: CustomID{Action: ActHome}.String()},
	}}}
	r.Nudge = true
	return r, nil
}

// back ends the caller's absence ("I'm back", /away until:off): their clocks run again and the AI
// gives back the seats it played for them.
func (s *Service) back(ctx context.Context, req Request) (Reply, error) {
	p := s.getPacer()
	if p == nil {
		return ephemeral("Absences are not available on this bot."), nil
	}
	games, err := p.SetAway(ctx, req.UserID, time.Time{})
	if err != nil {
		return Reply{}, err
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
	text := "👋 Welcome back! Your clocks run again."
	if took > 0 {
		text += fmt.Sprintf(" You took back %d seat%s from the AI.", took, plural(took))
	}
	r := ephemeral(text + " `/mygames` shows what waits for you.")
	if req.Kind == KindComponent {
		r.Type = ReplyUpdate
		r.Components = []discordgo.MessageComponent{}
	}
	return r, nil
}

// paceSettings answers the timezone and quiet options of /settings.
func (s *Service) paceSettings(ctx context.Context, req Request) (Reply, error) {
	ps, ok := s.paceStore()
	if !ok {
		return ephemeral("Time zones and quiet hours are not available on this bot."), nil
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
			return ephemeral(err.Error() + " Nothing was changed."), nil
		}
		u.TZ = loc.String()
		done = append(done, fmt.Sprintf("your time zone is %s (it is %s there now)", u.TZ, s.paceNow().In(loc).Format("15:04")))
	}
	if q, ok := req.Options["quiet"].(string); ok {
		from, to, err := pace.ParseQuiet(q)
		if err != nil {
			return ephemeral("I can't read those quiet hours: " + err.Error() + ". Nothing was changed."), nil
		}
		u.QuietFrom, u.QuietTo = from, to
		if from < 0 {
			done = append(done, "you have no quiet hours")
		} else {
			done = append(done, "no reminder or nudge reaches you during "+pace.QuietText(u)+"; it waits until they end")
		}
	}
	if err := ps.SetUserPace(ctx, u); err != nil {
		return Reply{}, fmt.Errorf("pace settings: %w", err)
	}
	text := "Done: " + strings.Join(done, "; ") + "."
	if u.TZ == "" && req.Options["quiet"] != nil {
		text += " Your quiet hours are read in UTC: set `/settings timezone:` too."
	}
	return ephemeral(text), nil
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
		tz = "UTC (not set)"
	}
	text := fmt.Sprintf("\nTime zone: %s · quiet hours: %s (`/settings timezone:` `quiet:22-7`).", tz, pace.QuietText(u))
	if until, away := pace.Away(u, s.paceNow()); away {
		text += fmt.Sprintf("\nYou are away until %s (`/away until:off` when back).", pace.Stamp(until))
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
	choices := func(names ...string) []*discordgo.ApplicationCommandOptionChoice {
		var out []*discordgo.ApplicationCommandOptionChoice
		for _, n := range names {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: n, Value: strings.SplitN(n, " ", 2)[0]})
		}
		return out
	}
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: "pace", Description: "How fast: live (no clock, default), fast, daily or weekly",
			Choices: choices("live (no clock)", "fast (4 h per decision, +1 h per move)", "daily (1 day per decision, +1 day per move)",
				"weekly (1 week per decision, +3 days per move)")},
		{Type: discordgo.ApplicationCommandOptionString, Name: "custom",
			Description: "Your own clock: time per decision [+ per move][/ most banked], e.g. 2d, 36h, 2d+12h/7d", MaxLength: 30},
		{Type: discordgo.ApplicationCommandOptionString, Name: "timeout", Description: "When someone's time runs out: wait (default), vote, or the AI plays",
			Choices: choices("wait (the game waits)", "vote (the others decide: extend, skip, substitute, end)", "ai (the AI plays the seat until they're back)")},
		{Type: discordgo.ApplicationCommandOptionString, Name: "away", Description: "A player away (/away): pause their clock (default) or let time run",
			Choices: choices("pause (their clock stops)", "act (their clock runs; the timeout policy acts)")},
	}
}

// nudgeSubcommand is /game nudge.
func nudgeSubcommand() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "nudge",
		Description: "Remind a player the game has waited on for a while (once a day each)",
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionUser, Name: "player",
			Description: "Whom to nudge (default: everyone the game waits on)"}}}
}

// voteSubcommand is /game vote.
func voteSubcommand() *discordgo.ApplicationCommandOption {
	var topics []*discordgo.ApplicationCommandOptionChoice
	words := map[string]string{pace.VoteExtend: "extend — give a late player 24 hours more", pace.VotePause: "pause — stop every clock until the next move",
		pace.VoteReplace: "replace — hand a seat to a substitute", pace.VoteEnd: "end — end the game without a result",
		pace.VoteRematch: "rematch — end this game and start again"}
	for _, k := range pace.VoteKinds {
		topics = append(topics, &discordgo.ApplicationCommandOptionChoice{Name: words[k], Value: k})
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "vote",
		Description: "Put a question to the table: a strict majority of the players decides",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "topic", Description: "What to vote on", Required: true, Choices: topics},
			{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: "The player it is about (extend, replace)"}}}
}

// awayCommandDef is /away.
func awayCommandDef() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Name: "away", Description: "Going away? Your clocks pause in every game until you're back",
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "until",
			Description: "The day you're back (2026-12-24), how long (2w, 5d), or off when you're back", MaxLength: 40}}}
}

// timezoneOption is /settings timezone.
func timezoneOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "timezone",
		Description: "Your time zone (for quiet hours and dates), e.g. Europe/Paris", Autocomplete: true, MaxLength: 64}
}

// quietOption is /settings quiet.
func quietOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "quiet",
		Description: "Quiet hours with no reminders, e.g. 22-7 or 23:30-08:00 (off: none)", MaxLength: 20}
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
			text += fmt.Sprintf("\n🗳️ Open vote: %s (closes %s).", l.expand(pace.VoteSentence(v), nil), pace.Stamp(v.Due))
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
		discordgo.Button{Label: "Nudge", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "👋"},
			CustomID: CustomID{Action: ActNudge, Game: gameID}.String()})
	out := append([]discordgo.MessageComponent{row}, cs[1:]...)
	return out
}
