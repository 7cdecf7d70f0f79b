package render

import (
	"bytes"
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
)

// PaletteMemo remembers the palette of the last image encoded with it, so that the next image of
// the same series (the boards of one game, which share almost every colour) is encoded in one
// pass, and that image's bands of rows, compressed, so that the rows the next image shares with
// it are copied rather than encoded again: see EncodePNG. It holds 100–250 KB (its colour table
// and the last image's compressed bands). The zero value is ready to use; a PaletteMemo is safe
// for concurrent use.
//
// A memo carries colours from one image to the next: an image's edge pixels may take colours of the
// images before it, and its bands the bytes of the image before. Use one only for a series of
// public images of one game, never for a private image (a hand), and never across games. The
// palette entries an image does not use are written as black, so that a PNG's palette holds no
// colour its pixels do not show.
type PaletteMemo struct {
	mu     sync.RWMutex
	m      *memo    // nil when cold
	bands  *bandSet // the bands of the last warm encoding (see warmHalf), nil if none
	counts [3]atomic.Int64
	rows   [3]atomic.Int64 // rows of warm encodings: banded; of them copied from a kept band; and encoded while drawn (see stream)
}

// Clone returns a copy of pm as it is now (its palette, the colours it has met and the bands of
// its last image), with no encodings counted: for a benchmark that starts each operation from the
// same memo.
func (pm *PaletteMemo) Clone() *PaletteMemo {
	pm.mu.RLock()
	defer pm.mu.RUnlock()
	c := &PaletteMemo{}
	if m := pm.m; m != nil {
		x := *m // keys, fills and search never change
		x.table = m.table.clone()
		c.m = &x
		if b := pm.bands; b != nil && b.m == m {
			c.bands = &bandSet{m: c.m, seed: b.seed, bands: b.bands} // bands never change
		}
	}
	return c
}

// MemoCounts counts a PaletteMemo's encodings by the way each was made, and the rows of the warm
// and extended ones whose deflate data was copied from the image before (see warmHalf).
type MemoCounts struct {
	Warm     int64 // with the memo's palette, in one pass per half
	Extended int64 // the same, with the image's new fills added to the palette first
	Anew     int64 // with a palette made anew: the first image, and those the memo did not fit
	Rows     int64 // the rows of the warm and extended encodings
	Copied   int64 // those of them in bands kept from the image before (see warmHalf)
	Drawn    int64 // those of them encoded while the image was drawn (Lang.BoardPNG; see stream)
}

// The ways an image is encoded with a memo, the indices of PaletteMemo.counts.
const (
	madeWarm = iota
	madeExtended
	madeAnew
)

// Counts returns the number of images encoded with pm, by the way each was made.
func (pm *PaletteMemo) Counts() MemoCounts {
	return MemoCounts{
		Warm: pm.counts[madeWarm].Load(), Extended: pm.counts[madeExtended].Load(), Anew: pm.counts[madeAnew].Load(),
		Rows: pm.rows[0].Load(), Copied: pm.rows[1].Load(), Drawn: pm.rows[2].Load(),
	}
}

// memo is a PaletteMemo's palette: its colours and a table from every colour met so far to its
// palette entry (see memo entries: exact, or the nearest palette colour). Only table, split and
// stale change (under the PaletteMemo's write lock).
type memo struct {
	keys   []uint32        // the palette's colour keys
	fills  []uint32        // the fills among keys (carried to the next palette, see quantize)
	search *paletteSearch  // nearest colour of keys
	table  colourTable     // colour key → memo entry
	split  float64         // where to split the next image, as a share of its rows (0: halfway)
	stale  bool            // the table is full: the next image makes a new palette
	base   *memo           // the memo it extends (see extend), or nil
	moved  map[uint32]bool // the colours of base's table that took a new fill's entry
}

// keeps reports whether bd, a band quantized with memo q, is the same quantized with m: m is q,
// or extends q and none of bd's edge colours moved to a new fill (see extend; the colours that
// are their entry's own never move).
func (m *memo) keeps(q *memo, bd *band) bool {
	if m == q {
		return true
	}
	if m.base != q {
		return false
	}
	for _, c := range bd.edges {
		if m.moved[c] {
			return false
		}
	}
	return true
}

// keepsEarly reports whether bd, a band the early pass of a stream quantized with memo q (see
// stream), is the same quantized with m, whose palette is q's with more colours after them (both
// extend the same memo, or m is q): none of bd's edge colours has another entry in m's table than
// in q's, or is in changed, the colours new to q whose entries m's new fills changed (see
// reentry).
func (m *memo) keepsEarly(q *memo, bd *band, changed map[uint32]bool) bool {
	if m == q {
		return true
	}
	for _, c := range bd.edges {
		if changed[c] {
			return false
		}
		if e := q.table.find(c); e != 0 && (e^m.table.find(c))&(entryIndex|entryExact) != 0 {
			return false
		}
	}
	return true
}

// reentry gives the colours of t, with their entries in memo m, their entries in x, which extends
// m (see extend): a colour that is one of x's new fills, or nearer to one than to its entry's
// colour, takes it (the first nearest); a colour that is its entry's own keeps it. It returns the
// colours whose entries changed. t is m's table copied (extend) or a part's table of colours new
// to m (see stream).
func reentry(t *colourTable, m, x *memo) map[uint32]bool {
	changed := map[uint32]bool{}
	n := len(m.keys)
	nearer := func(c, e uint32) uint32 {
		if e&entryExact != 0 {
			return e
		}
		flags := e&entryNew | entryHere
		d := dist(c, x.keys[e&entryIndex])
		for i, f := range x.keys[n:] {
			if f == c {
				changed[c] = true
				return uint32(n+i) | entryExact | flags
			}
			if df := dist(c, f); df < d {
				e, d = uint32(n+i)|flags, df
				changed[c] = true
			}
		}
		return e
	}
	if t.white != 0 {
		t.white = nearer(0xffffffff, t.white)
	}
	for i, k := range t.keys {
		if k != 0 {
			t.vals[i] = nearer(k-1, t.vals[i])
		}
	}
	return changed
}

// A memo entry (a colourTable value) is a palette index with flags.
const (
	entryIndex = 0xff    // the palette index
	entryExact = 1 << 8  // the colour is the palette colour itself
	entryNew   = 1 << 9  // the colour is new to the memo (an encoding's own table)
	entryHere  = 1 << 10 // set in every entry (a table's value 0 is a missing colour)
)

const (
	// maxNewShare bounds the share of an image's pixels, outside fills, whose colour the memo has
	// not met: past 1/maxNewShare (3%), the image is encoded anew and the memo refreshed.
	// Consecutive boards of a game differ by some 0.05–0.8% of their pixels in new anti-aliased
	// edge colours, boards a dozen moves apart by more; even then, the boards encoded with the
	// memo differ from the boards as drawn by as much as when encoded anew (their squared error
	// over all pixels is 0.94–1.17 times as large).
	maxNewShare = 32
	// maxMemoColours bounds a memo's table (16,384 slots, 128 KB): past it the next image makes a
	// new palette. A board has 2,000–3,500 colours.
	maxMemoColours = 8000
)

// EncodePNG encodes img as EncodePNG does, with the palette of the memo's last image when it fits:
// with a warm memo, each half of the image (see quantize) is one pass, band by band of rows, at
// once with the other half, with no counting of colours and no choice of palette: a band whose
// pixels the memo's last image had is copied from it, already compressed; any other band's runs of
// equal pixels become palette indices through the memo's table, with their Adler-32 sums, and the
// band is deflated (see warmHalf). A colour the memo has not met takes its nearest palette colour
// and is remembered. Fills (runs of flatRun equal pixels) whose colours are not exactly in the
// palette — a new element, or a colour the last image had only on edges — are found first, in a
// quick look at sampled pixels while the second half's goroutine starts, and added to the palette,
// so that fills stay exact. The image is encoded anew, the memo refreshed with its palette, when
// the memo is cold or full, when the palette has no room for the new fills, or when more than
// 1/maxNewShare of the pixels outside fills have colours the memo has not met. A palette made anew
// keeps the memo's fills after the image's own (so that a fill that comes and goes, such as a
// highlight, does not make every other board anew). The palette entries an image does not use are
// written as black.
//
// A nil memo encodes as the package's EncodePNG.
func (pm *PaletteMemo) EncodePNG(img image.Image) ([]byte, error) {
	data, _, err := pm.encode(img)
	return data, err
}

// encode is EncodePNG, and returns the way the image was made (madeWarm, …).
func (pm *PaletteMemo) encode(img image.Image) ([]byte, int, error) {
	if pm == nil {
		data, err := EncodePNG(img)
		return data, madeAnew, err
	}
	if err := checkImage(img); err != nil {
		return nil, madeAnew, err
	}
	rgba := toRGBA(img)
	q := getQuantizer()
	defer putQuantizer(q)
	data, made, err := pm.encodeWarm(q, rgba)
	if data == nil && err == nil {
		data, made, err = pm.encodeAnew(q, rgba)
	}
	if err != nil {
		return nil, made, fmt.Errorf("encode png: %w", err)
	}
	pm.counts[made].Add(1)
	return data, made, nil
}

// encodeWarm encodes img with the memo's palette (madeWarm), or with the image's new fills added
// to it (madeExtended), and learns the image's new colours. It returns no data when the memo is
// cold or stale or does not fit img (see EncodePNG).
func (pm *PaletteMemo) encodeWarm(q *quantizer, img *image.RGBA) ([]byte, int, error) {
	pm.mu.RLock()
	m, old := pm.m, pm.bands
	if m == nil || m.stale {
		pm.mu.RUnlock()
		return nil, madeAnew, nil
	}
	if old == nil {
		old = newBandSet(m)
	}
	used, z, next, ok, err := q.quantizeWarm(img, m, old, 0)
	pm.mu.RUnlock()
	return pm.warmDone(q, img, m, used, z, next, ok, err)
}

// warmDone is the end of encodeWarm, once quantizeWarm (with memo m) returned used, z, next, ok
// and err: it writes the PNG and learns the image's colours and bands.
func (pm *PaletteMemo) warmDone(q *quantizer, img *image.RGBA, m, used *memo, z [2][]byte, next *bandSet, ok bool, err error) ([]byte, int, error) {
	made := madeWarm
	if used != m {
		made = madeExtended
	}
	if err != nil || !ok {
		return nil, made, err
	}
	b := img.Bounds()
	data, err := q.writePNG(b.Dx(), b.Dy(), used.keys, q.used(), z)
	if err != nil {
		return nil, made, err
	}
	pm.learn(used, q, made == madeExtended, next, q.stream != nil)
	pm.rows[0].Add(int64(b.Dy()))
	pm.rows[1].Add(int64(q.copied[0] + q.copied[1]))
	pm.rows[2].Add(int64(q.early[0] + q.early[1]))
	return data, made, nil
}

// encodeAnew encodes img with a palette made anew, with the fills of the memo (if any) kept, and
// makes it the memo's palette.
func (pm *PaletteMemo) encodeAnew(q *quantizer, img *image.RGBA) ([]byte, int, error) {
	var carry []uint32
	pm.mu.RLock()
	if pm.m != nil {
		carry = pm.m.fills // never changes
	}
	pm.mu.RUnlock()
	pal := q.quantize(img, carry)
	var used *[256]bool
	if pal.remap != nil {
		used = &q.parts[0].used
		clear(used[:])
		for id, n := range q.parts[0].counts {
			if n > 0 {
				used[pal.remap[id]] = true
			}
		}
	}
	b := img.Bounds()
	data, err := q.writePNG(b.Dx(), b.Dy(), pal.keys, used, [2][]byte{})
	if err != nil {
		return nil, madeAnew, err
	}
	next := q.newMemo(pal)
	pm.mu.Lock()
	pm.m, pm.bands = next, newBandSet(next) // no band is of this palette yet
	pm.mu.Unlock()
	return data, madeAnew, nil
}

// newMemo returns the memo of a palette made by quantize: every colour of the image (and every
// carried fill) with its palette entry. It returns nil for an image of too many colours.
func (q *quantizer) newMemo(pal chosen) *memo {
	if pal.remap == nil {
		return nil
	}
	a := &q.parts[0]
	m := &memo{keys: pal.keys, fills: pal.keys[:pal.fills], search: pal.search}
	if m.search == nil {
		m.search = newPaletteSearch(m.keys)
	}
	size := 1024
	for size < 2*len(a.colours) {
		size *= 2
	}
	m.table.reset(size)
	for id, c := range a.colours {
		i := pal.remap[id]
		e := uint32(i) | entryHere
		if pal.keys[i] == c {
			e |= entryExact
		}
		*m.table.ref(c) = e
	}
	m.stale = m.table.n > maxMemoColours
	return m
}

// learn adds the colours new to m that q's last quantizeWarm met (with their nearest palette
// colours) to m's table, if m is still pm's memo or, with publish, makes m pm's memo (an extended
// memo, see extend); past maxMemoColours it marks m stale. It keeps bands, the bands of the
// image just encoded, for the next. With early, it learns the colours of the early pass of a
// stream too (see stream), with their entries in m (see reentry).
func (pm *PaletteMemo) learn(m *memo, q *quantizer, publish bool, bands *bandSet, early bool) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	if publish {
		pm.m = m
	}
	if pm.m == m {
		pm.bands = bands
	}
	if pm.m != m || m.stale {
		return
	}
	m.split = balance(q.costs)
	parts := []int{0, 1}[:q.halves]
	if early {
		parts = append(parts, earlyPart)
	}
	for _, h := range parts {
		t := &q.parts[h].t
		if t.white != 0 {
			*m.table.ref(0xffffffff) = t.white &^ entryNew
		}
		for i, k := range t.keys {
			if k != 0 {
				*m.table.ref(k - 1) = t.vals[i] &^ entryNew
			}
		}
	}
	m.stale = m.table.n > maxMemoColours
}

// extend returns a copy of m with fills added to its palette, or nil if the palette has no room
// for them. Every colour of its table keeps or takes its nearest palette colour (a fill's own
// colour is exact); the copy's moved holds the colours that took a fill's, so that the bands
// quantized with m that have none of them are still good (see memo.keeps). m must not change
// meanwhile (see PaletteMemo.mu).
func (m *memo) extend(fills []uint32) *memo {
	if len(fills) == 0 || len(m.keys)+len(fills) > 256 {
		return nil
	}
	n := len(m.keys)
	x := &memo{
		keys:  append(slices.Clip(m.keys), fills...),
		fills: append(slices.Clone(fills), m.fills...),
		table: m.table.clone(),
		split: m.split,
	}
	x.search = newPaletteSearch(x.keys)
	moved := reentry(&x.table, m, x)
	for i, f := range fills {
		*x.table.ref(f) = uint32(n+i) | entryExact | entryHere
	}
	x.base, x.moved = m, moved
	return x
}

// used returns the palette entries the halves of the last quantizeWarm used.
func (q *quantizer) used() *[256]bool {
	u := &q.parts[0].used
	if q.halves == 2 {
		for i, v := range q.parts[1].used {
			u[i] = u[i] || v
		}
	}
	return u
}

// quantizeWarm sets q.rows to img's rows of palette indices, each after its filter byte, and
// q.adler to their Adler-32, and returns the memo whose palette they index — m, or a copy of m
// extended with the image's new fills (see newFills and extend) — the rows compressed at
// pngFastLevel in bands, those of old copied (see warmHalf; none past pngFastMax, the rows then
// all written to be compressed whole), and the bands of img: each half (see quantize) in one
// goroutine, in one pass. The first goroutine looks for new fills before its pass; the second,
// which starts later (its core wakes), makes its pass with m at once, and again in the rare image
// with new fills. Each part's table holds the colours new to the memo, and its used the palette
// entries its rows use.
//
// For the image of a stream (q.stream, whose early pass quantized with m the bands of rows before
// s0 and perhaps the band from s0: see stream), the halves are the rows after s0, split evenly but
// not before the early pass's last band can end; the first half, once the early pass is over,
// copies its bands (see warmHalf), and new fills are looked for only from s0.
//
// It returns false when m does not fit img (see PaletteMemo.EncodePNG), or an error if the
// compressor fails. m must not change meanwhile (see PaletteMemo.mu).
func (q *quantizer) quantizeWarm(img *image.RGBA, m *memo, old *bandSet, s0 int) (*memo, [2][]byte, *bandSet, bool, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	q.splitRows(h)
	s := q.stream
	switch {
	case s != nil && q.halves == 2:
		// The early pass's last band ends before s0+bandMax, and its last row's indices may
		// spill into the next row (see warmRows): the second half starts after both.
		if q.split = max(s0+bandMax+1, s0+(h-s0)/2); q.split > h-bandMin {
			q.halves, q.split = 1, h
		}
	case q.halves == 2 && m.split > 0:
		q.split = min(max(int(m.split*float64(h)+0.5), h/4), h-h/4)
	}
	var rows []byte
	if s != nil {
		rows = s.rows // set up by stream, and in use by the early pass
	} else {
		rows = q.setRows(w, h)
	}
	maxNew := w * h / maxNewShare
	var (
		stop    atomic.Bool
		use     atomic.Pointer[memo]  // the memo to use: m until newFills says otherwise, nil if none
		decided = make(chan struct{}) // closed once use is final
		sums    [2][2]uint64          // each half's Adler-32 sums (a, b)
		z       [2][]byte
		errs    [2]error
		wg      sync.WaitGroup
		bounds  = [3]int{0, q.split, h} // the halves' rows
		next    [2]*bandSet             // each half's bands
	)
	for i := range next {
		next[i] = &bandSet{seed: old.seed, bands: map[bandKey]*band{}}
	}
	use.Store(m)
	half := func(i int) {
		last := i == q.halves-1
		y0, y1 := bounds[i], bounds[i+1]
		if s != nil && i == 0 {
			<-s.exited // its bands are the first half's to copy
			if x := use.Load(); x != nil && x != m {
				s.changed = reentry(&q.parts[earlyPart].t, m, x)
			}
		}
		for {
			m := use.Load()
			if m == nil {
				return
			}
			z[i], sums[i][0], sums[i][1], errs[i] = q.warmHalf(i, img, rows, y0, y1, last, m, old, next[i], &use, &stop, maxNew)
			if stop.Load() || errs[i] != nil {
				return
			}
			<-decided
			if use.Load() == m {
				return
			}
			// The rows were made with m, but the image has new fills: again, with them.
			clear(next[i].bands)
		}
	}
	if q.halves == 2 {
		wg.Go(func() { half(1) })
	}
	if fills, ok := q.newFills(img, m, s0, h, q.fills[:0]); !ok {
		use.Store(nil)
	} else if q.fills = fills; len(fills) > 0 && s != nil {
		// m is s.m extended with the early pass's fills (or s.m): s.m extended with them all.
		use.Store(s.m.extend(append(slices.Clip(s.fills), fills...)))
	} else if len(fills) > 0 {
		use.Store(m.extend(fills))
	}
	close(decided)
	half(0)
	wg.Wait()
	if m = use.Load(); m == nil || stop.Load() {
		return m, z, nil, false, nil
	}
	if err := errors.Join(errs[0], errs[1]); err != nil {
		return m, z, nil, false, err
	}
	if z[0] == nil || (q.halves == 2 && z[1] == nil) {
		return m, z, nil, false, nil
	}
	maps.Copy(next[0].bands, next[1].bands)
	next[0].m = m
	if len(z[0])+len(z[1]) > pngFastMax {
		// Too large in bands: writePNG compresses the rows whole, the copied ones written too.
		q.fillHits(img, rows, m)
		z = [2][]byte{}
	}
	if q.halves == 1 {
		q.adler = uint32(sums[0][1]<<16 | sums[0][0])
	} else {
		q.adler = adlerCombine(sums[0][0], sums[0][1], sums[1][0], sums[1][1], uint64((h-q.split)*(w+1)))
	}
	return m, z, next[0], true, nil
}

// newFills appends to fills the colours of the fills (runs of flatRun or more equal pixels in a
// row) of img's rows y0 to y1 that are not exactly in m's palette, each once, and returns them,
// or false when m's palette has no room for them. A run of flatRun pixels holds two pixels
// flatRun/2 apart at multiples of flatRun/2: only pixels there are compared, and only the runs of
// equal pairs whose colour is not a palette colour are measured. A row equal to the one above is
// skipped.
func (q *quantizer) newFills(img *image.RGBA, m *memo, y0, y1 int, fills []uint32) ([]uint32, bool) {
	const step = flatRun / 2
	w := img.Bounds().Dx()
	var exact [256]uint32 // a cache of colours exactly in the palette, by hash (plus one: 0 is none)
	for y := y0; y < y1; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		if y > 0 && bytes.Equal(row, img.Pix[(y-1)*img.Stride:(y-1)*img.Stride+4*w]) {
			continue
		}
		prev := binary.LittleEndian.Uint32(row) // the pixel at x - step
		for x := step; x < w; x += step {
			c := binary.LittleEndian.Uint32(row[4*x:])
			if c != prev {
				prev = c
				continue
			}
			hc := c * 0x9e3779b1 >> 24
			if exact[hc] == c+1 {
				continue
			}
			if m.table.find(c)&entryExact != 0 {
				exact[hc] = c + 1
				continue
			}
			// A colour not in the palette at x - step and x: is it a fill?
			start := x - step
			end := runEnd(row, start, c)
			if end <= x {
				continue // not equal all the way
			}
			for start > 0 && binary.LittleEndian.Uint32(row[4*(start-1):]) == c {
				start--
			}
			if end-start >= flatRun && !slices.Contains(fills, c) {
				if fills = append(fills, c); len(m.keys)+len(fills) > 256 {
					return nil, false
				}
			}
			// On past the run: a run after it has a pair from the first multiple of step at or
			// after its end.
			if x = (end + step - 1) / step * step; x >= w {
				break
			}
			prev = binary.LittleEndian.Uint32(row[4*x:])
		}
	}
	return fills, true
}

// warmRows writes rows y0 to y1 of rows (w palette indices each, after its filter byte 0) from
// img's pixels and m's palette, in one pass: each run of equal pixels takes its colour's entry
// (from p's small cache, which must be of m or empty; m's table; or p.t for colours new to m,
// which take their nearest palette colour) and is marked in used, its colour is added to edges
// when it is not its entry's own (an edge colour given its nearest: listed once, or a few times),
// and the Adler-32 sums (a, b) of the rows are summed per run as in writeRows, a row equal to the
// one above being copied and summed at once; costs[y] is set to row y's cost (see balance). It
// adds the pixels of colours new to m to *fresh, and sets stop and gives up when they pass
// maxNew; it sets p.lacks and gives up at a fill whose colour is not exactly in m's palette
// (the second half, which starts with m before newFills has looked: the half then waits for the
// palette with the image's new fills, see quantizeWarm); and it gives up when stop is set (by
// the other half) or use is no longer m. See writeRows for spill and safeLast.
func (p *part) warmRows(img *image.RGBA, y0, y1 int, rows []byte, costs []uint32, m *memo, use *atomic.Pointer[memo], stop *atomic.Bool, maxNew int, fresh *int, used *[256]bool, edges *[]uint32, safeLast bool) (uint64, uint64) {
	p.band++
	w := img.Bounds().Dx()
	var (
		sa, sb     uint64 = 1, 0
		rowA, rowB uint64 // the sums of the last row that was not a repeat, from 0
		rowFresh   int    // its edge pixels (not in fills) of colours new to m
	)
	for y := y0; y < y1; y++ {
		if stop.Load() || use.Load() != m {
			return 0, 0
		}
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		rows[y*(w+1)] = 0
		out := rows[y*(w+1)+1 : (y+1)*(w+1)+8]
		costs[y] = uint32(w / rowCostPixels)
		if y > y0 && bytes.Equal(row, img.Pix[(y-1)*img.Stride:(y-1)*img.Stride+4*w]) {
			copy(out[:w], rows[(y-1)*(w+1)+1:y*(w+1)])
			if *fresh += rowFresh; *fresh > maxNew {
				stop.Store(true) // too much is new
				return 0, 0
			}
		} else {
			rowA, rowB, rowFresh = 0, 0, 0
			runs := uint32(0)
			spill := !(safeLast && y == y1-1)
			c := binary.LittleEndian.Uint32(row)
			for start := 0; ; {
				x := runEnd(row, start, c)
				// The run of c is [start, x).
				runs++
				var e uint32
				h := c * 0x9e3779b1 >> 24
				if p.cacheKey[h] == c && p.cacheVal[h] != 0 {
					e = p.cacheVal[h]
				} else {
					e = p.entry(c, m)
					p.cacheKey[h], p.cacheVal[h], p.cacheBand[h] = c, e, 0
				}
				if e&entryExact == 0 && p.cacheBand[h] != p.band {
					*edges = append(*edges, c) // listed once while it stays cached
					p.cacheBand[h] = p.band
				}
				n := uint64(x - start)
				if e&entryExact == 0 && n >= flatRun {
					p.lacks = true // a fill m's palette lacks
					return 0, 0
				}
				if e&entryNew != 0 && n < flatRun { // a new fill is added to the palette
					rowFresh += int(n)
					if *fresh += int(n); *fresh > maxNew {
						stop.Store(true) // too much is new
						return 0, 0
					}
				}
				v := uint64(e & entryIndex)
				used[v] = true
				rowB += n*rowA + v*n*(n+1)/2
				rowA += n * v
				if n <= 16 && spill {
					putShort(out, start, int(n), byte(v))
				} else {
					fill(out[start:x], byte(v))
				}
				if x >= w {
					break
				}
				c, start = binary.LittleEndian.Uint32(row[4*x:4*x+4]), x
			}
			costs[y] += runs
		}
		// The row (its filter byte 0, then its indices) after the sums so far.
		sb = (sb + uint64(w+1)*sa + rowB) % adlerMod
		sa = (sa + rowA) % adlerMod
	}
	return sa, sb
}

// rowCostPixels: a row's cost (the time to quantize and compress it) is about one run per
// rowCostPixels pixels of the row, plus its runs of equal pixels if it is not a repeat of the
// row above (measured on boards: some 20 ns a run, 0.7 ns a pixel).
const rowCostPixels = 32

// balance returns the row, as a share of the rows, at which an image of these row costs is split
// into halves of equal cost. (The first half's goroutine looks for new fills while the second's
// starts: they start about together.)
func balance(costs []uint32) float64 {
	var total uint64
	for _, c := range costs {
		total += uint64(c)
	}
	want := total / 2
	var sum uint64
	for y, c := range costs {
		if sum += uint64(c); sum >= want {
			return float64(y+1) / float64(len(costs))
		}
	}
	return 0.5
}

// entry returns the memo entry of colour c: m's, or else p.t's (a colour new to m, given its
// nearest palette colour on first meeting).
func (p *part) entry(c uint32, m *memo) uint32 {
	if e := m.table.find(c); e != 0 {
		return e
	}
	v := p.t.ref(c)
	if *v == 0 {
		*v = uint32(m.search.nearest(c)) | entryNew | entryHere
	}
	return *v
}

// PaletteMemos is a bounded set of palette memos, one per key (such as a game), the least
// recently used forgotten first. It is safe for concurrent use.
type PaletteMemos[K comparable] struct {
	mu    sync.Mutex
	max   int
	byKey map[K]*list.Element // of memoOf[K]
	order list.List           // most recently used first
}

// memoOf is a PaletteMemos entry.
type memoOf[K comparable] struct {
	key  K
	memo *PaletteMemo
}

// NewPaletteMemos returns a set that keeps at most max memos (at least one).
func NewPaletteMemos[K comparable](size int) *PaletteMemos[K] {
	return &PaletteMemos[K]{max: size, byKey: map[K]*list.Element{}}
}

// For returns key's memo, made (cold) if the set has none.
func (s *PaletteMemos[K]) For(key K) *PaletteMemo {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byKey[key]; ok {
		s.order.MoveToFront(e)
		return e.Value.(memoOf[K]).memo
	}
	m := &PaletteMemo{}
	s.byKey[key] = s.order.PushFront(memoOf[K]{key, m})
	for s.order.Len() > max(1, s.max) {
		last := s.order.Back()
		s.order.Remove(last)
		delete(s.byKey, last.Value.(memoOf[K]).key)
	}
	return m
}

// Len returns the number of memos the set holds.
func (s *PaletteMemos[K]) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.order.Len()
}
