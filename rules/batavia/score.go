package batavia

import "spicebot/rules"

// Crates returns how many crates seat has in commodity k's warehouse (0–5).
func (s *State) Crates(seat rules.Seat, k Commodity) int {
	n := 0
	for _, w := range s.Warehouse[k] {
		if w == seat {
			n++
		}
	}
	return n
}

// computeScores scores every seat from the state (rulebook "Scoring"; NOTES §4.6.10): for each
// warehouse, the sole most crates its value and tied leaders its bracket value each (no crates
// never scores); the most notes 5 (2 each on a tie); the Target 4; each seal 2; plus gold from
// exchanges.
func (s *State) computeScores() []Score {
	n := s.NumPlayers
	out := make([]Score, n)
	for k := Commodity(0); k < NumCommodities; k++ {
		best, count := 0, 0
		for i := 0; i < n; i++ {
			switch c := s.Crates(rules.Seat(i), k); {
			case c > best:
				best, count = c, 1
			case c == best && c > 0:
				count++
			}
		}
		if best == 0 {
			continue
		}
		sole, shared := k.Values()
		for i := 0; i < n; i++ {
			if s.Crates(rules.Seat(i), k) == best {
				if count == 1 {
					out[i].Warehouses += sole
				} else {
					out[i].Warehouses += shared
				}
			}
		}
	}
	most, count := -1, 0
	for i := 0; i < n; i++ {
		switch x := s.Seats[i].Notes; {
		case x > most:
			most, count = x, 1
		case x == most:
			count++
		}
	}
	for i := 0; i < n; i++ {
		sc := &out[i]
		if s.Seats[i].Notes == most {
			if count == 1 {
				sc.Notes = NotesGold
			} else {
				sc.Notes = NotesTieGold
			}
		}
		if s.TargetBy == rules.Seat(i) {
			sc.Target = TargetGold
		}
		for c := Company(0); c < NumCompanies; c++ {
			if s.Seal(c) == rules.Seat(i) {
				sc.Seals += SealGold
			}
		}
		sc.Exchanged = s.Seats[i].Gold
		sc.Total = sc.Warehouses + sc.Notes + sc.Target + sc.Seals + sc.Exchanged
	}
	return out
}

// score ends the game: the outcome, with a shared victory on a tie (rulebook "Scoring").
func (s *State) score() {
	s.Scores = s.computeScores()
	n := s.NumPlayers
	out := rules.Outcome{Scores: make([]int, n), Details: make([]string, n)}
	best := -1
	for i, sc := range s.Scores {
		out.Scores[i] = sc.Total
		best = max(best, sc.Total)
	}
	lines := make([]string, n)
	for i, sc := range s.Scores {
		if sc.Total == best {
			out.Winners = append(out.Winners, rules.Seat(i))
		}
		out.Details[i] = s.scoreDetail(rules.Seat(i), sc)
		lines[i] = rules.Msg("batavia.log.final.seat", "Seat", seatRef(rules.Seat(i)), "Count", sc.Total, "Detail", out.Details[i])
	}
	out.Recap = s.recap()
	s.Final = &out
	s.Phase = PhaseOver
	all := lines[0]
	for _, l := range lines[1:] {
		all = rules.Msg("batavia.log.final.more", "A", all, "B", l)
	}
	s.log(rules.Msg("batavia.log.final", "Scores", all))
	s.log(s.Status())
}

// recap is a few public lines about the game for the results message (rules text).
func (s *State) recap() []string {
	var out []string
	if s.TargetBy != NoSeat {
		out = append(out, rules.Msg("batavia.recap.target", "Seat", seatRef(s.TargetBy), "Target", rules.Ref(TargetID), "Round", s.Round))
	}
	switch s.Attacks {
	case 0:
		out = append(out, rules.Msg("batavia.recap.no_pirates"))
	default:
		out = append(out, rules.Msg("batavia.recap.pirates", "Times", rules.Msg("batavia.times", "Count", s.Attacks),
			"Ships", rules.Msg("batavia.ship_count", "Count", s.MostSunk)))
	}
	best, who := 0, NoSeat
	for i := range s.Seats {
		if g := s.Seats[i].Gold; g > best {
			best, who = g, rules.Seat(i)
		}
	}
	if who != NoSeat {
		out = append(out, rules.Msg("batavia.recap.gold", "Seat", seatRef(who), "Gold", best))
	}
	return out
}

// scoreDetail is seat's breakdown (rules text): "warehouses 33 · most notes 0 (19 held) · seals 6
// · Target 4 · exchanges 5".
func (s *State) scoreDetail(seat rules.Seat, sc Score) string {
	if sc.Target > 0 {
		return rules.Msg("batavia.detail.target", "Warehouses", sc.Warehouses, "Notes", sc.Notes, "Held", s.Seats[seat].Notes,
			"Seals", sc.Seals, "Target", sc.Target, "Exchanged", sc.Exchanged)
	}
	return rules.Msg("batavia.detail", "Warehouses", sc.Warehouses, "Notes", sc.Notes, "Held", s.Seats[seat].Notes,
		"Seals", sc.Seals, "Exchanged", sc.Exchanged)
}

// Outcome returns the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	if s.Final == nil {
		return rules.Outcome{}, false
	}
	return *s.Final, true
}
