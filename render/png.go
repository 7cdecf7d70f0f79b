package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"io"
	"runtime"
	"slices"
	"sync"

	"github.com/klauspost/compress/flate"
)

// EncodePNG encodes img as an 8-bit paletted PNG into a byte slice.
//
// Boards and hands are flat colour: a few dozen fills and the anti-aliased edges of text and
// shapes between them (a few thousand distinct colours, most of them a handful of edge pixels).
// The palette is built per image from its own colours: an image with at most minColours colours
// is encoded losslessly; otherwise the palette holds every fill colour (a colour found in a run
// of flatRun equal pixels) and then the most frequent colours (the anti-aliasing ramps of the
// common text-on-panel pairs), and every other pixel, an edge pixel, takes its nearest palette
// colour. Fills are therefore exact, and there is no gradient to band. The rows are not
// filtered (a filter only hurts palette indices) and are compressed with klauspost/compress's
// deflate at pngFastLevel, or pngLevel for the largest boards (see pngFastMax); both are
// faster and smaller than the standard library's BestSpeed on boards (see BenchmarkEncodePNG
// and rendertest.BenchmarkImage). The zlib wrapper is written here, with the Adler-32 summed
// from the quantizer's runs of equal indices rather than over every byte. On a machine with
// more than one core, a board (parallelRows rows or more) is quantized and compressed as two
// halves at once, which about halves the time a player waits for the encoding (the CPU time is
// the same; see quantize and compress). The boards of one game share almost every colour: a
// caller that keeps a PaletteMemo per game encodes the next board with the last one's palette,
// in one pass per half, and copies the compressed bands of rows the last board had (see
// PaletteMemo.EncodePNG and warmHalf).
//
// It returns an error for a nil or empty image, or if the compressor fails.
func EncodePNG(img image.Image) ([]byte, error) {
	if err := checkImage(img); err != nil {
		return nil, err
	}
	b := img.Bounds()
	q := getQuantizer()
	defer putQuantizer(q)
	pal := q.quantize(toRGBA(img), nil)
	data, err := q.writePNG(b.Dx(), b.Dy(), pal.keys, nil, [2][]byte{})
	if err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	return data, nil
}

// checkImage returns an error for a nil or empty image.
func checkImage(img image.Image) error {
	if img == nil {
		return errors.New("encode png: nil image")
	}
	if b := img.Bounds(); b.Empty() {
		return fmt.Errorf("encode png: empty image %v", b)
	}
	return nil
}

// toRGBA returns img as an *image.RGBA: img itself when it is one, else a copy.
func toRGBA(img image.Image) *image.RGBA {
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba
	}
	b := img.Bounds()
	rgba := image.NewRGBA(b)
	draw.Draw(rgba, b, img, b.Min, draw.Src)
	return rgba
}

// EncodePNG compresses with klauspost/compress's deflate at pngFastLevel, about 30% faster
// than level 4 on a board, and, when that gives more than pngFastMax bytes (only the tallest
// boards: Batavia with five players near its end), again at pngLevel, about 10% smaller, so
// that every board stays within 60 KB (rendertest.MaxPNGBytes) with its palette and headers.
const (
	pngFastLevel = 1
	pngLevel     = 4
	pngFastMax   = 59 << 10
)

// quantizers holds the idle scratch memory of EncodePNG (a board is ~600,000 pixels): a
// quantizer's tables, its rows of palette indices and its compressor, about 2 MB each. It keeps
// no information between images. Unlike a sync.Pool it survives garbage collections, which a
// bot drawing boards under load runs several times per board: a quantizer made anew costs about
// as much as the encoding itself. It holds one per core, and at least four (the bot encodes at
// most one image per core at a time, besides replies to players).
var quantizers = make(chan *quantizer, max(4, runtime.GOMAXPROCS(0)))

// getQuantizer returns an idle quantizer, or a new one.
func getQuantizer() *quantizer {
	select {
	case q := <-quantizers:
		return q
	default:
		return &quantizer{}
	}
}

// putQuantizer keeps q for the next EncodePNG, unless enough are kept already.
func putQuantizer(q *quantizer) {
	select {
	case quantizers <- q:
	default:
	}
}

// writePNG returns the PNG of a w×h image with palette pal (colour keys, see colourTable) whose
// rows, each after its filter byte (0, none), are q.rows, and fast the rows compressed at
// pngFastLevel if that is done already (in bands: see quantizeWarm), else nil. With used not
// nil, a palette entry that no pixel uses (used[i] false) is written as opaque black, so that the
// PLTE holds only this image's colours (see PaletteMemo).
func (q *quantizer) writePNG(w, h int, pal []uint32, used *[256]bool, fast [2][]byte) ([]byte, error) {
	out := make([]byte, 0, 1024+len(q.rows)/12)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits per index, paletted
	out = chunk(out, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(pal))
	trns := make([]byte, 0, len(pal))
	opaque := 0 // palette entries up to the last non-opaque one
	for i, k := range pal {
		if used != nil && !used[i] {
			k = 0xff000000
		}
		n := color.NRGBA{uint8(k), uint8(k >> 8), uint8(k >> 16), uint8(k >> 24)} // opaque: as it is
		if n.A != 0xff {
			n = color.NRGBAModel.Convert(keyColour(k)).(color.NRGBA)
		}
		plte = append(plte, n.R, n.G, n.B)
		trns = append(trns, n.A)
		if n.A != 0xff {
			opaque = i + 1
		}
	}
	out = chunk(out, "PLTE", plte)
	if opaque > 0 {
		out = chunk(out, "tRNS", trns[:opaque])
	}
	// IDAT: its length is written once the compressor is done.
	at := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	// The zlib stream: its header (deflate, 32 KB window, "fast"), the deflate data and the
	// Adler-32 of the rows, which quantize computed from their runs.
	out = append(out, 0x78, 0x5e)
	z := fast
	if z[0] == nil {
		var err error
		if z, err = q.compress(q.fast[:2], pngFastLevel, w); err != nil {
			return nil, fmt.Errorf("deflate: %w", err)
		}
	}
	if len(z[0])+len(z[1]) > pngFastMax {
		var err error
		if z, err = q.compress(q.small[:], pngLevel, w); err != nil {
			return nil, fmt.Errorf("deflate: %w", err)
		}
	}
	out = append(out, z[0]...)
	out = append(out, z[1]...)
	out = binary.BigEndian.AppendUint32(out, q.adler)
	binary.BigEndian.PutUint32(out[at:], uint32(len(out)-at-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[at+4:]))
	return chunk(out, "IEND", nil), nil
}

// compress deflates q.rows at level with the compressors zs (made on first use): whole, or, for
// an image quantized in halves, each half at once, the first ending with a sync flush (a
// byte-aligned, non-final empty stored block) so that the second half's blocks simply follow it
// in one deflate stream (the second half does not refer back into the first: a few hundred
// bytes more). It returns the compressed halves (the second empty when whole), in q.zbuf.
func (q *quantizer) compress(zs []*flate.Writer, level, w int) ([2][]byte, error) {
	if q.halves == 1 {
		z, err := q.deflate(&zs[0], &q.zbuf[0], level, q.rows, true)
		return [2][]byte{z, nil}, err
	}
	cut := q.split * (w + 1)
	var (
		z1   []byte
		err1 error
		wg   sync.WaitGroup
	)
	wg.Go(func() { z1, err1 = q.deflate(&zs[1], &q.zbuf[1], level, q.rows[cut:], true) })
	z0, err0 := q.deflate(&zs[0], &q.zbuf[0], level, q.rows[:cut], false)
	wg.Wait()
	return [2][]byte{z0, z1}, errors.Join(err0, err1)
}

// deflate compresses data with *z (made at level on first use) into *buf and returns it: a final
// block at the end when last, else a sync flush.
func (q *quantizer) deflate(z **flate.Writer, buf *[]byte, level int, data []byte, last bool) ([]byte, error) {
	b := bytes.NewBuffer((*buf)[:0])
	if *z == nil {
		w, err := flate.NewWriter(b, level)
		if err != nil {
			return nil, err
		}
		*z = w
	} else {
		(*z).Reset(b)
	}
	if _, err := (*z).Write(data); err != nil {
		return nil, err
	}
	end := (*z).Flush
	if last {
		end = (*z).Close
	}
	if err := end(); err != nil {
		return nil, err
	}
	(*z).Reset(io.Discard) // let go of the buffer
	*buf = b.Bytes()
	return *buf, nil
}

// chunk appends the PNG chunk of type typ holding data to out.
func chunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	at := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[at:]))
}

// quantizer is reusable scratch memory for quantize: one part per half of the image (see
// quantize), the rows of palette indices and the compressors of each half.
//
// Its arrays of three hold each half's and the early pass's (earlyPart: see stream).
type quantizer struct {
	parts   [3]part
	rows    []byte           // the image's rows of palette indices, each after its filter byte
	fast    [3]*flate.Writer // at pngFastLevel, per half
	small   [2]*flate.Writer // at pngLevel, per half
	zbuf    [3][]byte        // each half's compressed rows
	bandBuf [3][]byte        // each half's last band compressed (see warmHalf)
	copied  [3]int           // each half's rows copied from kept bands (see warmHalf)
	early   [3]int           // each half's rows copied from the early pass's bands (see warmHalf)
	hits    [3][][2]int      // each half's bands copied (first and end rows; see warmHalf)
	edges   [3][]uint32      // each half's last band's edge colours (see warmHalf)
	fresh   [3]int           // each half's edge pixels of colours new to the memo (see warmRows)
	stream  *stream          // the stream whose image is encoded, if any
	remap   []uint16         // the second part's colour ids in the first's
	adler   uint32           // Adler-32 of rows
	halves  int              // 1, or 2 when the image was quantized and is compressed in halves
	split   int              // the first row of the second half
	costs   []uint32         // each row's cost to quantize and compress (see quantizeWarm)
	fills   []uint32         // the new fills of an image (see newFills)
}

// part is the first pass's result over one half of an image's rows (see quantize): the half's
// colours in order of appearance, their pixel counts and longest runs, and each row as its runs
// of equal pixels; and a warm pass's scratch (see warmHalf).
type part struct {
	t       colourTable
	runs    []run     // runs of equal pixels, row by row
	rowRuns []int32   // each row's first run in runs, or -1 for a row equal to the one above
	colours []uint32  // each colour id's key
	counts  []uint32  // each colour id's pixels
	longest []uint32  // each colour id's longest run
	used    [256]bool // the palette entries the half's pixels use (see PaletteMemo)
	// cacheKey and cacheVal cache colours' memo entries by hash (see warmRows); cacheBand is the
	// band (of band) in which each was last listed among a band's edge colours.
	cacheKey, cacheVal, cacheBand [256]uint32
	band                          uint32
	lacks                         bool // warmRows met a fill the memo's palette lacks
}

// colourTable is an open-addressing hash table from a pixel's RGBA bytes (as a little-endian
// uint32) to a value: first its pixel count, then its palette index. Keys are stored plus one so
// that zero marks a free slot (the key 0xffffffff, opaque white, wraps to zero and is kept
// aside in white).
type colourTable struct {
	keys  []uint32
	vals  []uint32
	n     int
	white uint32 // value of opaque white
}

// reset empties the table, keeping at least size slots (a power of two).
func (t *colourTable) reset(size int) {
	if len(t.keys) < size {
		t.keys, t.vals = make([]uint32, size), make([]uint32, size)
	} else {
		clear(t.keys)
	}
	t.n, t.white = 0, 0
}

// probe returns the index of key's slot and true, or of the free slot where key would go and
// false.
func (t *colourTable) probe(key uint32) (int, bool) {
	k := key + 1
	mask := len(t.keys) - 1
	i := int((k * 0x9e3779b1) >> 7 & uint32(mask))
	for {
		switch t.keys[i] {
		case k:
			return i, true
		case 0:
			return i, false
		}
		i = (i + 1) & mask
	}
}

// slot returns the index of key's slot, adding key with value 0 if it is not there.
func (t *colourTable) slot(key uint32) int {
	i, ok := t.probe(key)
	if !ok {
		if 2*(t.n+1) > len(t.keys) {
			t.grow()
			return t.slot(key)
		}
		t.keys[i], t.vals[i] = key+1, 0
		t.n++
	}
	return i
}

// grow doubles the table's slots.
func (t *colourTable) grow() {
	old, oldV := t.keys, t.vals
	t.keys = make([]uint32, 2*len(old))
	t.vals = make([]uint32, 2*len(old))
	t.n = 0
	for i, k := range old {
		if k != 0 {
			t.vals[t.slot(k-1)] = oldV[i]
		}
	}
}

// clone returns a copy of t.
func (t *colourTable) clone() colourTable {
	return colourTable{keys: slices.Clone(t.keys), vals: slices.Clone(t.vals), n: t.n, white: t.white}
}

// find returns key's value, or 0 if key is not there.
func (t *colourTable) find(key uint32) uint32 {
	if key == 0xffffffff {
		return t.white
	}
	if i, ok := t.probe(key); ok {
		return t.vals[i]
	}
	return 0
}

// ref returns a pointer to key's value, adding key with value 0 if it is not there.
func (t *colourTable) ref(key uint32) *uint32 {
	if key == 0xffffffff {
		return &t.white
	}
	return &t.vals[t.slot(key)]
}

// parallelColours is the number of colours from which choosePalette finds the nearest palette
// colours in two halves at once.
const parallelColours = 1024

// parallelRows is the height from which EncodePNG quantizes and compresses an image in two halves
// at once (on a machine with more than one core): every board and hand.
const parallelRows = 256

// splitRows sets q.halves and q.split for an image of h rows: two halves on a machine with more
// than one core, from parallelRows rows.
func (q *quantizer) splitRows(h int) {
	q.halves, q.split = 1, h
	if h >= parallelRows && runtime.GOMAXPROCS(0) > 1 {
		q.halves, q.split = 2, h/2
	}
}

// chosen is a chosen palette: its colour keys (see colourTable), the fills among them (the
// first fills keys), each colour id's palette index in remap (the colours of q.parts[0]), and a
// search for the nearest palette colour. Only keys is set for an image of too many colours
// (quantizeSlow).
type chosen struct {
	keys   []uint32
	fills  int
	remap  []uint8
	search *paletteSearch
}

// quantize returns the palette made from img's own colours (see EncodePNG) and sets q.rows to
// img's rows of palette indices, each after its filter byte. A tall image is done in two halves
// at once: each half's colours are found apart and then merged, and each half's rows written
// apart, so that a board's encoding takes about half the time on two cores. The colours of carry
// (a PaletteMemo's fills) are fills of the palette too, after the image's own, as many as fit.
func (q *quantizer) quantize(img *image.RGBA, carry []uint32) chosen {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	q.splitRows(h)
	// Pass 1: each part gives each colour of its rows an id in order of appearance, counts its
	// pixels, and notes each row as its runs of equal pixels.
	ok := [2]bool{}
	if q.halves == 2 {
		var wg sync.WaitGroup
		wg.Go(func() { ok[1] = q.parts[1].scan(img, q.split, h) })
		ok[0] = q.parts[0].scan(img, 0, q.split)
		wg.Wait()
	} else {
		ok[0], ok[1] = q.parts[0].scan(img, 0, h), true
	}
	if !ok[0] || !ok[1] {
		return q.quantizeSlow(img)
	}
	a := &q.parts[0]
	if q.halves == 2 && !q.merge() {
		return q.quantizeSlow(img)
	}

	if len(carry) > 0 && !q.carry(carry) {
		return q.quantizeSlow(img)
	}
	pal := choosePalette(a.colours, a.counts, a.longest)
	remap := pal.remap

	// Pass 2: runs to palette indices, each part's rows at once, and the Adler-32 of the rows
	// (RFC 1950) from the two halves' sums.
	rows := q.setRows(w, h)
	if q.halves == 1 {
		sa, sb := writeRows(rows, w, 0, h, a.runs, a.rowRuns, remap, false)
		q.adler = uint32(sb<<16 | sa)
		return pal
	}
	var a2, b2 uint64 // the second half's sums
	var wg sync.WaitGroup
	wg.Go(func() {
		p := &q.parts[1]
		a2, b2 = writeRows(rows, w, q.split, h, p.runs, p.rowRuns, remap, false)
	})
	// The first half's last row must not spill into the second half's first row, being written
	// at the same time.
	a1, b1 := writeRows(rows, w, 0, q.split, a.runs, a.rowRuns, remap, true)
	wg.Wait()
	q.adler = adlerCombine(a1, b1, a2, b2, uint64((h-q.split)*(w+1)))
	return pal
}

// scan is the first pass over rows y0 to y1 of img: see part. It returns false when the rows
// hold more than 65,536 colours.
func (p *part) scan(img *image.RGBA, y0, y1 int) bool {
	w := img.Bounds().Dx()
	t := &p.t
	t.reset(16384)
	n := y1 - y0
	if cap(p.rowRuns) < n {
		p.rowRuns = make([]int32, n)
	}
	rowRuns := p.rowRuns[:n]
	runs := p.runs[:0]
	counts := p.counts[:0]   // pixels of each colour
	longest := p.longest[:0] // each colour's longest run (a fill when at least flatRun)
	colours := p.colours[:0]
	defer func() { p.runs, p.rowRuns, p.counts, p.longest, p.colours = runs, rowRuns, counts, longest, colours }()
	// A small direct-mapped cache of colour ids in front of the table: the fills and the
	// commonest edge colours (most runs) stay in it.
	var cacheKey, cacheID [256]uint32
	last := 0 // the first run of the last row that was not a repeat
	for y := y0; y < y1; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		if y > y0 && bytes.Equal(row, img.Pix[(y-1)*img.Stride:(y-1)*img.Stride+4*w]) {
			rowRuns[y-y0] = -1
			for _, r := range runs[last:] {
				counts[r.id] += r.n
			}
			continue
		}
		last = len(runs)
		rowRuns[y-y0] = int32(last)
		c := binary.LittleEndian.Uint32(row)
		for start := 0; ; {
			x := runEnd(row, start, c)
			// The run of c is [start, x).
			var id int
			if h := c * 0x9e3779b1 >> 24; cacheKey[h] == c && cacheID[h] != 0 {
				id = int(cacheID[h] - 1)
			} else {
				v := t.ref(c)
				if *v == 0 {
					if len(colours) == 1<<16 {
						return false
					}
					colours = append(colours, c)
					counts = append(counts, 0)
					longest = append(longest, 0)
					*v = uint32(len(colours))
				}
				id = int(*v - 1)
				cacheKey[h], cacheID[h] = c, *v
			}
			n := uint32(x - start)
			counts[id] += n
			longest[id] = max(longest[id], n)
			runs = append(runs, run{uint16(id), n})
			if x >= w {
				break
			}
			c, start = binary.LittleEndian.Uint32(row[4*x:4*x+4]), x
		}
	}
	return true
}

// runEnd returns the end of the run of colour c (a pixel as a colour key) in row (RGBA pixels)
// that starts at pixel start.
func runEnd(row []byte, start int, c uint32) int {
	w := len(row) / 4
	x := start + 1
	// Inside a run, step two pixels at a time.
	c2 := uint64(c) | uint64(c)<<32
	for x+1 < w && binary.LittleEndian.Uint64(row[4*x:4*x+8]) == c2 {
		x += 2
	}
	if x < w && binary.LittleEndian.Uint32(row[4*x:4*x+4]) == c {
		x++
	}
	return x
}

// add returns the colour id of c plus one, adding c (with no pixels) if p lacks it; it returns
// false past 65,536 colours.
func (p *part) add(c uint32) (uint32, bool) {
	v := p.t.ref(c)
	if *v == 0 {
		if len(p.colours) == 1<<16 {
			return 0, false
		}
		p.colours = append(p.colours, c)
		p.counts = append(p.counts, 0)
		p.longest = append(p.longest, 0)
		*v = uint32(len(p.colours))
	}
	return *v, true
}

// merge adds the second part's colours to the first's (the first part's ids stay; new colours
// follow them) and renumbers the second part's runs. It returns false past 65,536 colours.
func (q *quantizer) merge() bool {
	a, b := &q.parts[0], &q.parts[1]
	if cap(q.remap) < len(b.colours) {
		q.remap = make([]uint16, len(b.colours))
	}
	remap := q.remap[:len(b.colours)]
	for i, c := range b.colours {
		v, ok := a.add(c)
		if !ok {
			return false
		}
		id := v - 1
		remap[i] = uint16(id)
		a.counts[id] += b.counts[i]
		a.longest[id] = max(a.longest[id], b.longest[i])
	}
	for i := range b.runs {
		b.runs[i].id = remap[b.runs[i].id]
	}
	return true
}

// carry adds the colours of carry to the first part's as fills (a colour the image lacks with no
// pixels), as many as leave room for edgeColours in the palette. It returns false past 65,536
// colours.
func (q *quantizer) carry(carry []uint32) bool {
	a := &q.parts[0]
	fills := 0
	for _, l := range a.longest {
		if l >= flatRun {
			fills++
		}
	}
	for _, c := range carry {
		if fills >= 256-edgeColours {
			break
		}
		v, ok := a.add(c)
		if !ok {
			return false
		}
		if id := v - 1; a.longest[id] < flatRun {
			a.longest[id] = flatRun
			fills++
		}
	}
	return true
}

// choosePalette returns the palette — the flat colours first, then the most frequent (ties by
// colour, for stable output) — with each colour id's palette index (every colour not in the
// palette takes its nearest palette colour). Only the colours that rank at least as high as the
// last one taken are sorted.
func choosePalette(colours, counts, longest []uint32) chosen {
	score := make([]uint32, len(colours))
	for i, c := range counts {
		score[i] = min(c, 1<<31-1)
		if longest[i] >= flatRun {
			score[i] |= 1 << 31
		}
	}
	fills := 0
	for _, l := range longest {
		if l >= flatRun {
			fills++
		}
	}
	size := min(256, max(minColours, fills+edgeColours))
	order := make([]int, 0, size)
	cut := nthLargest(slices.Clone(score), size)
	for i, s := range score {
		if s >= cut {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		if score[a] != score[b] {
			return cmp.Compare(score[b], score[a])
		}
		return cmp.Compare(colours[a], colours[b])
	})
	n := min(len(order), size)
	keys := make([]uint32, n)
	remap := make([]uint8, len(colours))
	inPal := make([]bool, len(colours))
	pal := chosen{keys: keys, remap: remap}
	for i, o := range order[:n] {
		keys[i] = colours[o]
		remap[o] = uint8(i)
		inPal[o] = true
		if score[o]&(1<<31) != 0 {
			pal.fills++
		}
	}
	if len(colours) > n {
		ps := newPaletteSearch(keys)
		pal.search = ps
		nearest := func(lo, hi int) {
			for o := lo; o < hi; o++ {
				if !inPal[o] {
					remap[o] = uint8(ps.nearest(colours[o]))
				}
			}
		}
		// A board's few thousand edge colours: half of them on another core.
		if half := len(colours) / 2; half >= parallelColours && runtime.GOMAXPROCS(0) > 1 {
			var wg sync.WaitGroup
			wg.Go(func() { nearest(half, len(colours)) })
			nearest(0, half)
			wg.Wait()
		} else {
			nearest(0, len(colours))
		}
	}
	return pal
}

// writeRows writes rows y0 to y1 of rows (w palette indices each, after its filter byte 0) from
// their runs (rowRuns indexed from y0) and returns the Adler-32 sums (a, b) of those bytes alone
// (a from 1). A short run is written with 8-byte stores (putShort), which may spill into the next
// row: rows are written in order (the next row overwrites the spill) and rows has 8 bytes of slack
// at its end; with safeLast, the last row does not spill (another goroutine writes the next). The
// sums are kept run by run: a run of n bytes v adds n·v to a and n·a + v·n(n+1)/2 to b, reduced
// once per row (a row adds less than 2³⁸ to b).
func writeRows(rows []byte, w, y0, y1 int, runs []run, rowRuns []int32, remap []uint8, safeLast bool) (uint64, uint64) {
	var a, bsum uint64 = 1, 0
	src := int32(0) // the first run of the last row that was not a repeat
	for y := y0; y < y1; y++ {
		rows[y*(w+1)] = 0
		bsum += a // the filter byte
		out := rows[y*(w+1)+1 : (y+1)*(w+1)+8]
		repeat := rowRuns[y-y0] < 0
		if repeat {
			copy(out[:w], rows[(y-1)*(w+1)+1:y*(w+1)])
		} else {
			src = rowRuns[y-y0]
		}
		spill := !(safeLast && y == y1-1)
		x := 0
		for _, r := range runs[src:] {
			v := uint64(remap[r.id])
			n := uint64(r.n)
			bsum += n*a + v*n*(n+1)/2
			a += n * v
			switch {
			case repeat:
			case n <= 16 && spill:
				putShort(out, x, int(n), byte(v))
			default:
				fill(out[x:x+int(n)], byte(v))
			}
			if x += int(n); x == w {
				break
			}
		}
		a %= adlerMod
		bsum %= adlerMod
	}
	return a, bsum
}

// adlerCombine returns the Adler-32 of two byte strings one after the other from each one's
// sums (a1, b1) and (a2, b2) and the second's length n2 (as zlib's adler32_combine): a is
// a1 + a2 − 1, and b is b1 + b2 + n2·(a1 − 1).
func adlerCombine(a1, b1, a2, b2, n2 uint64) uint32 {
	a := (a1 + a2 + adlerMod - 1) % adlerMod
	b := (b1 + b2 + (n2%adlerMod)*((a1+adlerMod-1)%adlerMod)) % adlerMod
	return uint32(b<<16 | a)
}

// putShort sets the n bytes of out from x, n at most 16, to v, with one or two 8-byte stores:
// they may set up to 15 bytes past the n (see writeRows).
func putShort(out []byte, x, n int, v byte) {
	vv := uint64(v) * 0x0101010101010101
	binary.LittleEndian.PutUint64(out[x:x+8], vv)
	if n > 8 {
		binary.LittleEndian.PutUint64(out[x+8:x+16], vv)
	}
}

// fill sets every byte of b to v.
func fill(b []byte, v byte) {
	if len(b) < 16 {
		for i := range b {
			b[i] = v
		}
		return
	}
	b[0] = v
	for j := 1; j < len(b); j *= 2 {
		copy(b[j:], b[:j])
	}
}

// setRows returns room for h rows of w palette indices, each after its filter byte, and 8 bytes
// of slack; it sets q.rows to the rows, and q.costs to h rows' costs (see warmRows).
func (q *quantizer) setRows(w, h int) []byte {
	if cap(q.costs) < h {
		q.costs = make([]uint32, h)
	}
	q.costs = q.costs[:h]
	n := (w+1)*h + 8
	if cap(q.rows) < n {
		q.rows = make([]byte, n)
	}
	q.rows = q.rows[:n-8]
	return q.rows[:n]
}

// adlerMod is Adler-32's modulus (RFC 1950).
const adlerMod = 65521

const (
	// The palette holds every fill colour (at most 256) and edgeColours more for the
	// anti-aliasing ramps of the most common colour pairs, and at least minColours. A board has
	// about 40 fills; 64 colours rather than 256 make it about 15% smaller with no visible
	// difference.
	minColours  = 64
	edgeColours = 24
	// flatRun is the shortest run of equal pixels that marks a colour as a fill rather than an
	// anti-aliased edge: fills always get a palette entry of their own.
	flatRun = 16
)

// run is a run of equal pixels in a row: their colour id and length.
type run struct {
	id uint16
	n  uint32
}

// nthLargest returns the k-th largest of xs (the smallest when len(xs) < k), reordering xs.
func nthLargest(xs []uint32, k int) uint32 {
	if len(xs) <= k {
		return slices.Min(xs)
	}
	// Quickselect for index k-1 in descending order.
	lo, hi, target := 0, len(xs)-1, k-1
	for lo < hi {
		p := xs[(lo+hi)/2]
		i, j := lo, hi
		for i <= j {
			for xs[i] > p {
				i++
			}
			for xs[j] < p {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case target <= j:
			hi = j
		case target >= i:
			lo = i
		default:
			return xs[target]
		}
	}
	return xs[target]
}

// quantizeSlow quantizes an image of more than 65536 colours (never a drawn board) with the
// standard library's Plan 9 palette and Floyd–Steinberg dithering.
func (q *quantizer) quantizeSlow(img *image.RGBA) chosen {
	q.halves = 1
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	p := image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9)
	draw.FloydSteinberg.Draw(p, p.Bounds(), img, b.Min)
	rows := q.setRows(w, h)
	for y := 0; y < h; y++ {
		rows[y*(w+1)] = 0
		copy(rows[y*(w+1)+1:], p.Pix[y*p.Stride:y*p.Stride+w])
	}
	q.rows = rows[:(w+1)*h]
	q.adler = adler32.Checksum(q.rows)
	keys := make([]uint32, len(p.Palette))
	for i, c := range p.Palette {
		r, g, b, a := c.RGBA()
		keys[i] = r>>8 | g>>8<<8 | b>>8<<16 | a>>8<<24
	}
	return chosen{keys: keys}
}

// keyColour is the colour of a colour key (see colourTable).
func keyColour(k uint32) color.RGBA {
	return color.RGBA{uint8(k), uint8(k >> 8), uint8(k >> 16), uint8(k >> 24)}
}

// axis is the sum r + 2g + b of a colour key: the projection the nearest-colour search is sorted
// by. For the distance of nearest, (Δaxis)² ≤ 4·distance (Cauchy–Schwarz with weights 1, 2, 1).
func axis(k uint32) int32 { return int32(k&0xff) + 2*int32(k>>8&0xff) + int32(k>>16&0xff) }

// dist is the squared distance between two colour keys over red, green, blue and alpha, green
// weighted double as the eye is most sensitive to it.
func dist(a, b uint32) int32 {
	dr := int32(a&0xff) - int32(b&0xff)
	dg := int32(a>>8&0xff) - int32(b>>8&0xff)
	db := int32(a>>16&0xff) - int32(b>>16&0xff)
	da := int32(a>>24) - int32(b>>24)
	return dr*dr + 2*dg*dg + db*db + da*da
}

// paletteSearch finds a palette's colour nearest to a colour: the palette sorted by axis, searched
// outwards from the query's axis value until the axis gap alone exceeds the best distance.
type paletteSearch struct {
	axes []int32
	keys []uint32
	idx  []int
}

func newPaletteSearch(keys []uint32) *paletteSearch {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return int(axis(keys[a]) - axis(keys[b])) })
	ps := &paletteSearch{axes: make([]int32, len(keys)), keys: make([]uint32, len(keys)), idx: order}
	for i, o := range order {
		ps.axes[i], ps.keys[i] = axis(keys[o]), keys[o]
	}
	return ps
}

// nearest returns the palette index of the colour nearest to key (see dist).
func (ps *paletteSearch) nearest(key uint32) int {
	q := axis(key)
	hi, _ := slices.BinarySearch(ps.axes, q)
	lo := hi - 1
	best, bestD := 0, int32(1<<28) // above any distance, and 4× it fits in int32
	for lo >= 0 || hi < len(ps.axes) {
		if hi < len(ps.axes) {
			g := ps.axes[hi] - q
			if g*g >= 4*bestD {
				hi = len(ps.axes)
			} else {
				if d := dist(key, ps.keys[hi]); d < bestD {
					best, bestD = ps.idx[hi], d
				}
				hi++
			}
		}
		if lo >= 0 {
			g := q - ps.axes[lo]
			if g*g >= 4*bestD {
				lo = -1
			} else {
				if d := dist(key, ps.keys[lo]); d < bestD {
					best, bestD = ps.idx[lo], d
				}
				lo--
			}
		}
	}
	return best
}
