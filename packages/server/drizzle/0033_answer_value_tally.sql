CREATE TABLE "answer_value_delta" (
	"study_id" text NOT NULL,
	"form_id" text NOT NULL,
	"question_id" text NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_value_tally" (
	"study_id" text NOT NULL,
	"form_id" text NOT NULL,
	"question_id" text NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "answer_value_tally_pk" PRIMARY KEY("study_id","form_id","question_id","site_id","kind","value")
);
--> statement-breakpoint
-- Issue 25 item 2: what one answer adds to the answer tab's figures (modules/data-views/tables.ts
-- answerValueTallies describes the kinds). Never fails on odd data: a non-array `possibilities` adds
-- nothing, and strings too long to key are counted as L so that the view recomputes that question.
CREATE OR REPLACE FUNCTION answer_value_items(u boolean, s boolean, v jsonb) RETURNS TABLE (kind text, item text) AS $$
  SELECT 'A', '' WHERE answer_holds(u, s, v) AND NOT u AND NOT s
  UNION ALL SELECT 'U', '' WHERE u
  UNION ALL SELECT 'S', '' WHERE s
  UNION ALL SELECT 'N', '' WHERE coalesce(v->'answerStrings'->>0, '') <> ''
  UNION ALL SELECT CASE WHEN length(f) <= 200 THEN 'F' ELSE 'L' END, CASE WHEN length(f) <= 200 THEN f ELSE '' END
    FROM (SELECT v->'answerStrings'->>0 AS f) AS x
    WHERE f ~ '^(-?[0-9]+([.,][0-9]+)?([eE][+-]?[0-9]+)?|true|false|[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9:.+Z-]{0,40})?)$'
  UNION ALL SELECT CASE WHEN length(p) <= 200 THEN 'P' ELSE 'L' END, CASE WHEN length(p) <= 200 THEN p ELSE '' END
    FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(v->'possibilities') = 'array' THEN v->'possibilities'
      ELSE '[]'::jsonb END) AS e(p)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Every write to answer appends its signed items, keyed by the form and site of its filled form, to
-- answer_value_delta: inserts only, so concurrent writers never wait on a shared counter row. An
-- update adds the new items and takes away the old ones of the rows whose value or marks changed.
CREATE OR REPLACE FUNCTION answer_value_delta_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO answer_value_delta (study_id, form_id, question_id, site_id, kind, value, n)
      SELECT q.study_id, q.form_id, r.question_id, q.site_id, i.kind, i.item, count(*)::int
        FROM new_rows r JOIN questionnaire q ON q.study_id = r.study_id AND q.id = r.questionnaire_id
          CROSS JOIN LATERAL answer_value_items(r.is_unavailable, r.is_skipped, r.value) AS i
        GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO answer_value_delta (study_id, form_id, question_id, site_id, kind, value, n)
      SELECT q.study_id, q.form_id, r.question_id, q.site_id, i.kind, i.item, -count(*)::int
        FROM old_rows r JOIN questionnaire q ON q.study_id = r.study_id AND q.id = r.questionnaire_id
          CROSS JOIN LATERAL answer_value_items(r.is_unavailable, r.is_skipped, r.value) AS i
        GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO answer_value_delta (study_id, form_id, question_id, site_id, kind, value, n)
      SELECT q.study_id, q.form_id, d.question_id, q.site_id, d.kind, d.item, sum(d.n)::int
        FROM (
          SELECT c.study_id, c.questionnaire_id, c.question_id, i.kind, i.item, c.sign AS n
            FROM (
              SELECT n.study_id, n.questionnaire_id, n.question_id, n.is_unavailable, n.is_skipped, n.value, 1 AS sign,
                     o.questionnaire_id AS o_q, o.question_id AS o_question, o.is_unavailable AS o_u, o.is_skipped AS o_s, o.value AS o_v
                FROM new_rows n JOIN old_rows o ON o.study_id = n.study_id AND o.id = n.id
            ) AS c0
            CROSS JOIN LATERAL (
              SELECT c0.study_id, c0.questionnaire_id, c0.question_id, c0.is_unavailable, c0.is_skipped, c0.value, 1 AS sign
              UNION ALL
              SELECT c0.study_id, c0.o_q, c0.o_question, c0.o_u, c0.o_s, c0.o_v, -1
            ) AS c
            CROSS JOIN LATERAL answer_value_items(c.is_unavailable, c.is_skipped, c.value) AS i
            WHERE (c0.questionnaire_id, c0.question_id, c0.is_unavailable, c0.is_skipped, c0.value)
              IS DISTINCT FROM (c0.o_q, c0.o_question, c0.o_u, c0.o_s, c0.o_v)
        ) AS d
        JOIN questionnaire q ON q.study_id = d.study_id AND q.id = d.questionnaire_id
        GROUP BY 1, 2, 3, 4, 5, 6
        HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER answer_value_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_value_delta_apply();
--> statement-breakpoint
CREATE TRIGGER answer_value_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_value_delta_apply();
--> statement-breakpoint
CREATE TRIGGER answer_value_update AFTER UPDATE ON answer
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_value_delta_apply();
--> statement-breakpoint
-- A filled form deleted takes its answers' items away (before: its answers are still there, and the
-- answer triggers skip answers whose filled form is gone); one moved to another site or form moves them.
CREATE OR REPLACE FUNCTION questionnaire_value_delta_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO answer_value_delta (study_id, form_id, question_id, site_id, kind, value, n)
    SELECT OLD.study_id, OLD.form_id, a.question_id, OLD.site_id, i.kind, i.item, -count(*)::int
      FROM answer a CROSS JOIN LATERAL answer_value_items(a.is_unavailable, a.is_skipped, a.value) AS i
      WHERE a.study_id = OLD.study_id AND a.questionnaire_id = OLD.id
      GROUP BY a.question_id, i.kind, i.item;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO answer_value_delta (study_id, form_id, question_id, site_id, kind, value, n)
      SELECT NEW.study_id, NEW.form_id, a.question_id, NEW.site_id, i.kind, i.item, count(*)::int
        FROM answer a CROSS JOIN LATERAL answer_value_items(a.is_unavailable, a.is_skipped, a.value) AS i
        WHERE a.study_id = NEW.study_id AND a.questionnaire_id = NEW.id
        GROUP BY a.question_id, i.kind, i.item;
    RETURN NEW;
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER questionnaire_value_delete BEFORE DELETE ON questionnaire
  FOR EACH ROW EXECUTE FUNCTION questionnaire_value_delta_apply();
--> statement-breakpoint
CREATE TRIGGER questionnaire_value_move AFTER UPDATE OF site_id, form_id ON questionnaire
  FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.form_id IS DISTINCT FROM NEW.form_id)
  EXECUTE FUNCTION questionnaire_value_delta_apply();
--> statement-breakpoint
INSERT INTO answer_value_tally (study_id, form_id, question_id, site_id, kind, value, n)
  SELECT q.study_id, q.form_id, a.question_id, q.site_id, i.kind, i.item, count(*)::int
    FROM answer a JOIN questionnaire q ON q.study_id = a.study_id AND q.id = a.questionnaire_id
      CROSS JOIN LATERAL answer_value_items(a.is_unavailable, a.is_skipped, a.value) AS i
    GROUP BY 1, 2, 3, 4, 5, 6;
