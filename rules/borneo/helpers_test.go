package borneo

import (
	"encoding/json"
	"strings"
	"testing"

	"spicebot/lang"
	"spicebot/rules"
)

// words are the game's catalogues; enText and frText make rules text readable in English and
// in French: messages translated, seat references ("{0}") and component references ("[[S12]]")
// left as they are, so that tests can name them.
var (
	words   = lang.MustNew(Game)
	english = words.For("en")
	french  = words.For("fr")
)

func enText(text string) string { return english.Expand(text, nil, nil) }
func frText(text string) string { return french.Expand(text, nil, nil) }

// enWords and frWords make rules text wholly readable: seats as "{0}" and components in words.
func enWords(text string) string { return english.Expand(text, rules.SeatRef, Game.Term) }
func frWords(text string) string { return french.Expand(text, rules.SeatRef, Game.Term) }

// ids converts "S16 S17" to card indexes (shipments "S..", harbours "H..", missions "M..").
func ids(t *testing.T, text string) []int {
	t.Helper()
	out := []int{}
	for _, f := range strings.Fields(text) {
		var (
			v  int
			ok bool
		)
		switch f[0] {
		case 'S':
			v, ok = parseID(f, 'S', numShipments)
		case 'H':
			v, ok = parseID(f, 'H', numHarbours)
		case 'M':
			v, ok = parseID(f, 'M', numMissions)
		}
		if !ok {
			t.Fatalf("bad id %q", f)
		}
		out = append(out, v)
	}
	return out
}

// crafted builds a bare mid-game state: empty hands, warehouses and companies, the three harbour
// slots filled with the given harbours (no cards), no missions on the board, seat 0 to ship.
func crafted(t *testing.T, players int, harbourIDs string) *State {
	t.Helper()
	s := &State{RNG: rules.NewRNG(7), Seats: make([]Seat, players), Pirate: -1, Phase: PhaseShip,
		Deck: []int{}, Discard: []int{}, HarbourDeck: []int{}, Missions: []int{}}
	for c := range s.Companies {
		s.Companies[c] = []rules.Seat{}
	}
	for i := range s.Seats {
		s.Seats[i] = Seat{Hand: []int{}, Cards: []int{}, HarbourCards: []int{}, Missions: []int{}}
	}
	hs := ids(t, harbourIDs)
	for i := range s.Harbours {
		s.Harbours[i] = Harbour{Card: -1, Cards: []int{}}
		if i < len(hs) {
			s.Harbours[i].Card = hs[i]
		}
	}
	return s
}

// play applies a move given as text and fails the test if it is rejected.
func play(t *testing.T, s *State, seat rules.Seat, text string) {
	t.Helper()
	m, err := Game.ParseMove(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	if err := s.Apply(seat, m); err != nil {
		t.Fatalf("seat %d %q: %v", seat, text, err)
	}
}

// reject applies a move that must be refused with a reason containing want, and checks that the
// state did not change.
func reject(t *testing.T, s *State, seat rules.Seat, text, want string) {
	t.Helper()
	before, _ := json.Marshal(s)
	m, err := Game.ParseMove(text)
	if err == nil {
		err = s.Apply(seat, m)
	}
	if err == nil {
		t.Fatalf("seat %d could play %q", seat, text)
	}
	if r := enText(rules.Reason(err)); !strings.Contains(r, want) {
		t.Fatalf("seat %d %q: reason %q, want it to contain %q", seat, text, r, want)
	}
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Fatalf("rejected %q changed the state", text)
	}
}

// legalTexts lists seat's legal moves as text.
func legalTexts(s *State, seat rules.Seat) []string {
	var out []string
	for _, m := range s.Legal(seat) {
		out = append(out, m.String())
	}
	return out
}

func hasMove(s *State, seat rules.Seat, text string) bool {
	for _, m := range legalTexts(s, seat) {
		if m == text {
			return true
		}
	}
	return false
}

func seats(xs ...int) []rules.Seat {
	out := make([]rules.Seat, len(xs))
	for i, x := range xs {
		out[i] = rules.Seat(x)
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalSeats(a, b []rules.Seat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func logHas(s *State, viewer rules.Seat, text string) bool {
	for _, e := range s.Log(viewer) {
		if strings.Contains(enText(e.Text), text) {
			return true
		}
	}
	return false
}
