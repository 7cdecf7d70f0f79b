package borneo

import (
	"strconv"
	"strings"

	"spicebot/rules"
)

// scoreParts is one seat's score (rulebook "End of the Game", rulings §1.6.14): 1 point per
// shipment card and per harbour card in the warehouse, the missions' points, and −2 for the
// pirate ship (Secrets of Blackbeard).
type scoreParts struct {
	cards, harbours, missionVP, missions int
	pirate                               bool
	total                                int
}

func (s *State) scoreOf(seat rules.Seat) scoreParts {
	st := &s.Seats[seat]
	p := scoreParts{cards: len(st.Cards), harbours: len(st.HarbourCards), missions: len(st.Missions), pirate: s.Pirate == seat}
	for _, mi := range st.Missions {
		p.missionVP += missionKindVP[missions[mi].kind]
	}
	p.total = p.cards + p.harbours + p.missionVP
	if p.pirate {
		p.total -= 2
	}
	return p
}

// score ends the game: the highest score wins; a tie goes to the most missions, and a remaining
// tie is a shared victory (rulings §1.6.14).
func (s *State) score() {
	n := len(s.Seats)
	out := rules.Outcome{Scores: make([]int, n), Details: make([]string, n)}
	parts := make([]scoreParts, n)
	best := -1 << 30
	for i := 0; i < n; i++ {
		p := s.scoreOf(rules.Seat(i))
		parts[i] = p
		out.Scores[i] = p.total
		best = max(best, p.total)
		out.Details[i] = scoreDetail(&p, s.Seats[i].Missions)
	}
	var tied []rules.Seat
	mostMissions := -1
	for i := 0; i < n; i++ {
		if parts[i].total == best {
			tied = append(tied, rules.Seat(i))
			mostMissions = max(mostMissions, parts[i].missions)
		}
	}
	for _, x := range tied {
		if parts[x].missions == mostMissions {
			out.Winners = append(out.Winners, x)
		}
	}
	switch {
	case len(out.Winners) > 1:
		out.TieBreak = "shared victory"
	case len(tied) > 1:
		out.TieBreak = "most missions"
	}
	out.Recap = s.recap()
	s.Result = &out
	s.Phase = PhaseOver
	s.LastChance = nil
	for i, d := range out.Details {
		s.Journal.Add(s.Moves, "%s: %s.", rules.SeatRef(rules.Seat(i)), d)
	}
	s.Journal.Add(s.Moves, "%s", s.Status())
}

// scoreDetail is one seat's score in words: "12 spice cards + 3 harbours + missions “1 of each
// spice” 6 and “4 of one spice” 8 − 2 for the pirate ship = 27 points".
func scoreDetail(p *scoreParts, done []int) string {
	var b strings.Builder
	b.WriteString(plural(p.cards, "spice card"))
	b.WriteString(" + ")
	b.WriteString(plural(p.harbours, "harbour"))
	if len(done) > 0 {
		b.WriteString(" + ")
		if len(done) == 1 {
			b.WriteString("mission ")
		} else {
			b.WriteString("missions ")
		}
		for i, mi := range done {
			switch {
			case i == 0:
			case i == len(done)-1:
				b.WriteString(" and ")
			default:
				b.WriteString(", ")
			}
			k := missions[mi].kind
			b.WriteString("“" + missionKindText[k] + "” " + strconv.Itoa(missionKindVP[k]))
		}
	}
	if p.pirate {
		b.WriteString(" − 2 for the pirate ship")
	}
	b.WriteString(" = ")
	b.WriteString(plural(p.total, "point"))
	return b.String()
}

// noteDistribution keeps the biggest distribution for the recap.
func (s *State) noteDistribution(shipper rules.Seat, h, cards int, mono bool, c company) {
	hl := &s.Highlights
	if mono {
		hl.Monopolies++
	}
	if cards <= hl.Biggest {
		return
	}
	hl.Biggest, hl.BiggestHarbour, hl.BiggestShipper, hl.BiggestMono = cards, h, shipper, -1
	if mono {
		hl.BiggestMono = c
	}
}

// noteFight counts a fight won by seat for the recap.
func (s *State) noteFight(won rules.Seat) {
	hl := &s.Highlights
	if len(hl.Won) != len(s.Seats) {
		hl.Won = make([]int, len(s.Seats))
	}
	hl.Fights++
	hl.Won[won]++
}

// recap is a few lines recalling the game for the results (Outcome.Recap): the biggest
// distribution, the monopolies and fights, the most missions and the fullest warehouse.
func (s *State) recap() []string {
	hl := &s.Highlights
	var out []string
	if hl.Biggest > 0 {
		how := "a shared distribution"
		if hl.BiggestMono >= 0 {
			how = "a " + hl.BiggestMono.String() + " monopoly"
		}
		out = append(out, "Biggest shipment: "+strconv.Itoa(hl.Biggest)+" cards at "+rules.Ref(harbourIDs[hl.BiggestHarbour])+
			" ("+how+"), completed by "+rules.SeatRef(hl.BiggestShipper)+".")
	}
	line := plural(hl.Monopolies, "monopoly")
	if hl.Monopolies != 1 {
		line = strconv.Itoa(hl.Monopolies) + " monopolies"
	}
	line += ", " + plural(hl.Fights, "fight")
	if top, n := bestSeat(hl.Won); n > 0 {
		line += " — " + rules.SeatRef(top) + " won " + strconv.Itoa(n)
	}
	out = append(out, capital(line)+".")
	counts := make([]int, len(s.Seats))
	cards := make([]int, len(s.Seats))
	for i := range s.Seats {
		counts[i] = len(s.Seats[i].Missions)
		cards[i] = len(s.Seats[i].Cards) + len(s.Seats[i].HarbourCards)
	}
	if top, n := bestSeat(counts); n > 0 {
		out = append(out, "Most missions: "+rules.SeatRef(top)+" with "+strconv.Itoa(n)+".")
	}
	if top, n := bestSeat(cards); n > 0 {
		out = append(out, "Fullest warehouse: "+rules.SeatRef(top)+" with "+plural(n, "card")+".")
	}
	return out
}

// bestSeat returns the first seat with the highest count, and that count (0 when all are 0).
func bestSeat(counts []int) (rules.Seat, int) {
	best, n := rules.Seat(0), 0
	for i, c := range counts {
		if c > n {
			best, n = rules.Seat(i), c
		}
	}
	return best, n
}
