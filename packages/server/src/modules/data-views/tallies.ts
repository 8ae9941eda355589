import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { rowsOf } from './scope';

/*
 * The tallies the data views read instead of a study's answers (issue 25), and how they follow the
 * answers (issue 16). A write to `answer` only marks its filled form (answer_value_dirty: one plain
 * insert per statement, by the triggers of migration 0040); nothing is counted on the write path.
 * The fold below counts the marked forms again before a view reads a tally, and every 10 minutes
 * for every study (the job in app.ts), so marks never pile up unread:
 * - answer_tally: per filled form, its answers that hold something and the verified ones (the
 *   monitor tab and the verification report), set to what the form's answers give now;
 * - answer_value_tally: per form, question, site and figure, the answer tab's counts: what each
 *   marked form added before (answer_value_seen) is taken away and what it adds now is added.
 */

/** The job that folds every study's marks, and how often it runs (app.ts). */
export const ANSWER_TALLY_QUEUE = 'answer-tally-fold';
export const ANSWER_TALLY_CRON = '*/10 * * * *';

/**
 * Brings the study's tallies up to its answers, in one statement, so the marks taken, the answers
 * read and the items kept are of one snapshot. Folds of a study run one at a time (the lock, then
 * the statement, which thus sees the previous fold's work); a write committed during a fold leaves
 * its mark for the next. Its own transaction, before the read-only one of the view: the tallies
 * hold every write committed before.
 */
export async function foldAnswerTallies(db: Executor, studyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`answer_value_tally:${studyId}`}))`);
    // Large after a bulk write (a whole import's forms); JIT compiling would cost more than it saves.
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`with marks as (delete from answer_value_dirty where study_id = ${studyId}
        returning questionnaire_id),
      held as (select a.questionnaire_id, count(*) filter (where x.h)::int as held,
          count(*) filter (where x.h and a.verified_at is not null)::int as verified,
          count(*) filter (where x.h and a.secondary_verified_at is not null)::int as secondary_verified
        from answer a cross join lateral (select answer_holds(a.is_unavailable, a.is_skipped, a.value) as h) as x
        where a.study_id = ${studyId} and a.questionnaire_id in (select questionnaire_id from marks)
        group by 1),
      counted as (insert into answer_tally (study_id, questionnaire_id, held, verified, secondary_verified)
        select ${studyId}, questionnaire_id, held, verified, secondary_verified from held
        order by questionnaire_id
        on conflict (study_id, questionnaire_id) do update set held = excluded.held,
          verified = excluded.verified, secondary_verified = excluded.secondary_verified),
      uncounted as (delete from answer_tally t where t.study_id = ${studyId}
        and t.questionnaire_id in (select questionnaire_id from marks)
        and t.questionnaire_id not in (select questionnaire_id from held)),
      old as (select s.form_id, s.site_id, e->>0 as question_id, e->>1 as kind, e->>2 as value,
          -(e->>3)::int as n
        from answer_value_seen s cross join lateral jsonb_array_elements(s.items) as e
        where s.study_id = ${studyId} and s.questionnaire_id in (select questionnaire_id from marks)),
      cur as (select q.id as questionnaire_id, q.form_id, q.site_id, a.question_id, i.kind, i.item as value,
          count(*)::int as n
        from questionnaire q join answer a on a.study_id = q.study_id and a.questionnaire_id = q.id
          cross join lateral answer_value_items(a.is_unavailable, a.is_skipped, a.value) as i
        where q.study_id = ${studyId} and q.id in (select questionnaire_id from marks)
        group by 1, 2, 3, 4, 5, 6),
      kept as (insert into answer_value_seen (study_id, questionnaire_id, form_id, site_id, items)
        select ${studyId}, questionnaire_id, form_id, site_id,
          jsonb_agg(jsonb_build_array(question_id, kind, value, n) order by question_id, kind, value)
        from cur group by questionnaire_id, form_id, site_id
        on conflict (study_id, questionnaire_id) do update
          set form_id = excluded.form_id, site_id = excluded.site_id, items = excluded.items),
      gone as (delete from answer_value_seen s where s.study_id = ${studyId}
        and s.questionnaire_id in (select questionnaire_id from marks)
        and s.questionnaire_id not in (select questionnaire_id from cur))
    insert into answer_value_tally (study_id, form_id, question_id, site_id, kind, value, n)
    select ${studyId}, form_id, question_id, site_id, kind, value, sum(n)::int from (
      select form_id, site_id, question_id, kind, value, n from old
      union all select form_id, site_id, question_id, kind, value, n from cur) as d
    group by form_id, question_id, site_id, kind, value having sum(n) <> 0
    order by form_id, question_id, site_id, kind, value
    on conflict (study_id, form_id, question_id, site_id, kind, value)
      do update set n = answer_value_tally.n + excluded.n`);
  });
}

/** Folds every study with marked filled forms (the periodic job). */
export async function foldAllAnswerTallies(db: Executor): Promise<number> {
  const studies = rowsOf<{ study_id: string }>(
    await db.execute(sql`select distinct study_id from answer_value_dirty order by study_id`),
  );
  for (const { study_id } of studies) await foldAnswerTallies(db, study_id);
  return studies.length;
}
