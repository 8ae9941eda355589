-- Issue 16 item 4: subject search through trigram indexes (pg_trgm; btree_gin lets a GIN index
-- lead with study_id), an index for the list's default order, one for duplicate emails, and
-- per-site subject counts. Both extensions are trusted on PostgreSQL 13+ (a database owner may
-- create them); PGlite loads their code where the client is opened (platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "subject_count" (
	"study_id" text NOT NULL,
	"site_id" text NOT NULL,
	"archived" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "subject_count_study_id_site_id_archived_pk" PRIMARY KEY("study_id","site_id","archived")
);
--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("patient_id" || chr(31) || coalesce("attributes"->>'firstName', '') || ' ' || coalesce("attributes"->>'lastName', '') || chr(31) || coalesce("attributes"->>'initials', '') || chr(31) || coalesce("attributes"->>'email', ''))) STORED;--> statement-breakpoint
CREATE INDEX "subject_study_patient_id_order_idx" ON "subject" USING btree ("study_id",lower("patient_id"),"id");--> statement-breakpoint
CREATE INDEX "subject_study_email_idx" ON "subject" USING btree ("study_id",lower("attributes"->>'email'));--> statement-breakpoint
CREATE INDEX "subject_patient_id_trgm_idx" ON "subject" USING gin ("study_id","patient_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subject_search_trgm_idx" ON "subject" USING gin ("study_id","search_text" gin_trgm_ops);
--> statement-breakpoint
-- The counts follow every write to subject, whoever makes it: one statement trigger per kind of
-- write adds the rows it inserted, takes away the rows it deleted, and moves the rows an update
-- took to another site or into or out of the archive (other updates leave the counts alone, so
-- editing a subject never waits on another's count).
CREATE OR REPLACE FUNCTION subject_count_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO subject_count (study_id, site_id, archived, n)
      SELECT study_id, site_id, archived_at IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2, 3
      ON CONFLICT (study_id, site_id, archived) DO UPDATE SET n = subject_count.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO subject_count (study_id, site_id, archived, n)
      SELECT study_id, site_id, archived_at IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2, 3
      ON CONFLICT (study_id, site_id, archived) DO UPDATE SET n = subject_count.n + excluded.n;
  ELSE
    INSERT INTO subject_count (study_id, site_id, archived, n)
      SELECT study_id, site_id, archived, sum(d) FROM (
        SELECT n.study_id, n.site_id, n.archived_at IS NOT NULL AS archived, 1 AS d
          FROM new_rows n JOIN old_rows o ON o.study_id = n.study_id AND o.id = n.id
          WHERE o.site_id <> n.site_id OR (o.archived_at IS NULL) <> (n.archived_at IS NULL)
        UNION ALL
        SELECT o.study_id, o.site_id, o.archived_at IS NOT NULL, -1
          FROM new_rows n JOIN old_rows o ON o.study_id = n.study_id AND o.id = n.id
          WHERE o.site_id <> n.site_id OR (o.archived_at IS NULL) <> (n.archived_at IS NULL)
      ) AS moved
      GROUP BY 1, 2, 3
      ON CONFLICT (study_id, site_id, archived) DO UPDATE SET n = subject_count.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER subject_count_insert AFTER INSERT ON subject
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_count_apply();
--> statement-breakpoint
CREATE TRIGGER subject_count_delete AFTER DELETE ON subject
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_count_apply();
--> statement-breakpoint
CREATE TRIGGER subject_count_update AFTER UPDATE ON subject
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_count_apply();
--> statement-breakpoint
INSERT INTO subject_count (study_id, site_id, archived, n)
  SELECT study_id, site_id, archived_at IS NOT NULL, count(*) FROM subject GROUP BY 1, 2, 3;
