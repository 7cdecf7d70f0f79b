package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// A thread per game (issue 25). /game new in a text or announcement channel opens the lobby
// there and the bot starts a public thread from the lobby message (ThreadWanted): the game is
// keyed by the thread's id (a thread is a channel), so one channel hosts many games at once, and
// its boards, log, votes and reminders go to the thread. The lobby message stays in the parent
// channel as the game's one status line, edited in place (KindStatus): the lobby, then "in
// progress, turn 14, Bob to play" with a link to the thread, then "finished: Carol wins" with a
// Rematch button. thread:off keeps the game in the channel; in a thread or forum post the game
// runs where it was created.

// KindStatus is the outbox kind that edits a game's lobby message in place to show where the
// game is (StatusPost): payload statusPayload, target the lobby message's channel.
const KindStatus = "status"

// ThreadArchiveMinutes is the auto-archive duration the bot gives a game's thread: the longest
// Discord allows (a week). A thread archived for inactivity is reopened by the bot's next post.
const ThreadArchiveMinutes = 10080

// maxThreadName is Discord's limit on a thread's name, in characters.
const maxThreadName = 100

type statusPayload struct {
	// Rename: the game started, the thread takes the players' names.
	Rename bool `json:"rename,omitempty"`
}

// StatusEvery is how long, by default, a game's status line in the parent channel waits before
// it shows a new turn: turns that come sooner are shown together by one edit, so a live game
// edits it a few times an hour rather than every turn (issue 25, Discord's budget). The start,
// the end and a cancellation are shown at once, and the line says when it was brought up to date.
const StatusEvery = 15 * time.Minute

// SetStatusEvery sets how long the status line waits before it shows a new turn (StatusEvery by
// default; 0: every turn at once), by the clock now of the outbox that sends it (nil: the
// service's own).
func (s *Service) SetStatusEvery(d time.Duration, now func() time.Time) {
	s.statusEvery, s.statusNow = max(d, 0), now
}

// schedule is when the outbox items a move schedules for later fall due, by the outbox's clock.
type schedule struct {
	status time.Time // the status line's next edit (StatusEvery)
	call   time.Time // a within-turn answerer's call (CallAfter)
}

// schedule is the times of the items a move queued now schedules.
func (s *Service) schedule() schedule {
	now := s.now
	if s.statusNow != nil {
		now = s.statusNow
	}
	t := now()
	return schedule{status: t.Add(s.statusEvery), call: t.Add(CallAfter)}
}

// statusItem is the outbox item that brings the game's status line up to date, or false when
// the game has no lobby message to edit.
func statusItem(row data.Game, rename bool) (data.OutboxItem, bool) {
	if row.LobbyMessageID == "" {
		return data.OutboxItem{}, false
	}
	target := row.LobbyChannelID
	if target == "" {
		target = row.ChannelID
	}
	b, _ := json.Marshal(statusPayload{Rename: rename})
	return data.OutboxItem{GameID: row.ID, Kind: KindStatus, Target: target, Payload: string(b)}, true
}

// threaded reports whether the game is played in a thread of its own whose status line is in the
// parent channel.
func threaded(row data.Game) bool {
	return row.LobbyChannelID != "" && row.LobbyChannelID != row.ChannelID
}

// ThreadWanted reports whether the bot starts a thread for this request before it is handled: a
// /game new in a text or announcement channel (not already a thread or forum post) without
// thread:off.
func ThreadWanted(req Request) bool {
	if req.Kind != KindCommand || req.Command != "game" || (req.Sub != "new" && req.Group != "new") {
		return false
	}
	if v, _ := req.Options["thread"].(string); v == "off" {
		return false
	}
	return req.Channel == ChannelText
}

// CheckNew answers a /game new that cannot open a lobby (an unknown game, a missing permission,
// a bad table size, variant, AI or pace option) without storing anything, so that the bot starts
// a thread only for a lobby that opens. It returns nil when the request is good.
func (s *Service) CheckNew(ctx context.Context, req Request) *Reply {
	_, stop := s.checkNew(req)
	if stop != nil {
		localizeReply(s.replyLang(ctx, req, *stop), stop)
	}
	return stop
}

// ThreadName is the name of the thread of a game opened with req: "Borneo · Ann", in the
// channel's language; it becomes "Borneo · Ann, Bob, Cy" when the game starts.
func (s *Service) ThreadName(ctx context.Context, req Request) string {
	id := req.Sub
	if req.Group == "" {
		id, _ = req.Options["game"].(string)
	}
	name := rules.Plain(id)
	if g, ok := s.reg.Get(id); ok {
		name = s.gameNameMsg(g)
	}
	loc := s.channelLang(ctx, req.ChannelID)
	if c, err := s.store.ChannelLanguage(ctx, req.ChannelID); err == nil && c.Locale() == "" {
		loc = s.words.For(req.GuildLocale) // a channel not seen yet reads its server's language
	}
	return cut(loc.Text(name)+" · "+req.UserName, maxThreadName)
}

// StatusPost is the content of a game's status line: its lobby message, edited in place.
type StatusPost struct {
	// ChannelID and MessageID are the lobby message.
	ChannelID, MessageID string
	Content              string
	Components           []discordgo.MessageComponent
	// ThreadName, when not "", is the new name of the game's thread.
	ThreadName string
}

// StatusPost builds the status line of a game for its queued KindStatus items, in the channel's
// language: the lobby with its buttons while it is open; "in progress" with the turn, who must
// act and a link to the game's channel while it is played (no buttons: they are in the thread);
// the result with a Rematch button once finished; "cancelled". It returns false when the game
// has no lobby message.
func (s *Service) StatusPost(ctx context.Context, gameID int64, items []data.OutboxItem) (StatusPost, bool, error) {
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return StatusPost{}, false, err
	}
	if l.row.LobbyMessageID == "" {
		return StatusPost{}, false, nil
	}
	rename := false
	for _, it := range items {
		var p statusPayload
		if err := json.Unmarshal([]byte(it.Payload), &p); err != nil {
			return StatusPost{}, false, fmt.Errorf("status payload of item %d: %w", it.ID, err)
		}
		rename = rename || p.Rename
	}
	post := StatusPost{ChannelID: l.row.LobbyChannelID, MessageID: l.row.LobbyMessageID, Components: []discordgo.MessageComponent{}}
	if post.ChannelID == "" {
		post.ChannelID = l.row.ChannelID
	}
	loc := s.channelLang(ctx, post.ChannelID)
	where := "<#" + l.row.ChannelID + ">"
	var text string
	switch {
	case l.row.Status == data.StatusLobby:
		r := s.lobbyReply(l, ReplyUpdate)
		text, post.Components = r.Content, r.Components
	case l.row.Status == data.StatusCancelled:
		text = rules.Msg("commands.calm.status.cancelled", "Game", l.title())
	case l.st == nil:
		return StatusPost{}, false, nil
	default:
		names := l.names()
		players := make([]string, len(names))
		for i, n := range names {
			players[i] = escape(n)
		}
		if out, over := l.st.Outcome(); over {
			var won []string
			for _, w := range out.Winners {
				won = append(won, "**"+escape(names[w])+"**")
			}
			text = rules.Msg("commands.calm.status.finished", "Game", l.title(), "Winners", rules.List(won...),
				"Count", len(won), "Where", where)
			if threaded(l.row) {
				post.Components = rematchButton(l.row.ID)
			}
		} else {
			text = rules.Msg("commands.calm.status.playing", "Game", l.title(), "Turn", l.st.TurnNumber(),
				"Status", l.expand(l.st.Status(), nil), "Where", where, "Unix", s.now().Unix())
		}
		text += "\n" + rules.Msg("commands.calm.status.players", "Players", strings.Join(players, ", "))
		if rename && threaded(l.row) {
			post.ThreadName = cut(loc.Text(l.title())+" · "+strings.Join(names, ", "), maxThreadName)
		}
	}
	post.Content = localizeText(loc, text, maxContent)
	localizeComponents(loc, post.Components)
	return post, true, nil
}

// threadOptionDef is /game new's thread option: on (the default in a text channel) or off.
func threadOptionDef() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "thread",
		Description: rules.Msg("commands.calm.defs.thread"),
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: rules.Msg("commands.calm.defs.thread.on"), Value: "on"},
			{Name: rules.Msg("commands.calm.defs.thread.off"), Value: "off"}}}
}
