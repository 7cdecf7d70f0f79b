package render_test

import (
	"errors"
	"image"
	"image/color"
	"testing"
	"time"

	"spicebot/games"
	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
)

// Boards drawn and encoded at once (Renderer.BoardPNG, as the bot does) over consecutive boards of
// each game are the boards drawn (Renderer.Board) and then encoded with a copy of the memo as it
// was, pixel for pixel: fills exact, every other pixel exact or the nearest palette colour, the
// zlib stream whole. (How many rows are encoded while drawn depends on the cores' other work: see
// TestStreamRowsChangedAfterDrawn, and the drawers' tests for their reports of rows drawn.)
func TestBoardPNGStreamsBoards(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 12
	}
	r, err := games.Renderer()
	if err != nil {
		t.Fatal(err)
	}
	for id, s := range seriesViews(t, n) {
		var streamed render.PaletteMemo
		for i, v := range s.views {
			drawnThen := streamed.Clone()
			data, err := r.BoardPNG(v, s.names, &streamed)
			if err != nil {
				t.Fatalf("%s board %d: %v", id, i, err)
			}
			im, err := r.Board(v, s.names)
			if err != nil {
				t.Fatal(err)
			}
			want, err := drawnThen.EncodePNG(im)
			if err != nil {
				t.Fatal(err)
			}
			if err := inflateIDAT(data); err != nil {
				t.Fatalf("%s board %d: %v", id, i, err)
			}
			checkNearest(t, im.(*image.RGBA), data)
			if err := samePixels(decodePaletted(t, data), decodePaletted(t, want)); err != nil {
				t.Errorf("%s board %d: streamed and drawn-then-encoded boards differ: %v", id, i, err)
			}
		}
		c := streamed.Counts()
		t.Logf("%s: %+v: %.0f%% of the rows encoded while drawn", id, c, 100*float64(c.Drawn)/float64(max(1, c.Rows)))
		if c.Warm+c.Extended < int64(len(s.views))/2 {
			t.Errorf("%s: only %d of %d boards used the memo", id, c.Warm+c.Extended, len(s.views))
		}
	}
}

// testGame is a registered game whose drawer is the test's own.
type testGame struct{ rules.Game }

func (testGame) ID() string { return "test-stream" }

// view is testGame's view: what its drawer does.
type view struct {
	h       int
	drawnAt []int // rows reported drawn, in order
	err     error // returned after drawing
	panics  bool
}

// drawView draws stripes of colours on a canvas of v.h rows, reporting rows drawn at v.drawnAt.
func drawView(k *render.Kit, v *view) (image.Image, error) {
	c := k.Canvas(300, v.h)
	c.Fill(render.ColPaper)
	y := 0
	for i, at := range append(v.drawnAt, v.h) {
		c.SetColor(color.RGBA{uint8(40 * i), 90, uint8(200 - 30*i), 255})
		c.DrawRectangle(20, float64(y)+4, 200, float64(at-y)-8)
		c.Context.Fill()
		c.Text("Row", 240, float64(y+10), 0, render.Style{Size: 14})
		if at < v.h {
			c.Drawn(float64(at))
		}
		y = at
	}
	if v.panics {
		panic("the drawer failed")
	}
	return c.Image(), v.err
}

// A drawer that fails or panics after reporting rows drawn leaves the memo as it was and
// usable: the stream is stopped, its lock released.
func TestBoardPNGDrawerFails(t *testing.T) {
	r, err := render.New([]render.Game{{Rules: testGame{games.List()[0].Rules}, Draw: render.Views(drawView, drawView)}})
	if err != nil {
		t.Fatal(err)
	}
	var memo render.PaletteMemo
	good := &view{h: 600, drawnAt: []int{100, 300, 500}}
	first, err := r.BoardPNG(good, nil, &memo)
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if _, err := r.BoardPNG(&view{h: 600, drawnAt: []int{100, 300}, err: boom}, nil, &memo); !errors.Is(err, boom) {
		t.Fatalf("a drawer's error: got %v", err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the drawer's panic did not reach the caller")
			}
		}()
		_, _ = r.BoardPNG(&view{h: 600, drawnAt: []int{100, 300}, panics: true}, nil, &memo)
	}()
	// A stream left holding the memo's read lock would block the next board's learning for good.
	var again []byte
	done := make(chan struct{})
	go func() {
		defer close(done)
		again, err = r.BoardPNG(good, nil, &memo)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the next board was still not encoded after 20 s: the memo is locked")
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := samePixels(decodePaletted(t, first), decodePaletted(t, again)); err != nil {
		t.Error(err)
	}
	if c := memo.Counts(); c.Anew != 1 || c.Warm != 1 {
		t.Errorf("counts %+v, want the first board anew and the same board again warm", c)
	}
}

// CheckDrawn (used by every drawer's tests) catches a drawer that draws above a row it reported
// drawn.
func TestCheckDrawnCatchesBrokenPromise(t *testing.T) {
	r, err := render.New([]render.Game{{Rules: testGame{games.List()[0].Rules}, Draw: render.Views(drawView, drawView)}})
	if err != nil {
		t.Fatal(err)
	}
	check := rendertest.TraceDrawn(r)
	defer r.TraceDrawn(nil)
	// drawnAt not in order: rows 300–400 are drawn after rows up to 400 were reported drawn.
	im, err := r.Board(&view{h: 600, drawnAt: []int{400, 300}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := check.Verify(im.(*image.RGBA)); err == nil {
		t.Error("CheckDrawn found nothing wrong with a drawer that broke its promise")
	}
	im, err = r.Board(&view{h: 600, drawnAt: []int{100, 300, 500}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := check.Verify(im.(*image.RGBA)); err != nil {
		t.Errorf("a drawer that kept its promise: %v", err)
	}
}
