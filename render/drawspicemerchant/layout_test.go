package drawspicemerchant

import (
	"fmt"
	"testing"

	"spicebot/lang"
	"spicebot/render"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// TestSpiceMerchantWordsFit: in every language, the words the layout places side by side fit
// without running into each other (issue 13: French is longer than English): each section's
// title and its note, the header's second line and the deck, and a seat row's second line and
// its goods sold.
func TestSpiceMerchantWordsFit(t *testing.T) {
	r := newRenderer(t)
	for _, tag := range lang.Languages {
		t.Run(tag, func(t *testing.T) {
			k := r.NewKitIn(tag, spicemerchant.Game, smNames)
			m := k.Canvas(1, 1)
			note := render.Style{Size: 11}
			title := render.Style{Size: 13, Bold: true}
			fits := func(what string, used, room float64) {
				t.Helper()
				if used > room {
					t.Errorf("%s: %.0f px of words in %.0f px", what, used, room)
				}
			}
			pair := func(ttl, nt string, w float64) {
				t.Helper()
				fits(fmt.Sprintf("%q beside %q", ttl, nt), m.Measure(ttl, title)+12+m.Measure(nt, note), w)
			}
			board, hand := float64(smInner-8), float64(smHandW-2*smHandMargin-4)
			pair(k.T("spice-merchant.board.markets"), k.T("spice-merchant.board.markets-note", "Occupied", 6, "Full", 2), board)
			for _, nt := range []string{k.T("spice-merchant.board.players-note"), k.T("spice-merchant.board.players-note-over"),
				k.T("spice-merchant.board.players-note-register", "Count", 4)} {
				pair(k.T("spice-merchant.board.players"), nt, board)
			}
			pair(k.T("spice-merchant.board.score-table"), k.T("spice-merchant.board.table-note"), board)
			pair(k.T("spice-merchant.board.hand-title", "Count", 14), k.T("spice-merchant.board.values-note"), hand)
			pair(k.T("spice-merchant.board.goods-title"), k.T("spice-merchant.board.goods-note"), hand)

			// The header: the second line ends before the deck (and the unsold goods at the end).
			for _, v := range []*spicemerchant.View{{SecretGoods: 2, DeckCount: 48}, {DeckCount: 48, DiscardCount: 12, Outcome: &rules.Outcome{}}} {
				left := smHeaderRight(k, k.Canvas(smW, smHeaderH), v)
				fits("header "+smHeaderSub(k, v), smHeaderSubX+m.Measure(smHeaderSub(k, v), note)+8, left)
			}

			// A seat row's second line, left of the goods sold (12, two digits).
			small := render.Style{Size: 13}
			sold := m.Measure(k.T("spice-merchant.board.goods-sold", "Count", 12), render.Style{Size: 12})
			room := float64(smInner-10) - sold - 8
			lx := 48 + 15 + m.Measure(k.T("spice-merchant.board.in-hand", "N", 7), small) + 14
			fits("registering row", lx+m.Measure(k.T("spice-merchant.board.secret-hidden"), small), room)
			longest := 0.0
			for _, sp := range smSpices {
				_, _, name := smSpice(k, sp.key)
				longest = max(longest, m.Measure(name, render.Style{Size: 13, Bold: true}))
			}
			turns := lx + 2*10 + 6 + m.Measure(k.T("spice-merchant.board.secret-count", "Count", 2), small) + 14 +
				m.Measure(k.T("spice-merchant.board.open"), small) + 4 + 31 + longest
			fits("row during turns", turns, room)
		})
	}
}
