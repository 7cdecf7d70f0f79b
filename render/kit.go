// Package render draws spicebot's board and hand images as PNG-ready images.
//
// It draws only from a game's views (the structs a rules.State returns from View), never from
// states, so an image can never show more than the viewer may see. The package is the shared
// kit; each game's layout lives in a package of its own (render/drawborneo,
// render/drawspicemerchant) that registers with the Renderer.
//
// # Registry: how a game plugs in
//
// A game's drawing package exports one Drawer, usually made with Views from two functions that
// take the game's own view type:
//
//	// package drawbatavia
//	var Drawer = render.Views(render.NewPalette(companyColours...), board, hand)
//	func board(k *render.Kit, v *batavia.View) (image.Image, error) { … }
//	func hand(k *render.Kit, v *batavia.View) (image.Image, error) { … }
//
// and the game is registered once, with its rules, in the single list of package spicebot/games:
//
//	{Rules: batavia.Game, Draw: drawbatavia.Drawer},
//
// games.Renderer calls New with that list. Renderer.Board and Renderer.Hand find the game whose
// Drawer owns the view's dynamic type (V or *V; see Drawer.Owns) and call it with a Kit made for
// that one image: the seats' names (Kit.SeatLabels, Kit.Name), the game's plain words for
// component references (Kit.Expand replaces "{2}" with a seat's name and "[[S12]]" with the
// game's Term, so no internal id is ever drawn), canvases (Kit.Canvas) and the cache of static
// layers and sprites (Kit.Layer, Kit.Cached; key them with a type of the game's own package so
// that two games never share a key). Nothing in this package names a game.
//
// A game's drawer also declares its palette (NewPalette): the fill colours it paints with. Its
// images are encoded with it (Lang.BoardPNG, Lang.HandPNG) by the standard library's image/png
// from an image.Paletted: flat colours keep a PNG small (a third of full colour), every fill
// stays exact, and the encoder is one every Go programmer knows, where the home-made quantizer
// and zlib writer it replaced saved 1–2 ms a board that no player waits for (see encode.go).
//
// A board is a column of panels (Kit.Stack); the panels a drawer marks Detail (legends,
// reference tables) are drawn only on the full board (Lang.Full), so that the board posted after
// every move fits a phone (MaxBoardHeight; see board.go).
//
// # The kit
//
// The Renderer holds the parsed Go fonts and the cache; a Canvas wraps a gg context with fast
// text helpers (measure, fit, wrap, anchor); the palette (Col*, PlayerColour); reusable shapes
// (panels, flag chips, discs, pills, cards, turn markers); a legend row; palettes and PNG
// encoding (image/png); and the
// parts every game's images share: the title band, the board's status panel, the final-scores
// panel's frame and rows, and the hand image's header and status panel.
//
// Images are about 520–560 px wide so that Discord (which shows ~400–550 px) does not scale text
// below readability on a phone. Every company, spice and player is shown with a colour AND a
// letter, for colour-blind players.
package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"spicebot/lang"

	"spicebot/rules"
)

// maxLayers bounds the cache of static layers and sprites. Layers are keyed by game, section and
// size, sprites by shape, colour, label and size, so a running bot needs a few hundred; when the
// cache is full it is emptied and refilled on demand.
const maxLayers = 1024

// Game is one registered game: its rules (for its id and the plain words of its components,
// rules.Game.Term) and its Drawer.
type Game struct {
	Rules rules.Game
	Draw  Drawer
}

// Drawer draws one game's images from its views. Make one with Views unless the game needs
// something else. Board and Hand are called only with views for which Owns reported true.
type Drawer interface {
	// Owns reports whether view is a view of this drawer's game (by value or pointer, nil
	// pointers included, so that the drawer can refuse them with a clear error).
	Owns(view any) bool
	// Board draws the public board from view (any seat's view draws the same board).
	Board(k *Kit, view any) (image.Image, error)
	// Hand draws the private image of view's seat: its hand and what only it knows. It returns
	// an error for an observer's view, which has no hand.
	Hand(k *Kit, view any) (image.Image, error)
	// Palette is the colours the game's images are encoded with (see NewPalette).
	Palette() *Palette
}

// Views returns the Drawer of a game whose views are of type V (rules.State.View returns V or
// *V), whose images are encoded with pal: board and hand are called with a non-nil *V; a nil *V
// is refused with an error.
func Views[V any](pal *Palette, board, hand func(k *Kit, v *V) (image.Image, error)) Drawer {
	return viewDrawer[V]{pal: pal, board: board, hand: hand}
}

type viewDrawer[V any] struct {
	pal         *Palette
	board, hand func(k *Kit, v *V) (image.Image, error)
}

func (d viewDrawer[V]) Palette() *Palette { return d.pal }

func (d viewDrawer[V]) Owns(view any) bool {
	switch view.(type) {
	case V, *V:
		return true
	}
	return false
}

func (d viewDrawer[V]) Board(k *Kit, view any) (image.Image, error) {
	return d.call(d.board, "board", k, view)
}

func (d viewDrawer[V]) Hand(k *Kit, view any) (image.Image, error) {
	return d.call(d.hand, "hand", k, view)
}

func (d viewDrawer[V]) call(f func(*Kit, *V) (image.Image, error), what string, k *Kit, view any) (image.Image, error) {
	switch v := view.(type) {
	case V:
		return f(k, &v)
	case *V:
		if v == nil {
			return nil, fmt.Errorf("render %s: nil %T", what, view)
		}
		return f(k, v)
	}
	return nil, fmt.Errorf("render %s: unsupported view type %T", what, view)
}

// Renderer draws board and hand images of the registered games. Safe for concurrent use. Holds
// parsed fonts, the cache of static layers per game and size, and the cache of glyph masks (see
// steppedFace).
type Renderer struct {
	regular *opentype.Font
	bold    *opentype.Font
	games   []Game
	words   *lang.Catalog // every game's catalogue and the edge's (the words drawn)
	trace   atomic.Pointer[func(DrawnText)]

	mu     sync.Mutex
	layers map[layerKey]*image.RGBA

	glyphMu sync.RWMutex
	glyphs  map[glyphKey]glyph // see steppedFace
}

// layerKey names one cached static layer: a game-specific section key (any comparable value, for
// example a struct holding a section name and a player count) and the layer's size in pixels.
type layerKey struct {
	key  any
	w, h int
}

// New parses the Go fonts and returns a Renderer for games (see package spicebot/games for the
// list) with an empty layer cache. It returns an error if the embedded fonts fail to parse, a
// game lacks its rules or drawer, or two games share an id.
func New(games []Game) (*Renderer, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse go regular font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse go bold font: %w", err)
	}
	seen := map[string]bool{}
	for i, g := range games {
		if g.Rules == nil || g.Draw == nil || g.Draw.Palette() == nil {
			return nil, fmt.Errorf("render: game %d of %d lacks its rules, its drawer or its palette", i+1, len(games))
		}
		if seen[g.Rules.ID()] {
			return nil, fmt.Errorf("render: game %q registered twice", g.Rules.ID())
		}
		seen[g.Rules.ID()] = true
	}
	rs := make([]rules.Game, len(games))
	for i, g := range games {
		rs[i] = g.Rules
	}
	words, err := lang.New(rs...)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return &Renderer{regular: reg, bold: bold, games: slices.Clone(games), words: words,
		layers: make(map[layerKey]*image.RGBA), glyphs: make(map[glyphKey]glyph)}, nil
}

// game returns the registered game whose drawer owns view.
func (r *Renderer) game(what string, view any) (Game, error) {
	if view == nil {
		return Game{}, fmt.Errorf("render %s: nil view", what)
	}
	for _, g := range r.games {
		if g.Draw.Owns(view) {
			return g, nil
		}
	}
	return Game{}, fmt.Errorf("render %s: no registered game draws views of type %T", what, view)
}

// Board draws the public board in English (see In).
func (r *Renderer) Board(view any, names []string) (image.Image, error) {
	return r.In("en").Board(view, names)
}

// Hand draws one seat's private view in English (see In).
func (r *Renderer) Hand(view any, names []string) (image.Image, error) {
	return r.In("en").Hand(view, names)
}

// In returns the renderer drawing in the language of a Discord locale or catalogue language
// ("fr", "en-US"; English for any other, see lang.Match). It shares r's fonts and caches.
func (r *Renderer) In(locale string) Lang {
	return Lang{r: r, loc: r.words.For(locale)}
}

// Lang draws images whose words are in one language (Renderer.In).
type Lang struct {
	r    *Renderer
	loc  *lang.Localizer
	full bool // boards with their Detail panels (see Full)
}

// Full returns l drawing full boards: with the legends and secondary panels (Panel.Detail) that
// the board posted after every move leaves out to fit a phone (MaxBoardHeight). Hands are the
// same.
func (l Lang) Full() Lang {
	l.full = true
	return l
}

// Board draws the public board from a game's view (e.g. borneo.View or *borneo.View). names[i] is
// seat i's display name; missing or empty names become "Player n". It returns an error for a nil
// view, a view no registered game owns, or one its drawer refuses.
func (l Lang) Board(view any, names []string) (image.Image, error) {
	g, err := l.r.game("board", view)
	if err != nil {
		return nil, err
	}
	return g.Draw.Board(l.r.kit(g, names, l.loc, l.full), view)
}

// Hand draws one seat's private view (its hand and what only it knows). It returns an error for a
// nil view, a view no registered game owns, and an observer's view, which has no hand.
func (l Lang) Hand(view any, names []string) (image.Image, error) {
	g, err := l.r.game("hand", view)
	if err != nil {
		return nil, err
	}
	return g.Draw.Hand(l.r.kit(g, names, l.loc, l.full), view)
}

// BoardPNG draws the public board (see Board) and encodes it as a PNG with its game's palette
// (see Palette.EncodePNG). It returns the errors of Board and of the encoder.
func (l Lang) BoardPNG(view any, names []string) ([]byte, error) {
	return l.png("board", view, func(g Game) (image.Image, error) { return g.Draw.Board(l.r.kit(g, names, l.loc, l.full), view) })
}

// HandPNG draws one seat's private view (see Hand) and encodes it as a PNG with its game's
// palette. It returns the errors of Hand and of the encoder.
func (l Lang) HandPNG(view any, names []string) ([]byte, error) {
	return l.png("hand", view, func(g Game) (image.Image, error) { return g.Draw.Hand(l.r.kit(g, names, l.loc, l.full), view) })
}

func (l Lang) png(what string, view any, draw func(Game) (image.Image, error)) ([]byte, error) {
	g, err := l.r.game(what, view)
	if err != nil {
		return nil, err
	}
	img, err := draw(g)
	if err != nil {
		return nil, err
	}
	return g.Draw.Palette().EncodePNG(img)
}

// Palette returns the palette of the game whose drawer owns view, or an error when none does.
func (r *Renderer) Palette(view any) (*Palette, error) {
	g, err := r.game("palette", view)
	if err != nil {
		return nil, err
	}
	return g.Draw.Palette(), nil
}

func (r *Renderer) kit(g Game, names []string, loc *lang.Localizer, full bool) *Kit {
	k := &Kit{r: r, game: g.Rules, names: names, loc: loc, full: full}
	k.SeatLabels(len(names))
	return k
}

// Kit is what a Drawer draws one image with: the Renderer's fonts and caches, the seats' display
// names and the game's plain words for its components. A Kit serves one image on one goroutine.
type Kit struct {
	r                 *Renderer
	game              rules.Game
	names             []string
	display, initials []string
	loc               *lang.Localizer // the language of the words drawn
	full              bool            // a full board (see Full)
}

// NewKit returns a Kit for drawing images of game with the seats' display names, outside
// Renderer.Board and Hand (tests, tools).
func (r *Renderer) NewKit(game rules.Game, names []string) *Kit {
	return r.kit(Game{Rules: game}, names, r.words.For("en"), false)
}

// NewKitIn is NewKit drawing words in the language of locale (see Renderer.In).
func (r *Renderer) NewKitIn(locale string, game rules.Game, names []string) *Kit {
	return r.kit(Game{Rules: game}, names, r.words.For(locale), false)
}

// SeatLabels fixes the number of seats at n and returns their display names and marks (see
// seatLabels): missing or blank names become "Player n"; a seat's mark is its number, never a
// letter a game's pieces could share. (Drawers call the marks "initials".)
func (k *Kit) SeatLabels(n int) (display, initials []string) {
	k.display, k.initials = seatLabels(k.names, n, func(i int) string { return k.T("render.player", "N", i) })
	return k.display, k.initials
}

// Name returns seat s's display name ("Player n", in the image's language, for a seat without
// one).
func (k *Kit) Name(s rules.Seat) string {
	if int(s) >= 0 && int(s) < len(k.display) {
		return k.display[s]
	}
	return k.T("render.player", "N", int(s)+1)
}

// Term returns the plain words printed on the component with id (rules.Game.Term), in the
// image's language, or "" for an unknown id.
func (k *Kit) Term(id string) string {
	if k.game == nil {
		return ""
	}
	return k.loc.Text(k.game.Term(id))
}

// Expand makes rules text drawable in the image's language: messages (rules.Msg) translated,
// seat references ("{2}") replaced with display names and component references ("[[S12]]") with
// the game's plain words (lang.Localizer.Expand).
func (k *Kit) Expand(text string) string {
	var term func(string) string
	if k.game != nil {
		term = k.game.Term
		if d, ok := k.game.(DrawnTermer); ok {
			term = d.DrawnTerm
		}
	}
	return k.loc.Expand(text, k.Name, term)
}

// DrawnTermer is implemented by a game whose Term writes characters the kit's fonts do not draw
// (Borneo's flags as coloured-square emoji): DrawnTerm is the same component in words an image
// can draw, which Kit.Expand uses instead of Term (the image's legend explains them).
type DrawnTermer interface {
	DrawnTerm(id string) string
}

// T returns the text of catalogue message id with arguments as name, value pairs (rules.Msg) in
// the image's language: every word drawn comes from the catalogues (issue 13). The game's own
// words have ids of its catalogue ("borneo.board.deck"), the kit's "render.…".
func (k *Kit) T(id string, args ...any) string { return k.loc.T(id, args...) }

// Lang returns the image's language, "en" or "fr".
func (k *Kit) Lang() string { return k.loc.Lang() }

// Canvas returns a new transparent Canvas of w×h pixels with its own font faces.
func (k *Kit) Canvas(w, h int) *Canvas {
	return k.r.canvasIn(k.loc, w, h)
}

// Layer returns the cached opaque static layer for key at size w×h, drawing it with paint on
// first use on a Canvas of that size filled with bg (see Renderer.layer). Key it with a value of
// a type of the game's own package.
func (k *Kit) Layer(key any, w, h int, bg color.Color, paint func(c *Canvas)) *image.RGBA {
	return k.r.layer(k.loc, langKey{k.loc.Lang(), key}, w, h, bg, paint)
}

// langKey keys a cached image by the language of its words as well as by the drawer's key.
type langKey struct {
	lang string
	key  any
}

// Cached returns the cached transparent image for key at size w×h, drawing it with paint on
// first use.
func (k *Kit) Cached(key any, w, h int, paint func(c *Canvas)) *image.RGBA {
	return k.r.cached(k.loc, langKey{k.loc.Lang(), key}, w, h, paint)
}

// layer returns the cached opaque static layer for key at size w×h, drawing it with paint on
// first use on a Canvas of that size filled with bg (the colour the layer is placed on, so that
// rounded corners blend with it). Layers are shared and must not be modified; copy them onto a
// canvas with Canvas.Blit. The canvas draws words in loc's language (English when nil).
func (r *Renderer) layer(loc *lang.Localizer, key any, w, h int, bg color.Color, paint func(c *Canvas)) *image.RGBA {
	return r.cached(loc, key, w, h, func(c *Canvas) {
		c.Fill(bg)
		paint(c)
	})
}

// cached returns the cached image for key at size w×h, drawing it with paint on a transparent
// canvas on first use. The canvas draws words in loc's language (English when nil).
func (r *Renderer) cached(loc *lang.Localizer, key any, w, h int, paint func(c *Canvas)) *image.RGBA {
	k := layerKey{key: key, w: w, h: h}
	r.mu.Lock()
	img, ok := r.layers[k]
	r.mu.Unlock()
	if ok {
		return img
	}
	c := r.canvasIn(loc, w, h)
	paint(c)
	r.mu.Lock()
	defer r.mu.Unlock()
	if prev, ok := r.layers[k]; ok {
		return prev // another goroutine drew it first; keep one copy
	}
	if len(r.layers) >= maxLayers {
		clear(r.layers)
	}
	r.layers[k] = c.img
	return c.img
}

// canvas returns a new transparent Canvas of w×h pixels with its own font faces, drawing words
// in English.
func (r *Renderer) canvas(w, h int) *Canvas { return r.canvasIn(nil, w, h) }

// canvasIn returns a new transparent Canvas of w×h pixels with its own font faces, drawing the
// kit's words in loc's language (English when nil).
func (r *Renderer) canvasIn(loc *lang.Localizer, w, h int) *Canvas {
	if loc == nil {
		loc = r.words.For(lang.Languages[0])
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	return &Canvas{
		Context: gg.NewContextForRGBA(img),
		img:     img,
		r:       r,
		loc:     loc,
		faces:   make(map[faceKey]font.Face),
	}
}

// Canvas is one image being drawn: a gg context (embedded, for shapes and paths) plus text
// helpers that draw with font faces made for this canvas only (faces are not goroutine-safe).
// Use the Canvas text methods rather than gg's DrawString: they take the fast glyph path and
// anchor on capital height. A Canvas is used by one goroutine.
type Canvas struct {
	*gg.Context
	img   *image.RGBA
	r     *Renderer
	loc   *lang.Localizer // the language of the words the kit draws on it
	faces map[faceKey]font.Face
	mark  bool // the text drawn is a player's mark (SeatDisc)
}

type faceKey struct {
	size float64
	bold bool
}

// Style is how text is drawn: Size in pixels, Bold, and Colour (Ink when nil).
type Style struct {
	Size   float64
	Bold   bool
	Colour color.Color
}

// T returns the text of catalogue message id with arguments as name, value pairs in the
// canvas's language (see Kit.T).
func (c *Canvas) T(id string, args ...any) string { return c.loc.T(id, args...) }

// Image returns the canvas's image.
func (c *Canvas) Image() *image.RGBA { return c.img }

// MinTextSize is the smallest text the kit draws, in pixels at the image's native width: Discord
// shows a board about as wide as a phone's screen, and smaller text is not readable there. A
// Style with a smaller Size is drawn (and measured) at MinTextSize.
const MinTextSize = 13

// size returns the size text of st is drawn at: st.Size, at least MinTextSize.
func (st Style) size() float64 { return max(st.Size, MinTextSize) }

// DrawnText is one string the kit drew, for TraceText: the text, its size in pixels (after the
// MinTextSize floor) and whether it was bold.
type DrawnText struct {
	Text string
	Size float64
	Bold bool
	Mark bool // a player's mark (Canvas.SeatDisc)
}

// TraceText makes the Renderer call f with every string it draws from now on (f nil: stop),
// including the text of cached layers and sprites when they are first drawn. f is called from
// the goroutines that draw and must be safe for concurrent use. It is meant for tests that read
// what an image says (no internal ids, nothing below MinTextSize).
func (r *Renderer) TraceText(f func(DrawnText)) {
	if f == nil {
		r.trace.Store(nil)
		return
	}
	r.trace.Store(&f)
}

// face returns the canvas's face for st, making it on first use.
func (c *Canvas) face(st Style) font.Face {
	st.Size = st.size()
	k := faceKey{size: st.Size, bold: st.Bold}
	if f, ok := c.faces[k]; ok {
		return f
	}
	fnt := c.r.regular
	if st.Bold {
		fnt = c.r.bold
	}
	f, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: st.Size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		// opentype.NewFace never fails (x/image v0.47); an error here is a programming error.
		panic(fmt.Sprintf("render: new face size %v: %v", st.Size, err)) // lang:ok: a programming error
	}
	f = &steppedFace{Face: f, r: c.r, key: k}
	c.faces[k] = f
	return f
}

// coverageSteps is how many levels of anti-aliasing glyph edges keep (see steppedFace).
const coverageSteps = 4

// steppedFace is a font face whose glyph masks keep coverageSteps levels of coverage instead of
// 256. At 13 px and up the text looks the same, but a letter drawn twice at different fractions
// of a pixel gives the same pixels far more often, which makes the PNG markedly smaller. Its
// masks are kept in the Renderer's glyph cache, so that a letter is rasterised once per size,
// weight and sub-pixel offset rather than every time it is drawn.
type steppedFace struct {
	font.Face
	r   *Renderer
	key faceKey
}

// glyphKey names a stepped glyph mask in the Renderer's cache: the face, the rune and the pen's
// sub-pixel offset (in 1/64 px).
type glyphKey struct {
	face   faceKey
	r      rune
	fx, fy fixed.Int26_6
}

// glyph is a cached stepped glyph: what font.Face.Glyph returns for a pen at the sub-pixel
// offset of its key, with dr relative to the pen's whole-pixel position. Never modified.
type glyph struct {
	dr   image.Rectangle
	mask *image.Alpha
	mp   image.Point
	adv  fixed.Int26_6
}

// maxGlyphs bounds the glyph cache (a few hundred letters in a handful of sizes; with hinting
// the pen is nearly always on whole pixels). When full it is emptied and refilled on demand.
const maxGlyphs = 8192

// Glyph returns the face's glyph with its mask's coverage stepped, from the Renderer's cache. The
// mask is shared and must not be modified.
func (f *steppedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	k := glyphKey{face: f.key, r: r, fx: dot.X & 63, fy: dot.Y & 63}
	pen := image.Pt(dot.X.Floor(), dot.Y.Floor())
	f.r.glyphMu.RLock()
	g, ok := f.r.glyphs[k]
	f.r.glyphMu.RUnlock()
	if ok {
		return g.dr.Add(pen), g.mask, g.mp, g.adv, true
	}
	dr, mask, mp, adv, ok := f.Face.Glyph(dot, r)
	a, isAlpha := mask.(*image.Alpha)
	if !ok || !isAlpha {
		return dr, mask, mp, adv, ok
	}
	b := image.Rectangle{Min: mp, Max: mp.Add(dr.Size())}.Intersect(a.Bounds())
	stepped := &image.Alpha{Pix: make([]uint8, b.Dx()*b.Dy()), Stride: b.Dx(), Rect: b.Sub(b.Min).Add(mp)}
	for y := 0; y < b.Dy(); y++ {
		src := a.Pix[a.PixOffset(b.Min.X, b.Min.Y+y):][:b.Dx()]
		dst := stepped.Pix[y*b.Dx():][:b.Dx()]
		for x, v := range src {
			dst[x] = uint8((int(v)*(coverageSteps-1) + 127) / 255 * 255 / (coverageSteps - 1))
		}
	}
	f.r.glyphMu.Lock()
	if len(f.r.glyphs) >= maxGlyphs {
		clear(f.r.glyphs)
	}
	f.r.glyphs[k] = glyph{dr: dr.Sub(pen), mask: stepped, mp: mp, adv: adv}
	f.r.glyphMu.Unlock()
	return dr, stepped, mp, adv, ok
}

// Measure returns the advance width of s in pixels.
func (c *Canvas) Measure(s string, st Style) float64 {
	return float64(font.MeasureString(c.face(st), s)) / 64
}

// Text draws s with its left edge at x moved left by ax times its width (0 left, 0.5 centre,
// 1 right) and its capital letters vertically centred on y. It returns the width drawn.
func (c *Canvas) Text(s string, x, y, ax float64, st Style) float64 {
	f := c.face(st)
	w := float64(font.MeasureString(f, s)) / 64
	capH := float64(f.Metrics().CapHeight) / 64
	if capH <= 0 {
		capH = float64(f.Metrics().Ascent) / 64 * 0.7
	}
	c.TextBaseline(s, x-ax*w, y+capH/2, st)
	return w
}

// TextBaseline draws s starting at x on baseline y.
func (c *Canvas) TextBaseline(s string, x, y float64, st Style) {
	col := st.Colour
	if col == nil {
		col = ColInk
	}
	if f := c.r.trace.Load(); f != nil {
		(*f)(DrawnText{Text: s, Size: st.size(), Bold: st.Bold, Mark: c.mark})
	}
	d := font.Drawer{
		Dst:  c.img,
		Src:  image.NewUniform(col),
		Face: c.face(st),
		Dot:  fixed.P(int(math.Round(x)), int(math.Round(y))),
	}
	d.DrawString(s)
}

// Fit returns s, shortened with an ellipsis if needed so that it is at most maxW pixels wide.
func (c *Canvas) Fit(s string, maxW float64, st Style) string {
	if c.Measure(s, st) <= maxW {
		return s
	}
	const ell = "…"
	runes := []rune(s)
	for n := len(runes) - 1; n > 0; n-- {
		t := strings.TrimRightFunc(string(runes[:n]), unicode.IsSpace) + ell
		if c.Measure(t, st) <= maxW {
			return t
		}
	}
	return ell
}

// FitName returns st, shrunk if needed (never below MinTextSize), so that name fits in maxW
// pixels, and whether it fits at all. Names are never shortened: a caller whose name does not
// fit wraps it (Wrap) or shows the seat's initials, which the image's players section explains.
func (c *Canvas) FitName(name string, maxW float64, st Style) (Style, bool) {
	for st.size() > MinTextSize && c.Measure(name, st) > maxW {
		st.Size = max(MinTextSize, st.size()-1)
	}
	return st, c.Measure(name, st) <= maxW
}

// Wrap splits s into lines at most maxW pixels wide, breaking at spaces (and inside words longer
// than a line). Explicit newlines are kept.
func (c *Canvas) Wrap(s string, maxW float64, st Style) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := ""
		for _, w := range words {
			for c.Measure(w, st) > maxW && utf8.RuneCountInString(w) > 1 {
				// Break a long word at the widest prefix that fits.
				rs := []rune(w)
				n := len(rs) - 1
				for n > 1 && c.Measure(string(rs[:n]), st) > maxW {
					n--
				}
				if line != "" {
					lines = append(lines, line)
					line = ""
				}
				lines = append(lines, string(rs[:n]))
				w = string(rs[n:])
			}
			switch {
			case line == "":
				line = w
			case c.Measure(line+" "+w, st) <= maxW:
				line += " " + w
			default:
				lines = append(lines, line)
				line = w
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// Paragraph draws s wrapped to width w starting at (x, top), one line every lineH pixels, at most
// maxLines lines (the last one ends with an ellipsis when cut; 0 means no limit). It returns the
// height used (lines × lineH).
func (c *Canvas) Paragraph(s string, x, top, w, lineH float64, maxLines int, st Style) float64 {
	lines := c.Wrap(s, w, st)
	if maxLines > 0 && len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = c.Fit(lines[maxLines-1]+" …", w, st)
	}
	for i, ln := range lines {
		c.Text(ln, x, top+lineH*(float64(i)+0.5), 0, st)
	}
	return float64(len(lines)) * lineH
}

// ParagraphHeight is the height Paragraph would use for the same arguments.
func (c *Canvas) ParagraphHeight(s string, w, lineH float64, maxLines int, st Style) float64 {
	n := len(c.Wrap(s, w, st))
	if maxLines > 0 && n > maxLines {
		n = maxLines
	}
	return float64(n) * lineH
}

// Blit copies an opaque static layer (see Renderer.layer) onto the canvas with its top-left
// corner at (x, y).
func (c *Canvas) Blit(layer *image.RGBA, x, y int) {
	b := layer.Bounds()
	draw.Draw(c.img, b.Add(image.Pt(x, y)), layer, b.Min, draw.Src)
}

// spriteKey names a cached sprite of the kit: a small shape with its colour, label and size.
type spriteKey struct {
	shape     string
	fill      color.RGBA
	label     string
	size      float64
	w, h, rad float64
}

// Sprite draws the cached sprite for k (any comparable value of the caller's own type, naming the
// shape, colour, label and size) (painting it with paint on first use, on a transparent
// canvas of w×h with a pad-pixel margin for antialiased edges) with its top-left corner at
// (x, y). Shapes repeated many times per image (flags, spice pills, merchant discs) are drawn
// once per Renderer this way instead of being rasterised every time.
func (c *Canvas) Sprite(k any, x, y, w, h float64, paint func(s *Canvas, x, y float64)) {
	const pad = 2
	img := c.r.cached(c.loc, langKey{c.loc.Lang(), k}, int(math.Ceil(w))+2*pad, int(math.Ceil(h))+2*pad, func(s *Canvas) {
		paint(s, pad, pad)
	})
	b := img.Bounds()
	at := image.Pt(int(math.Round(x))-pad, int(math.Round(y))-pad)
	draw.Draw(c.img, b.Add(at), img, b.Min, draw.Over)
}

// rgba converts any colour to color.RGBA (for sprite keys).
func ToRGBA(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// Fill fills the whole canvas with col (fast, without the rasterizer).
func (c *Canvas) Fill(col color.Color) {
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(col), image.Point{}, draw.Src)
}

// Rect fills an axis-aligned rectangle with col (fast, without the rasterizer; no antialiasing).
func (c *Canvas) Rect(x, y, w, h float64, col color.Color) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Over)
}

// Panel draws a rounded panel with fill and a one-pixel border (border nil: none).
func (c *Canvas) Panel(x, y, w, h, radius float64, fill, border color.Color) {
	c.DrawRoundedRectangle(x, y, w, h, radius)
	c.SetColor(fill)
	if border == nil {
		c.Context.Fill()
		return
	}
	c.FillPreserve()
	c.SetLineWidth(1)
	c.SetColor(border)
	c.Stroke()
}

// Chip draws a flag-like rounded rectangle of colour fill with label centred on it in a
// contrasting bold colour; size is the label's font size. Used for company flags. Chips are
// cached sprites: (x, y) is rounded to whole pixels.
func (c *Canvas) Chip(x, y, w, h float64, fill color.Color, label string, size float64) {
	c.Sprite(spriteKey{shape: "chip", fill: ToRGBA(fill), label: label, size: size, w: w, h: h}, x, y, w, h,
		func(s *Canvas, x, y float64) { s.chip(x, y, w, h, fill, label, size) })
}

func (c *Canvas) chip(x, y, w, h float64, fill color.Color, label string, size float64) {
	c.DrawRoundedRectangle(x, y, w, h, math.Min(4, h/4))
	c.SetColor(fill)
	c.FillPreserve()
	c.SetLineWidth(1)
	c.SetColor(Darken(fill, 0.35))
	c.Stroke()
	if label != "" {
		c.Text(label, x+w/2, y+h/2, 0.5, Style{Size: size, Bold: true, Colour: Contrast(fill)})
	}
}

// Pill draws a fully rounded label (used for spices): fill colour, centred bold label. Pills are
// cached sprites: (x, y) is rounded to whole pixels.
func (c *Canvas) Pill(x, y, w, h float64, fill color.Color, label string, size float64) {
	c.Sprite(spriteKey{shape: "pill", fill: ToRGBA(fill), label: label, size: size, w: w, h: h}, x, y, w, h,
		func(s *Canvas, x, y float64) { s.pill(x, y, w, h, fill, label, size) })
}

func (c *Canvas) pill(x, y, w, h float64, fill color.Color, label string, size float64) {
	c.DrawRoundedRectangle(x, y, w, h, h/2)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetLineWidth(1)
	c.SetColor(Darken(fill, 0.35))
	c.Stroke()
	if label != "" {
		c.Text(label, x+w/2, y+h/2, 0.5, Style{Size: size, Bold: true, Colour: Contrast(fill)})
	}
}

// Disc draws a circle of radius rad centred on (cx, cy) in fill with a dark rim and label in
// its middle (used for players' merchants and seat markers). Discs are cached sprites: the
// centre is rounded to whole pixels.
func (c *Canvas) Disc(cx, cy, rad float64, fill color.Color, label string, size float64) {
	c.Sprite(spriteKey{shape: "disc", fill: ToRGBA(fill), label: label, size: size, rad: rad}, cx-rad, cy-rad, 2*rad, 2*rad,
		func(s *Canvas, x, y float64) { s.disc(x+rad, y+rad, rad, fill, label, size) })
}

func (c *Canvas) disc(cx, cy, rad float64, fill color.Color, label string, size float64) {
	c.DrawCircle(cx, cy, rad)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetLineWidth(1.5)
	c.SetColor(Darken(fill, 0.45))
	c.Stroke()
	if label != "" {
		c.Text(label, cx, cy, 0.5, Style{Size: size, Bold: true, Colour: Contrast(fill)})
	}
}

// EmptySlot draws a dashed circle: a free place.
func (c *Canvas) EmptySlot(cx, cy, rad float64) {
	c.DrawCircle(cx, cy, rad)
	c.SetColor(ColMuted)
	c.SetLineWidth(1)
	c.SetDash(3, 3)
	c.Stroke()
	c.SetDash()
}

// CardShape draws a playing card outline: white rounded rectangle with a soft shadow. Card
// shapes are cached sprites: (x, y) is rounded to whole pixels.
func (c *Canvas) CardShape(x, y, w, h float64) {
	c.Sprite(spriteKey{shape: "card", w: w, h: h}, x, y, w+2, h+2,
		func(s *Canvas, x, y float64) { s.cardShape(x, y, w, h) })
}

// cardShadow is the translucent shadow under a card shape.
var cardShadow = color.RGBA{0, 0, 0, 40}

func (c *Canvas) cardShape(x, y, w, h float64) {
	c.DrawRoundedRectangle(x+1.5, y+2, w, h, 5)
	c.SetColor(cardShadow)
	c.Context.Fill()
	c.Panel(x, y, w, h, 5, ColCard, ColCardEdge)
}

// Triangle draws a right-pointing filled triangle of height size with its tip at (x, cy): the
// "your turn" marker.
func (c *Canvas) Triangle(x, cy, size float64, col color.Color) {
	c.MoveTo(x, cy)
	c.LineTo(x-size*0.8, cy-size/2)
	c.LineTo(x-size*0.8, cy+size/2)
	c.ClosePath()
	c.SetColor(col)
	c.Context.Fill()
}

// Star draws a five-pointed star of outer radius rad centred on (cx, cy): the winner marker.
func (c *Canvas) Star(cx, cy, rad float64, col color.Color) {
	for i := 0; i < 10; i++ {
		a := -math.Pi/2 + float64(i)*math.Pi/5
		r := rad
		if i%2 == 1 {
			r = rad * 0.45
		}
		x, y := cx+r*math.Cos(a), cy+r*math.Sin(a)
		if i == 0 {
			c.MoveTo(x, y)
		} else {
			c.LineTo(x, y)
		}
	}
	c.ClosePath()
	c.SetColor(col)
	c.FillPreserve()
	c.SetLineWidth(1)
	c.SetColor(Darken(col, 0.4))
	c.Stroke()
}

// Badge draws a small rounded box with text (e.g. "TURN", "8 VP") and returns its width.
// x is the left edge, cy the vertical centre.
func (c *Canvas) Badge(text string, x, cy float64, fill color.Color, st Style) float64 {
	w := c.Measure(text, st) + st.Size*0.8
	h := st.Size * 1.45
	c.DrawRoundedRectangle(x, cy-h/2, w, h, 4)
	c.SetColor(fill)
	c.Context.Fill()
	if st.Colour == nil {
		st.Colour = Contrast(fill)
	}
	c.Text(text, x+w/2, cy, 0.5, st)
	return w
}

// LegendItem is one entry of a legend row: a swatch SwatchW pixels wide drawn by Swatch with its
// left edge at x and its middle at cy (nil: none), followed by Label.
type LegendItem struct {
	Swatch  func(c *Canvas, x, cy float64)
	SwatchW float64
	Label   string
}

// Legend draws items in rows starting at (x, top), wrapping at width w, each row rowH high. It
// returns the height used.
func (c *Canvas) Legend(items []LegendItem, x, top, w, rowH float64, st Style) float64 {
	cx, cy := x, top+rowH/2
	for _, it := range items {
		itemW := it.SwatchW + 4 + c.Measure(it.Label, st)
		if cx > x && cx+itemW > x+w {
			cx = x
			cy += rowH
		}
		if it.Swatch != nil {
			it.Swatch(c, cx, cy)
			cx += it.SwatchW + 4
		}
		cx += c.Text(it.Label, cx, cy, 0, st) + 14
	}
	return cy + rowH/2 - top
}

// seatLabels returns the display names and marks of n seats from names. Missing or blank names
// become player(n) ("Player n", 1-based n, in the image's language). A seat's mark is its number
// (1-based): the games label their own pieces with letters (companies, spices, islands, ships), so
// a player's mark must never be a letter, which could read as one of them (issue 26: Bob's "B"
// beside the British "B").
func seatLabels(names []string, n int, player func(n int) string) (display, marks []string) {
	display = make([]string, n)
	marks = make([]string, n)
	for i := range display {
		if i < len(names) && strings.TrimSpace(names[i]) != "" {
			display[i] = strings.TrimSpace(names[i])
		} else {
			display[i] = player(i + 1)
		}
		marks[i] = strconv.Itoa(i + 1)
	}
	return display, marks
}

// SeatName returns seat's display name, or "?" for a seat the view does not have.
func SeatName(display []string, s rules.Seat) string {
	if int(s) >= 0 && int(s) < len(display) {
		return display[s]
	}
	return "?"
}

// Plural returns "1 shipment" or "3 shipments".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// SeatDisc draws seat's disc (player colour and mark, Kit.SeatLabels) of radius rad centred on
// (cx, cy). Its mark is traced as a mark (DrawnText.Mark).
func (c *Canvas) SeatDisc(cx, cy, rad float64, seat rules.Seat, initials []string) {
	label := "?"
	if int(seat) >= 0 && int(seat) < len(initials) {
		label = initials[seat]
	}
	size := rad * 1.15
	if len([]rune(label)) > 1 {
		size = rad * 0.9
	}
	fill := PlayerColour(int(seat))
	c.Disc(cx, cy, rad, fill, "", size)
	c.mark = true
	c.Text(label, math.Round(cx), math.Round(cy), 0.5, Style{Size: size, Bold: true, Colour: Contrast(fill)})
	c.mark = false
}

// SectionTitle draws a small upper-case section title at (x, cy) and returns its width.
func (c *Canvas) SectionTitle(title string, x, cy float64) float64 {
	return c.Text(title, x, cy, 0, Style{Size: 13, Bold: true, Colour: ColMuted})
}

// StatusText returns a board's status and last-move sentences in plain words (Expand), in the
// image's language: the view's status ("The game is over." when it is empty and over is true) and
// "Last move: …", or "" when there is no last move.
func (k *Kit) StatusText(status, lastMove string, over bool) (string, string) {
	status = k.Expand(status)
	if status == "" && over {
		status = k.T("render.over")
	}
	last := ""
	if lastMove != "" {
		last = k.T("render.last_move", "Move", rules.Plain(k.Expand(lastMove)))
	}
	return status, last
}

// Board status panel: styles and geometry, in pixels.
var (
	stStatus = Style{Size: 17, Bold: true}
	stLast   = Style{Size: 14, Colour: ColMuted}
)

const (
	statusIndent = 34 // text starts this far right of the panel's left edge
	statusLineH  = 22
	lastLineH    = 18
	statusLines  = 0 // no limit: a status names players, and a name is never cut
	lastLines    = 0
	statusPadTop = 8
)

// statusTextW is the width of the status panel's text in a panel w pixels wide.
func statusTextW(w float64) float64 { return w - 40 }

// StatusHeight is the height of a board's status panel w pixels wide showing status (at most
// three lines) and last (at most two, omitted when empty).
func StatusHeight(m *Canvas, w float64, status, last string) float64 {
	h := 2*statusPadTop + m.ParagraphHeight(status, statusTextW(w), statusLineH, statusLines, stStatus)
	if last != "" {
		h += m.ParagraphHeight(last, statusTextW(w), lastLineH, lastLines, stLast) + 2
	}
	return h
}

// StatusPanel draws a board's status panel of w×h at (x, top): whose turn or decision it is,
// marked with a triangle (a star on a green panel once the game is over), and the last move.
func StatusPanel(c *Canvas, x, top, w, h float64, status, last string, over bool) {
	fill := ColHighlight
	if over {
		fill = Lighten(ColGood, 0.8)
	}
	c.Panel(x, top, w, h, 8, fill, ColBorder)
	y := top + statusPadTop
	if over {
		c.Star(x+18, y+statusLineH/2, 10, ColGold)
	} else {
		c.Triangle(x+26, y+statusLineH/2, 16, ColAlert)
	}
	y += c.Paragraph(status, x+statusIndent, y, statusTextW(w), statusLineH, statusLines, stStatus)
	if last != "" {
		c.Paragraph(last, x+statusIndent, y+2, statusTextW(w), lastLineH, lastLines, stLast)
	}
}

// TitleBand draws a w×h band in the header colour across the top of c with title at its left in
// bold letters of size points. The band is a cached layer (per language): key must name the
// title.
func (k *Kit) TitleBand(c *Canvas, key string, w, h int, title string, size float64) {
	c.Blit(k.Layer(key, w, h, ColBand, func(c *Canvas) {
		c.Fill(ColBand)
		c.Text(title, 14, float64(h)/2, 0, Style{Size: size, Bold: true, Colour: ColBandText})
	}), 0, 0)
}

// HandHeaderH is the height of a hand image's title band, in pixels.
const HandHeaderH = 44

// HandHeader draws the title band of a hand image w pixels wide: "YOUR HAND" in the image's
// language (a cached layer)
// and, at the right, the viewer's disc and whole name in nameW pixels (shrunk down to
// MinTextSize, then wrapped on two lines; never cut).
func (k *Kit) HandHeader(c *Canvas, w int, viewer rules.Seat, display, initials []string, nameW float64) {
	k.TitleBand(c, "hand-header", w, HandHeaderH, k.T("render.hand.title"), 20)
	c.SeatDisc(float64(w)-26, HandHeaderH/2, 14, viewer, initials)
	name := SeatName(display, viewer)
	st, ok := c.FitName(name, nameW, Style{Size: 17, Bold: true, Colour: ColBandText})
	if ok {
		c.Text(name, float64(w)-46, HandHeaderH/2, 1, st)
		return
	}
	// Two lines at the smallest size; a name longer than that still overflows to the left
	// rather than being cut.
	lines := c.Wrap(name, nameW, st)
	for i, ln := range lines {
		c.Text(ln, float64(w)-46, HandHeaderH/2+(float64(i)-float64(len(lines)-1)/2)*15, 1, st)
	}
}

// handStatusStyle is the style of a hand image's status sentence: bold when the viewer must act.
func handStatusStyle(yourMove bool) Style { return Style{Size: 15, Bold: yourMove} }

// HandStatusHeight is the height of a hand image's status panel w pixels wide showing status in
// at most lines lines.
func HandStatusHeight(m *Canvas, w float64, status string, lines int, yourMove bool) float64 {
	return 16 + m.ParagraphHeight(status, w-34, 20, lines, handStatusStyle(yourMove))
}

// HandStatusPanel draws a hand image's status panel of w×h at (x, y), highlighted and marked
// with a triangle when the viewer must act.
func HandStatusPanel(c *Canvas, x, y, w, h float64, status string, lines int, yourMove bool) {
	fill := ColPanel
	if yourMove {
		fill = ColHighlight
	}
	c.Panel(x, y, w, h, 8, fill, ColBorder)
	if yourMove {
		c.Triangle(x+24, y+8+10, 14, ColAlert)
	}
	c.Paragraph(status, x+30, y+8, w-34, 20, lines, handStatusStyle(yourMove))
}

// EmptyHand draws the w×h placeholder of a hand with no cards at (x, y), in the canvas's
// language.
func EmptyHand(c *Canvas, x, y, w, h float64) {
	c.Panel(x, y, w, h, 8, ColPanelAlt, ColBorder)
	c.Text(c.T("render.hand.empty"), x+w/2, y+h/2, 0.5, Style{Size: 16, Colour: ColMuted})
}

// Winners returns the winners of o as a set and their display names, in o's order.
func Winners(o *rules.Outcome, display []string) (map[rules.Seat]bool, []string) {
	set := map[rules.Seat]bool{}
	var names []string
	for _, s := range o.Winners {
		set[s] = true
		names = append(names, SeatName(display, s))
	}
	return set, names
}

// FinalScoresTitle is the title of a final-scores panel as language-neutral text (rules.Msg),
// which OutcomePanel draws in the image's language: "FINAL SCORES · winner: Ann", or with several
// winners "FINAL SCORES · <shared>: Ann, Bob" (shared is the game's word for a shared victory,
// already translated or itself rules text).
func FinalScoresTitle(names []string, shared string) string {
	plain := make([]string, len(names))
	for i, n := range names {
		plain[i] = rules.Plain(n)
	}
	switch len(names) {
	case 0:
		return rules.Msg("render.final.title")
	case 1:
		return rules.Msg("render.final.winner", "Name", plain[0])
	}
	return rules.Msg("render.final.shared", "Shared", shared, "Names", strings.Join(plain, ", "))
}

// OutcomePanel draws the panel of final scores, w×h at (x, top), with its title (plain text, or
// rules text such as FinalScoresTitle's, drawn in the canvas's language), and returns where the
// rows' content starts.
func OutcomePanel(c *Canvas, x, top, w, h float64, title string) (float64, float64) {
	c.Panel(x, top, w, h, 8, ColPanel, ColGood)
	x, y := x+10, top+10
	st := Style{Size: 16, Bold: true, Colour: ColGood}
	title = c.loc.Text(title)
	c.Text(c.Fit(title, w-20, st), x, y+11, 0, st)
	return x, y + 26
}

// ScoreOrder returns the seats of scores, highest score first; equal scores are ordered by
// tied(a, b) (a before b when it reports true) if it is not nil, otherwise by seat.
func ScoreOrder(scores []int, tied func(a, b int) bool) []int {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		sa, sb := scores[order[a]], scores[order[b]]
		if sa != sb || tied == nil {
			return sa > sb
		}
		return tied(order[a], order[b])
	})
	return order
}

// OutcomeSeat draws the start of a final-scores row centred on cy: a star for a winner, seat's
// disc and its whole name (bold for a winner) in nameW pixels (shrunk down to MinTextSize, then
// wrapped on two lines; never cut).
func (c *Canvas) OutcomeSeat(x, cy float64, s rules.Seat, winner bool, display, initials []string, nameW float64) {
	if winner {
		c.Star(x+10, cy, 10, ColGold)
	}
	c.SeatDisc(x+36, cy, 12, s, initials)
	name := SeatName(display, s)
	st, ok := c.FitName(name, nameW, Style{Size: 16, Bold: winner})
	if ok {
		c.Text(name, x+54, cy, 0, st)
		return
	}
	lines := c.Wrap(name, nameW, st)
	for i, ln := range lines {
		c.Text(ln, x+54, cy+(float64(i)-float64(len(lines)-1)/2)*14, 0, st)
	}
}

// Palette. These are read-only.
var (
	ColPaper     = color.RGBA{0xf3, 0xec, 0xdc, 0xff} // background: parchment
	ColPanel     = color.RGBA{0xfd, 0xfa, 0xf3, 0xff} // panels
	ColPanelAlt  = color.RGBA{0xee, 0xe5, 0xd0, 0xff} // alternate rows, empty slots
	ColBorder    = color.RGBA{0xc9, 0xb8, 0x94, 0xff}
	ColInk       = color.RGBA{0x22, 0x1d, 0x16, 0xff} // main text
	ColMuted     = color.RGBA{0x7a, 0x6e, 0x5c, 0xff} // secondary text
	ColBand      = color.RGBA{0x1f, 0x4e, 0x5a, 0xff} // header band (deep teal)
	ColBandText  = color.RGBA{0xfb, 0xf3, 0xdc, 0xff}
	ColHighlight = color.RGBA{0xff, 0xe9, 0x9e, 0xff} // whose turn
	ColAlert     = color.RGBA{0xc0, 0x39, 0x2b, 0xff} // fights, attention
	ColGood      = color.RGBA{0x2e, 0x7d, 0x32, 0xff}
	ColCard      = color.RGBA{0xff, 0xff, 0xfd, 0xff}
	ColCardEdge  = color.RGBA{0x9c, 0x8f, 0x78, 0xff}
	ColGold      = color.RGBA{0xf5, 0xc5, 0x18, 0xff}
)

// playerColours are five distinct seat colours, chosen to differ from the company colours
// (yellow, red, green, blue) they are drawn on; every seat is also labelled with its initial.
var playerColours = [5]color.RGBA{
	{0x8e, 0x44, 0xad, 0xff}, // purple
	{0xf3, 0x8b, 0x12, 0xff}, // orange
	{0x17, 0xa8, 0xb8, 0xff}, // cyan
	{0xe8, 0x43, 0x93, 0xff}, // pink
	{0x3b, 0x3b, 0x3b, 0xff}, // black
}

// PlayerColour returns seat's colour (seats beyond five cycle), and grey for an unknown seat.
func PlayerColour(seat int) color.RGBA {
	if seat < 0 {
		return color.RGBA{0x99, 0x99, 0x99, 0xff}
	}
	return playerColours[seat%len(playerColours)]
}

// Contrast returns black or white, whichever reads better on c.
func Contrast(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	lum := 0.299*float64(r>>8) + 0.587*float64(g>>8) + 0.114*float64(b>>8)
	if lum > 150 {
		return ColInk
	}
	return color.White
}

// Darken returns c with each channel multiplied by 1-f.
func Darken(c color.Color, f float64) color.Color {
	r, g, b, a := c.RGBA()
	k := 1 - f
	return color.RGBA{uint8(float64(r>>8) * k), uint8(float64(g>>8) * k), uint8(float64(b>>8) * k), uint8(a >> 8)}
}

// Lighten returns c mixed with white by f (0..1).
func Lighten(c color.Color, f float64) color.RGBA {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8(float64(v>>8) + (255-float64(v>>8))*f) }
	return color.RGBA{mix(r), mix(g), mix(b), 0xff}
}
