// Package spicemerchant is the rules engine of Spice Merchant (Gun-Hee Kim, Deinko Games) for 3
// or 4 players: Game is its rules.Game, State its rules.State, View what a viewer may see.
//
// # Rulebook sections implemented
//
//   - Contents / Preparation: 84 spice cards "C01".."C84" of six spices, 7-card hands, the rest
//     as the deck, six markets A–F; the first player is random (NOTES §3.4.9).
//   - Play: four rounds. Each starts with every player registering secret goods at the same time,
//     1 card in rounds 1–2 and 2 in rounds 3–4 (the same spice allowed), then everybody draws
//     back to 7. Then turns go clockwise (seat order) from the first player; a turn is one action:
//   - Register open-trade goods: one card face up, once per round, any spice.
//   - Fake demand: 1–4 cards of one spice on one market; a market holds one spice and at most 4
//     cards; a spice occupies at most two markets; then draw back to 7.
//   - The end of round: at once when all six markets are occupied or two hold four cards. Every
//     player reveals their goods; each good sells in a distinct market holding its spice at that
//     spice's value for the market's card count, with the best assignment for the player (the
//     engine picks it: a player's goods of one spice take that spice's most valuable markets);
//     unsold goods are discarded. Examples 1 and 2 (Robert 11, Jane 8) are tests.
//   - The beginning of new round: the next seat becomes first player; hands and sold goods stay;
//     the deck, the market cards and the unsold goods are shuffled into the new deck.
//   - The end of game: after round 4, most points wins; ties go to the most goods sold; if still
//     tied, the players are co-winners (Outcome.TieBreak TieMostSold or TieCoWinners).
//
// # Rulings followed (games/NOTES.md §3)
//
//   - §3.3: the deck and score tables (spices.go) — ginger 19, black pepper 17, cinnamon 15,
//     nutmeg 13, clove 11, saffron 9 cards; values as in the table there.
//   - §3.4.1: secret goods are registered simultaneously; §3.4.2: one action per turn, open goods
//     once per round, "pass" only with no legal action, and the round also ends when every player
//     passes in a row; §3.4.3: the legal fake demands; §3.4.4: the round-end check after each
//     fake demand only; §3.4.5: optimal selling, markets shared by all sellers and not consumed,
//     unsold goods discarded; §3.4.6: a numeric score and the count of goods sold; §3.4.7: an
//     empty deck is not refilled mid-round — players simply draw nothing; §3.4.8: new round;
//     §3.4.9: random first player; §3.4.10: clockwise turns from the first player until the round
//     ends; §3.4.11: hands, secret goods and the deck are hidden, markets and open goods public.
//
// # Decisions
//
//   - Moves name a spice, not a card ("secret ginger", "open ginger", "demand 3 ginger B",
//     "pass"): cards of a spice are identical, so the engine takes cards of that spice from the
//     hand at random, from the game's RNG (so replays stay exact). A rule on the ids, such as
//     the lowest id, would make the ids seen on markets, open goods and revealed goods tell
//     others about the rest of the hand and hint at the secret goods. Two secret goods are two
//     "secret" moves.
//   - During registration Active() lists every seat and Legal is empty for a seat that has
//     finished. Nothing public tells who has registered: no public log line, and in the views of
//     the others a seat shows its hand count from before registering and no secret goods; the
//     deck is not touched until everybody has registered, and Hidden lists card ids in card
//     order, not by where the cards lie. Only the number of players still registering is public
//     (the Status sentence) — and, unavoidably, the move counter Version.
//   - Drawing happens after every turn, open goods included ("You always have 7 cards in your
//     hand, when your turns finished"), and after the registration of all players, in seat order
//     from the first player. The player whose fake demand ends a round draws before the round
//     ends (drawing is part of the action), so from the old deck. Registration draws back up to
//     7, which is the rulebook's "replenish 1 card (2 cards ...)" whenever the hand held 7; after
//     the deck ran out in the last round a short hand is filled up too (NOTES §3.4.8: "not
//     beyond 7"). A player whose hand is smaller than the secret goods due (possible only after
//     the deck ran out) registers what it holds, possibly nothing.
//   - With cards in hand a fake demand is always possible (a blocked spice implies a finished
//     round), so "pass" arises only with an empty hand after the deck ran out; Status then says
//     the player must pass.
//   - Log lines name spices, never card ids: cards in a log line could later return to the deck
//     and become hidden. Draws are private log lines; the public text gives only the count.
//   - The rulebook leaves the spices on markets A and D of example 1 unstated; the tests use
//     nutmeg and saffron.
//
// # Decisions, words and turns (issue 8)
//
// Describe gives each move a decision path in plain words: secret goods "Which spice do you
// register as a secret good?" → "ginger (you hold 3)" (in rounds 3–4, two different spices may
// be picked in one multi-pick: Multi 1..2); "What do you do?" → "Register open goods" → spice;
// "Fake demand" → spice → "How many ginger cards?" → "market B: 1 now, 4 after, worth 6 a
// good"; "Pass". Irreversible marks the moves after which the table has seen something new:
// open goods and fake demand (cards leave the hand face up and the player draws), the secret
// good of the last player still registering (everybody then draws) and the pass that ends the
// round (goods are revealed and the cards reshuffled).
//
// No text a player reads names a card id: cards of a spice are identical, so texts name the
// spice ("Your hand: ginger ×2, clove."); Game.Term gives a card's spice for a rules.Ref all the
// same. Private speaks to "you".
//
// TurnNumber counts turns as the rulebook does ("On your turn, you can do only one action"):
// each open good, fake demand or pass is a turn, and the simultaneous registration that starts
// a round is one turn of the whole table; single secret cards are not turns.
//
// Outcome.Details is each seat's score in words ("rounds 5 + 8 + 10 + 11 = 34 points, 12 goods
// sold"); Outcome.Recap names the best sale, the best round and the most goods sold.
//
// # Words (issue 13)
//
// Every text the engine writes for players — log lines (public and private), Status, Describe's
// labels, prompts and options, Private, the reasons of *rules.IllegalMoveError, the outcome's
// details, recap and tie-break, the Rules topics, and Term's spice names — is rules text made of
// catalogue messages (rules.Msg, ids "spice-merchant.…") with named arguments, seat references
// and numbers; lists of spices are comma-separated and lists of players use rules.List. The
// catalogues are messages/spice-merchant.en.yaml (the English reproduces the engine's former
// text exactly) and messages/spice-merchant.fr.yaml; the drawer's words (ids
// "spice-merchant.board.…") are there too. Move texts ("demand 3 ginger B") are commands, not
// words, and stay English in every language. The French uses natural board-game words: manche
// (round), marché (market), pioche (deck), premier joueur, marchandise secrète (face down),
// marchandise exposée (face up, the open good), fausse demande (fake demand), co-vainqueurs;
// the spices are gingembre, poivre noir, cannelle, muscade, clou de girofle and safran.
//
// # Undo (State.Undoable, issue 11)
//
// A move may be taken back when it drew, revealed and rolled nothing and did not end the game:
//
//   - Undoable: a secret good, unless it is the last of the table's registration (then everybody
//     draws back to 7). The card goes face down and nobody learns who registered; the engine
//     picks which card of the named spice with the RNG, but cards of a spice are identical, so
//     that choice is nothing anybody can tell (a replay without the move and with another one
//     is as good). A pass that does not end the round.
//   - Not undoable: open goods and fake demand (cards are shown and the player draws), the last
//     secret good of the registration, and the pass that ends a round (the goods are revealed,
//     the cards reshuffled) or the game.
//
// Secret goods picked together are one action; when they are the last of the registration it
// can't be taken back, and the menu, which cannot tell that from the list, asks to confirm the
// pick (the one undo rule of rules/undo.go, issue 26). Nothing the bot says after the
// registration names who registered last: the DMs of the new hands say "Your hand changed."
// (package commands names the mover only when a move was theirs alone to make), and the board's
// last move at a round's start is the line that begins the round.
//
// # Determinization (State.Determinize, issue 12)
//
// For a viewer: during the registration, which other seats have registered and how many goods
// each holds is re-drawn among the splits that agree with what is public (the number still
// registering, the goods registered so far — one move each — and each seat's cards); the unseen
// cards (other hands and secret goods, the deck) are sorted, shuffled from the seed and dealt
// back, hands and goods sorted — the cards the table saw go into the deck when the round began
// (the markets, the unsold goods: State.Reshuffled) only to the deck or to a seat that drew
// since, at most as many as it drew (Player.Drawn); the RNG is reseeded; log lines private to
// others read as their public text. This is a consistent deal, not an exact sample of the odds.
package spicemerchant
