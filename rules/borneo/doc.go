// Package borneo is the rules engine of Borneo (Paolo Mori, da Vinci Games 2008) for 3 to 5
// players, with the "Secrets of Blackbeard" variant (option "blackbeard") and the 3-player
// four-merchant variant (option "four-merchants").
//
// # Rulebook sections implemented
//
//   - Setup: harbours marked "5" removed with 3–4 players and those marked "3/4" with 5; the
//     missions marked "5" removed with 3–4 players; both decks shuffled from the state's RNG;
//     three face-up harbours; hands of three cards; a random first player; the merchants placed
//     as "place" moves in a snake draft into the first empty slot of a company that is not full.
//   - 1. Complete a Mission: one per turn and only before the company action, paid from the
//     warehouse only, card by card ("mission M05 pepper", then "pay S12" …): wilds for any
//     spice, ×2 cards as two spices, harbour cards as one spice, no change. Completed tiles are
//     taken from the board openly (the rulebook keeps them face down, which only hides the
//     total; rulings §1.6.12), so they are public.
//   - 2. Companies: moving a merchant ("move Y1 R") or fighting ("fight Y3 Y1", "play S12",
//     "done"): every card played must show the company's flag, the defender's reply is capped at
//     the attacker's card count, both sides keep a card, the company's flags count on all four
//     positions of a card, the defender's bonus, ties to the attacker, the displaced defender's
//     choice ("stay" / "move R") and the victorious defender's reward ("keep S40" / "keep
//     none"); all other fight cards are discarded.
//   - 3. Shipment: visible flags, monopoly (checked first, with the last-card tie-break), shared
//     distribution with company ranks and the reading-order tie-break, every pick chosen by the
//     merchant's owner ("pick S12"), the harbour card to the shipper, the harbour refilled after
//     the distribution.
//   - 4. Draw Two Cards: reshuffling the discard pile when the deck runs out, then "discard"
//     down to six.
//   - End of the Game: both end conditions, the last-chance missions in seat order starting
//     left of the last player ("pass" to decline), scoring with the most-missions tie-break.
//   - 3 Player Variant and Game Variant: the Secrets of Blackbeard (the pirate trade "pay S12
//     cloves", the pirate ship and its −2).
//
// # Component data
//
// The cards are transcribed into data.go from the project's component research (NOTES §1.3–§1.5):
// 60 shipment cards S01–S60, 14 harbours H01–H14 and 16 missions M01–M16, most of them
// reconstructed because the printed card list was not found.
//
// # Rulings followed (NOTES §1.6)
//
//   - §1.6.1 snake draft: round 1 clockwise from the first player, round 2 counter-clockwise from
//     the player on the first player's right, round 3 clockwise; a 4th counter-clockwise round
//     with four merchants.
//   - §1.6.2 a full company (5 merchants) can never be chosen, in setup, moves or displacement.
//   - §1.6.3–§1.6.4 fights as listed above; a fight is offered only to a seat holding at least two
//     cards, one of them showing that company's flag. Only the fight company's flags count
//     (English "flags ... that match the company"; the French text says just "drapeaux").
//   - §1.6.5–§1.6.7 visible flags, monopoly first, the tie-breaks by reading order. When one
//     card brings several companies to the monopoly number, the first of their flags on that
//     card wins even if another has more flags (the rulebook breaks the "tie" of reaching the
//     limit, not of the counts).
//   - §1.6.8–§1.6.9 each shipment card is one item; monopoly picks cycle through the company's
//     merchants; shared picks go by rank then company order and cycle; companies without flags
//     get nothing; if no merchant can pick, the cards are discarded.
//   - §1.6.10–§1.6.11 an empty harbour deck ends the game at once (no draw); a draw that cannot
//     be completed even after reshuffling stands partially and ends the game.
//   - §1.6.12 missions: warehouse only, any number of wilds, no change, a ×2 card may be used as
//     one spice.
//   - §1.6.13 last chance from the left of the last player, without the pirate trade.
//   - §1.6.14 scoring; a tie on points goes to the most missions, then it is a shared victory.
//   - §1.6.15 the pirate trade converts the whole card (a ×2 card counts two of the new spice)
//     and takes the ship from the cove or its holder; the holder cannot trade.
//   - §1.6.16 harbours and missions by player count. Four merchants with 3 players is an option,
//     as in the rulebook, rather than always on.
//
// # Decisions made here
//
//   - Same-type missions name their spice when started ("mission M05 pepper"), following NOTES
//     §1.5 (player-chosen type).
//   - A mission may be started only if it can be paid from the warehouse; while paying, only
//     cards that still reduce what is owed and leave the rest payable are offered, and "cancel"
//     abandons the mission with the warehouse unchanged; a mission cancelled cannot be started
//     again in the same turn (State.Cancelled), so that starting and cancelling it is no loop a
//     seat could repeat forever (the rulestest cycle check, issue 22; a wrong card is taken back
//     with undo instead). The pirate trade may use a harbour card;
//     a wild card is never traded (it already counts as any spice). Paid harbour cards leave the
//     game; paid shipment cards go to the discard pile.
//   - Forced steps are automatic and logged: the last card of a distribution goes to the next
//     picker; a displaced defender stays when every other company is full; a defender who played
//     no card has no reward to choose; a seat that cannot pay any mission in the last chance is
//     skipped.
//   - Spices that no merchant can take go to the discard pile as part of the distribution
//     (rulings §1.6.9), so the draw of the same turn reshuffles them when the deck runs out
//     (issue 7: keeping them aside until after the draw could end the game although the
//     rulebook would reshuffle them). The table saw those cards go into the discard pile, so the
//     move that reshuffles them may name them in its log: until the next move they are left out
//     of Hidden (State.Exposed); where they are now — their place in the deck or the drawer's
//     hand — is named nowhere.
//   - Harbour cards paid for a mission leave the game (State.Spent), like the tiles removed by
//     player count.
//   - A card discarded down to six leaves the secret hand face down: the log names it to its
//     owner only ("{1} discards a card."). The rulebook does not say it is shown.
//   - At the end of the game the hands and the shipment deck are discarded (rulebook: everything
//     on the table is discarded); the face-up harbours stay visible for the final board.
//   - View.Phase shows the victorious defender's reward choice as "defend".
//
// # Decisions, words and turns (issue 8)
//
// Every legal move has a decision path (Describe), said to the player:
//
//   - Turn: "What do you do?" → "Complete a mission" → which mission → which spice (same-type
//     missions); "Move a merchant" → which merchant ("second place in yellow") → which company
//     ("red (third place)"); "Attack" → which of your merchants → whom ("{1} at first place in
//     yellow"); "Ship" → which card ("cinnamon ×2 · flags 🟨🟨🟨, below 🟩") → which harbour
//     ("Tidore").
//   - Paying a mission: the warehouse cards in one multi-pick (Multi: 1 to the units still owed),
//     "Trade a card with the pirates" → card → spice, or "Cancel the mission".
//   - A fight: the cards in one multi-pick followed by "done" (Multi.Then); the defender may
//     answer "Play no card". The beaten defender's place, the victorious defender's reward, each
//     pick of a distribution, the discards down to six (one multi-pick of exactly the excess)
//     and the last-chance mission ("Complete no mission") are one-step questions.
//
// Irreversible marks the moves that cannot be taken back because someone saw something new or
// the game is decided: shipping (a card leaves the hand face up; the draw follows), playing a
// fight card (it leaves the hand face up), the pick that ends a distribution (a harbour is turned
// face up and the turn player draws), and the last-chance decisions that end the game. Moving,
// attacking, starting or paying a mission, keeping a card, the displaced merchant's place and the
// secret discards show nothing hidden and are not marked.
//
// Rules text (log, status, labels, Private, reasons, outcome) names components only through
// rules.Ref and seats through rules.SeatRef; Game.Term gives the words: a shipment card is its
// spice, ×2 and flags as the companies' coloured squares, top row then the flag below
// ("cinnamon ×2 · flags 🟨🟨🟨, below 🟩": plain words and the colours of the board's legend, issue
// 26); a merchant's place is a word ("third place in yellow"). Images draw no emoji: DrawnTerm
// (render.DrawnTermer) gives the drawers the card with company letters ("cinnamon ×2 · Y Y Y /
// G"), which the board's legend explains; a
// harbour is its name; a mission is `mission “4 of one spice” (8 points)`. The move text form
// and the views keep ids.
//
// # Words (issue 13)
//
// Every text the engine produces for players — log lines (public and private), Status, the
// decisions of Describe, Private, the reasons of refused moves, the outcome's details, recap and
// tie-break, the rules summary, the variants' names and help, and the component words of Term
// that are not proper nouns — is language-neutral: catalogue messages (rules.Msg, ids
// "borneo.…", named arguments; rules.List for lists) with seat and component references kept in
// their arguments. The catalogues are messages/borneo.en.yaml, whose English is the text the
// engine wrote before, and messages/borneo.fr.yaml, which uses the French rulebook's own terms:
// carte Cargaison, carte Port, pile Port, entrepôt, marchand, compagnie, drapeau, monopole,
// distribution partagée, Mission, PV, bateau pirate, repaire, commerce avec les pirates, Les
// secrets de Barbe Noire; the company letters are J, R, V, B in French. Harbour names are proper
// nouns and stay. The move text form ("ship S12 H03", "fight Y3 Y1") is not translated, nor the
// reasons' examples of it. The board and hand drawer (render/drawborneo) draws its words from
// the same catalogue ("borneo.board.…", "borneo.hand.…").
//
// TurnNumber counts turns as players do: each merchant placed in the draft, then one per player
// turn (its fight, picks, draw and discards included), then one per last-chance mission.
//
// Outcome.Details is each seat's score in words ("12 spice cards + 3 harbours + missions “1 of
// each spice” 6 and “4 of one spice” 8 − 2 for the pirate ship = 27 points"); Outcome.Recap
// recalls the biggest shipment, the monopolies and fights, the most missions and the fullest
// warehouse.
//
// Hidden information: the hands (each seat sees its own), the order of the shipment deck and the
// harbour deck, and the cards discarded face down down to six (Seat.Discarded: known to their
// owner until the discard pile is reshuffled or the game ends). Draws are logged privately ("You
// draw [[S12]] and [[S44]].") and publicly as a count.
//
// # Undo (State.Undoable, issue 11)
//
// A move may be taken back when it drew, revealed and rolled nothing and did not end the game:
//
//   - Undoable: placing a merchant; starting, paying (pirate trade included), completing and
//     cancelling a mission; moving a merchant; attacking; "done" (the cards played are already
//     face up, and the fight is decided from them); the displaced merchant's place; keeping a
//     card or none; a pick that leaves cards in the distribution; discarding down to six (the
//     card leaves the hand face down, and the next turn begins with nothing shown); the
//     last-chance pass.
//   - Not undoable: shipping (the card is shown; the draw follows), playing a fight card (shown),
//     the pick that ends a distribution (a harbour is turned up and the turn player draws), any
//     move whose automatic steps draw, reshuffle or turn up a harbour, and the move that ends the
//     game (the hands and the deck are no longer hidden; the result is final).
//
// The fight cards played with "done" in one pick are one action: it can't be taken back,
// since its cards were shown (before issue 26 the reply offered Undo after such a pick, judged
// on "done" alone, and pressing it refused). What a menu says before a pick and what the reply
// offers after it come from the one undo rule (rules.WouldUndo, rules.ApplyAction over
// State.Undoable), not from Describe's Irreversible marks, which a few moves carry to be safe (a
// last-chance payment).
//
// # Determinization (State.Determinize, issue 12)
//
// For a viewer, the unseen shipment cards — other hands, the deck and the other seats' face-down
// discards — are sorted, shuffled from the seed and dealt back into those places (each keeping
// its size); the harbour deck is shuffled; the RNG is reseeded; log lines private to others read
// as their public text. A card the table saw go into the discard pile and then into the new deck
// at a reshuffle (State.Reshuffled) is dealt only to the deck or to a seat that drew since, at
// most as many to a seat as it drew (Seat.Drawn). This is a consistent deal, not an exact sample
// of the cards' odds.
package borneo
