/** Queries of processes (pathways) and their data event index; every function is scoped by study first. */
import { and, asc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { studies, subscriptionPlans } from '../studies/tables';
import { processDataEvents, processes } from './tables';

export type ProcessRow = typeof processes.$inferSelect;

/** The live study with what the process rules need: status, languages and plan. */
export async function findProcessStudy(db: Executor, studyId: string) {
  const [row] = await db
    .select({
      id: studies.id,
      status: studies.status,
      primaryLanguage: studies.primaryLanguage,
      languages: studies.languages,
      planId: studies.planId,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row ?? null;
}

/** The plan's accumulated data event limit (spec 001 §4); null when the study has no plan or no limit. */
export async function findPlanEventLimit(db: Executor, planId: string | null) {
  if (!planId) return null;
  const [plan] = await db
    .select({ name: subscriptionPlans.name, limits: subscriptionPlans.limits })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, planId));
  const max = plan?.limits.maxDataEvents;
  return plan && typeof max === 'number' ? { max, planName: plan.name } : null;
}

const live = (studyId: string) => and(eq(processes.studyId, studyId), isNull(processes.deletedAt));

export async function listProcessRows(db: Executor, studyId: string): Promise<ProcessRow[]> {
  return db
    .select()
    .from(processes)
    .where(live(studyId))
    .orderBy(asc(processes.createdAt), asc(processes.id));
}

export async function findProcessRow(db: Executor, studyId: string, id: string): Promise<ProcessRow | null> {
  const [row] = await db
    .select()
    .from(processes)
    .where(and(live(studyId), eq(processes.id, id)));
  return row ?? null;
}

/**
 * Issue 13 item 8: the live process row, locked until the transaction ends. A save takes it FOR
 * UPDATE before it computes the locks and writes; an enrolment takes it FOR SHARE (see
 * `lockProcessForEnrollment`), which conflicts with FOR UPDATE, so a save waits for an enrolment
 * in flight and then sees it, and an enrolment waits for a save in flight.
 */
export async function lockProcessRow(
  db: Executor,
  studyId: string,
  id: string,
  strength: 'update' | 'share',
): Promise<ProcessRow | null> {
  const [row] = await db
    .select()
    .from(processes)
    .where(and(live(studyId), eq(processes.id, id)))
    .for(strength);
  return row ?? null;
}

/** A live process other than `exceptId` with this name, compared case-insensitively (DUPLICATE_NAME). */
export async function findProcessByName(db: Executor, studyId: string, name: string, exceptId: string) {
  const [row] = await db
    .select({ id: processes.id })
    .from(processes)
    .where(and(live(studyId), ne(processes.id, exceptId), sql`lower(${processes.name}) = lower(${name})`));
  return row ?? null;
}

export async function listProcessNames(db: Executor, studyId: string): Promise<string[]> {
  const rows = await db.select({ name: processes.name }).from(processes).where(live(studyId));
  return rows.map((r) => r.name);
}

export async function insertProcessRow(db: Executor, row: ProcessRow): Promise<void> {
  await db.insert(processes).values(row);
}

export async function updateProcessRow(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Pick<ProcessRow, 'name' | 'recruitment' | 'document' | 'updatedAt' | 'deletedAt'>>,
): Promise<void> {
  await db
    .update(processes)
    .set(values)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, id)));
}

/** Replaces the data event index of a process (ids unique within the study, `/dataEvent/{id}`). */
export async function replaceProcessDataEvents(
  db: Executor,
  studyId: string,
  processId: string,
  dataEventIds: readonly string[],
): Promise<void> {
  await db
    .delete(processDataEvents)
    .where(and(eq(processDataEvents.studyId, studyId), eq(processDataEvents.processId, processId)));
  if (dataEventIds.length === 0) return;
  await db
    .insert(processDataEvents)
    .values(dataEventIds.map((dataEventId) => ({ studyId, dataEventId, processId })));
}

/** Which of these data event ids another process of the study already holds. */
export async function findTakenDataEventIds(
  db: Executor,
  studyId: string,
  processId: string,
  dataEventIds: readonly string[],
): Promise<string[]> {
  if (dataEventIds.length === 0) return [];
  const rows = await db
    .select({ id: processDataEvents.dataEventId })
    .from(processDataEvents)
    .where(
      and(
        eq(processDataEvents.studyId, studyId),
        ne(processDataEvents.processId, processId),
        inArray(processDataEvents.dataEventId, [...dataEventIds]),
      ),
    );
  return rows.map((r) => r.id);
}

/** The live process holding a data event, or null. */
export async function findProcessOfDataEvent(db: Executor, studyId: string, dataEventId: string) {
  const [row] = await db
    .select({ process: processes })
    .from(processDataEvents)
    .innerJoin(
      processes,
      and(eq(processes.studyId, processDataEvents.studyId), eq(processes.id, processDataEvents.processId)),
    )
    .where(
      and(
        eq(processDataEvents.studyId, studyId),
        eq(processDataEvents.dataEventId, dataEventId),
        isNull(processes.deletedAt),
      ),
    );
  return row?.process ?? null;
}

/** Issue 23 amendment summary: the live processes saved since the amendment started, by name. */
export async function listProcessesChangedSince(
  db: Executor,
  studyId: string,
  since: Date,
): Promise<{ processId: string; name: string }[]> {
  return db
    .select({ processId: processes.id, name: processes.name })
    .from(processes)
    .where(and(live(studyId), gte(processes.updatedAt, since)))
    .orderBy(asc(processes.name));
}
