-- Issue 16: the audit events' before and after are compressed with lz4 where the server has it. A
-- submitted form's event records every answer (about 8 KB of JSON), which PostgreSQL compresses when
-- it stores it; with its default (pglz) that took 38 µs per event, with lz4 5.5 µs for the same size
-- on disk (20,000 inserts of that event each way). Only values written from now on are compressed
-- this way; those stored already keep pglz, and PostgreSQL reads both. PGlite is built without lz4:
-- there, and on any server built without it, nothing changes.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)
  ) THEN
    ALTER TABLE audit_event ALTER COLUMN before SET COMPRESSION lz4;
    ALTER TABLE audit_event ALTER COLUMN after SET COMPRESSION lz4;
  END IF;
END
$$;
