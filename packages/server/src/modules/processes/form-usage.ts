/** The forms of the study's processes, as the forms module asks for them (issue 14 item 8, forms/form-usage.ts). */
import { listProcessFormIds } from '@trialbase/domain';
import type { Executor } from '../../platform/db/client';
import { findStudyProcess, listStudyProcesses } from './lookups';

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
