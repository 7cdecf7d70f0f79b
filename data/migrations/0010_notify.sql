-- 0010_notify: notifications by pace and Discord's REST budget (issue 25, items 3 and 6).

-- user_settings.notify: what a player is sent by DM (/settings notify):
--   ''       "turns", the default: in a by-post game, one DM when it becomes their turn.
--   'all'    also a DM in a live game, and a DM whenever another player's move changes their hand.
--   'off'    no DM (dms_off = 1 means the same, the older setting).
ALTER TABLE user_settings ADD COLUMN notify TEXT NOT NULL DEFAULT '' CHECK (notify IN ('', 'turns', 'all', 'off'));

-- dm_channels: each user's DM channel with the bot, opened once (POST /users/@me/channels) and
-- remembered across restarts and processes.
CREATE TABLE dm_channels (
    user_id    TEXT    PRIMARY KEY CHECK (user_id <> ''),
    channel_id TEXT    NOT NULL CHECK (channel_id <> ''),
    created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- rest_shares: the processes sending to Discord's REST API, each with its last heartbeat (unix
-- ms). Every process counts the live ones and takes its share of the bot's global rate limit.
CREATE TABLE rest_shares (
    owner   TEXT    PRIMARY KEY CHECK (owner <> ''),
    seen_at INTEGER NOT NULL
) WITHOUT ROWID;

-- seat_news: a seat's private information changed on another player's move and no DM said so
-- (the player's notification level and the game's pace did not call for one): the player's next
-- reply in the game shows it. by_seat is the seat whose move changed it.
CREATE TABLE seat_news (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    by_seat INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
