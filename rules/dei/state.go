package dei

import (
	"fmt"

	"spicebot/rules"
)

// Ship indexes a player's two ships.
const (
	Big   = 0
	Small = 1
)

// Pirate indexes the two pirate ships.
const (
	BigPirate   = 0
	SmallPirate = 1
)

// pirateCannons are the pirates' fixed cannon values (rulebook "Pirate vs player combat").
var pirateCannons = [2]int{6, 4}

// State is one game of The Dutch East Indies. It is plain data: json.Marshal(state) is the storage
// format.
type State struct {
	RNG rules.RNG `json:"rng"`
	// Moves counts the moves applied (the version).
	Moves int `json:"moves"`
	// Rotation is the compass card's rotation in eighths of a turn (0, 2, 4 or 6), fixed for the
	// game: the die face f moves a pirate in board direction (f + Rotation) mod 8.
	Rotation int `json:"rotation"`
	// First is the starting player; Turn the seat whose turn it is; TurnNo counts turns from 1.
	First  rules.Seat `json:"first"`
	Turn   rules.Seat `json:"turn"`
	TurnNo int        `json:"turn_no"`
	Seats  []Seat     `json:"seats"`
	// Pirates are the big and the small pirate's squares.
	Pirates [2]Square `json:"pirates"`
	// Piles are the trading-card piles of the islands (layout order), top card last; Discard the
	// used cards, in the order they were used.
	Piles   [][]int `json:"piles"`
	Discard []int   `json:"discard"`
	// Floating are the goods floating on the sea.
	Floating []Lot `json:"floating"`
	// Moving is the ship of Turn that is in the middle of its movement, or −1; MPLeft and MPSpent
	// are its movement points left and spent.
	Moving  int `json:"moving"`
	MPLeft  int `json:"mp_left"`
	MPSpent int `json:"mp_spent"`
	// Queue are pirate fights still to be fought, in order; Fought the pirate–ship pairs that
	// fought this turn (each pirate attacks a ship at most once per turn, NOTES §2.7.5).
	Queue  []Fight `json:"queue"`
	Fought []Fight `json:"fought"`
	// Pending is a decision someone must take before anything else, or nil.
	Pending *Pending `json:"pending,omitempty"`
	// Winner is the seat that won, or −1 while the game runs.
	Winner rules.Seat `json:"winner"`
	// Made and Destroyed count the goods the rules took from and gave back to the supply (trades,
	// the market, upgrades) since setup; everything else only moves goods around.
	Made      Goods `json:"made"`
	Destroyed Goods `json:"destroyed"`
	// LastMove is the public log text of the latest move.
	LastMove string    `json:"last_move,omitempty"`
	Journal  rules.Log `json:"log"`
	// merged is set during Apply when a movement step was added to the previous move's line.
	merged bool
	// Undo says that the last move may be taken back (State.Undoable; package doc, "Undo").
	Undo bool `json:"undoable,omitempty"`
	// revealed is set while a move is applied when it shows a trading card.
	revealed bool
}

// Seat is one player: the home stock, the two ships and the trading cards the player has seen on
// top of an island's pile and which are still there.
type Seat struct {
	Home  Goods   `json:"home"`
	Ships [2]Ship `json:"ships"`
	Known []Peek  `json:"known"`
	// Loaded and Unloaded are the goods (bit g for good g) the player loaded from and unloaded
	// to the home stock this turn; Bought and Sold say whether a ship of the player bought or sold
	// crates at Market Island this turn. None of them is reversed in the same turn (package doc,
	// "No step back").
	Loaded   int  `json:"loaded,omitempty"`
	Unloaded int  `json:"unloaded,omitempty"`
	Bought   bool `json:"bought,omitempty"`
	Sold     bool `json:"sold,omitempty"`
}

// has reports whether bit g is set in a set of goods (Seat.Loaded, Ship.Got).
func has(set int, g Good) bool { return set&(1<<g) != 0 }

// Peek is a card a player knows to lie on top of an island's pile.
type Peek struct {
	Island int `json:"island"`
	Card   int `json:"card"`
}

// Ship is one player ship.
type Ship struct {
	At     Square    `json:"at"`
	Facing Direction `json:"facing"`
	// Stats are sail, cargo and cannons (indexed by Stat).
	Stats [numStats]int `json:"stats"`
	Goods Goods         `json:"goods"`
	// Moved is set once the ship's movement is over this turn; Attacked once it attacked a
	// player ship this turn; Looked lists the islands it looked at this turn.
	Moved    bool  `json:"moved,omitempty"`
	Attacked bool  `json:"attacked,omitempty"`
	Looked   []int `json:"looked,omitempty"`
	// StayAt is the island (index, or len(Islands) for Market Island) whose harbour the ship ended
	// its owner's last turns at, −1 for none; Stay the number of those turns in a row (NOTES
	// §2.7.6). Left says the ship has been off StayAt's harbours during this turn.
	StayAt int  `json:"stay_at"`
	Stay   int  `json:"stay"`
	Left   bool `json:"left,omitempty"`
	// Got are the goods (bit g for good g) the ship received from its other ship this turn
	// (trans-shipped or shifted): it does not hand them back in the same turn.
	Got int `json:"got,omitempty"`
}

// Lot is a pile of one good floating on a square. Blocked is the seat that lost it to a pirate
// and may not pick it up while the turn number is at most Until (−1: nobody).
type Lot struct {
	At      Square     `json:"at"`
	Good    Good       `json:"good"`
	N       int        `json:"n"`
	Blocked rules.Seat `json:"blocked"`
	Until   int        `json:"until,omitempty"`
}

// Fight is a pirate attacking a ship.
type Fight struct {
	Pirate int        `json:"pirate"`
	Seat   rules.Seat `json:"seat"`
	Ship   int        `json:"ship"`
}

// Pending kinds.
const (
	PendTrade     = "trade"     // Seat looks at Card from Island with Ship: accept or refuse
	PendDowngrade = "downgrade" // Seat lowers Steps stat marks of Ship, then dumps (Dump)
	PendDump      = "dump"      // Seat throws a spice or a gold of Ship overboard
	PendSteal     = "steal"     // Seat (the winner, with Ship) picks a spice from Victim's VShip
)

// Pending is a decision a seat must take now.
type Pending struct {
	Kind   string     `json:"kind"`
	Seat   rules.Seat `json:"seat"`
	Ship   int        `json:"ship"`
	Island int        `json:"island,omitempty"`
	Card   int        `json:"card,omitempty"`
	Steps  int        `json:"steps,omitempty"`
	Dump   bool       `json:"dump,omitempty"`
	Pirate int        `json:"pirate,omitempty"`
	Victim rules.Seat `json:"victim,omitempty"`
	VShip  int        `json:"vship,omitempty"`
}

func (s *State) layout() *Layout { return layouts[len(s.Seats)] }

// newState sets up a game (rulebook "Game setup", NOTES §2.7.16).
func newState(players int, seed uint64) (*State, error) {
	l, ok := layouts[players]
	if !ok {
		return nil, fmt.Errorf("the dutch east indies takes 2 to 4 players, not %d", players)
	}
	s := &State{RNG: rules.NewRNG(seed), Moving: -1, Winner: -1, Seats: make([]Seat, players)}
	s.Rotation = 2 * s.RNG.Intn(4)
	s.First = rules.Seat(s.RNG.Intn(players))
	s.Turn = s.First
	for i := range s.Seats {
		st := &s.Seats[i]
		pos := (i - int(s.First) + players) % players // 0 for the starting player
		st.Home[Crate] = []int{14, 14, 15, 15}[pos]
		if players == 2 && pos == 1 {
			st.Home[Crate] = 15
		}
		st.Home[Gold] = 10
		home := l.Homes[i]
		face := towardsCentre(home.Side)
		for k := range st.Ships {
			sh := &st.Ships[k]
			sh.At = home.Port[2*k]
			sh.Facing = face
			sh.StayAt = -1
			for stat := Stat(0); stat < numStats; stat++ {
				sh.Stats[stat] = tracks[stat].Start[k]
			}
		}
	}
	s.Pirates = l.Pirates
	s.Piles = make([][]int, len(l.Islands))
	s.Discard = []int{}
	s.deal()
	s.Journal.Add(0, "%s", rules.Msg("dutch-east-indies.log.setup", "Players", players, "Dir", dirWord(Direction(s.Rotation))))
	for i := range s.Seats {
		s.Journal.Add(0, "%s", rules.Msg("dutch-east-indies.log.seat", "Seat", rules.SeatRef(rules.Seat(i)), "Country", countryThe(i),
			"Side", sideWord(l.Homes[i].Side), "Crates", Amount(Crate, s.Seats[i].Home[Crate]), "Gold", Amount(Gold, s.Seats[i].Home[Gold])))
	}
	s.Journal.Add(0, "%s", rules.Msg("dutch-east-indies.log.first", "Seat", rules.SeatRef(s.First)))
	s.TurnNo = 0
	s.beginTurn()
	return s, nil
}

// towardsCentre is the start facing of ships of a home on side (NOTES §2.3).
func towardsCentre(side string) Direction {
	switch side {
	case "N":
		return 4
	case "S":
		return 0
	case "E":
		return 6
	}
	return 2
}

// deal shuffles all 30 cards and deals them to the islands by their counts (rulebook "Game
// setup"; the reshuffle when every card is used).
func (s *State) deal() {
	deck := make([]int, NumCards)
	for i := range deck {
		deck[i] = i
	}
	s.RNG.ShuffleInts(deck)
	for i, is := range s.layout().Islands {
		s.Piles[i] = append([]int{}, deck[:is.Cards]...)
		deck = deck[is.Cards:]
	}
	s.Discard = []int{}
	for i := range s.Seats {
		s.Seats[i].Known = nil
	}
}

// ship returns seat's ship k.
func (s *State) ship(seat rules.Seat, k int) *Ship { return &s.Seats[seat].Ships[k] }

// shipAt returns the player ship on q, or false.
func (s *State) shipAt(q Square) (rules.Seat, int, bool) {
	for i := range s.Seats {
		for k := range s.Seats[i].Ships {
			if s.Seats[i].Ships[k].At == q {
				return rules.Seat(i), k, true
			}
		}
	}
	return 0, 0, false
}

// occupied reports whether a ship, player or pirate, is on q.
func (s *State) occupied(q Square) bool {
	if _, _, ok := s.shipAt(q); ok {
		return true
	}
	return s.Pirates[0] == q || s.Pirates[1] == q
}

// Harbour reports whether q is a harbour now: a home port, a market harbour or the anchor of an
// island that still has cards (rulebook "Trading": a depleted island is no harbour).
func (s *State) Harbour(q Square) bool {
	l := s.layout()
	switch l.Kind(q) {
	case HomePort, MarketPort:
		return true
	case Anchor:
		return len(s.Piles[l.IslandAt(q)]) > 0
	}
	return false
}

// dock returns the island whose harbour q is for the stay limit: the island's index, len(Islands)
// for Market Island, or −1 (home ports and the sea have no limit).
func (s *State) dock(q Square) int {
	l := s.layout()
	switch l.Kind(q) {
	case MarketPort:
		return len(l.Islands)
	case Anchor:
		if i := l.IslandAt(q); len(s.Piles[i]) > 0 {
			return i
		}
	}
	return -1
}

// capacity is a ship's cargo limit.
func (sh *Ship) capacity() int { return sh.Stats[Cargo] }

// space is the free cargo room of a ship (negative when overloaded).
func (sh *Ship) space() int { return sh.Stats[Cargo] - sh.Goods.Total() }

// partner returns the seat's other ship when it is orthogonally adjacent to ship k (the trans-ship
// rule), or nil.
func (s *State) partner(seat rules.Seat, k int) *Ship {
	a, b := s.ship(seat, k), s.ship(seat, 1-k)
	if orthogonal(a.At, b.At) {
		return b
	}
	return nil
}

// mustLeave reports whether ship k of seat has been docked at one island for two of its owner's
// turns and is still at a harbour of that island (NOTES §2.7.6): it must leave this turn.
func (s *State) mustLeave(seat rules.Seat, k int) bool {
	sh := s.ship(seat, k)
	return seat == s.Turn && sh.Stay >= 2 && sh.StayAt >= 0 && s.dock(sh.At) == sh.StayAt && !sh.Left
}

// Players is the number of seats.
func (s *State) Players() int { return len(s.Seats) }

// Version counts the moves applied.
func (s *State) Version() int { return s.Moves }

// TurnNumber is the number of the current turn, from 1.
func (s *State) TurnNumber() int { return s.TurnNo }

// Outcome returns the result once someone has won.
func (s *State) Outcome() (rules.Outcome, bool) {
	if s.Winner < 0 {
		return rules.Outcome{}, false
	}
	out := rules.Outcome{Scores: make([]int, len(s.Seats)), Winners: []rules.Seat{s.Winner}}
	for i := range s.Seats {
		p := Progress(s.Seats[i].Home)
		out.Scores[i] = p
		id := "dutch-east-indies.outcome.detail"
		if rules.Seat(i) == s.Winner {
			id = "dutch-east-indies.outcome.winner"
		}
		out.Details = append(out.Details, rules.Msg(id, "Seat", rules.SeatRef(rules.Seat(i)), "Spices", spiceList(s.Seats[i].Home), "Progress", p))
	}
	out.TieBreak = ""
	return out, true
}

// Progress is how many of the 8 spices of the goal a home stock holds: up to 2 each of cardamom,
// cinnamon, clove and nutmeg, with pepper filling gaps; 8 also when six of one kind are at home.
func Progress(home Goods) int {
	have, missing := 0, 0
	for g := Cardamom; g <= Nutmeg; g++ {
		c := home[g]
		if c > 2 {
			c = 2
		}
		have += c
		missing += 2 - c
	}
	wild := home[Pepper]
	if wild > missing {
		wild = missing
	}
	p := have + wild
	for g := Cardamom; g <= Pepper; g++ {
		if home[g] >= 6 {
			p = 8
		}
	}
	return p
}

// Won reports whether a home stock meets the goal (rulebook "Goal of the game", NOTES §2.7.15):
// two each of cardamom, cinnamon, clove and nutmeg with pepper wild, or six of one kind (pepper
// not wild there; six pepper count).
func Won(home Goods) bool { return Progress(home) >= 8 }

// spiceList says "2 cardamom and 1 pepper" or "no spices", as rules text.
func spiceList(g Goods) string {
	var parts []string
	for k := Cardamom; k <= Pepper; k++ {
		if g[k] > 0 {
			parts = append(parts, Amount(k, g[k]))
		}
	}
	if len(parts) == 0 {
		return rules.Msg("dutch-east-indies.no-spices")
	}
	return rules.List(parts...)
}

// goodsList says "3 crates, 2 gold and 1 clove" or "nothing", as rules text.
func goodsList(g Goods) string {
	var parts []string
	for k := Good(0); k < NumGoods; k++ {
		if g[k] > 0 {
			parts = append(parts, Amount(k, g[k]))
		}
	}
	if len(parts) == 0 {
		return rules.Msg("dutch-east-indies.nothing")
	}
	return rules.List(parts...)
}
