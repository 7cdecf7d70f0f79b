-- (PostgreSQL twin of ../0006_ai.sql: same tables, game ids BIGINT.)
-- 0006_ai: AI players — their moves waiting to be made, and the seats they play for absent players.
--
-- ai_turns: one row per seat played by the AI that must decide now (an "ai:" seat, or a seat the AI
-- stands in for), made when the bot sees the decision; due after a short random delay so that the
-- AI's speed reveals nothing. A bot claims due rows with a lease (lease_until, lease_owner), thinks,
-- plays the move through the same commit path as a human move, then deletes the row. A row whose
-- lease ran out (the bot died while thinking) is claimed again.
--   seat         the rules.Seat (0 .. players-1).
--   due_at       unix ms when the AI may play.
--   lease_until  unix ms until which lease_owner holds the row; NULL when nobody does.
--   lease_owner  an id of the process holding the lease ('' when none).
CREATE TABLE ai_turns (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    due_at      BIGINT  NOT NULL,
    lease_until BIGINT,
    lease_owner TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX ai_turns_due ON ai_turns (due_at);

-- ai_standins: seats of human players the AI plays for them while they are away (the timeout
-- policy `ai`, or a table vote), until the owner presses "I'm back".
--   since  unix ms when the AI took the seat over.
--   why    the plain sentence saying why (shown when the AI takes over).
CREATE TABLE ai_standins (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    since   BIGINT  NOT NULL,
    why     TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seat)
);
