package dei

import (
	"strings"

	"spicebot/rules"
)

// The words of the game's texts, as catalogue messages (rules.Msg, messages/dutch-east-indies.*.yaml):
// every function here returns language-neutral rules text. Some words come in several forms
// because French needs an article or a contraction where English does not ("{1}'s big ship" is
// "le grand navire de {1}", "Le grand navire de {1}" or "au grand navire de {1}"); each caller
// picks the form its sentence needs.

// goodName is the bare name of one unit of g: "crate", "gold", "clove".
func goodName(g Good) string { return rules.Msg("dutch-east-indies.good." + goodCodes[g]) }

// goodTitle is the name of g as an option of a menu: "Crate", "Gold", "Clove".
func goodTitle(g Good) string { return rules.Msg("dutch-east-indies.good-title." + goodCodes[g]) }

// goodSome is g as the object of "Load …": "crates", "gold", "clove".
func goodSome(g Good) string { return rules.Msg("dutch-east-indies.good-some." + goodCodes[g]) }

// statThe is stat st as the object of a sentence ("Lower the sail of …", "Upgrade sail …").
func statThe(st Stat) string { return rules.Msg("dutch-east-indies.stat." + statCodes[st]) }

// statTitle is stat st as an option of a menu: "Sail", "Cargo", "Cannons".
func statTitle(st Stat) string { return rules.Msg("dutch-east-indies.stat-title." + statCodes[st]) }

// sizeWord is the adjective of ship k: "big", "small".
func sizeWord(k int) string { return rules.Msg("dutch-east-indies.size." + shipCodes[k]) }

// shipTitle is ship k as an option of a menu: "Big ship", "Small ship".
func shipTitle(k int) string { return rules.Msg("dutch-east-indies.ship-title." + shipCodes[k]) }

// Ship name forms (see the file comment).
const (
	shipThe   = iota // "{1}'s big ship" as a subject or object inside a sentence
	shipStart        // at the start of a sentence
	shipToThe        // after "take … from" (French "au …")
)

// shipName is how rules text names seat's ship k inside a sentence: "{1}'s big ship".
func shipName(seat rules.Seat, k int) string { return shipForm(seat, k, shipThe) }

// shipForm names seat's ship k in form f.
func shipForm(seat rules.Seat, k, f int) string {
	s, z := rules.SeatRef(seat), sizeWord(k)
	switch f {
	case shipStart:
		return rules.Msg("dutch-east-indies.ship.start", "Seat", s, "Size", z)
	case shipToThe:
		return rules.Msg("dutch-east-indies.ship.to", "Seat", s, "Size", z)
	}
	return rules.Msg("dutch-east-indies.ship.the", "Seat", s, "Size", z)
}

// yours is the mover's own ship k: "your big ship".
func yours(k int) string { return rules.Msg("dutch-east-indies.ship.yours", "Size", sizeWord(k)) }

// pirateName is pirate p inside a sentence ("the big pirate" reads "the {{.Pirate}}").
func pirateName(p int) string { return rules.Msg("dutch-east-indies.pirate." + shipCodes[p]) }

// pirateTitle is pirate p at the start of a sentence: "Big pirate".
func pirateTitle(p int) string { return rules.Msg("dutch-east-indies.pirate-title." + shipCodes[p]) }

// dirWord names a board direction: "up", "down-left" ("vers le haut" in French).
func dirWord(d Direction) string { return rules.Msg("dutch-east-indies.dir." + dirCodes[d&7]) }

// compassWord names a face of the D8: "north", "south-west".
func compassWord(face int) string {
	return rules.Msg("dutch-east-indies.compass." + compassCodes[face&7])
}

// compassCodes are the D8's faces' message keys (N, NE, E, SE, S, SW, W, NW).
var compassCodes = [8]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}

// sideWord names a board edge ("N", "E", "S", "W") after "from the … edge".
func sideWord(side string) string {
	return rules.Msg("dutch-east-indies.side." + strings.ToLower(side))
}

// countryCodes are the message keys of the seats' countries (cosmetic, NOTES §2.3).
var countryCodes = []string{"netherlands", "england", "france", "portugal"}

// countryName is seat i's country as a name ("Netherlands").
func countryName(i int) string { return rules.Msg("dutch-east-indies.country." + countryCodes[i]) }

// countryThe is seat i's country after "sails for" ("les Pays-Bas" in French).
func countryThe(i int) string { return rules.Msg("dutch-east-indies.country-the." + countryCodes[i]) }

// islandTerm is the plain words of wild island i (0-based): "Vilfort Island".
func islandTerm(i int) string { return rules.Msg("dutch-east-indies.island", "Name", islandNames[i]) }

// marketTerm is Market Island's plain words.
func marketTerm() string { return rules.Msg("dutch-east-indies.market") }
