/**
 * Look-ups into processes and enrollments, which later issues add. Until their tables exist
 * these answer "none", so forms are never in use and every process or enrollment id is unknown.
 */
import type { Executor } from '../../platform/db/client';

/** Spec 001 §4/§7: is the form used by any process of the study (DELETE_QT_FAIL, AE type lock)? */
export async function isFormUsedInAnyProcess(
  _tx: Executor,
  _studyId: string,
  _formId: string,
): Promise<boolean> {
  // No process table yet (issue "Processes"): no form can be used in one. Read it here once it exists.
  return false;
}

/** Form ids of a process in its order, or null when the process does not exist in the study. */
export async function findProcessFormIds(
  _tx: Executor,
  _studyId: string,
  _processId: string,
): Promise<string[] | null> {
  // No process table yet: every process id is unknown.
  return null;
}

/** The form versions tied to an enrollment (pathway record), or null when it does not exist. */
export async function findEnrollmentFormVersions(
  _tx: Executor,
  _studyId: string,
  _pathwayRecordId: string,
): Promise<{ formId: string; major: number; minor: number }[] | null> {
  // No enrollment table yet: every enrollment id is unknown (INVALID_ENROLLMENT).
  return null;
}
