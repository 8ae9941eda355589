import {
  type PublicFill,
  type PublicFillState,
  type PublicProcess,
  publicRoutes,
  readParticipantProcess,
} from '@trialbase/domain';
import { preloadQuestionChunks } from '../../features/forms/renderer/question-chunks';
import { callPublic } from '../app/api';
import { fillLoadKey, startLoad, takeLoad } from '../app/prefetch';
import { COMPLETED_STATUS } from './fill-shared';

// Read calls shared by the fill and index pages.

/** Spec 002 §7 getProcess: the link's event with its forms (tagged versions) and saved answers. */
export function loadProcess(studyId: string, token: string): Promise<PublicProcess> {
  // The wire form leaves defaults out; they are filled in from a plan of the schema, without zod
  // (issue 16, the slow phone; the domain's tests check the plan against ParticipantFormSchema).
  return callPublic(publicRoutes.process, { params: { studyId, tokenString: token } }).then((wire) =>
    readParticipantProcess(wire),
  );
}

export type { PublicFillState };

export function loadFillState(studyId: string, token: string): Promise<PublicFillState> {
  return callPublic(publicRoutes.fillState, { params: { studyId, token } });
}

export type LoadedFill = { process: PublicProcess; state: PublicFillState };

/**
 * Starts loading a link's fill data before its page asks (issue 16 item 5): as soon as the link is
 * validated, while the fill page's code may still be downloading. The next `loadFill` of the same
 * link takes it; a failure reaches that call as its own would.
 */
export function prefetchFill(studyId: string, token: string): void {
  startLoad(fillLoadKey(studyId, token), () => fetchFill(studyId, token));
}

/**
 * The link's process with each form's status telling submitted forms (COMPLETED) from the rest: a
 * draft with every answer also reads STATUS_COMPLETED in getProcess. Takes a prefetched load once.
 */
export function loadFill(studyId: string, token: string): Promise<LoadedFill> {
  return takeLoad<LoadedFill>(fillLoadKey(studyId, token)) ?? fetchFill(studyId, token);
}

/**
 * The fill data that came with the answer opening the link (validateToken, consent or the code,
 * issue 16): the next `loadFill` of the link takes it instead of asking the server again.
 */
export function seedFill(studyId: string, token: string, fill: PublicFill): void {
  startLoad(fillLoadKey(studyId, token), async () => {
    const process = readParticipantProcess(fill.process);
    await preloadQuestionChunks(process.forms.map((f) => f.form));
    return fillOf(process, fill.state);
  });
}

/** Both reads of the fill and index pages, side by side. */
export async function fetchFill(studyId: string, token: string): Promise<LoadedFill> {
  const [process, state] = await Promise.all([
    // Issue 16 item 6: the forms' slider, table, upload... inputs are asked for with the data, not
    // after the page's first render of the form, and the data is ready when they are: the form is
    // drawn whole at once, not with loaders React replaces hundreds of milliseconds later.
    loadProcess(studyId, token).then(async (loaded) => {
      await preloadQuestionChunks(loaded.forms.map((f) => f.form));
      return loaded;
    }),
    loadFillState(studyId, token),
  ]);
  return fillOf(process, state);
}

function fillOf(process: PublicProcess, state: PublicFillState): LoadedFill {
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
