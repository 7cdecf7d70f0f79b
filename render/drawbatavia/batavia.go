// Package drawbatavia draws Batavia's board and hand images from batavia.View (never from a
// state), for the render registry: register Drawer with batavia.Game in package spicebot/games.
//
// The board, about 540 px wide, stacks: the title band (round, stack and discard pile), the
// status, the final scores once the game is over, the running auction (die, package, high bid,
// who is still in), the 35-hex track in seven rows of five (the blocks of the setup) between the
// start space and the Target counter — face-up counters show company and commodity, face-down
// ones their company only, merchants stand on the hexes they took —, the ship scale (cannon and
// the five companies on 0–25 with the pirates' threshold, and each seal's holder), the players
// (laid-out cards by company, counters, crates, gold, hand size), the 7 × 5 warehouse grid, and a
// legend. Every company is drawn with its colour and its letter; no text is under 13 px; no
// component id is drawn.
//
// # Words
//
// Every word drawn comes from the game's catalogue (rules/batavia/messages: ids
// "batavia.board.…", and the rules' own words such as "batavia.commodity.tea"), in the image's
// language (render.Kit.T, Expand); the rules text of the view (status, last move) is expanded
// in that language. The layout measures the words rather than assuming English widths: the
// Start and Target rows, the auction panel (the package goes on its own line when the die's
// line is full), the hexes (the commodity on a line of its own), the legend's rows and the
// hand's label column and facts (wrapped, never cut) follow the text, so that the longer French
// words fit.
package drawbatavia

import (
	"errors"
	"image"
	"image/color"
	"strconv"
	"strings"

	"spicebot/render"
	"spicebot/rules"
	"spicebot/rules/batavia"
)

// Drawer draws Batavia boards and hands from batavia.View.
var Drawer = render.Views(palette(), board, hand)

// palette returns the colours Batavia's images are painted with (see render.NewPalette): the
// companies' colours and the shades drawn from them.
func palette() *render.Palette {
	fills := []color.Color{render.Lighten(render.ColBand, 0.65)}
	for _, col := range companyColours {
		fills = append(fills, col, render.Lighten(col, 0.45), render.Lighten(col, 0.7), render.Darken(col, 0.35))
	}
	return render.NewPalette(fills...)
}

// Geometry, in pixels.
const (
	bW      = 540
	bMargin = 10
	bInner  = bW - 2*bMargin
	bGap    = 8
	bTitleH = 26 // a section title line

	headerH = 46

	hexCols = 5
	hexW    = 100
	hexH    = 46
	hexGapX = (bInner - hexCols*hexW) / (hexCols - 1)
	hexRowH = hexH + 4
	endRowH = 38 // start space and Target rows

	scaleRowH = 23
	scaleX    = 126 // where the 0–25 scale starts
	scaleW    = 242

	seatRowH = 70

	whRowH  = 25
	whNameW = 132
	whColW  = 52

	legendRowH = 26

	handW = 540
)

// companyColours are the companies' colours, in batavia.Company order: British red, Danish green,
// French blue, Dutch brown, Swedish yellow — apart from the seat colours of the kit.
var companyColours = [batavia.NumCompanies]color.RGBA{
	{0xc6, 0x28, 0x28, 0xff},
	{0x2e, 0x7d, 0x32, 0xff},
	{0x1e, 0x5b, 0xb8, 0xff},
	{0x8d, 0x4e, 0x24, 0xff},
	{0xf4, 0xc2, 0x0d, 0xff},
}

// company returns the company of a view's letter, and false for an unknown one.
func company(letter string) (batavia.Company, bool) { return batavia.CompanyByLetter(letter) }

// chip draws a company chip (colour and letter) w×h at (x, y).
func chip(c *render.Canvas, x, y, w, h float64, co batavia.Company) {
	c.Chip(x, y, w, h, companyColours[co], co.Letter(), 13)
}

var (
	stTitle = render.Style{Size: 14, Bold: true, Colour: render.ColMuted}
	stBody  = render.Style{Size: 14}
	stBold  = render.Style{Size: 14, Bold: true}
	stSmall = render.Style{Size: 13, Colour: render.ColMuted}
	stNum   = render.Style{Size: 15, Bold: true}
)

// auctionH is the height of the auction panel: three lines, four when the package does not fit
// beside the die (a long name, a long language).
func auctionH(wide bool) float64 {
	if wide {
		return 118
	}
	return 92
}

func trackH() float64     { return bTitleH + 2*endRowH + 7*hexRowH }
func scaleH() float64     { return bTitleH + 6*scaleRowH + 6 }
func warehouseH() float64 { return bTitleH + 8*whRowH + 4 }

// board draws the public board. It uses only public fields (never the viewer's hand or notes), so
// every seat's view and the observer's give the same image.
func board(k *render.Kit, v *batavia.View) (image.Image, error) {
	n := len(v.Seats)
	if n == 0 || len(v.Track) != batavia.NumHexes {
		return nil, errors.New("render batavia board: the view has no seats or no track")
	}
	display, initials := k.SeatLabels(n)
	over := v.Outcome != nil
	m := k.Canvas(1, 1)
	status, last := k.Expand(v.Status), k.Expand(v.LastMove)
	if last != "" {
		last = k.T("batavia.board.last", "Move", last)
		// At most two lines: the rest of a long move (a pirate attack, the next auction) is on
		// the board itself.
		if lines := m.Wrap(last, bInner-40, render.Style{Size: 14}); len(lines) > 2 {
			last = strings.TrimSpace(lines[0]) + " " + m.Fit(strings.TrimSpace(lines[1])+" "+strings.TrimSpace(lines[2]), bInner-60, render.Style{Size: 14})
		}
	}
	statusH := render.StatusHeight(m, bInner, status, last)
	var outcomeH, auctionHt float64
	if over {
		outcomeH = 40 + float64(n)*44
	}
	wide := false
	if v.Auction != nil {
		wide = auctionWide(k, m, v, display)
		auctionHt = auctionH(wide)
	}
	legendH := legendHeight(k, m)
	gold := make([]string, n)
	for i, sv := range v.Seats {
		gold[i] = k.T("batavia.board.gold", "Count", sv.Gold)
	}
	brief := k.SeatsBrief(bMargin, bInner, display, initials, gold)
	col := render.Column{W: bW, HeaderH: headerH, Gap: bGap, Margin: bMargin, Header: func(c *render.Canvas) { header(k, c, v) }}
	return k.Stack(col, []render.Panel{
		{H: statusH, Draw: func(c *render.Canvas, top float64) {
			render.StatusPanel(c, bMargin, top, bInner, statusH, status, last, over)
		}},
		{H: outcomeH, Draw: func(c *render.Canvas, top float64) { outcome(k, c, v, display, initials, top, outcomeH) }},
		{H: auctionHt, Draw: func(c *render.Canvas, top float64) { auction(k, c, v, display, initials, top, wide) }},
		{H: trackH(), Draw: func(c *render.Canvas, top float64) { track(k, c, v, initials, top) }},
		{H: scaleH(), Fold: 2, Draw: func(c *render.Canvas, top float64) { scale(k, c, v, display, initials, top) }},
		{H: bTitleH + float64(n)*(seatRowH+4), Fold: 1, Brief: &brief, Draw: func(c *render.Canvas, top float64) { seats(k, c, v, display, initials, top) }},
		{H: warehouseH(), Detail: true, Draw: func(c *render.Canvas, top float64) { warehouses(k, c, v, initials, top) }},
		{H: legendH, Detail: true, Draw: func(c *render.Canvas, top float64) {
			c.Blit(k.Layer(layerKey{"legend", 0}, bInner, int(legendH), render.ColPaper, func(c *render.Canvas) { paintLegend(k, c, legendH) }),
				bMargin, int(top))
		}},
	}), nil
}

// layerKey names a cached layer of this package.
type layerKey struct {
	name string
	n    int
}

func header(k *render.Kit, c *render.Canvas, v *batavia.View) {
	k.TitleBand(c, "batavia/header", bW, headerH, k.T("batavia.board.title"), 22)
	soft := render.Lighten(render.ColBand, 0.65)
	info := k.T("batavia.board.header", "Round", v.Round, "Stack", v.Stack, "Discard", v.Discard)
	c.Text(info, bW-14, headerH/2, 1, render.Style{Size: 15, Bold: true, Colour: soft})
}

func sectionTitle(c *render.Canvas, text string, y float64) {
	c.Text(text, bMargin+2, y+bTitleH/2, 0, stTitle)
}

// auctionHead is the first line of the auction panel: the title and who rolled what.
func auctionHead(k *render.Kit, v *batavia.View, display []string) (title, rolled string) {
	a := v.Auction
	return k.T("batavia.board.auction"), k.T("batavia.board.rolled", "Name", rules.Plain(render.SeatName(display, a.Auctioneer)), "Die", a.Die)
}

// packageW is the width of the auction's package: a count and a chip per company, and the total.
func packageW(k *render.Kit, c *render.Canvas, a *batavia.AuctionView) float64 {
	w, total := 0.0, 0
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		if a.Package[co] > 0 {
			total += a.Package[co]
			w += c.Measure(strconv.Itoa(a.Package[co])+"×", stNum) + 3 + 32
		}
	}
	return w + c.Measure(k.T("batavia.ship_count", "Count", total), stBody)
}

// auctionWide says whether the package goes on a line of its own, below the die.
func auctionWide(k *render.Kit, c *render.Canvas, v *batavia.View, display []string) bool {
	title, rolled := auctionHead(k, v, display)
	return 12+c.Measure(title, stTitle)+10+c.Measure(rolled, stBody)+10+packageW(k, c, v.Auction) > bInner-12
}

// auction draws the running auction: the die, the package, the high bid and who is still in.
func auction(k *render.Kit, c *render.Canvas, v *batavia.View, display, initials []string, top float64, wide bool) {
	a := v.Auction
	panel(c, bMargin, top, bInner, auctionH(wide), 8, render.ColPanel, render.ColBorder)
	x := float64(bMargin + 12)
	y := top + 18
	title, rolled := auctionHead(k, v, display)
	x += c.Text(title, x, y, 0, stTitle) + 10
	x += c.Text(rolled, x, y, 0, stBody) + 10
	if wide {
		x, y = float64(bMargin+12), y+26
	}
	total := 0
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		if a.Package[co] == 0 {
			continue
		}
		total += a.Package[co]
		x += c.Text(strconv.Itoa(a.Package[co])+"×", x, y, 0, stNum) + 3
		chip(c, x, y-10, 24, 20, co)
		x += 32
	}
	c.Text(k.T("batavia.ship_count", "Count", total), x, y, 0, stBody)
	y += 26
	bid := k.T("batavia.board.no_bid")
	if a.HighSeat >= 0 {
		bid = k.T("batavia.board.high_bid", "Notes", rules.Msg("batavia.note", "Count", a.High),
			"Name", rules.Plain(render.SeatName(display, a.HighSeat)))
	}
	c.Text(c.Fit(bid, bInner-24, stBold), bMargin+12, y, 0, stBold)
	y += 26
	x = float64(bMargin + 12)
	x += c.Text(k.T("batavia.board.still_in"), x, y, 0, stBody) + 8
	for i, in := range a.In {
		s := rules.Seat(i)
		if !in {
			continue
		}
		c.SeatDisc(x+11, y, 11, s, initials)
		x += 26
	}
	out := []string{}
	for i, in := range a.In {
		if !in {
			out = append(out, render.SeatName(display, rules.Seat(i)))
		}
	}
	if len(out) > 0 {
		c.Text(c.Fit(k.T("batavia.board.passed", "Names", rules.Plain(strings.Join(out, ", "))), bMargin+bInner-x-8, stSmall), x+6, y, 0, stSmall)
	}
}

// hexXY is the top-left corner of hex h (1..35) in a track section starting at top.
func hexXY(h int, top float64) (float64, float64) {
	i := h - 1
	row, col := i/hexCols, i%hexCols
	return float64(bMargin + col*(hexW+hexGapX)), top + bTitleH + endRowH + float64(row)*hexRowH
}

// hexKey names a cached hexagon sprite.
type hexKey struct {
	fill, edge color.RGBA
	w, h       float64
}

// hexagon draws a flat hexagon w×h at (x, y): a cached sprite.
func hexagon(c *render.Canvas, x, y, w, h float64, fill, edge color.Color) {
	c.Sprite(hexKey{render.ToRGBA(fill), render.ToRGBA(edge), w, h}, x, y, w, h, func(s *render.Canvas, x, y float64) {
		paintHexagon(s, x, y, w, h, fill, edge)
	})
}

func paintHexagon(c *render.Canvas, x, y, w, h float64, fill, edge color.Color) {
	const cut = 12
	c.NewSubPath()
	c.MoveTo(x+cut, y)
	c.LineTo(x+w-cut, y)
	c.LineTo(x+w, y+h/2)
	c.LineTo(x+w-cut, y+h)
	c.LineTo(x+cut, y+h)
	c.LineTo(x, y+h/2)
	c.ClosePath()
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(edge)
	c.SetLineWidth(1.5)
	c.Stroke()
}

// track draws the start space, the 35 hexes and the Target counter with the merchants.
func track(k *render.Kit, c *render.Canvas, v *batavia.View, initials []string, top float64) {
	sectionTitle(c, k.T("batavia.board.posts_title", "FaceUp", faceUpText(v)), top)
	merchantAt := map[int][]rules.Seat{}
	for _, sv := range v.Seats {
		merchantAt[sv.Pos] = append(merchantAt[sv.Pos], sv.Seat)
	}
	// Start space.
	y := top + bTitleH
	panel(c, bMargin, y+2, bInner, endRowH-6, 8, render.ColPanelAlt, render.ColBorder)
	x := bMargin + 12 + max(68, c.Text(k.T("batavia.board.start"), bMargin+12, y+endRowH/2-1, 0, stBold)+12)
	for _, s := range merchantAt[0] {
		c.SeatDisc(x, y+endRowH/2-1, 12, s, initials)
		x += 28
	}
	if len(merchantAt[0]) == 0 {
		c.Text(k.T("batavia.board.all_sailed"), x, y+endRowH/2-1, 0, stSmall)
	}
	for h := 1; h <= batavia.NumHexes; h++ {
		hv := v.Track[h-1]
		hx, hy := hexXY(h, top)
		numSt := stSmall
		switch {
		case hv.Taken:
			c.Rect(hx+6, hy+2, hexW-12, hexH-4, render.ColPanelAlt)
		case hv.FaceUp:
			hexagon(c, hx, hy, hexW, hexH, render.ColCard, render.ColCardEdge)
		default:
			co, _ := company(hv.Company)
			hexagon(c, hx, hy, hexW, hexH, render.Lighten(companyColours[co], 0.45), render.ColCardEdge)
			numSt = render.Style{Size: 13, Colour: render.ColInk}
		}
		// The top line holds the hex number (after the company's chip on a counter), the bottom
		// line the commodity across the hexagon's whole width, or the merchants on a taken hex.
		cy := hy + 31
		if hv.Taken {
			c.Text(strconv.Itoa(h), hx+hexW/2, hy+10, 0.5, numSt)
			for i, s := range merchantAt[h] {
				c.SeatDisc(hx+hexW/2+float64(i)*24, cy-2, 12, s, initials)
			}
			continue
		}
		co, _ := company(hv.Company)
		chip(c, hx+hexW/2-24, hy+3, 20, 15, co)
		c.Text(strconv.Itoa(h), hx+hexW/2+2, hy+11, 0, numSt)
		if hv.FaceUp {
			name := k.T("batavia.commodity." + hv.Commodity)
			c.Text(name, hx+hexW/2, cy, 0.5, commoditySt(c, name, hexW-16))
		} else {
			c.Text("?", hx+hexW/2, cy, 0.5, render.Style{Size: 17, Bold: true, Colour: render.ColInk})
		}
	}
	// Target counter.
	y = top + bTitleH + endRowH + 7*hexRowH
	fill := render.ColHighlight
	if v.TargetBy >= 0 {
		fill = render.ColPanelAlt
	}
	panel(c, bMargin, y+4, bInner, endRowH-6, 8, fill, render.ColBorder)
	x = bMargin + 12 + max(68, c.Text(k.T("batavia.board.target"), bMargin+12, y+endRowH/2+1, 0, stBold)+12)
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		chip(c, x, y+endRowH/2-9, 22, 20, co)
		x += 26
	}
	x += 8
	if v.TargetBy >= 0 {
		c.SeatDisc(x+12, y+endRowH/2+1, 12, v.TargetBy, initials)
		lines(c, k.T("batavia.board.took_it", "Gold", batavia.TargetGold), x+30, y+endRowH/2+1, bMargin+bInner-x-38, stBody)
	} else {
		lines(c, k.T("batavia.board.target_help", "Gold", batavia.TargetGold), x, y+endRowH/2+1, bMargin+bInner-x-8, stSmall)
	}
}

// lines draws text from x centred on cy, on one line when it fits in w and else wrapped on two
// at the smallest size (never cut: a longer text overflows the row rather than lose words).
func lines(c *render.Canvas, text string, x, cy, w float64, st render.Style) {
	if c.Measure(text, st) <= w {
		c.Text(text, x, cy, 0, st)
		return
	}
	st.Size = render.MinTextSize
	ls := c.Wrap(text, w, st)
	for i, l := range ls {
		c.Text(strings.TrimSpace(l), x, cy+(float64(i)-float64(len(ls)-1)/2)*15, 0, st)
	}
}

// commoditySt is the bold style of a commodity's name on a hex, a point smaller (never below the
// kit's floor) when the name is wider than w.
func commoditySt(c *render.Canvas, name string, w float64) render.Style {
	st := stBold
	for st.Size > render.MinTextSize && c.Measure(name, st) > w {
		st.Size--
	}
	return st
}

// faceUpText says how far the track is face up (rules text).
func faceUpText(v *batavia.View) string {
	if v.FaceUp >= batavia.NumHexes {
		return rules.Msg("batavia.board.all_up")
	}
	return rules.Msg("batavia.board.up_to", "Hex", v.FaceUp)
}

// scale draws the ship scale: the cannon and each company's laid-out ships on 0–25, the
// pirates' threshold, and each seal's holder.
func scale(k *render.Kit, c *render.Canvas, v *batavia.View, display, initials []string, top float64) {
	sectionTitle(c, k.T("batavia.board.ships_title", "N", v.Threshold), top)
	y0 := top + bTitleH
	panel(c, bMargin, y0, bInner, 6*scaleRowH+6, 8, render.ColPanel, render.ColBorder)
	unit := float64(scaleW) / batavia.MaxCannon
	x0 := float64(bMargin + scaleX)
	// Threshold line.
	tx := x0 + float64(v.Threshold)*unit
	c.Rect(tx-1, y0+4, 2, 6*scaleRowH-2, render.ColAlert)
	row := func(i int, label func(cy float64), count int, col color.Color) {
		cy := y0 + 3 + float64(i)*scaleRowH + scaleRowH/2
		label(cy)
		c.Rect(x0, cy-7, float64(scaleW), 14, render.ColPanelAlt)
		shown := min(count, batavia.MaxCannon)
		if shown > 0 {
			c.Rect(x0, cy-7, float64(shown)*unit, 14, col)
		}
		c.Text(strconv.Itoa(count), x0+float64(scaleW)+8, cy, 0, stNum)
	}
	row(0, func(cy float64) { c.Text(k.T("batavia.board.cannon"), bMargin+10, cy, 0, stBold) }, v.Cannon, render.ColInk)
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		row(int(co)+1, func(cy float64) {
			chip(c, bMargin+10, cy-10, 24, 20, co)
			c.Text(companyName(k, co), bMargin+38, cy, 0, stBody)
		}, v.Ships[co], companyColours[co])
		cy := y0 + 3 + float64(co+1)*scaleRowH + scaleRowH/2
		sx := x0 + float64(scaleW) + 36
		if h := v.Seals[co]; h >= 0 {
			// The holder's disc, and the name when it fits whole (the players list names
			// every disc).
			c.SeatDisc(sx+10, cy, 10, h, initials)
			label := k.T("batavia.board.seal_of", "Name", rules.Plain(render.SeatName(display, h)))
			if c.Measure(label, stSmall) > bMargin+bInner-sx-30 {
				label = k.T("batavia.board.seal")
			}
			c.Text(label, sx+24, cy, 0, render.Style{Size: 13})
		} else {
			c.Text(k.T("batavia.board.seal_free"), sx, cy, 0, stSmall)
		}
	}
}

// seats draws one row per player: name, hand size, notes (only at the end), gold, crates, the
// laid-out cards by company and the counters held.
func seats(k *render.Kit, c *render.Canvas, v *batavia.View, display, initials []string, top float64) {
	sectionTitle(c, k.T("batavia.board.players"), top)
	badge := k.T("batavia.board.start_player")
	badgeSt := render.Style{Size: 13, Bold: true}
	badgeW := c.Measure(badge, badgeSt) + badgeSt.Size*0.8
	y := top + bTitleH
	for _, sv := range v.Seats {
		fill := render.ColPanel
		if sv.Seat == v.Acting {
			fill = render.ColHighlight
		}
		panel(c, bMargin, y, bInner, seatRowH, 8, fill, render.ColBorder)
		cy := y + 17
		c.SeatDisc(bMargin+20, cy, 12, sv.Seat, initials)
		x := float64(bMargin + 38)
		nameW := float64(bInner - 48)
		if sv.Seat == v.Start {
			nameW -= badgeW + 14
		}
		x += c.Text(c.Fit(render.SeatName(display, sv.Seat), nameW, stBold), x, cy, 0, stBold) + 8
		if sv.Seat == v.Start {
			c.Badge(badge, x, cy, render.ColGold, badgeSt)
		}
		var facts string
		if sv.Notes != nil && v.Outcome != nil {
			facts = k.T("batavia.board.facts.notes", "Hand", sv.HandSize, "Gold", sv.Gold, "Crates", sv.Crates, "Notes", *sv.Notes)
		} else {
			facts = k.T("batavia.board.facts", "Hand", sv.HandSize, "Gold", sv.Gold, "Crates", sv.Crates)
		}
		ly := y + 39
		factsW := c.Text(facts, bMargin+bInner-10, ly, 1, render.Style{Size: 14})
		// Laid out: the label is left out when the chips and the facts would not fit beside it.
		x = bMargin + 12
		none := k.T("batavia.board.no_laid")
		if label := k.T("batavia.board.laid_out"); x+laidOutW(c, sv.Laid)+factsW+c.Measure(label, stSmall)+16 < bMargin+bInner {
			x += c.Text(label, x, ly, 0, stSmall) + 8
			none = k.T("batavia.board.none")
		}
		any := false
		for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
			if sv.Laid[co] == 0 {
				continue
			}
			any = true
			chip(c, x, ly-10, 22, 20, co)
			x += 24
			x += c.Text(strconv.Itoa(sv.Laid[co]), x, ly, 0, stNum) + 10
		}
		if !any {
			c.Text(none, x, ly, 0, stSmall)
		}
		// Counters held.
		py := y + 59
		x = bMargin + 12
		x += c.Text(k.T("batavia.board.posts"), x, py, 0, stSmall) + 8
		if len(sv.Posts) == 0 {
			c.Text(k.T("batavia.board.none"), x, py, 0, stSmall)
		}
		for _, p := range sv.Posts {
			co, _ := company(p.Company)
			name := k.T("batavia.commodity." + p.Commodity)
			w := c.Measure(name, render.Style{Size: 13})
			if x+w+30 > bMargin+bInner-4 {
				c.Text("…", x, py, 0, stBody)
				break
			}
			chip(c, x, py-8, 18, 16, co)
			x += 20
			x += c.Text(name, x, py, 0, render.Style{Size: 13}) + 8
		}
		y += seatRowH + 4
	}
}

// warehouses draws the 7 × 5 warehouse grid: one row per commodity (its values), one column per
// company, a player's disc where its crate lies, and the current leaders.
func warehouses(k *render.Kit, c *render.Canvas, v *batavia.View, initials []string, top float64) {
	sectionTitle(c, k.T("batavia.board.warehouses_title"), top)
	y0 := top + bTitleH
	c.Blit(k.Layer(layerKey{"warehouses", 0}, bInner, 8*whRowH+4, render.ColPaper, func(c *render.Canvas) { paintWarehouses(k, c) }),
		bMargin, int(y0))
	x0 := float64(bMargin + whNameW)
	lx := x0 + batavia.NumCompanies*whColW + 6
	for k := batavia.Commodity(0); k < batavia.NumCommodities; k++ {
		cy := y0 + float64(k+1)*whRowH + whRowH/2 + 2
		counts := make([]int, len(v.Seats))
		for co := 0; co < batavia.NumCompanies; co++ {
			s := v.Warehouse[k][co]
			cx := x0 + float64(co)*whColW + whColW/2
			if s >= 0 {
				c.SeatDisc(cx, cy, 11, s, initials)
				if int(s) < len(counts) {
					counts[s]++
				}
			}
		}
		best := 0
		for _, n := range counts {
			best = max(best, n)
		}
		x := lx
		for s, n := range counts {
			if n == best && best > 0 {
				c.SeatDisc(x+10, cy, 10, rules.Seat(s), initials)
				x += 23
			}
		}
	}
}

// outcome draws the final scores, best first, with each player's breakdown.
func outcome(k *render.Kit, c *render.Canvas, v *batavia.View, display, initials []string, top, h float64) {
	o := v.Outcome
	winners, names := render.Winners(o, display)
	title := k.T("batavia.board.final")
	switch len(names) {
	case 1:
		title = k.T("batavia.board.final.winner", "Name", rules.Plain(names[0]))
	case 0:
	default:
		title = k.T("batavia.board.final.shared", "Names", rules.Plain(strings.Join(names, ", ")))
	}
	x, y := render.OutcomePanel(c, bMargin, top, bInner, h, title)
	for _, i := range render.ScoreOrder(o.Scores, nil) {
		s := rules.Seat(i)
		cy := y + 12
		c.OutcomeSeat(x, cy, s, winners[s], display, initials, 250)
		c.Text(k.T("batavia.board.gold", "Count", o.Scores[i]), bMargin+bInner-12, cy, 1, render.Style{Size: 16, Bold: true})
		if i < len(v.Scores) {
			sc := v.Scores[i]
			var parts string
			if sc.Target > 0 {
				parts = k.T("batavia.board.breakdown.target", "Warehouses", sc.Warehouses, "Notes", sc.Notes, "Seals", sc.Seals,
					"Target", sc.Target, "Exchanged", sc.Exchanged)
			} else {
				parts = k.T("batavia.board.breakdown", "Warehouses", sc.Warehouses, "Notes", sc.Notes, "Seals", sc.Seals,
					"Exchanged", sc.Exchanged)
			}
			c.Text(c.Fit(parts, bInner-70, stSmall), x+54, cy+20, 0, stSmall)
		}
		y += 44
	}
}

// companyName is the company's name drawn alone ("Danish", "Danois").
func companyName(k *render.Kit, co batavia.Company) string {
	return k.T("batavia.board.company." + co.Letter())
}

// legendItems are the legend's two groups of entries: the companies, and the symbols.
func legendItems(k *render.Kit) (companies, symbols []render.LegendItem) {
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		companies = append(companies, render.LegendItem{SwatchW: 24, Label: companyName(k, co), Swatch: func(c *render.Canvas, x, cy float64) {
			chip(c, x, cy-10, 24, 20, co)
		}})
	}
	symbols = []render.LegendItem{
		{SwatchW: 30, Label: k.T("batavia.board.legend.face_down"), Swatch: func(c *render.Canvas, x, cy float64) {
			hexagon(c, x, cy-9, 30, 18, render.Lighten(companyColours[0], 0.45), render.ColCardEdge)
		}},
		{SwatchW: 22, Label: k.T("batavia.board.legend.merchant"), Swatch: func(c *render.Canvas, x, cy float64) {
			c.DrawCircle(x+11, cy, 10)
			c.SetColor(render.PlayerColour(0))
			c.Context.Fill()
		}},
	}
	return companies, symbols
}

var (
	stLegend    = render.Style{Size: 14}
	stLegendSym = render.Style{Size: 13}
)

// legendRows counts the rows render.Canvas.Legend wraps items into in w pixels.
func legendRows(c *render.Canvas, items []render.LegendItem, w float64, st render.Style) int {
	rows, cx := 1, 0.0
	for _, it := range items {
		itemW := it.SwatchW + 4 + c.Measure(it.Label, st)
		if cx > 0 && cx+itemW > w {
			cx = 0
			rows++
		}
		cx += itemW + 14
	}
	return rows
}

// legendHeight is the height of the legend in the image's language: its rows and margins.
func legendHeight(k *render.Kit, m *render.Canvas) float64 {
	companies, symbols := legendItems(k)
	rows := legendRows(m, companies, bInner-20, stLegend) + legendRows(m, symbols, bInner-20, stLegendSym)
	return float64(rows*legendRowH) + 10
}

// paintLegend draws the static legend, h pixels high: the companies and the symbols.
func paintLegend(k *render.Kit, c *render.Canvas, h float64) {
	c.Panel(0.5, 0.5, bInner-1, h-1, 8, render.ColPanelAlt, render.ColBorder)
	companies, symbols := legendItems(k)
	top := c.Legend(companies, 10, 4, bInner-20, legendRowH, stLegend)
	c.Legend(symbols, 10, 4+top, bInner-20, legendRowH, stLegendSym)
}

// hand draws the private image of the view's seat: its ship cards by company, its notes (secret),
// its lay-out and counters, and what an exchange would pay now.
func hand(k *render.Kit, v *batavia.View) (image.Image, error) {
	if v.Viewer < 0 || v.Hand == nil || int(v.Viewer) >= len(v.Seats) {
		return nil, errors.New("render batavia hand: the observer has no hand")
	}
	display, initials := k.SeatLabels(len(v.Seats))
	m := k.Canvas(1, 1)
	inner := float64(handW - 2*bMargin)
	yourMove := v.Acting == v.Viewer
	status := k.Expand(v.Status)
	if yourMove {
		status = yourMoveText(k, v)
	}
	statusH := render.HandStatusHeight(m, inner, status, 3, yourMove)
	// The facts below the cards: a label column as wide as the widest label in the image's
	// language, and each text wrapped (never cut) in the rest.
	sv := v.Seats[v.Viewer]
	labels, texts := handFacts(k, v, sv)
	labelW := 130.0
	for _, l := range labels {
		labelW = max(labelW, m.Measure(l, stTitle)+16)
	}
	var wrapped [3][]string
	factsH := 0.0
	for i, t := range texts {
		wrapped[i] = m.Wrap(t, inner-labelW, stBody)
		factsH += 30 + 18*float64(len(wrapped[i])-1)
	}
	const cardsH, cardsTitle = 118, 26
	height := render.HandHeaderH + bGap + statusH + bGap + cardsTitle + cardsH + bGap + factsH + bMargin + 10
	c := k.Canvas(handW, int(height))
	c.Fill(render.ColPaper)
	k.HandHeader(c, handW, v.Viewer, display, initials, 340)
	y := float64(render.HandHeaderH + bGap)
	render.HandStatusPanel(c, bMargin, y, inner, statusH, status, 3, yourMove)
	y += statusH + bGap
	total := 0
	for _, n := range v.Hand {
		total += n
	}
	c.Text(k.T("batavia.board.hand.cards", "N", total), bMargin+2, y+bTitleH/2, 0, stTitle)
	y += cardsTitle
	cw := (inner - 4*8) / 5
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		x := bMargin + float64(co)*(cw+8)
		n := v.Hand[co]
		panel(c, x, y, cw, cardsH, 8, render.ColCard, render.ColCardEdge)
		col := companyColours[co]
		if n == 0 {
			col = render.Lighten(col, 0.7)
		}
		c.Chip(x+8, y+8, cw-16, 30, col, co.Letter(), 18)
		c.Text(companyName(k, co), x+cw/2, y+54, 0.5, render.Style{Size: 14})
		numSt := render.Style{Size: 30, Bold: true}
		if n == 0 {
			numSt.Colour = render.ColMuted
		}
		c.Text(strconv.Itoa(n), x+cw/2, y+88, 0.5, numSt)
	}
	y += cardsH + bGap
	for i, l := range labels {
		c.Text(l, bMargin+4, y+14, 0, stTitle)
		for j, w := range wrapped[i] {
			c.Text(strings.TrimSpace(w), bMargin+labelW, y+14+18*float64(j), 0, stBody)
		}
		y += 30 + 18*float64(len(wrapped[i])-1)
	}
	return c.Image(), nil
}

// handFacts are the labels and texts of the hand's facts: the notes (secret), the ships laid
// out and the trading posts held.
func handFacts(k *render.Kit, v *batavia.View, sv batavia.SeatView) (labels, texts [3]string) {
	labels = [3]string{k.T("batavia.board.hand.notes"), k.T("batavia.board.hand.laid"), k.T("batavia.board.hand.posts")}
	notes := 0
	if v.Notes != nil {
		notes = *v.Notes
	}
	texts[0] = k.T("batavia.board.hand.secret", "Notes", rules.Msg("batavia.notes", "Count", notes))
	var laid []string
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		if sv.Laid[co] > 0 {
			laid = append(laid, k.T("batavia.board.hand.laid_item", "Count", sv.Laid[co], "Company", co.Adj(sv.Laid[co])))
		}
	}
	texts[1] = k.T("batavia.board.none")
	if len(laid) > 0 {
		texts[1] = strings.Join(laid, ", ")
	}
	var posts []string
	seen := map[string]bool{}
	for _, p := range sv.Posts {
		co, _ := company(p.Company)
		posts = append(posts, k.T("batavia.board.hand.post", "Company", co.Adj(1), "Commodity", rules.Msg("batavia.commodity."+p.Commodity)))
		seen[p.Company] = true
	}
	texts[2] = k.T("batavia.board.none")
	if len(posts) > 0 {
		texts[2] = k.T("batavia.board.hand.posts_list", "Posts", rules.Plain(strings.Join(posts, ", ")), "Count", len(seen))
	}
	return labels, texts
}

// yourMoveText says to the player what the decision is, in the second person.
func yourMoveText(k *render.Kit, v *batavia.View) string {
	switch v.Phase {
	case batavia.PhaseAuction:
		if a := v.Auction; a != nil && a.HighSeat >= 0 {
			return k.T("batavia.board.you.outbid", "Notes", rules.Msg("batavia.note", "Count", a.High))
		}
		return k.T("batavia.board.you.bid")
	case batavia.PhaseTurn:
		return k.T("batavia.board.you.turn")
	case batavia.PhaseSail:
		return k.T("batavia.board.you.sail")
	case batavia.PhaseExchange:
		return k.T("batavia.board.you.exchange")
	}
	return k.T("batavia.board.you.move")
}

// laidOutW is the width of a seat's laid-out chips and counts.
func laidOutW(c *render.Canvas, laid [batavia.NumCompanies]int) float64 {
	w := 0.0
	for _, n := range laid {
		if n > 0 {
			w += 34 + c.Measure(strconv.Itoa(n), stNum)
		}
	}
	return w
}

// panelKey names a cached panel sprite.
type panelKey struct {
	fill, edge color.RGBA
	w, h, r    float64
}

// panel draws the kit's rounded panel as a cached sprite: a board has a dozen large panels, and
// rasterising them each time is a third of the drawing.
func panel(c *render.Canvas, x, y, w, h, r float64, fill, edge color.Color) {
	c.Sprite(panelKey{render.ToRGBA(fill), render.ToRGBA(edge), w, h, r}, x, y, w, h, func(s *render.Canvas, px, py float64) {
		s.Panel(px, py, w, h, r, fill, edge)
	})
}

// paintWarehouses draws the static part of the warehouse grid (a cached layer): the panel, the
// company columns, the commodity rows with their values, and a dot on every empty square.
func paintWarehouses(k *render.Kit, c *render.Canvas) {
	c.Panel(0.5, 0.5, bInner-1, 8*whRowH+3, 8, render.ColPanel, render.ColBorder)
	x0 := float64(whNameW)
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		chip(c, x0+float64(co)*whColW+whColW/2-12, 4, 24, 20, co)
	}
	c.Text(k.T("batavia.board.leading"), x0+batavia.NumCompanies*whColW+6, 14, 0, stSmall)
	for cm := batavia.Commodity(0); cm < batavia.NumCommodities; cm++ {
		cy := float64(cm+1)*whRowH + whRowH/2 + 2
		if cm%2 == 0 {
			c.Rect(2, cy-whRowH/2, bInner-4, whRowH, render.ColPanelAlt)
		}
		sole, shared := cm.Values()
		c.Text(k.T("batavia.commodity."+cm.Name()), 10, cy, 0, stBold)
		c.Text(strconv.Itoa(sole)+"/"+strconv.Itoa(shared), whNameW-8, cy, 1, stSmall)
		for co := 0; co < batavia.NumCompanies; co++ {
			c.DrawCircle(x0+float64(co)*whColW+whColW/2, cy, 3)
			c.SetColor(render.ColBorder)
			c.Context.Fill()
		}
	}
}
