// Package drawborneo draws Borneo's board and hand images from borneo.View (render.Drawer). Every
// word drawn comes from the Borneo catalogue in the image's language (render.Kit.T, Expand and
// Term; ids "borneo.board.…", "borneo.hand.…", and the game's component words): the company
// letters and names, the spices' labels and names, titles, notes and badges. The layout measures
// its texts, so the longer French ones wrap or move to a further line rather than being cut.
package drawborneo

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
	"spicebot/rules/borneo"
)

// Borneo board geometry, in pixels. The board is bW wide; sections are stacked top to bottom:
// header band, status, (outcome), companies, harbours, (fight / distribution / payment),
// missions, players, legend.
const (
	bW      = 560
	bMargin = 10
	bInner  = bW - 2*bMargin
	bGap    = 8

	bHeaderH   = 46
	bVariantsH = 20 // the line naming the variants under the title

	bCompanyHeadH = 32
	bRankH        = 28
	bRanks        = 5 // five places per company column (rulebook "Setup: companies rank")
	bCompaniesH   = 8 + bCompanyHeadH + bRanks*bRankH + 6

	bTitleH = 22 // section title line

	bSlots       = 3 // face-up harbours (rulebook "Setup")
	bSlotW       = (bInner - 2*bGap) / bSlots
	bSlotHeadH   = 50
	bStripH      = 25 // a covered card: its top row of flags
	bLastCardH   = 48 // the last card: both rows of flags
	bMaxCards    = 5  // the largest harbour card limit
	bSlotCountsH = 30
	bNoSlotsH    = 44 // the harbour row when no harbour is face up (game end)

	bMissionW = (bInner - 4*6) / 5
	bMissionH = 58

	bSeatH = 56

	// mini cards (fights, distribution pools): three top flags, bottom flag and spice.
	bMiniW = 80
	bMiniH = 62

	// hand image
	hW      = 520
	hMargin = 12
	hCardW  = 76
	hCardH  = 126
	hCardGp = 8
	hPerRow = 6
)

// Drawer draws Borneo boards and hands from borneo.View; register it with borneo.Game in
// package spicebot/games.
var Drawer = render.Views(palette(), borneoBoard, borneoHand)

// palette returns the colours Borneo's images are painted with (see render.NewPalette): the
// companies' and spices' colours and the shades drawn from them.
func palette() *render.Palette {
	fills := []color.Color{unknownColour, render.Lighten(render.ColBand, 0.25), render.Lighten(render.ColAlert, 0.8),
		render.Lighten(render.ColAlert, 0.92)}
	for _, co := range borneoCompanies {
		fills = append(fills, co.colour, render.Lighten(co.colour, 0.7), render.Darken(co.colour, 0.35))
	}
	for _, sp := range borneoSpices {
		fills = append(fills, sp.colour, render.Lighten(sp.colour, 0.7), render.Darken(sp.colour, 0.35))
	}
	return render.NewPalette(fills...)
}

// unknownColour is the colour of a company or spice the drawer does not know.
var unknownColour = color.RGBA{0xa0, 0xa0, 0xa0, 0xff}

// borneoCompanies are the companies in view order with their colours (rulebook "Companies"):
// key is the company's name in the view (CompanyView.Name) and in the catalogue's ids, letter its
// letter in the view's cards (CardView.Top).
var borneoCompanies = [4]struct {
	key, letter string
	colour      color.RGBA
}{
	{"yellow", "Y", color.RGBA{0xf4, 0xc4, 0x1a, 0xff}},
	{"red", "R", color.RGBA{0xd3, 0x2f, 0x2f, 0xff}},
	{"green", "G", color.RGBA{0x2e, 0x9a, 0x46, 0xff}},
	{"blue", "B", color.RGBA{0x1e, 0x5f, 0xc4, 0xff}},
}

// borneoSpices are the spice types in Units order with their colours; key is the spice's name
// in the view (CardView.Spice) and in the catalogue's ids.
var borneoSpices = [5]struct {
	key    string
	colour color.RGBA
}{
	{"pepper", color.RGBA{0x3a, 0x36, 0x33, 0xff}},
	{"cinnamon", color.RGBA{0xc8, 0x6a, 0x2c, 0xff}},
	{"cloves", color.RGBA{0x7b, 0x3f, 0x98, 0xff}},
	{"nutmeg", color.RGBA{0xb8, 0x9b, 0x5e, 0xff}},
	{"wild", color.RGBA{0xe4, 0xe4, 0xe4, 0xff}},
}

// words are the words an image draws for the companies and spices, in the image's language
// (issue 13: every word drawn comes from the catalogue), looked up once per image.
type words struct {
	k *render.Kit
	// letters are the company letters ("Y", French "J"), names the company names ("Yellow").
	letters, names [4]string
	// spiceLabels are the spices' short labels ("Pe"), spiceNames their names ("pepper").
	spiceLabels, spiceNames [5]string
}

// newWords looks up the companies' and spices' words in k's language.
func newWords(k *render.Kit) *words {
	w := &words{k: k}
	for i, co := range borneoCompanies {
		w.letters[i] = k.T("borneo.letter." + co.key)
		w.names[i] = k.T("borneo.board.company." + co.key)
	}
	for i, sp := range borneoSpices {
		w.spiceLabels[i] = k.T("borneo.board.spice-label." + sp.key)
		w.spiceNames[i] = k.T("borneo.spice." + sp.key)
	}
	return w
}

// company returns the index of a company given by letter ("Y") or name ("yellow") in a view, or
// -1.
func company(s string) int {
	for i, co := range borneoCompanies {
		if strings.EqualFold(s, co.letter) || strings.EqualFold(s, co.key) {
			return i
		}
	}
	return -1
}

// companyStyle returns the colour and letter, in the image's language, of a company given by
// letter ("Y") or name ("yellow"); unknown companies are grey with their text as label.
func (w *words) companyStyle(s string) (color.RGBA, string) {
	if i := company(s); i >= 0 {
		return borneoCompanies[i].colour, w.letters[i]
	}
	return unknownColour, s
}

// spice returns the index of a spice name of a view ("pepper"), or -1.
func spice(s string) int {
	for i, sp := range borneoSpices {
		if strings.EqualFold(s, sp.key) {
			return i
		}
	}
	return -1
}

// spiceStyle returns the colour and short label of a spice name; unknown spices are grey.
func (w *words) spiceStyle(s string) (color.RGBA, string) {
	if i := spice(s); i >= 0 {
		return borneoSpices[i].colour, w.spiceLabels[i]
	}
	label := s
	if len(label) > 2 {
		label = label[:2]
	}
	return unknownColour, label
}

// spiceName returns a spice's name in the image's language ("pepper", "poivre").
func (w *words) spiceName(s string) string {
	if i := spice(s); i >= 0 {
		return w.spiceNames[i]
	}
	return s
}

// companyLetter returns the view letter of company i of a view ("Y").
func companyLetter(co borneo.CompanyView, i int) string {
	if co.Letter != "" {
		return co.Letter
	}
	return borneoCompanies[i].letter
}

// flagChip draws a company flag chip (colour and letter) of w×h at (x, y).
func (wd *words) flagChip(c *render.Canvas, x, y, w, h float64, company string) {
	col, letter := wd.companyStyle(company)
	if company == "" {
		c.Panel(x, y, w, h, 3, render.ColPanelAlt, render.ColBorder)
		return
	}
	c.Chip(x, y, w, h, col, letter, h*0.68)
}

// spicePill draws a spice pill with its label ("Pe", "Pe×2") and returns its width.
func (w *words) spicePill(c *render.Canvas, x, cy, h float64, spice string, double bool) float64 {
	col, label := w.spiceStyle(spice)
	size := h * 0.68
	if double {
		label += "×2"
	}
	pw := c.Measure(label, render.Style{Size: size, Bold: true}) + h*0.9
	if pw < h*1.5 {
		pw = h * 1.5
	}
	c.Pill(x, cy-h/2, pw, h, col, label, size)
	return pw
}

// borneoBoard draws the public board of a Borneo view (see Renderer.Board).
func borneoBoard(k *render.Kit, v *borneo.View) (image.Image, error) {
	n := len(v.Seats)
	if v.Players > n {
		n = v.Players
	}
	if n == 0 {
		return nil, errors.New("render borneo board: view has no seats")
	}
	display, initials := k.SeatLabels(n)
	w := newWords(k)

	// Measure with a throwaway canvas of zero size: only text metrics are needed.
	m := k.Canvas(1, 1)
	over := v.Outcome != nil
	status, last := k.StatusText(v.Status, v.LastMove, over)
	statusH := render.StatusHeight(m, bInner, status, last)
	var outcomeH, actionH float64
	if over {
		outcomeH = borneoOutcomeHeight(k, m, v)
	}
	if v.Fight != nil || v.Distribution != nil || v.Payment != nil {
		actionH = borneoActionHeight(w, m, v, display)
	}
	missionsH := bTitleH + float64(max(1, (len(missionGroups(v.Missions))+4)/5))*(bMissionH+6)
	active := map[rules.Seat]bool{}
	for _, s := range v.Active {
		active[s] = true
	}
	seatsH := bTitleH - 4.0
	for _, sv := range v.Seats {
		seatsH += w.seatRowH(m, v, &sv, render.SeatName(display, sv.Seat), active[sv.Seat]) + 4
	}
	legendH := legendHeight(w, m)
	scores := make([]string, n)
	for _, sv := range v.Seats {
		if int(sv.Seat) < n {
			scores[sv.Seat] = fmt.Sprintf("%d %s", sv.Score, k.T("borneo.board.vp"))
		}
	}
	brief := k.SeatsBrief(bMargin, bInner, display[:n], initials, scores)
	col := render.Column{W: bW, HeaderH: headerH(v), Gap: bGap, Margin: bMargin, Header: func(c *render.Canvas) { borneoHeader(w, c, v) }}
	return k.Stack(col, []render.Panel{
		{H: statusH, Draw: func(c *render.Canvas, top float64) {
			render.StatusPanel(c, bMargin, top, bInner, statusH, status, last, over)
		}},
		{H: outcomeH, Draw: func(c *render.Canvas, top float64) { borneoOutcome(w, c, v, display, initials, top, outcomeH) }},
		{H: bCompaniesH, Draw: func(c *render.Canvas, top float64) { drawCompanies(w, c, v, display, initials, top) }},
		{H: bTitleH + float64(harbourSlotH(v.Harbours)), Draw: func(c *render.Canvas, top float64) { borneoHarbours(w, c, v, top) }},
		{H: actionH, Draw: func(c *render.Canvas, top float64) { borneoAction(w, c, v, display, initials, top, actionH) }},
		{H: missionsH - 6, Fold: 2, Draw: func(c *render.Canvas, top float64) { borneoMissions(w, c, v.Missions, top) }},
		{H: seatsH, Fold: 1, Brief: &brief, Draw: func(c *render.Canvas, top float64) { borneoSeats(w, c, v, display, initials, top) }},
		{H: legendH, Detail: true, Draw: func(c *render.Canvas, top float64) {
			c.Blit(k.Layer("borneo/legend", bInner, int(legendH), render.ColPaper, func(c *render.Canvas) { paintBorneoLegend(w, c, legendH) }),
				bMargin, int(top))
		}},
	}), nil
}

// headerH is the height of the title band: taller when variants are played, to name them.
func headerH(v *borneo.View) float64 {
	if v.Blackbeard || v.FourMerchants {
		return bHeaderH + bVariantsH
	}
	return bHeaderH
}

// borneoHeader draws the title band with the variants and the deck, discard and harbour-deck
// counts.
func borneoHeader(w *words, c *render.Canvas, v *borneo.View) {
	k := w.k
	// The title band is cached by its key alone: the key names the language of its title.
	k.TitleBand(c, "borneo/header/"+k.Lang(), bW, bHeaderH, k.T("borneo.board.title"), 22)
	var variants []string
	if v.Blackbeard {
		variants = append(variants, k.T("borneo.board.variant.blackbeard"))
	}
	if v.FourMerchants {
		variants = append(variants, k.T("borneo.board.variant.four"))
	}
	if len(variants) > 0 {
		c.Rect(0, bHeaderH, bW, bVariantsH, render.ColBand)
		c.Text(k.T("borneo.board.variants", "Variants", strings.Join(variants, " · ")), 15, bHeaderH+bVariantsH/2-3, 0,
			render.Style{Size: 13, Colour: render.Lighten(render.ColBand, 0.65)})
	}
	counts := []struct {
		label   string
		n       int
		harbour bool
	}{{k.T("borneo.board.deck"), v.DeckCount, false}, {k.T("borneo.board.discard"), v.DiscardCount, false},
		{k.T("borneo.board.harbour-deck"), v.HarbourDeckCount, true}}
	x := float64(bW - 12)
	for i := len(counts) - 1; i >= 0; i-- {
		num := strconv.Itoa(counts[i].n)
		x -= c.Text(num, x, bHeaderH/2-1, 1, render.Style{Size: 20, Bold: true, Colour: render.ColBandText}) + 4
		x -= c.Text(counts[i].label, x, bHeaderH/2, 1, render.Style{Size: 13, Colour: render.Lighten(render.ColBand, 0.6)})
		// a small card icon for the shipment piles, a harbour tile for the harbour deck
		x -= 24
		if counts[i].harbour {
			c.Chip(x, bHeaderH/2-9, 18, 18, render.Lighten(render.ColBand, 0.25), k.T("borneo.board.harbour-chip"), 11)
		} else {
			c.Panel(x+2, bHeaderH/2-10, 14, 20, 2, render.ColCard, render.ColCardEdge)
		}
		x -= 14
	}
}

// borneoCompanies draws the four company columns with their ranked merchants (rulebook
// "Companies"): rank 1 at the top, each merchant a disc in its owner's colour with the owner's
// number, and the owner's name. During a fight the attacker and defender are outlined; during a
// distribution the companies taking part carry their rank token (1–4) or M.
func drawCompanies(w *words, c *render.Canvas, v *borneo.View, display, initials []string, top float64) {
	const colW = bInner / 4
	k := w.k
	c.Blit(k.Layer("borneo/companies", bInner, bCompaniesH, render.ColPaper, func(c *render.Canvas) {
		c.Panel(0.5, 0.5, bInner-1, bCompaniesH-1, 8, render.ColPanel, render.ColBorder)
		for i, co := range borneoCompanies {
			x := float64(i * colW)
			if i > 0 {
				c.Rect(x, 6, 1, bCompaniesH-12, render.ColBorder)
			}
			c.Chip(x+8, 8+4, 28, 22, co.colour, w.letters[i], 15)
			c.Text(w.names[i], x+42, 8+15, 0, render.Style{Size: 15, Bold: true})
			for k := 0; k < bRanks; k++ {
				cy := float64(8+bCompanyHeadH+k*bRankH) + bRankH/2
				c.Text(strconv.Itoa(k+1), x+13, cy, 0.5, render.Style{Size: 12, Bold: true, Colour: render.ColMuted})
				c.EmptySlot(x+34, cy, 10)
			}
		}
	}), bMargin, int(top))

	var tokens map[int]string
	if d := v.Distribution; d != nil {
		tokens = map[int]string{}
		for k, co := range d.Companies {
			if d.Monopoly {
				tokens[company(co)] = w.k.T("borneo.board.monopoly-token")
			} else {
				tokens[company(co)] = strconv.Itoa(k + 1)
			}
		}
	}
	for i, co := range v.Companies {
		x := float64(bMargin + i*colW)
		letter := companyLetter(co, i)
		if t, ok := tokens[i]; ok {
			c.Disc(x+colW-16, top+8+15, 11, render.ColInk, t, 13)
		}
		for k, seat := range co.Merchants {
			if k >= bRanks {
				break
			}
			cy := top + float64(8+bCompanyHeadH+k*bRankH) + bRankH/2
			nameW := float64(colW - 54)
			if f := v.Fight; f != nil && strings.EqualFold(f.Company, letter) && (k+1 == f.AttackerRank || k+1 == f.DefenderRank) {
				tag := w.k.T("borneo.board.defender-tag")
				if k+1 == f.AttackerRank {
					tag = w.k.T("borneo.board.attacker-tag")
				}
				c.DrawRoundedRectangle(x+3, cy-bRankH/2+1, colW-6, bRankH-2, 6)
				c.SetColor(render.Lighten(render.ColAlert, 0.8))
				c.FillPreserve()
				c.SetColor(render.ColAlert)
				c.SetLineWidth(1.5)
				c.Stroke()
				c.Text(strconv.Itoa(k+1), x+13, cy, 0.5, render.Style{Size: 12, Bold: true, Colour: render.ColMuted})
				bst := render.Style{Size: 13, Bold: true}
				bw := c.Measure(tag, bst) + bst.Size*0.8 // Badge's width
				c.Badge(tag, x+colW-6-bw, cy, render.ColAlert, bst)
				nameW -= bw + 4
			}
			c.SeatDisc(x+34, cy, 11, seat, initials)
			// The name when it fits, else the disc's number alone: the players section below
			// pairs each number with the whole name.
			name := render.SeatName(display, seat)
			st := render.Style{Size: 14}
			if seat == v.Turn && v.Outcome == nil {
				st.Bold = true
			}
			if st, ok := c.FitName(name, nameW, st); ok {
				c.Text(name, x+50, cy, 0, st)
			}
		}
	}
}

// harbourSlotH is the height of the harbour slots: room for the largest card limit among the
// face-up harbours (at least 3, the smallest limit), or bNoSlotsH when none is face up.
func harbourSlotH(hs []borneo.HarbourView) int {
	if len(hs) == 0 {
		return bNoSlotsH
	}
	most := 3
	for _, h := range hs {
		most = max(most, min(h.Max, bMaxCards))
	}
	return bSlotHeadH + (most-1)*bStripH + bLastCardH + 6 + bSlotCountsH
}

// borneoHarbours draws the face-up harbours (rulebook "3. Shipment"): name and id, spice,
// monopoly number and card limit, the cards played with their visible flags — the top row of
// every card and the bottom flag of the last one — and the visible flag count per company.
func borneoHarbours(w *words, c *render.Canvas, v *borneo.View, top float64) {
	k := w.k
	c.SectionTitle(k.T("borneo.board.harbours"), bMargin+4, top+bTitleH/2)
	c.Text(k.T("borneo.board.harbours-note", "Letters", strings.Join(w.letters[:], " ")), bW-bMargin-4, top+bTitleH/2, 1,
		render.Style{Size: 11, Colour: render.ColMuted})
	slotH := harbourSlotH(v.Harbours)
	if len(v.Harbours) == 0 {
		c.Panel(bMargin, top+bTitleH, bInner, float64(slotH), 8, render.ColPanelAlt, render.ColBorder)
		c.Text(k.T("borneo.board.no-harbours"), bW/2, top+bTitleH+float64(slotH)/2, 0.5, render.Style{Size: 15, Colour: render.ColMuted})
		return
	}
	slot := k.Layer("borneo/harbour-slot", bSlotW, slotH, render.ColPaper, func(c *render.Canvas) {
		c.Panel(0.5, 0.5, bSlotW-1, float64(slotH)-1, 8, render.ColPanel, render.ColBorder)
		c.Rect(6, float64(slotH-bSlotCountsH-2), bSlotW-12, 1, render.ColBorder)
	})
	for i := 0; i < bSlots; i++ {
		x := float64(bMargin + i*(bSlotW+bGap))
		y := top + bTitleH
		if i >= len(v.Harbours) {
			c.Panel(x+0.5, y+0.5, bSlotW-1, float64(slotH)-1, 8, render.ColPanelAlt, render.ColBorder)
			c.Text(k.T("borneo.board.no-harbour"), x+bSlotW/2, y+float64(slotH)/2, 0.5, render.Style{Size: 14, Colour: render.ColMuted})
			continue
		}
		c.Blit(slot, int(x), int(y))
		borneoHarbour(w, c, v.Harbours[i], x, y, float64(slotH))
	}
}

// borneoHarbour draws one harbour slot's contents at (x, y) in a slot slotH high.
func borneoHarbour(w *words, c *render.Canvas, h borneo.HarbourView, x, y, slotH float64) {
	const pad = 8
	nameSt, _ := c.FitName(h.Name, bSlotW-2*pad, render.Style{Size: 16, Bold: true})
	c.Text(h.Name, x+pad, y+15, 0, nameSt)
	cy := y + 37
	px := x + pad
	px += w.spicePill(c, px, cy, 20, h.Spice, false) + 8
	px += c.Text(w.k.T("borneo.board.mono"), px, cy, 0, render.Style{Size: 12, Colour: render.ColMuted}) + 3
	px += c.Text(strconv.Itoa(h.Monopoly), px, cy, 0, render.Style{Size: 15, Bold: true}) + 8
	px += c.Text(w.k.T("borneo.board.cards"), px, cy, 0, render.Style{Size: 12, Colour: render.ColMuted}) + 3
	full := len(h.Cards) >= h.Max && h.Max > 0
	cst := render.Style{Size: 15, Bold: true}
	if full {
		cst.Colour = render.ColAlert
	}
	c.Text(fmt.Sprintf("%d/%d", len(h.Cards), h.Max), px, cy, 0, cst)

	// Cards, overlapping: each covered card shows its top row; the last shows both rows.
	stripH := float64(bStripH)
	room := slotH - bSlotHeadH - bLastCardH - 6 - bSlotCountsH
	if n := len(h.Cards); n > 1 && float64(n-1)*stripH > room {
		stripH = room / float64(n-1)
	}
	cyCard := y + bSlotHeadH
	for k, card := range h.Cards {
		last := k == len(h.Cards)-1
		ch := stripH
		if last {
			ch = bLastCardH
		}
		c.CardShape(x+pad-2, cyCard, bSlotW-2*pad+4, ch-3+boolF(!last, 6))
		fy := cyCard + 3
		fx := x + pad + 2
		for j, f := range card.Top {
			w.flagChip(c, fx+float64(j)*25, fy, 22, 18, f)
		}
		if last {
			w.flagChip(c, fx+25, fy+22, 22, 18, card.Bottom)
		}
		sx := fx + 3*25 + 4
		w.spicePill(c, sx, fy+9, 18, card.Spice, card.Double)
		cyCard += stripH
		if last {
			cyCard += bLastCardH - stripH
		}
	}
	if len(h.Cards) == 0 {
		c.Text(w.k.T("borneo.board.no-cards"), x+bSlotW/2, y+bSlotHeadH+30, 0.5, render.Style{Size: 13, Colour: render.ColMuted})
	}

	// Visible flag counts per company; a count reaching the monopoly number is boxed.
	by := y + slotH - bSlotCountsH/2 - 1
	bx := x + pad
	for i, n := range h.Flags {
		col := borneoCompanies[i].colour
		c.Chip(bx, by-9, 18, 18, col, w.letters[i], 12)
		st := render.Style{Size: 16, Bold: true}
		if n == 0 {
			st = render.Style{Size: 16, Colour: render.ColMuted}
		}
		if h.Monopoly > 0 && n >= h.Monopoly {
			st.Colour = render.ColAlert
		}
		c.Text(strconv.Itoa(n), bx+21, by, 0, st)
		bx += (bSlotW - 2*pad) / 4
	}
}

func boolF(b bool, v float64) float64 {
	if b {
		return v
	}
	return 0
}

// miniCard draws a whole shipment card small (w bMiniW, h bMiniH) at (x, y): the top row of three
// flags, the bottom flag, the spice and the id. Used for fights and distribution pools.
func (w *words) miniCard(c *render.Canvas, x, y float64, card borneo.CardView) {
	c.CardShape(x, y, bMiniW, bMiniH)
	for j, f := range card.Top {
		w.flagChip(c, x+5+float64(j)*22, y+5, 20, 18, f)
	}
	w.flagChip(c, x+5, y+27, 20, 18, card.Bottom)
	w.spicePill(c, x+29, y+36, 18, card.Spice, card.Double)
}

// miniCardsHeight is the height of cards laid out as mini cards in rows of width w.
func miniCardsHeight(n int, w float64) float64 {
	if n == 0 {
		return 30
	}
	per := max(1, int((w+6)/(bMiniW+6)))
	rows := max(1, (n+per-1)/per)
	return float64(rows) * (bMiniH + 6)
}

// miniCards draws cards as mini cards in rows starting at (x, y) within width w; it returns the
// height used.
func (wd *words) miniCards(c *render.Canvas, cards []borneo.CardView, x, y, w float64) float64 {
	per := max(1, int((w+6)/(bMiniW+6)))
	for i, card := range cards {
		wd.miniCard(c, x+float64(i%per)*(bMiniW+6), y+float64(i/per)*(bMiniH+6), card)
	}
	if len(cards) == 0 {
		c.Text(wd.k.T("borneo.board.no-cards-played"), x, y+12, 0, render.Style{Size: 14, Colour: render.ColMuted})
	}
	return miniCardsHeight(len(cards), w)
}

// fightTitle is the fight panel's title: who attacks whom, with their ranks.
func fightTitle(k *render.Kit, f *borneo.FightView, display []string) string {
	return k.T("borneo.board.fight-title", "Attacker", rules.Plain(render.SeatName(display, f.Attacker)), "AttackerRank", f.AttackerRank,
		"Defender", rules.Plain(render.SeatName(display, f.Defender)), "DefenderRank", f.DefenderRank)
}

// fightTitleLineH is the line height of the fight panel's title.
const fightTitleLineH = 22

// fightLabelW is the width of the "attack" / "defence" label column of the fight panel.
const fightLabelW = 86

// borneoActionHeight is the height of the fight / distribution / payment panel.
func borneoActionHeight(wd *words, m *render.Canvas, v *borneo.View, display []string) float64 {
	k := wd.k
	h := 0.0
	if f := v.Fight; f != nil {
		w := float64(bInner - 20 - fightLabelW)
		titleW := bW - bMargin - 10 - float64(bMargin+10) - m.Measure(k.T("borneo.board.fight"), render.Style{Size: 15, Bold: true}) - 8 - 30
		h += 10 + m.ParagraphHeight(fightTitle(k, f, display), titleW, fightTitleLineH, 0, render.Style{Size: 15, Bold: true}) + 4 +
			miniCardsHeight(len(f.AttackCards), w) + miniCardsHeight(len(f.DefenceCards), w) +
			m.ParagraphHeight(fightScore(k, f), bInner-20, fightScoreLineH, 0, stFightScore) + 6 + 2
	}
	if d := v.Distribution; d != nil {
		h += 10 + 24 + 22 + miniCardsHeight(len(d.Pool), bInner-20) + 4
	}
	if p := v.Payment; p != nil {
		h += 10 + 24 + m.ParagraphHeight(paymentText(wd, p), bInner-20, 18, 0, render.Style{Size: 14}) + 8
	}
	return h
}

// paymentText describes a mission payment in progress.
func paymentText(w *words, p *borneo.PaymentView) string {
	k := w.k
	mission := k.T("borneo.board.pay-mission", "Mission", missionShort(k, p.Mission), "Points", p.Mission.VP)
	if p.Type != "" {
		mission = k.T("borneo.board.pay-mission-spice", "Mission", missionShort(k, p.Mission), "Points", p.Mission.VP,
			"Spice", w.spiceName(p.Type))
	}
	paid := k.T("borneo.board.pay-nothing")
	if len(p.Paid) > 0 {
		items := make([]string, len(p.Paid))
		for i, id := range p.Paid {
			items[i] = k.Term(id)
		}
		paid = strings.Join(items, "; ")
	}
	if p.Remaining != "" {
		return k.T("borneo.board.pay-owed", "Mission", mission, "Paid", paid, "Owed", k.Expand(p.Remaining))
	}
	return k.T("borneo.board.pay", "Mission", mission, "Paid", paid)
}

// fightScore is the fight panel's last line: the flags of each side.
func fightScore(k *render.Kit, f *borneo.FightView) string {
	return k.T("borneo.board.fight-score", "Attack", f.AttackFlags, "Defence", f.DefenceFlags, "Bonus", f.Bonus,
		"Total", f.DefenceFlags+f.Bonus)
}

// The fight panel's score line: style and line height.
var stFightScore = render.Style{Size: 16, Bold: true}

const fightScoreLineH = 22

// borneoAction draws the fight (rulebook "2. Companies"), distribution (rulebook "3. Shipment")
// and mission payment (rulebook "1. Complete a Mission") under way.
func borneoAction(wd *words, c *render.Canvas, v *borneo.View, display, initials []string, top, h float64) {
	k := wd.k
	c.Panel(bMargin, top, bInner, h, 8, render.Lighten(render.ColAlert, 0.92), render.ColAlert)
	x := float64(bMargin + 10)
	y := top + 10
	title := render.Style{Size: 15, Bold: true, Colour: render.ColAlert}
	if f := v.Fight; f != nil {
		col, letter := wd.companyStyle(f.Company)
		tx := x + c.Text(k.T("borneo.board.fight"), x, y+11, 0, title) + 8
		c.Chip(tx, y+1, 24, 20, col, letter, 14)
		tx += 30
		y += c.Paragraph(fightTitle(k, f, display), tx, y+1, bW-bMargin-10-tx, fightTitleLineH, 0, render.Style{Size: 15, Bold: true}) + 4
		w := float64(bInner - 20 - fightLabelW)
		lab := render.Style{Size: 13, Bold: true, Colour: render.ColMuted}
		for _, side := range []struct {
			seat  rules.Seat
			label string
			cards []borneo.CardView
		}{{f.Attacker, k.T("borneo.board.attack"), f.AttackCards}, {f.Defender, k.T("borneo.board.defence"), f.DefenceCards}} {
			mid := y + min(bMiniH, miniCardsHeight(len(side.cards), w)-6)/2
			c.SeatDisc(x+11, mid, 11, side.seat, initials)
			c.Text(side.label, x+27, mid, 0, lab)
			y += wd.miniCards(c, side.cards, x+fightLabelW, y, w)
		}
		y += c.Paragraph(fightScore(k, f), x, y, bInner-20, fightScoreLineH, 0, stFightScore) + 6
	}
	if d := v.Distribution; d != nil {
		kind := k.T("borneo.board.shared")
		if d.Monopoly {
			kind = k.T("borneo.board.monopoly")
		}
		tx := x + c.Text(k.T("borneo.board.distribution"), x, y+11, 0, title) + 8
		tx += c.Text(d.Harbour.Name+" · "+kind, tx, y+11, 0, render.Style{Size: 15, Bold: true}) + 8
		for i, co := range d.Companies {
			col, letter := wd.companyStyle(co)
			if i > 0 {
				tx += c.Text("›", tx, y+11, 0, render.Style{Size: 15, Bold: true, Colour: render.ColMuted}) + 4
			}
			c.Chip(tx, y+2, 22, 18, col, letter, 12)
			tx += 26
		}
		y += 24
		c.SeatDisc(x+10, y+10, 9, d.Picker, initials)
		c.Text(k.T("borneo.board.picks-next", "Name", rules.Plain(render.SeatName(display, d.Picker))), x+24, y+10, 0, render.Style{Size: 14, Bold: true})
		y += 22
		y += wd.miniCards(c, d.Pool, x, y, bInner-20) + 4
	}
	if p := v.Payment; p != nil {
		tx := x + c.Text(k.T("borneo.board.mission"), x, y+11, 0, title) + 8
		c.SeatDisc(tx+10, y+11, 9, p.Seat, initials)
		c.Text(k.T("borneo.board.pays", "Name", rules.Plain(render.SeatName(display, p.Seat))), tx+24, y+11, 0, render.Style{Size: 15, Bold: true})
		y += 24
		c.Paragraph(paymentText(wd, p), x, y, bInner-20, 18, 0, render.Style{Size: 14})
	}
}

// missionGroup is a kind of mission still on the board and how many of it remain.
type missionGroup struct {
	m     borneo.MissionView
	count int
}

// missionGroups groups identical missions (same kind, VP and text), lowest VP first as on the
// board (rulebook "Setup: sort the missions by value").
func missionGroups(ms []borneo.MissionView) []missionGroup {
	var gs []missionGroup
	for _, m := range ms {
		found := false
		for i := range gs {
			if gs[i].m.Kind == m.Kind && gs[i].m.VP == m.VP && gs[i].m.Text == m.Text {
				gs[i].count++
				found = true
				break
			}
		}
		if !found {
			gs = append(gs, missionGroup{m: m, count: 1})
		}
	}
	sort.SliceStable(gs, func(i, j int) bool { return gs[i].m.VP < gs[j].m.VP })
	return gs
}

// missionShort is a mission's requirement in a few words ("1 of each"), or in the view's words
// for a kind it does not know.
func missionShort(k *render.Kit, m borneo.MissionView) string {
	switch m.Kind {
	case "one-each", "two-each", "three-each", "four-same", "eight-same":
		return k.T("borneo.board.mission." + m.Kind)
	}
	if m.Text != "" {
		return k.Expand(m.Text)
	}
	return m.Kind
}

// borneoMissions draws the missions still on the board, grouped by kind: VP, requirement and
// how many are left.
func borneoMissions(w *words, c *render.Canvas, ms []borneo.MissionView, top float64) {
	k := w.k
	c.SectionTitle(k.T("borneo.board.missions"), bMargin+4, top+bTitleH/2)
	c.Text(k.T("borneo.board.missions-note"), bW-bMargin-4, top+bTitleH/2, 1, render.Style{Size: 11, Colour: render.ColMuted})
	gs := missionGroups(ms)
	y := top + bTitleH
	if len(gs) == 0 {
		c.Panel(bMargin, y, bInner, bMissionH, 8, render.ColPanelAlt, render.ColBorder)
		c.Text(k.T("borneo.board.no-missions"), bW/2, y+bMissionH/2, 0.5, render.Style{Size: 15, Colour: render.ColMuted})
		return
	}
	vp := k.T("borneo.board.vp")
	for i, g := range gs {
		x := float64(bMargin + (i%5)*(bMissionW+6))
		ty := y + float64(i/5)*(bMissionH+6)
		c.Panel(x, ty, bMissionW, bMissionH, 8, render.ColPanel, render.ColBorder)
		vw := c.Text(strconv.Itoa(g.m.VP), x+8, ty+18, 0, render.Style{Size: 22, Bold: true})
		c.Text(vp, x+10+vw, ty+21, 0, render.Style{Size: 11, Bold: true, Colour: render.ColMuted})
		c.Badge("×"+strconv.Itoa(g.count), x+bMissionW-6-c.Measure("×"+strconv.Itoa(g.count), render.Style{Size: 12, Bold: true})-10, ty+16, render.ColBand, render.Style{Size: 12, Bold: true})
		st := render.Style{Size: 13, Bold: true}
		c.Text(c.Fit(missionShort(k, g.m), bMissionW-12, st), x+8, ty+41, 0, st)
	}
}

// borneoSeats draws one row per seat: disc, name, whose turn, spice units by type, hand size,
// harbour cards, completed missions, the pirate ship and the score so far.
func borneoSeats(w *words, c *render.Canvas, v *borneo.View, display, initials []string, top float64) {
	k := w.k
	c.SectionTitle(k.T("borneo.board.players"), bMargin+4, top+bTitleH/2)
	c.Text(k.T("borneo.board.players-note"), bW-bMargin-4, top+bTitleH/2, 1, render.Style{Size: 11, Colour: render.ColMuted})
	row := k.Layer("borneo/seat-row", bInner, bSeatH, render.ColPaper, func(c *render.Canvas) {
		c.Panel(0.5, 0.5, bInner-1, bSeatH-1, 8, render.ColPanel, render.ColBorder)
	})
	active := map[rules.Seat]bool{}
	for _, s := range v.Active {
		active[s] = true
	}
	y := top + bTitleH
	for _, sv := range v.Seats {
		x := float64(bMargin)
		name := render.SeatName(display, sv.Seat)
		rowH := w.seatRowH(c, v, &sv, name, active[sv.Seat])
		switch {
		case active[sv.Seat] && v.Outcome == nil:
			c.Panel(x+0.5, y+0.5, bInner-1, rowH-1, 8, render.ColHighlight, render.ColAlert)
		case rowH == bSeatH:
			c.Blit(row, int(x), int(y))
		default:
			c.Panel(x+0.5, y+0.5, bInner-1, rowH-1, 8, render.ColPanel, render.ColBorder)
		}
		l1, l2 := y+19, y+41
		if sv.Seat == v.Turn && v.Outcome == nil {
			c.Triangle(x+12, l1, 14, render.ColAlert)
		}
		c.SeatDisc(x+28, l1, 13, sv.Seat, initials)
		// The name beside the spices when it fits there, else on a line of its own above them.
		nameSt, ok := nameBeside(c, name)
		spiceY := l1
		if !ok {
			nameSt, _ = c.FitName(name, bInner-48-70, render.Style{Size: 16, Bold: true})
			spiceY, l2 = l1+seatNameLineH, l2+seatNameLineH
		}
		c.Text(name, x+48, l1, 0, nameSt)
		y += rowH + 4

		// Spice units: five pills with counts.
		sx := x + 198
		l1 = spiceY
		for k, n := range sv.Units {
			col := borneoSpices[k].colour
			st := render.Style{Size: 16, Bold: true}
			if n == 0 {
				col = render.Lighten(col, 0.7)
				st = render.Style{Size: 16, Colour: render.ColMuted}
			}
			c.Pill(sx, l1-10, 26, 20, col, w.spiceLabels[k], 12)
			c.Text(strconv.Itoa(n), sx+29, l1, 0, st)
			sx += 56
		}

		// Score, large at the right.
		rowY := y - rowH - 4
		c.Text(strconv.Itoa(sv.Score), x+bInner-32, rowY+rowH/2-4, 1, render.Style{Size: 26, Bold: true})
		c.Text(k.T("borneo.board.vp"), x+bInner-29, rowY+rowH/2-2, 0, render.Style{Size: 13, Bold: true, Colour: render.ColMuted})

		// Second line: badge, hand size, harbour cards, missions, pirate ship; what does not fit
		// before the score goes on a line below.
		ps := w.seatPieces(c, v, &sv, active[sv.Seat])
		for i, at := range flowPieces(ps, x+48, seatLineEnd(x)) {
			ps[i].draw(c, at.x, l2+float64(at.line)*seatLineH)
		}
	}
}

// seatPiece is one item of the second line of a player's row: its width and how it is drawn at
// (x, cy).
type seatPiece struct {
	w    float64
	draw func(c *render.Canvas, x, cy float64)
}

// seatLineH is the height of each further line of a player's row; seatLineEnd the right end of
// its lines for a row at x (the score is drawn beyond).
const seatLineH = 20

func seatLineEnd(x float64) float64 { return x + bInner - 72 }

// seatPieces are the items of the second line of seat sv's row (measured on c): whose turn, the
// hand size, the warehouse's shipments and harbour cards, the missions and the pirate ship.
func (w *words) seatPieces(c *render.Canvas, v *borneo.View, sv *borneo.SeatView, active bool) []seatPiece {
	k := w.k
	var ps []seatPiece
	badge := func(text string, fill color.Color) {
		st := render.Style{Size: 11, Bold: true}
		ps = append(ps, seatPiece{c.Measure(text, st) + st.Size*0.8 + 6, func(c *render.Canvas, x, cy float64) {
			c.Badge(text, x, cy, fill, st)
		}})
	}
	small := render.Style{Size: 13, Colour: render.ColInk}
	// text is a piece of words after an icon iconW wide drawn by icon (nil: none).
	text := func(iconW float64, icon func(c *render.Canvas, x, cy float64), s string) {
		ps = append(ps, seatPiece{iconW + c.Measure(s, small) + 10, func(c *render.Canvas, x, cy float64) {
			if icon != nil {
				icon(c, x, cy)
			}
			c.Text(s, x+iconW, cy, 0, small)
		}})
	}
	if v.Outcome == nil {
		switch {
		case sv.Seat == v.Turn && active:
			badge(k.T("borneo.board.turn"), render.ColAlert)
		case active:
			badge(k.T("borneo.board.to-act"), render.ColAlert)
		case sv.Seat == v.Turn:
			badge(k.T("borneo.board.turn"), render.ColMuted)
		}
	}
	text(15, func(c *render.Canvas, x, cy float64) {
		c.Panel(x, cy-8, 12, 16, 2, render.ColCard, render.ColCardEdge)
	}, k.T("borneo.board.in-hand", "N", sv.HandCount))
	text(0, nil, k.T("borneo.board.shipments", "Count", len(sv.Warehouse)))
	if len(sv.Harbours) > 0 {
		var hs []string
		for _, h := range sv.Harbours {
			_, lab := w.spiceStyle(h.Spice)
			hs = append(hs, lab)
		}
		chip := k.T("borneo.board.harbour-chip")
		text(19, func(c *render.Canvas, x, cy float64) {
			c.Chip(x, cy-8, 16, 16, render.Lighten(render.ColBand, 0.25), chip, 10)
		}, strings.Join(hs, " "))
	}
	if len(sv.Missions) > 0 {
		badge(missionBadge(k, sv.Missions), render.ColGood)
	}
	if sv.Pirate {
		badge(k.T("borneo.board.pirate"), render.ColInk)
	}
	return ps
}

// placed is where a piece of a row's line goes: its x and its line (0 the first).
type placed struct {
	x    float64
	line int
}

// flowPieces places pieces from x = start, moving to the next line a piece that would end
// beyond end.
func flowPieces(ps []seatPiece, start, end float64) []placed {
	out := make([]placed, len(ps))
	x, line := start, 0
	for i, p := range ps {
		if x > start && x+p.w-6 > end {
			x, line = start, line+1
		}
		out[i] = placed{x, line}
		x += p.w
	}
	return out
}

// seatLines is the number of lines the second line of seat sv's row takes.
func (w *words) seatLines(m *render.Canvas, v *borneo.View, sv *borneo.SeatView, active bool) int {
	ps := w.seatPieces(m, v, sv, active)
	at := flowPieces(ps, bMargin+48, seatLineEnd(bMargin))
	if len(at) == 0 {
		return 1
	}
	return at[len(at)-1].line + 1
}

// seatNameW is the width of a player's name beside the spices in the players section;
// seatNameLineH is the height a row grows by when its name needs a line of its own.
const (
	seatNameW     = 144
	seatNameLineH = 22
)

// seatRowH is the height of a player's row in the players section for seat sv named name: taller
// when the name needs a line of its own, or the second line's items need more lines.
func (w *words) seatRowH(m *render.Canvas, v *borneo.View, sv *borneo.SeatView, name string, active bool) float64 {
	h := float64(bSeatH + (w.seatLines(m, v, sv, active)-1)*seatLineH)
	if _, ok := nameBeside(m, name); ok {
		return h
	}
	return h + seatNameLineH
}

// nameBeside returns the style of a player's name beside the spices in the players section, and
// whether it fits there at 15 px or more.
func nameBeside(m *render.Canvas, name string) (render.Style, bool) {
	st, ok := m.FitName(name, seatNameW, render.Style{Size: 16, Bold: true})
	return st, ok && st.Size >= 15
}

// missionBadge is the text of a seat's completed-missions badge: "mission 6 VP",
// "missions 6+8 VP".
func missionBadge(k *render.Kit, ms []borneo.MissionView) string {
	vps := make([]string, len(ms))
	for i, m := range ms {
		vps[i] = strconv.Itoa(m.VP)
	}
	return k.T("borneo.board.mission-badge", "Count", len(ms), "Points", strings.Join(vps, "+"))
}

// borneoOutcomeHeight is the height of the final-scores panel.
func borneoOutcomeHeight(k *render.Kit, m *render.Canvas, v *borneo.View) float64 {
	o := v.Outcome
	h := 10.0 + 26
	for i := range o.Scores {
		h += 28
		if i < len(o.Details) && o.Details[i] != "" {
			h += m.ParagraphHeight(k.Expand(o.Details[i]), bInner-60, 16, 0, render.Style{Size: 12})
		}
	}
	if o.TieBreak != "" {
		h += m.ParagraphHeight(tieBreak(k, o), bInner-20, 18, 0, render.Style{Size: 13}) + 4
	}
	return h + 8
}

// tieBreak is the outcome panel's line naming the tie-break that decided.
func tieBreak(k *render.Kit, o *rules.Outcome) string {
	return k.T("borneo.board.tiebreak", "Rule", k.Expand(o.TieBreak))
}

// borneoOutcome draws the final scores, highest first, winners starred (rulebook "End of the
// Game": ties go to the player with the most missions).
func borneoOutcome(w *words, c *render.Canvas, v *borneo.View, display, initials []string, top, h float64) {
	k := w.k
	o := v.Outcome
	won, names := render.Winners(o, display)
	x, y := render.OutcomePanel(c, bMargin, top, bInner, h, render.FinalScoresTitle(names, k.T("borneo.board.shared-victory")))
	vp := k.T("borneo.board.vp")
	for _, i := range render.ScoreOrder(o.Scores, nil) {
		s := rules.Seat(i)
		cy := y + 14
		c.OutcomeSeat(x, cy, s, won[s], display, initials, 300)
		c.Text(strconv.Itoa(o.Scores[i])+" "+vp, bW-bMargin-12, cy, 1, render.Style{Size: 18, Bold: true})
		y += 28
		if i < len(o.Details) && o.Details[i] != "" {
			y += c.Paragraph(k.Expand(o.Details[i]), x+54, y-4, bInner-60-10, 16, 0, render.Style{Size: 12, Colour: render.ColMuted})
		}
	}
	if o.TieBreak != "" {
		c.Paragraph(tieBreak(k, o), x, y+2, bInner-20, 18, 0, render.Style{Size: 13})
	}
}

// The card drawn in the legend, in pixels.
const (
	legendCardW = 58
	legendCardH = 46
)

// legendCard draws the legend's card at (x, y): three flags on top, and the flag below
// highlighted.
func (w *words) legendCard(c *render.Canvas, x, y float64) {
	c.CardShape(x, y, legendCardW, legendCardH)
	for j, f := range []string{"Y", "R", "G"} {
		w.flagChip(c, x+4+float64(j)*17, y+4, 15, 16, f)
	}
	w.flagChip(c, x+4+17, y+24, 15, 16, "B")
	c.DrawRoundedRectangle(x+4+17-2.5, y+24-2.5, 20, 21, 4)
	c.SetColor(render.ColAlert)
	c.SetLineWidth(1.5)
	c.Stroke()
}

// The legend's geometry and text style.
const (
	legendRowH = 24
	legendPad  = 10 // left and right
	legendTop  = 6
	legendBot  = 8
	legendLine = 17 // the card paragraph's line height
)

var stLegend = render.Style{Size: 13}

// legendRows are the legend's rows of items: companies, spices, and the double spice and
// merchant marks.
func legendRows(w *words) [][]render.LegendItem {
	k := w.k
	companies := []render.LegendItem{{Label: k.T("borneo.board.legend.companies")}}
	for i, co := range borneoCompanies {
		co, letter := co, w.letters[i]
		companies = append(companies, render.LegendItem{SwatchW: 20, Label: w.names[i], Swatch: func(c *render.Canvas, x, cy float64) {
			c.Chip(x, cy-9, 20, 18, co.colour, letter, 12)
		}})
	}
	spices := []render.LegendItem{{Label: k.T("borneo.board.legend.spices")}}
	for i, sp := range borneoSpices {
		sp, label := sp, w.spiceLabels[i]
		spices = append(spices, render.LegendItem{SwatchW: 24, Label: w.spiceNames[i], Swatch: func(c *render.Canvas, x, cy float64) {
			c.Pill(x, cy-9, 24, 18, sp.colour, label, 11)
		}})
	}
	marks := []render.LegendItem{
		{SwatchW: 40, Label: k.T("borneo.board.legend.double"), Swatch: func(c *render.Canvas, x, cy float64) {
			c.Pill(x, cy-9, 40, 18, borneoSpices[0].colour, w.spiceLabels[0]+"×2", 13)
		}},
		{SwatchW: 20, Label: k.T("borneo.board.legend.merchant"), Swatch: func(c *render.Canvas, x, cy float64) {
			c.Disc(x+10, cy, 10, render.PlayerColour(0), k.T("borneo.board.legend.initial"), 13)
		}},
	}
	return [][]render.LegendItem{companies, spices, marks}
}

// legendRowsHeight is the height render.Canvas.Legend takes for items in width w (its wrapping,
// measured without drawing).
func legendRowsHeight(m *render.Canvas, items []render.LegendItem, w float64) float64 {
	cx, cy := 0.0, legendRowH/2.0
	for _, it := range items {
		lw := m.Measure(it.Label, stLegend)
		if cx > 0 && cx+it.SwatchW+4+lw > w {
			cx = 0
			cy += legendRowH
		}
		if it.Swatch != nil {
			cx += it.SwatchW + 4
		}
		cx += lw + 14
	}
	return cy + legendRowH/2
}

// legendNoteW is the width of the legend's paragraph beside its card.
const legendNoteW = bInner - 2*legendPad - legendCardW - 8

// legendHeight is the height of the legend in the image's language: its rows, then the card and
// its paragraph.
func legendHeight(w *words, m *render.Canvas) float64 {
	h := float64(legendTop)
	for _, items := range legendRows(w) {
		h += legendRowsHeight(m, items, bInner-2*legendPad)
	}
	note := m.ParagraphHeight(w.k.T("borneo.board.legend.card"), legendNoteW, legendLine, 0, stLegend)
	return h + max(legendCardH, note) + legendBot
}

// paintBorneoLegend draws the legend, h high: companies, spices, and how merchants and cards
// are shown.
func paintBorneoLegend(w *words, c *render.Canvas, h float64) {
	c.Panel(0.5, 0.5, bInner-1, h-1, 8, render.ColPanelAlt, render.ColBorder)
	y := float64(legendTop)
	for _, items := range legendRows(w) {
		y += c.Legend(items, legendPad, y, bInner-2*legendPad, legendRowH, stLegend)
	}
	// A card: three flags on top and one below (rulebook "Shipment cards"; NOTES §1.6.5).
	w.legendCard(c, legendPad, y)
	c.Paragraph(w.k.T("borneo.board.legend.card"), legendPad+legendCardW+8, y, legendNoteW, legendLine, 0, stLegend)
}

// borneoHand draws a seat's hand as cards plus a strip summarising its warehouse (see
// Renderer.Hand).
func borneoHand(k *render.Kit, v *borneo.View) (image.Image, error) {
	if v.Viewer == rules.Observer || v.Viewer < 0 {
		return nil, errors.New("render borneo hand: the observer view has no hand")
	}
	n := max(len(v.Seats), v.Players, int(v.Viewer)+1)
	display, initials := k.SeatLabels(n)
	w := newWords(k)
	var me *borneo.SeatView
	for i := range v.Seats {
		if v.Seats[i].Seat == v.Viewer {
			me = &v.Seats[i]
		}
	}

	m := k.Canvas(1, 1)
	status := k.Expand(v.Status)
	yourMove := false
	for _, s := range v.Active {
		if s == v.Viewer {
			yourMove = true
		}
	}
	if v.Outcome != nil {
		status = k.T("borneo.board.over")
		yourMove = false
	}
	note := k.T("borneo.hand.flag-note")
	statusH := render.HandStatusHeight(m, hW-2*hMargin, status, 0, yourMove)
	rows := max(1, (len(v.Hand)+hPerRow-1)/hPerRow)
	cardsH := float64(rows)*(hCardH+hCardGp) + 24
	if len(v.Hand) > 0 {
		cardsH += m.ParagraphHeight(note, hW-2*hMargin, 17, 0, stHandNote) + 4
	}
	harbours := k.T("borneo.hand.no-harbours")
	if me != nil && len(me.Harbours) > 0 {
		var hs []string
		for _, h := range me.Harbours {
			hs = append(hs, k.T("borneo.hand.harbour", "Harbour", h.Name, "Spice", w.spiceName(h.Spice)))
		}
		harbours = k.T("borneo.hand.harbours", "Harbours", strings.Join(hs, ", "))
	}
	stripH := 112 + m.ParagraphHeight(harbours, hW-2*hMargin-20, 18, 0, stHandSmall)
	height := int(render.HandHeaderH + 8 + statusH + 8 + cardsH + stripH + hMargin)

	c := k.Canvas(hW, height)
	c.Fill(render.ColPaper)
	k.HandHeader(c, hW, v.Viewer, display, initials, hW-190)

	y := float64(render.HandHeaderH + 8)
	render.HandStatusPanel(c, hMargin, y, hW-2*hMargin, statusH, status, 0, yourMove)
	y += statusH + 8

	c.SectionTitle(k.T("borneo.hand.cards", "Count", len(v.Hand)), hMargin+2, y+10)
	y += 24
	if len(v.Hand) == 0 {
		render.EmptyHand(c, hMargin, y, hW-2*hMargin, hCardH)
	}
	for i, card := range v.Hand {
		x := float64(hMargin + (i%hPerRow)*(hCardW+hCardGp))
		w.handCard(c, x, y+float64(i/hPerRow)*(hCardH+hCardGp), card)
	}
	y += float64(rows) * (hCardH + hCardGp)
	if len(v.Hand) > 0 {
		y += c.Paragraph(note, hMargin+2, y-2, hW-2*hMargin, 17, 0, stHandNote) + 4
	}

	// Warehouse strip.
	c.Panel(hMargin, y, hW-2*hMargin, stripH-6, 8, render.ColPanel, render.ColBorder)
	x := float64(hMargin + 10)
	c.SectionTitle(k.T("borneo.hand.warehouse"), x, y+14)
	if me == nil {
		c.Text(k.T("borneo.hand.no-warehouse"), x, y+42, 0, render.Style{Size: 14, Colour: render.ColMuted})
		return c.Image(), nil
	}
	c.Text(strconv.Itoa(me.Score), hW-hMargin-34, y+28, 1, render.Style{Size: 28, Bold: true})
	c.Text(k.T("borneo.board.vp"), hW-hMargin-30, y+31, 0, render.Style{Size: 12, Bold: true, Colour: render.ColMuted})
	sx := x
	for i, n := range me.Units {
		col := borneoSpices[i].colour
		st := render.Style{Size: 18, Bold: true}
		if n == 0 {
			col = render.Lighten(col, 0.7)
			st = render.Style{Size: 18, Colour: render.ColMuted}
		}
		c.Pill(sx, y+30, 30, 22, col, w.spiceLabels[i], 13)
		c.Text(strconv.Itoa(n), sx+34, y+41, 0, st)
		sx += 66
	}
	ly := y + 72
	lx := x
	lx += c.Text(k.T("borneo.hand.shipment-cards", "Count", len(me.Warehouse)), lx, ly, 0, stHandSmall) + 12
	c.Paragraph(harbours, x, ly+9, hW-2*hMargin-20, 18, 0, stHandSmall)
	if len(me.Missions) > 0 {
		lx += c.Badge(missionBadge(k, me.Missions), lx, ly, render.ColGood, render.Style{Size: 12, Bold: true}) + 6
	}
	if me.Pirate {
		c.Badge(k.T("borneo.board.pirate"), lx+4, ly, render.ColInk, render.Style{Size: 12, Bold: true})
	}
	return c.Image(), nil
}

// Styles of a hand image: its notes and the warehouse's small print.
var (
	stHandNote  = render.Style{Size: 13, Colour: render.ColMuted}
	stHandSmall = render.Style{Size: 14}
)

// handCard draws one shipment card at full hand size: flags (top row of three, bottom row of
// one), the spice with its ×2 marker, and the spice's name.
func (w *words) handCard(c *render.Canvas, x, y float64, card borneo.CardView) {
	c.CardShape(x, y, hCardW, hCardH)
	for j, f := range card.Top {
		w.flagChip(c, x+5+float64(j)*23, y+6, 20, 22, f)
	}
	w.flagChip(c, x+5+23, y+32, 20, 22, card.Bottom)
	c.Rect(x+6, y+60, hCardW-12, 1, render.ColCardEdge)
	col, label := w.spiceStyle(card.Spice)
	if card.Double {
		c.Pill(x+6, y+66, 38, 26, col, label, 15)
		c.Disc(x+hCardW-16, y+79, 12, render.ColGold, "×2", 11)
	} else {
		c.Pill(x+(hCardW-44)/2, y+66, 44, 26, col, label, 15)
	}
	c.Text(w.spiceName(card.Spice), x+hCardW/2, y+106, 0.5, render.Style{Size: 13, Colour: render.ColMuted})
}
