package spicemerchant

import (
	"slices"
	"strconv"
	"strings"

	"spicebot/rules"
)

// endRound reveals and sells every seat's goods (rulebook "The end of round"), then starts the
// next round or, after the fourth, ends the game. why is the public reason the round ended.
func (s *State) endRound(why string) {
	s.addLine("Round "+strconv.Itoa(s.Round)+" ends: "+why+".", "", 0)
	for seat := 0; seat < s.NumPlayers; seat++ {
		s.addLine(s.sell(rules.Seat(seat)), "", 0)
	}
	if s.Round >= Rounds {
		s.finish()
		return
	}
	s.newRound()
}

// bestMarkets returns the markets holding spice k, the most valuable first (the lower letter
// first on equal value): selling a player's goods of k into them in this order, one good per
// market, is the best assignment (rulebook "The end of round", example 2; NOTES §3.4.5).
func (s *State) bestMarkets(k Spice) (ms [2]int, n int) {
	for m := range s.Markets {
		if len(s.Markets[m].Cards) == 0 || s.Markets[m].Spice != k || n == len(ms) {
			continue
		}
		ms[n] = m
		n++
	}
	if n == 2 && len(s.Markets[ms[1]].Cards) > len(s.Markets[ms[0]].Cards) {
		ms[0], ms[1] = ms[1], ms[0]
	}
	return ms, n
}

// sell reveals seat's secret and open goods and sells each good in a distinct market of its
// spice at the market's value, choosing the best assignment: a seat's goods of one spice are
// identical and a spice is on at most two markets, so the k goods take the k most valuable
// markets. Unsold goods go to the discard pile. It returns the public log line.
func (s *State) sell(seat rules.Seat) string {
	p := &s.Seats[seat]
	var gbuf [2*secretMax + 1]int
	goods := gbuf[:0]
	for _, c := range p.Secret {
		goods = insertSorted(goods, c)
	}
	for _, c := range p.Open {
		goods = insertSorted(goods, c)
	}
	// The last round's result is reused: nothing outside the state keeps it.
	res := p.Last
	if res == nil {
		res = &RoundResult{Sales: make([]Sale, 0, 2*secretMax+1)}
	}
	*res = RoundResult{Round: s.Round, Sales: res.Sales[:0], Discarded: res.Discarded[:0]}
	for i := 0; i < len(goods); {
		k := cardKind[goods[i]]
		j := i
		for j < len(goods) && cardKind[goods[j]] == k {
			j++
		}
		ms, n := s.bestMarkets(k)
		for g := i; g < j; g++ {
			if g-i >= n {
				res.Discarded = append(res.Discarded, k)
				s.Discard = append(s.Discard, goods[g])
				continue
			}
			m := ms[g-i]
			d := len(s.Markets[m].Cards)
			sale := Sale{Card: goods[g], Market: m, Demand: d, Points: k.Value(d)}
			res.Sales = append(res.Sales, sale)
			if s.Best == nil || sale.Points > s.Best.Points {
				s.Best = &BestSale{Seat: seat, Round: s.Round, Spice: k, Market: m, Demand: d, Points: sale.Points}
			}
			res.Points += sale.Points
			p.Sold = insertSorted(p.Sold, goods[g])
		}
		i = j
	}
	// Sales in market order.
	for a := 1; a < len(res.Sales); a++ {
		for b := a; b > 0 && res.Sales[b-1].Market > res.Sales[b].Market; b-- {
			res.Sales[b-1], res.Sales[b] = res.Sales[b], res.Sales[b-1]
		}
	}
	p.Score += res.Points
	p.RoundScores = append(p.RoundScores, res.Points)
	p.Last = res

	var buf [256]byte
	b := append(buf[:0], seatRef(seat)...)
	switch {
	case len(goods) == 0:
		b = append(b, " has no goods"...)
	case len(p.Open) == 0:
		b = append(b, " reveals secret goods "...)
		b = appendCards(b, p.Secret)
	case len(p.Secret) == 0:
		b = append(b, " reveals open goods "...)
		b = appendCards(b, p.Open)
	default:
		b = append(b, " reveals secret goods "...)
		b = appendCards(b, p.Secret)
		b = append(b, " and open goods "...)
		b = appendCards(b, p.Open)
	}
	if len(res.Sales) > 0 {
		b = append(b, "; sells "...)
		for i, sl := range res.Sales {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, spices[cardKind[sl.Card]].name...)
			b = append(b, " on "...)
			b = append(b, byte('A'+sl.Market))
			b = append(b, " for "...)
			b = strconv.AppendInt(b, int64(sl.Points), 10)
		}
	} else if len(goods) > 0 {
		b = append(b, "; sells nothing"...)
	}
	if len(res.Discarded) > 0 {
		b = append(b, "; discards "...)
		b = appendKinds(b, res.Discarded)
		b = append(b, " (no market left)"...)
	}
	b = append(b, ": "...)
	b = strconv.AppendInt(b, int64(res.Points), 10)
	if res.Points == 1 {
		b = append(b, " point (total "...)
	} else {
		b = append(b, " points (total "...)
	}
	b = strconv.AppendInt(b, int64(p.Score), 10)
	b = append(b, ")."...)
	p.Secret, p.Open = p.Secret[:0], p.Open[:0]
	return string(b)
}

// appendCards appends the spice names of cards, comma-separated.
func appendCards(b []byte, cards []int) []byte {
	for i, c := range cards {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, spices[cardKind[c]].name...)
	}
	return b
}

// plural returns "1 point", "3 points".
func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}

// newRound starts the next round (rulebook "The beginning of new round"; NOTES §3.4.8): the next
// seat clockwise becomes first player; the market cards and the unsold goods are shuffled with
// the deck; hands and sold goods stay; each seat registers 1 (rounds 1–2) or 2 (rounds 3–4)
// secret goods, or fewer if its hand is smaller.
func (s *State) newRound() {
	s.Round++
	s.First = rules.Seat((int(s.First) + 1) % s.NumPlayers)
	s.Turn = s.First
	s.Passes = 0
	s.Reshuffled = s.Reshuffled[:0]
	for i := range s.Markets {
		s.Deck = append(s.Deck, s.Markets[i].Cards...)
		s.Reshuffled = append(s.Reshuffled, s.Markets[i].Cards...)
		s.Markets[i] = Market{Cards: s.Markets[i].Cards[:0]}
	}
	s.Deck = append(s.Deck, s.Discard...)
	s.Reshuffled = append(s.Reshuffled, s.Discard...)
	slices.Sort(s.Reshuffled)
	for i := range s.Seats {
		s.Seats[i].Drawn = 0
	}
	s.Discard = s.Discard[:0]
	deck := s.Deck
	s.RNG.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s.beginRegistration()
}

// beginRegistration sets what every seat must register this round and logs the round's start.
func (s *State) beginRegistration() {
	need := secretGoods(s.Round)
	s.Phase = PhaseRegister
	for i := range s.Seats {
		s.Seats[i].Need = min(need, len(s.Seats[i].Hand))
	}
	s.addLine("Round "+strconv.Itoa(s.Round)+" begins: "+rules.SeatRef(s.First)+" is the first player and the deck holds "+
		plural(len(s.Deck), "card")+". Every player registers "+plural(need, "secret good")+".", "", 0)
	if s.waiting() == 0 {
		s.startTurns()
	}
}

// finish ends the game after the fourth round and records the outcome (rulebook "The end of
// game"): most points wins; on a tie, most goods sold; if still tied, co-winners.
func (s *State) finish() {
	s.Phase = PhaseOver
	out := rules.Outcome{Scores: make([]int, s.NumPlayers), Details: make([]string, 0, s.NumPlayers),
		Winners: make([]rules.Seat, 0, s.NumPlayers)}
	best, bestSold := -1, -1
	for i := range s.Seats {
		p := &s.Seats[i]
		out.Scores[i] = p.Score
		out.Details = append(out.Details, s.detail(rules.Seat(i)))
		if p.Score > best {
			best = p.Score
		}
	}
	tied := 0
	for i := range s.Seats {
		if s.Seats[i].Score == best {
			tied++
			bestSold = max(bestSold, len(s.Seats[i].Sold))
		}
	}
	for i := range s.Seats {
		if s.Seats[i].Score == best && len(s.Seats[i].Sold) == bestSold {
			out.Winners = append(out.Winners, rules.Seat(i))
		}
	}
	switch {
	case len(out.Winners) > 1:
		out.TieBreak = "co-winners"
	case tied > 1:
		out.TieBreak = "most goods sold"
	}
	out.Recap = s.recap()
	s.Final = &out
	s.addLine("Game over: "+s.winnerSentence()+".", "", 0)
	for i, d := range out.Details {
		s.addLine(seatRef(rules.Seat(i))+": "+d+".", "", 0)
	}
}

// detail is seat's score in words for the outcome: "rounds 5 + 8 + 10 + 11 = 34 points, 12 goods
// sold".
func (s *State) detail(seat rules.Seat) string {
	p := &s.Seats[seat]
	var buf [96]byte
	b := append(buf[:0], "rounds "...)
	for r, v := range p.RoundScores {
		if r > 0 {
			b = append(b, " + "...)
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	b = append(b, " = "...)
	b = appendCount(b, p.Score, "point")
	b = append(b, ", "...)
	b = appendCount(b, len(p.Sold), "good")
	return string(append(b, " sold"...))
}

// recap is a few lines recalling the game (Outcome.Recap): the best sale, the best round and the
// most goods sold.
func (s *State) recap() []string {
	var out []string
	if b := s.Best; b != nil {
		out = append(out, "Best sale: "+seatRef(b.Seat)+" sold "+b.Spice.Name()+" on market "+marketLetter(b.Market)+
			" ("+plural(b.Demand, "card")+") for "+plural(b.Points, "point")+" in round "+strconv.Itoa(b.Round)+".")
	}
	bestSeat, bestRound, bestPoints := -1, 0, -1
	mostSeat, most := -1, -1
	for i := range s.Seats {
		for r, v := range s.Seats[i].RoundScores {
			if v > bestPoints {
				bestSeat, bestRound, bestPoints = i, r+1, v
			}
		}
		if n := len(s.Seats[i].Sold); n > most {
			mostSeat, most = i, n
		}
	}
	if bestSeat >= 0 && bestPoints > 0 {
		out = append(out, "Best round: "+seatRef(rules.Seat(bestSeat))+" scored "+plural(bestPoints, "point")+" in round "+strconv.Itoa(bestRound)+".")
	}
	if mostSeat >= 0 && most > 0 {
		out = append(out, "Most goods sold: "+seatRef(rules.Seat(mostSeat))+" with "+strconv.Itoa(most)+".")
	}
	return out
}

// appendCount appends "1 point" or "3 points".
func appendCount(b []byte, n int, unit string) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ' ')
	b = append(b, unit...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
}

// winnerSentence describes the result without a final full stop.
func (s *State) winnerSentence() string {
	out := s.Final
	w := out.Winners
	score := out.Scores[w[0]]
	sold := len(s.Seats[w[0]].Sold)
	if len(w) == 1 {
		text := rules.SeatRef(w[0]) + " wins with " + plural(score, "point")
		if out.TieBreak != "" {
			text += ", ahead on goods sold (" + strconv.Itoa(sold) + ")"
		}
		return text
	}
	names := make([]string, len(w))
	for i, seat := range w {
		names[i] = rules.SeatRef(seat)
	}
	list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	return list + " are co-winners with " + plural(score, "point") + " and " + plural(sold, "good") + " sold each"
}
