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
		out.TieBreak = rules.Msg("borneo.tiebreak.shared")
	case len(tied) > 1:
		out.TieBreak = rules.Msg("borneo.tiebreak.missions")
	}
	out.Recap = s.recap()
	s.Result = &out
	s.Phase = PhaseOver
	s.LastChance = nil
	for i, d := range out.Details {
		s.log(s.Moves, rules.Msg("borneo.log.score", "Seat", rules.SeatRef(rules.Seat(i)), "Detail", d))
	}
	s.log(s.Moves, s.Status())
}

// scoreDetail is one seat's score in words: "12 spice cards + 3 harbours + missions “1 of each
// spice” 6 and “4 of one spice” 8 − 2 for the pirate ship = 27 points", as rules text.
func scoreDetail(p *scoreParts, done []int) string {
	var b strings.Builder
	b.WriteString(rules.Msg("borneo.count.spice-card", "Count", p.cards))
	b.WriteString(" + ")
	b.WriteString(rules.Msg("borneo.count.harbour", "Count", p.harbours))
	if len(done) > 0 {
		items := make([]string, len(done))
		for i, mi := range done {
			k := missions[mi].kind
			items[i] = rules.Msg("borneo.score.mission", "Kind", k.word(), "Points", missionKindVP[k])
		}
		b.WriteString(" + ")
		b.WriteString(rules.Msg("borneo.score.missions", "Count", len(done), "Missions", rules.List(items...)))
	}
	if p.pirate {
		b.WriteString(" ")
		b.WriteString(rules.Msg("borneo.score.pirate"))
	}
	b.WriteString(" = ")
	b.WriteString(rules.Msg("borneo.count.point", "Count", p.total))
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
		how := rules.Msg("borneo.recap.shared")
		if hl.BiggestMono >= 0 {
			how = rules.Msg("borneo.recap.monopoly", "Company", hl.BiggestMono.word())
		}
		out = append(out, rules.Msg("borneo.recap.biggest", "Cards", hl.Biggest, "Harbour", rules.Ref(harbourIDs[hl.BiggestHarbour]),
			"How", how, "Seat", rules.SeatRef(hl.BiggestShipper)))
	}
	monopolies := rules.Msg("borneo.count.monopoly", "Count", hl.Monopolies)
	fights := rules.Msg("borneo.count.fight", "Count", hl.Fights)
	if top, n := bestSeat(hl.Won); n > 0 {
		out = append(out, rules.Msg("borneo.recap.fights-won", "Monopolies", monopolies, "Fights", fights, "Seat", rules.SeatRef(top), "Won", n))
	} else {
		out = append(out, rules.Msg("borneo.recap.fights", "Monopolies", monopolies, "Fights", fights))
	}
	counts := make([]int, len(s.Seats))
	cards := make([]int, len(s.Seats))
	for i := range s.Seats {
		counts[i] = len(s.Seats[i].Missions)
		cards[i] = len(s.Seats[i].Cards) + len(s.Seats[i].HarbourCards)
	}
	if top, n := bestSeat(counts); n > 0 {
		out = append(out, rules.Msg("borneo.recap.missions", "Seat", rules.SeatRef(top), "N", n))
	}
	if top, n := bestSeat(cards); n > 0 {
		out = append(out, rules.Msg("borneo.recap.warehouse", "Seat", rules.SeatRef(top), "Cards", cardCount(n)))
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
