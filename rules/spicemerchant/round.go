package spicemerchant

import (
	"slices"
	"strings"

	"spicebot/rules"
)

// endRound reveals and sells every seat's goods (rulebook "The end of round"), then starts the
// next round or, after the fourth, ends the game. ends is the public log line saying why the
// round ended.
func (s *State) endRound(ends string) {
	s.addLine(ends, "", 0)
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

	var reveal string
	switch {
	case len(goods) == 0:
		reveal = rules.Msg("spice-merchant.log.sell.none", "Seat", seatRef(seat))
	case len(p.Open) == 0:
		reveal = rules.Msg("spice-merchant.log.sell.secret", "Seat", seatRef(seat), "Goods", cardNames(p.Secret))
	case len(p.Secret) == 0:
		reveal = rules.Msg("spice-merchant.log.sell.open", "Seat", seatRef(seat), "Goods", cardNames(p.Open))
	default:
		reveal = rules.Msg("spice-merchant.log.sell.both", "Seat", seatRef(seat), "Secret", cardNames(p.Secret),
			"Open", cardNames(p.Open))
	}
	sales := ""
	if len(res.Sales) > 0 {
		parts := make([]string, len(res.Sales))
		for i, sl := range res.Sales {
			parts[i] = rules.Msg("spice-merchant.log.sell.sale", "Spice", spiceNames[cardKind[sl.Card]],
				"Market", marketLetter(sl.Market), "Points", sl.Points)
		}
		sales = rules.Msg("spice-merchant.log.sell.sales", "Sales", strings.Join(parts, ", "))
	} else if len(goods) > 0 {
		sales = rules.Msg("spice-merchant.log.sell.nothing")
	}
	discards := ""
	if len(res.Discarded) > 0 {
		discards = rules.Msg("spice-merchant.log.sell.discards", "Spices", kindNames(res.Discarded))
	}
	line := rules.Msg("spice-merchant.log.sell", "Reveal", reveal, "Sales", sales, "Discards", discards,
		"Count", res.Points, "Total", p.Score)
	p.Secret, p.Open = p.Secret[:0], p.Open[:0]
	return line
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
	s.addLine(rules.Msg("spice-merchant.log.round-begins", "Round", s.Round, "Seat", seatRef(s.First),
		"Deck", msgCards(len(s.Deck)), "Goods", msgSecretGoods(need)), "", 0)
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
		out.TieBreak = TieCoWinners
	case tied > 1:
		out.TieBreak = TieMostSold
	}
	out.Recap = s.recap()
	s.Final = &out
	s.addLine(rules.Msg("spice-merchant.game-over", "Result", s.winnerSentence()), "", 0)
	for i, d := range out.Details {
		s.addLine(rules.Msg("spice-merchant.log.detail", "Seat", seatRef(rules.Seat(i)), "Detail", d), "", 0)
	}
}

// The tie-breaks of Outcome.TieBreak (rulebook "The end of game"), as rules text: the most goods
// sold decided among the players tied on points, or the players tied on both are co-winners.
var (
	TieMostSold  = rules.Msg("spice-merchant.tie-break.most-sold")
	TieCoWinners = rules.Msg("spice-merchant.tie-break.co-winners")
)

// detail is seat's score in words for the outcome: "rounds 5 + 8 + 10 + 11 = 34 points, 12 goods
// sold".
func (s *State) detail(seat rules.Seat) string {
	p := &s.Seats[seat]
	rs := make([]string, len(p.RoundScores))
	for r, v := range p.RoundScores {
		rs[r] = itoa(v)
	}
	return rules.Msg("spice-merchant.detail", "Rounds", strings.Join(rs, " + "), "Points", msgPoints(p.Score),
		"Sold", msgGoodsSold(len(p.Sold)))
}

// recap is a few lines recalling the game (Outcome.Recap): the best sale, the best round and the
// most goods sold.
func (s *State) recap() []string {
	var out []string
	if b := s.Best; b != nil {
		out = append(out, rules.Msg("spice-merchant.recap.best-sale", "Seat", seatRef(b.Seat), "Spice", b.Spice.Name(),
			"Market", marketLetter(b.Market), "Cards", msgCards(b.Demand), "Points", msgPoints(b.Points), "Round", b.Round))
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
		out = append(out, rules.Msg("spice-merchant.recap.best-round", "Seat", seatRef(rules.Seat(bestSeat)),
			"Points", msgPoints(bestPoints), "Round", bestRound))
	}
	if mostSeat >= 0 && most > 0 {
		out = append(out, rules.Msg("spice-merchant.recap.most-sold", "Seat", seatRef(rules.Seat(mostSeat)), "Sold", most))
	}
	return out
}

// winnerSentence describes the result without a final full stop.
func (s *State) winnerSentence() string {
	out := s.Final
	w := out.Winners
	score := out.Scores[w[0]]
	sold := len(s.Seats[w[0]].Sold)
	if len(w) == 1 {
		if out.TieBreak != "" {
			return rules.Msg("spice-merchant.result.win-tie-break", "Seat", seatRef(w[0]), "Points", msgPoints(score),
				"Sold", sold)
		}
		return rules.Msg("spice-merchant.result.win", "Seat", seatRef(w[0]), "Points", msgPoints(score))
	}
	names := make([]string, len(w))
	for i, seat := range w {
		names[i] = seatRef(seat)
	}
	return rules.Msg("spice-merchant.result.co-winners", "Seats", rules.List(names...), "Points", msgPoints(score),
		"Sold", msgGoodsSold(sold))
}
