-- 0011_threads (PostgreSQL): the twin of ../0011_threads.sql (a thread per game: the channel of
-- the lobby message when it is not the game's own).
ALTER TABLE games ADD COLUMN lobby_channel_id TEXT NOT NULL DEFAULT '';
