/**
 * Read-only look-ups other modules make into processes (forms: "used in a process" and a process's
 * forms; rules: cross-form rules across data events). Only live processes of live studies count.
 */
import type { Process } from '@trialbase/domain';
import type { Executor } from '../../platform/db/client';
import { readProcess } from './documents';
import { findProcessRow, listProcessRows } from './repo';

/** The study's live processes as domain Processes, oldest first. */
export async function listStudyProcesses(db: Executor, studyId: string): Promise<Process[]> {
  return (await listProcessRows(db, studyId)).map(readProcess);
}

/** One live process of the study, or null. */
export async function findStudyProcess(
  db: Executor,
  studyId: string,
  processId: string,
): Promise<Process | null> {
  const row = await findProcessRow(db, studyId, processId);
  return row ? readProcess(row) : null;
}
