/**
 * What every process use case needs to know about its study and its data (spec 001 §4 process
 * locks, 000 §4 edit scope): the study guard, the server-derived flags and the locks.
 */
import {
  MAX_STRATIFICATIONS,
  type Process,
  type ProcessLimits,
  type ProcessLocks,
  processLocks,
  type StudyStatus,
  studyEditScope,
  validateProcess,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { readProcess } from '../documents';
import {
  findPlanEventLimit,
  findProcessRow,
  findProcessStudy,
  listProcessRows,
  lockProcessRow,
  type ProcessRow,
} from '../repo';
import { findProcessUsage, type ProcessUsage } from '../usage';

export type ProcessStudy = NonNullable<Awaited<ReturnType<typeof findProcessStudy>>>;

/** Spec 001 §5 limits the server applies to every save (the plan's event limit is checked study-wide). */
export const PROCESS_LIMITS: ProcessLimits = { maxStratifications: MAX_STRATIFICATIONS };

/** Where the process was created, kept in its document (no column of its own; tables.ts is fixed). */
const CREATED_IN_STATUS = 'createdInStatus';

export async function requireProcessStudy(db: Executor, studyId: string): Promise<ProcessStudy> {
  const study = await findProcessStudy(db, studyId);
  if (!study) throw notFound('The study');
  return study;
}

export async function requireProcessRow(db: Executor, studyId: string, id: string): Promise<ProcessRow> {
  const row = await findProcessRow(db, studyId, id);
  if (!row) throw notFound('The process');
  return row;
}

/** The live process row locked FOR UPDATE for a change (issue 13 item 8); 404 when there is none. */
export async function lockProcessRowForChange(
  db: Executor,
  studyId: string,
  id: string,
): Promise<ProcessRow> {
  const row = await lockProcessRow(db, studyId, id, 'update');
  if (!row) throw notFound('The process');
  return row;
}

function statusMismatch(study: ProcessStudy, message: string): AppError {
  return new AppError('VALIDATION', message, {
    id: 'STUDY_STATUS_MISMATCH',
    context: { status: study.status },
  });
}

/** Spec 001 §4: a locked, completed, anonymized or delete-requested study is read-only. */
export function assertProcessesWritable(study: ProcessStudy): void {
  if (!studyEditScope(study.status as StudyStatus).settings) {
    throw statusMismatch(study, 'Processes cannot be changed in the study’s current status.');
  }
}

/**
 * Spec 001 §4 / 000 §4: creating and deleting processes changes the study's structure: allowed in
 * build, and in an amendment (a new process is fully editable; only a fully editable one is deleted).
 */
export function assertStructureChangeAllowed(study: ProcessStudy, fullyEditable = true): void {
  assertProcessesWritable(study);
  const scope = studyEditScope(study.status as StudyStatus).structure;
  if (scope === 'NONE' || (scope === 'FULLY_EDITABLE_ONLY' && !fullyEditable)) {
    throw statusMismatch(study, 'The study’s current status does not allow adding or removing processes.');
  }
}

/** The document key a new process records its creation status under. */
export function creationMark(study: ProcessStudy): Record<string, string> {
  return { [CREATED_IN_STATUS]: study.status };
}

/**
 * Spec 001 §3 fullyEditable, our rule (the spec leaves it to the server): every process is fully
 * editable while the study is in build; in an amendment a process is fully editable when it was
 * created during an amendment and has no enrollment yet (nothing captured to protect); otherwise not.
 */
export function isFullyEditable(study: ProcessStudy, row: ProcessRow | null, usage: ProcessUsage): boolean {
  if (study.status === 'STUDY_STATUS_BUILD') return true;
  if (study.status !== 'AMENDMENT') return false;
  if (!row) return true;
  return row.document[CREATED_IN_STATUS] === 'AMENDMENT' && usage.enrollments === 0;
}

/** The server-derived flags of a stored process (spec 001 §3), never taken from a client. */
export function derivedFlags(study: ProcessStudy, row: ProcessRow, process: Process, usage: ProcessUsage) {
  return {
    fullyEditable: isFullyEditable(study, row, usage),
    hasUnexpected: usage.unexpected > 0,
    hasDiscontinued: usage.discontinued > 0,
    hasExternalEvent: usage.external > 0,
    // Issue 22: set by the first allocation and an uploaded list (modules/randomization), kept as stored.
    hasRandomizationOnProcess: process.hasRandomizationOnProcess,
    didUploadCustomRandomizationList: process.didUploadCustomRandomizationList,
  };
}

/** Data events of the study's live processes, this one excepted (spec 001 §4 "accumulated limit"). */
export async function countOtherDataEvents(db: Executor, studyId: string, exceptId: string | null) {
  const rows = await listProcessRows(db, studyId);
  return rows.filter((r) => r.id !== exceptId).reduce((n, r) => n + readProcess(r).dataEvents.length, 0);
}

/** The plan's event limit with what the study uses now, or null when unlimited. */
export async function eventLimitOf(db: Executor, study: ProcessStudy): Promise<ProcessLocks['eventLimit']> {
  const limit = await findPlanEventLimit(db, study.planId);
  if (!limit) return null;
  return { ...limit, used: await countOtherDataEvents(db, study.id, null) };
}

/** A stored process with its derived flags, usage and locks (spec 001 §4). */
export type LoadedProcess = {
  row: ProcessRow;
  process: Process;
  usage: ProcessUsage;
  locks: ProcessLocks;
};

/**
 * Spec 001 §4 locks of a stored process. `hasContactChannel`: the study has no setting yet saying
 * which subject attributes it collects, so an email or mobile number is taken to be available.
 */
export async function loadProcess(
  db: Executor,
  study: ProcessStudy,
  row: ProcessRow,
): Promise<LoadedProcess> {
  const stored = readProcess(row);
  const usage = await findProcessUsage(db, study.id, row.id);
  const process = { ...stored, ...derivedFlags(study, row, stored, usage) };
  const locks = processLocks({
    studyStatus: study.status as StudyStatus,
    process,
    usage,
    eventLimit: await eventLimitOf(db, study),
    isValid: validateProcess(process, PROCESS_LIMITS).length === 0,
    hasContactChannel: true,
  });
  return { row, process, usage, locks };
}
