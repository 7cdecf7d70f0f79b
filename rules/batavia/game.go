package batavia

import (
	"encoding/json"
	"fmt"

	"spicebot/rules"
)

// Game is Batavia (id "batavia"), for 3 to 5 players, with the "quick-start" option.
var Game rules.Game = game{}

type game struct{}

// OptQuickStart is the key of the quick-start option.
const OptQuickStart = "quick-start"

// TargetID is the component id of the Target counter.
const TargetID = "target"

// ID is "batavia".
func (game) ID() string { return "batavia" }

// Name is "Batavia".
func (game) Name() string { return "Batavia" }

// Players returns 3 and 5.
func (game) Players() (int, int) { return 3, 5 }

// Options lists the quick-start variant.
func (game) Options() []rules.Option {
	return []rules.Option{{Key: OptQuickStart, Name: rules.Msg("batavia.option.quick_start.name"),
		Help: rules.Msg("batavia.option.quick_start.help")}}
}

// New sets up a game (rulebook "Preparing the Game"), then rolls the die for the first auction.
// It returns an error for a player count outside 3–5 or an unknown option.
func (game) New(players int, opts rules.Options, seed uint64) (rules.State, error) {
	if err := rules.CheckNew(Game, players, opts); err != nil {
		return nil, fmt.Errorf("new batavia game: %w", err)
	}
	s := &State{NumPlayers: players, QuickStart: opts[OptQuickStart], RNG: rules.NewRNG(seed)}
	s.setup()
	return s, nil
}

// Load rebuilds a state from its JSON. It returns an error if the JSON does not parse or does
// not describe a consistent game (see State.Check).
func (game) Load(data []byte) (rules.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("load batavia: %w", err)
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("load batavia: %w", err)
	}
	return &s, nil
}

// ParseMove reads a move's text form (see Move). It returns an *rules.IllegalMoveError for any
// other text.
func (game) ParseMove(text string) (rules.Move, error) {
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Term returns the words of a component id as rules text (catalogue messages): a trading post
// "P01".."P35" ("British trading post (tea)"), "target" (the Target counter), a company letter
// B/D/F/N/S ("British"), and "" for anything else.
func (game) Term(id string) string {
	if id == TargetID {
		return targetWords
	}
	if p, ok := postByID(id); ok {
		return p.Words()
	}
	if c, ok := CompanyByLetter(id); ok && id == c.Letter() {
		return companyOne[c]
	}
	return ""
}

// targetWords is the Target counter's name (Term).
var targetWords = rules.Msg("batavia.term.target")

// Check verifies the invariants of a state: the player count and phase, every ship card in
// exactly one place (22 of each company in the stack, the discard pile, the auction, hands and
// lay-outs), every trading post in exactly one place (track, a player, or exchanged and gone),
// crates (12 per player, in the supply or on a warehouse square matching a counter taken), notes
// (15 per player in all), the positions, the cards known in hands (Player.Known) within them, and
// a restocked stack within what went into it (State.Restock). It is what Load and the invariant tests use.
func (s *State) Check() error {
	n := s.NumPlayers
	if n < 3 || n > 5 || len(s.Seats) != n || len(s.Auction.In) != n {
		return fmt.Errorf("bad player count %d with %d seats", n, len(s.Seats))
	}
	switch s.Phase {
	case PhaseAuction, PhaseTurn, PhaseSail, PhaseExchange:
		if s.Turn < 0 || int(s.Turn) >= n {
			return fmt.Errorf("bad seat to act %d", s.Turn)
		}
	case PhaseOver:
		if s.Final == nil {
			return fmt.Errorf("finished game has no outcome")
		}
	default:
		return fmt.Errorf("unknown phase %q", s.Phase)
	}
	if s.Start < 0 || int(s.Start) >= n || s.TargetBy < NoSeat || int(s.TargetBy) >= n {
		return fmt.Errorf("bad start player %d or Target holder %d", s.Start, s.TargetBy)
	}
	if s.FaceUp < FaceUpAtStart || s.FaceUp > NumHexes {
		return fmt.Errorf("bad face-up limit %d", s.FaceUp)
	}
	// Ships.
	var ships [NumCompanies]int
	for _, c := range s.Stack {
		if c < 0 || c >= NumCompanies {
			return fmt.Errorf("stack holds a card of no company")
		}
		ships[c]++
	}
	notes := 0
	for c := range ships {
		ships[c] += s.Discard[c] + s.Auction.Package[c]
		for i := range s.Seats {
			if s.Seats[i].Hand[c] < 0 || s.Seats[i].Laid[c] < 0 {
				return fmt.Errorf("seat %d holds a negative number of ships", i)
			}
			ships[c] += s.Seats[i].Hand[c] + s.Seats[i].Laid[c]
		}
		if ships[c] != ShipsPerCompany {
			return fmt.Errorf("%d %s ships in play, want %d", ships[c], Company(c).Adjective(), ShipsPerCompany)
		}
	}
	if s.Restock != nil {
		var stack [NumCompanies]int
		for _, c := range s.Stack {
			stack[c]++
		}
		for c := range stack {
			if len(s.Restock) != NumCompanies || stack[c] > s.Restock[c] {
				return fmt.Errorf("the stack holds %v, more than what went into it %v", stack, s.Restock)
			}
		}
	}
	// Posts, crates, notes.
	var where [NumPosts]int // 0 nowhere (exchanged), 1 track, 2 a player
	for h, p := range s.Track {
		if p == -1 {
			continue
		}
		if p < 0 || p >= NumPosts || where[p] != 0 {
			return fmt.Errorf("hex %d holds a bad or repeated counter %d", h+1, p)
		}
		where[p] = 1
	}
	for i := range s.Seats {
		pl := &s.Seats[i]
		notes += pl.Notes
		if pl.Notes < 0 || pl.Gold < 0 || pl.Pos < 0 || pl.Pos > TargetHex {
			return fmt.Errorf("seat %d has bad notes, gold or position", i)
		}
		if pl.Known != nil {
			if len(pl.Known) != NumCompanies {
				return fmt.Errorf("seat %d: %d companies of known cards, want %d", i, len(pl.Known), NumCompanies)
			}
			for c, k := range pl.Known {
				if k < 0 || k > pl.Hand[c] {
					return fmt.Errorf("seat %d: %d %s cards known in a hand of %d", i, k, Company(c).Adjective(), pl.Hand[c])
				}
			}
		}
		if (pl.Pos == TargetHex) != (s.TargetBy == rules.Seat(i)) {
			return fmt.Errorf("seat %d is at %d but the Target holder is %d", i, pl.Pos, s.TargetBy)
		}
		if pl.Pos >= 1 && pl.Pos <= NumHexes && s.Track[pl.Pos-1] != -1 {
			return fmt.Errorf("seat %d stands on hex %d, whose counter is still there", i, pl.Pos)
		}
		for _, p := range pl.Posts {
			if p < 0 || p >= NumPosts || where[p] != 0 {
				return fmt.Errorf("seat %d holds a bad or repeated counter %d", i, p)
			}
			where[p] = 2
		}
		onBoard := 0
		for k := range s.Warehouse {
			for c := range s.Warehouse[k] {
				if s.Warehouse[k][c] == rules.Seat(i) {
					onBoard++
				}
			}
		}
		if pl.Crates < 0 || pl.Crates+onBoard != Crates {
			return fmt.Errorf("seat %d has %d crates in supply and %d in warehouses, want %d in all", i, pl.Crates, onBoard, Crates)
		}
	}
	for k := range s.Warehouse {
		for c, w := range s.Warehouse[k] {
			if w == NoSeat {
				continue
			}
			if w < 0 || int(w) >= n {
				return fmt.Errorf("warehouse square %d/%d holds a crate of seat %d", k, c, w)
			}
			if where[PostOf(Company(c), Commodity(k))] == 1 {
				return fmt.Errorf("a crate lies on the square of counter %s, which is still on the track", PostOf(Company(c), Commodity(k)).ID())
			}
		}
	}
	if notes != StartNotes*n {
		return fmt.Errorf("%d promissory notes in play, want %d", notes, StartNotes*n)
	}
	return nil
}
