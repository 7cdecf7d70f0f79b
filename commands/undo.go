package commands

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// Undo (issue 11, item 5): a player may take back their own last move while nothing hidden was
// revealed, no die was rolled, no card was drawn (rules.State.Undoable, each game's rulings) and
// nobody else has acted since — the policy of BGA and Rally the Troops.
//
// The reply to a move carries an "Undo" button (sb1:undo/{game}/{version}/{count}: the version
// after the move and how many moves it played — a multi-select batch is taken back as one);
// `/game undo` does the same for the caller's last action. The game is rebuilt with rules.Replay
// from its move log without those moves, every one of which is checked again (replayed on the
// rebuilt state: each must leave Undoable true); the moves are archived and removed from the log,
// the event "{seat} took back their move." is recorded, and the channel gets a notice and the
// board — all in one transaction (data.Store.Undo). When the channel's log of the moves does not
// say who made them (a secret move made at the same time as others), the notice and the event say
// only "A move was taken back.", so that the undo does not tell who moved. A button made for another version (someone
// acted since, or the undo already happened) changes nothing and says so.

// undoTooLate is the answer to an undo after someone acted.
var undoTooLate = rules.Msg("commands.undo.too_late")

// undoNotYours is the answer when the last moves are not the caller's.
var undoNotYours = rules.Msg("commands.undo.not_yours")

// undoChance is the answer when a move drew, rolled or revealed something.
var undoChance = rules.Msg("commands.undo.chance")

// undoButton answers the Undo button on the reply to a move.
func (s *Service) undoButton(ctx context.Context, req Request, id CustomID) (Reply, error) {
	defer s.lock(id.Game)()
	l, seat, stop, err := s.loadSeat(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if l.st.Version() != id.Version {
		r := newMenu(l, seat).view(nil, undoTooLate)
		r.Type = ReplyUpdate
		return r, nil
	}
	return s.undo(ctx, req, l, seat, id.Page, id.Hash, ReplyUpdate)
}

// gameUndo answers /game undo: it takes back the caller's last action (the moves at the end of
// the log that they made at one time: one move, or a batch).
func (s *Service) gameUndo(ctx context.Context, req Request) (Reply, error) {
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
	moves, err := s.store.Moves(ctx, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	n := lastAction(moves, req.UserID, seat)
	if n == 0 {
		return ephemeral(undoNotYours), nil
	}
	return s.undo(ctx, req, l, seat, n, "", ReplyMessage)
}

// lastAction returns how many moves at the end of the log form the user's last action from
// seat: the moves made by them at the time of the last one (a batch is stored with one time), or
// 0 when the last move is not theirs.
func lastAction(moves []data.Move, userID string, seat rules.Seat) int {
	n := 0
	for i := len(moves) - 1; i >= 0; i-- {
		m := moves[i]
		if m.UserID != userID || m.Seat != int(seat) || !m.At.Equal(moves[len(moves)-1].At) {
			break
		}
		n++
	}
	return n
}

// undo takes back the last n moves of l, which seat (the caller) must have made, and answers with
// what was taken back and the caller's decision now (typ ReplyUpdate edits the message the button
// was on). hash, when not "", is movesHash of the moves the button was made for: other moves at
// the same version (taken back, then played anew) are not taken back. Any refusal changes nothing
// and says why.
func (s *Service) undo(ctx context.Context, req Request, l *loaded, seat rules.Seat, n int, hash string, typ ReplyType) (Reply, error) {
	refuse := func(text string) (Reply, error) {
		if typ == ReplyMessage {
			return ephemeral(text), nil
		}
		r := newMenu(l, seat).view(nil, text)
		r.Type = typ
		return r, nil
	}
	moves, err := s.store.Moves(ctx, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	prev := l.st.Version()
	if n < 1 || len(moves) < n || moves[len(moves)-1].Seq != prev {
		return refuse(undoTooLate)
	}
	for _, m := range moves[len(moves)-n:] {
		if m.UserID != req.UserID || m.Seat != int(seat) {
			return refuse(undoNotYours)
		}
	}
	if hash != "" && movesHash(data.Records(moves[len(moves)-n:])) != hash {
		return refuse(undoTooLate)
	}
	keep := moves[:len(moves)-n]
	base, err := rules.Replay(l.game, l.st.Players(), l.row.Options, l.row.Seed, data.Records(keep))
	if err != nil {
		return Reply{}, fmt.Errorf("undo in game %d: %w", l.row.ID, err)
	}
	// Play the moves again on a copy of the rebuilt state: each must be undoable.
	cp, err := copyState(l.game, base)
	if err != nil {
		return Reply{}, err
	}
	var labels []string
	var mvs []rules.Move
	for _, m := range moves[len(moves)-n:] {
		mv, err := l.game.ParseMove(m.Move)
		if err != nil {
			return Reply{}, fmt.Errorf("undo in game %d: move %d: %w", l.row.ID, m.Seq, err)
		}
		mvs = append(mvs, mv)
	}
	// The same rule as the promise made with the reply to the move (rules.PlayAction's verdict).
	_, undoable, err := rules.PlayAction(l.game, cp, seat, mvs, "", func(st rules.State, mv rules.Move) {
		lc := *l
		lc.st = st
		labels = append(labels, escape(plain(l.reader().Text(lc.expand(st.Describe(seat, mv).Label, nil)))))
	})
	if err != nil {
		return Reply{}, fmt.Errorf("undo in game %d: replay the moves: %w", l.row.ID, err)
	}
	if !undoable {
		return refuse(undoChance)
	}
	if d, ok := base.(rules.BatchDescriber); ok && len(mvs) > 1 {
		if text := d.DescribeBatch(seat, mvs); text != "" {
			labels = []string{escape(plain(l.reader().Text(l.expand(text, nil))))}
		}
	}
	if a, b := stateHashOrEmpty(cp), stateHashOrEmpty(l.st); a != b {
		s.log.WarnContext(ctx, "undo: the replayed state differs from the stored one", "game", l.row.ID, "version", prev)
	}
	state, err := rules.Marshal(base)
	if err != nil {
		return Reply{}, err
	}
	// Name the player only when the channel saw who moved: a secret move made at the same time
	// as others (Spice Merchant's registration) must not be tied to its player by its undo.
	named := namedSince(l.st, seat, base.Version())
	// The event is kept as rules text (a seat reference, a message): read in any language later.
	notice, eventText := "↩️ "+rules.Msg("commands.undo.taken_back"), rules.Msg("commands.undo.taken_back")
	if named {
		notice = "↩️ " + rules.Msg("commands.undo.took_back_their", "Seat", l.expand(rules.SeatRef(seat), nil))
		eventText = rules.Msg("commands.undo.took_back_their", "Seat", rules.SeatRef(seat))
	}
	before := TakeBefore(l.st)
	l.st = base
	outbox := l.moveOutbox(seat, before, s.schedule())
	// The board: edited in place within the turn, else posted anew — without pinging anyone (the
	// undoer knows; the others read the notice).
	outbox[0] = boardItem(l.row, base.Version(), base.Version(), newTurn(before, base), true)
	outbox = append(outbox, data.OutboxItem{GameID: l.row.ID, Kind: KindNotice, Target: l.row.ChannelID,
		Payload: noticePayload(notice)})
	event := data.Event{Kind: "undo", UserID: req.UserID, Text: eventText}
	_, err = s.store.Undo(ctx, l.row.ID, prev, n, req.UserID, state, event, outbox)
	switch {
	case errors.Is(err, data.ErrStale):
		return Reply{Type: typ, Ephemeral: true, Components: []discordgo.MessageComponent{}, Content: undoTooLate}, nil
	case errors.Is(err, data.ErrNotYours):
		return Reply{Type: typ, Ephemeral: true, Components: []discordgo.MessageComponent{}, Content: undoNotYours}, nil
	case err != nil:
		return Reply{}, fmt.Errorf("undo: %w", err)
	}
	s.log.InfoContext(ctx, "undo", "game", l.row.ID, "kind", l.game.ID(), "seat", int(seat), "version", base.Version(), "moves", n)
	s.changed(ctx, l.row.ID)

	note := "↩️ " + rules.Msg("commands.undo.you_took_back", "Moves", rules.List(labels...))
	var r Reply
	if len(base.Legal(seat)) > 0 {
		r = newMenu(l, seat).view(nil, note+"\n\n"+rules.Msg("commands.undo.decision_again"))
	} else {
		r = Reply{Ephemeral: true, Content: note, Components: []discordgo.MessageComponent{}}
	}
	// The action before, if it was the caller's too and may be taken back.
	if k := lastAction(keep, req.UserID, seat); k > 0 && base.Undoable() && l.actionUndoable(seat, keep, k) {
		r = withUndo(r, l.row.ID, base.Version(), k, movesHash(data.Records(keep[len(keep)-k:])))
	}
	r.Type, r.Nudge = typ, true
	return r, nil
}

// changed tells the long-game layer that a game changed outside a move (an undo, a replacement),
// so that it recomputes the seats' clocks.
func (s *Service) changed(ctx context.Context, gameID int64) { s.afterChange(ctx, gameID) }

// copyState returns a deep copy of st (through its JSON form).
func copyState(g rules.Game, st rules.State) (rules.State, error) {
	b, err := rules.Marshal(st)
	if err != nil {
		return nil, err
	}
	cp, err := g.Load(b)
	if err != nil {
		return nil, fmt.Errorf("copy %s state: %w", g.ID(), err)
	}
	return cp, nil
}

func stateHashOrEmpty(st rules.State) string {
	h, _ := StateHash(st)
	return h
}

// undoButtonLabel is the Undo button's label.
var undoButtonLabel = rules.Msg("commands.undo.button")

// movesHash is a short hash of moves (their seats and texts), for the Undo button's custom_id.
func movesHash(moves []rules.Record) string {
	h := fnv.New32a()
	for _, m := range moves {
		fmt.Fprintf(h, "%d\x00%s\x00", m.Seat, m.Move)
	}
	return strconv.FormatUint(uint64(h.Sum32()), 36)
}

// withUndo adds the Undo button for the last count moves (the state at version, hash their
// movesHash) to a reply: in a row of its own when there is room, else beside the last row's
// buttons, else a sentence names /game undo.
func withUndo(r Reply, game int64, version, count int, hash string) Reply {
	b := discordgo.Button{Label: undoButtonLabel, Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "⏪"},
		CustomID: CustomID{Action: ActUndo, Game: game, Version: version, Page: count, Hash: hash}.String()}
	cs := slices.Clone(r.Components)
	switch {
	case len(cs) < maxRows:
		r.Components = append(cs, discordgo.ActionsRow{Components: []discordgo.MessageComponent{b}})
		return r
	default:
		if row, ok := cs[len(cs)-1].(discordgo.ActionsRow); ok && len(row.Components) < maxButtons && allButtons(row) {
			row.Components = append(slices.Clone(row.Components), b)
			cs[len(cs)-1] = row
			r.Components = cs
			return r
		}
	}
	r.Content = r.Content + "\n" + rules.Msg("commands.undo.hint")
	return r
}

func allButtons(row discordgo.ActionsRow) bool {
	for _, c := range row.Components {
		if _, ok := c.(discordgo.Button); !ok {
			return false
		}
	}
	return true
}

// offerUndo adds the Undo button to the reply to a move (or batch) that seat just committed in l,
// when the game goes on and the last move may be taken back (the button checks every move of a
// batch again when pressed).
// undoable is rules.ApplyAction's verdict on the action.
func (l *loaded) offerUndo(r Reply, recs []rules.Record, undoable bool) Reply {
	if len(recs) == 0 || !undoable {
		return r
	}
	return withUndo(r, l.row.ID, l.st.Version(), len(recs), movesHash(recs))
}

// actionUndoable reports whether the last k moves of log, seat's last action, may be taken back:
// the verdict of the one undo rule (rules.PlayAction) on the game rebuilt before them. Errors read
// as "no" (no button is offered).
func (l *loaded) actionUndoable(seat rules.Seat, log []data.Move, k int) bool {
	st, err := rules.Replay(l.game, l.st.Players(), l.row.Options, l.row.Seed, data.Records(log[:len(log)-k]))
	if err != nil {
		return false
	}
	var mvs []rules.Move
	for _, m := range log[len(log)-k:] {
		mv, err := l.game.ParseMove(m.Move)
		if err != nil {
			return false
		}
		mvs = append(mvs, mv)
	}
	_, undoable, err := rules.PlayAction(l.game, st, seat, mvs, "", nil)
	return err == nil && undoable
}
