-- 0009_trust (PostgreSQL): the twin of ../0009_trust.sql (a vote's seat taken once, interactions
-- handled once).
ALTER TABLE votes ADD COLUMN taken_by TEXT NOT NULL DEFAULT '';

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
