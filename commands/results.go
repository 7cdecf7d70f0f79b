package commands

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
)

// placeMarks are the marks of the first three places in the results.
var placeMarks = []string{"🥇", "🥈", "🥉"}

// resultsText is the end of a game: the places (winners first, then by score; equal results share
// a place), each score with its breakdown (Outcome.Details), the tie-break if one decided, and the
// length of the game. It is rules text for the reader of loc, who reads the tie-break and recap
// sentences trimmed in their language.
func (l *loaded) resultsText(out rules.Outcome, loc *lang.Localizer) string {
	names := l.names()
	n := len(out.Scores)
	won := make([]bool, n)
	for _, w := range out.Winners {
		if int(w) < n {
			won[w] = true
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	better := func(a, b int) bool {
		if won[a] != won[b] {
			return won[a]
		}
		return out.Scores[a] > out.Scores[b]
	}
	sort.SliceStable(order, func(i, j int) bool { return better(order[i], order[j]) })
	var b strings.Builder
	var winners []string
	for _, w := range out.Winners {
		winners = append(winners, "**"+escape(names[w])+"**")
	}
	if len(winners) == 1 {
		b.WriteString("🏁 " + rules.Msg("commands.results.winner", "Name", winners[0]) + "\n")
	} else {
		b.WriteString("🏁 " + rules.Msg("commands.results.shared", "Names", rules.List(winners...)) + "\n")
	}
	place := 0
	for i, seat := range order {
		if i == 0 || better(order[i-1], seat) {
			place = i
		}
		mark := fmt.Sprintf("%d.", place+1)
		if place < len(placeMarks) {
			mark = placeMarks[place]
		}
		fmt.Fprintf(&b, "%s %s — **%d**", mark, escape(names[seat]), out.Scores[seat])
		if seat < len(out.Details) && out.Details[seat] != "" {
			b.WriteString(" · " + l.expand(out.Details[seat], nil))
		}
		b.WriteString("\n")
	}
	if out.TieBreak != "" {
		rule := strings.TrimSuffix(loc.Text(l.expand(out.TieBreak, nil)), ".")
		b.WriteString(rules.Msg("commands.results.tie_break", "Rule", rule) + "\n")
	}
	if recap := l.recap(out, loc); recap != "" {
		b.WriteString(recap + "\n")
	}
	return b.String()
}

// recap is the game's own short recap (Outcome.Recap) in plain words in loc's language, one line
// each, or "".
func (l *loaded) recap(out rules.Outcome, loc *lang.Localizer) string {
	var lines []string
	for _, ln := range out.Recap {
		if ln = strings.TrimSpace(loc.Text(l.expand(ln, nil))); ln != "" {
			lines = append(lines, "• "+ln)
		}
	}
	return strings.Join(lines, "\n")
}

// rematchButton is the results message's button.
func rematchButton(game int64) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: rules.Msg("commands.results.rematch"), Style: discordgo.SuccessButton, Emoji: &discordgo.ComponentEmoji{Name: "🔁"},
			CustomID: CustomID{Action: ActRematch, Game: game}.String()},
	}}}
}

// rematch answers the Rematch button of a finished game: a player of it opens a lobby in the same
// channel with the same game, table size, variants and players (who may leave it).
func (s *Service) rematch(ctx context.Context, req Request, gameID int64) (Reply, error) {
	old, stop, err := s.loadHere(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if old.row.Status != data.StatusFinished {
		return ephemeral(rules.Msg("commands.results.not_over")), nil
	}
	if _, ok := old.seatOf(req.UserID); !ok {
		return ephemeral(rules.Msg("commands.results.not_player")), nil
	}
	if threaded(old.row) && req.ChannelID == old.row.LobbyChannelID {
		// Pressed on the status line in the parent channel: the new lobby's message is the reply
		// there, and the game is played in the same thread (issue 25).
		req.ChannelID, req.LobbyChannelID = old.row.ChannelID, old.row.LobbyChannelID
	}
	var others []data.Seat
	for _, st := range old.seats {
		if st.UserID != req.UserID {
			others = append(others, data.Seat{Seat: -1, UserID: st.UserID, Name: st.Name})
		}
	}
	if cur, err := s.load(ctx, req.ChannelID, 0); err == nil {
		if cur.row.Status == data.StatusLobby && cur.row.Game == old.row.Game {
			return ephemeral(rules.Msg("commands.results.lobby_open")), nil
		}
	} else if !errors.Is(err, data.ErrNoGame) {
		return Reply{}, err
	}
	l, stop, err := s.openLobby(ctx, req, old.game, len(old.seats), old.row.Options, others)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if err := s.copyPace(ctx, old.row.ID, l.row.ID); err != nil {
		return Reply{}, err
	}
	if l, err = s.load(ctx, "", l.row.ID); err != nil {
		return Reply{}, err
	}
	r := s.lobbyReply(l, ReplyMessage)
	var who []string
	for _, st := range others {
		if !IsAI(st.UserID) { // AI players are seated again without a ping
			who = append(who, "<@"+st.UserID+">")
		}
	}
	r.Content = "🔁 " + rules.Msg("commands.results.rematch_call", "User", "<@"+req.UserID+">", "Players", rules.List(who...)) + "\n" + r.Content
	r.Mentions = append(r.Mentions, humans(userIDs(others))...)
	r.LobbyOf = l.row.ID
	return r, nil
}
