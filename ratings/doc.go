// Package ratings keeps a community's record: a rating per server, game and player for every
// game that finished with a result, and what /profile and /leaderboard show from it.
package ratings
