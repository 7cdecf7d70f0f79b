package dei

import "spicebot/rules"

// View is what one viewer may see of a game: the whole board (everything is public except the
// trading cards in the islands' piles), plus the card the viewer is looking at and the top cards
// it saw and put back. It is the only input of the renderer.
type View struct {
	// Viewer is the seat the view was made for, or rules.Observer.
	Viewer  rules.Seat `json:"viewer"`
	Players int        `json:"players"`
	Version int        `json:"version"`
	// TurnNumber counts turns from 1; Turn is the seat whose turn it is; First the starting player.
	TurnNumber int        `json:"turn_number"`
	Turn       rules.Seat `json:"turn"`
	First      rules.Seat `json:"first"`
	// Active and Status say who must act and what for (rules text with SeatRef and Ref).
	Active   []rules.Seat `json:"active"`
	Status   string       `json:"status"`
	LastMove string       `json:"last_move,omitempty"`
	// Width and Height are the board's size in squares; Map is the board as text rows (see
	// Layout.Map: '.' sea, '#' dark, "nesw" home land and "NESW" home ports by side, 'M' and 'm'
	// Market Island and its harbours, digits island land, 'a' anchors).
	Width  int      `json:"width"`
	Height int      `json:"height"`
	Map    []string `json:"map"`
	// CompassNorth is the board direction (0 up, clockwise in eighths) the compass card's north
	// points to; the D8 is read through it.
	CompassNorth int `json:"compass_north"`
	// Islands are the wild islands; Market is Market Island; Homes the players' home islands, in
	// seat order.
	Islands []IslandView `json:"islands"`
	Market  Market       `json:"market"`
	Homes   []HomeView   `json:"homes"`
	// Seats are the players' stocks and ships, in seat order.
	Seats []SeatView `json:"seats"`
	// Pirates are the big and the small pirate.
	Pirates [2]PirateView `json:"pirates"`
	// Floating are the goods floating on the sea.
	Floating []LotView `json:"floating"`
	// Discard is the number of used trading cards.
	Discard int `json:"discard"`
	// Moving is the ship of Turn in the middle of its movement (−1 none) and MPLeft its movement
	// points left.
	Moving int `json:"moving"`
	MPLeft int `json:"mp_left"`
	// Decision is the pending decision's kind ("trade", "downgrade", "dump", "steal",
	// "overload"), or "".
	Decision string `json:"decision,omitempty"`
	// Looking is the trade being considered; its Card is set only in the looker's view.
	Looking *LookView `json:"looking,omitempty"`
	// Known are the top cards the viewer saw and put back (nil for others and the observer).
	Known []KnownView `json:"known,omitempty"`
	// Winner is the seat that won, or −1; Outcome is set once the game is over.
	Winner  rules.Seat     `json:"winner"`
	Outcome *rules.Outcome `json:"outcome,omitempty"`
}

// IslandView is a wild island with its card count.
type IslandView struct {
	ID      string   `json:"id"`   // component id, "W1" (Game.Term names it: "Vilfort Island")
	Name    string   `json:"name"` // the island's proper name, "Vilfort", the same in every language
	Big     bool     `json:"big"`
	Land    []Square `json:"land"`
	Anchors []Square `json:"anchors"`
	Cards   int      `json:"cards"` // cards left; 0: depleted, no harbour
}

// HomeView is a player's home island and port.
type HomeView struct {
	Seat    rules.Seat `json:"seat"`
	Country string     `json:"country"` // rules text (a catalogue message): "Netherlands"
	Side    string     `json:"side"`
	Land    []Square   `json:"land"`
	Port    []Square   `json:"port"`
}

// SeatView is one player's public state.
type SeatView struct {
	Seat    rules.Seat `json:"seat"`
	Country string     `json:"country"` // rules text (a catalogue message): "Netherlands"
	// Home is the stock on the home island (index by Good); Progress is how many of the 8 spices
	// of the goal are at home (see Progress).
	Home     Goods       `json:"home"`
	Progress int         `json:"progress"`
	Ships    [2]ShipView `json:"ships"`
}

// ShipView is one player ship.
type ShipView struct {
	Big    bool      `json:"big"`
	At     Square    `json:"at"`
	Facing Direction `json:"facing"`
	Sail   int       `json:"sail"`
	Cargo  int       `json:"cargo"`
	Guns   int       `json:"cannons"`
	Goods  Goods     `json:"goods"`
	// Harbour says the ship is in a harbour (safe from attacks); Moved that its movement is over
	// this turn; MustLeave that it must leave its island this turn; Stay the own turns it has
	// ended at its current island.
	Harbour   bool `json:"harbour"`
	Moved     bool `json:"moved,omitempty"`
	MustLeave bool `json:"must_leave,omitempty"`
	Stay      int  `json:"stay,omitempty"`
}

// PirateView is a pirate ship.
type PirateView struct {
	At      Square `json:"at"`
	Cannons int    `json:"cannons"`
	Harbour bool   `json:"harbour"`
}

// LotView is floating cargo on a square.
type LotView struct {
	At   Square `json:"at"`
	Good Good   `json:"good"`
	N    int    `json:"n"`
}

// LookView is a trade being considered.
type LookView struct {
	Seat   rules.Seat `json:"seat"`
	Ship   int        `json:"ship"`
	Island string     `json:"island"`
	Card   string     `json:"card,omitempty"` // the card's id, in the looker's view only
	Text   string     `json:"text,omitempty"` // the card in words (rules text, CardText), in the looker's view only
}

// KnownView is a top card the viewer saw and put back.
type KnownView struct {
	Island string `json:"island"`
	Card   string `json:"card"`
	Text   string `json:"text"` // the card in words (rules text, CardText)
}

// View returns what viewer may see.
func (s *State) View(viewer rules.Seat) any {
	l := s.layout()
	v := &View{
		Viewer: viewer, Players: len(s.Seats), Version: s.Moves, TurnNumber: s.TurnNo, Turn: s.Turn, First: s.First,
		Active: s.Active(), Status: s.Status(), LastMove: s.LastMove,
		Width: l.Width, Height: l.Height, Map: l.Map(), CompassNorth: s.Rotation,
		Market: l.Market, Discard: len(s.Discard), Moving: s.Moving, MPLeft: s.MPLeft, Winner: s.Winner,
	}
	if viewer < 0 || int(viewer) >= len(s.Seats) {
		v.Viewer = rules.Observer
	}
	for i, is := range l.Islands {
		v.Islands = append(v.Islands, IslandView{ID: is.ID, Name: islandNames[i], Big: is.Big, Land: is.Land, Anchors: is.Anchors, Cards: len(s.Piles[i])})
	}
	for i := range s.Seats {
		h := l.Homes[i]
		v.Homes = append(v.Homes, HomeView{Seat: rules.Seat(i), Country: countryName(i), Side: h.Side, Land: h.Land, Port: h.Port})
		st := &s.Seats[i]
		sv := SeatView{Seat: rules.Seat(i), Country: countryName(i), Home: st.Home, Progress: Progress(st.Home)}
		for k := range st.Ships {
			sh := &st.Ships[k]
			sv.Ships[k] = ShipView{Big: k == Big, At: sh.At, Facing: sh.Facing, Sail: sh.Stats[Sail], Cargo: sh.Stats[Cargo], Guns: sh.Stats[Cannons],
				Goods: sh.Goods, Harbour: s.Harbour(sh.At), Moved: sh.Moved && rules.Seat(i) == s.Turn, MustLeave: s.mustLeave(rules.Seat(i), k), Stay: sh.Stay}
		}
		v.Seats = append(v.Seats, sv)
	}
	for p := 0; p < 2; p++ {
		v.Pirates[p] = PirateView{At: s.Pirates[p], Cannons: pirateCannons[p], Harbour: s.Harbour(s.Pirates[p])}
	}
	for _, lot := range s.Floating {
		merged := false
		for i := range v.Floating {
			if v.Floating[i].At == lot.At && v.Floating[i].Good == lot.Good {
				v.Floating[i].N += lot.N
				merged = true
			}
		}
		if !merged {
			v.Floating = append(v.Floating, LotView{At: lot.At, Good: lot.Good, N: lot.N})
		}
	}
	if p := s.Pending; p != nil {
		v.Decision = p.Kind
		if p.Kind == PendTrade {
			v.Looking = &LookView{Seat: p.Seat, Ship: p.Ship, Island: islandID(p.Island)}
			if p.Seat == v.Viewer {
				v.Looking.Card, v.Looking.Text = CardID(p.Card), CardText(p.Card)
			}
		}
	} else if _, ok, _ := s.overloaded(); ok && s.Winner < 0 {
		v.Decision = "overload"
	}
	if v.Viewer >= 0 {
		for _, k := range s.Seats[v.Viewer].Known {
			v.Known = append(v.Known, KnownView{Island: islandID(k.Island), Card: CardID(k.Card), Text: CardText(k.Card)})
		}
	}
	if out, over := s.Outcome(); over {
		v.Outcome = &out
	}
	return v
}
