package ratings

import (
	"errors"
	"math"

	"spicebot/data"
)

// Model is the Weng-Lin Bayesian rating model with the Plackett-Luce ranking likelihood: Ruby C.
// Weng and Chih-Jen Lin, "A Bayesian Approximation Method for Online Ranking", Journal of Machine
// Learning Research 12 (2011) 267–300, Algorithm 4, as OpenSkill (openskill.js, openskill.py)
// implements it for one player per team: a free-for-all of any number of seats, ties allowed.
// Its defaults are OpenSkill's (DefaultModel), so a rating computed here is OpenSkill's.
type Model struct {
	// Mu and Sigma are a newcomer's rating (25 and 25/3).
	Mu, Sigma float64
	// Beta is the spread of a performance around the player's strength (25/6).
	Beta float64
	// Kappa is the least fraction of its variance a rating keeps after one game (0.0001).
	Kappa float64
	// Tau is added to every deviation (as variance) before a game, so that a rating keeps
	// learning after many games (0: none, OpenSkill's own default).
	Tau float64
}

// DefaultModel is OpenSkill's Plackett-Luce model with its default constants.
func DefaultModel() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001}
}

// Skill is one player's rating: the mean and the standard deviation of their strength (the
// store's type: ratings are kept as they are computed).
type Skill = data.Skill

// New is a newcomer's rating.
func (m Model) New() Skill { return Skill{Mu: m.Mu, Sigma: m.Sigma} }

// Ordinal is a cautious single number for a rating: μ − 3σ, the strength the player very likely
// has at least (0 for a newcomer).
func Ordinal(s Skill) float64 { return s.Mu - 3*s.Sigma }

// ErrRanks is returned by Rate when ranks and skills differ in length or a rank is below 1.
var ErrRanks = errors.New("ratings: one rank (1 or more) per player is needed")

// Rate returns the players' ratings after one game in which player i finished at ranks[i] (1 is
// first; equal ranks are a tie). A game of fewer than two players changes nothing. The formulas
// are Weng and Lin's Algorithm 4 (Plackett-Luce): with c² = Σ(σᵢ² + β²) and, for each player q,
// the sum Sq of exp(μᵢ/c) over the players ranked no better than q and Aq the players tied with q,
//
//	Ωᵢ = σᵢ²/c · Σ_{q: rank(q) ≤ rank(i)} ([q = i] − exp(μᵢ/c)/Sq) / Aq
//	Δᵢ = σᵢ/c · σᵢ²/c² · Σ_{q: rank(q) ≤ rank(i)} exp(μᵢ/c)/Sq · (1 − exp(μᵢ/c)/Sq) / Aq
//	μᵢ' = μᵢ + Ωᵢ,  σᵢ' = σᵢ · √max(1 − Δᵢ, κ)
//
// (γᵢ = σᵢ/c, OpenSkill's default).
func (m Model) Rate(skills []Skill, ranks []int) ([]Skill, error) {
	n := len(skills)
	if len(ranks) != n {
		return nil, ErrRanks
	}
	for _, r := range ranks {
		if r < 1 {
			return nil, ErrRanks
		}
	}
	out := make([]Skill, n)
	copy(out, skills)
	if n < 2 {
		return out, nil
	}
	sig2 := make([]float64, n)
	c2 := 0.0
	for i, s := range skills {
		sig2[i] = s.Sigma*s.Sigma + m.Tau*m.Tau
		c2 += sig2[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)
	e := make([]float64, n)
	for i, s := range skills {
		e[i] = math.Exp(s.Mu / c)
	}
	sumQ := make([]float64, n)
	a := make([]float64, n)
	for q := range n {
		for i := range n {
			if ranks[i] >= ranks[q] {
				sumQ[q] += e[i]
			}
			if ranks[i] == ranks[q] {
				a[q]++
			}
		}
	}
	for i := range n {
		omega, delta := 0.0, 0.0
		for q := range n {
			if ranks[q] > ranks[i] {
				continue
			}
			quo := e[i] / sumQ[q]
			if q == i {
				omega += (1 - quo) / a[q]
			} else {
				omega -= quo / a[q]
			}
			delta += quo * (1 - quo) / a[q]
		}
		sigma := math.Sqrt(sig2[i])
		gamma := sigma / c
		omega *= sig2[i] / c
		delta *= gamma * sig2[i] / c2
		out[i] = Skill{Mu: skills[i].Mu + omega, Sigma: sigma * math.Sqrt(math.Max(1-delta, m.Kappa))}
	}
	return out, nil
}

// WinChance returns the model's chance that a player of rating a finishes ahead of a player of
// rating b in a game of the two (Plackett-Luce: exp(μa/c) / (exp(μa/c) + exp(μb/c))).
func (m Model) WinChance(a, b Skill) float64 {
	c := math.Sqrt(a.Sigma*a.Sigma + b.Sigma*b.Sigma + 2*m.Beta*m.Beta)
	return 1 / (1 + math.Exp((b.Mu-a.Mu)/c))
}
