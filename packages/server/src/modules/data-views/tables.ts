import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Issue 25: per filled form, how many of its answers hold something (scope.ts ANSWER_HOLDS) and how
 * many of those are verified, primary and secondary. The monitor and the verification report read
 * these 50,000 rows instead of a study's 1,000,000 answers. Every writer marks the filled forms it
 * wrote (triggers on `answer`, migration 0040), the factories of the tests included, and the views
 * fold the marked forms in first (tallies.ts foldAnswerTallies).
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
 * to the answers). Writers never touch it: the triggers of migration 0040 only mark the filled forms
 * whose answers they changed (`answer_value_dirty`), and the fold (tallies.ts foldAnswerTallies, before
 * each answer tab and every few minutes) recounts those forms' answers, takes away what each added
 * before (`answer_value_seen`) and adds what it adds now.
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

/**
 * Filled forms whose answers were written since the fold last took them: one plain insert per
 * statement that wrote answers (or moved or deleted the filled form), never a shared row to wait on
 * or a unique key to conflict on. A fold takes the marks committed before it started, so a write
 * that commits during a fold leaves its mark for the next one.
 */
export const answerValueDirty = pgTable(
  'answer_value_dirty',
  {
    studyId: text('study_id').notNull(),
    questionnaireId: text('questionnaire_id').notNull(),
  },
  (t) => [index('answer_value_dirty_idx').on(t.studyId, t.questionnaireId)],
);

/**
 * What each filled form's answers added to `answer_value_tally` when the fold last counted them:
 * its form and site then, and its items as `[questionId, kind, value, n]`. The fold takes these
 * away before adding what the form's answers add now, so a moved or deleted form leaves its old
 * place exactly.
 */
export const answerValueSeen = pgTable(
  'answer_value_seen',
  {
    studyId: text('study_id').notNull(),
    questionnaireId: text('questionnaire_id').notNull(),
    formId: text('form_id').notNull(),
    siteId: text('site_id').notNull(),
    items: jsonb('items').$type<[string, string, string, number][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.questionnaireId] })],
);
