package render

import (
	"bytes"
	"hash/maphash"
	"image"
	"math/bits"
	"slices"
	"sync/atomic"
)

// Consecutive boards of a game differ in a few places (a moved piece, a score, the last move's
// line): most of a board's rows are found, in runs of a few dozen rows, in the board before it,
// often moved up or down when a panel grew or shrank. A PaletteMemo therefore encodes a warm
// image in bands of rows and keeps, for each band, its compressed rows of palette indices: a band
// of the next image whose pixels are the same is neither quantized nor compressed again, its data
// is copied (see warmHalf). Over the first 40 boards of a random game (render's
// BenchmarkGameBoards), 54–79% of the rows are copied and a board's encoding takes 0.7–1.1 ms.
//
// A band ends at a row chosen by the rows' pixels (content-defined chunking, as in rsync or
// restic), so that the bands of a moved panel are still the same bands: once a band has bandMin
// rows, after a row whose hash is 0 modulo bandMask+1 or that ends a run of equal rows (the blank
// rows between a board's panels), and at bandMax rows. Each band is deflated on its own (no
// back-reference into the band above) and ends with a sync flush, so that bands compressed for
// different images follow one another in one deflate stream; that costs 0–12% more bytes than
// one band per half (a block header and a first row per band; Batavia's boards the most), and an
// image past pngFastMax is compressed whole again.
//
// A band is known by the 64-bit hashes of its rows with the memo's own seed, mixed (a row equal
// to the one above is not hashed again), and by its rows: two different bands have the same key
// with a chance of about 2⁻⁶⁴. It is copied only while the memo's table gives the band's colours
// the entries it was quantized with: the memo is the band's (bandSet.m) or extends it and
// none of the band's edge colours moved to a new fill (see memo.keeps).
const (
	bandMin  = 16
	bandMax  = 96
	bandMask = 31
)

// bandKey identifies a band by its pixels: the hashes of its rows (with the set's seed) mixed,
// and its rows.
type bandKey struct {
	hash uint64
	rows int
}

// band is what a memo keeps of a band of rows: its rows of palette indices (each after its
// filter byte) compressed on their own, ending with a sync flush, their Adler-32 sums (a, b) from
// (1, 0), the palette entries its pixels use, and its edge colours: those given an entry not
// their own (anti-aliased edges, about a hundred a band; the only colours a palette extension
// may give another entry).
type band struct {
	z     []byte
	a, b  uint64
	used  [256]bool
	edges []uint32
}

// bandSet is the bands of a memo's last warm encoding, quantized with the memo m. It never
// changes once made; a PaletteMemo replaces it whole.
type bandSet struct {
	m     *memo
	seed  maphash.Seed
	bands map[bandKey]*band
}

// newBandSet returns an empty set for memo m, with a seed of its own.
func newBandSet(m *memo) *bandSet {
	return &bandSet{m: m, seed: maphash.MakeSeed(), bands: map[bandKey]*band{}}
}

// warmHalf quantizes and compresses rows y0 to y1 of img with memo m (one half of quantizeWarm)
// band by band: a band of old is copied from it (when m keeps it, see memo.keeps), any other band
// is quantized into rows (warmRows) and deflated at pngFastLevel with the half's compressor, and
// every band is put in next. It returns the half's deflate data (in q.zbuf[i]: ending with a
// final empty stored block when last, else with a sync flush) and the Adler-32 sums (a, b) of its
// rows of indices; q.parts[i].used holds the palette entries its pixels use, q.copied[i] counts
// the rows copied and q.hits[i] lists their bands (first and end row), whose rows are left
// unwritten. It returns no data when it gave up (see warmRows), or an error if the compressor
// fails.
//
// With i earlyPart, it is the early pass of the stream q.stream: it waits for rows to be drawn,
// looks for new fills band by band, and lists its bands in the stream's list rather than in
// next (which gives only the seed). The first half of a stream's image (i 0) starts with the
// early pass's bands, in their order: each is copied when its rows' pixels are still those it was
// made from (its key) and m keeps it (memo.keepsEarly), and made again otherwise.
func (q *quantizer) warmHalf(i int, img *image.RGBA, rows []byte, y0, y1 int, last bool, m *memo, old, next *bandSet, use *atomic.Pointer[memo], stop *atomic.Bool, maxNew int) ([]byte, uint64, uint64, error) {
	var s *stream // the stream whose early pass this is
	if i == earlyPart {
		s = q.stream
	}
	p := &q.parts[i]
	p.lacks = false
	p.t.reset(1024)
	clear(p.used[:])
	clear(p.cacheVal[:]) // of another memo
	q.copied[i], q.early[i] = 0, 0
	q.hits[i] = q.hits[i][:0]
	q.fresh[i] = 0
	start := y0 // the first row of the band
	defer func() {
		if s != nil {
			s.band.Store(int64(start)) // the first row the early pass did not encode
		}
	}()
	w := img.Bounds().Dx()
	stride := w + 1
	out := q.zbuf[i][:0]
	var (
		sa, sb uint64    = 1, 0
		used   [256]bool // a band's palette entries
		err    error
	)
	// hit counts the band of rows start to end, copied, and lists it in q.hits.
	hit := func(end int, early bool) {
		if early {
			q.early[i] += end - start
		} else {
			q.copied[i] += end - start
		}
		q.hits[i] = append(q.hits[i], [2]int{start, end})
		for r := start; r < end; r++ {
			q.costs[r] = 1 // hashed only
		}
	}
	// newBand quantizes and deflates the band of rows start to end, or returns nil when warmRows
	// gave up.
	newBand := func(end int) (*band, error) {
		clear(used[:])
		q.edges[i] = q.edges[i][:0]
		a, b := p.warmRows(img, start, end, rows, q.costs, m, use, stop, maxNew, &q.fresh[i], &used, &q.edges[i], !last && end == y1)
		if stop.Load() || p.lacks || use.Load() != m {
			return nil, nil
		}
		z, err := q.deflate(&q.fast[i], &q.bandBuf[i], pngFastLevel, rows[start*stride:end*stride], false)
		if err != nil {
			return nil, err
		}
		return &band{z: slices.Clone(z), a: a, b: b, used: used, edges: slices.Clone(q.edges[i])}, nil
	}
	// emit appends bd, the band of rows start to end with key k, to the half's data.
	emit := func(k bandKey, bd *band, end int) {
		for e, u := range bd.used {
			p.used[e] = p.used[e] || u
		}
		out = append(out, bd.z...)
		v := adlerCombine(sa, sb, bd.a, bd.b, uint64((end-start)*stride))
		sa, sb = uint64(v&0xffff), uint64(v>>16)
		if s != nil {
			s.list = append(s.list, earlyBand{start: start, key: k, bd: bd, old: old.bands[k] == bd})
		} else {
			next.bands[k] = bd
		}
		start = end
	}
	if st := q.stream; i == 0 && st != nil {
		// The early pass's bands: each row hashed again (a row equal to the one above hashes
		// the same as it, which the early pass did not hash again).
		q.fresh[0] = q.fresh[earlyPart] // the rows it made count with this half's
		for _, eb := range st.list {
			end := eb.start + eb.key.rows
			if eb.start != start || end > y1 || (!last && end == y1) {
				break
			}
			var key uint64
			for y := start; y < end; y++ {
				key = mix(key, maphash.Bytes(next.seed, img.Pix[y*img.Stride:y*img.Stride+4*w]))
			}
			bd := eb.bd
			if bd != nil && key == eb.key.hash && m.keepsEarly(st.em, bd, st.changed) {
				hit(end, !eb.old)
			} else if bd, err = newBand(end); bd == nil {
				return nil, 0, 0, err
			}
			emit(bandKey{key, end - start}, bd, end)
		}
	}
	var (
		rh     uint64 // row y's hash
		key    uint64 // the band's rows' hashes, mixed
		eqPrev bool   // row y is row y-1 again
	)
	for y := start; y < y1; y++ {
		if s != nil {
			if y == start && !s.begin(y) {
				break // the image is drawn: the halves do the rest
			}
			if !s.wait(min(y+2, y1)) { // row y+1 too, for eqNext
				return nil, 0, 0, nil
			}
		}
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		if !eqPrev || y == start {
			rh = maphash.Bytes(next.seed, row)
		}
		key = mix(key, rh)
		eqNext := y+1 < y1 && bytes.Equal(row, img.Pix[(y+1)*img.Stride:(y+1)*img.Stride+4*w])
		n := y + 1 - start
		cut := y == y1-1 || n >= bandMax || n >= bandMin && (rh&bandMask == 0 || eqPrev && !eqNext)
		eqPrev = eqNext
		if !cut {
			continue
		}
		k := bandKey{key, n}
		key = 0
		var bd *band
		if bd = old.bands[k]; bd != nil && !m.keeps(old.m, bd) {
			bd = nil
		}
		if bd != nil {
			hit(y+1, false)
		} else {
			if s != nil {
				// The early pass looks for new fills band by band (quantizeWarm, in the rest),
				// and extends its palette with them (see stream.extend).
				var ok bool
				if s.scratch, ok = q.newFills(img, m, start, y+1, s.scratch[:0]); !ok {
					break
				}
				if len(s.scratch) > 0 {
					if m = s.extend(s.scratch); m == nil {
						break // no room, or the image is drawn: the halves do the rest
					}
					use.Store(m)
					clear(p.cacheVal[:])
				}
			}
			if bd, err = newBand(y + 1); bd == nil {
				return nil, 0, 0, err
			}
		}
		emit(k, bd, y+1)
	}
	if last {
		// A final stored block of no bytes: BFINAL 1, BTYPE 00, aligned; LEN 0, NLEN 0xffff.
		out = append(out, 1, 0, 0, 0xff, 0xff)
	}
	q.zbuf[i] = out
	return out, sa, sb, nil
}

// mix returns a band's key (its hash) so far, key, with the hash rh of its next row mixed in.
func mix(key, rh uint64) uint64 { return (bits.RotateLeft64(key, 23) ^ rh) * 0x9e3779b97f4a7c15 }

// earlyBand is a band the early pass of a stream made or copied (see warmHalf): its first row, its
// key, the band (nil once dropped by a palette extension, see stream.extend), and whether it was
// old's.
type earlyBand struct {
	start int
	key   bandKey
	bd    *band
	old   bool
}

// fillHits writes the rows of the bands warmHalf copied (q.hits), quantized with m, so that
// q.rows is whole (to be compressed whole: see writePNG). The bands' colours are all in m's
// table.
func (q *quantizer) fillHits(img *image.RGBA, rows []byte, m *memo) {
	var (
		use   atomic.Pointer[memo]
		stop  atomic.Bool
		fresh int
		used  [256]bool
		edges []uint32
	)
	use.Store(m)
	for i := range q.halves {
		clear(q.parts[i].cacheVal[:])
		for _, h := range q.hits[i] {
			q.parts[i].warmRows(img, h[0], h[1], rows, q.costs, m, &use, &stop, len(img.Pix), &fresh, &used, &edges, true)
		}
	}
}
