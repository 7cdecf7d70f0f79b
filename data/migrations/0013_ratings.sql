-- 0013_ratings: ratings, profiles and leaderboards per server (issue 28; package ratings).
--
-- Everything here is computed from the stored games (their move log replayed with the rules, their
-- seats and their events) and can be rebuilt from scratch (`spicebot ratings rebuild`): these
-- tables hold nothing that is not derived, and nothing hidden (no hand, no seed of a running game).
-- A game is rated when it finished with a result (status 'finished'); a cancelled game, or one the
-- table ended by vote, is not. Ratings are per server (guild), per game, per player.

-- rating_games: one row per rated game.
--   guild_id, game  the server and the rules game id ("borneo").
--   players         the number of seats.
--   moves           the moves of its log.
--   started_at      unix ms of its first move; finished_at: of its last (the end).
--   margin          the best winner's score minus the best score of a seat that did not win (0
--                   when every seat won): the size of the win.
--   paced           1 when the game had a pace (times to move are counted only then).
CREATE TABLE rating_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    players     INTEGER NOT NULL CHECK (players >= 1),
    moves       INTEGER NOT NULL CHECK (moves >= 0),
    started_at  INTEGER NOT NULL,
    finished_at INTEGER NOT NULL,
    margin      INTEGER NOT NULL DEFAULT 0,
    paced       INTEGER NOT NULL DEFAULT 0 CHECK (paced IN (0, 1))
);

CREATE INDEX rating_games_guild ON rating_games (guild_id, game, finished_at);

-- rating_seats: what each player did in a rated game. The seat's holder at the end has the seat's
-- result (place > 0), even when the AI stood in for part of the game (ai_moves counts those
-- moves); a player replaced out of a seat has a row with place 0 (replaced = 1) and no result.
--   player        a Discord user id, or the AI's identity for its level ("ai:strong").
--   place         1 for the winners, then by score; equal results share a place; 0: no result.
--   won, score    whether the seat won, and its final score.
--   moves         the moves the player made; ai_moves: the moves the AI made for them.
--   move_ms       the sum of the player's times to move in a paced game (each measured from the
--                 move before it), over timed_moves moves.
--   timeouts      deadlines the player let pass; replaced: 1 when replaced out of the seat.
--   mu_before … sigma_after   the player's rating (Weng-Lin mean and deviation) before and after.
CREATE TABLE rating_seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    player       TEXT    NOT NULL CHECK (player <> ''),
    guild_id     TEXT    NOT NULL,
    game         TEXT    NOT NULL,
    finished_at  INTEGER NOT NULL,
    place        INTEGER NOT NULL CHECK (place >= 0),
    won          INTEGER NOT NULL DEFAULT 0 CHECK (won IN (0, 1)),
    score        INTEGER NOT NULL DEFAULT 0,
    moves        INTEGER NOT NULL DEFAULT 0,
    ai_moves     INTEGER NOT NULL DEFAULT 0,
    move_ms      INTEGER NOT NULL DEFAULT 0,
    timed_moves  INTEGER NOT NULL DEFAULT 0,
    timeouts     INTEGER NOT NULL DEFAULT 0,
    replaced     INTEGER NOT NULL DEFAULT 0 CHECK (replaced IN (0, 1)),
    mu_before    REAL    NOT NULL DEFAULT 0,
    sigma_before REAL    NOT NULL DEFAULT 0,
    mu_after     REAL    NOT NULL DEFAULT 0,
    sigma_after  REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat, player)
);

CREATE INDEX rating_seats_player ON rating_seats (guild_id, player, finished_at);

-- ratings: each player's current rating per server and game.
--   mu, sigma     the Weng-Lin (OpenSkill Plackett-Luce) mean and deviation.
--   games, wins   rated games played and won.
--   updated_at    unix ms of the last rated game.
CREATE TABLE ratings (
    guild_id   TEXT    NOT NULL,
    game       TEXT    NOT NULL,
    player     TEXT    NOT NULL CHECK (player <> ''),
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);

-- stats_hidden: players who asked to keep their statistics to themselves (/settings stats:off):
-- they are left off leaderboards and others may not see their profile; their games still count
-- for everybody's ratings.
CREATE TABLE stats_hidden (
    user_id TEXT    PRIMARY KEY CHECK (user_id <> ''),
    at      INTEGER NOT NULL
);
