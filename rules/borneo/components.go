package borneo

import (
	"fmt"
	"strconv"

	"spicebot/rules"
)

// Component counts (rulebook "Components").
const (
	numShipments = 60
	numHarbours  = 14
	numMissions  = 16
	numCompanies = 4
	// columnSize is the number of rank slots under a company (rulebook "Companies rank").
	columnSize = 5
	// handLimit is the hand size a player discards down to after drawing (rulebook "4. Draw Two Cards").
	handLimit = 6
	// harbourSlots is the number of face-up harbours on the board.
	harbourSlots = 3
)

// company is one of the four merchant companies, in board order.
type company int8

const (
	yellow company = iota
	red
	green
	blue
)

var companyNames = [numCompanies]string{"yellow", "red", "green", "blue"}
var companyLetters = [numCompanies]string{"Y", "R", "G", "B"}

func (c company) String() string { return companyNames[c] }

// word is the company's name as rules text ("yellow"), for sentences about the company itself.
func (c company) word() string { return rules.Msg("borneo.company." + companyNames[c]) }

// subject is the company's name as rules text at the start of a sentence ("Yellow").
func (c company) subject() string { return rules.Msg("borneo.company-subject." + companyNames[c]) }

// flag is the company's flag as rules text ("yellow flag").
func (c company) flag() string { return rules.Msg("borneo.flag." + companyNames[c]) }

// flagCount is n of the company's flags as rules text ("2 yellow flags").
func (c company) flagCount(n int) string {
	return rules.Msg("borneo.flags."+companyNames[c], "Count", n)
}

// letterWord is the company's one-letter abbreviation as rules text, in the reader's language
// ("Y" in English, "J" in French), for the flags of a card's words (cardTerm).
func (c company) letterWord() string { return rules.Msg("borneo.letter." + companyNames[c]) }

// companySquares are the companies' flags in text a player reads: coloured squares (emoji) in the
// companies' colours, which the board's legend names (issue 26: flags drawn, not letters).
var companySquares = [...]string{"🟨", "🟥", "🟩", "🟦"}

// square is the company's flag in text: its coloured square.
func (c company) square() string { return companySquares[c] }

// rankWord is a merchant's place in a company (1 to 5) in words: "first", "third".
func rankWord(rank int) string { return rules.Msg("borneo.rank." + strconv.Itoa(rank)) }

// letter is the company's one-letter code in move texts ("Y").
func (c company) letter() string { return companyLetters[c] }

// parseCompany reads a company letter ("Y", "r").
func parseCompany(s string) (company, bool) {
	if len(s) != 1 {
		return 0, false
	}
	switch s[0] {
	case 'Y', 'y':
		return yellow, true
	case 'R', 'r':
		return red, true
	case 'G', 'g':
		return green, true
	case 'B', 'b':
		return blue, true
	}
	return 0, false
}

// spice is a spice type; wild is the crate that counts as any one spice.
type spice int8

const (
	pepper spice = iota
	cinnamon
	cloves
	nutmeg
	wild
	numSpiceTypes = 4 // the four real spices; wild is not a type a mission asks for
)

var spiceNames = [5]string{"pepper", "cinnamon", "cloves", "nutmeg", "wild"}

func (s spice) String() string { return spiceNames[s] }

// word is the spice's name as rules text ("pepper").
func (s spice) word() string { return rules.Msg("borneo.spice." + spiceNames[s]) }

// parseSpice reads a real spice name ("pepper"); wild is not accepted.
func parseSpice(text string) (spice, bool) {
	for i := 0; i < numSpiceTypes; i++ {
		if spiceNames[i] == text {
			return spice(i), true
		}
	}
	return 0, false
}

// shipment is one shipment card: three flags in the top row, one in the bottom row, a spice and
// its multiplier (1, or 2 for a ×2 card).
type shipment struct {
	top    [3]company
	bottom company
	spice  spice
	mult   int8
}

// flags counts the card's flags of company c on all four positions (used in fights, rulings §1.6.3).
func (s *shipment) flags(c company) int {
	n := 0
	for _, f := range s.top {
		if f == c {
			n++
		}
	}
	if s.bottom == c {
		n++
	}
	return n
}

// harbourMark is the mark in a harbour's lower-left corner that removes it for some player counts.
type harbourMark int8

const (
	markAll       harbourMark = iota
	markThreeFour             // "3/4": used with 3 or 4 players only
	markFive                  // "5": used with 5 players only
)

// harbourCard is one harbour: its port, spice, monopoly number (flags) and card limit.
type harbourCard struct {
	name     string
	spice    spice
	monopoly int8
	max      int8
	mark     harbourMark
}

// missionKind is a kind of mission tile (rulebook "Missions").
type missionKind int8

const (
	oneEach missionKind = iota
	fourSame
	twoEach
	eightSame
	threeEach
)

// missionTile is one mission tile; fivePlayers marks the tiles with a "5" (5-player games only).
type missionTile struct {
	kind        missionKind
	fivePlayers bool
}

var missionKindNames = [5]string{"one-each", "four-same", "two-each", "eight-same", "three-each"}
var missionKindVP = [5]int{6, 8, 15, 20, 25}
var missionKindAmount = [5]int{1, 4, 2, 8, 3}

// word is the kind's requirement as rules text: "4 of one spice".
func (k missionKind) word() string { return rules.Msg("borneo.mission.kind." + missionKindNames[k]) }

// sameType reports whether the kind asks for spices of one type chosen by the player.
func (k missionKind) sameType() bool { return k == fourSame || k == eightSame }

// need returns the spice units a mission of kind k asks for, with the chosen type for a
// same-type mission.
func (k missionKind) need(typ spice) [numSpiceTypes]int {
	var n [numSpiceTypes]int
	if k.sameType() {
		n[typ] = missionKindAmount[k]
		return n
	}
	for i := range n {
		n[i] = missionKindAmount[k]
	}
	return n
}

// Id strings, built once so that move texts and views do not format numbers.
var (
	shipmentIDs [numShipments]string
	harbourIDs  [numHarbours]string
	missionIDs  [numMissions]string
)

func init() {
	for i := range shipmentIDs {
		shipmentIDs[i] = fmt.Sprintf("S%02d", i+1)
	}
	for i := range harbourIDs {
		harbourIDs[i] = fmt.Sprintf("H%02d", i+1)
	}
	for i := range missionIDs {
		missionIDs[i] = fmt.Sprintf("M%02d", i+1)
	}
}

// parseID reads an id like "S12" with the given prefix letter and range 1..n, returning the
// 0-based index.
func parseID(text string, prefix byte, n int) (int, bool) {
	if len(text) < 2 || (text[0] != prefix && text[0] != prefix+'a'-'A') {
		return 0, false
	}
	v, err := strconv.Atoi(text[1:])
	if err != nil || v < 1 || v > n {
		return 0, false
	}
	return v - 1, true
}

// harbourShort refers to a harbour in rules text with its spice, monopoly number and card limit:
// "[[H03]] (pepper, 6 flags / 4 cards)".
func harbourShort(h int) string {
	hc := &harbours[h]
	return rules.Msg("borneo.harbour.short", "Harbour", rules.Ref(harbourIDs[h]), "Spice", hc.spice.word(),
		"Flags", int(hc.monopoly), "Cards", int(hc.max))
}

// cardTerm is the plain words of shipment card c: its spice, ×2, then the flags as company
// letters, top row and bottom flag: "cinnamon ×2 · Y Y Y / G" (French letters in French).
func cardTerm(c int) string {
	s := &shipments[c]
	flags := rules.Msg("borneo.card.flags", "Top", s.top[0].square()+s.top[1].square()+s.top[2].square(), "Bottom", s.bottom.square())
	return cardWords(s, flags)
}

// cardDrawn is shipment card c as images draw it (the fonts have no emoji): its flags as the
// company letters the board's legend explains, top row then bottom flag ("cinnamon ×2 · Y Y Y / G").
func cardDrawn(c int) string {
	s := &shipments[c]
	return cardWords(s, s.top[0].letterWord()+" "+s.top[1].letterWord()+" "+s.top[2].letterWord()+" / "+s.bottom.letterWord())
}

// cardWords is a shipment card's spice, ×2 when double, and flags.
func cardWords(s *shipment, flags string) string {
	if s.mult == 2 {
		return rules.Msg("borneo.card.double", "Spice", s.spice.word(), "Flags", flags)
	}
	return rules.Msg("borneo.card", "Spice", s.spice.word(), "Flags", flags)
}

// missionTerm is the plain words of mission tile mi: `mission “4 of one spice” (8 points)`.
func missionTerm(mi int) string {
	k := missions[mi].kind
	return rules.Msg("borneo.mission.term", "Kind", k.word(), "Points", missionKindVP[k])
}
