package dei

import (
	"strings"

	"spicebot/rules"
)

// Square is one board square (x, y): x from 0 (west edge) to Width−1, y from 0 (north edge, the top
// of the picture) to Height−1 (NOTES §2.3).
type Square struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Layout is one recommended set-up (rulebook appendix, NOTES §2.3).
type Layout struct {
	Players       int
	Width, Height int
	Dark          []Square // not used with this player count: ships cannot sail there
	Homes         []Home   // one per seat, in clockwise seating order
	Market        Market
	Islands       []Island
	Pirates       [2]Square // start squares of the big and the small pirate
	kinds         [][]Kind  // square kinds, [y][x]; built by init
	island        [][]int   // island index of land and anchor squares, −1 elsewhere; [y][x]
	home          [][]int   // home index of land and port squares, −1 elsewhere; [y][x]
}

// Home is a player's home island: three land squares on the edge and the three port squares in
// front of them.
type Home struct {
	Side string // "N", "E", "S" or "W": the board edge
	Land []Square
	Port []Square
}

// Market is Market Island: its land and its four harbour squares.
type Market struct {
	Land []Square
	Port []Square
}

// Island is a wild island: its land squares, its anchors (harbours while it holds cards) and how
// many trading cards it is dealt.
type Island struct {
	ID      string // "W1".."W8": a component id (Game.Term names it)
	Big     bool
	Land    []Square
	Anchors []Square
	Cards   int
}

// Kind is what a square is.
type Kind int

// The square kinds.
const (
	Sea Kind = iota
	Dark
	HomeLand
	HomePort
	MarketLand
	MarketPort
	IslandLand
	Anchor
)

// Direction is one of the 8 board directions, clockwise from the top of the board: 0 up (y−1),
// 1 up-right, 2 right, 3 down-right, 4 down, 5 down-left, 6 left, 7 up-left.
type Direction int

var dirDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirDY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}

// dirCodes are the directions' short codes in the move text (and the keys of their words in the
// catalogue, see dirWord).
var dirCodes = [8]string{"u", "ur", "r", "dr", "d", "dl", "l", "ul"}

// dirArrows draw a direction on a button.
var dirArrows = [8]string{"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}

// Step returns the square one step from q in direction d.
func (q Square) Step(d Direction) Square {
	return Square{q.X + dirDX[d&7], q.Y + dirDY[d&7]}
}

// Dist is the king-move (Chebyshev) distance between two squares.
func Dist(a, b Square) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	if dx > dy {
		return dx
	}
	return dy
}

// orthogonal reports whether a and b share a side.
func orthogonal(a, b Square) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy == 1
}

func init() {
	for _, l := range layouts {
		l.build()
	}
}

func (l *Layout) build() {
	l.kinds = make([][]Kind, l.Height)
	l.island = make([][]int, l.Height)
	l.home = make([][]int, l.Height)
	for y := range l.kinds {
		l.kinds[y] = make([]Kind, l.Width)
		l.island[y] = make([]int, l.Width)
		l.home[y] = make([]int, l.Width)
		for x := range l.island[y] {
			l.island[y][x], l.home[y][x] = -1, -1
		}
	}
	set := func(qs []Square, k Kind) {
		for _, q := range qs {
			l.kinds[q.Y][q.X] = k
		}
	}
	set(l.Dark, Dark)
	for h, home := range l.Homes {
		set(home.Land, HomeLand)
		set(home.Port, HomePort)
		for _, q := range append(append([]Square{}, home.Land...), home.Port...) {
			l.home[q.Y][q.X] = h
		}
	}
	set(l.Market.Land, MarketLand)
	set(l.Market.Port, MarketPort)
	for i, is := range l.Islands {
		set(is.Land, IslandLand)
		set(is.Anchors, Anchor)
		for _, q := range append(append([]Square{}, is.Land...), is.Anchors...) {
			l.island[q.Y][q.X] = i
		}
	}
}

// In reports whether q is on the board (dark squares included).
func (l *Layout) In(q Square) bool { return q.X >= 0 && q.Y >= 0 && q.X < l.Width && q.Y < l.Height }

// Kind returns the kind of square q, and Dark off the board.
func (l *Layout) Kind(q Square) Kind {
	if !l.In(q) {
		return Dark
	}
	return l.kinds[q.Y][q.X]
}

// IslandAt returns the index of the wild island whose land or anchor q is, or −1.
func (l *Layout) IslandAt(q Square) int {
	if !l.In(q) {
		return -1
	}
	return l.island[q.Y][q.X]
}

// HomeAt returns the index (the seat) of the home whose land or port q is, or −1.
func (l *Layout) HomeAt(q Square) int {
	if !l.In(q) {
		return -1
	}
	return l.home[q.Y][q.X]
}

// isLand reports whether ships may never be on q: land of any kind, dark squares and off the board.
func (l *Layout) isLand(q Square) bool {
	switch l.Kind(q) {
	case Dark, HomeLand, MarketLand, IslandLand:
		return true
	}
	return false
}

// Map draws the layout as text, one string per row, for tests and docs: '.' sea, '#' dark, home
// land "nesw"[side] and port "NESW"[side], 'M' market land, 'm' market harbour, island land the
// island's number, 'a' anchor.
func (l *Layout) Map() []string {
	rows := make([]string, l.Height)
	for y := 0; y < l.Height; y++ {
		var b strings.Builder
		for x := 0; x < l.Width; x++ {
			q := Square{x, y}
			switch l.Kind(q) {
			case Sea:
				b.WriteByte('.')
			case Dark:
				b.WriteByte('#')
			case HomeLand:
				b.WriteString(strings.ToLower(l.Homes[l.HomeAt(q)].Side))
			case HomePort:
				b.WriteString(l.Homes[l.HomeAt(q)].Side)
			case MarketLand:
				b.WriteByte('M')
			case MarketPort:
				b.WriteByte('m')
			case IslandLand:
				b.WriteString(l.Islands[l.IslandAt(q)].ID[1:])
			case Anchor:
				b.WriteByte('a')
			}
		}
		rows[y] = b.String()
	}
	return rows
}

// Good is a kind of cargo: crates, gold and the five spices. Every unit uses one cargo slot
// (NOTES §2.7.8).
type Good int

// The goods.
const (
	Crate Good = iota
	Gold
	Cardamom
	Cinnamon
	Clove
	Nutmeg
	Pepper
	NumGoods
)

// goodCodes are the goods' codes in the move text (and the keys of their catalogue messages).
var goodCodes = [NumGoods]string{"crate", "gold", "cardamom", "cinnamon", "clove", "nutmeg", "pepper"}

// GoodName returns the plain name of one unit of a good, as rules text ("crate", "gold",
// "clove"; see the catalogue).
func GoodName(g Good) string { return goodName(g) }

// Amount says "2 crates", "1 gold", "3 clove", as rules text.
func Amount(g Good, n int) string {
	return rules.Msg("dutch-east-indies.amount."+goodCodes[g], "Count", n)
}

// IsSpice reports whether g is one of the five spices.
func IsSpice(g Good) bool { return g >= Cardamom && g <= Pepper }

// Goods counts cargo by Good.
type Goods [NumGoods]int

// Total is the number of units.
func (g Goods) Total() int {
	n := 0
	for _, v := range g {
		n += v
	}
	return n
}

// Spices is the number of spice units.
func (g Goods) Spices() int {
	n := 0
	for k := Cardamom; k <= Pepper; k++ {
		n += g[k]
	}
	return n
}

// Stat is one of a ship's three statistics.
type Stat int

// The stats, in the order of the player board.
const (
	Sail Stat = iota
	Cargo
	Cannons
	numStats
)

// Track is one stat track of the player board (NOTES §2.4): values Min..Max, Costs[i] the gold to
// go from Min+i to Min+i+1, and the start values of the big and the small ship.
type Track struct {
	Name     string
	Min, Max int
	Costs    []int
	Start    [2]int
}

// UpgradeCost is the gold to raise a stat from v to v+1, or 0 at the top of the track.
func UpgradeCost(st Stat, v int) int {
	t := tracks[st]
	if v < t.Min || v >= t.Max {
		return 0
	}
	return t.Costs[v-t.Min]
}

// NumCards is the number of trading cards.
const NumCards = 30

// Card is a trading card: the crates the islanders ask for and the gold and spices they give.
type Card struct {
	Crates int
	Gold   int
	Spices []Good
}

// CardID returns the component id of card c (0-based): "T01".."T30".
func CardID(c int) string {
	return "T" + string(rune('0'+(c+1)/10)) + string(rune('0'+(c+1)%10))
}

// CardText describes card c in plain words, as rules text: "2 crates → 2 gold + nutmeg".
func CardText(c int) string {
	want, give := cardParts(c)
	return want + " → " + give
}

// CardTerms returns what the trading card with id ("T09") asks for and what it gives, as rules
// text ("2 crates", "2 gold + nutmeg"), and false for an unknown id.
func CardTerms(id string) (want, give string, ok bool) {
	c, ok := cardIndex(id)
	if !ok {
		return "", "", false
	}
	want, give = cardParts(c)
	return want, give, true
}

// cardIndex returns the card (0-based) of an id "T01".."T30".
func cardIndex(id string) (int, bool) {
	if len(id) != 3 || id[0] != 'T' || id[1] < '0' || id[1] > '9' || id[2] < '0' || id[2] > '9' {
		return 0, false
	}
	n := int(id[1]-'0')*10 + int(id[2]-'0')
	return n - 1, n >= 1 && n <= NumCards
}

func cardParts(c int) (want, give string) {
	k := cards[c]
	var gives []string
	if k.Gold > 0 {
		gives = append(gives, Amount(Gold, k.Gold))
	}
	for _, s := range k.Spices {
		gives = append(gives, goodName(s))
	}
	return Amount(Crate, k.Crates), strings.Join(gives, " + ")
}

// islandNames are the plain names of the wild islands W1–W8 (cosmetic; the Miniature Market
// review names "Vilfort Island" and "Nederhoff Island", NOTES §2.1).
var islandNames = []string{"Vilfort", "Nederhoff", "Banda", "Ambon", "Ternate", "Tidore", "Run", "Ceram"}
