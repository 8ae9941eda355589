CREATE TABLE "answer_value_dirty" (
	"study_id" text NOT NULL,
	"questionnaire_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_value_seen" (
	"study_id" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"form_id" text NOT NULL,
	"site_id" text NOT NULL,
	"items" jsonb NOT NULL,
	CONSTRAINT "answer_value_seen_study_id_questionnaire_id_pk" PRIMARY KEY("study_id","questionnaire_id")
);
--> statement-breakpoint
DROP TABLE "answer_value_delta" CASCADE;--> statement-breakpoint
CREATE INDEX "answer_value_dirty_idx" ON "answer_value_dirty" USING btree ("study_id","questionnaire_id");--> statement-breakpoint
-- Issue 16: the answer triggers of migrations 0033/0035 computed every written answer's items and
-- appended ~60 signed rows per 30-answer write, the largest single cost of a submit or a staff
-- update in PostgreSQL (a 30-answer update ran at 1,024-1,350 tps with them, 2,217-3,138 without), and
-- the deltas piled up unindexed until an answer tab was opened. Now a write only marks its filled
-- forms; the fold (modules/data-views/answers.ts foldValueTally) recounts the marked forms' answers.
DROP TRIGGER IF EXISTS answer_value_insert ON answer;
--> statement-breakpoint
DROP TRIGGER IF EXISTS answer_value_delete ON answer;
--> statement-breakpoint
DROP TRIGGER IF EXISTS answer_value_update ON answer;
--> statement-breakpoint
DROP TRIGGER IF EXISTS questionnaire_value_delete ON questionnaire;
--> statement-breakpoint
DROP TRIGGER IF EXISTS questionnaire_value_move ON questionnaire;
--> statement-breakpoint
DROP FUNCTION IF EXISTS answer_value_delta_apply();
--> statement-breakpoint
DROP FUNCTION IF EXISTS questionnaire_value_delta_apply();
--> statement-breakpoint
-- One plain insert per filled form a statement wrote answers of (an update marks the form the
-- answer left too). Plain inserts, no unique key: a mark is never shared with another transaction,
-- so a fold running meanwhile cannot take a mark whose write it does not see.
CREATE OR REPLACE FUNCTION answer_value_mark() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO answer_value_dirty (study_id, questionnaire_id)
      SELECT DISTINCT study_id, questionnaire_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO answer_value_dirty (study_id, questionnaire_id)
      SELECT DISTINCT study_id, questionnaire_id FROM old_rows;
  ELSE
    INSERT INTO answer_value_dirty (study_id, questionnaire_id)
      SELECT study_id, questionnaire_id FROM new_rows
      UNION SELECT study_id, questionnaire_id FROM old_rows;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER answer_value_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_value_mark();
--> statement-breakpoint
CREATE TRIGGER answer_value_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_value_mark();
--> statement-breakpoint
CREATE TRIGGER answer_value_update AFTER UPDATE ON answer
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_value_mark();
--> statement-breakpoint
-- A filled form deleted, or moved to another site or form: its answers count elsewhere or nowhere.
CREATE OR REPLACE FUNCTION questionnaire_value_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO answer_value_dirty (study_id, questionnaire_id) VALUES (OLD.study_id, OLD.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER questionnaire_value_delete AFTER DELETE ON questionnaire
  FOR EACH ROW EXECUTE FUNCTION questionnaire_value_mark();
--> statement-breakpoint
CREATE TRIGGER questionnaire_value_move AFTER UPDATE OF site_id, form_id ON questionnaire
  FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.form_id IS DISTINCT FROM NEW.form_id)
  EXECUTE FUNCTION questionnaire_value_mark();
--> statement-breakpoint
-- Start from the answers as they are: each filled form's items, and the tally as their sum.
INSERT INTO answer_value_seen (study_id, questionnaire_id, form_id, site_id, items)
  SELECT q.study_id, q.id, q.form_id, q.site_id,
         jsonb_agg(jsonb_build_array(x.question_id, x.kind, x.item, x.n) ORDER BY x.question_id, x.kind, x.item)
    FROM (SELECT a.study_id, a.questionnaire_id, a.question_id, i.kind, i.item, count(*)::int AS n
            FROM answer a CROSS JOIN LATERAL answer_value_items(a.is_unavailable, a.is_skipped, a.value) AS i
            GROUP BY 1, 2, 3, 4, 5) AS x
    JOIN questionnaire q ON q.study_id = x.study_id AND q.id = x.questionnaire_id
    GROUP BY q.study_id, q.id, q.form_id, q.site_id;
--> statement-breakpoint
DELETE FROM answer_value_tally;
--> statement-breakpoint
INSERT INTO answer_value_tally (study_id, form_id, question_id, site_id, kind, value, n)
  SELECT s.study_id, s.form_id, e->>0, s.site_id, e->>1, e->>2, sum((e->>3)::int)::int
    FROM answer_value_seen s CROSS JOIN LATERAL jsonb_array_elements(s.items) AS e
    GROUP BY 1, 2, 3, 4, 5, 6;
