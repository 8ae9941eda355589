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
