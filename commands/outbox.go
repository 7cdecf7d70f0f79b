package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// The outbox item kinds. Every Discord message that must survive a crash is queued in the
// store's outbox inside the move's transaction and delivered by package bot.
const (
	KindBoard  = "board"  // the public board after a move: payload boardPayload, target the channel
	KindDM     = "dm"     // a seat's private hand by DM: payload dmPayload, target the user
	KindNotice = "notice" // a plain public sentence: payload noticePayload, target the channel
)

type boardPayload struct {
	From int `json:"from"` // the version of the previous board (-1 for none)
	To   int `json:"to"`
	// New posts a new message rather than editing the last one: a new turn began
	// (rules.State.TurnNumber changed), so the player whose turn it is gets pinged. Everything
	// within one turn edits the turn's board in place (issue 25, "one living board per turn").
	New bool `json:"new"`
	// Quiet posts without pinging anyone (/board); a board item coalesced with a move's is not.
	Quiet bool `json:"quiet,omitempty"`
}

// dmPayload is one notice to a player: it became their turn or decision, or another player's move
// changed their private information, or both (one DM per event).
type dmPayload struct {
	Seat    rules.Seat `json:"seat"`
	Version int        `json:"version"`
	// Turn: the seat must act now and did not have to before.
	Turn bool `json:"turn,omitempty"`
	// Hand: the seat's private information changed (dealt, or changed by another seat's move).
	Hand bool `json:"hand,omitempty"`
	// By is the seat whose move caused the notice, rules.Observer (the game's start), or
	// unnamedSeat (a move the channel was not told the mover of).
	By rules.Seat `json:"by"`
	// Replaced: the recipient just took the seat over from another player (replace.go); the DM
	// goes out even when the seat keeps nothing private.
	Replaced bool `json:"replaced,omitempty"`
	// Answer: Turn within another player's turn (a defender, a bidder, a picker). The turn's
	// board is edited in place, and an edit pings nobody: this DM is the seat's notice, the one
	// that costs the channel nothing.
	Answer bool `json:"answer,omitempty"`
}

type notice struct {
	Text string `json:"text"`
}

func boardItem(row data.Game, from, to int, isNew, quiet bool) data.OutboxItem {
	b, _ := json.Marshal(boardPayload{From: from, To: to, New: isNew, Quiet: quiet})
	return data.OutboxItem{GameID: row.ID, Kind: KindBoard, Target: row.ChannelID, Payload: string(b)}
}

func dmItem(row data.Game, userID string, seat rules.Seat, version int, turn, hand bool, by rules.Seat) data.OutboxItem {
	return dmItemOf(row, userID, dmPayload{Seat: seat, Version: version, Turn: turn, Hand: hand, By: by})
}

func dmItemOf(row data.Game, userID string, p dmPayload) data.OutboxItem {
	b, _ := json.Marshal(p)
	return data.OutboxItem{GameID: row.ID, Kind: KindDM, Target: userID, Payload: string(b)}
}

// Before is what a move may change that players are told about: who must act, and each seat's
// private information. Take it with TakeBefore before applying the move (or batch).
type Before struct {
	version int
	turn    int
	active  []rules.Seat
	private []string
}

// TakeBefore records st's version, turn number, active seats and private texts.
func TakeBefore(st rules.State) Before {
	b := Before{version: st.Version(), turn: st.TurnNumber(), active: st.Active(), private: make([]string, st.Players())}
	for i := range b.private {
		b.private[i] = st.Private(rules.Seat(i))
	}
	return b
}

// moveOutbox returns the outbox items of a move (or a batch of moves) that actor made in l, whose
// state l.st is already the state after it: one board item — a new post when a new turn began
// (newTurn), else an edit of the turn's board — and at most one DM per other seat — when that
// seat must act now and did not before, or when its private information changed. The actor gets
// no DM: the reply to the move shows them their hand. A new turn of a game in a thread also
// schedules an edit of its status line in the parent channel (at once when the game ended; see
// Service.SetStatusEvery), and a seat that must now answer within the turn gets a call scheduled
// for later (call.go), by the times in at.
func (l *loaded) moveOutbox(actor rules.Seat, before Before, at schedule) []data.OutboxItem {
	st := l.st
	after := st.Active()
	fresh := newTurn(before, st)
	items := []data.OutboxItem{boardItem(l.row, before.version, st.Version(), fresh, false)}
	_, over := st.Outcome()
	if it, ok := statusItem(l.row, false); ok && fresh && threaded(l.row) {
		if !over {
			it.NextAt = at.status
		}
		items = append(items, it) // the status line in the parent channel follows the turns (thread.go)
	}
	if over {
		return items // the final board pings everyone
	}
	// The DMs name the mover only when the move was theirs alone to make: a secret move made at
	// the same time as others (Spice Merchant's registration, whose last one deals the new hands)
	// must not be tied to its player (issue 26).
	by := actor
	if len(before.active) > 1 {
		by = unnamedSeat
	}
	for i := range before.private {
		seat := rules.Seat(i)
		if seat == actor {
			continue
		}
		turn := slices.Contains(after, seat) && !slices.Contains(before.active, seat) && len(st.Legal(seat)) > 0
		p := st.Private(seat)
		hand := p != "" && p != before.private[i]
		if (turn || hand) && !IsAI(l.userOf(seat)) { // an AI seat is never DMed
			items = append(items, dmItemOf(l.row, l.userOf(seat), dmPayload{Seat: seat, Version: st.Version(),
				Turn: turn, Hand: hand, By: by, Answer: turn && !fresh}))
			if turn && !fresh {
				items = append(items, callItem(l.row, seat, st.TurnNumber(), st.Version(), at.call))
			}
		}
	}
	return items
}

// newTurn reports whether a new turn began between before and st: the turn number changed
// (rules.State.TurnNumber counts the players' turns; sub-steps of one turn — payments, picks,
// a defender's answer, an auction's bids — do not advance it), or the game ended. The turn's
// board is then posted anew, which pings whoever must act; within a turn it is edited in place.
func newTurn(before Before, st rules.State) bool {
	_, over := st.Outcome()
	return over || before.turn != st.TurnNumber()
}

func noticePayload(text string) string {
	b, _ := json.Marshal(notice{Text: text})
	return string(b)
}

// NoticeText returns the text of a KindNotice item: rules text (message markup, the names put
// in), a sentence kept in the outbox in no language. The sender translates it into the channel's
// language (Words().For(locale).Text), then cuts it to Discord's limit.
func NoticeText(item data.OutboxItem) (string, error) {
	var n notice
	if err := json.Unmarshal([]byte(item.Payload), &n); err != nil {
		return "", fmt.Errorf("notice payload of item %d: %w", item.ID, err)
	}
	return n.Text, nil
}

// BoardPost is a public board message: what just happened, who must act (with mentions), the
// board image and the "Your move" / "My hand" buttons.
type BoardPost struct {
	Content    string
	Components []discordgo.MessageComponent
	Image      Image
	Mentions   []string
	// New is true when the message must be posted anew (so the mentioned players are pinged);
	// otherwise the previous board message may be edited in place.
	New bool
	// From is the version before the first move the message reports; record it with a new post.
	From int
}

// BoardPost builds the board message for one or more queued KindBoard items of one game (they
// are coalesced: the board shows the current state and every log line since the oldest item's
// previous board). A board of moves pings the seats that must act; a board asked for with /board
// pings nobody; the final board is the results message and pings every player.
func (s *Service) BoardPost(ctx context.Context, gameID int64, items []data.OutboxItem) (BoardPost, error) {
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return BoardPost{}, err
	}
	if l.st == nil {
		return BoardPost{}, fmt.Errorf("board of game %d: the game has no state", gameID)
	}
	from, isNew, quiet := l.st.Version(), false, true
	for _, it := range items {
		var p boardPayload
		if err := json.Unmarshal([]byte(it.Payload), &p); err != nil {
			return BoardPost{}, fmt.Errorf("board payload of item %d: %w", it.ID, err)
		}
		from = min(from, p.From)
		isNew = isNew || p.New
		quiet = quiet && p.Quiet
	}
	st := l.st
	out, over := st.Outcome()
	isNew = isNew || over || l.row.BoardMessageID == ""
	if !isNew {
		// An edit in place keeps reporting every move since the message was first posted.
		from = min(from, l.row.BoardFrom)
	}
	away, err := s.standInSeats(ctx, gameID)
	if err != nil {
		return BoardPost{}, err
	}
	ping := map[rules.Seat]bool{}
	var mentions []string
	pinged := st.Active()
	if over {
		pinged = nil
		for i := 0; i < st.Players(); i++ {
			pinged = append(pinged, rules.Seat(i))
		}
	}
	for _, seat := range pinged {
		if away[seat] && !over {
			continue // the AI plays it: its absent owner is not pinged
		}
		ping[seat] = true
		if u := l.userOf(seat); u != "" && !IsAI(u) { // an AI seat is never pinged
			mentions = append(mentions, u)
		}
	}
	var b strings.Builder
	b.WriteString(rules.Msg("commands.board.head", "Game", l.title(), "Turn", st.TurnNumber()) + "\n")
	var lines []string
	for _, e := range st.Log(rules.Observer) {
		if e.Version > from {
			lines = append(lines, e.Text)
		}
	}
	maxLines := 6
	if over {
		maxLines = 3
	}
	if len(lines) > maxLines {
		b.WriteString("> " + rules.Msg("commands.board.earlier", "Count", len(lines)-maxLines) + "\n")
		lines = lines[len(lines)-maxLines:]
	}
	for _, ln := range lines {
		b.WriteString("> " + l.expand(ln, nil) + "\n")
	}
	loc := s.channelLang(ctx, l.row.ChannelID)
	if over {
		b.WriteString(l.resultsText(out, loc))
		var who []string
		for _, u := range mentions {
			who = append(who, "<@"+u+">")
		}
		b.WriteString("\n" + rules.Msg("commands.results.thanks", "Players", rules.List(who...)))
	} else {
		status := l.expand(st.Status(), ping)
		b.WriteString("➡️ " + status)
		// Mention every active seat, even if the status sentence does not name it.
		for _, seat := range st.Active() {
			if u := l.userOf(seat); u != "" && !IsAI(u) && !away[seat] && !strings.Contains(status, "<@"+u+">") {
				b.WriteString(" <@" + u + ">")
			}
		}
		for seat := range st.Players() {
			if away[rules.Seat(seat)] {
				b.WriteString("\n🤖 " + rules.Msg("commands.board.ai_plays", "Seat", l.expand(rules.SeatRef(rules.Seat(seat)), nil)))
			}
		}
	}
	clocks := ""
	if !over {
		clocks = s.clockLines(ctx, l) // deadlines (pace.go)
		b.WriteString(clocks)
	}
	if quiet && !over {
		mentions = nil
	}
	post := BoardPost{
		Content:  localizeText(loc, b.String(), maxContent),
		Image:    boardImage(l),
		Mentions: mentions,
		New:      isNew,
		From:     from,
	}
	localizeImage(loc, &post.Image)
	if !over {
		post.Components = boardButtons(l.row.ID, st.Version())
		if clocks != "" {
			post.Components = withNudge(post.Components, l.row.ID)
		}
	} else {
		post.Components = rematchButton(l.row.ID)
	}
	post.Components = s.withWebButton(ctx, l.row.ID, post.Components)
	localizeComponents(loc, post.Components)
	return post, nil
}

// boardButtons are the "Your move" and "My hand" buttons of a board at version.
func boardButtons(game int64, version int) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: rules.Msg("commands.board.your_move"), Style: discordgo.PrimaryButton, CustomID: CustomID{Action: ActYourMove, Game: game, Version: version}.String()},
		discordgo.Button{Label: rules.Msg("commands.board.my_hand"), Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActHand, Game: game}.String()},
		discordgo.Button{Label: rules.Msg("render.details.button"), Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActDetails, Game: game}.String()},
	}}}
}

// DirectMessage is a private message to one player: their turn, or their hand after another
// player's move changed it, with a link to the board.
type DirectMessage struct {
	UserID  string
	Content string
	// Image is the player's hand, or nil when the game keeps nothing private for them.
	Image *Image
	// Components are the "Your move" and "My hand" buttons: the decision menu works in the DM.
	Components []discordgo.MessageComponent
}

// DirectMessage builds the DM for a KindDM item from the game's current state. It returns false
// when the DM is no longer wanted: the player's notification level (/settings notify) and the
// game's pace do not call for it (dmWanted), the game is over or cancelled, the user no longer
// holds that seat, or the turn it announced has passed and their hand did not change.
func (s *Service) DirectMessage(ctx context.Context, item data.OutboxItem) (DirectMessage, bool, error) {
	var p dmPayload
	if err := json.Unmarshal([]byte(item.Payload), &p); err != nil {
		return DirectMessage{}, false, fmt.Errorf("dm payload of item %d: %w", item.ID, err)
	}
	set, err := s.store.Settings(ctx, item.Target)
	if err != nil {
		return DirectMessage{}, false, err
	}
	level := set.Level()
	if level == data.NotifyOff || IsAI(item.Target) {
		return DirectMessage{}, false, nil
	}
	l, err := s.load(ctx, "", item.GameID)
	if err != nil {
		return DirectMessage{}, false, err
	}
	if l.st == nil || l.row.Status != data.StatusPlaying || l.userOf(p.Seat) != item.Target {
		return DirectMessage{}, false, nil
	}
	if p.Turn && !(slices.Contains(l.st.Active(), p.Seat) && len(l.st.Legal(p.Seat)) > 0) {
		p.Turn = false // already played: the turn passed before the DM went out
	}
	if away, err := s.standInSeats(ctx, item.GameID); err != nil {
		return DirectMessage{}, false, err
	} else if away[p.Seat] {
		p.Turn = false // the AI plays it while its owner is away
	}
	private := l.st.Private(p.Seat)
	if !p.Turn && !p.Replaced && (!p.Hand || private == "") {
		return DirectMessage{}, false, nil
	}
	gp, err := s.gamePace(ctx, item.GameID)
	if err != nil {
		return DirectMessage{}, false, err
	}
	if !dmWanted(level, gp.Pace == "live", p, private != "") {
		if p.Hand && private != "" && p.By != rules.Observer {
			s.noteNews(ctx, item.GameID, p.Seat, p.By) // for the player's next reply
		}
		return DirectMessage{}, false, nil
	}
	if private != "" {
		s.takeNews(ctx, item.GameID, p.Seat) // this DM shows the hand: no news is left
	}
	var b strings.Builder
	b.WriteString(rules.Msg("commands.dm.head", "Game", l.title(), "Channel", "<#"+l.row.ChannelID+">", "Turn", l.st.TurnNumber()) + "\n")
	switch {
	case p.Replaced:
		b.WriteString(rules.Msg("commands.truth.dm.took_over", "Seat", seatWords(p.Seat)) + " ")
		if p.Turn {
			b.WriteString(rules.Msg("commands.dm.your_move") + " ")
		}
	case p.Turn && p.By == rules.Observer && len(l.st.Active()) == 1:
		b.WriteString(rules.Msg("commands.dm.you_go_first") + " ")
	case p.Turn && p.By == rules.Observer:
		// Several seats act at once (a simultaneous registration): nobody goes first.
		b.WriteString(rules.Msg("commands.truth.dm.started_your_move") + " ")
	case p.Turn:
		b.WriteString(rules.Msg("commands.dm.your_move") + " ")
	case p.By == unnamedSeat:
		b.WriteString(rules.Msg("commands.truth.dm.hand_changed") + " ")
	case p.By != rules.Observer:
		b.WriteString(rules.Msg("commands.dm.hand_changed", "Seat", l.expand(rules.SeatRef(p.By), nil)) + " ")
	default:
		b.WriteString(rules.Msg("commands.dm.started_hand") + " ")
	}
	b.WriteString(l.expand(l.st.Status(), nil))
	b.WriteString("\n" + rules.Msg("commands.dm.board_link", "Link", l.jumpLink()) + "\n")
	// Actionable: the board's buttons, which work in the DM (the game is in their custom_ids).
	dm := DirectMessage{UserID: item.Target, Components: boardButtons(l.row.ID, l.st.Version())}
	if private != "" {
		b.WriteString(l.expand(private, nil))
		dm.Image = &Image{View: l.st.View(p.Seat), Names: l.names(), Hand: true}
	}
	// In the recipient's language: the one last seen for them.
	loc := s.userLang(ctx, item.Target, "")
	dm.Content = localizeText(loc, b.String(), maxContent)
	if dm.Image != nil {
		localizeImage(loc, dm.Image)
	}
	localizeComponents(loc, dm.Components)
	return dm, true, nil
}

// jumpLink is the link to the game's board message, or to its channel before a board is posted.
func (l *loaded) jumpLink() string {
	guild := l.row.GuildID
	if guild == "" {
		guild = "@me"
	}
	link := "https://discord.com/channels/" + guild + "/" + l.row.ChannelID
	if l.row.BoardMessageID != "" {
		link += "/" + l.row.BoardMessageID
	}
	return link
}

// privateText is a seat's private summary headed with the game and where it is played (rules
// text: translate it, then cut it).
func (l *loaded) privateText(seat rules.Seat, where string) string {
	return rules.Msg("commands.truth.dm.private_head", "Game", l.title(), "Where", where, "Turn", l.st.TurnNumber(),
		"Seat", seatWords(seat)) + "\n" + l.expand(l.st.Private(seat), nil)
}

// ClosedDMNotice is the channel message telling a player that their DMs are closed: rules text,
// which the sender translates into the channel's language. The bot tries again the next time
// there is something to send, and says this again only after a DM got through.
func ClosedDMNotice(userID string) string {
	return rules.Msg("commands.dm.closed", "User", "<@"+userID+">")
}

// truncate shortens s to at most n bytes, ending with "…" when it had to cut. Rules text holding
// message markup is never cut (a cut would break the markup): it is cut once translated
// (localizeText).
func truncate(s string, n int) string {
	if len(s) <= n || strings.Contains(s, rules.MsgOpen) {
		return s
	}
	r := []rune(s)
	for len(string(r)) > n-1 {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}
