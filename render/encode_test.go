package render_test

import (
	"fmt"
	"image"
	"testing"

	"spicebot/games"
	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
)

// board is one drawn board of a random game, for the PNG tests and benchmarks.
type board struct {
	name string
	img  *image.RGBA
	pal  *render.Palette
}

// boards draws the observer's board of a random game of every listed game at its largest player
// count, at the start, in the middle and at the end (the tallest boards).
func boards(tb testing.TB) []board {
	tb.Helper()
	r, err := games.Renderer()
	if err != nil {
		tb.Fatal(err)
	}
	names := []string{rendertest.LongName, "Bob", "Chandra", "Dmitri", "Eleanor Rigby-Smythe"}
	var out []board
	for _, g := range games.List() {
		_, n := g.Rules.Players()
		st, err := g.Rules.New(n, rules.Options{}, 7)
		if err != nil {
			tb.Fatal(err)
		}
		draw := func(when string) {
			im, err := r.Board(st.View(rules.Observer), names[:n])
			if err != nil {
				tb.Fatalf("%s board: %v", g.Rules.ID(), err)
			}
			rgba, ok := im.(*image.RGBA)
			if !ok {
				tb.Fatalf("%s board is %T", g.Rules.ID(), im)
			}
			out = append(out, board{fmt.Sprintf("%s-%dp-%s", g.Rules.ID(), n, when), rgba, g.Draw.Palette()})
		}
		draw("start")
		// A random game to its end (or 3,000 moves), then again to its middle.
		total := 0
		rng := rules.NewRNG(7)
		again, err := g.Rules.New(n, rules.Options{}, 7)
		if err != nil {
			tb.Fatal(err)
		}
		_, _ = rules.Playout(again, &rng, 3000, func(rules.Record) error { total++; return nil })
		rng = rules.NewRNG(7)
		step := 0
		_, _ = rules.Playout(st, &rng, 3000, func(rules.Record) error {
			if step++; step == total/2 {
				draw("middle")
			}
			return nil
		})
		draw("end")
	}
	return out
}

// Every board's PNG, encoded with its game's palette, is at most rendertest.MaxPNGBytes, decodes
// to the board's size, and keeps every fill exact; edge pixels move by a bounded amount.
func TestEncodePNGBoards(t *testing.T) {
	for _, b := range boards(t) {
		data, err := b.pal.EncodePNG(b.img)
		if err != nil {
			t.Fatalf("%s: %v", b.name, err)
		}
		rendertest.Save(t, "png-"+b.name, data)
		rendertest.Decode(t, data, b.img.Bounds().Dx())
		worst, _ := rendertest.CheckFills(t, b.img, data)
		t.Logf("%s: %dx%d, %d bytes, largest edge change %d", b.name, b.img.Bounds().Dx(), b.img.Bounds().Dy(), len(data), worst)
	}
}

// BenchmarkEncodePNG encodes the boards of TestEncodePNGBoards with their games' palettes.
func BenchmarkEncodePNG(b *testing.B) {
	for _, bd := range boards(b) {
		b.Run(bd.name, func(b *testing.B) {
			var size int
			for b.Loop() {
				data, err := bd.pal.EncodePNG(bd.img)
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64(size), "png-bytes")
		})
	}
}
