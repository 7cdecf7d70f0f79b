package lang

import (
	"regexp"
	"strings"
)

// French elision (issue 26, item 7): the catalogues write "de {{.Seat}}" ("Le marchand de
// {{.Seat}}"), and a name that begins with a vowel makes it "de **Alice**", which French writes
// "d’**Alice**". elide applies the rule to the finished text (names and terms put in), in French
// only: "de" or "De" before a word of two letters or more, bold or not, that begins with a vowel
// or an h is "d’" (a letter alone stays: "de A à F").
// Harbour and island names are elided too ("le port d’Ambon"), as French does.

// elision matches "de " before a word (optionally in bold) that begins with a vowel or h.
var elision = regexp.MustCompile(`(^|[\s(«“"'’])([Dd])e (\*\*)?([AEIOUYHÀÂÉÈÊÎÏÔÛaeiouyhàâéèêîïôû]\pL)`)

// elide returns text with French elision applied.
func elide(text string) string {
	if !strings.Contains(text, "e ") {
		return text
	}
	return elision.ReplaceAllString(text, "$1${2}’$3$4")
}
