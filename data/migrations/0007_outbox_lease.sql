-- 0007_outbox_lease: outbox items are claimed with a lease before they are sent, so that with
-- several processes on one database (PostgreSQL) each item is sent by one of them; a process that
-- dies mid-send leaves its claim to run out, and another sends the item.
--
--   lease_owner  the process holding the item ('' when none).
--   lease_until  unix ms until which lease_owner holds it (0 when none); after that anyone may
--                claim it again.
ALTER TABLE outbox ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
