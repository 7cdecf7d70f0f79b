// Package ratings keeps a community's record (issue 28): a rating per server, game and player for
// every game that finished with a result, and what /profile and /leaderboard show from it. It is
// a room of its own over package data (the tables of migrations/0013_ratings.sql); package
// commands asks it through its Stats interface, and package bot wires it in.
//
// # What is rated
//
// A game is rated when it finished with a result (status finished: its last move ended it). A
// cancelled game and a game the table ended by vote (which the bot cancels) are not. Each game's
// result comes from replaying its move log with the current rules (Result): the stored games are
// the truth, so `spicebot ratings rebuild` (Rebuild) after a rules fix that changes results gives
// every rating as the fixed rules say. Places follow the results message: the winners first, then
// by score, equal results sharing a place.
//
// Ratings are per server (Discord guild) and game. A person is rated under their user id; the AI
// has one identity per level ("ai:easy", "ai:strong"), so games against the AI count and the AI
// levels have ratings of their own. A seat the AI stood in for (its owner away) is still its
// owner's result; the AI's moves for them are counted (AIMoves) and shown on their profile. A
// seat handed to someone else (/game replace, a table vote) is the result of its holder at the
// end; the player replaced out of it has no result for that game but a replacement on their
// record. Timeouts (the deadlines of a paced game a player let pass) and replacements make a
// player's reliability; their average time to move is measured in paced games only, each move
// from the move before it.
//
// A game is rated when its last move is committed (commands calls GameOver, in the bot process
// that played it); a game that finished without being rated (a stop at the wrong moment, a game
// that ended during a rebuild) is rated by CatchUp, which the bot runs at start. Rating the same
// game twice changes nothing: the store refuses it (data.ErrRated).
//
// Nothing hidden is read or shown: only finished games (their moves and seed are no secret once
// the game is over), their public events, and results.
//
// # The rating model: Weng-Lin (OpenSkill), implemented here
//
// The model is the Bayesian approximation of Weng and Lin with the Plackett-Luce ranking
// likelihood (Ruby C. Weng and Chih-Jen Lin, "A Bayesian Approximation Method for Online
// Ranking", JMLR 12 (2011) 267–300, Algorithm 4) — the model OpenSkill implements (openskill.js,
// openskill.py) — with OpenSkill's constants (μ 25, σ 25/3, β 25/6, κ 0.0001). It rates a
// free-for-all of any number of players with ties, which is what these games are: Elo and
// Glicko-2 rate pairs, TrueSkill is patented and heavier for the same result. A rating is a mean
// μ and a deviation σ; players read Display, 1000 + 40·(μ − 3σ) rounded (1000 for a newcomer),
// and leaderboards sort by μ − 3σ, so a player climbs by winning more, not by playing more.
//
// The project prefers a well-kept library, and looked for one: no Go implementation of
// OpenSkill, TrueSkill or Glicko-2 is served by the Go module proxy this project builds with
// (github.com/intinig/go-openskill, eullerpereira94/openskill.go, vudknguyen/openskill,
// mafredri/go-trueskill, gami/go-trueskill, fasmat/trueskill, lfenart/trueskill,
// zelenin/go-glicko2, treepeck/glicko, RobKohr/glicko, proglottis/glicko2, artasparks/goglicko
// and others were all refused). So Model implements the paper's update, about forty lines, and
// its test checks it against OpenSkill's own published results for 2 to 5 players
// (openskill.js's Plackett-Luce tests) to 1e-9.
package ratings
