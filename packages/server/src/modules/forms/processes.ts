/**
 * Look-ups into processes and enrollments: is a form used by a process, the forms of a process,
 * and the form versions of an enrollment.
 */
import { listProcessFormIds } from '@trialbase/domain';
import type { Executor } from '../../platform/db/client';
import { findEnrollment } from '../enrollments/api';
import { findStudyProcess, listStudyProcesses } from '../processes/lookups';

/** Spec 001 §4/§7: is the form used by any process of the study (DELETE_QT_FAIL, AE type lock)? */
export async function isFormUsedInAnyProcess(
  tx: Executor,
  studyId: string,
  formId: string,
): Promise<boolean> {
  // Data events (mandatory and optional forms) and the unexpected, discontinued and external selections.
  const processes = await listStudyProcesses(tx, studyId);
  return processes.some((p) => listProcessFormIds(p).includes(formId));
}

/** Form ids of a process in its order, or null when the process does not exist in the study. */
export async function findProcessFormIds(
  tx: Executor,
  studyId: string,
  processId: string,
): Promise<string[] | null> {
  const process = await findStudyProcess(tx, studyId, processId);
  return process ? listProcessFormIds(process) : null;
}

/** The form versions tied to an enrollment (pathway record), or null when it does not exist. */
export async function findEnrollmentFormVersions(
  tx: Executor,
  studyId: string,
  pathwayRecordId: string,
): Promise<{ formId: string; major: number; minor: number }[] | null> {
  // Tagged when the subject was enrolled (enrollments module, issue 6).
  const enrollment = await findEnrollment(tx, studyId, pathwayRecordId);
  if (!enrollment) return null;
  return Object.entries(enrollment.formVersions).map(([formId, v]) => ({
    formId,
    major: v.major,
    minor: v.minor,
  }));
}
