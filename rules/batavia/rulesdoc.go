package batavia

import "spicebot/rules"

// Rules returns the rules summary, one topic per rulebook section.
func (game) Rules() []rules.Topic {
	return []rules.Topic{
		{Key: "goal", Title: "Goal", Text: "Sail your merchant along the 35 trading posts of five East India Companies " +
			"(British B, Danish D, French F, Dutch N, Swedish S), store their commodities in the warehouses, and end with the most gold."},
		{Key: "setup", Title: "Preparation", Text: "Each player gets 10 ship cards (hidden), 15 promissory notes (how many you hold is secret) " +
			"and 12 crates. Trading posts 1–10 lie face up; the rest show only their company. Quick start: all face up in a fixed layout."},
		{Key: "auction", Title: "Auction", Text: "Each round the start player rolls the die and turns up that many ship cards. From the " +
			"auctioneer's left, clockwise, everyone bids higher than the last bid (at most the notes you hold) or passes and drops out. " +
			"The last bidder pays the bid one note at a time to the others from the left, takes the cards and becomes start player. " +
			"If all pass, the cards stay for the next auction."},
		{Key: "turn", Title: "Your turn", Text: "From the start player, clockwise, each player either draws two ship cards, or lays out " +
			"ship cards (as many as you like, at least one) so that afterwards you have more of one company laid out than every other " +
			"player. The strict majority of a company holds its seal; a tie sends the seal back to the board."},
		{Key: "move", Title: "Merchant", Text: "After laying out, your merchant sails forward to the next trading post of a company whose " +
			"seal you hold (face-down ones too; you choose if you hold several), takes the counter and puts a crate in the matching " +
			"warehouse square. Landing on one of the last five face-up hexes turns up the next five."},
		{Key: "exchange", Title: "Gold for counters", Text: "Right after taking a counter of a company you held none of, you may hand " +
			"in one counter of every company you hold: 1, 3, 6, 10 or 15 gold for 1–5 companies."},
		{Key: "pirates", Title: "Pirates", Text: "After each turn in which cards were laid out, if 21 (3 players) or 25 (4–5 players) or " +
			"more ships lie out, pirates sink every card of the largest company (all tied largest); their seals go back to the board."},
		{Key: "end", Title: "End", Text: "A player who lays out but has no trading post of a seal company ahead takes the Target counter. " +
			"The round is finished (later players may lay out only if they can reach a trading post), everyone lays out their hand, " +
			"seals are recounted, and scored: each warehouse pays its most crates (tea 10, cotton 11, china 12, silk 13, ginger 14, " +
			"nutmeg 15, pepper 16; tied leaders 5/5/6/6/7/7/8 each), most notes 5 (tie: 2 each), Target 4, each seal 2, plus exchanged gold. " +
			"Ties share the win."},
	}
}
