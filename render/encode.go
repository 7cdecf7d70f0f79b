package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"sync"
)

// Encoding: the standard library's image/png from an image.Paletted.
//
// Boards and hands are flat colour: a few dozen fills, and the anti-aliased edges of text and
// shapes between them. Each game's drawer declares the fills it paints with (NewPalette; the
// kit's own colours are always in); the palette adds the two in-between shades of the kit's
// inks over every fill, which are exactly the shades of text edges (glyphs keep coverageSteps
// levels of coverage, see steppedFace). Every other colour, an anti-aliased edge of a shape,
// takes its nearest palette colour, looked up once per colour and remembered by the palette
// (a small memo shared by all images of the game). Fills are therefore exact, and there is no
// gradient to band. The paletted image is then encoded by image/png at BestSpeed (harder for the
// rare image that would pass MaxPNGBytes): a library every Go programmer knows, which writes a
// paletted image's rows unfiltered. A board of about 520×1,000 pixels becomes 30–55 KB in a few
// ms (see rendertest.BenchmarkImage).

// maxPaletteMemo bounds a palette's memo of edge colours (a game's images meet a few thousand);
// when full it is emptied and refilled on demand.
const maxPaletteMemo = 1 << 16

// Palette is the colours a game's images are encoded with (at most 256): the kit's colours and the
// game's fills first, then anti-aliasing shades. Safe for concurrent use; make one with NewPalette
// per game.
type Palette struct {
	colours color.Palette
	keys    []uint32 // colours as packed RGBA (see key)
	fills   int      // colours[:fills] are the declared fills (the kit's and the game's)

	mu   sync.RWMutex
	memo map[uint32]uint8 // a colour met in an image → its nearest palette index
}

// kitFills are the colours the kit itself paints fills and lines with (panels, text, seat discs,
// cards, stars, badges): in every game's palette.
func kitFills() []color.Color {
	fills := []color.Color{ColPaper, ColPanel, ColPanelAlt, ColBorder, ColInk, ColMuted, ColBand, ColBandText,
		ColHighlight, ColAlert, ColGood, ColCard, ColCardEdge, ColGold, color.White,
		Darken(ColGold, 0.4), Lighten(ColGood, 0.8), PlayerColour(-1), Darken(PlayerColour(-1), 0.45),
		Over(ColPaper, cardShadow), Over(ColPanel, cardShadow), Over(ColPanelAlt, cardShadow)}
	for s := range playerColours {
		fills = append(fills, PlayerColour(s), Darken(PlayerColour(s), 0.45))
	}
	return fills
}

// inks are the colours the kit writes text with: the palette holds their edge shades over every
// fill.
var inks = []color.RGBA{ColInk, {0xff, 0xff, 0xff, 0xff}, ColMuted, ColBandText}

// Over returns top (which may be translucent) painted over the opaque colour under.
func Over(under, top color.Color) color.RGBA {
	ur, ug, ub, _ := under.RGBA()
	tr, tg, tb, ta := top.RGBA()
	mix := func(u, t uint32) uint8 { return uint8((t + u*(0xffff-ta)/0xffff) >> 8) }
	return color.RGBA{mix(ur, tr), mix(ug, tg), mix(ub, tb), 0xff}
}

// NewPalette returns the palette of a game's images: the kit's colours, then fills (the colours
// the game's drawer paints with; duplicates are dropped), then the shades a glyph's edge gives
// each ink over each fill, as many as fit in 256. It panics if the fills leave no room for the
// shades of the kit's ink (a programming error in a drawer's declaration).
func NewPalette(fills ...color.Color) *Palette {
	p := &Palette{memo: map[uint32]uint8{}}
	seen := map[uint32]bool{}
	add := func(c color.Color) bool {
		k := key(ToRGBA(c))
		if seen[k] {
			return true
		}
		if len(p.keys) == 256 {
			return false
		}
		seen[k] = true
		p.keys = append(p.keys, k)
		p.colours = append(p.colours, keyColour(k))
		return true
	}
	for _, c := range append(kitFills(), fills...) {
		if !add(c) {
			panic(fmt.Sprintf("render: a palette of %d fills has no room for anti-aliasing", len(fills))) // lang:ok: a programming error
		}
	}
	p.fills = len(p.keys)
	// Shades of each ink over each fill, the kit's ink first: at the coverage levels a glyph's
	// edge keeps (see steppedFace).
	grounds := rgbaOf(p.colours[:p.fills])
	for _, ink := range inks {
		for _, g := range grounds {
			for step := 1; step < coverageSteps-1; step++ {
				if !add(glyphEdge(g, ink, uint8(step*255/(coverageSteps-1)))) {
					return p
				}
			}
		}
	}
	return p
}

// rgbaOf returns the colours of cs as color.RGBA.
func rgbaOf(cs color.Palette) []color.RGBA {
	out := make([]color.RGBA, len(cs))
	for i, c := range cs {
		out[i] = c.(color.RGBA)
	}
	return out
}

// glyphEdge returns the colour of a glyph's pixel of ink drawn over ground with coverage cov,
// computed as image/draw composes a glyph's mask (drawGlyphOver), to the bit.
func glyphEdge(ground, ink color.RGBA, cov uint8) color.RGBA {
	const m = 1<<16 - 1
	ma := uint32(cov) | uint32(cov)<<8
	sr, sg, sb, sa := ink.RGBA()
	a := (m - (sa * ma / m)) * 0x101
	mix := func(d uint8, s uint32) uint8 { return uint8((uint32(d)*a + s*ma) / m >> 8) }
	return color.RGBA{mix(ground.R, sr), mix(ground.G, sg), mix(ground.B, sb), mix(ground.A, sa)}
}

// Colours returns the palette's colours (a copy).
func (p *Palette) Colours() color.Palette { return append(color.Palette(nil), p.colours...) }

// IsFill reports whether c is one of the palette's declared fills (the kit's or the game's),
// which images keep exactly.
func (p *Palette) IsFill(c color.Color) bool {
	k := key(ToRGBA(c))
	for _, f := range p.keys[:p.fills] {
		if f == k {
			return true
		}
	}
	return false
}

// Paletted returns img with every pixel replaced by the index of its nearest palette colour (a
// palette colour, a declared fill in particular, is its own nearest).
func (p *Palette) Paletted(img image.Image) *image.Paletted {
	rgba := toRGBA(img)
	b := rgba.Bounds()
	out := image.NewPaletted(b, p.colours)
	fresh := map[uint32]uint8{} // colours this image met that the memo had not
	p.mu.RLock()
	var above, aboveDst []uint8 // the row above and its indices
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := rgba.Pix[rgba.PixOffset(b.Min.X, y):][:4*b.Dx()]
		dst := out.Pix[out.PixOffset(b.Min.X, y):][:b.Dx()]
		last, li := ^uint32(0), uint8(0)
		for x := range dst {
			c := uint32(row[4*x]) | uint32(row[4*x+1])<<8 | uint32(row[4*x+2])<<16 | uint32(row[4*x+3])<<24
			if c == last {
				dst[x] = li
				continue
			}
			if above != nil && c == uint32(above[4*x])|uint32(above[4*x+1])<<8|uint32(above[4*x+2])<<16|uint32(above[4*x+3])<<24 {
				last, li = c, aboveDst[x]
			} else {
				i, ok := p.memo[c]
				if !ok {
					if i, ok = fresh[c]; !ok {
						i = p.nearest(c)
						fresh[c] = i
					}
				}
				last, li = c, i
			}
			dst[x] = li
		}
		above, aboveDst = row, dst
	}
	p.mu.RUnlock()
	if len(fresh) > 0 {
		p.mu.Lock()
		if len(p.memo)+len(fresh) > maxPaletteMemo {
			clear(p.memo)
		}
		for c, i := range fresh {
			p.memo[c] = i
		}
		p.mu.Unlock()
	}
	return out
}

// nearest returns the index of the palette colour nearest c (packed RGBA), by squared distance
// with the channels weighted as the eye weighs them.
func (p *Palette) nearest(c uint32) uint8 {
	best, bestD := 0, int32(-1)
	for i, k := range p.keys {
		if d := dist(c, k); bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// key packs c as a uint32 (R in the low byte), as Paletted reads an *image.RGBA's pixels.
func key(c color.RGBA) uint32 {
	return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24
}

// keyColour unpacks a key.
func keyColour(k uint32) color.RGBA {
	return color.RGBA{uint8(k), uint8(k >> 8), uint8(k >> 16), uint8(k >> 24)}
}

// dist is the weighted squared distance between two packed colours.
func dist(a, b uint32) int32 {
	d := func(s uint) int32 { return int32(a>>s&0xff) - int32(b>>s&0xff) }
	r, g, bl, al := d(0), d(8), d(16), d(24)
	return 2*r*r + 4*g*g + 3*bl*bl + 4*al*al
}

// pngBuffers is the image/png encoders' reusable scratch memory.
type pngBuffers struct{ pool sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer  { e, _ := b.pool.Get().(*png.EncoderBuffer); return e }
func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.pool.Put(e) }

// MaxPNGBytes is the size a board or hand PNG should keep to (issue 7: boards go to every
// player's phone after every move): 60 KB. EncodePNG compresses harder an image that BestSpeed
// leaves larger.
const MaxPNGBytes = 60 << 10

var (
	buffers = &pngBuffers{}
	fast    = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: buffers}
	small   = png.Encoder{CompressionLevel: png.DefaultCompression, BufferPool: buffers}
)

// EncodePNG encodes img as an 8-bit paletted PNG with p's colours (see Paletted): image/png at
// BestSpeed, or at its default compression (several times slower, about a fifth smaller) when
// that is larger than MaxPNGBytes. It returns an error for a nil or empty image, or if the
// encoder fails.
func (p *Palette) EncodePNG(img image.Image) ([]byte, error) {
	if err := checkImage(img); err != nil {
		return nil, err
	}
	pm := p.Paletted(img)
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := fast.Encode(&buf, pm); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	if buf.Len() <= MaxPNGBytes {
		return buf.Bytes(), nil
	}
	buf.Reset()
	if err := small.Encode(&buf, pm); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	return buf.Bytes(), nil
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
