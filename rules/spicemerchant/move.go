package spicemerchant

import (
	"strings"

	"spicebot/rules"
)

// MoveKind says what a Move does.
type MoveKind uint8

// The kinds of move.
const (
	// MovePass passes the turn; legal only when the player has no other legal action
	// (NOTES §3.4.2).
	MovePass MoveKind = iota
	// MoveSecret registers one secret trade good at the start of a round (rulebook "Play").
	MoveSecret
	// MoveOpen registers one open trade good, once per round (rulebook "Register open-trade goods").
	MoveOpen
	// MoveDemand fakes demand: 1–4 cards of one spice on one market (rulebook "Fake demand").
	MoveDemand
)

// Move is one Spice Merchant move. It is comparable and its text forms are:
//
//	secret ginger       register one ginger card as a secret good
//	open ginger         register one ginger card as an open good
//	demand 3 ginger B   put 3 ginger cards on market B
//	pass                pass (only when nothing else is legal)
//
// Cards of a kind are identical, so a move names the spice, not a card: the engine takes cards
// of that spice from the hand at random (see State.takeCard). Spice is the kind for every move but pass;
// Count (1..4) and Market (0..5 for A..F) are used by demand only.
type Move struct {
	Kind   MoveKind `json:"kind"`
	Spice  Spice    `json:"spice,omitempty"`
	Count  int      `json:"count,omitempty"`
	Market int      `json:"market,omitempty"`
}

// String returns the move's text form ("demand 3 ginger B"); see Move.
func (m Move) String() string {
	if m.valid() {
		switch m.Kind {
		case MoveSecret:
			return moveTexts.secret[m.Spice]
		case MoveOpen:
			return moveTexts.open[m.Spice]
		case MoveDemand:
			return moveTexts.demand[m.Spice][m.Market][m.Count-1]
		}
	}
	return m.text()
}

// text builds the text form of m (String looks it up in moveTexts). So that a malformed Move
// prints without panicking and never as a real move, a field out of range prints as "?"
// ("demand ? ginger A" for a count of 5), a field a kind does not use adds " ?" ("pass ?"), and
// a kind that is not a move prints as "unknown move".
func (m Move) text() string {
	spice := "?"
	if m.Spice >= 0 && m.Spice < NumSpices {
		spice = m.Spice.Key()
	}
	extra := ""
	if m.Count != 0 || m.Market != 0 {
		extra = " ?"
	}
	switch m.Kind {
	case MovePass:
		if m.Spice != 0 {
			extra = " ?"
		}
		return "pass" + extra
	case MoveSecret:
		return "secret " + spice + extra
	case MoveOpen:
		return "open " + spice + extra
	case MoveDemand:
		count, market := "?", "?"
		if m.Count >= 1 && m.Count <= MaxDemand {
			count = string(rune('0' + m.Count))
		}
		if m.Market >= 0 && m.Market < NumMarkets {
			market = marketLetter(m.Market)
		}
		return "demand " + count + " " + spice + " " + market
	}
	return "unknown move" // lang:ok: a malformed move's text form, never offered
}

// valid reports whether m's fields are in range for its kind.
func (m Move) valid() bool {
	switch m.Kind {
	case MovePass:
		return m == Move{}
	case MoveSecret, MoveOpen:
		return m.Spice >= 0 && m.Spice < NumSpices && m.Count == 0 && m.Market == 0
	case MoveDemand:
		return m.Spice >= 0 && m.Spice < NumSpices && m.Count >= 1 && m.Count <= MaxDemand &&
			m.Market >= 0 && m.Market < NumMarkets
	}
	return false
}

// moveTable holds every possible move once, already boxed as a rules.Move, so that Legal only
// copies interface values and never allocates one per move. It is built once and never changed.
var moveTable = func() (t struct {
	pass   rules.Move
	secret [NumSpices]rules.Move
	open   [NumSpices]rules.Move
	demand [NumSpices][NumMarkets][MaxDemand]rules.Move // [spice][market][count-1]
}) {
	t.pass = Move{}
	for k := Spice(0); k < NumSpices; k++ {
		t.secret[k] = Move{Kind: MoveSecret, Spice: k}
		t.open[k] = Move{Kind: MoveOpen, Spice: k}
		for c := 1; c <= MaxDemand; c++ {
			for mk := 0; mk < NumMarkets; mk++ {
				t.demand[k][mk][c-1] = Move{Kind: MoveDemand, Spice: k, Count: c, Market: mk}
			}
		}
	}
	return t
}()

// moveTexts holds the text form of every move, built once and never changed, so that String
// does not allocate.
var moveTexts = func() (t struct {
	secret [NumSpices]string
	open   [NumSpices]string
	demand [NumSpices][NumMarkets][MaxDemand]string
}) {
	for k := Spice(0); k < NumSpices; k++ {
		t.secret[k] = Move{Kind: MoveSecret, Spice: k}.text()
		t.open[k] = Move{Kind: MoveOpen, Spice: k}.text()
		for c := 1; c <= MaxDemand; c++ {
			for mk := 0; mk < NumMarkets; mk++ {
				t.demand[k][mk][c-1] = Move{Kind: MoveDemand, Spice: k, Count: c, Market: mk}.text()
			}
		}
	}
	return t
}()

// parseMove reads a move's text form, case-insensitively and with any spacing. Black pepper may
// be written "pepper", "black-pepper" or "black pepper"; the market is a letter A–F.
func parseMove(text string) (Move, error) {
	f := strings.Fields(strings.ToLower(text))
	bad := func(reason string) (Move, error) {
		return Move{}, &rules.IllegalMoveError{Move: strings.TrimSpace(text), Reason: reason}
	}
	forms := rules.Msg("spice-merchant.illegal.forms")
	if len(f) == 0 {
		return bad(rules.Msg("spice-merchant.illegal.empty", "Forms", forms))
	}
	spiceOf := func(words []string) (Spice, bool) {
		return parseSpice(strings.Join(words, " "))
	}
	notSpice := func(words []string) (Move, error) {
		return bad(rules.Msg("spice-merchant.illegal.not-spice", "Word", rules.Plain(strings.Join(words, " ")),
			"Spices", rules.Msg("spice-merchant.illegal.spice-list")))
	}
	switch f[0] {
	case "pass":
		if len(f) != 1 {
			return bad(rules.Msg("spice-merchant.illegal.pass-extra"))
		}
		return Move{}, nil
	case "secret", "open":
		if len(f) < 2 {
			return bad(rules.Msg("spice-merchant.illegal.name-spice", "Verb", f[0]))
		}
		k, ok := spiceOf(f[1:])
		if !ok {
			return notSpice(f[1:])
		}
		if f[0] == "secret" {
			return Move{Kind: MoveSecret, Spice: k}, nil
		}
		return Move{Kind: MoveOpen, Spice: k}, nil
	case "demand":
		if len(f) < 4 {
			return bad(rules.Msg("spice-merchant.illegal.demand-form"))
		}
		if len(f[1]) != 1 || f[1][0] < '1' || f[1][0] > '4' {
			return bad(rules.Msg("spice-merchant.illegal.demand-count", "Word", rules.Plain(f[1])))
		}
		last := f[len(f)-1]
		if len(last) != 1 || last[0] < 'a' || last[0] > 'f' {
			return bad(rules.Msg("spice-merchant.illegal.market-letter", "Word", rules.Plain(last)))
		}
		k, ok := spiceOf(f[2 : len(f)-1])
		if !ok {
			return notSpice(f[2 : len(f)-1])
		}
		return Move{Kind: MoveDemand, Spice: k, Count: int(f[1][0] - '0'), Market: int(last[0] - 'a')}, nil
	}
	return bad(rules.Msg("spice-merchant.illegal.unknown", "Word", rules.Plain(f[0]), "Forms", forms))
}
