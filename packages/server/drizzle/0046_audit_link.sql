-- Issue 16: the sequencer gave each event its position by updating the event's row, which wrote the
-- whole wide row again (its before and after included) with new entries in three indexes: on
-- PostgreSQL a quarter of the write path's WAL (1.4 KB and 6 WAL records per event) and about 420 ms
-- of a 5,000-row subject import on PGlite. Positions now live in their own narrow table, written once,
-- and the events not chained yet in a narrow queue, so an event's row is never written again after
-- its insert: UPDATE of audit_event is refused outright.
CREATE TABLE "audit_link" (
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"event_id" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_link_chain_seq_pk" PRIMARY KEY("chain","seq")
);
--> statement-breakpoint
CREATE TABLE "audit_pending" (
	"ticket" bigint PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_link_event_key" ON "audit_link" USING btree ("event_id");
--> statement-breakpoint
-- What was chained keeps its position and hashes; what was not is queued by its ticket.
INSERT INTO "audit_link" ("chain", "seq", "event_id", "prev_hash", "hash")
  SELECT "chain", "seq", "id", "prev_hash", "hash" FROM "audit_event" WHERE "hash" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "audit_pending" ("ticket", "event_id")
  SELECT "ticket", "id" FROM "audit_event" WHERE "hash" IS NULL;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_event_position_once ON audit_event;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_event_unsequenced_insert ON audit_event;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_event_no_content_update ON audit_event;
--> statement-breakpoint
DROP FUNCTION IF EXISTS audit_event_reject_position();
--> statement-breakpoint
DROP INDEX "audit_event_chain_seq_key";
--> statement-breakpoint
DROP INDEX "audit_event_unsequenced_idx";
--> statement-breakpoint
ALTER TABLE "audit_event" DROP COLUMN "seq";
--> statement-breakpoint
ALTER TABLE "audit_event" DROP COLUMN "prev_hash";
--> statement-breakpoint
ALTER TABLE "audit_event" DROP COLUMN "hash";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_event_reject_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_event_no_update
  BEFORE UPDATE ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
CREATE TRIGGER audit_link_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_link
  FOR EACH ROW EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
CREATE TRIGGER audit_link_no_truncate
  BEFORE TRUNCATE ON audit_link
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
-- The queue's rows are deleted by the sequencer as it links their events, one by one, never changed.
CREATE TRIGGER audit_pending_no_update
  BEFORE UPDATE ON audit_pending
  FOR EACH ROW EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
CREATE TRIGGER audit_pending_no_truncate
  BEFORE TRUNCATE ON audit_pending
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
ALTER TABLE "audit_link" ALTER COLUMN "prev_hash" SET STATISTICS 0, ALTER COLUMN "hash" SET STATISTICS 0;
