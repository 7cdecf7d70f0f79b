package borneo

import (
	"spicebot/rules"
)

// Phase is the step a Borneo game is in. The values are the View.Phase names, plus "reward"
// (the victorious defender choosing a card to keep, shown as "defend") and the automatic steps
// "refill" and "draw", which never last beyond one Apply.
type Phase string

// The phases.
const (
	PhasePlacement  Phase = "placement"   // setup snake draft (rulings §1.6.1)
	PhaseMission    Phase = "mission"     // turn phase 1: optional mission
	PhaseCompany    Phase = "company"     // turn phase 2: optional move or fight
	PhaseShip       Phase = "ship"        // turn phase 3: mandatory shipment
	PhasePay        Phase = "pay"         // a mission being paid card by card
	PhaseFight      Phase = "fight"       // the attacker plays cards
	PhaseDefend     Phase = "defend"      // the defender plays cards
	PhaseDisplaced  Phase = "displaced"   // the beaten defender chooses where to go
	PhaseReward     Phase = "reward"      // the victorious defender may keep one card
	PhasePick       Phase = "pick"        // a distribution of spices
	PhaseDiscard    Phase = "discard"     // the turn player discards down to six
	PhaseLastChance Phase = "last-chance" // last missions after the end
	PhaseOver       Phase = "over"
	phaseRefill     Phase = "refill" // automatic: turn the next harbour face up
	phaseDraw       Phase = "draw"   // automatic: draw two cards
)

// State is a Borneo game: plain data, stored as JSON. Card ids are 0-based indexes into the
// component tables (shipment 0 is S01, harbour 0 is H01, mission 0 is M01).
type State struct {
	Blackbeard    bool `json:"blackbeard,omitempty"`
	FourMerchants bool `json:"four_merchants,omitempty"`
	// RNG draws every shuffle (shipment deck reshuffles included).
	RNG rules.RNG `json:"rng"`
	// Moves counts the moves applied since setup (the Version).
	Moves int   `json:"version"`
	Phase Phase `json:"phase"`
	// Turn is the seat whose turn it is; First the first player.
	Turn  rules.Seat `json:"turn"`
	First rules.Seat `json:"first"`
	// Companies holds each company's merchants (their seats) from rank 1 down.
	Companies [numCompanies][]rules.Seat `json:"companies"`
	// Deck is the shipment draw pile, top card last; Discard the discard pile.
	Deck    []int `json:"deck"`
	Discard []int `json:"discard"`
	// HarbourDeck is the face-down harbour pile, top card last.
	HarbourDeck []int `json:"harbour_deck"`
	// Harbours are the three face-up harbour slots.
	Harbours [harbourSlots]Harbour `json:"harbours"`
	// Spent are the harbour cards paid for missions: they leave the game (package doc).
	Spent []int `json:"spent,omitempty"`
	// Missions are the mission tiles still on the board, in id order.
	Missions []int `json:"missions"`
	// Seats has one entry per player.
	Seats []Seat `json:"seats"`
	// Pirate is the seat holding the pirate ship, or -1 while it is in the cove.
	Pirate rules.Seat `json:"pirate"`
	// Placement is the remaining order of merchant placements during setup.
	Placement []rules.Seat `json:"placement,omitempty"`
	// LastChance is the remaining order of last-chance missions, current seat first.
	LastChance []rules.Seat `json:"last_chance,omitempty"`
	// Exposed are the cards that went face up into the discard pile during the latest move and
	// were shuffled into the new deck by that move's draw (the spices no merchant could take,
	// rulings §1.6.9). The table saw them go in, so this move's log may name them; where they
	// are now (deck position or the drawer's hand) stays hidden. Cleared by the next move.
	Exposed []int `json:"exposed,omitempty"`
	// discardMark is the discard pile's length when the move being applied began.
	discardMark int
	// Reshuffled are the cards the table saw go into the shipment deck at its last reshuffle (the
	// discard pile less the cards discarded face down): each is in the deck or in the hand of a
	// seat that drew since (Seat.Drawn). State.Determinize keeps to that.
	Reshuffled []int `json:"reshuffled,omitempty"`
	// Undo says that the last move may be taken back (State.Undoable): it drew, revealed and
	// rolled nothing.
	Undo bool `json:"undoable,omitempty"`
	// revealed is set while a move is applied when it shows a card or draws.
	revealed bool
	// Turns counts the turns completed as players count them (State.TurnNumber): each merchant
	// placed in the setup draft, each player turn (its fights, picks and discards included) and
	// each last-chance mission.
	Turns int `json:"turns,omitempty"`
	// Highlights are kept for the recap at the end (Outcome.Recap).
	Highlights Highlights `json:"highlights"`
	// EndReason says why the game ended, once it has.
	EndReason string   `json:"end_reason,omitempty"`
	Fight     *Fight   `json:"fight,omitempty"`
	Dist      *Dist    `json:"dist,omitempty"`
	Pay       *Payment `json:"pay,omitempty"`
	// Cancelled are the missions whose payment was cancelled during the turn CancelledAt (a value
	// of Turns): they cannot be started again in that turn, so that starting and cancelling a
	// mission is no loop a seat could repeat forever (package doc, "Decisions").
	Cancelled   []int          `json:"cancelled,omitempty"`
	CancelledAt int            `json:"cancelled_at,omitempty"`
	Journal     rules.Log      `json:"log"`
	Result      *rules.Outcome `json:"result,omitempty"`
}

// Highlights are facts of the game kept for its recap (Outcome.Recap).
type Highlights struct {
	// Biggest is the largest distribution: its card count (0 before any), harbour, shipper and,
	// for a monopoly, the company (-1 for a shared distribution).
	Biggest        int        `json:"biggest,omitempty"`
	BiggestHarbour int        `json:"biggest_harbour,omitempty"`
	BiggestShipper rules.Seat `json:"biggest_shipper,omitempty"`
	BiggestMono    company    `json:"biggest_mono,omitempty"`
	// Fights counts the fights; Won the fights won per seat (attacks won and defences held).
	Fights int   `json:"fights,omitempty"`
	Won    []int `json:"won,omitempty"`
	// Monopolies counts the monopolies.
	Monopolies int `json:"monopolies,omitempty"`
}

// Seat is one player's cards: the secret hand and the public warehouse.
type Seat struct {
	Hand []int `json:"hand"`
	// Cards and HarbourCards are the shipment and harbour cards in the warehouse.
	Cards        []int `json:"cards"`
	HarbourCards []int `json:"harbour_cards"`
	// Missions are the completed mission tiles.
	Missions []int `json:"missions"`
	// Discarded are the cards this seat put into the discard pile face down (discarding down to
	// six) and still there, in discard-pile order: only this seat knows them until the pile is
	// reshuffled or the game ends (State.Hidden, State.Determinize).
	Discarded []int `json:"discarded,omitempty"`
	// Drawn counts the cards this seat drew since the last reshuffle of the shipment deck.
	Drawn int `json:"drawn,omitempty"`
}

// Harbour is one face-up harbour slot: the harbour card (-1 if the slot is empty) and the
// shipment cards played on it, first card first.
type Harbour struct {
	Card  int   `json:"card"`
	Cards []int `json:"cards"`
}

// Fight is a fight for position in one company (rulebook "2. Companies"). Ranks are 0-based.
type Fight struct {
	Company      company    `json:"company"`
	Attacker     rules.Seat `json:"attacker"`
	Defender     rules.Seat `json:"defender"`
	AttackerRank int        `json:"attacker_rank"`
	DefenderRank int        `json:"defender_rank"`
	AttackCards  []int      `json:"attack_cards"`
	DefenceCards []int      `json:"defence_cards"`
}

// bonus is the defender's bonus: the merchants strictly between the two (rulings §1.6.3).
func (f *Fight) bonus() int { return f.AttackerRank - f.DefenderRank - 1 }

func (f *Fight) attackFlags() int { return countFlags(f.AttackCards, f.Company) }

func (f *Fight) defenceFlags() int { return countFlags(f.DefenceCards, f.Company) }

func countFlags(cards []int, c company) int {
	n := 0
	for _, card := range cards {
		n += shipments[card].flags(c)
	}
	return n
}

// Dist is a distribution of spices under way (rulebook "3. Shipment").
type Dist struct {
	// Slot is the harbour slot; Harbour the harbour card already given to the shipper.
	Slot     int  `json:"slot"`
	Harbour  int  `json:"harbour"`
	Monopoly bool `json:"monopoly,omitempty"`
	// Companies are the companies that take part, in picking order of rank (1st company first).
	Companies []company `json:"companies"`
	// Flags are the visible flags per company when the distribution started.
	Flags [numCompanies]int `json:"flags"`
	// Cards are the cards of the harbour column, first card first (for the view).
	Cards []int `json:"cards"`
	// Pool are the cards still to pick.
	Pool []int `json:"pool"`
	// Pickers is one full cycle of picking merchants; Next counts the picks made.
	Pickers []Picker `json:"pickers"`
	Next    int      `json:"next"`
}

// Picker is a merchant entitled to pick in a distribution.
type Picker struct {
	Company company    `json:"company"`
	Rank    int        `json:"rank"`
	Seat    rules.Seat `json:"seat"`
}

func (d *Dist) picker() Picker { return d.Pickers[d.Next%len(d.Pickers)] }

// Payment is a mission being paid card by card (rulebook "1. Complete a Mission").
type Payment struct {
	Seat    rules.Seat `json:"seat"`
	Mission int        `json:"mission"`
	// Type is the chosen spice of a same-type mission, or -1.
	Type spice `json:"type"`
	// Paid are the warehouse items given so far (shipment 0..59, harbour 60..73).
	Paid []int `json:"paid"`
	// Trade is the item traded with the pirates, or -1; TradeAs the spice it counts as.
	Trade   int   `json:"trade"`
	TradeAs spice `json:"trade_as"`
	// Last is true for a last-chance mission (no pirate trade).
	Last bool `json:"last,omitempty"`
}

// Players returns the number of seats.
func (s *State) Players() int { return len(s.Seats) }

// Version counts the moves applied since setup.
func (s *State) Version() int { return s.Moves }

// over reports whether the game has ended and been scored.
func (s *State) over() bool { return s.Phase == PhaseOver }

// Active returns the seat that must decide now (one seat in every phase), or none at the end.
func (s *State) Active() []rules.Seat {
	seat, ok := s.actor()
	if !ok {
		return nil
	}
	return []rules.Seat{seat}
}

// actor is the one seat that must decide now.
func (s *State) actor() (rules.Seat, bool) {
	switch s.Phase {
	case PhasePlacement:
		return s.Placement[0], true
	case PhaseMission, PhaseCompany, PhaseShip, PhaseDiscard:
		return s.Turn, true
	case PhasePay:
		return s.Pay.Seat, true
	case PhaseFight:
		return s.Fight.Attacker, true
	case PhaseDefend, PhaseDisplaced, PhaseReward:
		return s.Fight.Defender, true
	case PhasePick:
		return s.Dist.picker().Seat, true
	case PhaseLastChance:
		return s.LastChance[0], true
	}
	return 0, false
}

// Outcome returns the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	if s.Result == nil {
		return rules.Outcome{}, false
	}
	return *s.Result, true
}

// full reports whether company c has no empty slot (rulings §1.6.2).
func (s *State) full(c company) bool { return len(s.Companies[c]) >= columnSize }

// removeInt removes the first x from xs, keeping the order, and reports whether it was there.
func removeInt(xs []int, x int) ([]int, bool) {
	for i, v := range xs {
		if v == x {
			return append(xs[:i], xs[i+1:]...), true
		}
	}
	return xs, false
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
