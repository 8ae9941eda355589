import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Issue 25: per filled form, how many of its answers hold something (scope.ts ANSWER_HOLDS) and how
 * many of those are verified, primary and secondary. The monitor and the verification report read
 * these 50,000 rows instead of a study's 1,000,000 answers. Kept by statement triggers on `answer`
 * (migration 0028_data_views), so every writer keeps it right, the factories of the tests included.
 */
export const answerTallies = pgTable(
  'answer_tally',
  {
    studyId: text('study_id').notNull(),
    questionnaireId: text('questionnaire_id').notNull(),
    held: integer('held').notNull(),
    verified: integer('verified').notNull(),
    secondaryVerified: integer('secondary_verified').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.questionnaireId] })],
);

/**
 * The answer tab's distributions without reading the answers (issue 25 item 2): per question of a
 * form at a site, how many answers hold each kind of figure. `kind` is A (answered: holds, neither
 * unavailable nor skipped), U (unavailable), S (skipped), N (a non-empty first answer string), F (a
 * first answer string that is a number, a date, `true` or `false`: `value` is that string), P (one
 * chosen possibility: `value` is its id) or L (a possibility id too long to key: the view falls back
 * to the answers). Writers never touch it: the triggers of migration 0033 append signed deltas to
 * `answer_value_delta` (plain inserts, so concurrent submits never wait on each other's counters),
 * and the data views fold the deltas in (answers.ts compactValueTally) and read tally + deltas.
 */
export const answerValueTallies = pgTable(
  'answer_value_tally',
  {
    studyId: text('study_id').notNull(),
    formId: text('form_id').notNull(),
    questionId: text('question_id').notNull(),
    siteId: text('site_id').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'answer_value_tally_pk',
      columns: [t.studyId, t.formId, t.questionId, t.siteId, t.kind, t.value],
    }),
  ],
);

/** Signed changes to `answer_value_tally` not yet folded in (same columns; no key, inserts only). */
export const answerValueDeltas = pgTable('answer_value_delta', {
  studyId: text('study_id').notNull(),
  formId: text('form_id').notNull(),
  questionId: text('question_id').notNull(),
  siteId: text('site_id').notNull(),
  kind: text('kind').notNull(),
  value: text('value').notNull(),
  n: integer('n').notNull(),
});
