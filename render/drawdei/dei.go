// Package drawdei draws The Dutch East Indies' board and private images from dei.View (never from
// a state), for the render registry: register Drawer with dei.Game in package spicebot/games.
//
// The board, 540 px wide, stacks: the title band (turn number), the status (whose turn, what is
// going on, the last move with its dice), the final result once the game is over, the map as a
// grid of 40–44 px squares (sea, dark squares, wild islands with their short name and remaining
// cards, anchors as rings, Market Island, home islands in the players' colours with the owner's
// mark on the middle square and ports framed dashed in the owner's darker colour (so that they
// are told apart by more than colour), both ships of every player as discs with the player's
// mark — the big ship larger — and a wide bow in the player's colour, outlined, for their facing
// (read at phone width), the pirates as black discs, floating cargo as a tan box with its count,
// in the square's corner, or beside a ship on it — on the corner farthest from its bow — never
// over the disc), a
// legend with the compass (where the D8's north points), and one panel per player (progress to
// the goal, home stock, and each ship's sail, cargo, cannons and load). The private image shows
// the trading card the viewer is looking at and the top cards it saw and put back. Every player is
// drawn with a colour AND an initial; no text is under 13 px; no component id is drawn.
//
// Words: every word drawn comes from the game's catalogue in the image's language — the drawer's
// own (ids "dutch-east-indies.board.…", Kit.T) and the engine's rules text (Kit.Expand, Kit.Term) —
// except the hand's title band, drawn by the kit. The layout measures them rather than assuming
// English lengths: the title shrinks to fit beside the turn, the goal label sets where the pips
// start, the card being looked at shrinks its lines (down to 13 px) and then wraps them, the cards
// seen and put back wrap, and the final-scores title names the winner only when it fits whole.
package drawdei

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"spicebot/render"
	"spicebot/rules"
	"spicebot/rules/dei"
)

// Drawer draws The Dutch East Indies boards and private images from dei.View.
var Drawer = render.Views(palette(), board, hand)

// palette returns the colours The Dutch East Indies' images are painted with (see
// render.NewPalette): the map's and the pieces' colours.
func palette() *render.Palette {
	fills := []color.Color{colSea, colSeaLine, colDark, colLand, colDepleted, colMarket, colMarketH, colAnchor,
		colPirate, colCargo, colMoving}
	for s := range 4 {
		fills = append(fills, render.Lighten(render.PlayerColour(s), 0.62))
	}
	return render.NewPalette(fills...)
}

// Geometry, in pixels.
const (
	bW      = 540
	bMargin = 10
	bInner  = bW - 2*bMargin
	headerH = 46
	maxCell = 44
	seatPad = 8
	lineH   = 19
	handW   = 540
)

var (
	colSea      = color.RGBA{0xbf, 0xdf, 0xef, 0xff}
	colSeaLine  = color.RGBA{0xa3, 0xc9, 0xdc, 0xff}
	colDark     = color.RGBA{0x5e, 0x5e, 0x5e, 0xff}
	colLand     = color.RGBA{0x7c, 0xae, 0x64, 0xff}
	colDepleted = color.RGBA{0xb8, 0xb4, 0x9c, 0xff}
	colMarket   = color.RGBA{0xdc, 0xa9, 0x3a, 0xff}
	colMarketH  = color.RGBA{0xf6, 0xe3, 0xa6, 0xff}
	colAnchor   = color.RGBA{0x1d, 0x4f, 0x7a, 0xff}
	colPirate   = color.RGBA{0x1b, 0x1b, 0x1b, 0xff}
	colCargo    = color.RGBA{0xc8, 0x9b, 0x5e, 0xff}
	colMoving   = color.RGBA{0xff, 0xd5, 0x2e, 0xff}
)

// abbrevs are the islands' two-letter marks on the map, by island number (W1–W8).
var abbrevs = []string{"Vi", "Ne", "Ba", "Am", "Te", "Ti", "Ru", "Ce"}

// islandNo is the island number (0-based) of an id "W3".
func islandNo(id string) int {
	if len(id) == 2 && id[0] == 'W' && id[1] >= '1' && id[1] <= '8' {
		return int(id[1] - '1')
	}
	return 0
}

// grid is the part of the map drawn: the columns and rows holding any square that is not dark.
type grid struct {
	x0, y0, cols, rows int
	cell, left, top    float64
}

func newGrid(v *dei.View, top float64) grid {
	g := grid{x0: v.Width, y0: v.Height}
	x1, y1 := -1, -1
	for y, row := range v.Map {
		for x := 0; x < len(row); x++ {
			if row[x] != '#' {
				g.x0, g.y0 = min(g.x0, x), min(g.y0, y)
				x1, y1 = max(x1, x), max(y1, y)
			}
		}
	}
	g.cols, g.rows = x1-g.x0+1, y1-g.y0+1
	g.cell = math.Min(maxCell, math.Floor(float64(bInner)/float64(g.cols)))
	g.left = math.Round((bW - g.cell*float64(g.cols)) / 2)
	g.top = top
	return g
}

func (g grid) height() float64 { return g.cell * float64(g.rows) }

// centre is the pixel centre of square q.
func (g grid) centre(q dei.Square) (float64, float64) {
	return g.left + (float64(q.X-g.x0)+0.5)*g.cell, g.top + (float64(q.Y-g.y0)+0.5)*g.cell
}

// mapKey names the cached static map layer of one layout.
type mapKey struct {
	players int
	cell    float64
}

func board(k *render.Kit, v *dei.View) (image.Image, error) {
	if v.Players < 2 || len(v.Map) == 0 || len(v.Seats) != v.Players {
		return nil, errors.New("render dutch east indies board: incomplete view")
	}
	display, initials := k.SeatLabels(v.Players)
	over := v.Outcome != nil
	status, last := statusText(k, v, over)
	m := k.Canvas(bW, 10)
	statusH := render.StatusHeight(m, bInner, status, last)
	outcomeH := 0.0
	if over {
		outcomeH = 38 + 10
		for _, d := range v.Outcome.Details {
			outcomeH += m.ParagraphHeight(k.Expand(d), bInner-24, lineH, 0, render.Style{Size: 13, Bold: true})
		}
	}
	g := newGrid(v, 0)
	legendH := legendHeight(m, k, v)
	seatHs := make([]float64, v.Players)
	seatsH := -6.0
	for i := range v.Seats {
		seatHs[i] = seatHeight(m, k, v, i, display)
		seatsH += seatHs[i] + 6
	}
	goals := make([]string, v.Players)
	for i, sv := range v.Seats {
		goals[i] = k.T("dutch-east-indies.board.goal", "N", sv.Progress)
	}
	brief := k.SeatsBrief(bMargin, bInner, display, initials, goals)
	mapFold := 0
	if over {
		mapFold = 3 // the game is over: the results and the players' panels first
	}
	col := render.Column{W: bW, HeaderH: headerH, Gap: 8, Margin: 12, Header: func(c *render.Canvas) {
		// The band is a cached layer keyed by its name: the language is part of the key.
		title := k.T("dutch-east-indies.board.title")
		stTurn := render.Style{Size: 17, Bold: true, Colour: render.ColBandText}
		reserve := m.Measure(k.T("dutch-east-indies.board.turn", "N", 999), stTurn) + 14 + 14 + 12
		stTitle, _ := m.FitName(title, bW-reserve, render.Style{Size: 20, Bold: true})
		k.TitleBand(c, "dei-title-"+k.Lang(), bW, headerH, title, stTitle.Size)
		c.Text(k.T("dutch-east-indies.board.turn", "N", v.TurnNumber), bW-14, headerH/2, 1, stTurn)
	}}
	// Top to bottom; on a phone the legend, then the players' panels, go behind Details when the
	// board would be too tall (render.Panel.Fold).
	return k.Stack(col, []render.Panel{
		{H: statusH, Draw: func(c *render.Canvas, top float64) {
			render.StatusPanel(c, bMargin, top, bInner, statusH, status, last, over)
		}},
		{H: outcomeH, Draw: func(c *render.Canvas, top float64) { outcome(k, c, v, display, initials, top, outcomeH) }},
		{H: g.height(), Fold: mapFold, Draw: func(c *render.Canvas, top float64) {
			g := newGrid(v, top)
			c.Blit(k.Layer(mapKey{v.Players, g.cell}, int(g.cell)*g.cols, int(g.cell)*g.rows, colSea, func(l *render.Canvas) {
				paintMap(l, v, grid{x0: g.x0, y0: g.y0, cols: g.cols, rows: g.rows, cell: g.cell}, newMarks(k))
			}), int(g.left), int(g.top))
			pieces(c, v, g, initials, newMarks(k))
		}},
		{H: legendH, Fold: 2, Draw: func(c *render.Canvas, top float64) { legend(c, k, v, top, legendH) }},
		{H: seatsH, Fold: 1, Brief: &brief, Draw: func(c *render.Canvas, top float64) {
			for i := range v.Seats {
				seatPanel(c, k, v, i, display, initials, top, seatHs[i])
				top += seatHs[i] + 6
			}
		}},
	}), nil
}

// paintMap draws the squares that never change: sea, dark, land, home islands and ports, Market
// Island, anchors. g's left and top are 0.
func paintMap(c *render.Canvas, v *dei.View, g grid, marks marks) {
	cell := g.cell
	homeOf := map[dei.Square]int{}
	for _, h := range v.Homes {
		for _, q := range append(append([]dei.Square{}, h.Land...), h.Port...) {
			homeOf[q] = int(h.Seat)
		}
	}
	for y := g.y0; y < g.y0+g.rows; y++ {
		for x := g.x0; x < g.x0+g.cols; x++ {
			ch := v.Map[y][x]
			px, py := float64(x-g.x0)*cell, float64(y-g.y0)*cell
			var fill color.Color = colSea
			switch {
			case ch == '#':
				fill = colDark
			case ch >= '1' && ch <= '9':
				fill = colLand
			case ch == 'M':
				fill = colMarket
			case ch == 'm':
				fill = colMarketH
			case strings.ContainsRune("nesw", rune(ch)):
				fill = render.PlayerColour(homeOf[dei.Square{X: x, Y: y}])
			case strings.ContainsRune("NESW", rune(ch)):
				fill = render.Lighten(render.PlayerColour(homeOf[dei.Square{X: x, Y: y}]), 0.62)
			}
			c.DrawRectangle(px, py, cell, cell)
			c.SetColor(fill)
			c.Context.Fill()
			c.DrawRectangle(px+0.5, py+0.5, cell-1, cell-1)
			c.SetColor(colSeaLine)
			c.SetLineWidth(1)
			c.Stroke()
			if ch == 'm' {
				ring(c, px+cell/2, py+cell/2, cell*0.32, colAnchor, false)
			}
			if ch == 'M' {
				c.Text(marks.market, px+cell/2, py+cell/2, 0.5, render.Style{Size: 20, Bold: true, Colour: render.ColInk})
			}
		}
	}
	for _, h := range v.Homes {
		col := render.PlayerColour(int(h.Seat))
		for i, q := range h.Land {
			if i != len(h.Land)/2 {
				c.Text("⌂", float64(q.X-g.x0)*cell+cell/2, float64(q.Y-g.y0)*cell+cell/2, 0.5, render.Style{Size: 18, Bold: true, Colour: render.Contrast(col)})
			}
		}
		// The ports: a dashed frame in the owner's darker colour, so that they read as the
		// owner's without the colour alone (the owner's mark is drawn on the land beside).
		for _, q := range h.Port {
			px, py := float64(q.X-g.x0)*cell, float64(q.Y-g.y0)*cell
			c.DrawRectangle(px+3.5, py+3.5, cell-7, cell-7)
			c.SetColor(render.Darken(col, 0.35))
			c.SetLineWidth(2)
			c.SetDash(4, 3)
			c.Stroke()
			c.SetDash()
		}
	}
}

// ring draws an anchor ring (a harbour) of radius r: solid, or dashed for a depleted island.
func ring(c *render.Canvas, cx, cy, r float64, col color.Color, dashed bool) {
	c.DrawCircle(cx, cy, r)
	c.SetColor(col)
	c.SetLineWidth(2.5)
	if dashed {
		c.SetDash(3, 3)
	}
	c.Stroke()
	c.SetDash()
}

// pieces draws what changes: island card counts and anchors, floating cargo, pirates and ships.
func pieces(c *render.Canvas, v *dei.View, g grid, initials []string, marks marks) {
	cell := g.cell
	// Each home island carries its owner's mark (the seat's disc and initial) on its middle
	// square: home ports are told apart by more than colour.
	for _, h := range v.Homes {
		x, y := g.centre(h.Land[len(h.Land)/2])
		c.SeatDisc(x, y, cell*0.36, h.Seat, initials)
	}
	for _, is := range v.Islands {
		fill := colLand
		if is.Cards == 0 {
			fill = colDepleted
		}
		for i, q := range is.Land {
			x, y := g.centre(q)
			c.DrawRectangle(x-cell/2+1, y-cell/2+1, cell-2, cell-2)
			c.SetColor(fill)
			c.Context.Fill()
			name := abbrevs[islandNo(is.ID)]
			switch {
			case len(is.Land) == 1:
				c.Text(name, x, y-cell*0.2, 0.5, render.Style{Size: 14, Bold: true, Colour: color.White})
				c.Text(fmt.Sprint(is.Cards), x, y+cell*0.22, 0.5, render.Style{Size: 16, Bold: true, Colour: render.ColInk})
			case i == 0:
				c.Text(name, x, y, 0.5, render.Style{Size: 15, Bold: true, Colour: color.White})
			case i == 1:
				c.Text(fmt.Sprint(is.Cards), x, y, 0.5, render.Style{Size: 17, Bold: true, Colour: render.ColInk})
			}
		}
		for _, q := range is.Anchors {
			x, y := g.centre(q)
			ring(c, x, y, cell*0.32, colAnchor, is.Cards == 0)
		}
	}
	for p, pi := range v.Pirates {
		x, y := g.centre(pi.At)
		r := cell * 0.38
		if p == dei.SmallPirate {
			r = cell * 0.29
		}
		c.Disc(x, y, r, colPirate, marks.pirate, 14)
	}
	for i, sv := range v.Seats {
		for kk, sh := range sv.Ships {
			x, y := g.centre(sh.At)
			r := cell * 0.4
			if kk == dei.Small {
				r = cell * 0.29
			}
			if rules.Seat(i) == v.Turn && v.Moving == kk {
				c.DrawCircle(x, y, r+4)
				c.SetColor(colMoving)
				c.Context.Fill()
			}
			bow(c, x, y, r, cell, rules.Seat(i), sh.Facing)
			c.SeatDisc(x, y, r, rules.Seat(i), initials)
		}
	}
	drawn := map[dei.Square]bool{}
	for _, lot := range v.Floating {
		if drawn[lot.At] {
			continue
		}
		drawn[lot.At] = true
		n := 0
		for _, l := range v.Floating {
			if l.At == lot.At {
				n += l.N
			}
		}
		cargoChip(c, v, g, lot.At, n)
	}
}

// cargoChip draws the count of floating cargo on q: in the square's top-right corner when the
// square is free, else beside the ship or pirate on it — centred on the square's corner farthest
// from the ship's bow — so that it never covers a disc.
func cargoChip(c *render.Canvas, v *dei.View, g grid, q dei.Square, n int) {
	x, y := chipAt(v, g, q)
	c.Chip(x, y, chipW, chipH, colCargo, fmt.Sprint(n), 13)
}

// chipW and chipH are the size of a floating-cargo chip.
const chipW, chipH = 20.0, 17.0

// chipAt is the top-left corner of the floating-cargo chip of square q (see cargoChip).
func chipAt(v *dei.View, g grid, q dei.Square) (float64, float64) {
	const w, h = chipW, chipH
	x, y := g.centre(q)
	occupied := func(s dei.Square) (dei.Direction, bool) {
		for _, sv := range v.Seats {
			for _, sh := range sv.Ships {
				if sh.At == s {
					return sh.Facing, true
				}
			}
		}
		for _, p := range v.Pirates {
			if p.At == s {
				return 0, true
			}
		}
		return 0, false
	}
	facing, taken := occupied(q)
	if !taken {
		return x + g.cell/2 - w - 1, y - g.cell/2 + 1
	}
	// The corners are at the odd directions (up-right, down-right, …). Take one inside the map (a
	// chip on its edge would be cut) whose other three squares hold no disc, if any, and then the
	// one farthest from the bow.
	best, bestScore := dei.Direction(1), -100
	for corner := dei.Direction(1); corner < 8; corner += 2 {
		o := dei.Square{}.Step(corner) // (±1, ±1)
		cornerX, cornerY := float64(q.X)+0.5+0.5*float64(o.X), float64(q.Y)+0.5+0.5*float64(o.Y)
		if cornerX <= float64(g.x0) || cornerX >= float64(g.x0+g.cols) || cornerY <= float64(g.y0) || cornerY >= float64(g.y0+g.rows) {
			continue
		}
		gap := int((corner - facing + 8) & 7)
		score := min(gap, 8-gap)
		for _, n := range []dei.Square{{X: q.X + o.X, Y: q.Y}, {X: q.X, Y: q.Y + o.Y}, {X: q.X + o.X, Y: q.Y + o.Y}} {
			if _, busy := occupied(n); busy {
				score -= 10
			}
		}
		if score > bestScore {
			best, bestScore = corner, score
		}
	}
	a := float64(best)*math.Pi/4 - math.Pi/2
	d := g.cell/2*math.Sqrt2 + 2 // just past the corner: clear of a big ship's disc
	cx, cy := x+d*math.Cos(a), y+d*math.Sin(a)
	return cx - w/2, cy - h/2
}

// bow draws a ship's facing: a wide pointed bow in the owner's colour, outlined in ink, from
// under the disc of radius r to the edge of its square (of side cell) and a little beyond, large
// enough to read at phone width (issue 26 item 3).
func bow(c *render.Canvas, x, y, r, cell float64, seat rules.Seat, d dei.Direction) {
	a := float64(d)*math.Pi/4 - math.Pi/2
	tip := math.Max(r+12, cell*0.66)
	const half = 0.78 // the bow's half-width, as an angle seen from the centre
	c.MoveTo(x+tip*math.Cos(a), y+tip*math.Sin(a))
	c.LineTo(x+r*math.Cos(a+half), y+r*math.Sin(a+half))
	c.LineTo(x+r*0.4*math.Cos(a+math.Pi/2), y+r*0.4*math.Sin(a+math.Pi/2))
	c.LineTo(x+r*0.4*math.Cos(a-math.Pi/2), y+r*0.4*math.Sin(a-math.Pi/2))
	c.LineTo(x+r*math.Cos(a-half), y+r*math.Sin(a-half))
	c.ClosePath()
	c.SetColor(render.PlayerColour(int(seat)))
	c.FillPreserve()
	c.SetColor(render.ColInk)
	c.SetLineWidth(2)
	c.Stroke()
}

// legendItems are the legend's entries: the symbols and the islands' names with their cards.
func legendItems(k *render.Kit, v *dei.View) []render.LegendItem {
	mk := newMarks(k)
	items := []render.LegendItem{
		{Swatch: func(c *render.Canvas, x, cy float64) { c.Disc(x+11, cy, 11, render.ColMuted, "", 13) }, SwatchW: 22, Label: k.T("dutch-east-indies.board.big-ship")},
		{Swatch: func(c *render.Canvas, x, cy float64) { c.Disc(x+8, cy, 8, render.ColMuted, "", 13) }, SwatchW: 16, Label: k.T("dutch-east-indies.board.small-ship")},
		{Swatch: func(c *render.Canvas, x, cy float64) { c.Disc(x+10, cy, 10, colPirate, mk.pirate, 13) }, SwatchW: 20, Label: k.T("dutch-east-indies.board.pirates")},
		{Swatch: func(c *render.Canvas, x, cy float64) { ring(c, x+9, cy, 8, colAnchor, false) }, SwatchW: 18, Label: k.T("dutch-east-indies.board.harbour")},
		{Swatch: homePortSwatch, SwatchW: 20, Label: k.T("dutch-east-indies.board.home-port")},
		{Swatch: func(c *render.Canvas, x, cy float64) { c.Chip(x, cy-8, 20, 17, colCargo, "2", 13) }, SwatchW: 20, Label: k.T("dutch-east-indies.board.floating")},
		{Swatch: func(c *render.Canvas, x, cy float64) { c.Chip(x, cy-9, 20, 18, colMarket, mk.market, 13) }, SwatchW: 20, Label: k.T("dutch-east-indies.board.market")},
	}
	for _, is := range v.Islands {
		label := k.T("dutch-east-indies.board.island-cards", "Mark", abbrevs[islandNo(is.ID)], "Name", is.Name, "Count", is.Cards)
		if is.Cards == 0 {
			label = k.T("dutch-east-indies.board.island-depleted", "Mark", abbrevs[islandNo(is.ID)], "Name", is.Name)
		}
		items = append(items, render.LegendItem{Label: label})
	}
	return items
}

// homePortSwatch is the legend's home port: a light square with the dashed frame of the map's.
func homePortSwatch(c *render.Canvas, x, cy float64) {
	col := render.ColMuted
	c.DrawRectangle(x, cy-10, 20, 20)
	c.SetColor(render.Lighten(col, 0.62))
	c.Context.Fill()
	c.DrawRectangle(x+2.5, cy-7.5, 15, 15)
	c.SetColor(render.Darken(col, 0.35))
	c.SetLineWidth(2)
	c.SetDash(4, 3)
	c.Stroke()
	c.SetDash()
}

// marks are the one-letter marks drawn on the map, in the image's language.
type marks struct{ market, pirate, north string }

func newMarks(k *render.Kit) marks {
	return marks{market: k.T("dutch-east-indies.board.market-mark"), pirate: k.T("dutch-east-indies.board.pirate-mark"),
		north: k.T("dutch-east-indies.board.north-mark")}
}

// statusText returns the board's status and last-move sentences in the image's language (the
// status "The game is over." when it is empty once the game is over; no last move: "").
func statusText(k *render.Kit, v *dei.View, over bool) (string, string) {
	status := k.Expand(v.Status)
	if status == "" && over {
		status = k.T("dutch-east-indies.board.over")
	}
	last := ""
	if v.LastMove != "" {
		last = k.T("dutch-east-indies.board.last", "Move", k.Expand(v.LastMove))
	}
	return status, last
}

const compassW = 92

func legendHeight(m *render.Canvas, k *render.Kit, v *dei.View) float64 {
	h := m.Legend(legendItems(k, v), 0, -1000, bInner-compassW-16, 22, render.Style{Size: 13})
	return math.Max(h+12, 2*26+34)
}

// legend draws the compass (where the D8's north points on the board) and the symbols.
func legend(c *render.Canvas, k *render.Kit, v *dei.View, top, h float64) {
	c.Panel(bMargin, top, bInner, h, 8, render.ColPanel, render.ColBorder)
	cx, cy := float64(bMargin)+compassW/2+4, top+(h-22)/2+4
	c.Text(k.T("dutch-east-indies.board.compass"), cx, top+h-12, 0.5, render.Style{Size: 13, Bold: true, Colour: render.ColMuted})
	r := 26.0
	c.DrawCircle(cx, cy, r)
	c.SetColor(render.ColPanelAlt)
	c.FillPreserve()
	c.SetColor(render.ColBorder)
	c.SetLineWidth(1.5)
	c.Stroke()
	a := float64(v.CompassNorth)*math.Pi/4 - math.Pi/2
	c.MoveTo(cx+(r-4)*math.Cos(a), cy+(r-4)*math.Sin(a))
	c.LineTo(cx+7*math.Cos(a+math.Pi/2), cy+7*math.Sin(a+math.Pi/2))
	c.LineTo(cx+7*math.Cos(a-math.Pi/2), cy+7*math.Sin(a-math.Pi/2))
	c.ClosePath()
	c.SetColor(render.ColAlert)
	c.Context.Fill()
	c.Text(newMarks(k).north, cx-13*math.Cos(a), cy-13*math.Sin(a), 0.5, render.Style{Size: 13, Bold: true})
	c.Legend(legendItems(k, v), bMargin+compassW+12, top+6, bInner-compassW-16, 22, render.Style{Size: 13})
}

// shipLine is one ship's line on a player's panel.
func shipLine(k *render.Kit, sh dei.ShipView) string {
	name := k.T("dutch-east-indies.ship-title.small")
	if sh.Big {
		name = k.T("dutch-east-indies.ship-title.big")
	}
	id := "dutch-east-indies.board.ship"
	if sh.MustLeave {
		id = "dutch-east-indies.board.ship-must-leave"
	} else if sh.Harbour {
		id = "dutch-east-indies.board.ship-in-harbour"
	}
	return k.T(id, "Ship", name, "Sail", sh.Sail, "Load", sh.Goods.Total(), "Hold", sh.Cargo, "Cannons", sh.Guns,
		"Goods", goods(k, sh.Goods, "dutch-east-indies.board.empty"))
}

// goods says "3 crates, 2 gold, 1 clove", or the message none.
func goods(k *render.Kit, g dei.Goods, none string) string {
	var parts []string
	for kind := dei.Good(0); kind < dei.NumGoods; kind++ {
		if g[kind] > 0 {
			parts = append(parts, k.Expand(dei.Amount(kind, g[kind])))
		}
	}
	if len(parts) == 0 {
		return k.T(none)
	}
	return strings.Join(parts, ", ")
}

var stSeat = render.Style{Size: 14}

func seatLines(k *render.Kit, v *dei.View, i int) []string {
	sv := v.Seats[i]
	return []string{
		k.T("dutch-east-indies.board.home", "Goods", goods(k, sv.Home, "dutch-east-indies.nothing")),
		shipLine(k, sv.Ships[dei.Big]),
		shipLine(k, sv.Ships[dei.Small]),
	}
}

func seatHeight(m *render.Canvas, k *render.Kit, v *dei.View, i int, display []string) float64 {
	h := 2*seatPad + 24.0
	for _, ln := range seatLines(k, v, i) {
		h += m.ParagraphHeight(ln, bInner-24, lineH, 0, stSeat)
	}
	return h
}

// seatPanel draws player i: name, country, progress pips, home stock and both ships.
func seatPanel(c *render.Canvas, k *render.Kit, v *dei.View, i int, display, initials []string, top, h float64) {
	sv := v.Seats[i]
	fill := render.ColPanel
	if rules.Seat(i) == v.Turn && v.Outcome == nil {
		fill = render.ColHighlight
	}
	c.Panel(bMargin, top, bInner, h, 8, fill, render.PlayerColour(i))
	y := top + seatPad + 12
	c.SeatDisc(bMargin+20, y, 12, rules.Seat(i), initials)
	stGoal := render.Style{Size: 13, Bold: true, Colour: render.ColMuted}
	goal := k.T("dutch-east-indies.board.goal", "N", sv.Progress)
	goalW := c.Measure(goal, stGoal) + 8
	pipsW := 8*14.0 + goalW
	nameW := bInner - 40 - pipsW - 10
	name := render.SeatName(display, rules.Seat(i))
	country := k.Expand(sv.Country)
	st, _ := c.FitName(name+" · "+country, nameW, render.Style{Size: 16, Bold: true})
	text := name + " · " + country
	if c.Measure(text, st) > nameW {
		text = name
	}
	c.Text(text, bMargin+38, y, 0, st)
	px := float64(bW-bMargin) - pipsW
	c.Text(goal, px, y, 0, stGoal)
	for p := 0; p < 8; p++ {
		col := render.ColPanelAlt
		if p < sv.Progress {
			col = render.ColGood
		}
		c.DrawCircle(px+goalW+float64(p)*14, y, 5.5)
		c.SetColor(col)
		c.FillPreserve()
		c.SetColor(render.ColBorder)
		c.SetLineWidth(1)
		c.Stroke()
	}
	y = top + seatPad + 24
	for _, ln := range seatLines(k, v, i) {
		y += c.Paragraph(ln, bMargin+12, y, bInner-24, lineH, 0, stSeat)
	}
}

// outcome draws the result: the winner and every player's spices at home.
func outcome(k *render.Kit, c *render.Canvas, v *dei.View, display, initials []string, top, h float64) {
	winners, names := render.Winners(v.Outcome, display)
	// The title names the winner when it fits whole; the winner's line below is bold anyway.
	title := k.T("dutch-east-indies.board.final")
	if len(names) > 0 {
		t := k.T("dutch-east-indies.board.final-winner", "Winner", strings.Join(names, ", "))
		if c.Measure(t, render.Style{Size: 16, Bold: true}) <= bInner-20 {
			title = t
		}
	}
	x, y := render.OutcomePanel(c, bMargin, top, bInner, h, title)
	for i, d := range v.Outcome.Details {
		y += c.Paragraph(k.Expand(d), x, y, bInner-24, lineH, 0, render.Style{Size: 13, Bold: winners[rules.Seat(i)]})
	}
}

// hand draws the viewer's private image: the card being looked at and the top cards it knows.
func hand(k *render.Kit, v *dei.View) (image.Image, error) {
	if v.Viewer < 0 || int(v.Viewer) >= v.Players {
		return nil, errors.New("render dutch east indies hand: the observer has no private view")
	}
	display, initials := k.SeatLabels(v.Players)
	yourMove := false
	for _, a := range v.Active {
		if a == v.Viewer {
			yourMove = true
		}
	}
	status := k.Expand(v.Status)
	m := k.Canvas(handW, 10)
	statusH := render.HandStatusHeight(m, handW-20, status, 0, yourMove)
	var known []string
	for _, kn := range v.Known {
		known = append(known, k.T("dutch-east-indies.board.known", "Island", k.Term(kn.Island), "Card", k.Expand(kn.Text)))
	}
	stKnown := render.Style{Size: 14}
	knownH := 30.0
	for _, ln := range known {
		knownH += m.ParagraphHeight(ln, handW-28, lineH, 0, stKnown) + lineH*0.1
	}
	var card []cardLine
	cardH := 0.0
	if v.Looking != nil && v.Looking.Card != "" {
		card = cardLines(k, m, v)
		cardH = 32 + 20
		for _, ln := range card {
			cardH += ln.h
		}
	}
	h := render.HandHeaderH + 10 + statusH + 10 + cardH + knownH + 12
	c := k.Canvas(handW, int(h))
	c.Fill(render.ColPaper)
	k.HandHeader(c, handW, v.Viewer, display, initials, 250)
	y := float64(render.HandHeaderH) + 10
	render.HandStatusPanel(c, 10, y, handW-20, statusH, status, 0, yourMove)
	y += statusH + 10
	if cardH > 0 {
		c.Text(k.T("dutch-east-indies.board.looking"), 14, y+8, 0, render.Style{Size: 13, Bold: true, Colour: render.ColMuted})
		cx := (handW - cardW) / 2
		c.CardShape(cx, y+22, cardW, cardH-32)
		ly := y + 22 + 10
		for _, ln := range card {
			for i, part := range ln.lines {
				c.Text(part, cx+cardW/2, ly+ln.lineH*(float64(i)+0.5), 0.5, ln.st)
			}
			ly += ln.h
		}
		y += cardH
	}
	c.Text(k.T("dutch-east-indies.board.known-title"), 14, y+10, 0, render.Style{Size: 13, Bold: true, Colour: render.ColMuted})
	y += 24
	if len(known) == 0 {
		c.Text(k.T("dutch-east-indies.board.none"), 14, y+lineH/2, 0, render.Style{Size: 14, Colour: render.ColMuted})
	}
	for _, ln := range known {
		y += c.Paragraph(ln, 14, y, handW-28, lineH, 0, stKnown) + lineH*0.1
	}
	return c.Image(), nil
}

// cardW is the width of the trading card drawn in the private image.
const cardW = 420.0

// cardLine is one line of the trading card drawn in the private image: its text shrunk to fit the
// card (down to render.MinTextSize), then wrapped when it still does not fit.
type cardLine struct {
	lines    []string
	st       render.Style
	lineH, h float64
}

// cardLines lays out the card the viewer is looking at: the island, what the islanders want and
// what they give.
func cardLines(k *render.Kit, m *render.Canvas, v *dei.View) []cardLine {
	island := ""
	for _, is := range v.Islands {
		if is.ID == v.Looking.Island {
			island = k.T("dutch-east-indies.board.island-title", "Name", is.Name)
		}
	}
	want, give, _ := dei.CardTerms(v.Looking.Card)
	texts := []struct {
		text string
		st   render.Style
	}{
		{island, render.Style{Size: 15, Bold: true, Colour: render.ColMuted}},
		{k.T("dutch-east-indies.board.want", "Goods", k.Expand(want)), render.Style{Size: 18, Bold: true}},
		{k.T("dutch-east-indies.board.give", "Goods", k.Expand(give)), render.Style{Size: 18, Bold: true, Colour: render.ColGood}},
	}
	var out []cardLine
	for _, t := range texts {
		if t.text == "" {
			continue
		}
		st, _ := m.FitName(t.text, cardW-20, t.st)
		lines := m.Wrap(t.text, cardW-20, st)
		lh := math.Ceil(st.Size * 1.5)
		out = append(out, cardLine{lines: lines, st: st, lineH: lh, h: lh * float64(len(lines))})
	}
	return out
}
