-- 0009_trust (PostgreSQL): the twin of ../0009_trust.sql (a vote's seat taken once, interactions
-- handled once).
ALTER TABLE votes ADD COLUMN taken_by TEXT NOT NULL DEFAULT '';

CREATE TABLE handled (
    id TEXT   PRIMARY KEY CHECK (id <> ''),
    at BIGINT NOT NULL
);

CREATE INDEX handled_at ON handled (at);
