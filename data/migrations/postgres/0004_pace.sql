-- (PostgreSQL twin of ../0004_pace.sql: same tables; ids are BIGINT identities.)
-- 0004_pace: the long-game layer (package pace): each game's pace and policies, the seats' clocks
-- (which are also the scheduler's due rows), the players' time zones, quiet hours and absences,
-- table votes with their ballots, and the game events log (votes, timeouts, undos, replacements).
--
-- Portable SQL (SQLite and PostgreSQL): times are unix milliseconds in BIGINT, durations are
-- milliseconds in BIGINT, NULL means "none". Scheduled rows carry due_at plus a lease
-- (lease_until, lease_owner): a scheduler claims due rows by setting the lease, and completes a
-- row (its outbox items and its next due time) in one transaction only while it still holds it.

-- game_pace: how fast a game is played and what happens when a player is late.
--   pace          'live' (no clock), 'fast', 'daily', 'weekly' or 'custom'.
--   clock_ms      each seat's time bank at the start (0: no clock, no deadline).
--   increment_ms  added to a seat's bank after each of its moves.
--   cap_ms        the most a bank may hold (0: no cap).
--   remind_ms     a waiting seat is reminded after this long, and again every so long (0: never).
--   timeout       what happens when a deadline passes: 'wait', 'vote' or 'ai'.
--   away          a player away (/away): 'pause' their clock, or 'act' (the timeout policy acts).
--   paused        1 while the table paused the clocks (vote); the next move resumes them.
CREATE TABLE game_pace (
    game_id      BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    pace         TEXT    NOT NULL CHECK (pace IN ('live', 'fast', 'daily', 'weekly', 'custom')),
    clock_ms     BIGINT  NOT NULL DEFAULT 0 CHECK (clock_ms >= 0),
    increment_ms BIGINT  NOT NULL DEFAULT 0 CHECK (increment_ms >= 0),
    cap_ms       BIGINT  NOT NULL DEFAULT 0 CHECK (cap_ms >= 0),
    remind_ms    BIGINT  NOT NULL DEFAULT 0 CHECK (remind_ms >= 0),
    timeout      TEXT    NOT NULL DEFAULT 'wait' CHECK (timeout IN ('wait', 'vote', 'ai')),
    away         TEXT    NOT NULL DEFAULT 'pause' CHECK (away IN ('pause', 'act')),
    paused       INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1))
);

-- seat_clocks: one row per seat of a started game; also the scheduler's due rows.
--   user_id       the seat's player when the row was last written.
--   bank_ms       the time left on the seat's clock when it last stopped (negative: overdue).
--   since_at      when the clock started running (the seat must act); NULL while stopped.
--   turn_at       when the seat's current decision began (reminders count from it); NULL when idle.
--   version       the game version the row was computed for.
--   last_move     the game version after the seat's last move (0: none): the digest starts there.
--   reminded_at   the last reminder of the current decision; reminders: how many were sent.
--   timed_out     1 once the timeout policy acted on the current decision.
--   paused        1 while the seat's clock is stopped because its player is away.
--   nudged_at     the last nudge of this seat (at most one per 24 h); nudge_by the nudger's user
--                 id while a nudge waits to be sent ('' otherwise).
--   due_at        when the scheduler must look at the row next (reminder, deadline, end of an
--                 absence or of quiet hours); NULL: nothing to do.
CREATE TABLE seat_clocks (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     TEXT    NOT NULL,
    bank_ms     BIGINT  NOT NULL DEFAULT 0,
    since_at    BIGINT,
    turn_at     BIGINT,
    version     INTEGER NOT NULL DEFAULT 0,
    last_move   INTEGER NOT NULL DEFAULT 0,
    reminded_at BIGINT,
    reminders   INTEGER NOT NULL DEFAULT 0,
    timed_out   INTEGER NOT NULL DEFAULT 0 CHECK (timed_out IN (0, 1)),
    paused      INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    nudged_at   BIGINT,
    nudge_by    TEXT    NOT NULL DEFAULT '',
    due_at      BIGINT,
    lease_until BIGINT,
    lease_owner TEXT,
    PRIMARY KEY (game_id, seat)
);

-- The scheduler's query: due rows in due order.
CREATE INDEX seat_clocks_due ON seat_clocks (due_at) WHERE due_at IS NOT NULL;
-- A player's seats (absence pauses every clock of theirs).
CREATE INDEX seat_clocks_user ON seat_clocks (user_id);

-- user_pace: a player's time zone, quiet hours and absence (/settings, /away).
--   tz                an IANA time zone name ('' = UTC).
--   quiet_from/to     quiet hours as minutes after local midnight (-1: none); from > to wraps
--                     midnight (22:00-07:00 is 1320 and 420).
--   away_from/until   the player's absence; NULL when not away.
CREATE TABLE user_pace (
    user_id    TEXT    PRIMARY KEY CHECK (user_id <> ''),
    tz         TEXT    NOT NULL DEFAULT '',
    quiet_from INTEGER NOT NULL DEFAULT -1 CHECK (quiet_from >= -1 AND quiet_from < 1440),
    quiet_to   INTEGER NOT NULL DEFAULT -1 CHECK (quiet_to >= -1 AND quiet_to < 1440),
    away_from  BIGINT,
    away_until BIGINT,
    updated_at BIGINT  NOT NULL
);

-- votes: a question put to the table (extend, pause, replace, end, rematch, or the choices after a
-- timeout). A choice wins with a strict majority of the seats; the vote fails when no choice can
-- win any more, or expires.
--   kind        'extend', 'pause', 'replace', 'end', 'rematch' or 'timeout'.
--   seat        the seat the vote is about (-1: none).
--   choices     the choices, comma-separated ('yes,no'; 'extend,skip,substitute,end').
--   opened_by   the user who opened it ('' for the scheduler).
--   version     the game version when it was opened.
--   result      '' while open, then the winning choice, 'failed' or 'expired'.
--   closed_at   when it was decided.
--   due_at      its expiry while open (the scheduler's due row), NULL once closed.
CREATE TABLE votes (
    id          BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind <> ''),
    seat        INTEGER NOT NULL DEFAULT -1,
    choices     TEXT    NOT NULL,
    opened_by   TEXT    NOT NULL DEFAULT '',
    opened_at   BIGINT  NOT NULL,
    version     INTEGER NOT NULL,
    result      TEXT    NOT NULL DEFAULT '',
    closed_at   BIGINT,
    due_at      BIGINT,
    lease_until BIGINT,
    lease_owner TEXT
);

-- At most one open vote of a kind about a seat per game.
CREATE UNIQUE INDEX votes_one_open ON votes (game_id, kind, seat) WHERE result = '';
CREATE INDEX votes_due ON votes (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX votes_game ON votes (game_id, id);

-- ballots: one per seat and vote (a seat may change its mind while the vote is open).
CREATE TABLE ballots (
    vote_id BIGINT  NOT NULL REFERENCES votes (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    choice  TEXT    NOT NULL,
    at      BIGINT  NOT NULL,
    PRIMARY KEY (vote_id, seat)
);

-- game_events: what happened to a game outside its moves, one public sentence each (seats as
-- rules.SeatRef "{1}", users as <@id>): votes and their results, timeouts, absences, nudges,
-- undos, replacements. Shown by /log and /game history between the moves, by version.
--   version  the game version when it happened.
--   kind     'vote', 'vote-result', 'timeout', 'away', 'nudge', 'pace', 'undo', 'replace', ...
--   user_id  who caused it ('' for the bot).
CREATE TABLE game_events (
    id      BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    at      BIGINT  NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind <> ''),
    user_id TEXT    NOT NULL DEFAULT '',
    text    TEXT    NOT NULL
);

CREATE INDEX game_events_game ON game_events (game_id, id);
