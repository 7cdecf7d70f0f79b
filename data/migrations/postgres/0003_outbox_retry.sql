-- 0003_outbox_retry (PostgreSQL): the twin of ../0003_outbox_retry.sql (retries with backoff,
-- the last error, given-up items).
ALTER TABLE outbox ADD COLUMN next_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN last_error TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN given_up INTEGER NOT NULL DEFAULT 0 CHECK (given_up IN (0, 1));

UPDATE outbox SET next_at = created_at;
