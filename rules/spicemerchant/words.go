package spicemerchant

import (
	"strconv"
	"strings"

	"spicebot/rules"
)

// The words of the game's texts (issue 13): every text a player reads is rules text made of
// catalogue messages (rules.Msg, ids "spice-merchant.…", messages/spice-merchant.{en,fr}.yaml),
// seat references and numbers; the edge translates it into the reader's language.

// msgCards is "1 card" / "3 cards" as rules text.
func msgCards(n int) string { return rules.Msg("spice-merchant.cards", "Count", n) }

// msgPoints is "1 point" / "3 points" as rules text.
func msgPoints(n int) string { return rules.Msg("spice-merchant.points", "Count", n) }

// msgGoodsSold is "1 good sold" / "3 goods sold" as rules text.
func msgGoodsSold(n int) string { return rules.Msg("spice-merchant.goods-sold", "Count", n) }

// msgSecretGoods is "1 secret good" / "2 secret goods" as rules text.
func msgSecretGoods(n int) string { return rules.Msg("spice-merchant.secret-goods", "Count", n) }

// cardNames names the spices of cards in order, comma-separated: "ginger, ginger, clove".
func cardNames(cards []int) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = spiceNames[cardKind[c]]
	}
	return strings.Join(names, ", ")
}

// kindNames names spices in order, comma-separated.
func kindNames(kinds []Spice) string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = spiceNames[k]
	}
	return strings.Join(names, ", ")
}

// illegal returns an *rules.IllegalMoveError for move whose reason is rules text (a Msg).
func illegal(move rules.Move, reason string) error {
	text := ""
	if move != nil {
		text = move.String()
	}
	return &rules.IllegalMoveError{Move: text, Reason: reason}
}

// itoa is strconv.Itoa.
func itoa(n int) string { return strconv.Itoa(n) }
