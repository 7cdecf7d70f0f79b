-- 0001_init: the first schema of the spicebot store.
--
-- Times are unix milliseconds (INTEGER). Discord ids (guild, channel, user, message) are TEXT
-- snowflakes. Every table is written only through package data, one transaction per operation.

-- games: one row per game ever hosted in a channel.
--   game              the rules game id ("borneo"), see rules.Game.ID.
--   players           the wanted number of players while in the lobby (0 = any the game allows);
--                     set to the real number of seats when the game starts.
--   options           the chosen variants, a JSON object of booleans (rules.Options).
--   seed              the setup seed, a uint64 stored bit-for-bit as a signed INTEGER.
--   state             json.Marshal of the rules.State; NULL in the lobby.
--   version           the state's version (moves applied since setup); the optimistic lock that
--                     CommitMove checks with UPDATE ... WHERE version = ?.
--   status            'lobby' -> 'playing' -> 'finished', or 'cancelled' from lobby or playing.
--   board_message_id  the channel message showing the board ('' until posted).
--   board_from        the version before the first move that board message reports: an edit of
--                     the message in place keeps reporting every move since (-1 until posted).
--   lobby_message_id  the channel message showing the lobby ('' until posted).
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         TEXT    NOT NULL,
    channel_id       TEXT    NOT NULL CHECK (channel_id <> ''),
    game             TEXT    NOT NULL CHECK (game <> ''),
    players          INTEGER NOT NULL DEFAULT 0 CHECK (players >= 0),
    options          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    seed             INTEGER NOT NULL DEFAULT 0,
    state            BLOB,
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    status           TEXT    NOT NULL DEFAULT 'lobby'
                             CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    creator_id       TEXT    NOT NULL CHECK (creator_id <> ''),
    board_message_id TEXT    NOT NULL DEFAULT '',
    board_from       INTEGER NOT NULL DEFAULT -1,
    lobby_message_id TEXT    NOT NULL DEFAULT '',
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    CHECK (status = 'lobby' OR status = 'cancelled' OR state IS NOT NULL)
);

-- At most one unfinished (lobby or playing) game per channel. A finished or cancelled game frees
-- the channel. Also serves Current and Unfinished.
CREATE UNIQUE INDEX games_one_unfinished_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');

-- seats: the players of a game.
--   id       join order (a rowid alias: later joins get larger ids).
--   seat     -1 while in the lobby; the rules.Seat (0 .. players-1, turn order) once started.
--   name     the display name when the player joined, for logs and renders.
CREATE TABLE seats (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL DEFAULT -1 CHECK (seat >= -1),
    user_id TEXT    NOT NULL CHECK (user_id <> ''),
    name    TEXT    NOT NULL,
    UNIQUE (game_id, user_id)
);

-- A seat number is held by one player at most.
CREATE UNIQUE INDEX seats_one_player_per_seat ON seats (game_id, seat) WHERE seat >= 0;

-- moves: the append-only move log. seq is 1-based and equals the game's version after the move, so
-- rules.Replay(game, players, options, seed, moves ordered by seq) rebuilds the state.
--   move     the move's text form (rules.Move.String).
--   user_id  the Discord user who sent it.
CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    move    TEXT    NOT NULL CHECK (move <> ''),
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;

CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;

-- outbox: Discord messages that must be sent (again, after a crash) — queued in the same
-- transaction as the change they announce.
--   game_id   the game the message belongs to, or NULL.
--   kind      what the bot sends ('board', 'dm', ...).
--   target    a channel id or a user id, as kind says.
--   payload   opaque JSON owned by the bot.
--   sent_at   NULL until sent.
--   attempts  failed sends so far.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind <> ''),
    target     TEXT    NOT NULL CHECK (target <> ''),
    payload    TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    sent_at    INTEGER,
    attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0)
);

CREATE INDEX outbox_pending ON outbox (id) WHERE sent_at IS NULL;
CREATE INDEX outbox_game ON outbox (game_id);

-- dm_closed: users whose direct messages failed with Discord error 50007 (cannot send messages to
-- this user); their private information is only given ephemerally.
CREATE TABLE dm_closed (
    user_id TEXT    PRIMARY KEY,
    at      INTEGER NOT NULL
) WITHOUT ROWID;
