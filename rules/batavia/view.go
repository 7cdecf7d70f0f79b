package batavia

import (
	"strings"

	"spicebot/rules"
)

// View is what one viewer may see of a game. Companies are letters (B, D, F, N, S), commodities
// lower-case names, counters ids ("P12", for the leak check; draw them by Company and Commodity).
// A face-down counter shows only its company. Another player's hand is a count and their notes
// are not shown until the game is over.
type View struct {
	Players    int        `json:"players"`
	Viewer     rules.Seat `json:"viewer"`
	QuickStart bool       `json:"quick_start,omitempty"`
	Phase      string     `json:"phase"`
	Round      int        `json:"round"`
	Turn       int        `json:"turn"`
	// Status is State.Status; LastMove the first two public log lines of the latest move, or ""
	// (both with rules.SeatRef and rules.Ref).
	Status   string `json:"status"`
	LastMove string `json:"last_move,omitempty"`
	// Acting is the seat to act, or NoSeat once the game is over; Start the start player.
	Acting rules.Seat `json:"acting"`
	Start  rules.Seat `json:"start"`
	// Track has the 35 hexes, hex 1 first; FaceUp the last face-up hex.
	Track  []HexView `json:"track"`
	FaceUp int       `json:"face_up"`
	// TargetBy is who took the Target counter, or NoSeat.
	TargetBy rules.Seat `json:"target_by"`
	// Cannon is the number of ships laid out (the cannon itself stops at 25), Threshold the
	// number at which pirates attack, Ships the ships laid out per company (the ship counters),
	// Seals the holder of each company's seal or NoSeat.
	Cannon    int                      `json:"cannon"`
	Threshold int                      `json:"threshold"`
	Ships     [NumCompanies]int        `json:"ships"`
	Seals     [NumCompanies]rules.Seat `json:"seals"`
	// Stack and Discard are the numbers of ship cards in the stack and the discard pile.
	Stack   int `json:"stack"`
	Discard int `json:"discard"`
	// Auction is the running auction, or nil.
	Auction *AuctionView `json:"auction,omitempty"`
	// Warehouse is the crate on each square, [commodity][company], or NoSeat.
	Warehouse [NumCommodities][NumCompanies]rules.Seat `json:"warehouse"`
	Seats     []SeatView                               `json:"seats"`
	// Hand and Notes are the viewer's own (nil for the observer).
	Hand  *[NumCompanies]int `json:"hand,omitempty"`
	Notes *int               `json:"notes,omitempty"`
	// Outcome and Scores are set once the game is over.
	Outcome *rules.Outcome `json:"outcome,omitempty"`
	Scores  []Score        `json:"scores,omitempty"`
}

// HexView is one hex of the track: its counter's company, and its commodity and id when face up.
// Taken hexes are empty.
type HexView struct {
	Hex       int    `json:"hex"`
	Taken     bool   `json:"taken,omitempty"`
	FaceUp    bool   `json:"face_up,omitempty"`
	Company   string `json:"company,omitempty"`
	Commodity string `json:"commodity,omitempty"`
	Post      string `json:"post,omitempty"`
}

// PostView is a counter held by a player.
type PostView struct {
	Post      string `json:"post"`
	Company   string `json:"company"`
	Commodity string `json:"commodity"`
}

// AuctionView is the running auction: the die, the package (by company), the high bid and its
// bidder (NoSeat before the first bid), the seats still in and the auctioneer.
type AuctionView struct {
	Auctioneer rules.Seat        `json:"auctioneer"`
	Die        int               `json:"die"`
	Package    [NumCompanies]int `json:"package"`
	High       int               `json:"high"`
	HighSeat   rules.Seat        `json:"high_seat"`
	In         []bool            `json:"in"`
}

// SeatView is what anybody sees of a seat (Notes only for the seat itself and at the end).
type SeatView struct {
	Seat     rules.Seat        `json:"seat"`
	Laid     [NumCompanies]int `json:"laid"`
	HandSize int               `json:"hand_size"`
	Notes    *int              `json:"notes,omitempty"`
	Posts    []PostView        `json:"posts"`
	Crates   int               `json:"crates"`
	Gold     int               `json:"gold"`
	Pos      int               `json:"pos"`
}

// View returns what viewer may see.
func (s *State) View(viewer rules.Seat) any {
	v := &View{Players: s.NumPlayers, Viewer: viewer, QuickStart: s.QuickStart, Phase: s.Phase, Round: s.Round,
		Turn: s.Turns, Acting: s.Turn, Start: s.Start, FaceUp: s.FaceUp, TargetBy: s.TargetBy,
		Cannon: s.Cannon(), Threshold: PirateThreshold(s.NumPlayers), Stack: len(s.Stack),
		Discard: handTotal(&s.Discard), Warehouse: s.Warehouse, Scores: s.Scores, Status: s.Status(), LastMove: s.lastMove()}
	over := s.Phase == PhaseOver
	if over {
		v.Acting = NoSeat
		out := *s.Final
		v.Outcome = &out
	}
	v.Track = make([]HexView, NumHexes)
	for h, p := range s.Track {
		hv := HexView{Hex: h + 1}
		switch {
		case p < 0:
			hv.Taken = true
		case h+1 <= s.FaceUp:
			hv.FaceUp, hv.Company, hv.Commodity, hv.Post = true, p.Company().Letter(), p.Commodity().Name(), p.ID()
		default:
			hv.Company = p.Company().Letter()
		}
		v.Track[h] = hv
	}
	for c := Company(0); c < NumCompanies; c++ {
		v.Ships[c] = s.shipsLaid(c)
		v.Seals[c] = s.Seal(c)
	}
	if s.Phase == PhaseAuction {
		a := s.Auction
		v.Auction = &AuctionView{Auctioneer: a.Auctioneer, Die: a.Die, Package: a.Package, High: a.High,
			HighSeat: a.HighSeat, In: append([]bool(nil), a.In...)}
	}
	v.Seats = make([]SeatView, s.NumPlayers)
	for i := range s.Seats {
		p := &s.Seats[i]
		sv := SeatView{Seat: rules.Seat(i), Laid: p.Laid, HandSize: handTotal(&p.Hand), Crates: p.Crates, Gold: p.Gold, Pos: p.Pos,
			Posts: make([]PostView, len(p.Posts))}
		for j, q := range p.Posts {
			sv.Posts[j] = PostView{Post: q.ID(), Company: q.Company().Letter(), Commodity: q.Commodity().Name()}
		}
		if over || rules.Seat(i) == viewer {
			notes := p.Notes
			sv.Notes = &notes
		}
		v.Seats[i] = sv
	}
	if viewer >= 0 && int(viewer) < s.NumPlayers {
		hand := s.Seats[viewer].Hand
		notes := s.Seats[viewer].Notes
		v.Hand, v.Notes = &hand, &notes
	}
	return v
}

// lastMove joins the first two public log lines of the latest move (the rest — the next
// auction's die, the final lay-out and scores — are on the board anyway).
func (s *State) lastMove() string {
	if s.Applied == 0 {
		return ""
	}
	lines := s.History.Lines
	i := len(lines)
	for i > 0 && lines[i-1].Version == s.Applied {
		i--
	}
	var parts []string
	for ; i < len(lines); i++ {
		if lines[i].Public != "" && len(parts) < 2 {
			parts = append(parts, lines[i].Public)
		}
	}
	return strings.Join(parts, " ")
}

// Status says publicly what the game waits for (rules text).
func (s *State) Status() string {
	t := seatRef(s.Turn)
	switch s.Phase {
	case PhaseAuction:
		a := &s.Auction
		if a.HighSeat == NoSeat {
			return rules.Msg("batavia.status.auction", "Seat", t, "Ships", shipsText(a.Package))
		}
		return rules.Msg("batavia.status.auction.high", "Seat", t, "Ships", shipsText(a.Package), "Count", a.High,
			"High", seatRef(a.HighSeat))
	case PhaseTurn:
		if s.LaidNow > 0 {
			return rules.Msg("batavia.status.laying", "Seat", t)
		}
		if s.TargetBy != NoSeat {
			return rules.Msg("batavia.status.turn.last", "Seat", t)
		}
		return rules.Msg("batavia.status.turn", "Seat", t)
	case PhaseSail:
		return rules.Msg("batavia.status.sail", "Seat", t)
	case PhaseExchange:
		return rules.Msg("batavia.status.exchange", "Seat", t)
	}
	if s.Final == nil {
		return rules.Msg("batavia.status.over")
	}
	w := s.Final.Winners
	if len(w) == 1 {
		return rules.Msg("batavia.status.won", "Seat", seatRef(w[0]), "Count", s.Final.Scores[w[0]])
	}
	refs := make([]string, len(w))
	for i, x := range w {
		refs[i] = seatRef(x)
	}
	return rules.Msg("batavia.status.shared", "Seats", rules.List(refs...), "Count", s.Final.Scores[w[0]])
}

// Private is what only seat knows: its hand and its notes, said to "you" (rules text). Empty for
// the observer.
func (s *State) Private(seat rules.Seat) string {
	if seat < 0 || int(seat) >= s.NumPlayers {
		return ""
	}
	p := &s.Seats[seat]
	return rules.Msg("batavia.private", "Ships", shipsText(p.Hand), "Notes", rules.Msg("batavia.notes", "Count", p.Notes))
}

// Log returns the log as viewer may read it: the cards a player is dealt or draws are named to
// that player only.
func (s *State) Log(viewer rules.Seat) []rules.LogEntry { return s.History.For(viewer) }

// Hidden lists the ids of the face-down trading posts still on the track: their commodity is
// hidden from everybody. (Ship cards of a company are identical and have no ids; hands and note
// counts are kept out of views, which the package tests check by changing them.)
func (s *State) Hidden(viewer rules.Seat) []string {
	var out []string
	for h := s.FaceUp; h < NumHexes; h++ {
		if p := s.Track[h]; p >= 0 {
			out = append(out, p.ID())
		}
	}
	return out
}

// Describe offers a legal move of seat as a decision: an action first ("Bid", "Draw two ships",
// "Lay out ships", "Done laying out"), then its details (the amount, the ship cards — one
// multi-select of the cards in hand, closed by "done" —, the trading post, the exchange). Its
// texts are rules text (catalogue messages).
func (s *State) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	what := promptWhat
	m, ok := mv.(Move)
	if !ok {
		pm, err := parseMove(mv.String())
		if err != nil {
			return rules.Choice{Label: mv.String(), Path: []rules.Step{{Prompt: what, Option: mv.String()}}}
		}
		m = pm
	}
	switch m.Kind {
	case MovePass:
		return rules.Choice{Label: rules.Msg("batavia.label.pass"), Path: []rules.Step{{Prompt: what, Option: rules.Msg("batavia.option.pass")}},
			Irreversible: true}
	case MoveBid:
		return rules.Choice{Label: rules.Msg("batavia.label.bid", "Count", m.N),
			Path: []rules.Step{{Prompt: what, Option: rules.Msg("batavia.option.bid")},
				{Prompt: rules.Msg("batavia.prompt.bid"), Option: rules.Msg("batavia.note", "Count", m.N)}}}
	case MoveDraw:
		return rules.Choice{Label: rules.Msg("batavia.label.draw"), Path: []rules.Step{{Prompt: what, Option: rules.Msg("batavia.option.draw")}},
			Irreversible: true}
	case MoveLay:
		lays := 0
		for c := Company(0); c < NumCompanies; c++ {
			lays += s.HandAtStart[c] - popcount(s.LaidMask[c])
		}
		return rules.Choice{Label: rules.Msg("batavia.label.lay", "Company", companyOne[m.Co]),
			Path: []rules.Step{{Prompt: what, Option: rules.Msg("batavia.option.lay")},
				{Prompt: rules.Msg("batavia.prompt.lay"), Option: rules.Msg("batavia.option.lay.ship", "Company", companyOne[m.Co],
					"Letter", m.Co.Letter())}},
			Multi: &rules.Multi{Min: 1, Max: max(1, lays), Then: "done"}, Irreversible: true}
	case MoveDone:
		return rules.Choice{Label: rules.Msg("batavia.label.done", "Where", s.doneWhere(seat)),
			Path: []rules.Step{{Prompt: what, Option: rules.Msg("batavia.option.done")}}, Irreversible: true}
	case MoveSail:
		p := &s.Seats[seat]
		h := s.nextPost(p.Pos, m.Co)
		var where string
		if h > 0 && h <= s.FaceUp {
			where = rules.Msg("batavia.where.up", "Company", companyOne[m.Co], "Hex", h, "Commodity", s.Track[h-1].Commodity().Words())
		} else {
			where = rules.Msg("batavia.where.down", "Company", companyOne[m.Co], "Hex", h)
		}
		return rules.Choice{Label: rules.Msg("batavia.label.sail", "Where", where),
			Path: []rules.Step{{Prompt: rules.Msg("batavia.prompt.sail"), Option: where}}, Irreversible: true}
	case MoveExchange:
		_, n := exchangeSet(s.Seats[seat].Posts)
		text := rules.Msg("batavia.label.exchange", "Count", n, "Gold", exchangeGold[n])
		return rules.Choice{Label: text, Path: []rules.Step{{Prompt: rules.Msg("batavia.prompt.exchange"), Option: text}}, Irreversible: true}
	case MoveKeep:
		// The last turn of a round ends it: the next auction's die is rolled, or the game ends.
		return rules.Choice{Label: rules.Msg("batavia.label.keep"),
			Path:         []rules.Step{{Prompt: rules.Msg("batavia.prompt.exchange"), Option: rules.Msg("batavia.option.keep")}},
			Irreversible: s.TurnsLeft <= 1}
	}
	return rules.Choice{Label: m.String(), Path: []rules.Step{{Prompt: what, Option: m.String()}}}
}

// promptWhat is the first question of every turn's decision.
var promptWhat = rules.Msg("batavia.prompt.what")

// doneWhere says where the merchant goes when seat finishes laying out now (rules text).
func (s *State) doneWhere(seat rules.Seat) string {
	var buf [NumCompanies]Company
	dest := s.destinations(seat, buf[:0])
	switch len(dest) {
	case 0:
		return rules.Msg("batavia.done.target")
	case 1:
		h := s.nextPost(s.Seats[seat].Pos, dest[0])
		return rules.Msg("batavia.done.sail", "Company", companyOne[dest[0]], "Hex", h)
	}
	names := make([]string, len(dest))
	for i, c := range dest {
		names[i] = companyOne[c]
	}
	return rules.Msg("batavia.done.choose", "Companies", orList(names))
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// DescribeBatch names ships laid out together as one phrase with counts (rules.BatchDescriber):
// "Lay out 3 British ships", "Lay out 2 British and 1 Swedish ships". Other batches, or a single
// ship, read as their labels ("").
func (s *State) DescribeBatch(seat rules.Seat, moves []rules.Move) string {
	if len(moves) < 2 {
		return ""
	}
	var pile [NumCompanies]int
	for _, mv := range moves {
		m, err := parseMove(mv.String())
		switch {
		case err == nil && m.Kind == MoveDone:
			// the batch's closing move: the phrase names the ships
		case err != nil || m.Kind != MoveLay:
			return ""
		default:
			pile[m.Co]++
		}
	}
	if handTotal(&pile) < 2 {
		return ""
	}
	return rules.Msg("batavia.label.lay_batch", "Ships", shipsText(pile))
}
