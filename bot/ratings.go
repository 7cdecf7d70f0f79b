package bot

import (
	"spicebot/data"
	"spicebot/ratings"
	"spicebot/rules"
)

// wireRatings gives the commands the community's record (package ratings): a finished game is
// rated when its last move is committed, and /profile and /leaderboard read the ratings.
func (b *Bot) wireRatings(store *data.Store, reg *rules.Registry) {
	b.ratings = ratings.New(store, reg, b.log)
	b.svc.SetStats(b.ratings)
}

// catchUpRatings rates the finished games that are not rated yet (a game whose rating was cut
// short by a stop, or that finished while the ratings were rebuilt). Run once at Open.
func (b *Bot) catchUpRatings() {
	defer b.wg.Done()
	n, err := b.ratings.CatchUp(b.ctx)
	switch {
	case err != nil && b.ctx.Err() == nil:
		b.log.Error("rate finished games", "err", err)
	case n > 0:
		b.log.Info("rated finished games", "games", n)
	}
}
