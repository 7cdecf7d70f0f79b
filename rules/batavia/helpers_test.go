package batavia

import (
	"strings"
	"testing"

	"spicebot/lang"
	"spicebot/rules"
)

// words is the catalogue of the game's messages, for tests that read text.
var words = lang.MustNew(Game)

// english reads rules text in English, keeping seat and component references ("{1}", "[[P22]]")
// as they are.
func english(text string) string { return words.For("en").Expand(text, nil, nil) }

// bare returns a quick-start game of n players at the start of seat 0's turn in round 1, with
// every ship card in the stack (in company order), no cards laid out and seat 0 start player.
// Tests then move cards with give and layOut, and change the track.
func bare(t *testing.T, n int) *State {
	t.Helper()
	s := &State{NumPlayers: n, QuickStart: true, RNG: rules.NewRNG(1), Round: 1, Turns: 1, TargetBy: NoSeat,
		FaceUp: NumHexes, Track: quickStartLayout()}
	s.Seats = make([]Player, n)
	for i := range s.Seats {
		s.Seats[i].Notes, s.Seats[i].Crates = StartNotes, Crates
	}
	for k := range s.Warehouse {
		for c := range s.Warehouse[k] {
			s.Warehouse[k][c] = NoSeat
		}
	}
	s.Auction.In = make([]bool, n)
	for c := Company(0); c < NumCompanies; c++ {
		for i := 0; i < ShipsPerCompany; i++ {
			s.Stack = append(s.Stack, c)
		}
	}
	s.Start, s.Turn = 0, 0
	s.beginTurns()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

// takeFromStack removes n cards of company c from the stack, from the bottom.
func (s *State) takeFromStack(t *testing.T, c Company, n int) {
	t.Helper()
	for i := 0; i < len(s.Stack) && n > 0; {
		if s.Stack[i] == c {
			s.Stack = append(s.Stack[:i], s.Stack[i+1:]...)
			n--
			continue
		}
		i++
	}
	if n > 0 {
		t.Fatalf("not enough %s cards in the stack", c.Adjective())
	}
}

// give puts cards from the stack into seat's hand ("D4 F2" gives 4 Danish and 2 French), and
// restarts the current turn so that the lay ordinals count them.
func (s *State) give(t *testing.T, seat rules.Seat, spec string) {
	t.Helper()
	for c, n := range parsePile(t, spec) {
		s.takeFromStack(t, Company(c), n)
		s.Seats[seat].Hand[c] += n
	}
	s.HandAtStart = s.Seats[s.Turn].Hand
}

// layOut puts cards from the stack straight into seat's lay-out.
func (s *State) layOut(t *testing.T, seat rules.Seat, spec string) {
	t.Helper()
	for c, n := range parsePile(t, spec) {
		s.takeFromStack(t, Company(c), n)
		s.Seats[seat].Laid[c] += n
	}
}

func parsePile(t *testing.T, spec string) (pile [NumCompanies]int) {
	t.Helper()
	for _, f := range strings.Fields(spec) {
		c, ok := CompanyByLetter(f[:1])
		if !ok {
			t.Fatalf("bad pile %q", spec)
		}
		n := 0
		for _, ch := range f[1:] {
			n = n*10 + int(ch-'0')
		}
		pile[c] += n
	}
	return pile
}

// clearTrack empties every hex; place puts counters back ("D silk" on hex h).
func (s *State) clearTrack() {
	for h := range s.Track {
		s.Track[h] = -1
	}
}

func (s *State) place(h int, co string, commodity string) Post {
	c, _ := CompanyByLetter(co)
	p := PostOf(c, commodityByName(commodity))
	s.Track[h-1] = p
	return p
}

// play applies moves given as text for seat and fails on the first error.
func play(t *testing.T, s *State, seat rules.Seat, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := Game.ParseMove(text)
		if err != nil {
			t.Fatalf("parse %q: %v", text, err)
		}
		if err := s.Apply(seat, m); err != nil {
			t.Fatalf("seat %d %q: %v", seat, text, err)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("after seat %d %q: %v", seat, text, err)
		}
	}
}

// refuse applies a move that must be refused with a reason containing want.
func refuse(t *testing.T, s *State, seat rules.Seat, text, want string) {
	t.Helper()
	m, err := Game.ParseMove(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	err = s.Apply(seat, m)
	if err == nil {
		t.Fatalf("seat %d could play %q", seat, text)
	}
	if r := english(rules.Reason(err)); !strings.Contains(r, want) {
		t.Fatalf("seat %d %q refused with %q, want it to say %q", seat, text, r, want)
	}
}

func legalTexts(s *State, seat rules.Seat) string {
	var parts []string
	for _, m := range s.Legal(seat) {
		parts = append(parts, m.String())
	}
	return strings.Join(parts, " ")
}

func lastLog(s *State) string {
	l := s.History.Lines
	if len(l) == 0 {
		return ""
	}
	return english(l[len(l)-1].Public)
}

func hasLog(s *State, want string) bool {
	for _, l := range s.History.Lines {
		if strings.Contains(english(l.Public), want) {
			return true
		}
	}
	return false
}
