package render

import (
	"fmt"
	"image"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Drawing and encoding a board at once.
//
// A board is drawn on one core, top to bottom, panel by panel, and then encoded on two (see
// quantizeWarm): for a while the second core idles and then the player waits for the encoding.
// Lang.BoardPNG overlaps the two. A drawer reports the rows it is done with (Canvas.Drawn, before
// each panel); the first such report on a canvas starts a stream on it: a goroutine, the early
// pass, that encodes the image's bands of rows with the game's palette memo (warmHalf, band by
// band: copied from the board before, or quantized and deflated) as soon as they are drawn, and
// looks for new fills in them. Once the drawer returns the image, the rows after the early pass's
// last band are encoded in two halves as usual, and the first half starts with the early pass's
// bands, in order (s.list), hashing their rows again: a band is known by its pixels (see bandKey),
// so a band whose rows changed after all (a drawer that broke its promise) is encoded again, as
// the image ended up (the check is one hash per row).
// The early pass quantizes with the memo's palette; at a band with a new fill it extends the
// palette with it (see stream.extend), keeping the bands it made before only as memo.keepsEarly
// allows, and so does the end for new fills after the early pass's last band (see quantizeWarm).
//
// A stream holds the memo's read lock and a quantizer from the drawer's first report until it is
// finished or aborted. On a machine with one core, for a cold or stale memo, and for a short image
// (see parallelRows) there is no stream: the board is encoded once drawn.

// earlyPart is the index of the early pass's scratch in a quantizer's arrays of three.
const earlyPart = 2

// stream is a board being encoded while it is drawn: see above.
type stream struct {
	pm      *PaletteMemo
	q       *quantizer
	img     *image.RGBA
	rows    []byte          // q's rows of indices with their slack (see setRows)
	m       *memo           // pm's memo when the stream started
	old     *bandSet        // pm's bands then
	list    []earlyBand     // the early pass's bands in order (quantized with em), once exited
	scratch []uint32        // the early pass's scratch for newFills
	changed map[uint32]bool // the early pass's colours whose entries the new fills changed (see reentry)
	mu      sync.Mutex      // guards em and fills from the early pass, which sets them, and finish
	em      *memo           // the early pass's memo: m, or m extended with fills (see extend)
	fills   []uint32        // the new fills the early pass found
	drawn   atomic.Int64
	done    atomic.Bool  // set when the image is drawn: the early pass starts no more bands
	abort   atomic.Bool  // set when the image is given up: the early pass ends at once
	band    atomic.Int64 // the first row of the early pass's band, or of the rows it left
	wake    chan struct{}
	exited  chan struct{} // closed when the early pass has returned
	closed  bool          // finish or stop ran
}

// stream starts a stream on img, a w×h canvas being drawn, with pm's memo, and returns it; or nil
// when there is none to start (see above). The caller must finish or stop it.
func (pm *PaletteMemo) stream(img *image.RGBA) *stream {
	b := img.Bounds()
	if pm == nil || runtime.GOMAXPROCS(0) < 2 || b.Dy() < parallelRows || b.Min != (image.Point{}) {
		return nil
	}
	pm.mu.RLock()
	m, old := pm.m, pm.bands
	if m == nil || m.stale {
		pm.mu.RUnlock()
		return nil
	}
	if old == nil {
		old = newBandSet(m)
	}
	q := getQuantizer()
	s := &stream{
		pm: pm, q: q, img: img, rows: q.setRows(b.Dx(), b.Dy()), m: m, old: old, em: m,
		wake: make(chan struct{}, 1), exited: make(chan struct{}),
	}
	q.stream = s
	go s.run()
	return s
}

// run is the early pass: warmHalf over the whole image as it is drawn, into s.list, until the
// image is drawn (at the end of a band), the palette has no room for a band's new fills, or the
// stream is stopped.
func (s *stream) run() {
	defer close(s.exited)
	var (
		use  atomic.Pointer[memo]
		stop atomic.Bool
	)
	use.Store(s.m)
	b := s.img.Bounds()
	seed := &bandSet{seed: s.old.seed} // its bands go to s.list
	// An error of the compressor leaves the band unmade: the halves make it again.
	_, _, _, _ = s.q.warmHalf(earlyPart, s.img, s.rows, 0, b.Dy(), true, s.m, s.old, seed, &use, &stop, b.Dx()*b.Dy()/maxNewShare)
}

// advance records that the rows above y are drawn.
func (s *stream) advance(y int) {
	if y = min(y, s.img.Bounds().Dy()); int64(y) > s.drawn.Load() {
		s.drawn.Store(int64(y))
		s.signal()
	}
}

// signal wakes the early pass if it waits.
func (s *stream) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// begin is the early pass starting a band at row y: it reports false when the image is drawn
// (finish, which reads s.band after setting done, then knows that no band starts after it).
func (s *stream) begin(y int) bool {
	s.band.Store(int64(y))
	return !s.done.Load()
}

// extend is the early pass meeting a band with new fills, fills (see newFills): it returns s.m
// extended with them and those met before, which it now quantizes with, having dropped the bands
// it made that the extension changes (see memo.keepsEarly), or nil when the image is drawn
// (finish has taken em: the halves do the rest) or the palette has no room.
func (s *stream) extend(fills []uint32) *memo {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done.Load() {
		return nil
	}
	all := slices.Clone(s.fills)
	for _, f := range fills {
		if !slices.Contains(all, f) {
			all = append(all, f)
		}
	}
	x := s.m.extend(all)
	if x == nil {
		return nil
	}
	changed := reentry(&s.q.parts[earlyPart].t, s.em, x)
	for i, eb := range s.list {
		if eb.bd != nil && !x.keepsEarly(s.em, eb.bd, changed) {
			s.list[i].bd = nil // to make again
		}
	}
	s.em, s.fills = x, all
	return x
}

// wait waits until the rows above y are drawn; it reports false when the stream is stopped.
func (s *stream) wait(y int) bool {
	for s.drawn.Load() < int64(y) {
		if s.abort.Load() {
			return false
		}
		<-s.wake
	}
	return !s.abort.Load()
}

// finish encodes the image, drawn now, as PaletteMemo.EncodePNG does (see quantizeWarm), and
// ends the stream. It returns the way the image was made (madeWarm, …), or an error if the
// compressor fails.
func (s *stream) finish() ([]byte, int, error) {
	s.closed = true
	h := s.img.Bounds().Dy()
	s.drawn.Store(int64(h))
	s.mu.Lock()
	s.done.Store(true)
	em := s.em // final: see extend
	s.mu.Unlock()
	s.signal()
	s0 := int(s.band.Load())
	q := s.q
	defer putQuantizer(q)
	used, z, next, ok, err := q.quantizeWarm(s.img, em, s.old, s0)
	<-s.exited
	s.pm.mu.RUnlock()
	data, made, err := s.pm.warmDone(q, s.img, s.m, used, z, next, ok, err)
	q.stream = nil
	if data == nil && err == nil {
		data, made, err = s.pm.encodeAnew(q, s.img)
	}
	if err != nil {
		return nil, made, fmt.Errorf("encode png: %w", err)
	}
	s.pm.counts[made].Add(1)
	return data, made, nil
}

// stop ends the stream without encoding, once the early pass has returned (a drawer's error, or
// a drawer that returned another image). It does nothing once the stream is finished or stopped.
func (s *stream) stop() {
	if s == nil || s.closed {
		return
	}
	s.closed = true
	s.abort.Store(true)
	s.signal()
	<-s.exited
	s.pm.mu.RUnlock()
	s.q.stream = nil
	putQuantizer(s.q)
}

// boardStream is what Lang.BoardPNG's Kit streams: the board's canvas (the first to report rows
// drawn) and its stream.
type boardStream struct {
	memo *PaletteMemo
	img  *image.RGBA // the canvas streamed, once one reported rows drawn
	s    *stream     // its stream, nil if none (see PaletteMemo.stream)
}

// drawn records that the rows of canvas img above y are drawn, starting the stream on the first
// canvas to report (the others are not the board).
func (b *boardStream) drawn(img *image.RGBA, y int) {
	if b.img == nil {
		b.img = img
		b.s = b.memo.stream(img)
	}
	if img == b.img && b.s != nil {
		b.s.advance(y)
	}
}

// encode encodes im, the board as drawn, with the memo: finishing the stream if im is its canvas,
// else as PaletteMemo.EncodePNG.
func (b *boardStream) encode(im image.Image) ([]byte, error) {
	if rgba, ok := im.(*image.RGBA); ok && b.s != nil && rgba == b.img {
		data, _, err := b.s.finish()
		return data, err
	}
	b.s.stop()
	return b.memo.EncodePNG(im)
}

// BoardPNG draws the public board as Board does and encodes it as memo.EncodePNG does (see
// PaletteMemo; a nil memo: EncodePNG), encoding the rows the drawer reports drawn
// (Canvas.Drawn) while it draws the rest, on another core (see stream): the PNG is the same as
// Board's image encoded with memo, sooner. It returns Board's errors, or the encoder's.
func (l Lang) BoardPNG(view any, names []string, memo *PaletteMemo) ([]byte, error) {
	g, err := l.r.game("board", view)
	if err != nil {
		return nil, err
	}
	k := l.r.kit(g, names, l.loc)
	bs := &boardStream{memo: memo}
	k.stream = bs
	defer func() { bs.s.stop() }() // a drawer's error or panic
	im, err := g.Draw.Board(k, view)
	if err != nil {
		return nil, err
	}
	return bs.encode(im)
}

// BoardPNG is BoardPNG in English (see Lang.BoardPNG).
func (r *Renderer) BoardPNG(view any, names []string, memo *PaletteMemo) ([]byte, error) {
	return r.In("en").BoardPNG(view, names, memo)
}
