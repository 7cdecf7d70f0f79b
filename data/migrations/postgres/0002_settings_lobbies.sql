-- 0002_settings_lobbies (PostgreSQL): the twin of ../0002_settings_lobbies.sql (per-user settings,
-- and the lookups of lobbies and of a channel's latest game).

CREATE TABLE user_settings (
    user_id    TEXT    PRIMARY KEY CHECK (user_id <> ''),
    dms_off    INTEGER NOT NULL DEFAULT 0 CHECK (dms_off IN (0, 1)),
    updated_at BIGINT  NOT NULL
);

CREATE INDEX games_by_channel ON games (channel_id, id);

CREATE INDEX games_lobbies ON games (created_at) WHERE status = 'lobby';
