-- 0003_outbox_retry: the outbox retries with backoff and remembers why it gave up.
--
--   next_at     unix ms before which the item is not tried again (exponential backoff with
--               jitter, or Discord's Retry-After); the time it was queued until it first fails.
--   last_error  the last failure, one line without message content ('' when none).
--   given_up    1 when the bot gave the item up (a permanent error such as a deleted channel or a
--               missing permission, or too old to matter); such an item has sent_at set too.
ALTER TABLE outbox ADD COLUMN next_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN last_error TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN given_up INTEGER NOT NULL DEFAULT 0 CHECK (given_up IN (0, 1));

UPDATE outbox SET next_at = created_at;
