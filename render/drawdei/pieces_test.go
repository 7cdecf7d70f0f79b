package drawdei

import (
	"fmt"
	"image"
	"math"
	"testing"

	"spicebot/rules"
	"spicebot/rules/dei"
)

// Issue 26 item 3: floating cargo is drawn beside a ship, never over its disc, and inside the map,
// for a big ship (the largest disc) with any facing on any sea square of every layout, with the
// map at its own cell size.
func TestCargoBesideTheShip(t *testing.T) {
	for n := 2; n <= 4; n++ {
		st, err := dei.Game.New(n, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		v := st.View(rules.Observer).(*dei.View)
		g := newGrid(v, 100)
		r := g.cell * 0.4 // a big ship's disc
		checked := 0
		for y, row := range v.Map {
			for x := 0; x < len(row); x++ {
				if row[x] != '.' && row[x] != 'a' {
					continue
				}
				q := dei.Square{X: x, Y: y}
				for f := dei.Direction(0); f < 8; f++ {
					w := *v
					w.Seats = append([]dei.SeatView{}, v.Seats...)
					w.Seats[0].Ships[dei.Big].At, w.Seats[0].Ships[dei.Big].Facing = q, f
					w.Pirates = [2]dei.PirateView{{At: dei.Square{X: -5, Y: -5}}, {At: dei.Square{X: -5, Y: -5}}}
					cx, cy := g.centre(q)
					left, top := chipAt(&w, g, q)
					where := fmt.Sprintf("%d players, ship on %v facing %d", n, q, f)
					// The nearest point of the chip to the disc's centre lies outside the disc.
					nx, ny := math.Max(left, math.Min(cx, left+chipW)), math.Max(top, math.Min(cy, top+chipH))
					if d := math.Hypot(nx-cx, ny-cy); d < r {
						t.Fatalf("%s: the cargo chip at (%.0f, %.0f) comes %.1f px from the disc's centre, within its radius %.1f", where, left, top, d, r)
					}
					if left < g.left || top < g.top || left+chipW > g.left+g.cell*float64(g.cols) || top+chipH > g.top+g.height() {
						t.Fatalf("%s: the cargo chip at (%.0f, %.0f) leaves the map", where, left, top)
					}
					checked++
				}
			}
		}
		if checked == 0 {
			t.Fatalf("%d players: no square checked", n)
		}
	}
}

// Issue 26 item 3: a ship's facing reads at phone width: turning a big ship from facing right to
// facing left changes a region (its bow on either side) wider than the disc by more than 11 px on
// each side and taller than 0.6 of the disc's diameter.
func TestFacingMarkIsLarge(t *testing.T) {
	r := newRenderer(t)
	st, err := dei.Game.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(rules.Observer).(*dei.View)
	draw := func(f dei.Direction) image.Image {
		w := *v
		w.Seats = append([]dei.SeatView{}, v.Seats...)
		w.Seats[0].Ships[dei.Big].At, w.Seats[0].Ships[dei.Big].Facing = dei.Square{X: 9, Y: 6}, f
		img, err := r.Board(&w, names[:2])
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	a, b := draw(2), draw(6)
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, -1, -1
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	disc := newGrid(v, 0).cell * 0.4
	if w, h := float64(x1-x0+1), float64(y1-y0+1); w < 2*(disc+11) || h < 1.2*disc {
		t.Errorf("the facing marks differ over %.0f × %.0f px; want at least %.0f × %.0f for a disc of radius %.1f", w, h, 2*(disc+11), 1.2*disc, disc)
	}
}
