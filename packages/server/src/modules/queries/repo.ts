/** SQL of queries (spec 001 §3 Query): what raising a rule query needs. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { queries } from './tables';

export type QueryRow = typeof queries.$inferSelect;

/** The query a rule already raised on one question of one answer set, whatever its status. */
export async function findRuleQuery(
  db: Executor,
  input: { studyId: string; questionnaireId: string; questionId: string; ruleId: string },
): Promise<QueryRow | null> {
  const [row] = await db
    .select()
    .from(queries)
    .where(
      and(
        eq(queries.studyId, input.studyId),
        eq(queries.questionnaireId, input.questionnaireId),
        eq(queries.questionId, input.questionId),
        eq(queries.ruleId, input.ruleId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertQuery(db: Executor, row: QueryRow): Promise<void> {
  await db.insert(queries).values(row);
}
