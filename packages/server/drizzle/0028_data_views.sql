CREATE TABLE "answer_tally" (
	"study_id" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"held" integer NOT NULL,
	"verified" integer NOT NULL,
	"secondary_verified" integer NOT NULL,
	CONSTRAINT "answer_tally_study_id_questionnaire_id_pk" PRIMARY KEY("study_id","questionnaire_id")
);
--> statement-breakpoint
-- Issue 25: an answer holds something a monitor can verify: a value, a choice, a file, a table cell, a
-- reference, or the unavailable or skipped mark (modules/data-views/scope.ts ANSWER_HOLDS calls this).
CREATE OR REPLACE FUNCTION answer_holds(is_unavailable boolean, is_skipped boolean, value jsonb) RETURNS boolean AS $$
  SELECT is_unavailable OR is_skipped
    OR coalesce(value->'answerStrings'->>0, '') <> ''
    OR coalesce(value->'possibilities', '[]'::jsonb) <> '[]'::jsonb
    OR coalesce(value->'files', '[]'::jsonb) <> '[]'::jsonb
    OR coalesce(value->'images', '[]'::jsonb) <> '[]'::jsonb
    OR coalesce(value->'tableCells', '[]'::jsonb) <> '[]'::jsonb
    OR coalesce(value->'aeRefs', '[]'::jsonb) <> '[]'::jsonb
    OR coalesce(value->'medicationRefs', '[]'::jsonb) <> '[]'::jsonb
    OR coalesce(value->'unscheduledEventRefs', '[]'::jsonb) <> '[]'::jsonb
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- The tally follows every write to answer, whoever makes it: one statement trigger per kind of write
-- adds what it inserted, takes away what it deleted, and moves what an update changed (an update that
-- changes neither the held mark nor a verification leaves the tally alone).
CREATE OR REPLACE FUNCTION answer_tally_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO answer_tally (study_id, questionnaire_id, held, verified, secondary_verified)
      SELECT study_id, questionnaire_id, count(*) FILTER (WHERE h),
             count(*) FILTER (WHERE h AND verified_at IS NOT NULL),
             count(*) FILTER (WHERE h AND secondary_verified_at IS NOT NULL)
        FROM (SELECT r.*, answer_holds(r.is_unavailable, r.is_skipped, r.value) AS h FROM new_rows r) AS x
        GROUP BY 1, 2
      ON CONFLICT (study_id, questionnaire_id) DO UPDATE SET held = answer_tally.held + excluded.held,
        verified = answer_tally.verified + excluded.verified,
        secondary_verified = answer_tally.secondary_verified + excluded.secondary_verified;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO answer_tally (study_id, questionnaire_id, held, verified, secondary_verified)
      SELECT study_id, questionnaire_id, -count(*) FILTER (WHERE h),
             -count(*) FILTER (WHERE h AND verified_at IS NOT NULL),
             -count(*) FILTER (WHERE h AND secondary_verified_at IS NOT NULL)
        FROM (SELECT r.*, answer_holds(r.is_unavailable, r.is_skipped, r.value) AS h FROM old_rows r) AS x
        GROUP BY 1, 2
      ON CONFLICT (study_id, questionnaire_id) DO UPDATE SET held = answer_tally.held + excluded.held,
        verified = answer_tally.verified + excluded.verified,
        secondary_verified = answer_tally.secondary_verified + excluded.secondary_verified;
  ELSE
    INSERT INTO answer_tally (study_id, questionnaire_id, held, verified, secondary_verified)
      SELECT study_id, questionnaire_id, sum(dh), sum(dv), sum(ds) FROM (
        SELECT n.study_id, n.questionnaire_id, m.nh::int - m.oh::int AS dh,
               (m.nh AND n.verified_at IS NOT NULL)::int - (m.oh AND o.verified_at IS NOT NULL)::int AS dv,
               (m.nh AND n.secondary_verified_at IS NOT NULL)::int
                 - (m.oh AND o.secondary_verified_at IS NOT NULL)::int AS ds
          FROM new_rows n JOIN old_rows o ON o.study_id = n.study_id AND o.id = n.id,
          LATERAL (SELECT answer_holds(n.is_unavailable, n.is_skipped, n.value) AS nh,
                          answer_holds(o.is_unavailable, o.is_skipped, o.value) AS oh) AS m
      ) AS d
      WHERE dh <> 0 OR dv <> 0 OR ds <> 0
      GROUP BY 1, 2
      ON CONFLICT (study_id, questionnaire_id) DO UPDATE SET held = answer_tally.held + excluded.held,
        verified = answer_tally.verified + excluded.verified,
        secondary_verified = answer_tally.secondary_verified + excluded.secondary_verified;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER answer_tally_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_apply();
--> statement-breakpoint
CREATE TRIGGER answer_tally_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_apply();
--> statement-breakpoint
CREATE TRIGGER answer_tally_update AFTER UPDATE ON answer
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_apply();
--> statement-breakpoint
INSERT INTO answer_tally (study_id, questionnaire_id, held, verified, secondary_verified)
  SELECT study_id, questionnaire_id, count(*) FILTER (WHERE h), count(*) FILTER (WHERE h AND verified_at IS NOT NULL),
         count(*) FILTER (WHERE h AND secondary_verified_at IS NOT NULL)
    FROM (SELECT a.*, answer_holds(a.is_unavailable, a.is_skipped, a.value) AS h FROM answer a) AS x
    GROUP BY 1, 2;
--> statement-breakpoint
-- The by-answer filters and the answer tab read the answers of one question (hand-written here: the
-- answer table's own indexes are questionnaires/tables.ts', this one serves the data views only).
CREATE INDEX IF NOT EXISTS "answer_question_idx" ON "answer" USING btree ("study_id", "question_id", "questionnaire_id");
