-- Migration 0033's answer triggers, the filled form looked up per answer row by its key: with a
-- plain join the planner could scan questionnaire and rescan the transition table (spilled to
-- disk) for each of its rows, which made a 200,000-row insert run for minutes (bench/data-views.ts
-- seeding). A LATERAL lookup with LIMIT 1 always drives from the written rows through the primary key.
CREATE OR REPLACE FUNCTION answer_value_delta_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO answer_value_delta (study_id, form_id, question_id, site_id, kind, value, n)
      SELECT q.study_id, q.form_id, r.question_id, q.site_id, i.kind, i.item, count(*)::int
        FROM new_rows r CROSS JOIN LATERAL (SELECT * FROM questionnaire q WHERE q.study_id = r.study_id
          AND q.id = r.questionnaire_id LIMIT 1) AS q
          CROSS JOIN LATERAL answer_value_items(r.is_unavailable, r.is_skipped, r.value) AS i
        GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO answer_value_delta (study_id, form_id, question_id, site_id, kind, value, n)
      SELECT q.study_id, q.form_id, r.question_id, q.site_id, i.kind, i.item, -count(*)::int
        FROM old_rows r CROSS JOIN LATERAL (SELECT * FROM questionnaire q WHERE q.study_id = r.study_id
          AND q.id = r.questionnaire_id LIMIT 1) AS q
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
        CROSS JOIN LATERAL (SELECT * FROM questionnaire q WHERE q.study_id = d.study_id
          AND q.id = d.questionnaire_id LIMIT 1) AS q
        GROUP BY 1, 2, 3, 4, 5, 6
        HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
