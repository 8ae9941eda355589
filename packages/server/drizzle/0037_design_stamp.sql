ALTER TABLE "study" ADD COLUMN "design_stamp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 16 item 2: every write to a study's forms or rules moves the study's design_stamp, whoever
-- makes it, so a process that kept the form rows or rules it read under a stamp knows when to read
-- them again (questionnaires/service/design-cache.ts).
CREATE OR REPLACE FUNCTION study_design_stamp() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE study SET design_stamp = design_stamp + 1 WHERE id IN (SELECT study_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE study SET design_stamp = design_stamp + 1 WHERE id IN (SELECT study_id FROM old_rows);
  ELSE
    UPDATE study SET design_stamp = design_stamp + 1
      WHERE id IN (SELECT study_id FROM new_rows UNION SELECT study_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER form_template_design_stamp_insert AFTER INSERT ON form_template
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER form_template_design_stamp_update AFTER UPDATE ON form_template
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER form_template_design_stamp_delete AFTER DELETE ON form_template
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER validation_rule_design_stamp_insert AFTER INSERT ON validation_rule
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER validation_rule_design_stamp_update AFTER UPDATE ON validation_rule
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER validation_rule_design_stamp_delete AFTER DELETE ON validation_rule
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER show_rule_design_stamp_insert AFTER INSERT ON show_rule
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER show_rule_design_stamp_update AFTER UPDATE ON show_rule
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
--> statement-breakpoint
CREATE TRIGGER show_rule_design_stamp_delete AFTER DELETE ON show_rule
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION study_design_stamp();
