-- 0002_settings_lobbies: per-user settings, and the lookups of lobbies and of a channel's latest game.

-- user_settings: a player's choices that hold across games and channels (/settings).
--   dms_off     1 when the player asked for no direct messages (turn and hand notices); their
--               private information is then only shown on request (/hand, "My hand").
--   updated_at  unix milliseconds of the last change.
CREATE TABLE user_settings (
    user_id    TEXT    PRIMARY KEY CHECK (user_id <> ''),
    dms_off    INTEGER NOT NULL DEFAULT 0 CHECK (dms_off IN (0, 1)),
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- A channel's games newest first (Latest: /game status and /log after a game ends).
CREATE INDEX games_by_channel ON games (channel_id, id);

-- Lobbies by age (ExpireLobbies sweeps the ones that never started).
CREATE INDEX games_lobbies ON games (created_at) WHERE status = 'lobby';
