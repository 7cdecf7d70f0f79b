package commands

import (
	"github.com/bwmarrin/discordgo"

	"strconv"
	"strings"

	"spicebot/rules"
)

// What a menu says about undo before a pick (issue 26, item 1): the verdict of rules.WouldUndo,
// the one undo rule (rules/undo.go) played on what the picker knows, so that the warning before
// a pick says what the reply after it will offer (⏪ Undo, or nothing) and what pressing Undo then
// does. A game's Describe (rules.Choice.Irreversible) is not consulted.

// irreversible reports whether picking move i alone (with its closing move, when it has one)
// can't be taken back. The verdict is computed once per menu.
func (m *menu) irreversible(i int) bool {
	then := m.thens[i]
	if mu := m.choices[i].Multi; mu != nil {
		then = mu.Then
	}
	return m.batchIrreversible([]int{i}, then)
}

// batchIrreversible reports whether picking the moves idx together, followed by then, can't be
// taken back (false when the batch would be refused).
func (m *menu) batchIrreversible(idx []int, then string) bool {
	var key strings.Builder
	moves := make([]rules.Move, len(idx))
	for j, i := range idx {
		key.WriteString(strconv.Itoa(i) + ",")
		moves[j] = m.moves[i]
	}
	key.WriteString(then)
	if v, ok := m.undo[key.String()]; ok {
		return !v
	}
	if m.undo == nil {
		m.undo = map[string]bool{}
	}
	// An action that is refused is not "irreversible": playing it says why, and changes nothing.
	v, err := rules.WouldUndo(m.l.game, m.l.st, m.seat, moves, then)
	m.undo[key.String()] = v || err != nil
	return !m.undo[key.String()]
}

// multiWarning is the note under a multi-pick of the options ks of lv, or "": "these can't be
// taken back" when every option can't be taken back by itself (a fight card shown: any batch
// holding one can't be either). Otherwise a batch's verdict may depend on which options are
// picked together (Batavia's ships laid out, then "done", which may move the merchant onto a
// face-down counter), so the pick that can't be taken back is confirmed once made
// (multiConfirm).
func (m *menu) multiWarning(lv *level, ks []int) string {
	for _, k := range ks {
		if !m.batchIrreversible([]int{lv.opts[k].move}, "") {
			return ""
		}
	}
	return "⚠️ " + rules.Msg("commands.menu.cannot_undo_these")
}

// multiConfirm is the confirmation asked after a multi-pick of the options ks of lv (at lvPath)
// when the batch, with its closing move, can't be taken back and the list's note did not say so
// (multiWarning); false when the batch is played at once.
func (m *menu) multiConfirm(lvPath []int, lv *level, ks []int) (Reply, bool) {
	var all []int
	var first *rules.Multi
	for k, o := range lv.opts {
		if o.child == nil && m.multiOf(o.move) != nil && (first == nil || *m.multiOf(o.move) == *first) {
			first = m.multiOf(o.move)
			all = append(all, k)
		}
	}
	mu := m.multiOf(lv.opts[ks[0]].move)
	idx := make([]int, len(ks))
	labels := make([]string, len(ks))
	for j, k := range ks {
		idx[j] = lv.opts[k].move
		labels[j] = escape(m.labels[idx[j]])
	}
	if len(all) == 0 || m.multiWarning(lv, all) != "" || !m.batchIrreversible(idx, mu.Then) {
		return Reply{}, false
	}
	text := rules.Msg("commands.menu.confirm", "Move", rules.List(labels...))
	ok := m.id(ActMultiOK, join(lvPath, ks...), len(lvPath))
	return Reply{Type: ReplyMessage, Ephemeral: true, Content: text, Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rules.Msg("commands.menu.confirm_button"), Style: discordgo.SuccessButton, CustomID: ok},
			discordgo.Button{Label: rules.Msg("commands.menu.back"), Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "↩️"}, CustomID: m.id(ActGo, lvPath, 0)},
		}},
	}}, true
}

// noteMarked explains the ⚠️ on the options of a list that can't be taken back.
var noteMarked = "⚠️ " + rules.Msg("commands.truth.menu.cannot_undo_marked")

// warnEmoji marks a list option that can't be taken back.
var warnEmoji = &discordgo.ComponentEmoji{Name: "⚠️"}

// unnamedSeat is a DM's "by" when the move was made while several seats could act at once, so
// that the table is not told who made it (dmPayload.By).
const unnamedSeat rules.Seat = -2

// namedSince reports whether the channel's log (rules.Observer) names seat in an entry after
// version: whether the table was told that seat made the moves since. A secret move made at the
// same time as others (Spice Merchant's registration) is not, and nothing the bot says about it
// — a DM to the others, an undo notice — may name its player (issue 26, item 2).
func namedSince(st rules.State, seat rules.Seat, version int) bool {
	for _, e := range st.Log(rules.Observer) {
		if e.Version > version && strings.Contains(e.Text, rules.SeatRef(seat)) {
			return true
		}
	}
	return false
}

// batchLabels returns the words of a batch seat plays from l's state: the game's one phrase for
// it when it has one (rules.BatchDescriber: "Lay out 3 British ships"), else labels, the moves'
// own.
func (l *loaded) batchLabels(seat rules.Seat, moves []rules.Move, labels []string) []string {
	d, ok := l.st.(rules.BatchDescriber)
	if !ok || len(moves) < 2 {
		return labels
	}
	if text := d.DescribeBatch(seat, moves); text != "" {
		return []string{plain(l.reader().Text(l.expand(text, nil)))}
	}
	return labels
}

// seatWords is a seat as a player reads it (issue 26, item 5): the order of play and the seat's
// colour in the images — "third (cyan)" — not "seat 3". The colours are the render kit's
// (render.PlayerColour, five that cycle), named by the catalogue messages
// "render.player.colour.N" (a test of package bot checks that they name the kit's palette).
func seatWords(seat rules.Seat) string {
	n := int(seat)
	order := rules.Msg("commands.truth.order.other", "N", n+1)
	if n < 5 {
		order = rules.Msg("commands.truth.order." + strconv.Itoa(n+1))
	}
	return rules.Msg("commands.truth.seat", "Order", order, "Colour", rules.Msg("render.player.colour."+strconv.Itoa(n%5)))
}
