// Package dei is the rules engine of The Dutch East Indies (Keep Exploring Games, about 2017; the
// seed rulebook is an early rule text) for 2 to 4 players, id "dutch-east-indies": two ships per
// player on a square grid, facing, dice, pirates and a race to bring spices home.
//
// # Rulebook sections implemented
//
//   - Game setup: the recommended layout for the player count (13 × 13 squares; the 2-player
//     board darkens the outer two columns on each side); home islands in clockwise seat order;
//     the 30 trading cards shuffled from the state's RNG and dealt to the islands by their
//     counts; ships and pirates on their start squares; 14/14/15/15 crates in turn order from
//     the starting player (14 and 15 with two players) and 10 gold at home; ship stats at their
//     start values; a random compass rotation fixed for the game; a random starting player.
//   - First step, the pirates: a D8 for the big pirate, one square that way, the opposite way if
//     illegal, roll again if both are; the same for the small pirate; then every pirate attack on
//     an adjacent ship outside a harbour (big pirate first; the player to move first, then
//     clockwise; big ship before small). Every roll is in the public log.
//   - Second step, actions in any order, each ship's movement one uninterrupted action ("sail",
//     "turn", then "stop" or any movement point used up): 1 MP to one of the 5 front and side
//     squares, 1 MP to turn to any facing; one ship per square; never into another player's
//     port; entering a non-harbour square next to a pirate (not itself in a harbour) is an
//     attack at once, and the ship sails on afterwards. Trading at an anchor ("look", then
//     "accept" or "refuse"), Market Island ("buy", "sell", "swap", "upgrade"), loading and
//     unloading in the home port ("load", "unload"), trans-shipping ("give"), attacking
//     ("attack"), picking up floating cargo ("pick"), ending the turn ("end").
//   - Battles: player against player (cannons + D6, attacker wins ties, the results table of
//     NOTES §2.6, the winner chooses the spice: "steal"); pirates (cannons + D6 against 6 or 4 +
//     D6, pirates win ties; the owner lowers one stat, or two marks for the big pirate, "down",
//     and throws a spice or a gold overboard, "dump").
//   - Depleted islands stop being harbours; when every card has been used all 30 are shuffled
//     and dealt again. The win is checked after every unload at home: two each of cardamom,
//     cinnamon, clove and nutmeg with pepper wild, or six of one kind; the first wins at once.
//
// Every choice is a move of the seat that makes it, also in another player's turn (the
// downgrades and the dump after a pirate fight, the spice taken by a defender who wins, an
// overloaded ship's dumps). Active names that seat.
//
// # Component data
//
// data.go transcribes the project's research (NOTES §2.3–§2.5): the three layouts, the ship stat
// tracks and the 30 trading cards T01–T30, most of it reconstructed because the rulebook's
// pictures are missing. Island names (Vilfort, Nederhoff, Banda, Ambon, Ternate, Tidore, Run,
// Ceram) and countries (Netherlands, England, France, Portugal) are cosmetic.
//
// # Rulings followed (NOTES §2.3–§2.7)
//
// §2.3 board model and start squares and facings; §2.4 tracks, whose bottoms are the floors of
// pirate downgrades; §2.5 cards and dealing, refused cards back on top; §2.6 both results tables
// (a missing spice is replaced by 2 gold, missing gold is not taken, no crates are taken, a stat
// at its floor cannot be chosen and a downgrade with nothing to lower is skipped, as is a dump
// with no spice or gold aboard); §2.7.1 turn order and illegal pirate squares (off the board,
// dark, land, home ports, any ship; island and market harbours are allowed); §2.7.2 one ship per
// square; §2.7.3 movement as one action, and after a lost fight during movement the MP left
// become min(left, new sail − spent); §2.7.4 facing, a turn sets any facing, diagonal moves
// between land squares allowed; §2.7.5 entering pirate range, each pirate attacks a ship at most
// once per turn; §2.7.6 the two-turn stay limit, kept when moving to the island's other harbour,
// none in home ports; §2.7.7 trading once per ship per island per turn, from an anchor or
// orthogonally beside one's own ship at the anchor, the crates from that ship or the adjacent
// own ship; §2.7.8 every unit one cargo slot; §2.7.10 market exchanges for a ship in a market
// harbour or beside its own ship there, upgrades only for a docked ship; §2.7.11 trans-ship only
// orthogonally; §2.7.13 attacks once per own ship per turn; §2.7.14 floating cargo and the
// pirate dump's pick-up window; §2.7.15 the win check; §2.7.16 random first player; §2.7.17 the
// compass is fixed.
//
// # Decisions made here
//
//   - Supply (§2.7.9): unlimited crates, gold and spices, so a race can always go on. State.Made
//     and State.Destroyed count what the rules took from and gave to the supply.
//   - Loading and unloading (§2.7.12) only in one's own turn; there is no "before my turn" window.
//   - Trading: the rewards go aboard the looking ship. Market exchanges use the cargo of the ship
//     chosen and are offered only if the result fits; upgrades are paid from the docked ship,
//     then from its adjacent own ship.
//   - An overloaded ship (rewards, a stolen good, a lowered cargo stat) is lightened by its owner
//     one unit at a time: "dump" into the sea on its square, or "shift" to its orthogonally
//     adjacent other ship when there is room. Nothing else happens until it fits.
//   - The stay limit (rulebook "Special rules for movement": "you can stay there at turn 2 but you
//     have to leave it at turn 3"; issue 22): a ship that ended two of its owner's turns in a row
//     at one island's (or the market's) harbours must leave them on the third. While it is still
//     there and could sail out, the turn cannot end and its movement cannot stop; turning in place
//     or moving to the island's other harbour is not leaving, so a turn or sail after which it
//     could no longer get out with the movement points left is refused ("no way out"). Leaving
//     during the turn and coming back starts the count again. Such a ship sails before the
//     player's other ship (which may not sail or turn meanwhile, unless it must leave too), so that
//     the other ship cannot close its way out.
//   - The stay limit when the ship cannot leave: "could sail out" means a way off the island's
//     harbours within the movement points the ship has this turn (its sail stat, or what is left
//     of its movement), around the ships and pirates where they stand at that moment (the
//     player's other ship cannot have closed it: it waits). When there is none — every reachable
//     square taken by ships or pirates, or a ship at sail 1 with only land and harbour ahead —
//     the ship may stay and the turn may end: the rulebook makes the
//     limit a duty to move on, names no penalty and asks for nothing impossible. The count goes on,
//     so the duty comes back at the ship's next turn, and within this turn as soon as a way out
//     opens (another ship sails away) while the ship has not used its movement; nothing it does
//     inside the harbour ends the duty while it could still get out.
//   - No step back (issue 22's cycle check, issue 26 item 6): within one turn a player does not
//     reverse an exchange it made — unload a good it loaded (or load one it unloaded), have a ship
//     hand back a good its other ship gave it, sell crates after buying or buy after selling —
//     (Seat.Loaded, Unloaded, Bought, Sold; Ship.Got; cleared at every turn's end). The rulebook
//     names no such limit, but such a pair changes nothing, any end result of a turn can still be
//     reached in order (unload first, then load), and without it a turn could go round in circles
//     forever (random players and the AI did). A move taken back by mistake is undone with Undo.
//   - A ship's movement ends with "stop", when its MP run out, or with "end"; no other action is
//     offered while a ship is sailing (picking up floating cargo is free and allowed).
//   - When the last card is used, the reshuffle happens as the turn ends (so that the card named
//     in the public log of the trade is not back in a hidden pile within the same move).
//   - A player-vs-player fight in which the loser carries one kind of spice only takes it without
//     asking; a choice is asked only when there is one.
//   - Pirates with no legal square at all stay where they are (logged) rather than rolling
//     forever.
//   - Decision paths (Describe): "Move a ship" → "Big ship: sail (3 MP)" or "…: turn" → a
//     direction with the MP left ("↗ up-right (2 MP left)", marked "⚔ pirates!" when it sails
//     into a pirate's reach); while a ship sails the first level is at most five options (sail
//     on, turn, pick up cargo, stop here, end turn), so a square is two taps. Irreversible: looking
//     at a card, accepting it (it is shown to all), attacking, sailing into a pirate's reach and
//     ending the turn (the dice roll).
//   - Directions (issue 26 item 3): every direction a player reads — sailing, turning, the log of
//     ships and pirates — is in one frame, the board picture's: up, up-right, right, … with the
//     matching arrow (↑ ↗ → …), the arrow and the word always agreeing ("Sail your big ship ↙
//     down-left", "Face → right"). The ship's own frame (forward, left…) was dropped: a button's
//     emoji cannot turn with the ship, so its arrow and its word named different frames ("→
//     left"), and a player had to turn the ship in their head. Compass points were not chosen
//     either: north, east… already name the faces of the pirates' D8, whose compass is turned on
//     the board (State.Rotation), so "north" would mean two things. The board draws each ship's
//     facing as a large pointer, so which 5 squares a ship may sail to can be read off the picture.
//   - The log keeps one line per ship movement, extended square by square.
//   - Outcome: the race's winner; the scores are each player's progress, 0–8, towards the goal
//     (see Progress), shown for information.
//
// # Words
//
// Every text the engine produces — public and private log lines, Status, Describe's labels,
// prompts and options, Private, illegal-move reasons (IllegalMoveError.Reason), the outcome's
// details, the rules summary and the words of components that are not proper nouns (goods, stats,
// trading cards, Market Island, countries) — is language-neutral rules text: catalogue messages
// (rules.Msg, ids "dutch-east-indies.…", built in words.go and where they are used) whose
// arguments keep seat and component references, made into English or French at the edge from
// messages/dutch-east-indies.en.yaml and .fr.yaml. The English catalogue reads word for word as the
// engine's English did before. Island names (Vilfort, Banda, …) stay as they are; some words come
// in several forms because French needs an article or a contraction where English does not
// ("le grand navire de {1}", "Le grand navire de {1}", "au grand navire de {1}").
//
// French terms (the rulebook has no French edition; natural board-game French, used the same way
// everywhere): Les Indes orientales néerlandaises; caisse, or, cardamome, cannelle, clou de
// girofle, noix de muscade, poivre, épice, marchandise; grand et petit navire; voilure, cale,
// canons (the stats), cran (a stat mark); PM, points de mouvement; port (harbour), mouillage
// (anchor), port d’attache (home port), île du Marché; carte de commerce; grand et petit pirate;
// transborder, repêcher, cargaison à la dérive, par-dessus bord; boussole; Pays-Bas, Angleterre,
// France, Portugal. Players are addressed with "vous".
//
// # Hidden information
//
// The only secret is the trading card a player looks at and refuses: that player sees it (View
// Looking/Known, Private, the private log line), the others learn only that a card was looked at
// and put back. The order of every island's pile is unknown to all. Everything else — ships,
// stats, cargo, home stocks, floating cargo, pirates, dice — is public.
//
// # Undo (State.Undoable, issue 11)
//
// A move may be taken back when it showed no card, rolled no die and did not end the game:
//
//   - Undoable: sailing (when no pirate fight follows), turning, stopping, refusing a card (it
//     goes back unseen), the market, loading and unloading (unless it wins), trans-shipping,
//     picking up cargo, the choices after a fight (lowering a stat, dumping, taking a spice)
//     when no further pirate fight follows, and looking again at a card one looked at and
//     refused that is still on top of its pile (nothing new is seen; issue 26).
//   - Not undoable: looking at a card one does not know (the looker sees it), accepting it (shown to all),
//     attacking, sailing into a pirate fight, ending the turn (the next player's pirate dice; a
//     reshuffle), a choice after which the next queued pirate fight is rolled, and the winning
//     unload.
//
// Describe marks every move that cannot be taken back Irreversible (for the choices after a
// fight and unloading, by playing the move on a copy: all that decides it is public); the menus
// and the Undo button follow the one undo rule (rules.WouldUndo, rules.ApplyAction over
// State.Undoable, issue 26), which agrees.
//
// # Computer players (issue 12)
//
// Random playouts of this game hardly ever end (a random player sails in circles), so the State
// helps package ai: PlayoutMove plays Policy (greedy: load crates, trade at the nearest island
// with cards, bring spices home, swap surplus spices at Market Island, keep clear of pirates; one
// move in ten at random), which ai also samples as the prior of its root moves, and Evaluate
// scores a playout cut off after ai.EvalPlayoutSteps moves by each player's Worth: spices at home,
// plus each needed spice aboard at 0.8 of one at home times 0.85 per turn of sailing home, plus a
// little per crate and gold. Sailing distances come from tables made once per layout and seat
// (seaDistances), equal to a breadth-first search over the sea that ignores ships.
//
// # Determinization (State.Determinize, issue 12)
//
// For a viewer, the trading cards in the islands' piles are sorted, shuffled from the seed and
// dealt back (every pile keeping its size), except the top cards the viewer knows (looked at and
// refused, or being looked at); the cards other players know become the new top cards of those
// islands; the RNG (dice, reshuffles) is reseeded; log lines private to others read as their
// public text.
package dei
