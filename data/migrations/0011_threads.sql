-- 0011_threads: a thread per game (issue 25).
--
-- A game started with /game new in a text or announcement channel is played in a public thread
-- of its own, started from its lobby message: games.channel_id is then the thread's id (a thread
-- is a channel), and the lobby message — which the bot keeps editing as the game's status line
-- — stays in the parent channel.
--   lobby_channel_id  the channel of games.lobby_message_id when it is not games.channel_id (the
--                     parent channel of the game's thread); '' when the lobby message is in the
--                     game's own channel.
ALTER TABLE games ADD COLUMN lobby_channel_id TEXT NOT NULL DEFAULT '';
