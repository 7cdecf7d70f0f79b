package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// Limits of Discord's components (message components reference).
const (
	selectOptions = 25  // options per select menu, choices per autocomplete
	labelMax      = 100 // characters of an option label or a choice name
)

// autocompleteMoves lists the caller's legal moves for /play by their plain labels, filtered by
// what they typed (every word must appear in the label or the move text). When more than 25
// match, the first level of the decision menu where they differ is offered instead: each group
// is one choice ("Ship … 18 moves") whose value names the group, so nothing is hidden by the
// limit; typing more narrows, and sending a group opens the menu there.
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
	l.loc = s.userLang(ctx, req.UserID, req.Locale) // the labels are matched with what the user types
	typed, _ := req.Options[req.Focused].(string)
	words := strings.Fields(strings.ToLower(typed))
	m := newMenu(l, seat)
	match := func(lf leaf, path []int) bool {
		hay := strings.ToLower(m.labels[lf.move] + " " + m.moves[lf.move].String() + " " + m.crumbs(path))
		for _, w := range words {
			if !strings.Contains(hay, w) {
				return false
			}
		}
		return true
	}
	choice := func(name, value string) {
		r.Choices = append(r.Choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, labelMax), Value: value})
	}
	// Narrow level by level until the matches fit.
	lv, path := skip(m.root, nil)
	for {
		var found []leaf
		var groupOf []int
		for _, lf := range levelLeaves(lv) {
			if match(lf, join(path, lf.rel...)) {
				found = append(found, lf)
				groupOf = append(groupOf, lf.rel[0])
			}
		}
		if len(found) <= selectOptions {
			for _, lf := range found {
				choice(m.labels[lf.move], m.moves[lf.move].String())
			}
			return r, nil
		}
		counts := map[int]int{}
		var groups []int
		for _, g := range groupOf {
			if counts[g] == 0 {
				groups = append(groups, g)
			}
			counts[g]++
		}
		if len(groups) == 1 && lv.opts[groups[0]].child != nil {
			lv, path = skip(lv.opts[groups[0]].child, join(path, groups[0]))
			continue
		}
		if len(groups) > selectOptions || len(groups) == 1 {
			// A single level of more than 25 moves: the first 24, then a hint to type more.
			for _, lf := range found[:selectOptions-1] {
				choice(m.labels[lf.move], m.moves[lf.move].String())
			}
			choice(rules.Msg("commands.play.more", "N", len(found)-(selectOptions-1)), "?")
			return r, nil
		}
		for _, g := range groups {
			o := lv.opts[g]
			if counts[g] == 1 {
				for j, lf := range found {
					if groupOf[j] == g {
						choice(m.labels[lf.move], m.moves[lf.move].String())
					}
				}
				continue
			}
			choice(rules.Msg("commands.play.group", "Option", o.text, "N", counts[g]), o.text)
		}
		return r, nil
	}
}

// findGroup returns the path of the first level option (depth first) that leads further and
// whose words are text, ignoring case, or false.
func (m *menu) findGroup(text string) ([]int, bool) {
	text = strings.TrimSpace(text)
	var walk func(lv *level, path []int) ([]int, bool)
	walk = func(lv *level, path []int) ([]int, bool) {
		for k, o := range lv.opts {
			if o.child == nil {
				continue
			}
			if strings.EqualFold(o.text, text) {
				return join(path, k), true
			}
			if p, ok := walk(o.child, join(path, k)); ok {
				return p, true
			}
		}
		return nil, false
	}
	return walk(m.root, nil)
}

// playText plays the /play move option: a move's text form (what the autocomplete's choices
// carry), or a group of the autocomplete, which opens the decision menu there.
func (s *Service) playText(ctx context.Context, req Request, text string) (Reply, error) {
	text = strings.TrimSpace(text)
	row, _, err := s.store.Current(ctx, req.ChannelID)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(errNoGameText), nil
	}
	if err != nil {
		return Reply{}, err
	}
	defer s.lock(row.ID)()
	l, seat, stop, err := s.loadSeat(ctx, req, row.ID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if text == "" {
		return ephemeral(rules.Msg("commands.play.which")), nil
	}
	m := newMenu(l, seat)
	if text == "?" {
		return m.view(nil, ""), nil
	}
	if p, ok := m.findGroup(text); ok {
		return m.view(p, ""), nil
	}
	mv, err := l.game.ParseMove(text)
	if err != nil {
		return ephemeral(rules.Msg("commands.play.unreadable", "Text", strconv.Quote(truncate(rules.Plain(text), 60)), "Game", l.title())), nil
	}
	label := plain(l.reader().Text(l.expand(l.st.Describe(seat, mv).Label, nil)))
	return s.commit(ctx, req, l, seat, []rules.Move{mv}, []string{label}, "", ReplyMessage)
}

// loadSeat loads a game under way for a component or command and the caller's seat; a non-nil
// reply refuses (no game, not a player, the game is over).
func (s *Service) loadSeat(ctx context.Context, req Request, gameID int64) (*loaded, rules.Seat, *Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, gameID)
	if stop != nil || err != nil {
		return nil, rules.Observer, stop, err
	}
	seat, ok := l.seatOf(req.UserID)
	if !ok {
		r := ephemeral(rules.Msg("commands.play.not_playing"))
		return nil, rules.Observer, &r, nil
	}
	if _, over := l.st.Outcome(); over || l.row.Status == data.StatusFinished {
		r := ephemeral(rules.Msg("commands.play.over"))
		return nil, rules.Observer, &r, nil
	}
	l.loc = s.userLang(ctx, req.UserID, req.Locale) // the seat's menus and labels are for them
	return l, seat, nil, nil
}

// yourMove answers the board's "Your move" button with the first step of the clicker's decision
// menu.
func (s *Service) yourMove(ctx context.Context, req Request, id CustomID) (Reply, error) {
	l, seat, stop, err := s.loadSeat(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	note := ""
	if id.Version != l.st.Version() {
		note = rules.Msg("commands.menu.board_moved")
	}
	return s.withNews(ctx, l, seat, newMenu(l, seat).view(nil, note), false), nil
}

// decide answers a component of a decision menu: it shows another step, asks for a
// confirmation, or plays the move or batch picked. A menu made for other legal moves than the
// seat's now (another move landed, or this one already did) plays nothing and shows the current
// menu.
func (s *Service) decide(ctx context.Context, req Request, id CustomID) (Reply, error) {
	defer s.lock(id.Game)()
	l, seat, stop, err := s.loadSeat(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	m := newMenu(l, seat)
	update := func(r Reply) (Reply, error) {
		r.Type = ReplyUpdate
		return r, nil
	}
	if id.Hash != m.hash {
		return update(m.view(nil, rules.Msg("commands.menu.stale")))
	}
	lost := func() (Reply, error) {
		return update(m.view(nil, rules.Msg("commands.menu.lost")))
	}
	switch id.Action {
	case ActGo:
		return update(m.viewPage(id.Path, id.Page, ""))
	case ActAsk:
		_, o, ok := m.at(id.Path)
		if !ok || o == nil {
			return lost()
		}
		return update(m.confirm(id.Path, o))
	case ActDo:
		_, o, ok := m.at(id.Path)
		if !ok || o == nil {
			return lost()
		}
		return s.commit(ctx, req, l, seat, []rules.Move{m.moves[o.move]}, []string{m.labels[o.move]}, m.thens[o.move], ReplyUpdate)
	case ActSelect:
		if len(req.Values) != 1 {
			return update(m.view(id.Path, rules.Msg("commands.menu.pick_one")))
		}
		rel, ok := parsePath(req.Values[0])
		if !ok || len(rel) == 0 {
			return lost()
		}
		full := join(id.Path, rel...)
		_, o, ok := m.at(full)
		switch {
		case !ok:
			return lost()
		case o != nil:
			return s.commit(ctx, req, l, seat, []rules.Move{m.moves[o.move]}, []string{m.labels[o.move]}, m.thens[o.move], ReplyUpdate)
		default:
			return update(m.view(full, ""))
		}
	case ActMulti, ActMultiOK:
		lvPath, values := id.Path, req.Values
		if id.Action == ActMultiOK {
			// A confirmed batch: the level's path, then the picks (truth.go, multiConfirm).
			if id.Page < 0 || id.Page >= len(id.Path) {
				return lost()
			}
			lvPath, values = id.Path[:id.Page], nil
			for _, k := range id.Path[id.Page:] {
				values = append(values, strconv.Itoa(k))
			}
		}
		lv, _, ok := m.at(lvPath)
		if !ok || lv == nil || len(values) == 0 {
			return lost()
		}
		ks, twice, ok := multiPicks(lv, values)
		if !ok || len(ks) == 0 {
			return lost()
		}
		if mu := m.multiOf(lv.opts[ks[0]].move); twice || (mu != nil && (len(ks) < mu.Min || len(ks) > mu.Max)) {
			// Counts of one kind picked twice, or a total out of bounds: nothing is played.
			note := rules.Msg("commands.menu.count_twice")
			if !twice {
				note = rules.Msg("commands.menu.pick_range", "Min", max(mu.Min, 1), "Max", mu.Max)
			}
			return update(m.viewPage(lvPath, 0, note))
		}
		if id.Action == ActMulti {
			if r, ask := m.multiConfirm(lvPath, lv, ks); ask {
				return update(r)
			}
		}
		var (
			moves  []rules.Move
			labels []string
			multi  *rules.Multi
		)
		for _, k := range ks {
			o := lv.opts[k]
			if o.child != nil || m.multiOf(o.move) == nil {
				return lost()
			}
			if multi == nil {
				multi = m.multiOf(o.move)
			}
			moves = append(moves, m.moves[o.move])
			labels = append(labels, m.labels[o.move])
		}
		return s.commit(ctx, req, l, seat, moves, labels, multi.Then, ReplyUpdate)
	}
	return lost()
}

// commit plays moves for seat (one move, or a batch picked together followed by then when it is
// legal then, see rules.ApplyBatch) and stores them in one transaction with the new state and the
// outbox (one board update, DMs to the other players it concerns). Any refusal leaves the game and
// its log exactly as they were and says why. The reply names what was played, shows the seat's
// own changed hand (text and picture: no DM for one's own move), and the next decision if the
// seat has one.
func (s *Service) commit(ctx context.Context, req Request, l *loaded, seat rules.Seat, moves []rules.Move, labels []string, then string, typ ReplyType) (Reply, error) {
	before := TakeBefore(l.st)
	prev := l.st.Version()
	privBefore := l.st.Private(seat)
	refuse := func(err error) (Reply, error) {
		reason := rules.Reason(err)
		if reason == "" {
			return Reply{}, fmt.Errorf("apply %s move: %w", l.game.ID(), err)
		}
		reason = l.expand(reason, nil)
		if len(moves) > 1 {
			reason = rules.Msg("commands.play.nothing_played", "Reason", reason)
		}
		if typ == ReplyMessage {
			return ephemeral(reason), nil
		}
		r := newMenu(l, seat).view(nil, reason)
		r.Type = typ
		return r, nil
	}
	labels = l.batchLabels(seat, moves, labels)
	// The one undo rule (rules/undo.go) gives the verdict the reply promises.
	st, recs, undoable, err := rules.ApplyAction(l.game, l.st, seat, moves, then)
	if err != nil {
		return refuse(err)
	}
	l.st = st
	if l.st.Version() != prev+len(recs) {
		return Reply{}, fmt.Errorf("%s: %d moves took the version from %d to %d", l.game.ID(), len(recs), prev, l.st.Version())
	}
	state, err := rules.Marshal(l.st)
	if err != nil {
		return Reply{}, err
	}
	status := data.StatusPlaying
	if _, over := l.st.Outcome(); over {
		status = data.StatusFinished
	}
	stored := make([]data.Move, len(recs))
	for i, rec := range recs {
		stored[i] = data.Move{Seat: int(rec.Seat), Move: rec.Move, UserID: req.UserID}
	}
	_, err = s.store.CommitMoves(ctx, l.row.ID, prev, stored, state, l.st.Version(), status, l.moveOutbox(seat, before, s.schedule()))
	if errors.Is(err, data.ErrStale) {
		return Reply{Type: typ, Ephemeral: true, Components: []discordgo.MessageComponent{},
			Content: rules.Msg("commands.play.raced")}, nil
	}
	if err != nil {
		return Reply{}, fmt.Errorf("commit move: %w", err)
	}
	s.afterChange(ctx, l.row.ID) // the clocks follow who must act now
	if status == data.StatusFinished {
		s.gameOver(ctx, l.row.ID) // the players' ratings (stats.go)
	}
	s.log.InfoContext(ctx, "move", "game", l.row.ID, "kind", l.game.ID(), "seat", int(seat), "version", l.st.Version(), "moves", len(recs))

	var b strings.Builder
	esc := make([]string, len(labels))
	for i, l := range labels {
		esc[i] = escape(l)
	}
	b.WriteString(rules.Msg("commands.play.played", "Moves", rules.List(esc...)))
	var img *Image
	if p := l.st.Private(seat); p != "" && p != privBefore {
		b.WriteString("\n" + l.expand(p, nil))
		img = &Image{View: l.st.View(seat), Names: l.names(), Hand: true}
	}
	var r Reply
	if status == data.StatusPlaying && len(l.st.Legal(seat)) > 0 {
		b.WriteString("\n\n" + rules.Msg("commands.play.next_decision"))
		r = newMenu(l, seat).view(nil, b.String())
	} else {
		r = Reply{Ephemeral: true, Content: b.String(), Components: []discordgo.MessageComponent{}}
	}
	if status == data.StatusPlaying {
		r = l.offerUndo(r, recs, undoable)
	}
	r.Image = img
	if status == data.StatusPlaying {
		r = s.withNews(ctx, l, seat, r, true) // a hand changed meanwhile by another's move, no DM told
	}
	r.Type, r.Nudge = typ, true
	return r, nil
}
