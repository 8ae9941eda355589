/** How a process is used by the study's data: what the process locks of spec 001 §4 look at. */
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';

export type ProcessUsage = {
  enrollments: number;
  /** Unscheduled events recorded per type (spec 001 §4: once one exists its switch is locked). */
  unexpected: number;
  discontinued: number;
  external: number;
};

/** Counts the enrollments of a process and the unscheduled events recorded in them. */
export async function findProcessUsage(
  db: Executor,
  studyId: string,
  processId: string,
): Promise<ProcessUsage> {
  const [enrolled] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.processId, processId)));
  const byType = await db
    .select({ type: tokens.type, n: count() })
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.processId, processId)))
    .groupBy(tokens.type);
  const of = (type: string) => Number(byType.find((r) => r.type === type)?.n ?? 0);
  return {
    enrollments: Number(enrolled?.n ?? 0),
    unexpected: of('UNEXPECTED'),
    discontinued: of('DISCONTINUED'),
    external: of('EXTERNAL'),
  };
}
