-- Issue 16: answer_tally follows the answers through the marks of migration 0040 too. Its triggers
-- (migration 0028) upserted each written filled form's counts on every answer write; the fold
-- (modules/data-views/tallies.ts) now sets them from the marked forms' answers before the monitor
-- tab or the verification report reads them. The counts are exact as they stand: nothing to redo.
DROP TRIGGER IF EXISTS answer_tally_insert ON answer;
--> statement-breakpoint
DROP TRIGGER IF EXISTS answer_tally_delete ON answer;
--> statement-breakpoint
DROP TRIGGER IF EXISTS answer_tally_update ON answer;
--> statement-breakpoint
DROP FUNCTION IF EXISTS answer_tally_apply();
