// Package drawspicemerchant draws Spice Merchant's board and hand images (Drawer) from
// spicemerchant.View.
//
// # Words
//
// Every word drawn comes from the game's catalogue in the image's language (render.Kit.T,
// Kit.Expand): the ids "spice-merchant.board.…" for the image's own words, the spices' names
// (spice-merchant.spice.…) and two-letter labels (spice-merchant.board.abbr.…: Gi, Po, Ca, Mu,
// Cl, Sa in French), and the engine's rules text (status, last move, outcome). The layouts hold
// the longer French words: section notes, the header and the seat rows are measured in every
// language (TestSpiceMerchantWordsFit), the last round's sales wrap onto a second line, and the
// score table's name column widens to its longest name.
package drawspicemerchant

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"sort"
	"strconv"
	"strings"

	"spicebot/render"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// Spice Merchant board geometry, in pixels. The board is smW wide; sections are stacked top to
// bottom: header band, status, (final scores), markets, players, score table, legend.
const (
	smW      = 560
	smMargin = 10
	smInner  = smW - 2*smMargin
	smGap    = 8

	smHeaderH = 46
	smTitleH  = 22 // section title line

	smMarketCols = 3
	smMarketW    = (smInner - (smMarketCols-1)*smGap) / smMarketCols
	smMarketH    = 74
	smSlotW      = 22 // a demand card on a market
	smSlotH      = 28

	smSeatH      = 72 // a seat row with its last round's sales
	smSeatShortH = 54 // a seat row before the first round has ended

	smTableHeadH = 22
	smTableRowH  = 23
	smTableNameW = 192 // at least; wider when a spice's name and the "2 markets" mark need it
	smTableCardW = 50

	smLegendH = 88 // three rows: the spices wrap at 13 px

	// hand image
	smHandW      = 560
	smHandMargin = 12
	smCardW      = 66
	smCardH      = 92
	smCardGap    = 4  // between cards of one spice
	smGroupGap   = 12 // between spices
)

// smSpices are the six spices in the rules' order with their colours. Their names
// (spice-merchant.spice.<key>) and two-letter labels (spice-merchant.board.abbr.<key>) are words
// of the game's catalogue. Black pepper, cinnamon, nutmeg and clove have Borneo's colours, so a
// spice looks the same in both games.
var smSpices = [spicemerchant.NumSpices]struct {
	key    string
	colour color.RGBA
}{
	{"ginger", color.RGBA{0xee, 0xc1, 0x3a, 0xff}},
	{"pepper", color.RGBA{0x3a, 0x36, 0x33, 0xff}},
	{"cinnamon", color.RGBA{0xc8, 0x6a, 0x2c, 0xff}},
	{"nutmeg", color.RGBA{0xb8, 0x9b, 0x5e, 0xff}},
	{"clove", color.RGBA{0x7b, 0x3f, 0x98, 0xff}},
	{"saffron", color.RGBA{0xc6, 0x28, 0x28, 0xff}},
}

// Drawer draws Spice Merchant boards and hands from spicemerchant.View; register it with
// spicemerchant.Game in package spicebot/games.
var Drawer = render.Views(palette(), spiceMerchantBoard, spiceMerchantHand)

// palette returns the colours Spice Merchant's images are painted with (see
// render.NewPalette): the spices' colours and the shades drawn from them.
func palette() *render.Palette {
	fills := []color.Color{unknownSpice, render.Lighten(render.ColBand, 0.3), render.Lighten(render.ColAlert, 0.9)}
	for _, sp := range smSpices {
		fills = append(fills, sp.colour, render.Darken(sp.colour, 0.35))
	}
	return render.NewPalette(fills...)
}

// unknownSpice is the colour of a spice the drawer does not know.
var unknownSpice = color.RGBA{0xa0, 0xa0, 0xa0, 0xff}

// sprite names a cached sprite of this package: its shape and size in pixels.
type sprite struct {
	shape string
	w, h  float64
}

// smSpice returns the colour, two-letter label and name of a spice key ("pepper") in the
// image's language; an unknown key is grey, labelled with its first two letters and named by
// its key.
func smSpice(k *render.Kit, key string) (color.RGBA, string, string) {
	for _, sp := range smSpices {
		if key == sp.key {
			return sp.colour, k.T("spice-merchant.board.abbr." + key), k.T("spice-merchant.spice." + key)
		}
	}
	label := key
	if r := []rune(key); len(r) > 2 {
		label = strings.ToUpper(string(r[:1])) + string(r[1:2])
	}
	return unknownSpice, label, key
}

// smSpiceIndex returns the position of a spice key in smSpices, or len(smSpices) if unknown
// (unknown spices sort last).
func smSpiceIndex(key string) int {
	for i, sp := range smSpices {
		if key == sp.key {
			return i
		}
	}
	return len(smSpices)
}

// smSeatPublic is what the board shows of one seat, taken from public fields only. During secret
// registration a seat's own view counts its registered goods apart from its hand while the
// others see the hand from before registering; the board shows everyone the latter, so the
// board is the same from every view and never tells who has registered.
type smSeatPublic struct {
	hand, secret int
	registering  bool
}

func smPublicSeat(v *spicemerchant.View, sv *spicemerchant.SeatView) smSeatPublic {
	if v.Phase == spicemerchant.PhaseRegister {
		return smSeatPublic{hand: sv.HandCount + sv.SecretCount, registering: true}
	}
	return smSeatPublic{hand: sv.HandCount, secret: sv.SecretCount}
}

// smMarketsH is the height of the markets section: title and two rows of three.
const smMarketsH = smTitleH + 2*smMarketH + smGap

// smTableH is the height of the score-table section.
const smTableH = smTitleH + smTableHeadH + spicemerchant.NumSpices*smTableRowH + 8

// spiceMerchantBoard draws the public board of a Spice Merchant view (see Renderer.Board). It
// uses only public fields, so every seat's view and the observer's give the same image.
func spiceMerchantBoard(k *render.Kit, v *spicemerchant.View) (image.Image, error) {
	n := max(len(v.Seats), v.Players)
	if n == 0 || len(v.Seats) == 0 {
		return nil, errors.New("render spice merchant board: view has no seats")
	}
	display, initials := k.SeatLabels(n)

	m := k.Canvas(1, 1) // text metrics only
	over := v.Outcome != nil
	status, last := k.StatusText(v.Status, v.LastMove, over)
	statusH := render.StatusHeight(m, smInner, status, last)
	var outcomeH float64
	if over {
		outcomeH = smOutcomeHeight(k, m, v, display)
	}
	col := render.Column{W: smW, HeaderH: smHeaderH, Gap: smGap, Margin: smMargin, Header: func(c *render.Canvas) { smHeader(k, c, v) }}
	return k.Stack(col, []render.Panel{
		{H: statusH, Draw: func(c *render.Canvas, top float64) {
			render.StatusPanel(c, smMargin, top, smInner, statusH, status, last, over)
		}},
		{H: outcomeH, Draw: func(c *render.Canvas, top float64) { smOutcome(k, c, v, display, initials, top, outcomeH) }},
		{H: smMarketsH, Draw: func(c *render.Canvas, top float64) { smMarkets(k, c, v, top) }},
		{H: smTitleH + float64(len(v.Seats)*(smSeatRowH(k, m, v)+4)) - 4, Draw: func(c *render.Canvas, top float64) {
			smSeats(k, c, v, display, initials, top)
		}},
		{H: smTableH, Detail: true, Draw: func(c *render.Canvas, top float64) { smTable(k, c, v, top) }},
		{H: smLegendH, Detail: true, Draw: func(c *render.Canvas, top float64) {
			c.Blit(k.Layer("spicemerchant/legend", smInner, smLegendH, render.ColPaper, func(c *render.Canvas) { paintSMLegend(k, c) }),
				smMargin, int(top))
		}},
	}), nil
}

// smHeader draws the title band: the round (1–4, with a pip per round), the secret goods each
// player registers this round, and the deck count (and the unsold goods once the game is over).
func smHeader(k *render.Kit, c *render.Canvas, v *spicemerchant.View) {
	// The band is cached by key alone: the key names the language of its title.
	k.TitleBand(c, "spicemerchant/header/"+k.Lang(), smW, smHeaderH, k.T("spice-merchant.board.title"), 21)
	soft := render.Lighten(render.ColBand, 0.6)
	x := 222.0
	x += c.Text(k.T("spice-merchant.board.round"), x, smHeaderH/2-7, 0, render.Style{Size: 12, Colour: soft}) + 5
	x += c.Text(fmt.Sprintf("%d/%d", v.Round, spicemerchant.Rounds), x, smHeaderH/2-7, 0, render.Style{Size: 17, Bold: true, Colour: render.ColBandText}) + 8
	for k := 1; k <= spicemerchant.Rounds; k++ {
		fill := render.Lighten(render.ColBand, 0.3)
		if k <= v.Round {
			fill = render.ColGold
		}
		c.DrawCircle(x+5+float64(k-1)*13, smHeaderH/2-7, 4.5)
		c.SetColor(fill)
		c.Context.Fill()
	}
	smHeaderRight(k, c, v)
	c.Text(smHeaderSub(k, v), smHeaderSubX, smHeaderH-11, 0, render.Style{Size: 11, Colour: soft})
}

// smHeaderSubX is where the header's second line starts: the secret goods each player registers.
const smHeaderSubX = 222

// smHeaderSub is the header's second line: the secret goods each registers, or the game's end.
func smHeaderSub(k *render.Kit, v *spicemerchant.View) string {
	if v.Outcome != nil {
		return k.T("spice-merchant.board.game-over")
	}
	return k.T("spice-merchant.board.secret-each", "Count", v.SecretGoods)
}

// smHeaderRight draws the right of the header, the deck (and the unsold goods once the game is
// over), and returns its left edge: the header's second line must end before it.
func smHeaderRight(k *render.Kit, c *render.Canvas, v *spicemerchant.View) float64 {
	soft := render.Lighten(render.ColBand, 0.6)
	rx := float64(smW - 12)
	if v.Outcome != nil {
		rx -= c.Text(strconv.Itoa(v.DiscardCount), rx, smHeaderH/2-1, 1, render.Style{Size: 20, Bold: true, Colour: render.ColBandText}) + 4
		rx -= c.Text(k.T("spice-merchant.board.unsold"), rx, smHeaderH/2, 1, render.Style{Size: 13, Colour: soft}) + 14
	}
	rx -= c.Text(strconv.Itoa(v.DeckCount), rx, smHeaderH/2-1, 1, render.Style{Size: 20, Bold: true, Colour: render.ColBandText}) + 4
	rx -= c.Text(k.T("spice-merchant.board.deck"), rx, smHeaderH/2, 1, render.Style{Size: 13, Colour: soft}) + 6
	smCardBack(c, rx-16, smHeaderH/2-11, 16, 22)
	return rx - 16
}

// smCardBack draws a face-down spice card of w×h at (x, y) (a cached sprite): the back of the
// deck and of secret goods.
func smCardBack(c *render.Canvas, x, y, w, h float64) {
	c.Sprite(sprite{"back", w, h}, x, y, w, h, func(s *render.Canvas, x, y float64) {
		s.DrawRoundedRectangle(x, y, w, h, 3)
		s.SetColor(color.RGBA{0x8a, 0x3b, 0x2a, 0xff})
		s.FillPreserve()
		s.SetLineWidth(1)
		s.SetColor(render.ColCard)
		s.Stroke()
		s.DrawRoundedRectangle(x+2.5, y+2.5, w-5, h-5, 2)
		s.SetColor(render.ColGold)
		s.SetLineWidth(1)
		s.Stroke()
	})
}

// smEmptySlot draws a dashed outline of w×h at (x, y): room for one more demand card.
func smEmptySlot(c *render.Canvas, x, y, w, h float64) {
	c.Sprite(sprite{"slot", w, h}, x, y, w, h, func(s *render.Canvas, x, y float64) {
		s.DrawRoundedRectangle(x+0.5, y+0.5, w-1, h-1, 3)
		s.SetColor(render.ColMuted)
		s.SetLineWidth(1)
		s.SetDash(3, 3)
		s.Stroke()
		s.SetDash()
	})
}

// smMiniCard draws a small face-up card of a spice (colour and label) of w×h at (x, y).
func smMiniCard(k *render.Kit, c *render.Canvas, x, y, w, h float64, spice string) {
	col, label, _ := smSpice(k, spice)
	c.Chip(x, y, w, h, col, label, 11)
}

// smMarketTally counts the occupied markets and the full ones (the round ends at six occupied
// or two full: rulebook "The end of round").
func smMarketTally(ms []spicemerchant.MarketView) (occupied, full int) {
	for _, mk := range ms {
		if mk.Count > 0 {
			occupied++
		}
		if mk.Count >= spicemerchant.MaxDemand {
			full++
		}
	}
	return occupied, full
}

// smMarkets draws the six world markets (rulebook "Fake demand"): each market's letter, its
// spice (colour, label and name), its demand cards as n/4 and what one good of its spice sells
// for there now. The section title counts occupied and full markets against the round end.
func smMarkets(k *render.Kit, c *render.Canvas, v *spicemerchant.View, top float64) {
	occupied, full := smMarketTally(v.Markets[:])
	c.SectionTitle(k.T("spice-merchant.board.markets"), smMargin+4, top+smTitleH/2)
	note := k.T("spice-merchant.board.markets-note", "Occupied", occupied, "Full", full)
	c.Text(note, smW-smMargin-4, top+smTitleH/2, 1, render.Style{Size: 11, Colour: render.ColMuted})
	cell := k.Layer("spicemerchant/market", smMarketW, smMarketH, render.ColPaper, func(c *render.Canvas) {
		c.Panel(0.5, 0.5, smMarketW-1, smMarketH-1, 8, render.ColPanel, render.ColBorder)
	})
	for i, mk := range v.Markets {
		x := float64(smMargin + (i%smMarketCols)*(smMarketW+smGap))
		y := top + smTitleH + float64(i/smMarketCols)*(smMarketH+smGap)
		letter := mk.Market
		if letter == "" {
			letter = string(rune('A' + i))
		}
		fullHere := mk.Count >= spicemerchant.MaxDemand
		if fullHere {
			c.Panel(x+0.5, y+0.5, smMarketW-1, smMarketH-1, 8, render.Lighten(render.ColAlert, 0.9), render.ColAlert)
		} else {
			c.Blit(cell, int(x), int(y))
		}
		l1, l2 := y+20, y+51
		c.Disc(x+19, l1, 12, render.ColBand, letter, 14)
		for d := 0; d < spicemerchant.MaxDemand; d++ {
			sx, sy := x+8+float64(d)*(smSlotW+4), l2-smSlotH/2
			if d < mk.Count && mk.Spice != "" {
				smMiniCard(k, c, sx, sy, smSlotW, smSlotH, mk.Spice)
			} else {
				smEmptySlot(c, sx, sy, smSlotW, smSlotH)
			}
		}
		countX := x + 8 + spicemerchant.MaxDemand*(smSlotW+4) + 2
		cst := render.Style{Size: 15, Bold: true}
		if fullHere {
			cst.Colour = render.ColAlert
		}
		c.Text(fmt.Sprintf("%d/4", mk.Count), countX, l2, 0, cst)
		if mk.Spice == "" || mk.Count == 0 {
			c.Text(k.T("spice-merchant.board.empty"), x+38, l1, 0, render.Style{Size: 14, Colour: render.ColMuted})
			continue
		}
		_, _, name := smSpice(k, mk.Spice)
		nst, _ := c.FitName(name, float64(smMarketW-38-42), render.Style{Size: 14, Bold: true})
		c.Text(name, x+38, l1, 0, nst)
		// The value of one good of the spice here now, large at the right.
		vx := x + smMarketW - 10
		c.Text(strconv.Itoa(mk.Value), vx, y+smMarketH/2-2, 1, render.Style{Size: 26, Bold: true})
		c.Text(k.T("spice-merchant.board.pts"), vx, y+smMarketH/2+19, 1, render.Style{Size: 11, Bold: true, Colour: render.ColMuted})
	}
}

// smSeats draws one row per seat: disc, name, first player and turn markers, hand count, secret
// goods as face-down cards (a count only), open goods, goods sold and the score, and what the
// seat sold when the last round ended. During registration no row says who has registered.
func smSeats(k *render.Kit, c *render.Canvas, v *spicemerchant.View, display, initials []string, top float64) {
	c.SectionTitle(k.T("spice-merchant.board.players"), smMargin+4, top+smTitleH/2)
	note := k.T("spice-merchant.board.players-note")
	switch v.Phase {
	case spicemerchant.PhaseOver:
		note = k.T("spice-merchant.board.players-note-over")
	case spicemerchant.PhaseRegister:
		note = k.T("spice-merchant.board.players-note-register", "Count", v.Waiting)
	}
	c.Text(note, smW-smMargin-4, top+smTitleH/2, 1, render.Style{Size: 11, Colour: render.ColMuted})
	rowH := smSeatRowH(k, c, v)
	row := k.Layer("spicemerchant/seat-row", smInner, rowH, render.ColPaper, func(c *render.Canvas) {
		c.Panel(0.5, 0.5, smInner-1, float64(rowH)-1, 8, render.ColPanel, render.ColBorder)
	})
	over := v.Outcome != nil
	firstBadge, turnBadge := k.T("spice-merchant.board.first"), k.T("spice-merchant.board.turn")
	for i := range v.Seats {
		sv := &v.Seats[i]
		pub := smPublicSeat(v, sv)
		x := float64(smMargin)
		y := top + smTitleH + float64(i*(rowH+4))
		turn := sv.Seat == v.Turn && v.Phase == spicemerchant.PhaseTurns && !over
		if turn {
			c.Panel(x+0.5, y+0.5, smInner-1, float64(rowH)-1, 8, render.ColHighlight, render.ColAlert)
		} else {
			c.Blit(row, int(x), int(y))
		}
		l1, l2, l3 := y+17, y+40, y+60
		if turn {
			c.Triangle(x+12, l1, 14, render.ColAlert)
		}
		c.SeatDisc(x+28, l1, 13, sv.Seat, initials)
		// The name whole, shrunk if need be to leave room for the badges and the score.
		badgesW := 0.0
		if sv.First {
			badgesW += c.Measure(firstBadge, render.Style{Size: 13, Bold: true}) + 16
		}
		if turn {
			badgesW += c.Measure(turnBadge, render.Style{Size: 13, Bold: true}) + 16
		}
		name := render.SeatName(display, sv.Seat)
		nameSt, _ := c.FitName(name, smInner-48-80-badgesW, render.Style{Size: 16, Bold: true})
		lx := x + 48
		lx += c.Text(name, lx, l1, 0, nameSt) + 8
		if sv.First {
			lx += c.Badge(firstBadge, lx, l1, render.ColGold, render.Style{Size: 10, Bold: true, Colour: render.ColInk}) + 6
		}
		if turn {
			c.Badge(turnBadge, lx, l1, render.ColAlert, render.Style{Size: 10, Bold: true})
		}

		// Score, large at the right, with the goods sold (the tie-break) under it.
		c.Text(strconv.Itoa(sv.Score), x+smInner-32, l1+4, 1, render.Style{Size: 26, Bold: true})
		c.Text(k.T("spice-merchant.board.pts"), x+smInner-29, l1+7, 0, render.Style{Size: 11, Bold: true, Colour: render.ColMuted})
		c.Text(k.T("spice-merchant.board.goods-sold", "Count", sv.GoodsSold), x+smInner-10, l2+2, 1, render.Style{Size: 12, Colour: render.ColMuted})

		// Third line: the last round's sales (drawn first: the second line may stop early).
		if txt := smLastRoundText(k, sv.LastRound); txt != "" {
			c.Paragraph(txt, x+48, l3-smLastLineH/2, smLastW, smLastLineH, 2, smLastStyle)
		}

		// Second line: hand, secret goods, open goods.
		small := render.Style{Size: 13}
		lx = x + 48
		c.Panel(lx, l2-8, 12, 16, 2, render.ColCard, render.ColCardEdge)
		lx += 15
		lx += c.Text(k.T("spice-merchant.board.in-hand", "N", pub.hand), lx, l2, 0, small) + 14
		switch {
		case over:
			continue // goods were sold or discarded; the last round's line follows
		case pub.registering:
			c.Text(k.T("spice-merchant.board.secret-hidden"), lx, l2, 0, render.Style{Size: 13, Colour: render.ColMuted})
			continue
		default:
			for i := 0; i < pub.secret; i++ {
				smCardBack(c, lx, l2-9, 13, 18)
				lx += 10
			}
			if pub.secret > 0 {
				lx += 6
			}
			lx += c.Text(k.T("spice-merchant.board.secret-count", "Count", pub.secret), lx, l2, 0, small) + 14
		}
		lx += c.Text(k.T("spice-merchant.board.open"), lx, l2, 0, render.Style{Size: 13, Colour: render.ColMuted}) + 4
		if len(sv.Open) == 0 {
			c.Text("—", lx, l2, 0, render.Style{Size: 13, Colour: render.ColMuted})
		}
		for _, o := range sv.Open {
			col, label, name := smSpice(k, o.Spice)
			c.Pill(lx, l2-9, 28, 18, col, label, 11)
			lx += 31
			lx += c.Text(name, lx, l2, 0, render.Style{Size: 13, Bold: true}) + 8
		}

	}
}

// The last round's sales on a seat row: wrapped on at most two lines of smLastW pixels.
var smLastStyle = render.Style{Size: 12, Colour: render.ColMuted}

const (
	smLastW     = smInner - 58
	smLastLineH = 16
)

// smSeatRowH is the height of a seat row: room for the last round's sales once a round has
// ended, on two lines when one seat's sales need them (the words are longer in some languages).
// m measures the text.
func smSeatRowH(k *render.Kit, m *render.Canvas, v *spicemerchant.View) int {
	h := smSeatShortH
	for _, sv := range v.Seats {
		if txt := smLastRoundText(k, sv.LastRound); txt != "" {
			h = max(h, smSeatH)
			if len(m.Wrap(txt, smLastW, smLastStyle)) > 1 {
				h = max(h, smSeatH+smLastLineH)
			}
		}
	}
	return h
}

// smSpiceWord is the name of a spice key as rules text (its catalogue message), or the key
// itself for an unknown spice.
func smSpiceWord(key string) string {
	if smSpiceIndex(key) < len(smSpices) {
		return rules.Msg("spice-merchant.spice." + key)
	}
	return rules.Plain(key)
}

// smLastRoundText summarises a seat's sales at the end of the last round: "Round 2: sold ginger
// on B 6, clove on C 4; unsold pepper → 10 pts", or "" before the first round has ended.
func smLastRoundText(k *render.Kit, rv *spicemerchant.RoundView) string {
	if rv == nil {
		return ""
	}
	var parts []string
	for _, s := range rv.Sales {
		parts = append(parts, rules.Msg("spice-merchant.board.sale", "Spice", smSpiceWord(s.Card.Spice), "Market", s.Market,
			"Points", s.Points))
	}
	sales := rules.Msg("spice-merchant.board.sold-nothing")
	if len(parts) > 0 {
		sales = rules.Msg("spice-merchant.board.sold", "Sales", strings.Join(parts, ", "))
	}
	unsold := ""
	if len(rv.Discarded) > 0 {
		var ds []string
		for _, d := range rv.Discarded {
			ds = append(ds, smSpiceWord(d))
		}
		unsold = rules.Msg("spice-merchant.board.unsold-list", "Spices", strings.Join(ds, ", "))
	}
	return k.T("spice-merchant.board.last-round", "Round", rv.Round, "Sales", sales, "Unsold", unsold,
		"Points", rules.Msg("spice-merchant.board.pts-count", "Count", rv.Points))
}

// smTable draws the score table (rulebook "Example) Informations of card"; NOTES §3.3): per
// spice its card count and the value of one good sold in a market holding 1, 2, 3 or 4 of its
// cards. A value that a market gives now is highlighted with that market's letter. The table
// itself is a cached layer keyed by the view's spice data; only the highlights are drawn per view.
func smTable(k *render.Kit, c *render.Canvas, v *spicemerchant.View, top float64) {
	c.SectionTitle(k.T("spice-merchant.board.score-table"), smMargin+4, top+smTitleH/2)
	c.Text(k.T("spice-merchant.board.table-note"), smW-smMargin-4, top+smTitleH/2, 1, render.Style{Size: 11, Colour: render.ColMuted})
	const h = smTableH - smTitleH
	spices := v.Spices
	nameW, valW := smTableCols(k, c, spices)
	c.Blit(k.Layer(struct{ name, spices string }{"spicemerchant/table", fmt.Sprint(spices)}, smInner, h, render.ColPaper, func(c *render.Canvas) {
		paintSMTable(k, c, spices, nameW, valW)
	}), smMargin, int(top+smTitleH))

	// Highlights: the values the markets give now.
	type cellKey struct{ row, d int }
	marks := map[cellKey][]string{}
	var order []cellKey
	for _, mk := range v.Markets {
		if mk.Count == 0 || mk.Spice == "" {
			continue
		}
		row := -1
		for k, sp := range spices {
			if sp.Key == mk.Spice {
				row = k
			}
		}
		if row < 0 || mk.Count > spicemerchant.MaxDemand {
			continue
		}
		k := cellKey{row, mk.Count}
		if marks[k] == nil {
			order = append(order, k)
		}
		marks[k] = append(marks[k], mk.Market)
	}
	// A spice on two markets may occupy no other (rulebook "Fake demand").
	uses := make([]int, len(spices))
	for _, k := range order {
		uses[k.row] += len(marks[k])
	}
	for row, n := range uses {
		if n >= 2 {
			cy := top + smTitleH + smTableHeadH + float64(row)*smTableRowH + smTableRowH/2
			c.Text(k.T("spice-merchant.board.two-markets"), smMargin+nameW-4, cy, 1, smTwoStyle)
		}
	}
	for _, k := range order {
		cx := smMargin + nameW + smTableCardW + float64(k.d-1)*valW
		cy := top + smTitleH + smTableHeadH + float64(k.row)*smTableRowH
		c.DrawRoundedRectangle(cx+3, cy+1.5, valW-6, smTableRowH-3, 5)
		c.SetColor(render.ColHighlight)
		c.FillPreserve()
		c.SetLineWidth(1.5)
		c.SetColor(render.ColAlert)
		c.Stroke()
		c.Text(strconv.Itoa(spices[k.row].Scores[k.d-1]), cx+valW/2-6, cy+smTableRowH/2, 1, render.Style{Size: 15, Bold: true})
		c.Text(strings.Join(marks[k], " "), cx+valW/2-2, cy+smTableRowH/2, 0, render.Style{Size: 11, Bold: true, Colour: render.ColAlert})
	}
}

// smTwoStyle is the style of the mark of a spice on two markets in the score table.
var smTwoStyle = render.Style{Size: 10, Bold: true, Colour: render.ColAlert}

// smTableNameStyle is the style of the spices' names in the score table.
var smTableNameStyle = render.Style{Size: 14, Bold: true}

// smTableCols returns the widths of the score table's name column and of each value column: the
// name column holds the pill, the longest spice name and the "2 markets" mark (smTableNameW at
// least); the value columns share the rest. m measures the text.
func smTableCols(k *render.Kit, m *render.Canvas, spices []spicemerchant.SpiceView) (nameW, valW float64) {
	nameW = smTableNameW
	two := m.Measure(k.T("spice-merchant.board.two-markets"), smTwoStyle)
	for _, sp := range spices {
		nameW = max(nameW, 48+m.Measure(smTableName(k, sp), smTableNameStyle)+8+two+4)
	}
	return nameW, (smInner - nameW - smTableCardW) / spicemerchant.MaxDemand
}

// smTableName is a spice's name in the score table.
func smTableName(k *render.Kit, sp spicemerchant.SpiceView) string {
	if sp.Name != "" {
		return k.Expand(sp.Name)
	}
	_, _, name := smSpice(k, sp.Key)
	return name
}

// paintSMTable draws the static score table of spices on a canvas of smInner × (smTableH −
// smTitleH), with the column widths of smTableCols.
func paintSMTable(k *render.Kit, c *render.Canvas, spices []spicemerchant.SpiceView, nameW, valW float64) {
	const h = smTableH - smTitleH
	c.Panel(0.5, 0.5, smInner-1, h-1, 8, render.ColPanel, render.ColBorder)
	head := render.Style{Size: 11, Bold: true, Colour: render.ColMuted}
	hy := float64(smTableHeadH)/2 + 2
	c.Text(k.T("spice-merchant.board.col-spice"), 10, hy, 0, head)
	c.Text(k.T("spice-merchant.board.col-cards"), nameW+smTableCardW/2, hy, 0.5, head)
	for d := 1; d <= spicemerchant.MaxDemand; d++ {
		c.Text(k.T("spice-merchant.cards", "Count", d), nameW+smTableCardW+float64(d-1)*valW+valW/2, hy, 0.5, head)
	}
	for i, sp := range spices {
		y := float64(smTableHeadH + i*smTableRowH)
		if i%2 == 0 {
			c.Rect(1, y, smInner-2, smTableRowH, render.ColPanelAlt)
		}
		cy := y + smTableRowH/2
		col, label, _ := smSpice(k, sp.Key)
		c.Pill(10, cy-9, 30, 18, col, label, 11)
		c.Text(smTableName(k, sp), 48, cy, 0, smTableNameStyle)
		c.Text(strconv.Itoa(sp.Cards), nameW+smTableCardW/2, cy, 0.5, render.Style{Size: 14, Colour: render.ColMuted})
		for d, val := range sp.Scores {
			c.Text(strconv.Itoa(val), nameW+smTableCardW+float64(d)*valW+valW/2, cy, 0.5, render.Style{Size: 15})
		}
	}
	c.Rect(nameW+smTableCardW, 4, 1, h-8, render.ColBorder)
}

// paintSMLegend draws the static legend: the spices (colour and label) and the symbols.
func paintSMLegend(k *render.Kit, c *render.Canvas) {
	c.Panel(0.5, 0.5, smInner-1, smLegendH-1, 8, render.ColPanelAlt, render.ColBorder)
	st := render.Style{Size: 13}
	var items []render.LegendItem
	for _, sp := range smSpices {
		col, label, name := smSpice(k, sp.key)
		items = append(items, render.LegendItem{SwatchW: 26, Label: name, Swatch: func(c *render.Canvas, x, cy float64) {
			c.Pill(x, cy-9, 26, 18, col, label, 13)
		}})
	}
	h := c.Legend(items, 10, 4, smInner-20, 26, st)
	c.Legend([]render.LegendItem{
		{SwatchW: 13, Label: k.T("spice-merchant.board.legend-secret"), Swatch: func(c *render.Canvas, x, cy float64) {
			smCardBack(c, x, cy-9, 13, 18)
		}},
		{SwatchW: 18, Label: k.T("spice-merchant.board.legend-demand"), Swatch: func(c *render.Canvas, x, cy float64) {
			smMiniCard(k, c, x, cy-11, 18, 22, "ginger")
		}},
		{SwatchW: 52, Label: k.T("spice-merchant.board.legend-value"), Swatch: func(c *render.Canvas, x, cy float64) {
			c.DrawRoundedRectangle(x, cy-9, 52, 18, 5)
			c.SetColor(render.ColHighlight)
			c.FillPreserve()
			c.SetLineWidth(1.5)
			c.SetColor(render.ColAlert)
			c.Stroke()
			c.Text("4", x+24, cy, 1, render.Style{Size: 13, Bold: true})
			c.Text("B", x+28, cy, 0, render.Style{Size: 11, Bold: true, Colour: render.ColAlert})
		}},
	}, 10, 4+h, smInner-20, 26, st)
}

// smOutcomeHeight is the height of the final-scores panel.
func smOutcomeHeight(k *render.Kit, m *render.Canvas, v *spicemerchant.View, display []string) float64 {
	h := 10.0 + 26 + 18 + float64(len(v.Outcome.Scores))*28
	if tb := smTieBreakText(k, v, display); tb != "" {
		h += m.ParagraphHeight(tb, smInner-20, 18, 2, render.Style{Size: 13}) + 4
	}
	return h + 8
}

// smTieBreakText explains how a tie was broken (rulebook "The end of game": most goods sold,
// then co-winners), or "" when no tie-break was needed.
func smTieBreakText(k *render.Kit, v *spicemerchant.View, display []string) string {
	o := v.Outcome
	switch o.TieBreak {
	case "":
		return ""
	case spicemerchant.TieMostSold:
		return k.T("spice-merchant.board.tie-most-sold")
	case spicemerchant.TieCoWinners:
		return k.T("spice-merchant.board.tie-co-winners")
	}
	return k.T("spice-merchant.board.tie-other", "TieBreak", o.TieBreak)
}

// smGoodsSold returns the goods seat has sold according to the view, or -1 if the view has no
// such seat.
func smGoodsSold(v *spicemerchant.View, s rules.Seat) int {
	for _, sv := range v.Seats {
		if sv.Seat == s {
			return sv.GoodsSold
		}
	}
	return -1
}

// smRoundScores returns seat's points per finished round, or nil.
func smRoundScores(v *spicemerchant.View, s rules.Seat) []int {
	for _, sv := range v.Seats {
		if sv.Seat == s {
			return sv.RoundScores
		}
	}
	return nil
}

// smOutcome draws the final scores (rulebook "The end of game"): highest score first, then most
// goods sold; winners (several when co-winners) starred; each seat's goods sold and points per
// round; and how a tie was broken.
func smOutcome(k *render.Kit, c *render.Canvas, v *spicemerchant.View, display, initials []string, top, h float64) {
	o := v.Outcome
	won, names := render.Winners(o, display)
	x, y := render.OutcomePanel(c, smMargin, top, smInner, h, render.FinalScoresTitle(names, k.T("spice-merchant.tie-break.co-winners")))
	head := render.Style{Size: 11, Bold: true, Colour: render.ColMuted}
	const soldX, roundsX = smW - smMargin - 190, smW - smMargin - 150
	c.Text(k.T("spice-merchant.board.col-sold"), soldX, y+8, 1, head)
	c.Text(k.T("spice-merchant.board.col-rounds"), roundsX, y+8, 0, head)
	c.Text(k.T("spice-merchant.board.col-points"), smW-smMargin-12, y+8, 1, head)
	y += 18
	mostSold := func(a, b int) bool { return smGoodsSold(v, rules.Seat(a)) > smGoodsSold(v, rules.Seat(b)) }
	for _, i := range render.ScoreOrder(o.Scores, mostSold) {
		s := rules.Seat(i)
		cy := y + 14
		c.OutcomeSeat(x, cy, s, won[s], display, initials, soldX-60-x-54)
		if n := smGoodsSold(v, s); n >= 0 {
			c.Text(strconv.Itoa(n), soldX, cy, 1, render.Style{Size: 15, Bold: true})
		}
		var rs []string
		for _, p := range smRoundScores(v, s) {
			rs = append(rs, strconv.Itoa(p))
		}
		c.Text(strings.Join(rs, " + "), roundsX, cy, 0, render.Style{Size: 14, Colour: render.ColMuted})
		c.Text(strconv.Itoa(o.Scores[i]), smW-smMargin-12, cy, 1, render.Style{Size: 18, Bold: true})
		y += 28
	}
	if tb := smTieBreakText(k, v, display); tb != "" {
		c.Paragraph(tb, x, y+2, smInner-20, 18, 2, render.Style{Size: 13})
	}
}

// smSale is one good's sale if the round ended now: its market letter and points, or unsold.
type smSale struct {
	good   spicemerchant.CardView
	market string
	points int
	sold   bool
}

// smSellNow sells goods into the markets as the round end would (rulebook "The end of round";
// NOTES §3.4.5): each good in a distinct market holding its spice, a spice's goods taking its
// most valuable markets first (the lower letter first on equal value); goods with no market
// left are unsold. Markets are shared by all sellers, so another player's goods do not matter.
// It returns the sales in goods order and the total points.
func smSellNow(goods []spicemerchant.CardView, markets []spicemerchant.MarketView) ([]smSale, int) {
	out := make([]smSale, len(goods))
	used := map[string]int{}
	total := 0
	for i, g := range goods {
		out[i].good = g
		var ms []spicemerchant.MarketView
		for _, mk := range markets {
			if mk.Count > 0 && mk.Spice == g.Spice {
				ms = append(ms, mk)
			}
		}
		sort.SliceStable(ms, func(a, b int) bool {
			if ms[a].Value != ms[b].Value {
				return ms[a].Value > ms[b].Value
			}
			return ms[a].Market < ms[b].Market
		})
		k := used[g.Spice]
		if k < len(ms) {
			out[i].market, out[i].points, out[i].sold = ms[k].Market, ms[k].Value, true
			total += ms[k].Value
		}
		used[g.Spice] = k + 1
	}
	return out, total
}

// smSellNowText describes smSellNow's result: "ginger on B 6, clove on C 4, pepper unsold:
// 10 pts".
func smSellNowText(k *render.Kit, goods []spicemerchant.CardView, markets []spicemerchant.MarketView) string {
	sales, total := smSellNow(goods, markets)
	var parts []string
	for _, s := range sales {
		if s.sold {
			parts = append(parts, rules.Msg("spice-merchant.board.sale", "Spice", smSpiceWord(s.good.Spice), "Market", s.market,
				"Points", s.points))
		} else {
			parts = append(parts, rules.Msg("spice-merchant.board.sale-unsold", "Spice", smSpiceWord(s.good.Spice)))
		}
	}
	return k.T("spice-merchant.board.sell-now", "Sales", strings.Join(parts, ", "),
		"Points", rules.Msg("spice-merchant.board.pts-count", "Count", total))
}

// smHandGroup is the hand cards of one spice.
type smHandGroup struct {
	spice string
	cards []spicemerchant.CardView
}

// smGroups groups cards by spice, in the rules' spice order (cards keep their order in a group).
func smGroups(cards []spicemerchant.CardView) []smHandGroup {
	var gs []smHandGroup
	for _, cd := range cards {
		found := false
		for i := range gs {
			if gs[i].spice == cd.Spice {
				gs[i].cards = append(gs[i].cards, cd)
				found = true
				break
			}
		}
		if !found {
			gs = append(gs, smHandGroup{spice: cd.Spice, cards: []spicemerchant.CardView{cd}})
		}
	}
	sort.SliceStable(gs, func(a, b int) bool { return smSpiceIndex(gs[a].spice) < smSpiceIndex(gs[b].spice) })
	return gs
}

// smGroupW is the width of a group of n cards.
func smGroupW(n int) float64 { return float64(n*smCardW + (n-1)*smCardGap) }

// smCardRows places groups of cards in rows of width w (a group wider than a row gets a row of
// its own, and is wrapped card by card); it returns each card's position relative to the first
// row's top-left corner, in group order, and the number of rows.
func smCardRows(gs []smHandGroup, w float64) ([][2]float64, int) {
	var pos [][2]float64
	x, row := 0.0, 0
	for _, g := range gs {
		gw := smGroupW(len(g.cards))
		if x > 0 && x+gw > w {
			x, row = 0, row+1
		}
		for range g.cards {
			if x > 0 && x+smCardW > w {
				x, row = 0, row+1
			}
			pos = append(pos, [2]float64{x, float64(row) * (smCardH + 24)})
			x += smCardW + smCardGap
		}
		x += smGroupGap - smCardGap
	}
	return pos, row + 1
}

// smHandCard draws one spice card face up at full hand size: the spice's colour and label, its
// name and its score table (value at 1–4 cards in a market).
func smHandCard(k *render.Kit, c *render.Canvas, x, y float64, card spicemerchant.CardView, scores []int) {
	c.CardShape(x, y, smCardW, smCardH)
	col, label, name := smSpice(k, card.Spice)
	c.Chip(x+4, y+4, smCardW-8, 28, col, label, 17)
	// The name in bold when each word fits the card, else in regular weight.
	nst := render.Style{Size: 13, Bold: true}
	for _, w := range strings.Fields(name) {
		if c.Measure(w, nst) > smCardW-6 {
			nst.Bold = false
		}
	}
	lines := c.Wrap(name, smCardW-6, nst)
	ly := y + 42
	if len(lines) == 1 {
		ly += 6
	}
	for i, ln := range lines {
		if i >= 2 {
			break
		}
		c.Text(ln, x+smCardW/2, ly+float64(i)*13, 0.5, nst)
	}
	if len(scores) > 0 {
		var vs []string
		for _, s := range scores {
			vs = append(vs, strconv.Itoa(s))
		}
		c.Text(strings.Join(vs, "·"), x+smCardW/2, y+71, 0.5, render.Style{Size: 10, Colour: render.ColMuted})
	}
}

// smScores returns the score table (values at 1–4 cards) of a spice from the view, or nil.
func smScores(v *spicemerchant.View, key string) []int {
	for _, sp := range v.Spices {
		if sp.Key == key {
			return sp.Scores[:]
		}
	}
	return nil
}

// spiceMerchantHand draws a seat's private view (see Renderer.Hand): what it must do, its hand
// grouped by spice, its secret goods (only it sees them) and open goods with what they would
// sell for if the round ended now, and its score.
func spiceMerchantHand(k *render.Kit, v *spicemerchant.View) (image.Image, error) {
	if v.Viewer == rules.Observer || v.Viewer < 0 {
		return nil, errors.New("render spice merchant hand: the observer view has no hand")
	}
	n := max(len(v.Seats), v.Players, int(v.Viewer)+1)
	display, initials := k.SeatLabels(n)
	var me *spicemerchant.SeatView
	for i := range v.Seats {
		if v.Seats[i].Seat == v.Viewer {
			me = &v.Seats[i]
		}
	}

	inner := float64(smHandW - 2*smHandMargin)
	m := k.Canvas(1, 1)
	status, yourMove := smHandStatus(k, v, display)
	statusH := render.HandStatusHeight(m, inner, status, 0, yourMove)
	groups := smGroups(v.Hand)
	pos, rows := smCardRows(groups, inner)
	cardsH := float64(rows)*(smCardH+24) + 24
	var open []spicemerchant.CardView
	if me != nil {
		open = me.Open
	}
	goods := append(append([]spicemerchant.CardView{}, v.Secret...), open...)
	goodsH := 24 + smCardH + 24.0
	switch {
	case v.Phase == spicemerchant.PhaseOver:
		goodsH = 0
	case len(goods) == 0:
		goodsH = 24 + 34
	}
	stripH := 62.0
	lastRound := ""
	if me != nil {
		lastRound = smLastRoundText(k, me.LastRound)
	}
	lastLines := 0
	if lastRound != "" {
		lastLines = min(2, len(m.Wrap(lastRound, inner-20, smHandLastStyle)))
		stripH += 20 * float64(lastLines)
	}
	height := int(render.HandHeaderH + 8 + statusH + 8 + cardsH + goodsH + stripH + smHandMargin)

	c := k.Canvas(smHandW, height)
	c.Fill(render.ColPaper)
	// The round after the title, and the viewer's name at the right in the room left (HandHeader
	// ends the name 46 pixels from the right edge).
	roundSt := render.Style{Size: 14, Bold: true, Colour: render.Lighten(render.ColBand, 0.6)}
	round := k.T("spice-merchant.board.hand-round", "Round", v.Round, "Rounds", spicemerchant.Rounds)
	k.HandHeader(c, smHandW, v.Viewer, display, initials, smHandW-46-(smHandRoundX+c.Measure(round, roundSt)+12))
	c.Text(round, smHandRoundX, render.HandHeaderH/2, 0, roundSt)

	y := float64(render.HandHeaderH + 8)
	render.HandStatusPanel(c, smHandMargin, y, inner, statusH, status, 0, yourMove)
	y += statusH + 8

	// Hand, grouped by spice.
	c.SectionTitle(k.T("spice-merchant.board.hand-title", "Count", len(v.Hand)), smHandMargin+2, y+10)
	c.Text(k.T("spice-merchant.board.values-note"), smHandW-smHandMargin-2, y+10, 1, render.Style{Size: 11, Colour: render.ColMuted})
	y += 24
	if len(v.Hand) == 0 {
		render.EmptyHand(c, smHandMargin, y, inner, smCardH)
	}
	ci := 0
	for _, g := range groups {
		first := pos[ci]
		for _, card := range g.cards {
			p := pos[ci]
			smHandCard(k, c, smHandMargin+p[0], y+p[1], card, smScores(v, card.Spice))
			ci++
		}
		lastP := pos[ci-1]
		if lastP[1] == first[1] {
			// Group bracket with the count under the cards.
			gx0, gx1 := smHandMargin+first[0], smHandMargin+lastP[0]+smCardW
			by := y + first[1] + smCardH + 8
			col, _, _ := smSpice(k, g.spice)
			c.Rect(gx0+2, by, gx1-gx0-4, 3, col)
			c.Text("×"+strconv.Itoa(len(g.cards)), (gx0+gx1)/2, by+11, 0.5, render.Style{Size: 12, Bold: true})
		}
	}
	y += float64(rows) * (smCardH + 24)

	// Goods of this round: secret (face down, only this seat sees them) and open.
	if goodsH > 0 {
		c.SectionTitle(k.T("spice-merchant.board.goods-title"), smHandMargin+2, y+10)
		c.Text(k.T("spice-merchant.board.goods-note"), smHandW-smHandMargin-2, y+10, 1, render.Style{Size: 11, Colour: render.ColMuted})
		y += 24
		gx := float64(smHandMargin)
		if len(v.Secret) > 0 {
			w := smGroupW(len(v.Secret)) + 12
			c.DrawRoundedRectangle(gx, y-4, w, smCardH+22, 8)
			c.SetColor(render.ColInk)
			c.SetLineWidth(1.5)
			c.SetDash(5, 3)
			c.Stroke()
			c.SetDash()
			for i, g := range v.Secret {
				smHandCard(k, c, gx+6+float64(i)*(smCardW+smCardGap), y, g, smScores(v, g.Spice))
			}
			c.Badge(k.T("spice-merchant.board.badge-secret"), gx+6, y+smCardH+8, render.ColInk, render.Style{Size: 10, Bold: true})
			gx += w + smGroupGap
		}
		for _, g := range open {
			smHandCard(k, c, gx+6, y, g, smScores(v, g.Spice))
			c.Badge(k.T("spice-merchant.board.badge-open"), gx+6, y+smCardH+8, render.ColGood, render.Style{Size: 10, Bold: true})
			gx += smCardW + 12 + smGroupGap
		}
		tx := gx + 4
		tw := smHandW - smHandMargin - tx
		st := render.Style{Size: 14}
		if len(goods) == 0 {
			c.Text(k.T("spice-merchant.board.no-goods"), tx, y+8, 0, render.Style{Size: 15, Colour: render.ColMuted})
		} else if v.Phase == spicemerchant.PhaseTurns {
			ty := y + 4
			ty += c.Paragraph(k.T("spice-merchant.board.if-now"), tx, ty, tw, 19, 1, render.Style{Size: 13, Bold: true, Colour: render.ColMuted})
			c.Paragraph(smSellNowText(k, goods, v.Markets[:]), tx, ty, tw, 19, 4, st)
		} else {
			c.Paragraph(k.T("spice-merchant.board.after-registration"), tx, y+4, tw, 19, 4, render.Style{Size: 13, Colour: render.ColMuted})
		}
		y += goodsH - 24
	}

	// Score strip.
	c.Panel(smHandMargin, y, inner, stripH-6, 8, render.ColPanel, render.ColBorder)
	x := float64(smHandMargin + 10)
	if me == nil {
		c.Text(k.T("spice-merchant.board.no-score"), x, y+28, 0, render.Style{Size: 14, Colour: render.ColMuted})
		return c.Image(), nil
	}
	cy := y + 28
	sw := c.Text(strconv.Itoa(me.Score), x, cy, 0, render.Style{Size: 26, Bold: true})
	lx := x + sw + 4
	lx += c.Text(k.T("spice-merchant.board.pts"), lx, cy+3, 0, render.Style{Size: 12, Bold: true, Colour: render.ColMuted}) + 16
	lx += c.Text(k.T("spice-merchant.goods-sold", "Count", me.GoodsSold), lx, cy, 0, render.Style{Size: 14}) + 16
	if len(me.RoundScores) > 0 {
		var rs []string
		for _, p := range me.RoundScores {
			rs = append(rs, strconv.Itoa(p))
		}
		lx += c.Text(k.T("spice-merchant.board.rounds", "Scores", strings.Join(rs, " + ")), lx, cy, 0, render.Style{Size: 14, Colour: render.ColMuted}) + 16
	}
	if me.First {
		c.Badge(k.T("spice-merchant.board.first"), lx, cy, render.ColGold, render.Style{Size: 11, Bold: true, Colour: render.ColInk})
	}
	if lastRound != "" {
		c.Paragraph(lastRound, x, cy+26-10, inner-20, 20, lastLines, smHandLastStyle)
	}
	return c.Image(), nil
}

// smHandRoundX is where the round is written in a hand's title band, after the title.
const smHandRoundX = 150

// smHandLastStyle is the style of the last round's sales in a hand's score strip.
var smHandLastStyle = render.Style{Size: 13, Colour: render.ColMuted}

// smHandStatus is the sentence at the top of a seat's hand image and whether the seat must act:
// during registration how many secret goods it still has to register (its own knowledge), on
// its turn what it may do, otherwise the public status.
func smHandStatus(k *render.Kit, v *spicemerchant.View, display []string) (string, bool) {
	status := k.Expand(v.Status)
	switch v.Phase {
	case spicemerchant.PhaseRegister:
		need := min(v.SecretGoods, len(v.Hand)+len(v.Secret)) - len(v.Secret)
		if need > 0 {
			return k.T("spice-merchant.board.status-register", "Count", need, "Status", rules.Plain(status)), true
		}
		return k.T("spice-merchant.board.status-registered", "Status", rules.Plain(status)), false
	case spicemerchant.PhaseTurns:
		if v.Turn == v.Viewer {
			if len(v.Hand) == 0 {
				return k.T("spice-merchant.board.status-no-cards"), true
			}
			open := false
			for _, sv := range v.Seats {
				if sv.Seat == v.Viewer && sv.OpenDone {
					open = true
				}
			}
			if open {
				return k.T("spice-merchant.board.status-demand"), true
			}
			return k.T("spice-merchant.board.status-turn"), true
		}
		return status, false
	}
	if status == "" {
		status = k.T("spice-merchant.board.status-over")
	}
	return status, false
}
