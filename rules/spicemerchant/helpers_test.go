package spicemerchant

import (
	"encoding/json"
	"strings"
	"testing"

	"spicebot/lang"
	"spicebot/rules"
)

// english is the English localizer of the game's catalogue.
var english = lang.MustNew(Game).For("en")

// en makes rules text English (catalogue messages translated), keeping seat references ("{0}")
// and component references as they are, so that tests compare the words players read.
func en(text string) string { return english.Expand(text, rules.SeatRef, nil) }

// builder crafts a position: cards are handed out by spice, lowest free id first, and every card
// not placed ends in the deck in ascending order (so the top of the deck, drawn first, is the
// highest free id: saffron first).
type builder struct {
	t    *testing.T
	s    *State
	used [NumCards]bool
}

// newBuilder starts a position for players seats in round's turn phase with seat 0 first and to
// play, empty hands and markets.
func newBuilder(t *testing.T, players, round int) *builder {
	t.Helper()
	s := &State{NumPlayers: players, RNG: rules.NewRNG(7), Round: round, Phase: PhaseTurns}
	s.Seats = make([]Player, players)
	for i := range s.Seats {
		s.Seats[i].Hand = []int{}
		for r := 1; r < round; r++ {
			s.Seats[i].RoundScores = append(s.Seats[i].RoundScores, 0)
		}
	}
	return &builder{t: t, s: s}
}

func (b *builder) take(k Spice) int {
	b.t.Helper()
	info := spices[k]
	for c := info.first; c < info.first+info.cards; c++ {
		if !b.used[c] {
			b.used[c] = true
			return c
		}
	}
	b.t.Fatalf("no %s card left", k.Name())
	return -1
}

func (b *builder) takeAll(ks []Spice) []int {
	var out []int
	for _, k := range ks {
		out = insertSorted(out, b.take(k))
	}
	return out
}

// market puts n cards of k on market m (0..5).
func (b *builder) market(m int, k Spice, n int) *builder {
	b.s.Markets[m].Spice = k
	for i := 0; i < n; i++ {
		b.s.Markets[m].Cards = append(b.s.Markets[m].Cards, b.take(k))
	}
	return b
}

func (b *builder) hand(seat int, ks ...Spice) *builder {
	b.s.Seats[seat].Hand = b.takeAll(ks)
	return b
}

func (b *builder) secret(seat int, ks ...Spice) *builder {
	b.s.Seats[seat].Secret = b.takeAll(ks)
	return b
}

func (b *builder) open(seat int, ks ...Spice) *builder {
	b.s.Seats[seat].Open = b.takeAll(ks)
	return b
}

func (b *builder) sold(seat int, ks ...Spice) *builder {
	b.s.Seats[seat].Sold = b.takeAll(ks)
	return b
}

// soldAny gives seat n sold goods, the lowest free cards.
func (b *builder) soldAny(seat, n int) *builder {
	for c := 0; c < NumCards && n > 0; c++ {
		if !b.used[c] {
			b.used[c] = true
			b.s.Seats[seat].Sold = insertSorted(b.s.Seats[seat].Sold, c)
			n--
		}
	}
	return b
}

// deckSize leaves only the n highest free cards for the deck; the other free cards become the
// last seat's sold goods, so that every card is still somewhere (for deck exhaustion tests).
func (b *builder) deckSize(n int) *builder {
	b.t.Helper()
	var free []int
	for c := 0; c < NumCards; c++ {
		if !b.used[c] {
			free = append(free, c)
		}
	}
	if n > len(free) {
		b.t.Fatalf("only %d free cards", len(free))
	}
	last := &b.s.Seats[b.s.NumPlayers-1]
	for _, c := range free[:len(free)-n] {
		b.used[c] = true
		last.Sold = insertSorted(last.Sold, c)
	}
	return b
}

func (b *builder) done() *State {
	b.t.Helper()
	b.s.Deck = b.s.Deck[:0]
	for c := 0; c < NumCards; c++ {
		if !b.used[c] {
			b.s.Deck = append(b.s.Deck, c)
		}
	}
	if err := b.s.validate(); err != nil {
		b.t.Fatalf("crafted state is invalid: %v", err)
	}
	return b.s
}

// mustApply parses and applies text for seat, failing the test on an error.
func mustApply(t *testing.T, s *State, seat rules.Seat, text string) {
	t.Helper()
	m, err := Game.ParseMove(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	if err := s.Apply(seat, m); err != nil {
		t.Fatalf("apply %q by seat %d: %v", text, seat, err)
	}
}

// mustReject applies text for seat, wants an illegal-move error whose reason contains want, and
// checks that the state did not change.
func mustReject(t *testing.T, s *State, seat rules.Seat, text, want string) {
	t.Helper()
	before, _ := json.Marshal(s)
	m, err := Game.ParseMove(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	err = s.Apply(seat, m)
	if err == nil {
		t.Fatalf("seat %d could play %q", seat, text)
	}
	if r := en(rules.Reason(err)); !strings.Contains(r, want) {
		t.Fatalf("seat %d playing %q: reason %q, want it to contain %q", seat, text, r, want)
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Fatalf("rejected %q changed the state", text)
	}
}

// logText joins viewer's log lines at or after version from.
func logText(s *State, viewer rules.Seat, from int) string {
	var parts []string
	for _, e := range s.Log(viewer) {
		if e.Version >= from {
			parts = append(parts, en(e.Text))
		}
	}
	return strings.Join(parts, "\n")
}

// legalTexts returns the text forms of seat's legal moves.
func legalTexts(s rules.State, seat rules.Seat) []string {
	var out []string
	for _, m := range s.Legal(seat) {
		out = append(out, m.String())
	}
	return out
}
