-- Published form versions are immutable (spec 001 §7 versions; DESIGN.md authoring documents):
-- answers stay tied to the version they were given on.
CREATE OR REPLACE FUNCTION form_template_version_reject_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'published form versions are immutable: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER form_template_version_immutable
  BEFORE UPDATE OR DELETE ON form_template_version
  FOR EACH ROW EXECUTE FUNCTION form_template_version_reject_change();
