/**
 * The randomization configuration on the process (issue 22 item 1; spec 001 §3 fields, §4 locks, §5
 * rules): reading it with its locks and sealed status, and saving it.
 */
import {
  type FieldIssue,
  isModuleEnabled,
  listDataEventForms,
  MAX_STRATIFICATIONS,
  type Process,
  processFieldsOfConfig,
  type RandomizationConfig,
  RandomizationConfigSchema,
  type RandomizationSaveBody,
  type RandomizationView,
  randomizationChangeIssues,
  randomizationConfigOf,
  randomizationLocksIn,
  type StudyStatus,
  stratificationQuestionIds,
  validateRandomizationConfig,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  countListEntries,
  findState,
  listFormDocuments,
  listProcessDocuments,
  lockState,
  patchProcessDocument,
  type StateRow,
  updateFormDocument,
} from '../repo';
import {
  assertModule,
  type LoadedRandomization,
  loadRandomization,
  type RandomizationStudy,
  requireStudy,
} from './context';
import { seal, unseal } from './seal';

/** The view of the editor: configuration, locks, and what is sealed (never the seed or the list). */
export async function presentRandomization(
  db: Executor,
  study: RandomizationStudy,
  processId: string,
  loaded: LoadedRandomization,
  state?: StateRow | null,
): Promise<RandomizationView> {
  const stored = state === undefined ? await findState(db, study.id, processId) : state;
  const counts = await countListEntries(db, study.id, processId);
  return {
    processId,
    revision: loaded.revision,
    config: loaded.config,
    locks: randomizationLocksIn(loaded.config, study.status as StudyStatus),
    randomizationEventId: loaded.randomizationEventId,
    status: {
      isSealed: !!stored && stored.method !== 'NONE',
      allocations: stored?.allocations ?? 0,
      listEntries: counts.total,
      freeEntries: counts.free,
    },
    moduleEnabled: isModuleEnabled(study, 'RANDOMIZATION'),
  };
}

export async function getRandomization(
  db: Executor,
  input: { studyId: string; processId: string },
): Promise<RandomizationView> {
  const study = await requireStudy(db, input.studyId);
  const loaded = await loadRandomization(db, input.studyId, input.processId);
  return presentRandomization(db, study, input.processId, loaded);
}

/** Spec 001 §5: a stratification's form belongs to its data event and holds its question. */
async function referenceIssues(db: Executor, studyId: string, process: Process, config: RandomizationConfig) {
  if (!config.randomization) return [];
  const forms = new Map((await listFormDocuments(db, studyId)).map((f) => [f.id, f]));
  const issues: FieldIssue[] = [];
  config.questionStratifications.forEach((s, i) => {
    if (!s.dataEvent || !s.form) {
      if (!s.form && s.dataEvent)
        issues.push({ path: ['questionStratifications', i, 'form'], message: 'REQUIRED' });
      return;
    }
    const path = ['questionStratifications', i];
    const form = forms.get(s.form);
    const questions = (form?.document.questions ?? []) as { id?: string }[];
    if (!form) issues.push({ path: [...path, 'form'], message: 'UNKNOWN_REFERENCE' });
    else if (!listDataEventForms(process, s.dataEvent)?.includes(s.form)) {
      issues.push({ path: [...path, 'form'], message: 'NOT_IN_DATA_EVENT' });
    } else if (s.question && !questions.some((q) => q.id === s.question)) {
      issues.push({ path: [...path, 'question'], message: 'UNKNOWN_REFERENCE' });
    }
  });
  return issues;
}

/**
 * Spec 001 §4: questions used by stratification (in any process of the study) are
 * `usedByStratification`, which locks their form's type; the flag is cleared where no longer used.
 */
export async function syncStratificationFlags(ctx: UseCaseContext, studyId: string): Promise<void> {
  const used = new Set<string>();
  for (const row of await listProcessDocuments(ctx.tx, studyId)) {
    const document = row.document as Parameters<typeof randomizationConfigOf>[0];
    const config = randomizationConfigOf({
      ...document,
      trialGroups: document.trialGroups ?? [],
      questionStratifications: document.questionStratifications ?? [],
      hasRandomizationOnProcess: document.hasRandomizationOnProcess ?? false,
      didUploadCustomRandomizationList: document.didUploadCustomRandomizationList ?? false,
      randomization: document.randomization ?? false,
    });
    for (const id of stratificationQuestionIds(config)) used.add(id);
  }
  for (const form of await listFormDocuments(ctx.tx, studyId)) {
    const questions = form.document.questions;
    if (!Array.isArray(questions)) continue;
    let changed = false;
    const next = questions.map((q: Record<string, unknown>) => {
      const flag = typeof q.id === 'string' && used.has(q.id);
      if ((q.usedByStratification === true) === flag) return q;
      changed = true;
      return { ...q, usedByStratification: flag };
    });
    if (changed) {
      await updateFormDocument(ctx.tx, studyId, form.id, { ...form.document, questions: next }, ctx.now);
    }
  }
}

/** What changes the sealed lists: everything but titles. */
function listRelevant(config: RandomizationConfig): string {
  return JSON.stringify({
    ...config,
    trialGroups: config.trialGroups.map((g) => ({ id: g.id, ratio: g.ratio })),
  });
}

function prefixed(issues: FieldIssue[]): FieldIssue[] {
  return issues.map((i) => ({ ...i, path: ['config', ...i.path] }));
}

/**
 * Spec 001 §3-§5 (ours: PUT .../pathway/{processId}/randomization): stores the configuration in the
 * process document after the locks and the authoring rules; while nobody is allocated, a changed
 * configuration is sealed again with a fresh seed.
 */
export async function saveRandomization(
  ctx: UseCaseContext,
  input: { studyId: string; processId: string; body: RandomizationSaveBody },
): Promise<RandomizationView> {
  const study = await requireStudy(ctx.tx, input.studyId);
  const requested = RandomizationConfigSchema.parse(input.body.config);
  if (requested.randomization) assertModule(study);
  const loaded = await loadRandomization(ctx.tx, study.id, input.processId, { lock: 'update' });
  if (input.body.revision !== undefined && input.body.revision !== loaded.revision) {
    throw new AppError('CONFLICT', 'The process was changed by someone else since you opened it.', {
      context: { reason: 'VERSION_MISMATCH', expected: loaded.revision, received: input.body.revision },
    });
  }
  const before = loaded.config;
  const state = await lockState(ctx.tx, study.id, input.processId);
  const after: RandomizationConfig = {
    ...requested,
    hasRandomizationOnProcess: before.hasRandomizationOnProcess || (state?.allocations ?? 0) > 0,
    didUploadCustomRandomizationList: before.didUploadCustomRandomizationList,
  };
  const locks = randomizationLocksIn(before, study.status as StudyStatus);
  const lockIssues = randomizationChangeIssues(before, after, locks);
  if (lockIssues.length > 0) {
    throw validationError(prefixed(lockIssues), 'The study’s status or its allocations lock this change.');
  }
  const issues = [
    ...validateRandomizationConfig(after, {
      maxStratifications: MAX_STRATIFICATIONS,
      dataEventIds: loaded.process.dataEvents.map((e) => e.id),
      randomizationEventId: loaded.randomizationEventId,
    }),
    ...(await referenceIssues(ctx.tx, study.id, loaded.process, after)),
  ];
  if (issues.length > 0) throw validationError(prefixed(issues), 'The randomization is not valid.');
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  if (changed) {
    await patchProcessDocument(ctx.tx, study.id, input.processId, processFieldsOfConfig(after), ctx.now);
    await ctx.audit({
      action: 'RANDOMIZATION_CONFIGURED',
      entityType: 'PROCESS',
      entityId: input.processId,
      studyId: study.id,
      before: before as unknown as Record<string, unknown>,
      after: after as unknown as Record<string, unknown>,
    });
    await syncStratificationFlags(ctx, study.id);
  }
  const allocated = (state?.allocations ?? 0) > 0;
  let nextState: StateRow | null | undefined;
  if (!allocated && !after.didUploadCustomRandomizationList) {
    if (!after.randomization) await unseal(ctx, study.id, input.processId);
    else if (!state || state.method === 'NONE' || listRelevant(after) !== listRelevant(before)) {
      nextState = await seal(ctx, study.id, input.processId, after);
    }
  }
  const reloaded = await loadRandomization(ctx.tx, study.id, input.processId);
  return presentRandomization(ctx.tx, study, input.processId, reloaded, nextState);
}
