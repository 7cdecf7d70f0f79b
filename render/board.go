package render

import (
	"image"
	"math"

	"spicebot/rules"
)

// Boards: a column of panels, and two variants.
//
// A board is drawn as a title band and a column of panels, each measured first (its height) and
// then drawn top to bottom (Kit.Stack). A board posted in a channel must fit a phone's screen
// (MaxBoardHeight): what a player needs every turn comes first, and the panels that explain
// rather than inform (legends, secondary panels) are Details, drawn only on the full board
// (Lang.Full: the Details button and /board full). The drawer marks its panels; the kit decides
// what a variant shows, for every game alike.

// MaxBoardHeight is the tallest a posted board may be, in pixels at the width drawn: a phone
// shows an image of about 520 px wide and 1,100 high without making its text too small to read.
const MaxBoardHeight = 1100

// Panel is one panel of a board's column (see Kit.Stack).
type Panel struct {
	// H is its height in pixels (0: the panel is left out).
	H float64
	// Gap is the space below it in pixels (the Stack's gap when 0; negative: overlap).
	Gap float64
	// Detail marks a legend or a secondary panel, drawn only on the full board (Kit.Full).
	Detail bool
	// Fold marks a panel the posted board leaves out when it would otherwise be taller than
	// MaxBoardHeight (the full board always shows it): the higher Fold first, then the lower
	// ones, until the board fits; 0 never. A board that left one out says so at its foot.
	Fold int
	// Brief, when set, is drawn in the panel's place when it is folded (e.g. the players' names
	// and scores in place of their whole panels).
	Brief *Panel
	// Draw draws it with its top edge at top.
	Draw func(c *Canvas, top float64)
}

// Column is the frame Kit.Stack draws a board's panels in.
type Column struct {
	W       int     // the image's width, in pixels
	HeaderH float64 // the title band's height (drawn by Header)
	Gap     float64 // the space between panels, and below the title band
	Margin  float64 // the space below the last panel
	// Header draws the title band across the top of the canvas.
	Header func(c *Canvas)
}

// Stack draws a board: a canvas col.W wide filled with paper, the title band, then the panels
// top to bottom, each followed by its gap — the Detail panels only on the full board (Full) —
// and the last by col.Margin. It returns the image.
func (k *Kit) Stack(col Column, panels []Panel) *image.RGBA {
	shown := k.Shown(panels)
	if !k.full {
		shown = k.fold(col, shown)
	}
	y := col.HeaderH + col.Gap
	tops := make([]float64, len(shown))
	for i, p := range shown {
		tops[i] = y
		y += p.H + gapOf(p, col)
	}
	if len(shown) > 0 {
		y += col.Margin - gapOf(shown[len(shown)-1], col)
	}
	c := k.Canvas(col.W, int(math.Ceil(y)))
	c.Fill(ColPaper)
	if col.Header != nil {
		col.Header(c)
	}
	for i, p := range shown {
		p.Draw(c, tops[i])
	}
	return c.Image()
}

// height is how tall col is with panels.
func height(col Column, panels []Panel) float64 {
	y := col.HeaderH + col.Gap
	for _, p := range panels {
		y += p.H + gapOf(p, col)
	}
	if len(panels) > 0 {
		y += col.Margin - gapOf(panels[len(panels)-1], col)
	}
	return math.Ceil(y)
}

// SeatsBrief is a short panel of the players, one row each: the seat's disc, its name and a
// short text of the game's (right[i], e.g. the score; "" for none), in the box at x, width w. A
// drawer gives it as the Brief of its players' panel (Panel.Brief), so that a board that folds
// that panel still names every player.
func (k *Kit) SeatsBrief(x, w float64, display, initials []string, right []string) Panel {
	const rowH, pad = 28.0, 6.0
	h := 2*pad + rowH*float64(len(display))
	return Panel{H: h, Draw: func(c *Canvas, top float64) {
		c.Panel(x, top, w, h, 8, ColPanel, ColBorder)
		for i := range display {
			y := top + pad + rowH*(float64(i)+0.5)
			c.SeatDisc(x+20, y, 11, rules.Seat(i), initials)
			st := Style{Size: 14, Bold: true}
			rw := 0.0
			if i < len(right) && right[i] != "" {
				rw = c.Measure(right[i], st) + 12
				c.Text(right[i], x+w-10, y, 1, st)
			}
			name := SeatName(display, rules.Seat(i))
			ns, _ := c.FitName(name, w-40-rw-8, Style{Size: 15})
			c.Text(name, x+38, y, 0, ns)
		}
	}}
}

// foldNoteH is the height of the line that says a posted board left panels out.
const foldNoteH = 24

// fold leaves out of shown the Fold panels, the highest Fold first, until the board fits
// MaxBoardHeight (or none is left to fold), and then ends it with a line saying that the full
// board (the Details button) has the rest.
func (k *Kit) fold(col Column, shown []Panel) []Panel {
	folded := false
	note := 0.0 // the foot line's height, with its gap, once a panel is folded
	for height(col, shown)+note > MaxBoardHeight {
		top, at := 0, -1
		for i, p := range shown {
			if p.Fold > top {
				top, at = p.Fold, i
			}
		}
		if at < 0 {
			break
		}
		if b := shown[at].Brief; b != nil {
			shown = append(shown[:at:at], append([]Panel{*b}, shown[at+1:]...)...)
		} else {
			shown = append(shown[:at:at], shown[at+1:]...)
		}
		folded, note = true, foldNoteH+col.Gap
	}
	if !folded {
		return shown
	}
	more := k.T("render.details.more")
	return append(shown, Panel{H: foldNoteH, Draw: func(c *Canvas, top float64) {
		c.Text(more, float64(col.W)/2, top+foldNoteH/2, 0.5, Style{Size: 14, Colour: ColMuted})
	}})
}

func gapOf(p Panel, col Column) float64 {
	if p.Gap == 0 {
		return col.Gap
	}
	return p.Gap
}

// Shown returns the panels a board of this Kit shows: those with a height, and of those the
// Detail panels only on the full board.
func (k *Kit) Shown(panels []Panel) []Panel {
	var out []Panel
	for _, p := range panels {
		if p.H > 0 && (k.full || !p.Detail) {
			out = append(out, p)
		}
	}
	return out
}

// Full reports whether the Kit draws the full board, with its Detail panels (legends,
// secondary panels), rather than the board posted after every move.
func (k *Kit) Full() bool { return k.full }
