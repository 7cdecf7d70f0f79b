package batavia

import "spicebot/rules"

// Company is one of the five East India Companies, 0..4 in the rulebook's order (Britain,
// Denmark, France, Netherlands, Sweden; rulebook "Game Materials").
type Company int8

// The companies.
const (
	Britain Company = iota
	Denmark
	France
	Netherlands
	Sweden
	// NumCompanies is the number of companies.
	NumCompanies = 5
)

// companyLetters are the one-letter keys of the companies, used in move texts ("lay D3") and in
// views.
var companyLetters = [NumCompanies]string{"B", "D", "F", "N", "S"}

// companyAdj are the companies' adjectives as internal names ("Danish"), for operators' errors;
// players read Adj.
var companyAdj = [NumCompanies]string{"British", "Danish", "French", "Dutch", "Swedish"}

// companyNames are the nations' names, as in the component data.
var companyNames = [NumCompanies]string{"Britain", "Denmark", "France", "Netherlands", "Sweden"}

// companyOne is Adj(1) of each company, built once.
var companyOne = func() (t [NumCompanies]string) {
	for c := Company(0); c < NumCompanies; c++ {
		t[c] = c.Adj(1)
	}
	return t
}()

// Letter is the company's one-letter key: B, D, F, N or S.
func (c Company) Letter() string { return companyLetters[c] }

// Adjective is the company's adjective in English, an internal name for operators' errors and
// tests: "British", "Danish", "French", "Dutch", "Swedish". Players read Adj.
func (c Company) Adjective() string { return companyAdj[c] }

// Adj is the company's adjective as rules text (a catalogue message, "batavia.company.D"),
// agreeing with count things of the company ("a Danish ship", "3 Danish ships").
func (c Company) Adj(count int) string {
	return rules.Msg("batavia.company."+companyLetters[c], "Count", count)
}

// Name is the company's nation, as the component data names it: "Britain", "Denmark", "France",
// "Netherlands", "Sweden".
func (c Company) Name() string { return companyNames[c] }

// CompanyByLetter returns the company whose letter (B, D, F, N, S; any case) is l.
func CompanyByLetter(l string) (Company, bool) {
	if len(l) != 1 {
		return 0, false
	}
	ch := l[0] &^ 0x20
	for c := Company(0); c < NumCompanies; c++ {
		if companyLetters[c][0] == ch {
			return c, true
		}
	}
	return 0, false
}

// Commodity is one of the seven commodities of the trading posts and warehouses, 0..6 from the
// cheapest (tea) to the dearest (pepper) (rulebook "Scoring").
type Commodity int8

// NumCommodities is the number of commodities (and warehouses).
const NumCommodities = 7

var commodityNames = [NumCommodities]string{"tea", "cotton", "china", "silk", "ginger", "nutmeg", "pepper"}

// warehouseValues are the gold coins for the sole most crates in a warehouse and, for tied
// leaders, each (rulebook "Scoring": tea 10 (5), cotton 11 (5), china 12 (6), silk 13 (6), ginger
// 14 (7), nutmeg 15 (7), pepper 16 (8)).
var warehouseValues = [NumCommodities][2]int{{10, 5}, {11, 5}, {12, 6}, {13, 6}, {14, 7}, {15, 7}, {16, 8}}

// Name is the commodity's key, its English name in lower case: "tea", "cotton", "china", "silk",
// "ginger", "nutmeg", "pepper" (views and the component data use it; players read Words).
func (k Commodity) Name() string { return commodityNames[k] }

// Words is the commodity as rules text: the catalogue message "batavia.commodity.<Name>".
func (k Commodity) Words() string { return rules.Msg("batavia.commodity." + commodityNames[k]) }

// Values returns the gold for the sole majority and for each tied leader in this commodity's
// warehouse (rulebook "Scoring").
func (k Commodity) Values() (sole, shared int) {
	return warehouseValues[k][0], warehouseValues[k][1]
}

// NumPosts is the number of trading-post counters: every company × commodity once (NOTES §4.2).
const NumPosts = NumCompanies * NumCommodities

// NumHexes is the number of trading-post hexes on the track, 1..35.
const NumHexes = NumPosts

// TargetHex is the merchant position of the Target counter, past hex 35.
const TargetHex = NumHexes + 1

// Post is a trading-post counter, 0..34: company*7 + commodity, in the order of
// batavia_trading_posts.json. Its id is "P01".."P35".
type Post int8

// PostOf returns the counter of company c and commodity k.
func PostOf(c Company, k Commodity) Post { return Post(int(c)*NumCommodities + int(k)) }

// Company is the flag on the counter (also on its back).
func (p Post) Company() Company { return Company(int(p) / NumCommodities) }

// Commodity is the commodity printed on the counter's face.
func (p Post) Commodity() Commodity { return Commodity(int(p) % NumCommodities) }

// ID is the counter's id, "P01".."P35"; only rules text (inside rules.Ref), views and tests use it.
func (p Post) ID() string { return postIDs[p] }

// Words is the counter as rules text: "Danish trading post (silk)" (the message
// "batavia.term.post").
func (p Post) Words() string { return postWords[p] }

var postIDs, postWords = func() (ids, words [NumPosts]string) {
	for p := Post(0); p < NumPosts; p++ {
		n := int(p) + 1
		ids[p] = "P" + string(rune('0'+n/10)) + string(rune('0'+n%10))
		words[p] = rules.Msg("batavia.term.post", "Company", p.Company().Adj(1), "Commodity", p.Commodity().Words())
	}
	return
}()

// postByID returns the counter whose id is id.
func postByID(id string) (Post, bool) {
	for p := Post(0); p < NumPosts; p++ {
		if postIDs[p] == id {
			return p, true
		}
	}
	return 0, false
}

// quickStart is the fixed face-up layout of the quick-start setup, hex 1 first (NOTES §4.4,
// RECONSTRUCTED; batavia_trading_posts.json "quickstart_layout"): company letter and commodity.
var quickStart = [NumHexes]struct {
	co string
	k  string
}{
	{"B", "tea"}, {"D", "silk"}, {"F", "pepper"}, {"N", "china"}, {"S", "nutmeg"},
	{"F", "tea"}, {"N", "silk"}, {"S", "pepper"}, {"B", "cotton"}, {"D", "ginger"},
	{"S", "tea"}, {"B", "china"}, {"D", "nutmeg"}, {"F", "cotton"}, {"N", "ginger"},
	{"D", "pepper"}, {"F", "china"}, {"N", "nutmeg"}, {"S", "cotton"}, {"B", "silk"},
	{"N", "pepper"}, {"S", "china"}, {"B", "ginger"}, {"D", "tea"}, {"F", "silk"},
	{"B", "nutmeg"}, {"D", "cotton"}, {"F", "ginger"}, {"N", "tea"}, {"S", "silk"},
	{"F", "nutmeg"}, {"N", "cotton"}, {"S", "ginger"}, {"B", "pepper"}, {"D", "china"},
}

// quickStartLayout returns the quick-start layout as counters, hex 1 first.
func quickStartLayout() (out [NumHexes]Post) {
	for i, e := range quickStart {
		c, _ := CompanyByLetter(e.co)
		k := commodityByName(e.k)
		out[i] = PostOf(c, k)
	}
	return out
}

func commodityByName(name string) Commodity {
	for k := Commodity(0); k < NumCommodities; k++ {
		if commodityNames[k] == name {
			return k
		}
	}
	return -1
}

// Numbers of the game (rulebook "Preparing the Game", "Pirate Attacks", "Scoring"; NOTES §4.3, §4.5).
const (
	// ShipsPerCompany is the number of ship cards of each company: 110 / 5 (NOTES §4.3, INFERRED).
	ShipsPerCompany = 22
	// NumShips is the number of ship cards.
	NumShips = ShipsPerCompany * NumCompanies
	// StartHand is the number of ship cards dealt to each player.
	StartHand = 10
	// StartNotes is the number of promissory notes each player starts with.
	StartNotes = 15
	// Crates is the number of commodity crates of each player's colour.
	Crates = 12
	// FaceUpAtStart is the number of trading posts face up after the normal setup (hexes 1–10).
	FaceUpAtStart = 10
	// RevealBlock is how many counters are turned up at a time.
	RevealBlock = 5
	// MaxCannon is the last space of the ship scale.
	MaxCannon = 25
	// TargetGold, NotesGold, NotesTieGold and SealGold are the end bonuses.
	TargetGold   = 4
	NotesGold    = 5
	NotesTieGold = 2
	SealGold     = 2
)

// exchangeGold is the gold for exchanging counters of 1..5 different companies (rulebook
// "Converting Trading Post Counters into Gold Coins": 1, 3, 6, 10, 15).
var exchangeGold = [NumCompanies + 1]int{0, 1, 3, 6, 10, 15}

// PirateThreshold is the number of laid-out ships at which pirates attack: 21 with 3 players, 25
// with 4 or 5 (rulebook "Pirate Attacks").
func PirateThreshold(players int) int {
	if players == 3 {
		return 21
	}
	return 25
}
