package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
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
	From int  `json:"from"` // the version of the previous board (-1 for none)
	To   int  `json:"to"`
	New  bool `json:"new"` // post a new message (the active seats changed) rather than edit
}

type dmPayload struct {
	Seat    rules.Seat `json:"seat"`
	Version int        `json:"version"`
}

type notice struct {
	Text string `json:"text"`
}

func boardItem(row data.Game, from, to int, isNew bool) data.OutboxItem {
	b, _ := json.Marshal(boardPayload{From: from, To: to, New: isNew})
	return data.OutboxItem{GameID: row.ID, Kind: KindBoard, Target: row.ChannelID, Payload: string(b)}
}

func dmItem(row data.Game, userID string, seat rules.Seat, version int) data.OutboxItem {
	b, _ := json.Marshal(dmPayload{Seat: seat, Version: version})
	return data.OutboxItem{GameID: row.ID, Kind: KindDM, Target: userID, Payload: string(b)}
}

func noticePayload(text string) string {
	b, _ := json.Marshal(notice{Text: text})
	return string(b)
}

// NoticeText returns the text of a KindNotice item.
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
// previous board).
func (s *Service) BoardPost(ctx context.Context, gameID int64, items []data.OutboxItem) (BoardPost, error) {
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return BoardPost{}, err
	}
	if l.st == nil {
		return BoardPost{}, fmt.Errorf("board of game %d: the game has no state", gameID)
	}
	from, isNew := l.st.Version(), false
	for _, it := range items {
		var p boardPayload
		if err := json.Unmarshal([]byte(it.Payload), &p); err != nil {
			return BoardPost{}, fmt.Errorf("board payload of item %d: %w", it.ID, err)
		}
		from = min(from, p.From)
		isNew = isNew || p.New
	}
	st := l.st
	out, over := st.Outcome()
	isNew = isNew || over || l.row.BoardMessageID == ""
	if !isNew {
		// An edit in place keeps reporting every move since the message was first posted.
		from = min(from, l.row.BoardFrom)
	}
	ping := map[rules.Seat]bool{}
	var mentions []string
	for _, seat := range st.Active() {
		ping[seat] = true
		if u := l.userOf(seat); u != "" {
			mentions = append(mentions, u)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** · move %d\n", l.game.Name(), st.Version())
	var lines []string
	for _, e := range st.Log(rules.Observer) {
		if e.Version > from {
			lines = append(lines, e.Text)
		}
	}
	const maxLines = 6
	if len(lines) > maxLines {
		fmt.Fprintf(&b, "> …%d earlier lines (see `/log`)\n", len(lines)-maxLines)
		lines = lines[len(lines)-maxLines:]
	}
	for _, ln := range lines {
		b.WriteString("> " + l.expand(ln, nil) + "\n")
	}
	if over {
		b.WriteString(l.outcomeText(out))
	} else {
		status := l.expand(st.Status(), ping)
		b.WriteString("➡️ " + status)
		// Mention every active seat, even if the status sentence does not name it.
		for _, seat := range st.Active() {
			if u := l.userOf(seat); u != "" && !strings.Contains(status, "<@"+u+">") {
				b.WriteString(" <@" + u + ">")
			}
		}
	}
	post := BoardPost{
		Content:  truncate(b.String(), 2000),
		Image:    Image{View: st.View(rules.Observer), Names: l.names()},
		Mentions: mentions,
		New:      isNew,
		From:     from,
	}
	if !over {
		post.Components = boardButtons(l.row.ID, st.Version())
	} else {
		post.Components = []discordgo.MessageComponent{}
	}
	return post, nil
}

// boardButtons are the "Your move" and "My hand" buttons of a board at version.
func boardButtons(game int64, version int) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Your move", Style: discordgo.PrimaryButton, CustomID: CustomID{Action: ActYourMove, Game: game, Version: version}.String()},
		discordgo.Button{Label: "My hand", Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActHand, Game: game}.String()},
	}}}
}

// outcomeText is the final scores, winner and tie-break.
func (l *loaded) outcomeText(out rules.Outcome) string {
	names := l.names()
	var b strings.Builder
	var winners []string
	for _, w := range out.Winners {
		winners = append(winners, "**"+escape(names[w])+"**")
	}
	if len(winners) == 1 {
		fmt.Fprintf(&b, "🏁 **Game over!** %s wins", winners[0])
	} else {
		fmt.Fprintf(&b, "🏁 **Game over!** Shared victory: %s", strings.Join(winners, ", "))
	}
	if out.TieBreak != "" {
		fmt.Fprintf(&b, " (tie-break: %s)", out.TieBreak)
	}
	b.WriteString(".\n")
	order := make([]int, len(out.Scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return out.Scores[order[i]] > out.Scores[order[j]] })
	for _, seat := range order {
		fmt.Fprintf(&b, "%s — **%d**", escape(names[seat]), out.Scores[seat])
		if seat < len(out.Details) && out.Details[seat] != "" {
			b.WriteString(" · " + l.expand(out.Details[seat], nil))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// DirectMessage is a private message to one player: their hand after it changed.
type DirectMessage struct {
	UserID  string
	Content string
	Image   Image
}

// DirectMessage builds the DM for a KindDM item from the game's current state. It returns false if
// the game no longer needs it (cancelled, or the user no longer holds that seat).
func (s *Service) DirectMessage(ctx context.Context, item data.OutboxItem) (DirectMessage, bool, error) {
	var p dmPayload
	if err := json.Unmarshal([]byte(item.Payload), &p); err != nil {
		return DirectMessage{}, false, fmt.Errorf("dm payload of item %d: %w", item.ID, err)
	}
	l, err := s.load(ctx, "", item.GameID)
	if err != nil {
		return DirectMessage{}, false, err
	}
	if l.st == nil || l.row.Status == data.StatusCancelled || l.userOf(p.Seat) != item.Target {
		return DirectMessage{}, false, nil
	}
	return DirectMessage{
		UserID:  item.Target,
		Content: truncate(l.privateText(p.Seat, fmt.Sprintf("<#%s>", l.row.ChannelID)), 2000),
		Image:   Image{View: l.st.View(p.Seat), Names: l.names(), Hand: true},
	}, true, nil
}

// privateText is a seat's private summary headed with the game and where it is played.
func (l *loaded) privateText(seat rules.Seat, where string) string {
	return fmt.Sprintf("**%s** in %s · move %d · you are seat %d\n%s", l.game.Name(), where,
		l.st.Version(), int(seat)+1, l.expand(l.st.Private(seat), nil))
}

// ClosedDMNotice is the channel message telling a player once that their DMs are closed.
func ClosedDMNotice(userID string) string {
	return fmt.Sprintf("<@%s> I can't send you direct messages (your DMs are closed for this server), so I won't DM your hand. Use `/hand` or the **My hand** button instead; the game goes on.", userID)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	for len(string(r)) > n-1 {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}
