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
var Drawer = render.Views(board, hand)

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
	scaleX    = 118 // where the 0–25 scale starts
	scaleW    = 250

	seatRowH = 70

	whRowH  = 25
	whNameW = 118
	whColW  = 54

	legendH = 62

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

// layout is the vertical position of each board section.
type layout struct {
	status, statusH   float64
	outcome, outcomeH float64
	auction           float64
	track             float64
	scale             float64
	seats             float64
	warehouse         float64
	legend            float64
	height            int
}

const auctionH = 92

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
		last = "Last move: " + last
		// At most two lines: the rest of a long move (a pirate attack, the next auction) is on
		// the board itself.
		if lines := m.Wrap(last, bInner-40, render.Style{Size: 14}); len(lines) > 2 {
			last = strings.TrimSpace(lines[0]) + " " + m.Fit(strings.TrimSpace(lines[1])+" "+strings.TrimSpace(lines[2]), bInner-60, render.Style{Size: 14})
		}
	}
	var L layout
	y := float64(headerH + bGap)
	L.status = y
	L.statusH = render.StatusHeight(m, bInner, status, last)
	y += L.statusH + bGap
	if over {
		L.outcome = y
		L.outcomeH = 40 + float64(n)*44
		y += L.outcomeH + bGap
	}
	if v.Auction != nil {
		L.auction = y
		y += auctionH + bGap
	}
	L.track = y
	y += trackH() + bGap
	L.scale = y
	y += scaleH() + bGap
	L.seats = y
	y += bTitleH + float64(n)*(seatRowH+4) + bGap
	L.warehouse = y
	y += warehouseH() + bGap
	L.legend = y
	y += legendH + bMargin
	L.height = int(y)

	c := k.Canvas(bW, L.height)
	c.Fill(render.ColPaper)
	header(k, c, v)
	render.StatusPanel(c, bMargin, L.status, bInner, L.statusH, status, last, over)
	if over {
		outcome(c, v, display, initials, L.outcome, L.outcomeH)
	}
	if v.Auction != nil {
		auction(c, v, display, initials, L.auction)
	}
	track(c, v, initials, L.track)
	scale(c, v, display, initials, L.scale)
	seats(c, v, display, initials, L.seats)
	warehouses(k, c, v, initials, L.warehouse)
	c.Blit(k.Layer(layerKey{"legend", 0}, bInner, legendH, render.ColPaper, paintLegend), bMargin, int(L.legend))
	return c.Image(), nil
}

// layerKey names a cached layer of this package.
type layerKey struct {
	name string
	n    int
}

func header(k *render.Kit, c *render.Canvas, v *batavia.View) {
	k.TitleBand(c, "batavia/header", bW, headerH, "BATAVIA", 22)
	soft := render.Lighten(render.ColBand, 0.65)
	info := "Round " + strconv.Itoa(v.Round) + "  ·  stack " + strconv.Itoa(v.Stack) + "  ·  discards " + strconv.Itoa(v.Discard)
	c.Text(info, bW-14, headerH/2, 1, render.Style{Size: 15, Bold: true, Colour: soft})
}

func sectionTitle(c *render.Canvas, text string, y float64) {
	c.Text(text, bMargin+2, y+bTitleH/2, 0, stTitle)
}

// auction draws the running auction: the die, the package, the high bid and who is still in.
func auction(c *render.Canvas, v *batavia.View, display, initials []string, top float64) {
	a := v.Auction
	panel(c, bMargin, top, bInner, auctionH, 8, render.ColPanel, render.ColBorder)
	x := float64(bMargin + 12)
	y := top + 18
	x += c.Text("AUCTION", x, y, 0, stTitle) + 10
	x += c.Text(render.SeatName(display, a.Auctioneer)+" rolled "+strconv.Itoa(a.Die)+":", x, y, 0, stBody) + 10
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
	c.Text(render.Plural(total, "ship", "ships"), x, y, 0, stBody)
	y += 26
	bid := "No bid yet"
	if a.HighSeat >= 0 {
		bid = "High bid " + render.Plural(a.High, "note", "notes") + ": " + render.SeatName(display, a.HighSeat)
	}
	c.Text(c.Fit(bid, bInner-24, stBold), bMargin+12, y, 0, stBold)
	y += 26
	x = float64(bMargin + 12)
	x += c.Text("Still in:", x, y, 0, stBody) + 8
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
		c.Text(c.Fit("passed: "+strings.Join(out, ", "), bMargin+bInner-x-8, stSmall), x+6, y, 0, stSmall)
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
func track(c *render.Canvas, v *batavia.View, initials []string, top float64) {
	sectionTitle(c, "TRADING POSTS  ·  "+faceUpText(v), top)
	merchantAt := map[int][]rules.Seat{}
	for _, sv := range v.Seats {
		merchantAt[sv.Pos] = append(merchantAt[sv.Pos], sv.Seat)
	}
	// Start space.
	y := top + bTitleH
	panel(c, bMargin, y+2, bInner, endRowH-6, 8, render.ColPanelAlt, render.ColBorder)
	c.Text("START", bMargin+12, y+endRowH/2-1, 0, stBold)
	x := float64(bMargin + 80)
	for _, s := range merchantAt[0] {
		c.SeatDisc(x, y+endRowH/2-1, 12, s, initials)
		x += 28
	}
	if len(merchantAt[0]) == 0 {
		c.Text("every merchant has set sail", x, y+endRowH/2-1, 0, stSmall)
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
		c.Text(strconv.Itoa(h), hx+hexW/2, hy+10, 0.5, numSt)
		cy := hy + 30
		switch {
		case hv.Taken:
			for i, s := range merchantAt[h] {
				c.SeatDisc(hx+hexW/2+float64(i)*24, cy-2, 12, s, initials)
			}
		case hv.FaceUp:
			co, _ := company(hv.Company)
			chip(c, hx+10, cy-10, 24, 20, co)
			c.Text(hv.Commodity, hx+38, cy, 0, stBold)
		default:
			co, _ := company(hv.Company)
			chip(c, hx+10, cy-10, 24, 20, co)
			c.Text("?", hx+44, cy, 0, render.Style{Size: 17, Bold: true, Colour: render.ColInk})
		}
	}
	// Target counter.
	y = top + bTitleH + endRowH + 7*hexRowH
	fill := render.ColHighlight
	if v.TargetBy >= 0 {
		fill = render.ColPanelAlt
	}
	panel(c, bMargin, y+4, bInner, endRowH-6, 8, fill, render.ColBorder)
	c.Text("TARGET", bMargin+12, y+endRowH/2+1, 0, stBold)
	x = bMargin + 80
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		chip(c, x, y+endRowH/2-9, 22, 20, co)
		x += 26
	}
	x += 8
	if v.TargetBy >= 0 {
		c.SeatDisc(x+12, y+endRowH/2+1, 12, v.TargetBy, initials)
		c.Text("took it: +4 gold at the end", x+30, y+endRowH/2+1, 0, stBody)
	} else {
		c.Text("4 gold · taken when no seal's post is ahead", x, y+endRowH/2+1, 0, stSmall)
	}
}

func faceUpText(v *batavia.View) string {
	if v.FaceUp >= batavia.NumHexes {
		return "all face up"
	}
	return "face up to hex " + strconv.Itoa(v.FaceUp)
}

// scale draws the ship scale: the cannon and each company's laid-out ships on 0–25, the
// pirates' threshold, and each seal's holder.
func scale(c *render.Canvas, v *batavia.View, display, initials []string, top float64) {
	sectionTitle(c, "SHIPS LAID OUT  ·  pirates attack at "+strconv.Itoa(v.Threshold), top)
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
	row(0, func(cy float64) { c.Text("Cannon", bMargin+10, cy, 0, stBold) }, v.Cannon, render.ColInk)
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		row(int(co)+1, func(cy float64) {
			chip(c, bMargin+10, cy-10, 24, 20, co)
			c.Text(co.Adjective(), bMargin+38, cy, 0, stBody)
		}, v.Ships[co], companyColours[co])
		cy := y0 + 3 + float64(co+1)*scaleRowH + scaleRowH/2
		sx := x0 + float64(scaleW) + 36
		if h := v.Seals[co]; h >= 0 {
			// The holder's disc, and the name when it fits whole (the players list names
			// every disc).
			c.SeatDisc(sx+10, cy, 10, h, initials)
			label := "seal: " + render.SeatName(display, h)
			if c.Measure(label, stSmall) > bMargin+bInner-sx-30 {
				label = "seal"
			}
			c.Text(label, sx+24, cy, 0, render.Style{Size: 13})
		} else {
			c.Text("seal on board", sx, cy, 0, stSmall)
		}
	}
}

// seats draws one row per player: name, hand size, notes (only at the end), gold, crates, the
// laid-out cards by company and the counters held.
func seats(c *render.Canvas, v *batavia.View, display, initials []string, top float64) {
	sectionTitle(c, "PLAYERS", top)
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
			nameW -= 70
		}
		x += c.Text(c.Fit(render.SeatName(display, sv.Seat), nameW, stBold), x, cy, 0, stBold) + 8
		if sv.Seat == v.Start {
			c.Badge("START", x, cy, render.ColGold, render.Style{Size: 13, Bold: true})
		}
		facts := "hand " + strconv.Itoa(sv.HandSize) + " · gold " + strconv.Itoa(sv.Gold) + " · crates " + strconv.Itoa(sv.Crates)
		if sv.Notes != nil && v.Outcome != nil {
			facts += " · notes " + strconv.Itoa(*sv.Notes)
		}
		ly := y + 39
		factsW := c.Text(facts, bMargin+bInner-10, ly, 1, render.Style{Size: 14})
		// Laid out: the label is left out when the chips and the facts would not fit beside it.
		x = bMargin + 12
		none := "no ships laid out"
		if x+laidOutW(c, sv.Laid)+factsW+70 < bMargin+bInner {
			x += c.Text("Laid out", x, ly, 0, stSmall) + 8
			none = "none"
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
		x += c.Text("Posts", x, py, 0, stSmall) + 8
		if len(sv.Posts) == 0 {
			c.Text("none", x, py, 0, stSmall)
		}
		for _, p := range sv.Posts {
			co, _ := company(p.Company)
			w := c.Measure(p.Commodity, render.Style{Size: 13})
			if x+w+30 > bMargin+bInner-4 {
				c.Text("…", x, py, 0, stBody)
				break
			}
			chip(c, x, py-8, 18, 16, co)
			x += 20
			x += c.Text(p.Commodity, x, py, 0, render.Style{Size: 13}) + 8
		}
		y += seatRowH + 4
	}
}

// warehouses draws the 7 × 5 warehouse grid: one row per commodity (its values), one column per
// company, a player's disc where its crate lies, and the current leaders.
func warehouses(k *render.Kit, c *render.Canvas, v *batavia.View, initials []string, top float64) {
	sectionTitle(c, "WAREHOUSES  ·  most crates: full value (shared: less)", top)
	y0 := top + bTitleH
	c.Blit(k.Layer(layerKey{"warehouses", 0}, bInner, 8*whRowH+4, render.ColPaper, paintWarehouses), bMargin, int(y0))
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
func outcome(c *render.Canvas, v *batavia.View, display, initials []string, top, h float64) {
	o := v.Outcome
	winners, names := render.Winners(o, display)
	x, y := render.OutcomePanel(c, bMargin, top, bInner, h, render.FinalScoresTitle(names, "shared win"))
	for _, i := range render.ScoreOrder(o.Scores, nil) {
		s := rules.Seat(i)
		cy := y + 12
		c.OutcomeSeat(x, cy, s, winners[s], display, initials, 250)
		c.Text(strconv.Itoa(o.Scores[i])+" gold", bMargin+bInner-12, cy, 1, render.Style{Size: 16, Bold: true})
		if i < len(v.Scores) {
			sc := v.Scores[i]
			parts := []string{"warehouses " + strconv.Itoa(sc.Warehouses), "notes " + strconv.Itoa(sc.Notes), "seals " + strconv.Itoa(sc.Seals)}
			if sc.Target > 0 {
				parts = append(parts, "Target "+strconv.Itoa(sc.Target))
			}
			parts = append(parts, "exchanges "+strconv.Itoa(sc.Exchanged))
			c.Text(c.Fit(strings.Join(parts, " · "), bInner-70, stSmall), x+54, cy+20, 0, stSmall)
		}
		y += 44
	}
}

// paintLegend draws the static legend: the companies and the symbols.
func paintLegend(c *render.Canvas) {
	c.Panel(0.5, 0.5, bInner-1, legendH-1, 8, render.ColPanelAlt, render.ColBorder)
	var items []render.LegendItem
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		items = append(items, render.LegendItem{SwatchW: 24, Label: co.Adjective(), Swatch: func(c *render.Canvas, x, cy float64) {
			chip(c, x, cy-10, 24, 20, co)
		}})
	}
	h := c.Legend(items, 10, 4, bInner-20, 26, render.Style{Size: 14})
	c.Legend([]render.LegendItem{
		{SwatchW: 30, Label: "face-down post (?: commodity unknown)", Swatch: func(c *render.Canvas, x, cy float64) {
			hexagon(c, x, cy-9, 30, 18, render.Lighten(companyColours[0], 0.45), render.ColCardEdge)
		}},
		{SwatchW: 22, Label: "a player's merchant or crate", Swatch: func(c *render.Canvas, x, cy float64) {
			c.DrawCircle(x+11, cy, 10)
			c.SetColor(render.PlayerColour(0))
			c.Context.Fill()
		}},
	}, 10, 4+h, bInner-20, 26, render.Style{Size: 13})
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
		status = yourMoveText(v)
	}
	statusH := render.HandStatusHeight(m, inner, status, 3, yourMove)
	const cardsH, cardsTitle = 118, 26
	height := render.HandHeaderH + bGap + statusH + bGap + cardsTitle + cardsH + bGap + 3*30 + bMargin + 10
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
	c.Text("SHIP CARDS IN HAND · "+strconv.Itoa(total), bMargin+2, y+bTitleH/2, 0, stTitle)
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
		c.Text(co.Adjective(), x+cw/2, y+54, 0.5, render.Style{Size: 14})
		numSt := render.Style{Size: 30, Bold: true}
		if n == 0 {
			numSt.Colour = render.ColMuted
		}
		c.Text(strconv.Itoa(n), x+cw/2, y+88, 0.5, numSt)
	}
	y += cardsH + bGap
	sv := v.Seats[v.Viewer]
	line := func(label, text string) {
		c.Text(label, bMargin+4, y+14, 0, stTitle)
		c.Text(c.Fit(text, inner-130, stBody), bMargin+130, y+14, 0, stBody)
		y += 30
	}
	notes := 0
	if v.Notes != nil {
		notes = *v.Notes
	}
	line("NOTES", render.Plural(notes, "promissory note", "promissory notes")+" (only you see this)")
	var laid []string
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		if sv.Laid[co] > 0 {
			laid = append(laid, strconv.Itoa(sv.Laid[co])+" "+co.Adjective())
		}
	}
	if len(laid) == 0 {
		laid = []string{"none"}
	}
	line("LAID OUT", strings.Join(laid, ", "))
	var posts []string
	seen := map[string]bool{}
	for _, p := range sv.Posts {
		co, _ := company(p.Company)
		posts = append(posts, co.Adjective()+" "+p.Commodity)
		seen[p.Company] = true
	}
	text := "none"
	if len(posts) > 0 {
		text = strings.Join(posts, ", ") + " (" + render.Plural(len(seen), "company", "companies") + ")"
	}
	line("POSTS", text)
	return c.Image(), nil
}

// yourMoveText says to the player what the decision is, in the second person.
func yourMoveText(v *batavia.View) string {
	switch v.Phase {
	case batavia.PhaseAuction:
		if a := v.Auction; a != nil && a.HighSeat >= 0 {
			return "Your move: bid more than " + render.Plural(a.High, "note", "notes") + ", or pass."
		}
		return "Your move: bid for the ships, or pass."
	case batavia.PhaseTurn:
		return "Your turn: draw two ships, or lay out ships so that you hold more of a company than anyone else."
	case batavia.PhaseSail:
		return "Your move: choose the seal whose trading post your merchant sails to."
	case batavia.PhaseExchange:
		return "Your move: exchange your trading posts for gold, or keep them."
	}
	return "Your move."
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
func paintWarehouses(c *render.Canvas) {
	c.Panel(0.5, 0.5, bInner-1, 8*whRowH+3, 8, render.ColPanel, render.ColBorder)
	x0 := float64(whNameW)
	for co := batavia.Company(0); co < batavia.NumCompanies; co++ {
		chip(c, x0+float64(co)*whColW+whColW/2-12, 4, 24, 20, co)
	}
	c.Text("leading", x0+batavia.NumCompanies*whColW+6, 14, 0, stSmall)
	for k := batavia.Commodity(0); k < batavia.NumCommodities; k++ {
		cy := float64(k+1)*whRowH + whRowH/2 + 2
		if k%2 == 0 {
			c.Rect(2, cy-whRowH/2, bInner-4, whRowH, render.ColPanelAlt)
		}
		sole, shared := k.Values()
		c.Text(k.Name(), 10, cy, 0, stBold)
		c.Text(strconv.Itoa(sole)+"/"+strconv.Itoa(shared), whNameW-8, cy, 1, stSmall)
		for co := 0; co < batavia.NumCompanies; co++ {
			c.DrawCircle(x0+float64(co)*whColW+whColW/2, cy, 3)
			c.SetColor(render.ColBorder)
			c.Context.Fill()
		}
	}
}
