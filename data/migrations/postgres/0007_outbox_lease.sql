-- 0007_outbox_lease (PostgreSQL): the twin of ../0007_outbox_lease.sql (the outbox's leases).
ALTER TABLE outbox ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
