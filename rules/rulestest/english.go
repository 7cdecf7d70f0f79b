package rulestest

import (
	"regexp"
	"strings"
)

// englishWord matches common English words that French text never holds (issue 26: no English in
// French). Proper nouns the games keep in every language (harbour and island names, "Spice
// Merchant") contain none of them; a player's name may, so callers drop names first.
var englishWord = regexp.MustCompile(`(?i)\b(the|your|you|and|with|has|is|are|of|to|left|moves?|turn|ships?|cards?|deck|round|hand|flags?|wins|plays|player|players|waiting|draws?|ago|until|now|here)\b`)

// EnglishIn returns the English words found in text, a text that should be French (empty when
// none): the words of englishWord outside backquotes (commands and values typed as they are,
// "`/rules topic:`") and outside links.
func EnglishIn(text string) []string {
	text = regexp.MustCompile("`[^`]*`").ReplaceAllString(text, " ")
	text = regexp.MustCompile(`https?://\S+`).ReplaceAllString(text, " ")
	text = strings.ReplaceAll(text, "’", " ")
	return englishWord.FindAllString(text, -1)
}
