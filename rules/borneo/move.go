package borneo

import (
	"strconv"
	"strings"

	"spicebot/rules"
)

// Kind is the kind of a Borneo move.
type Kind int8

// The move kinds. The text form of each is given with its fields (A, B, C of Move).
const (
	// KindPlace is "place Y": put a merchant in the first empty slot of company A (setup draft).
	KindPlace Kind = iota
	// KindMission is "mission M05" or "mission M05 pepper": start paying mission A; B is the
	// chosen spice + 1 for a same-type mission, else 0.
	KindMission
	// KindPay is "pay S12", "pay H03" or "pay S12 cloves": give warehouse item A (a shipment card
	// 0..59 or a harbour card 60..73) to the mission; B is the pirate-trade spice + 1, or 0.
	KindPay
	// KindCancel is "cancel": abandon the mission being paid; the warehouse is unchanged.
	KindCancel
	// KindFight is "fight Y3 Y1": the merchant at rank B of company A attacks the one at rank C
	// (0-based ranks).
	KindFight
	// KindPlay is "play S12": play card A in the fight.
	KindPlay
	// KindDone is "done": stop playing cards in the fight.
	KindDone
	// KindStay is "stay": the displaced defender takes the slot the attacker vacated.
	KindStay
	// KindRelocate is "move R": the displaced defender goes to the first empty slot of company A.
	KindRelocate
	// KindKeep is "keep S40": the victorious defender puts card A into the warehouse.
	KindKeep
	// KindKeepNone is "keep none": the victorious defender keeps no card.
	KindKeepNone
	// KindMove is "move Y1 R": move the merchant at rank B of company A to company C.
	KindMove
	// KindShip is "ship S12 H03": play card A on the face-up harbour B.
	KindShip
	// KindPick is "pick S12": take card A from the distribution pool.
	KindPick
	// KindDiscard is "discard S12": discard card A from the hand.
	KindDiscard
	// KindPass is "pass": complete no last-chance mission.
	KindPass
	numKinds
)

// harbourItem is the offset of harbour cards among warehouse items: item 60 is H01.
const harbourItem = numShipments

// Move is one Borneo move: a kind and up to three small fields whose meaning depends on the kind
// (see the Kind constants). Moves are comparable values; String gives the text form.
type Move struct {
	Kind Kind
	A    int8
	B    int8
	C    int8
}

var kindDims = [numKinds][3]int{
	KindPlace:    {numCompanies, 1, 1},
	KindMission:  {numMissions, numSpiceTypes + 1, 1},
	KindPay:      {numShipments + numHarbours, numSpiceTypes + 1, 1},
	KindCancel:   {1, 1, 1},
	KindFight:    {numCompanies, columnSize, columnSize},
	KindPlay:     {numShipments, 1, 1},
	KindDone:     {1, 1, 1},
	KindStay:     {1, 1, 1},
	KindRelocate: {numCompanies, 1, 1},
	KindKeep:     {numShipments, 1, 1},
	KindKeepNone: {1, 1, 1},
	KindMove:     {numCompanies, columnSize, numCompanies},
	KindShip:     {numShipments, numHarbours, 1},
	KindPick:     {numShipments, 1, 1},
	KindDiscard:  {numShipments, 1, 1},
	KindPass:     {1, 1, 1},
}

// Every possible move boxed once as a rules.Move, so that Legal does not allocate per move.
// Built at start-up and never changed.
var (
	kindBase [numKinds]int
	boxed    []rules.Move
)

func init() {
	n := 0
	for k := range kindDims {
		kindBase[k] = n
		d := kindDims[k]
		n += d[0] * d[1] * d[2]
	}
	boxed = make([]rules.Move, n)
	for k := range kindDims {
		d := kindDims[k]
		for a := 0; a < d[0]; a++ {
			for b := 0; b < d[1]; b++ {
				for c := 0; c < d[2]; c++ {
					m := Move{Kind: Kind(k), A: int8(a), B: int8(b), C: int8(c)}
					boxed[m.index()] = m
				}
			}
		}
	}
}

func (m Move) index() int {
	d := kindDims[m.Kind]
	return kindBase[m.Kind] + (int(m.A)*d[1]+int(m.B))*d[2] + int(m.C)
}

// valid reports whether the fields are within the kind's ranges.
func (m Move) valid() bool {
	if m.Kind < 0 || m.Kind >= numKinds {
		return false
	}
	d := kindDims[m.Kind]
	return m.A >= 0 && int(m.A) < d[0] && m.B >= 0 && int(m.B) < d[1] && m.C >= 0 && int(m.C) < d[2]
}

// box returns the shared rules.Move holding m.
func (m Move) box() rules.Move { return boxed[m.index()] }

func itemID(item int) string {
	if item >= harbourItem {
		return harbourIDs[item-harbourItem]
	}
	return shipmentIDs[item]
}

func slotText(c company, rank int) string {
	return companyLetters[c] + strconv.Itoa(rank+1)
}

// slotWords names a merchant slot (rank from 0) in words, as rules text: "yellow #3".
func slotWords(c company, rank int) string {
	return rules.Msg("borneo.slot", "Company", c.word(), "Rank", rankWord(rank+1))
}

// illegal is the error for move text that does not parse, with a reason (rules text).
func illegal(text, reason string) error {
	return &rules.IllegalMoveError{Move: text, Reason: reason}
}

// String is the move's text form, e.g. "ship S12 H03", "fight Y3 Y1", "pick S40".
func (m Move) String() string {
	if !m.valid() {
		return "invalid"
	}
	switch m.Kind {
	case KindPlace:
		return "place " + company(m.A).letter()
	case KindMission:
		if m.B > 0 {
			return "mission " + missionIDs[m.A] + " " + spiceNames[m.B-1]
		}
		return "mission " + missionIDs[m.A]
	case KindPay:
		if m.B > 0 {
			return "pay " + itemID(int(m.A)) + " " + spiceNames[m.B-1]
		}
		return "pay " + itemID(int(m.A))
	case KindCancel:
		return "cancel"
	case KindFight:
		return "fight " + slotText(company(m.A), int(m.B)) + " " + slotText(company(m.A), int(m.C))
	case KindPlay:
		return "play " + shipmentIDs[m.A]
	case KindDone:
		return "done"
	case KindStay:
		return "stay"
	case KindRelocate:
		return "move " + company(m.A).letter()
	case KindKeep:
		return "keep " + shipmentIDs[m.A]
	case KindKeepNone:
		return "keep none" // lang:ok (move text form)
	case KindMove:
		return "move " + slotText(company(m.A), int(m.B)) + " " + company(m.C).letter()
	case KindShip:
		return "ship " + shipmentIDs[m.A] + " " + harbourIDs[m.B]
	case KindPick:
		return "pick " + shipmentIDs[m.A]
	case KindDiscard:
		return "discard " + shipmentIDs[m.A]
	case KindPass:
		return "pass"
	}
	return "invalid"
}

// parseSlot reads a merchant slot "Y3" into a company and a 0-based rank.
func parseSlot(text string) (company, int, bool) {
	if len(text) != 2 {
		return 0, 0, false
	}
	c, ok := parseCompany(text[:1])
	if !ok || text[1] < '1' || text[1] > '0'+columnSize {
		return 0, 0, false
	}
	return c, int(text[1] - '1'), true
}

func parseCard(text string) (int, bool) { return parseID(text, 'S', numShipments) }

// parseMove reads a move's text form; see the Kind constants for every form.
func parseMove(text string) (Move, error) {
	f := strings.Fields(strings.TrimSpace(text))
	bad := illegal(text, rules.Msg("borneo.illegal.not-a-move"))
	if len(f) == 0 {
		return Move{}, bad
	}
	verb := strings.ToLower(f[0])
	args := f[1:]
	// what is rules text naming the argument expected after verb.
	one := func(kind Kind, parse func(string) (int, bool), what string) (Move, error) {
		if len(args) != 1 {
			return Move{}, illegal(text, rules.Msg("borneo.illegal.write", "Verb", verb, "What", what))
		}
		v, ok := parse(args[0])
		if !ok {
			return Move{}, illegal(text, rules.Msg("borneo.illegal.write", "Verb", verb, "What", what))
		}
		return Move{Kind: kind, A: int8(v)}, nil
	}
	none := func(kind Kind) (Move, error) {
		if len(args) != 0 {
			return Move{}, bad
		}
		return Move{Kind: kind}, nil
	}
	switch verb {
	case "place":
		return one(KindPlace, func(s string) (int, bool) { c, ok := parseCompany(s); return int(c), ok }, rules.Msg("borneo.illegal.what.company"))
	case "mission":
		if len(args) < 1 || len(args) > 2 {
			return Move{}, illegal(text, rules.Msg("borneo.illegal.no-mission"))
		}
		mi, ok := parseID(args[0], 'M', numMissions)
		if !ok {
			return Move{}, illegal(text, rules.Msg("borneo.illegal.no-mission"))
		}
		m := Move{Kind: KindMission, A: int8(mi)}
		if len(args) == 2 {
			sp, ok := parseSpice(strings.ToLower(args[1]))
			if !ok {
				return Move{}, illegal(text, rules.Msg("borneo.illegal.spice-name"))
			}
			m.B = int8(sp) + 1
		}
		return m, nil
	case "pay":
		if len(args) < 1 || len(args) > 2 {
			return Move{}, illegal(text, rules.Msg("borneo.illegal.no-item"))
		}
		item, ok := parseCard(args[0])
		if !ok {
			h, okh := parseID(args[0], 'H', numHarbours)
			if !okh {
				return Move{}, illegal(text, rules.Msg("borneo.illegal.no-item"))
			}
			item = harbourItem + h
		}
		m := Move{Kind: KindPay, A: int8(item)}
		if len(args) == 2 {
			sp, ok := parseSpice(strings.ToLower(args[1]))
			if !ok {
				return Move{}, illegal(text, rules.Msg("borneo.illegal.spice-name"))
			}
			m.B = int8(sp) + 1
		}
		return m, nil
	case "cancel":
		return none(KindCancel)
	case "done":
		return none(KindDone)
	case "stay":
		return none(KindStay)
	case "pass":
		return none(KindPass)
	case "fight":
		if len(args) == 2 {
			c1, r1, ok1 := parseSlot(args[0])
			c2, r2, ok2 := parseSlot(args[1])
			if ok1 && ok2 {
				if c1 != c2 {
					return Move{}, illegal(text, rules.Msg("borneo.illegal.fight-company"))
				}
				return Move{Kind: KindFight, A: int8(c1), B: int8(r1), C: int8(r2)}, nil
			}
		}
		return Move{}, illegal(text, rules.Msg("borneo.illegal.write-fight"))
	case "play":
		return one(KindPlay, parseCard, rules.Msg("borneo.illegal.what.card"))
	case "keep":
		if len(args) == 1 && strings.EqualFold(args[0], "none") {
			return Move{Kind: KindKeepNone}, nil
		}
		return one(KindKeep, parseCard, rules.Msg("borneo.illegal.what.card-or-none"))
	case "move":
		if len(args) == 1 {
			if c, ok := parseCompany(args[0]); ok {
				return Move{Kind: KindRelocate, A: int8(c)}, nil
			}
		}
		if len(args) == 2 {
			c, r, ok1 := parseSlot(args[0])
			to, ok2 := parseCompany(args[1])
			if ok1 && ok2 {
				return Move{Kind: KindMove, A: int8(c), B: int8(r), C: int8(to)}, nil
			}
		}
		return Move{}, illegal(text, rules.Msg("borneo.illegal.write-move"))
	case "ship":
		if len(args) == 2 {
			c, ok1 := parseCard(args[0])
			h, ok2 := parseID(args[1], 'H', numHarbours)
			if ok1 && ok2 {
				return Move{Kind: KindShip, A: int8(c), B: int8(h)}, nil
			}
		}
		return Move{}, illegal(text, rules.Msg("borneo.illegal.write-ship"))
	case "pick":
		return one(KindPick, parseCard, rules.Msg("borneo.illegal.what.card"))
	case "discard":
		return one(KindDiscard, parseCard, rules.Msg("borneo.illegal.what.card"))
	}
	return Move{}, bad
}
