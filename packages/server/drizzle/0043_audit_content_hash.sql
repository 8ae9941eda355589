ALTER TABLE "audit_event" ADD COLUMN "content_hash" text;--> statement-breakpoint
-- Issue 16: writers record the hash of what an event records; the sequencer chains that hash with the
-- position, so it no longer reads each event's before and after back. The hash is recorded content:
-- no UPDATE may name it (migration 0042's trigger, with this column).
DROP TRIGGER IF EXISTS audit_event_no_content_update ON audit_event;
--> statement-breakpoint
CREATE TRIGGER audit_event_no_content_update
  BEFORE UPDATE OF id, chain, study_id, actor_type, actor_id, actor_name, action, entity_type, entity_id,
    before, after, reason, occurred_at, ticket, content_hash ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_reject_change();
