package render

import (
	"image"
	"math"
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
