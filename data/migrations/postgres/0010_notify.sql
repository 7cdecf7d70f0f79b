-- 0010_notify (PostgreSQL): the twin of ../0010_notify.sql (the notify setting, users' DM channels,
-- the processes sharing Discord's global rate limit).
ALTER TABLE user_settings ADD COLUMN notify TEXT NOT NULL DEFAULT '' CHECK (notify IN ('', 'turns', 'all', 'off'));

CREATE TABLE dm_channels (
    user_id    TEXT   PRIMARY KEY CHECK (user_id <> ''),
    channel_id TEXT   NOT NULL CHECK (channel_id <> ''),
    created_at BIGINT NOT NULL
);

CREATE TABLE rest_shares (
    owner   TEXT   PRIMARY KEY CHECK (owner <> ''),
    seen_at BIGINT NOT NULL
);

CREATE TABLE seat_news (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    by_seat INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
