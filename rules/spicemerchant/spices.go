package spicemerchant

import "spicebot/rules"

// Spice is one kind of spice card, as an index into the spice table: 0 ginger, 1 black pepper,
// 2 cinnamon, 3 nutmeg, 4 clove, 5 saffron (from the most common kind to the rarest).
type Spice int

// The six spice kinds.
const (
	Ginger Spice = iota
	BlackPepper
	Cinnamon
	Nutmeg
	Clove
	Saffron
)

// NumSpices is the number of spice kinds.
const NumSpices = 6

// NumCards is the number of spice cards (rulebook "Preparation": 84 spice cards).
const NumCards = 84

// NumMarkets is the number of world markets, A to F (rulebook "Contents": 6 market markers).
const NumMarkets = 6

// MaxDemand is the most cards a market can hold (rulebook "Fake demand").
const MaxDemand = 4

// HandSize is the number of cards a player draws back up to (rulebook "Preparation", "Play").
const HandSize = 7

// Rounds is the number of rounds in a game (rulebook "Play").
const Rounds = 4

// spiceInfo is one row of the spice table.
type spiceInfo struct {
	// key is the short name used in move texts ("pepper") and in the ids of the spice's
	// catalogue messages (spice-merchant.spice.pepper: "black pepper").
	key string
	// cards is how many cards of the kind exist; first the index of its first card.
	cards, first int
	// scores[d-1] is the value of one good sold in a market holding d cards of the kind.
	scores [MaxDemand]int
}

// spices is the spice deck and its score tables, transcribed from
// games/components/spice_merchant_spices.json and NOTES §3.3. FOUND values: saffron 3/6/8/10,
// ginger 1 at one card and 6 at four, clove 4 at two, black pepper 2 at one, 84 cards in all;
// every other value, the counts per kind and the names cinnamon and nutmeg are the ruling's
// reconstruction. Card ids run kind by kind in this order: C01–C19 ginger, C20–C36 black pepper,
// C37–C51 cinnamon, C52–C64 nutmeg, C65–C75 clove, C76–C84 saffron.
var spices = [NumSpices]spiceInfo{
	{key: "ginger", cards: 19, first: 0, scores: [4]int{1, 2, 4, 6}},
	{key: "pepper", cards: 17, first: 19, scores: [4]int{2, 3, 5, 6}},
	{key: "cinnamon", cards: 15, first: 36, scores: [4]int{2, 4, 5, 7}},
	{key: "nutmeg", cards: 13, first: 51, scores: [4]int{2, 4, 6, 8}},
	{key: "clove", cards: 11, first: 64, scores: [4]int{2, 4, 7, 9}},
	{key: "saffron", cards: 9, first: 75, scores: [4]int{3, 6, 8, 10}},
}

// cardKind maps a card index (0..83) to its spice.
var cardKind = func() [NumCards]Spice {
	var k [NumCards]Spice
	for s, info := range spices {
		for i := 0; i < info.cards; i++ {
			k[info.first+i] = Spice(s)
		}
	}
	return k
}()

// cardKind8 is cardKind as bytes, for the hot loops of Legal.
var cardKind8 = func() (k [NumCards]uint8) {
	for c := range k {
		k[c] = uint8(cardKind[c])
	}
	return k
}()

// cardIDs maps a card index (0..83) to its id, "C01".."C84".
var cardIDs = func() [NumCards]string {
	var ids [NumCards]string
	for i := range ids {
		n := i + 1
		ids[i] = "C" + string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return ids
}()

// Key is the spice's short name as used in move texts: "ginger", "pepper", "cinnamon", "nutmeg",
// "clove" or "saffron".
func (k Spice) Key() string { return spices[k].key }

// Name is the spice's name as rules text: the catalogue message spice-merchant.spice.<key>
// ("ginger", "black pepper"; "gingembre", "poivre noir" in French), in lower case.
func (k Spice) Name() string { return spiceNames[k] }

// Title is the spice's name capitalised, to begin a sentence, as rules text (the catalogue
// message spice-merchant.spice-title.<key>: "Black pepper").
func (k Spice) Title() string { return spiceTitles[k] }

// spiceNames and spiceTitles hold each spice's name (Spice.Name, Spice.Title), built once.
var spiceNames, spiceTitles = func() (n, t [NumSpices]string) {
	for k := range n {
		n[k] = rules.Msg("spice-merchant.spice." + spices[k].key)
		t[k] = rules.Msg("spice-merchant.spice-title." + spices[k].key)
	}
	return n, t
}()

// Value is the points one good of kind k scores when sold in a market holding demand cards of
// k (1..4); 0 for any other demand (rulebook "Example) Informations of card").
func (k Spice) Value(demand int) int {
	if demand < 1 || demand > MaxDemand {
		return 0
	}
	return spices[k].scores[demand-1]
}

// CardID returns the id ("C01".."C84") of card index c (0..83).
func CardID(c int) string { return cardIDs[c] }

// CardKind returns the spice of card index c (0..83).
func CardKind(c int) Spice { return cardKind[c] }

// marketLetter returns "A".."F" for market index m.
func marketLetter(m int) string { return "ABCDEF"[m : m+1] }

// secretMax is the most secret goods a player registers in one round.
const secretMax = 2

// secretGoods is the number of secret goods each player registers in round r (rulebook "Play":
// 1 card in rounds 1 and 2, 2 cards in rounds 3 and 4).
func secretGoods(r int) int {
	if r >= 3 {
		return 2
	}
	return 1
}

// parseSpice reads a spice name: its key, its display name with "-" or "_" or no space for the
// space ("black-pepper"), case-insensitive. It returns false for anything else.
func parseSpice(s string) (Spice, bool) {
	switch s {
	case "black-pepper", "black_pepper", "blackpepper", "black pepper": // lang:ok: move text read, not written
		return BlackPepper, true
	}
	for k, info := range spices {
		if s == info.key {
			return Spice(k), true
		}
	}
	return 0, false
}
