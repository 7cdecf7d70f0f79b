package borneo

import (
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
		out.Details[i] = scoreDetail(rules.Seat(i), &p, s.Seats[i].Missions)
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
	s.Result = &out
	s.Phase = PhaseOver
	s.LastChance = nil
	s.Journal.Add(s.Moves, "Final scores: %s.", strings.Join(out.Details, "; "))
	s.Journal.Add(s.Moves, "%s", s.Status())
}

func scoreDetail(seat rules.Seat, p *scoreParts, done []int) string {
	var b strings.Builder
	b.WriteString(rules.SeatRef(seat))
	b.WriteString(": ")
	b.WriteString(plural(p.cards, "shipment card"))
	b.WriteString(" + ")
	b.WriteString(plural(p.harbours, "harbour card"))
	if len(done) > 0 {
		b.WriteString(" + missions")
		for _, mi := range done {
			b.WriteString(" ")
			b.WriteString(missionIDs[mi])
			b.WriteString(" (")
			b.WriteString(itoa(missionKindVP[missions[mi].kind]))
			b.WriteString(")")
		}
	}
	if p.pirate {
		b.WriteString(" − 2 for the pirate ship")
	}
	b.WriteString(" = ")
	b.WriteString(plural(p.total, "point"))
	return b.String()
}
