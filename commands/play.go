package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// Limits of Discord's components (message components reference).
const (
	selectOptions  = 25 // options per select menu
	selectsPerPage = 4  // select menus per message page (the fifth row holds the page buttons)
	movesPerPage   = selectOptions * selectsPerPage
	labelMax       = 100 // characters of an option label or a choice name
)

// autocompleteMoves lists the caller's legal moves for /play, filtered by what they typed.
func (s *Service) autocompleteMoves(ctx context.Context, req Request) (Reply, error) {
	r := Reply{Type: ReplyChoices, Choices: []*discordgo.ApplicationCommandOptionChoice{}}
	l, err := s.load(ctx, req.ChannelID, 0)
	if errors.Is(err, data.ErrNoGame) {
		return r, nil
	}
	if err != nil || l.st == nil {
		return r, err
	}
	seat, ok := l.seatOf(req.UserID)
	if !ok {
		return r, nil
	}
	typed, _ := req.Options[req.Focused].(string)
	typed = strings.ToLower(strings.TrimSpace(typed))
	for _, m := range l.st.Legal(seat) {
		label := l.expand(l.st.Describe(seat, m).Label, nil)
		label = strings.ReplaceAll(label, "**", "")
		text := m.String()
		if typed != "" && !strings.Contains(strings.ToLower(label), typed) && !strings.Contains(strings.ToLower(text), typed) {
			continue
		}
		r.Choices = append(r.Choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(label, labelMax), Value: text})
		if len(r.Choices) == selectOptions {
			break
		}
	}
	return r, nil
}

// playText plays the /play move option.
func (s *Service) playText(ctx context.Context, req Request, text string) (Reply, error) {
	return s.play(ctx, req, 0, -1, strings.TrimSpace(text), ReplyMessage)
}

// playSelect plays the move picked in a move menu made at id.Version.
func (s *Service) playSelect(ctx context.Context, req Request, id CustomID, text string) (Reply, error) {
	return s.play(ctx, req, id.Game, id.Version, text, ReplyUpdate)
}

// play applies one move for the caller: under the game's lock it loads the state, checks the
// version the menu was made for (wantVersion, or -1 for /play), applies the move, and commits
// the move, the new state and the outbox (board post, DMs for changed hands) in one transaction.
// Any refusal leaves the game and its log exactly as they were.
func (s *Service) play(ctx context.Context, req Request, gameID int64, wantVersion int, text string, typ ReplyType) (Reply, error) {
	if gameID == 0 {
		row, _, err := s.store.Current(ctx, req.ChannelID)
		if errors.Is(err, data.ErrNoGame) {
			return ephemeral(errNoGameText), nil
		}
		if err != nil {
			return Reply{}, err
		}
		gameID = row.ID
	}
	defer s.lock(gameID)()
	l, stop, err := s.loadPlaying(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	seat, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral("You are not playing in this game, so you can't make moves. You can watch, or join the next one."), nil
	}
	if _, over := l.st.Outcome(); over || l.row.Status == data.StatusFinished {
		return ephemeral("This game is over. `/game new` starts another."), nil
	}
	if wantVersion >= 0 && wantVersion != l.st.Version() {
		stale, err := s.staleFor(ctx, l, seat, wantVersion)
		if err != nil {
			return Reply{}, err
		}
		if stale {
			r := s.movesMenu(l, seat, 0, "The board has moved on since that menu was made, so nothing was played.")
			r.Type = typ
			return r, nil
		}
	}
	if text == "" {
		return ephemeral("Tell me which move: start typing in `/play move:` and pick one from the list."), nil
	}
	m, err := l.game.ParseMove(text)
	if err != nil {
		return ephemeral(fmt.Sprintf("I can't read %q as a %s move. Pick one from the `/play` list or press **Your move**.", truncate(text, 60), l.game.Name())), nil
	}
	prev := l.st.Version()
	before := TakeBefore(l.st)
	label := l.st.Describe(seat, m).Label
	if err := l.st.Apply(seat, m); err != nil {
		reason := rules.Reason(err)
		if reason == "" {
			return Reply{}, fmt.Errorf("apply %s move: %w", l.game.ID(), err)
		}
		return ephemeral(l.expand(reason, nil)), nil
	}
	state, err := rules.Marshal(l.st)
	if err != nil {
		return Reply{}, err
	}
	status := data.StatusPlaying
	if _, over := l.st.Outcome(); over {
		status = data.StatusFinished
	}
	items := l.moveOutbox(seat, before)
	_, err = s.store.CommitMove(ctx, l.row.ID, prev, data.Move{Seat: int(seat), Move: m.String(), UserID: req.UserID},
		state, l.st.Version(), status, items)
	if errors.Is(err, data.ErrStale) {
		return ephemeral("Someone else's move landed first; nothing was played. Press **Your move** again."), nil
	}
	if err != nil {
		return Reply{}, fmt.Errorf("commit move: %w", err)
	}
	s.log.InfoContext(ctx, "move", "game", l.row.ID, "kind", l.game.ID(), "seat", int(seat), "version", l.st.Version())
	done := "You played: " + l.expand(label, nil) + "."
	var r Reply
	if len(l.st.Legal(seat)) > 0 && status == data.StatusPlaying {
		r = s.movesMenu(l, seat, 0, done+" Your next decision:")
	} else {
		r = Reply{Type: ReplyMessage, Ephemeral: true, Content: done, Components: []discordgo.MessageComponent{}}
	}
	r.Type, r.Nudge = typ, true
	return r, nil
}

// staleFor reports whether a menu made at version is out of date for seat: the seat has moved
// since, or the move picked is no longer legal (checked by Apply). Moves of other seats alone do
// not make it stale, so players acting at the same time (a simultaneous step) are all served in
// turn instead of being sent back to a fresh menu.
func (s *Service) staleFor(ctx context.Context, l *loaded, seat rules.Seat, version int) (bool, error) {
	if version > l.st.Version() {
		return true, nil
	}
	moves, err := s.store.Moves(ctx, l.row.ID)
	if err != nil {
		return false, fmt.Errorf("moves since version %d: %w", version, err)
	}
	for _, m := range moves {
		if m.Seq > version && m.Seat == int(seat) {
			return true, nil
		}
	}
	return false, nil
}

// yourMove answers the board's "Your move" button with a menu of the clicker's legal moves.
func (s *Service) yourMove(ctx context.Context, req Request, id CustomID) (Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	seat, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral("You are not playing in this game. You can watch; `/game new` after it ends to play the next."), nil
	}
	if _, over := l.st.Outcome(); over {
		return ephemeral("This game is over."), nil
	}
	note := ""
	if id.Version != l.st.Version() {
		note = fmt.Sprintf("The board has moved on (now at move %d; that board was at move %d).", l.st.Version(), id.Version)
	}
	return s.movesMenu(l, seat, 0, note), nil
}

// movesPage shows another page of the move menu.
func (s *Service) movesPage(ctx context.Context, req Request, id CustomID) (Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	seat, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral("You are not playing in this game."), nil
	}
	note := ""
	page := id.Page
	if id.Version != l.st.Version() {
		note, page = "The board has moved on; here are your moves now.", 0
	}
	r := s.movesMenu(l, seat, page, note)
	r.Type = ReplyUpdate
	return r, nil
}

// movesMenu is the ephemeral menu of seat's legal moves: up to four select menus of 25 options per
// page, and page buttons past that. note heads the message.
func (s *Service) movesMenu(l *loaded, seat rules.Seat, page int, note string) Reply {
	moves := l.st.Legal(seat)
	var b strings.Builder
	if note != "" {
		b.WriteString(note + "\n")
	}
	if len(moves) == 0 {
		b.WriteString("You have nothing to do right now. " + l.expand(l.st.Status(), nil))
		return Reply{Type: ReplyMessage, Ephemeral: true, Content: b.String(), Components: []discordgo.MessageComponent{}}
	}
	pages := (len(moves) + movesPerPage - 1) / movesPerPage
	if page >= pages {
		page = pages - 1
	}
	fmt.Fprintf(&b, "%s\nPick your move", l.expand(l.st.Status(), nil))
	if pages > 1 {
		fmt.Fprintf(&b, " (page %d of %d, %d moves)", page+1, pages, len(moves))
	}
	b.WriteString(":")
	v := l.st.Version()
	var rows []discordgo.MessageComponent
	chunk := moves[page*movesPerPage : min(len(moves), (page+1)*movesPerPage)]
	for i := 0; i < len(chunk); i += selectOptions {
		part := chunk[i:min(len(chunk), i+selectOptions)]
		opts := make([]discordgo.SelectMenuOption, len(part))
		for j, m := range part {
			label := strings.ReplaceAll(l.expand(l.st.Describe(seat, m).Label, nil), "**", "")
			opts[j] = discordgo.SelectMenuOption{Label: truncate(label, labelMax), Value: m.String()}
		}
		first := page*movesPerPage + i + 1
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{
				// Each menu on a page needs its own custom_id; the menu index rides in the page number.
				CustomID:    CustomID{Action: ActMoves, Game: l.row.ID, Version: v, Page: page*selectsPerPage + i/selectOptions}.String(),
				Placeholder: fmt.Sprintf("Moves %d–%d", first, first+len(part)-1),
				Options:     opts,
			},
		}})
	}
	if pages > 1 {
		var btns []discordgo.MessageComponent
		if page > 0 {
			btns = append(btns, discordgo.Button{Label: "◀ Previous", Style: discordgo.SecondaryButton,
				CustomID: CustomID{Action: ActPage, Game: l.row.ID, Version: v, Page: page - 1}.String()})
		}
		if page < pages-1 {
			btns = append(btns, discordgo.Button{Label: "Next ▶", Style: discordgo.SecondaryButton,
				CustomID: CustomID{Action: ActPage, Game: l.row.ID, Version: v, Page: page + 1}.String()})
		}
		rows = append(rows, discordgo.ActionsRow{Components: btns})
	}
	return Reply{Type: ReplyMessage, Ephemeral: true, Content: truncate(b.String(), 2000), Components: rows}
}
