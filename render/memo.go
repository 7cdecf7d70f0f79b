package render

import (
	"bytes"
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"slices"
	"sync"
	"sync/atomic"
)

// PaletteMemo remembers the palette of the last image encoded with it, so that the next image of
// the same series (the boards of one game, which share almost every colour) is encoded in one
// pass: see EncodePNG. The zero value is ready to use; a PaletteMemo is safe for concurrent use.
//
// A memo carries colours from one image to the next: an image's edge pixels may take colours of
// the images before it. Use one only for a series of public images of one game, never for a
// private image (a hand), and never across games. The palette entries an image does not use are
// written as black, so that a PNG's palette holds no colour its pixels do not show.
type PaletteMemo struct {
	mu     sync.RWMutex
	m      *memo // nil when cold
	counts [3]atomic.Int64
}

// MemoCounts counts a PaletteMemo's encodings by the way each was made.
type MemoCounts struct {
	Warm     int64 // with the memo's palette, in one pass per half
	Extended int64 // with the memo's palette and the image's new fills added (two passes)
	Anew     int64 // with a palette made anew: the first image, and those the memo did not fit
}

// The ways an image is encoded with a memo, the indices of PaletteMemo.counts.
const (
	madeWarm = iota
	madeExtended
	madeAnew
)

// Counts returns the number of images encoded with pm, by the way each was made.
func (pm *PaletteMemo) Counts() MemoCounts {
	return MemoCounts{pm.counts[madeWarm].Load(), pm.counts[madeExtended].Load(), pm.counts[madeAnew].Load()}
}

// memo is a PaletteMemo's palette: its colours and a table from every colour met so far to its
// palette entry (see memo entries: exact, or the nearest palette colour). Only table and stale
// change (new colours, under the PaletteMemo's write lock).
type memo struct {
	keys   []uint32       // the palette's colour keys
	fills  []uint32       // the fills among keys (carried to the next palette, see quantize)
	search *paletteSearch // nearest colour of keys
	table  colourTable    // colour key → memo entry
	stale  bool           // the table is full: the next image makes a new palette
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

// EncodePNG encodes img as EncodePNG does, with the palette of the memo's last image when it
// fits: with a warm memo, each half of the image (see quantize) is one pass — runs of equal
// pixels to palette indices through the memo's table, the Adler-32 sums, then the deflate of the
// half — at once with the other half, with no counting of colours and no choice of palette. A
// colour the memo has not met takes its nearest palette colour and is remembered. A fill (a run
// of flatRun equal pixels) whose colour is not exactly in the palette is added to it (a new
// element, or a colour the last image had only on edges) and the pass made again, so that fills
// stay exact. The image is encoded anew, the memo refreshed with its palette, when the memo is
// cold or full, when the palette has no room for the new fills, or when more than 1/maxNewShare
// of the pixels have colours the memo has not met. A palette made anew keeps the memo's fills
// after the image's own (so that a fill that comes and goes, such as a highlight, does not make
// every other board anew). The palette entries an image does not use are written as black.
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
	m := pm.m
	if m == nil || m.stale {
		pm.mu.RUnlock()
		return nil, madeAnew, nil
	}
	made := madeWarm
	z, fit, err := q.quantizeWarm(img, m)
	if fit == lacksFills {
		// A copy of m, read under the lock, and this encoding's own until learn publishes it.
		m, made = m.extend(q.newFills()), madeExtended
	}
	pm.mu.RUnlock()
	if fit == lacksFills && m != nil {
		z, fit, err = q.quantizeWarm(img, m)
	}
	if err != nil || fit != fits {
		return nil, made, err
	}
	b := img.Bounds()
	data, err := q.writePNG(b.Dx(), b.Dy(), m.keys, q.used(), z)
	if err != nil {
		return nil, made, err
	}
	pm.learn(m, q, made == madeExtended)
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
	pm.m = next
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
// memo, see extend); past maxMemoColours it marks m stale.
func (pm *PaletteMemo) learn(m *memo, q *quantizer, publish bool) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	if publish {
		pm.m = m
	}
	if pm.m != m || m.stale {
		return
	}
	for h := range q.halves {
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
// colour is exact). m must not change meanwhile (see PaletteMemo.mu).
func (m *memo) extend(fills []uint32) *memo {
	if len(fills) == 0 || len(m.keys)+len(fills) > 256 {
		return nil
	}
	n := len(m.keys)
	x := &memo{
		keys:  append(slices.Clip(m.keys), fills...),
		fills: append(slices.Clone(fills), m.fills...),
		table: colourTable{keys: slices.Clone(m.table.keys), vals: slices.Clone(m.table.vals), n: m.table.n, white: m.table.white},
	}
	x.search = newPaletteSearch(x.keys)
	nearer := func(c, e uint32) uint32 {
		if e&entryExact != 0 {
			return e
		}
		d := dist(c, x.keys[e&entryIndex])
		for i, f := range fills {
			if f == c {
				return uint32(n+i) | entryExact | entryHere
			}
			if df := dist(c, f); df < d {
				e, d = uint32(n+i)|entryHere, df
			}
		}
		return e
	}
	if x.table.white != 0 {
		x.table.white = nearer(0xffffffff, x.table.white)
	}
	for i, k := range x.table.keys {
		if k != 0 {
			x.table.vals[i] = nearer(k-1, x.table.vals[i])
		}
	}
	for i, f := range fills {
		*x.table.ref(f) = uint32(n+i) | entryExact | entryHere
	}
	return x
}

// newFills returns the fill colours not exactly in the memo's palette that the halves of the last
// quantizeWarm met, each once.
func (q *quantizer) newFills() []uint32 {
	fills := slices.Clip(q.parts[0].newFills)
	for _, c := range q.parts[1:q.halves] {
		for _, f := range c.newFills {
			if !slices.Contains(fills, f) {
				fills = append(fills, f)
			}
		}
	}
	return fills
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

// How a memo fits an image (see quantizeWarm).
const (
	fits       = iota
	lacksFills // fills of colours not exactly in the palette (see quantizer.newFills)
	misfits    // too many new colours, or too many new fills
)

// quantizeWarm sets q.rows to img's rows of m's palette indices, each after its filter byte, and
// q.adler to their Adler-32, and returns the rows compressed at pngFastLevel (see compress):
// each half (see quantize) in one goroutine, in one pass (warmRows) and then its deflate. Each
// part's table holds the colours new to m, and its used the palette entries its rows use. It
// returns how m fits img (fits, or else the rows are not compressed), or an error if the
// compressor fails.
func (q *quantizer) quantizeWarm(img *image.RGBA, m *memo) ([2][]byte, int, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	q.splitRows(h)
	rows := q.setRows(w, h)
	maxNew := w * h / maxNewShare
	var (
		stop   atomic.Bool
		sums   [2][2]uint64 // each half's Adler-32 sums (a, b)
		z      [2][]byte
		errs   [2]error
		wg     sync.WaitGroup
		bounds = [3]int{0, q.split, h} // the halves' rows
	)
	half := func(i int) {
		last := i == q.halves-1
		y0, y1 := bounds[i], bounds[i+1]
		p := &q.parts[i]
		sums[i][0], sums[i][1] = p.warmRows(img, y0, y1, rows, m, &stop, maxNew, !last)
		if !stop.Load() && len(p.newFills) == 0 {
			z[i], errs[i] = q.deflate(&q.fast[i], &q.zbuf[i], pngFastLevel, q.rows[y0*(w+1):y1*(w+1)], last)
		}
	}
	if q.halves == 2 {
		wg.Go(func() { half(1) })
	}
	half(0)
	wg.Wait()
	switch {
	case stop.Load():
		return z, misfits, nil
	case len(q.newFills()) > 0:
		return z, lacksFills, nil
	}
	if err := errors.Join(errs[0], errs[1]); err != nil {
		return z, misfits, err
	}
	if q.halves == 1 {
		q.adler = uint32(sums[0][1]<<16 | sums[0][0])
	} else {
		q.adler = adlerCombine(sums[0][0], sums[0][1], sums[1][0], sums[1][1], uint64((h-q.split)*(w+1)))
	}
	return z, fits, nil
}

// warmRows writes rows y0 to y1 of rows (w palette indices each, after its filter byte 0) from
// img's pixels and m's palette, in one pass: each run of equal pixels takes its colour's entry
// (from a small cache, m's table, or p.t for colours new to m, which take their nearest palette
// colour), and the Adler-32 sums (a, b) of the rows are summed per run as in writeRows, a row
// equal to the one above being copied and summed at once. A fill whose colour is not exactly in
// m's palette is noted in p.newFills (the rows are then of no use but the pass goes on, to note
// them all). It sets stop and gives up when the new colours' pixels pass maxNew or the new fills
// could not fit a palette, and gives up when stop is set (by the other half). See writeRows for
// spill and safeLast.
func (p *part) warmRows(img *image.RGBA, y0, y1 int, rows []byte, m *memo, stop *atomic.Bool, maxNew int, safeLast bool) (uint64, uint64) {
	w := img.Bounds().Dx()
	p.t.reset(1024)
	clear(p.used[:])
	p.newFills = p.newFills[:0]
	var (
		cacheKey, cacheVal [256]uint32
		sa, sb             uint64 = 1, 0
		rowA, rowB         uint64 // the sums of the last row that was not a repeat, from 0
		rowFresh           int    // its edge pixels (not in fills) of colours new to m
		fresh              int    // edge pixels of colours new to m
	)
	for y := y0; y < y1; y++ {
		if stop.Load() {
			return 0, 0
		}
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		rows[y*(w+1)] = 0
		out := rows[y*(w+1)+1 : (y+1)*(w+1)+8]
		if y > y0 && bytes.Equal(row, img.Pix[(y-1)*img.Stride:(y-1)*img.Stride+4*w]) {
			copy(out[:w], rows[(y-1)*(w+1)+1:y*(w+1)])
			if fresh += rowFresh; fresh > maxNew {
				stop.Store(true) // too much is new
				return 0, 0
			}
		} else {
			rowA, rowB, rowFresh = 0, 0, 0
			spill := !(safeLast && y == y1-1)
			c := binary.LittleEndian.Uint32(row)
			for start := 0; ; {
				x := runEnd(row, start, c)
				// The run of c is [start, x).
				var e uint32
				if h := c * 0x9e3779b1 >> 24; cacheKey[h] == c && cacheVal[h] != 0 {
					e = cacheVal[h]
				} else {
					e = p.entry(c, m)
					cacheKey[h], cacheVal[h] = c, e
				}
				n := uint64(x - start)
				if e&entryExact == 0 && n >= flatRun && !slices.Contains(p.newFills, c) {
					if p.newFills = append(p.newFills, c); len(m.keys)+len(p.newFills) > 256 {
						stop.Store(true) // no room in the palette
						return 0, 0
					}
				}
				if e&entryNew != 0 && n < flatRun { // a new fill is added to the palette
					rowFresh += int(n)
					if fresh += int(n); fresh > maxNew {
						stop.Store(true) // too much is new
						return 0, 0
					}
				}
				v := uint64(e & entryIndex)
				p.used[v] = true
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
		}
		// The row (its filter byte 0, then its indices) after the sums so far.
		sb = (sb + uint64(w+1)*sa + rowB) % adlerMod
		sa = (sa + rowA) % adlerMod
	}
	return sa, sb
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
