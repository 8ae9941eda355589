-- Issue 16: the sequencer's update giving an event its position ran a PL/pgSQL row trigger that
-- compared all fourteen recorded columns, before and after (JSON) included, with what they were: 500
-- staff-update events took 125-139 ms to sequence on PostgreSQL, 38-40 ms without the trigger. The
-- same guarantee, checked without reading the recorded values:
--   * an UPDATE that names any recorded column is refused, whatever the value (UPDATE OF fires on the
--     columns an UPDATE sets, and nothing else can change them: only a superuser adds triggers);
--   * any other UPDATE is refused unless it gives an unsequenced event all three of position,
--     previous hash and hash (a WHEN condition: evaluated without calling the function);
--   * DELETE and TRUNCATE are refused, as before;
--   * an insert that brings its own position is refused, the function called only then (WHEN), not
--     for every event written (0.02-0.05 ms each).
-- A column added to audit_event later must be added to audit_event_no_content_update.
CREATE OR REPLACE FUNCTION audit_event_reject_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_event is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_event_no_update_delete ON audit_event;
--> statement-breakpoint
CREATE TRIGGER audit_event_no_delete
  BEFORE DELETE ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
CREATE TRIGGER audit_event_no_content_update
  BEFORE UPDATE OF id, chain, study_id, actor_type, actor_id, actor_name, action, entity_type, entity_id,
    before, after, reason, occurred_at, ticket ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
CREATE TRIGGER audit_event_position_once
  BEFORE UPDATE ON audit_event
  FOR EACH ROW
  WHEN (NOT (OLD.hash IS NULL AND OLD.seq IS NULL AND OLD.prev_hash IS NULL
    AND NEW.hash IS NOT NULL AND NEW.seq IS NOT NULL AND NEW.prev_hash IS NOT NULL))
  EXECUTE FUNCTION audit_event_reject_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_event_unsequenced_insert ON audit_event;
--> statement-breakpoint
CREATE TRIGGER audit_event_unsequenced_insert
  BEFORE INSERT ON audit_event
  FOR EACH ROW
  WHEN (NEW.seq IS NOT NULL OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL)
  EXECUTE FUNCTION audit_event_reject_position();
