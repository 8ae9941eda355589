/**
 * Allocation (issue 22 item 3; spec 001 §7 POST .../tokens/{tokenId}/startRandomizationDataEvent,
 * password header): one transaction that locks the enrollment, then the process's randomization state
 * (FOR UPDATE), so concurrent allocations of a process run one after the other and never share or
 * skip a list record or an allocation number. The group comes from the sealed list (permuted blocks,
 * uploaded list) or from minimization over the state rebuilt from the stored allocations.
 */
import {
  allocateByMinimization,
  dataCaptureStatusOf,
  type ExtendedValidationSignature,
  minimizationStateFrom,
  type RandomizationConfig,
  RandomizationConfigSchema,
  RandomizationError,
  type StudyStatus,
  studyEditScope,
  subjectStratum,
} from '@trialbase/domain';
import { AppError, notFound } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { updateEnrollment } from '../../enrollments/api';
import { enrollmentDetailsOf } from '../../enrollments/details';
import { scheduleDetailsOf } from '../../enrollments/tokens/service/advance-enrollment';
import type { ScheduleEnv } from '../../enrollments/tokens/service/send-link';
import { lockTokenWithEnrollment, startDataEvent } from '../../enrollments/tokens/service/staff';
import {
  type AllocationRow,
  findAllocationOfEnrollment,
  findNextFreeEntry,
  findStratificationAnswers,
  hasStratumList,
  insertAllocation,
  insertListEntries,
  listAllocations,
  lockState,
  markEntryAllocated,
  patchProcessDocument,
  type StateRow,
  setSubjectTrialGroup,
  updateState,
} from '../repo';
import { assertModule, loadRandomization, type RandomizationStudy, requireStudy } from './context';
import { generatedEntries } from './seal';

/** The random id of the n-th allocation of a process: R0001, R0002, … (more digits past 9999). */
export function randomIdOf(sequence: number): string {
  return `R${String(sequence).padStart(4, '0')}`;
}

function precondition(message: string, reason: string, context: Record<string, unknown> = {}): AppError {
  return new AppError('PRECONDITION', message, { context: { reason, ...context } });
}

/** Spec 000 §8 error ids of allocation, with the domain's type. */
export function toAppError(error: RandomizationError): AppError {
  return new AppError(error.type, error.message, { id: error.id, context: error.context });
}

function assertDataCapture(study: RandomizationStudy): void {
  const status = dataCaptureStatusOf(study.status as StudyStatus, study.amendmentBlocking);
  if (!studyEditScope(status).dataCapture) {
    throw new AppError('PRECONDITION', 'The study does not take data in its current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}

/** A group's title in the study's primary language, else its first title. */
export function titleIn(title: Record<string, string | undefined> | undefined, language: string): string {
  if (!title) return '';
  return (title[language] ?? Object.values(title).find((t) => !!t) ?? '').trim();
}

/** A stored answer as a stratum level: the chosen possibilities, else the answer text. */
function levelOf(value: Record<string, unknown> | undefined): string | null {
  if (!value) return null;
  const list = (key: string) =>
    Array.isArray(value[key]) ? (value[key] as unknown[]).filter((v) => typeof v === 'string') : [];
  const possibilities = list('possibilities') as string[];
  if (possibilities.length > 0) return [...possibilities].sort().join('|');
  const strings = (list('answerStrings') as string[]).filter((s) => s.trim() !== '');
  return strings.length > 0 ? strings.join('|') : null;
}

async function stratumOf(
  ctx: UseCaseContext,
  config: RandomizationConfig,
  enrollment: { studyId: string; id: string; siteId: string },
) {
  const wanted = config.questionStratifications.flatMap((s) =>
    s.dataEvent && s.form && s.question
      ? [{ dataEvent: s.dataEvent, form: s.form, question: s.question }]
      : [],
  );
  const found = await findStratificationAnswers(ctx.tx, enrollment.studyId, enrollment.id, wanted);
  const answers: Record<string, string | null> = {};
  const missing: string[] = [];
  for (const w of wanted) {
    const level = levelOf(found.get(w.question));
    if (level === null) missing.push(w.question);
    answers[w.question] = level;
  }
  if (missing.length > 0) {
    throw precondition(
      'The questions this randomization is stratified by must be answered first.',
      'STRATIFICATION_ANSWER_MISSING',
      { questions: missing },
    );
  }
  return subjectStratum(config, { siteId: enrollment.siteId, answers });
}

type Drawn = { groupId: string; listSequence: number | null; details: Record<string, unknown> };

async function drawFromList(
  ctx: UseCaseContext,
  state: StateRow,
  config: RandomizationConfig,
  stratum: string,
  enrollmentId: string,
): Promise<Drawn> {
  const { studyId, processId } = state;
  if (config.method === 'PERMUTED_BLOCKS' && !(await hasStratumList(ctx.tx, studyId, processId, stratum))) {
    // A stratum of a question factor: its sealed list, from the same seed, at its first subject.
    await insertListEntries(ctx.tx, generatedEntries(studyId, processId, config, state.seed, stratum));
  }
  const entry = await findNextFreeEntry(ctx.tx, studyId, processId, stratum);
  if (!entry) throw toAppError(new RandomizationError('NO_RANDOMIZATION_RECORD', { stratum }));
  await markEntryAllocated(ctx.tx, entry, enrollmentId, ctx.now);
  return { groupId: entry.groupId, listSequence: entry.sequence, details: { block: entry.block } };
}

async function drawByMinimization(
  ctx: UseCaseContext,
  state: StateRow,
  config: RandomizationConfig,
  levels: string[],
  enrollmentId: string,
): Promise<Drawn> {
  const previous = await listAllocations(ctx.tx, state.studyId, state.processId);
  const counts = minimizationStateFrom(config, previous);
  const result = allocateByMinimization(config, state.seed, counts, levels, enrollmentId);
  return {
    groupId: result.groupId,
    listSequence: null,
    details: {
      scores: result.scores,
      minimizing: result.minimizing,
      tookMinimizing: result.tookMinimizing,
      boundExceeded: result.boundExceeded,
    },
  };
}

export type AllocationResult = { row: AllocationRow; config: RandomizationConfig };

/**
 * Spec 001 §7 startRandomizationDataEvent: allocates the enrollment of the token (its data event is
 * the process's TYPE_RANDOMIZATION event), records random id and group with the signature in the
 * audit trail, writes the subject's trial group, and starts the event when it waits for staff.
 */
export async function startRandomization(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; tokenId: string; signature: ExtendedValidationSignature },
  env: ScheduleEnv,
): Promise<AllocationResult> {
  const study = await requireStudy(ctx.tx, input.studyId);
  assertModule(study);
  assertDataCapture(study);
  const { enrollment, token } = await lockTokenWithEnrollment(ctx, input.studyId, input.tokenId);
  if (enrollment.id !== input.enrollmentId) throw notFound('The token');
  if (enrollment.status !== 'REGISTERED' && enrollment.status !== 'ONGOING') {
    throw new AppError('PRECONDITION', 'The enrollment has ended.', {
      id: 'INVALID_ENROLLMENT',
      context: { status: enrollment.status },
    });
  }
  // FOR UPDATE: the first allocation marks the process (hasRandomizationOnProcess); a shared lock here
  // would deadlock with the other allocations waiting on the state row while holding theirs.
  const loaded = await loadRandomization(ctx.tx, study.id, enrollment.processId, { lock: 'update' });
  const event = loaded.process.dataEvents.find((e) => e.id === token.dataEventId);
  if (event?.type !== 'TYPE_RANDOMIZATION') {
    throw precondition('This data event is not a randomization event.', 'NOT_RANDOMIZATION_EVENT');
  }
  if (await findAllocationOfEnrollment(ctx.tx, study.id, enrollment.id)) {
    throw toAppError(
      new RandomizationError('RANDOMIZATION_RECORD_ALREADY_ASSIGNED', { enrollmentId: enrollment.id }),
    );
  }
  const state = await lockState(ctx.tx, study.id, enrollment.processId);
  if (!loaded.config.randomization || !state || state.method === 'NONE') {
    throw precondition('The randomization of this process is not configured.', 'NOT_CONFIGURED');
  }
  // The lists were sealed under the stored configuration; titles may have changed since (translations).
  const sealed = RandomizationConfigSchema.parse(state.config);
  const { levels, stratum } = await stratumOf(ctx, sealed, enrollment);
  const drawn =
    sealed.method === 'MINIMIZATION'
      ? await drawByMinimization(ctx, state, sealed, levels, enrollment.id)
      : await drawFromList(ctx, state, sealed, stratum, enrollment.id);
  const sequence = state.allocations + 1;
  await updateState(ctx.tx, study.id, state.processId, { allocations: sequence, updatedAt: ctx.now });
  const row: AllocationRow = {
    studyId: study.id,
    id: newId(ctx.now),
    processId: enrollment.processId,
    enrollmentId: enrollment.id,
    subjectId: enrollment.subjectId,
    siteId: enrollment.siteId,
    tokenId: token.id,
    sequence,
    randomId: randomIdOf(sequence),
    groupId: drawn.groupId,
    stratum,
    levels,
    method: sealed.method,
    listSequence: drawn.listSequence,
    details: drawn.details,
    allocatedBy: input.signature.signerId,
    allocatedByName: input.signature.printedName,
    allocatedAt: ctx.now,
  };
  await insertAllocation(ctx.tx, row);
  await updateEnrollment(ctx.tx, study.id, enrollment.id, {
    details: { ...enrollmentDetailsOf(enrollment), randomId: row.randomId },
    updatedAt: ctx.now,
  });
  const group = loaded.config.trialGroups.find((g) => g.id === row.groupId);
  const label = titleIn(group?.title, study.primaryLanguage) || row.groupId;
  await setSubjectTrialGroup(ctx.tx, study.id, enrollment.subjectId, label.slice(0, 32), ctx.now);
  if (sequence === 1) {
    await patchProcessDocument(
      ctx.tx,
      study.id,
      enrollment.processId,
      { hasRandomizationOnProcess: true },
      ctx.now,
    );
  }
  await ctx.audit({
    action: 'RANDOMIZATION_ALLOCATED',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: study.id,
    after: {
      randomId: row.randomId,
      sequence,
      method: row.method,
      stratum,
      listSequence: row.listSequence,
      subjectId: enrollment.subjectId,
      tokenId: token.id,
      trialGroup: { id: row.groupId, title: label },
      signature: input.signature,
    },
  });
  const waitsForStaff = token.status === 'NOT_ACTIVE' && !scheduleDetailsOf(token).startedAt;
  if (waitsForStaff && (event.referenceDate === 'MANUAL' || event.referenceDate === 'REQUEST')) {
    await startDataEvent(ctx, { studyId: study.id, enrollmentId: enrollment.id, tokenId: token.id }, env);
  }
  return { row, config: loaded.config };
}
