-- 0009_trust: seat changes bound to their cause and interactions handled once (issue 24).
--
-- votes.taken_by  the user who took the seat a passed replace vote (or a timeout vote decided
--                 "substitute") put up; '' while nobody has. The first press of "Take this seat"
--                 sets it in the transaction that hands the seat over, so a vote gives its seat
--                 once.
ALTER TABLE votes ADD COLUMN taken_by TEXT NOT NULL DEFAULT '';

-- handled: the Discord interactions the bot has acted on, by interaction id, so that a repeat (an
-- HTTP request replayed, a gateway event replayed on RESUME) is acknowledged without acting again.
--   id  the interaction's id (a snowflake, as text).
--   at  unix ms when it was first seen; rows older than the keep time (at least 15 minutes,
--       longer than Discord's 5-minute signature window) are pruned.
CREATE TABLE handled (
    id TEXT   PRIMARY KEY CHECK (id <> ''),
    at BIGINT NOT NULL
);

CREATE INDEX handled_at ON handled (at);

-- health_probe: one row that the readiness check (/readyz) writes, to prove the database accepts
-- a write (a full disk or a read-only file system fails it; a ping would not notice).
--   at  unix ms of the last probe.
CREATE TABLE health_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at BIGINT  NOT NULL
);
