CREATE TABLE "audit_chain_head" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"sequenced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_event" ALTER COLUMN "seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_event" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_event" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "ticket" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_event_unsequenced_idx" ON "audit_event" USING btree ("ticket") WHERE hash is null;--> statement-breakpoint
-- Issue 16 item 1: writers append events without a chain position; a sequencer gives positions and
-- hashes after commit. Events written before this migration are all sequenced already: give them
-- tickets in chain order (per chain the running latest time, so each chain keeps its order) and
-- record each chain's head.
ALTER TABLE "audit_event" DISABLE TRIGGER "audit_event_no_update_delete";
--> statement-breakpoint
UPDATE "audit_event" AS e SET "ticket" = o.n
  FROM (
    SELECT id, row_number() OVER (ORDER BY chain_time, chain, seq) AS n
      FROM (
        SELECT id, chain, seq, max(occurred_at) OVER (PARTITION BY chain ORDER BY seq) AS chain_time
          FROM "audit_event"
      ) AS x
  ) AS o
  WHERE e.id = o.id;
--> statement-breakpoint
ALTER TABLE "audit_event" ENABLE TRIGGER "audit_event_no_update_delete";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('audit_event', 'ticket'), coalesce(max("ticket"), 0) + 1, false) FROM "audit_event";
--> statement-breakpoint
INSERT INTO "audit_chain_head" ("chain", "seq", "hash", "sequenced_at")
  SELECT DISTINCT ON (chain) chain, seq, hash, now() FROM "audit_event" ORDER BY chain, seq DESC;
--> statement-breakpoint
-- Still append-only: the one UPDATE allowed is the sequencer's, giving an unsequenced event its
-- position, previous hash and hash while every recorded field stays as it is.
CREATE OR REPLACE FUNCTION audit_event_reject_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND OLD.seq IS NULL AND OLD.prev_hash IS NULL
     AND NEW.hash IS NOT NULL AND NEW.seq IS NOT NULL AND NEW.prev_hash IS NOT NULL
     AND (NEW.id, NEW.chain, NEW.study_id, NEW.actor_type, NEW.actor_id, NEW.actor_name, NEW.action,
          NEW.entity_type, NEW.entity_id, NEW.before, NEW.after, NEW.reason, NEW.occurred_at, NEW.ticket)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.chain, OLD.study_id, OLD.actor_type, OLD.actor_id, OLD.actor_name, OLD.action,
          OLD.entity_type, OLD.entity_id, OLD.before, OLD.after, OLD.reason, OLD.occurred_at, OLD.ticket) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_event is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A writer cannot bring its own position: only the sequencer chains events.
CREATE OR REPLACE FUNCTION audit_event_reject_position() RETURNS trigger AS $$
BEGIN
  IF NEW.seq IS NOT NULL OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL THEN
    RAISE EXCEPTION 'audit_event positions are assigned by the sequencer'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_event_unsequenced_insert
  BEFORE INSERT ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_reject_position();
--> statement-breakpoint
-- A chain head only moves forward and is never removed.
CREATE OR REPLACE FUNCTION audit_chain_head_forward_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.chain = OLD.chain AND NEW.seq > OLD.seq THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chain_head only moves forward: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_rewind
  BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_forward_only();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate
  BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_head_forward_only();
