import { type PublicFillState, type PublicProcess, publicEndpoints } from '@trialbase/domain';
import { callPublic } from '../app/api';
import { COMPLETED_STATUS } from './fill-shared';

// Read calls shared by the fill and index pages.

/** Spec 002 §7 getProcess: the link's event with its forms (tagged versions) and saved answers. */
export function loadProcess(studyId: string, token: string): Promise<PublicProcess> {
  return callPublic(publicEndpoints.process, { params: { studyId, tokenString: token } });
}

export type { PublicFillState };

export function loadFillState(studyId: string, token: string): Promise<PublicFillState> {
  return callPublic(publicEndpoints.fillState, { params: { studyId, token } });
}

/**
 * The link's process with each form's status telling submitted forms (COMPLETED) from the rest: a
 * draft with every answer also reads STATUS_COMPLETED in getProcess.
 */
export async function loadFill(
  studyId: string,
  token: string,
): Promise<{ process: PublicProcess; state: PublicFillState }> {
  const [process, state] = await Promise.all([loadProcess(studyId, token), loadFillState(studyId, token)]);
  const done = new Set(state.completedFormIds);
  const forms = process.forms.map((f) => ({
    ...f,
    status: done.has(f.formId)
      ? COMPLETED_STATUS
      : f.status === COMPLETED_STATUS
        ? 'STATUS_INCOMPLETE'
        : f.status,
  }));
  return { process: { ...process, forms }, state };
}
