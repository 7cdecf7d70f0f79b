package batavia

import (
	"strconv"
	"strings"

	"spicebot/rules"
)

// MoveKind says what a Move does.
type MoveKind uint8

// The kinds of move.
const (
	// MovePass drops out of the running auction (rulebook "Ship Card Auction").
	MovePass MoveKind = iota
	// MoveBid bids N promissory notes in the running auction.
	MoveBid
	// MoveDraw draws the two top ship cards: the whole turn (rulebook "Draw Ship Cards").
	MoveDraw
	// MoveLay lays out one ship card of company Co: the N-th card of that company in the hand
	// when the turn began (rulebook "Laying out ship cards").
	MoveLay
	// MoveDone ends the lay-out; the merchant then moves (rulebook "Moving the Merchant Figure").
	MoveDone
	// MoveSail moves the merchant to the next trading post of company Co, when the player holds
	// several seals with a counter ahead.
	MoveSail
	// MoveExchange exchanges one counter of every company held for gold (rulebook "Converting
	// Trading Post Counters into Gold Coins").
	MoveExchange
	// MoveKeep keeps the counters instead.
	MoveKeep
)

// MaxBid is the largest bid a move can hold: every note of a 5-player game.
const MaxBid = 5 * StartNotes

// Move is one Batavia move. It is comparable and its text forms are:
//
//	pass       drop out of the auction
//	bid 4      bid 4 promissory notes
//	draw       draw two ship cards
//	lay D3     lay out a Danish ship: the third Danish card held when the turn began
//	done       finish laying out; the merchant sails
//	sail D     sail to the next Danish trading post (with several seals to choose from)
//	exchange   exchange counters for gold
//	keep       keep the counters
//
// A lay move names an ordinal, not a card, because ship cards of a company are identical: the
// ordinals let a player pick several cards of one company in one multi-select, in any order.
type Move struct {
	Kind MoveKind `json:"kind"`
	Co   Company  `json:"co,omitempty"`
	N    int      `json:"n,omitempty"`
}

// String returns the move's text form; see Move.
func (m Move) String() string {
	if m.valid() {
		switch m.Kind {
		case MoveBid:
			return moveTexts.bid[m.N]
		case MoveLay:
			return moveTexts.lay[m.Co][m.N]
		case MoveSail:
			return moveTexts.sail[m.Co]
		}
		return simpleTexts[m.Kind]
	}
	return "unknown move" // lang:ok: the text form of an invalid move, never offered to a player
}

var simpleTexts = [...]string{MovePass: "pass", MoveDraw: "draw", MoveDone: "done", MoveExchange: "exchange", MoveKeep: "keep"}

func (m Move) valid() bool {
	switch m.Kind {
	case MovePass, MoveDraw, MoveDone, MoveExchange, MoveKeep:
		return m.Co == 0 && m.N == 0
	case MoveBid:
		return m.Co == 0 && m.N >= 1 && m.N <= MaxBid
	case MoveLay:
		return m.Co >= 0 && m.Co < NumCompanies && m.N >= 1 && m.N <= ShipsPerCompany
	case MoveSail:
		return m.Co >= 0 && m.Co < NumCompanies && m.N == 0
	}
	return false
}

// moveTable holds every move once, boxed as a rules.Move, so that Legal does not allocate one
// interface value per move.
var moveTable = func() (t struct {
	simple [MoveKeep + 1]rules.Move
	bid    [MaxBid + 1]rules.Move
	lay    [NumCompanies][ShipsPerCompany + 1]rules.Move
	sail   [NumCompanies]rules.Move
}) {
	for _, k := range []MoveKind{MovePass, MoveDraw, MoveDone, MoveExchange, MoveKeep} {
		t.simple[k] = Move{Kind: k}
	}
	for n := 1; n <= MaxBid; n++ {
		t.bid[n] = Move{Kind: MoveBid, N: n}
	}
	for c := Company(0); c < NumCompanies; c++ {
		t.sail[c] = Move{Kind: MoveSail, Co: c}
		for n := 1; n <= ShipsPerCompany; n++ {
			t.lay[c][n] = Move{Kind: MoveLay, Co: c, N: n}
		}
	}
	return t
}()

var moveTexts = func() (t struct {
	bid  [MaxBid + 1]string
	lay  [NumCompanies][ShipsPerCompany + 1]string
	sail [NumCompanies]string
}) {
	for n := 1; n <= MaxBid; n++ {
		t.bid[n] = "bid " + strconv.Itoa(n)
	}
	for c := Company(0); c < NumCompanies; c++ {
		t.sail[c] = "sail " + c.Letter()
		for n := 1; n <= ShipsPerCompany; n++ {
			t.lay[c][n] = "lay " + c.Letter() + strconv.Itoa(n)
		}
	}
	return t
}()

// parseMove reads a move's text form, case-insensitively and with any spacing.
func parseMove(text string) (Move, error) {
	f := strings.Fields(strings.ToLower(text))
	bad := func(reason string) (Move, error) {
		return Move{}, &rules.IllegalMoveError{Move: strings.TrimSpace(text), Reason: reason}
	}
	if len(f) == 0 {
		return bad(rules.Msg("batavia.parse.empty", "Forms", rules.Msg("batavia.parse.forms")))
	}
	one := func(k MoveKind) (Move, error) {
		if len(f) != 1 {
			return bad(rules.Msg("batavia.parse.no_args", "Word", rules.Plain(f[0])))
		}
		return Move{Kind: k}, nil
	}
	switch f[0] {
	case "pass":
		return one(MovePass)
	case "draw":
		return one(MoveDraw)
	case "done":
		return one(MoveDone)
	case "exchange":
		return one(MoveExchange)
	case "keep":
		return one(MoveKeep)
	case "bid":
		if len(f) != 2 {
			return bad(rules.Msg("batavia.parse.bid_amount"))
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > MaxBid {
			return bad(rules.Msg("batavia.parse.bid_range", "Max", MaxBid, "Text", rules.Plain(f[1])))
		}
		return Move{Kind: MoveBid, N: n}, nil
	case "sail":
		if len(f) != 2 {
			return bad(rules.Msg("batavia.parse.sail_company"))
		}
		c, ok := CompanyByLetter(f[1])
		if !ok {
			return bad(rules.Msg("batavia.parse.not_company", "Text", rules.Plain(f[1])))
		}
		return Move{Kind: MoveSail, Co: c}, nil
	case "lay":
		if len(f) != 2 || len(f[1]) < 2 {
			return bad(rules.Msg("batavia.parse.lay_ship"))
		}
		c, ok := CompanyByLetter(f[1][:1])
		if !ok {
			return bad(rules.Msg("batavia.parse.not_company", "Text", rules.Plain(f[1][:1])))
		}
		n, err := strconv.Atoi(f[1][1:])
		if err != nil || n < 1 || n > ShipsPerCompany {
			return bad(rules.Msg("batavia.parse.lay_number", "Text", rules.Plain(f[1])))
		}
		return Move{Kind: MoveLay, Co: c, N: n}, nil
	}
	return bad(rules.Msg("batavia.parse.unknown", "Text", rules.Plain(f[0]), "Forms", rules.Msg("batavia.parse.forms")))
}
