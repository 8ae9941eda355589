ALTER TABLE "study" ADD COLUMN "forms_stamp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 16 item 2: every write to a study's form rows moves the study's forms_stamp, whoever makes
-- it, so a process that kept the form rows it read under a stamp knows when to read them again.
CREATE OR REPLACE FUNCTION form_template_stamp_study() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE study SET forms_stamp = forms_stamp + 1 WHERE id IN (SELECT study_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE study SET forms_stamp = forms_stamp + 1 WHERE id IN (SELECT study_id FROM old_rows);
  ELSE
    UPDATE study SET forms_stamp = forms_stamp + 1
      WHERE id IN (SELECT study_id FROM new_rows UNION SELECT study_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER form_template_stamp_insert AFTER INSERT ON form_template
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_template_stamp_study();
--> statement-breakpoint
CREATE TRIGGER form_template_stamp_update AFTER UPDATE ON form_template
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_template_stamp_study();
--> statement-breakpoint
CREATE TRIGGER form_template_stamp_delete AFTER DELETE ON form_template
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION form_template_stamp_study();
