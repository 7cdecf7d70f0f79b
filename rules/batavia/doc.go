// Package batavia is the rules engine of Batavia (Dan Glimne & Grzegorz Rejchtman, Queen Games
// 2008) for 3 to 5 players: Game is its rules.Game, State its rules.State, View what a viewer may
// see.
//
// # Rulebook sections implemented
//
//   - Game Materials / Preparing the Game: 35 trading posts "P01".."P35" (every company ×
//     commodity once, data.go), stacked by company, each stack shuffled, dealt block by block
//     (each block of 5 hexes holds one counter of each company, shuffled within the block), hexes
//     1–10 face up; the quick-start option lays the fixed layout of NOTES §4.4 face up. 110 ship
//     cards (22 per company), 10 to each player; 15 promissory notes and 12 crates each; every
//     merchant on the start space; a random first auctioneer (NOTES §4.6.11).
//   - A. Ship Card Auction: the auctioneer (the start player) rolls the die and turns up that many
//     cards, added to those left by an all-pass auction. Bidding goes clockwise from the
//     auctioneer's left, the auctioneer included; each bid is higher than the last and at most
//     the notes the bidder holds; a pass drops out. When one bidder is left, the winner pays one
//     note at a time to the others from their left (never to themself), takes the cards and is
//     start player. If everybody passes the cards stay and the start player stays; in round 1
//     the auctioneer is the start player, which the same rule gives (the auctioneer is always
//     the start player). Every bid and pass is a move of that seat.
//   - B. Player Moves, from the start player clockwise, one each: draw two cards, or lay out
//     cards, move the merchant, and maybe exchange counters for gold.
//   - Laying out (cases 1 and 2): legal when, after laying out, the player has strictly more
//     cards of some company laid out than every other player (NOTES §4.6.2). Seals follow the
//     strict majority and go back to the board on a tie (NOTES §4.6.3); State.Seal computes the
//     holder from the lay-outs, which is always the same thing.
//   - Moving the merchant: to the next counter (face up or down) of a company whose seal the
//     player holds, forward only, jumping everything else; with several such seals the player
//     chooses; the counter is taken and a crate goes on its warehouse square. Landing on one of
//     the last five face-up hexes (hex > FaceUp − 5) turns up the next five (NOTES §4.6.6).
//   - Converting counters into gold: optional, only right after taking a counter of a company the
//     player held none of; one counter of every company held, for 1/3/6/10/15 (NOTES §4.6.7).
//   - Pirate attacks: after each turn in which cards were laid out, at 21 (3 players) or 25 (4–5)
//     cards laid out or more: every card of the largest company (all tied largest) goes to the
//     discard pile, their seals to the board; one attack per turn (NOTES §4.6.8).
//   - End of the game: a player who lays out with no counter of a seal company ahead takes the
//     Target counter; the round is finished, later players may lay out only if they can then
//     reach a counter of a seal company (else they must draw); then everyone lays out the hand,
//     the seals follow, and the game is scored; no pirate attack after that (NOTES §4.6.9).
//   - Scoring: each warehouse pays its value to the sole most crates, or the bracket value to
//     each tied leader, never to zero crates; most notes 5 (tie: 2 each); Target 4; each seal 2;
//     plus exchanged gold. Ties share the win (NOTES §4.6.10).
//
// # Hidden information
//
// Hands (only their size is public), each player's note count (shown to its owner only, and to
// everybody at the end) and the commodities of face-down counters (their company is public).
// None of these appears in View(Observer), another seat's view, a log line, the status, a label
// or a refusal. Bids and payments are public, as at the table, so a player who keeps track can
// work out the note counts; the engine never states them. A player who cannot outbid or cannot
// lay out still presses "pass" or "draw" — nothing is played for them, because that would tell
// the table what they hold.
//
// # Decisions (not settled by the rulebook or NOTES)
//
//   - Laying out is one move per card, "lay D3": the third Danish card held when the turn began.
//     Cards of a company are identical, so the ordinals only let a player pick several cards —
//     of one company or several — in one multi-select (rules.Multi, closed by "done"), in any
//     order. "done" ends the lay-out once a seal is held; the merchant then sails by itself when
//     there is one destination, and the player chooses ("sail D") when there are several. Laying
//     a card never makes a majority unreachable, so a lay-out cannot reach a dead end.
//   - Crates (NOTES §4.6.5 offers both): the 12 crates of a colour are a limit; a player with none
//     left still takes the counter but stores nothing.
//   - Turning up counters: one block of five per landing, also when landing on a face-down
//     counter beyond the face-up ones (the NOTES §4.6.6 test hex > FaceUp − 5); a face-down
//     counter taken is shown to everybody as it is taken.
//   - An exchange hands in, of each company, the counter taken first.
//   - With the stack and the discard pile both empty, draws and auctions take what there is; an
//     auction with no card at all is skipped and the start player stays.
//   - TurnNumber counts auctions and player turns.
//
// # Undo (State.Undoable, issue 11)
//
// A move may be taken back when it drew, revealed and rolled nothing and did not end the game:
//
//   - Undoable: bids and passes (the payment and the package are public); laying out a card;
//     "done", a sail, an exchange or keeping the posts when the merchant takes a face-up counter
//     and the round goes on.
//   - Not undoable: drawing (unless there was nothing to draw; a draw stays a draw even when
//     the cards drawn could be deduced from the cards seen), taking a face-down counter or
//     turning up the next five, and any move that ends the round (the next auction's die and
//     cards) or the game (the hands are laid out).
//
// The menus do not read Describe's Irreversible marks (which are more than these: every lay-out,
// bid or pass): what a menu says before a pick and what the reply offers after it both come from
// the one undo rule, rules.WouldUndo and rules.ApplyAction, over State.Undoable (issue 26). Laying
// out ships is one multi-pick followed by "done": whether the batch can be taken back depends on
// the ships picked (the merchant may then move onto a face-down counter), so the menu confirms a
// batch that can't be taken back once it is picked.
//
// # Words (issue 13)
//
// Every text the engine gives a player — log lines (public and private), Status, Private,
// Describe's labels, prompts and options, refusals (IllegalMoveError.Reason), the outcome's
// details and recap, Rules, Options and Term — is language-neutral rules text: catalogue
// messages (rules.Msg, ids "batavia.…"; lists with rules.List) holding seat and component
// references as arguments. The catalogues are messages/batavia.en.yaml, which reproduces the
// English the engine wrote before, word for word, and messages/batavia.fr.yaml; the drawer
// (render/drawbatavia) takes its words from them too ("batavia.board.…"). Company adjectives
// agree in number ("batavia.company.D" with Count); commodity names are "batavia.commodity.<name>".
// Move texts ("bid 4", "lay D3") and the company letters B, D, F, N, S stay as they are in both
// languages (the French adjectives britannique, danois, français, néerlandais, suédois keep the
// letters). The game has no place names: Term gives every component in words of the catalogue.
//
// French terms: carte Navire and navire (ship card, ship), comptoir (trading post), billet à
// ordre or billet (promissory note), caisse (crate), entrepôt (warehouse), marchand (merchant),
// sceau (seal), jeton Destination (Target counter), enchères, enchérir, miser, passer (auction,
// bid, pass), commissaire-priseur (auctioneer), premier joueur (start player), lot (package),
// pioche and défausse (stack, discard pile), case (hex), manche (round), canon (cannon), pièces
// d’or (gold), poser (lay out), face visible / face cachée, échanger (exchange); thé, coton,
// porcelaine, soie, gingembre, muscade, poivre. Players are addressed with "vous".
//
// # Determinization (State.Determinize, issue 12)
//
// Cards won at auction were face up, so they are known to be in the winner's hand (Player.Known,
// less the cards of that company laid out since; and a "lay D3" shows the seat held at least 3
// Danish ships when its turn began). For a viewer, the other ship cards it cannot see — other
// hands beyond their known cards, and the stack — are dealt again at random, every hand keeping
// its size; a stack made from the discard pile holds only cards that went into it, less those
// turned up since (State.Restock); the commodities of face-down counters are shuffled within their company; the RNG is
// reseeded; log lines private to others read as their public text. Note counts are kept: bids and
// payments are public, so every player can count them.
package batavia
