package borneo

import "spicebot/rules"

// View is what one viewer may see of a Borneo game: everything on the table, hand sizes, and the
// viewer's own hand. It is the only input of the board and hand renderers.
type View struct {
	// Viewer is the seat the view was made for, or rules.Observer.
	Viewer  rules.Seat `json:"viewer"`
	Players int        `json:"players"`
	// Blackbeard and FourMerchants are the variants in play.
	Blackbeard    bool `json:"blackbeard,omitempty"`
	FourMerchants bool `json:"four_merchants,omitempty"`
	// Phase names the current step: "placement", "mission", "company", "ship", "pick",
	// "discard", "fight", "defend", "displaced", "pay", "last-chance", "over".
	Phase string `json:"phase"`
	// Turn is the seat whose turn it is (during placement: the seat placing).
	Turn rules.Seat `json:"turn"`
	// Active are the seats that must act now; Status says what for (with rules.SeatRef).
	Active []rules.Seat `json:"active"`
	Status string       `json:"status"`
	// LastMove is the public log text of the latest move, or "".
	LastMove string `json:"last_move,omitempty"`

	// Companies are yellow, red, green, blue in that order.
	Companies [4]CompanyView `json:"companies"`
	// Harbours are the face-up harbours in their board slots (up to 3).
	Harbours []HarbourView `json:"harbours"`
	// Missions are the missions still on the board, by id.
	Missions []MissionView `json:"missions"`

	DeckCount        int `json:"deck_count"`
	DiscardCount     int `json:"discard_count"`
	HarbourDeckCount int `json:"harbour_deck_count"`

	// Seats has one entry per seat, in seat order.
	Seats []SeatView `json:"seats"`
	// Hand is the viewer's own hand (nil for the observer).
	Hand []CardView `json:"hand,omitempty"`

	// Fight is the fight under way, if any.
	Fight *FightView `json:"fight,omitempty"`
	// Distribution is the distribution under way, if any.
	Distribution *DistributionView `json:"distribution,omitempty"`
	// Payment is the mission being paid, if any.
	Payment *PaymentView `json:"payment,omitempty"`
	// Outcome is set when the game is over.
	Outcome *rules.Outcome `json:"outcome,omitempty"`
}

// CompanyView is one company column: its merchants from rank 1 (top) down.
type CompanyView struct {
	// Name is "yellow", "red", "green" or "blue"; Letter is "Y", "R", "G" or "B".
	Name   string `json:"name"`
	Letter string `json:"letter"`
	// Merchants holds the owning seat of each merchant, rank 1 first (at most 5).
	Merchants []rules.Seat `json:"merchants"`
}

// CardView is one shipment card, face up.
type CardView struct {
	// ID is "S01".."S60".
	ID string `json:"id"`
	// Top is the top row of flags left to right, as company letters; Bottom the bottom flag.
	Top    [3]string `json:"top"`
	Bottom string    `json:"bottom"`
	// Spice is "pepper", "cinnamon", "cloves", "nutmeg" or "wild"; Double marks a ×2 spice.
	Spice  string `json:"spice"`
	Double bool   `json:"double,omitempty"`
}

// HarbourView is one face-up harbour and the shipment cards played on it, first card first.
type HarbourView struct {
	// ID is "H01".."H14"; Name its port name; Spice its spice ("wild" for a wild harbour).
	ID    string `json:"id"`
	Name  string `json:"name"`
	Spice string `json:"spice"`
	// Monopoly is the number of flags that gives a monopoly; Max the card limit.
	Monopoly int        `json:"monopoly"`
	Max      int        `json:"max"`
	Cards    []CardView `json:"cards"`
	// Flags counts the visible flags per company (yellow, red, green, blue): the top row of every
	// card and the bottom flag of the last card (rulings §1.6.5).
	Flags [4]int `json:"flags"`
}

// MissionView is one mission tile.
type MissionView struct {
	// ID is "M01".."M16"; Kind one of "one-each", "four-same", "two-each", "eight-same",
	// "three-each"; Text the requirement in words; VP its victory points.
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Text string `json:"text"`
	VP   int    `json:"vp"`
}

// SeatView is the public information about one seat.
type SeatView struct {
	Seat      rules.Seat `json:"seat"`
	HandCount int        `json:"hand_count"`
	// Warehouse lists the shipment cards in the seat's warehouse (public, face up).
	Warehouse []CardView `json:"warehouse"`
	// Harbours lists the harbour cards in the warehouse, by id, with their spice.
	Harbours []HarbourView `json:"harbours"`
	// Units counts spice units by type (pepper, cinnamon, cloves, nutmeg, wild): a ×2 card counts
	// 2, a harbour card 1.
	Units [5]int `json:"units"`
	// Missions are the missions the seat has completed.
	Missions []MissionView `json:"missions"`
	// Pirate is true if the seat holds the pirate ship (Secrets of Blackbeard variant).
	Pirate bool `json:"pirate,omitempty"`
	// Score is the score so far: 1 per warehouse card (shipment or harbour), mission VP, −2 for the
	// pirate ship.
	Score int `json:"score"`
}

// FightView is a fight in progress (rulebook "2. Companies").
type FightView struct {
	// Company is the company letter; AttackerRank and DefenderRank are 1-based ranks.
	Company      string     `json:"company"`
	Attacker     rules.Seat `json:"attacker"`
	Defender     rules.Seat `json:"defender"`
	AttackerRank int        `json:"attacker_rank"`
	DefenderRank int        `json:"defender_rank"`
	AttackCards  []CardView `json:"attack_cards"`
	DefenceCards []CardView `json:"defence_cards"`
	// AttackFlags and DefenceFlags count the company's flags played; Bonus is the defender's bonus.
	AttackFlags  int `json:"attack_flags"`
	DefenceFlags int `json:"defence_flags"`
	Bonus        int `json:"bonus"`
}

// DistributionView is a distribution of spices in progress (rulebook "3. Shipment").
type DistributionView struct {
	Harbour HarbourView `json:"harbour"`
	// Monopoly is true for a monopoly; then Companies holds the one company letter. For a shared
	// distribution Companies holds the company letters in rank order (1st company first).
	Monopoly  bool     `json:"monopoly"`
	Companies []string `json:"companies"`
	// Pool is the cards still to be picked; Picker the seat who picks next.
	Pool   []CardView `json:"pool"`
	Picker rules.Seat `json:"picker"`
}

// PaymentView is a mission being paid card by card.
type PaymentView struct {
	Seat    rules.Seat  `json:"seat"`
	Mission MissionView `json:"mission"`
	// Type is the chosen spice type of a four-same or eight-same mission, else "".
	Type string `json:"type,omitempty"`
	// Paid are the warehouse cards given so far (shipment ids "S.." and harbour ids "H..").
	Paid []string `json:"paid"`
	// Remaining says in words what is still owed.
	Remaining string `json:"remaining"`
}
