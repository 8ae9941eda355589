/**
 * Spec 001 §7 POST .../tokens/{tokenId}/questionnaires (staff submit) and, as the public audience,
 * the participant's save of spec 002 §7: saves one form of an open token as a draft or final.
 */
import { stepForwardOneForm } from '@trialbase/domain';
import { AppError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import type { ScheduleEnv } from '../../enrollments/tokens/service/send-link';
import type { QuestionnaireRow } from '../repo';
import { assertEventKind, type FillContext, type LoadedForm } from './context';
import {
  type AnswerPayload,
  assertFillable,
  assertFormInOrder,
  checkSubmission,
  type KindOption,
  lockAndLoad,
  queryStatusesOf,
  requireForm,
  type TokenRef,
  type WritesLastOption,
} from './fill-checks';
import { persistAnswers, type SaveOutcome } from './persist-answers';

export type SubmitQuestionnaireInput = TokenRef &
  AnswerPayload &
  KindOption &
  WritesLastOption & {
    formId: string;
    isFinal: boolean;
    userId: string;
    /**
     * Who fills: staff by default. A participant's link (spec 002) fills as the public audience: only
     * the questions asked in public are checked and written; staff-only answers stay untouched.
     */
    filler?: { type: 'USER' | 'SUBJECT_TOKEN'; id: string };
  };

/** A new answer set of the token's form, audited (QUESTIONNAIRE_CREATED); persistAnswers inserts it as saved. */
async function createAnswerSet(
  ctx: UseCaseContext,
  fill: FillContext,
  form: LoadedForm,
  input: SubmitQuestionnaireInput,
): Promise<QuestionnaireRow> {
  const questionnaire: QuestionnaireRow = {
    studyId: input.studyId,
    id: newId(ctx.now),
    enrollmentId: fill.enrollment.id,
    siteId: fill.enrollment.siteId,
    tokenId: fill.token.id,
    dataEventId: fill.event.id,
    formId: form.formId,
    formMajor: form.taggedVersion.major,
    formMinor: form.taggedVersion.minor,
    status: 'STATUS_NOT_STARTED',
    filledOutByType: input.filler?.type ?? 'USER',
    filledOutBy: input.filler?.id ?? input.userId,
    score: null,
    version: 0,
    details: {},
    verifiedAt: null,
    verifiedBy: null,
    secondaryVerifiedAt: null,
    secondaryVerifiedBy: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    completedAt: null,
  };
  await ctx.audit({
    action: 'QUESTIONNAIRE_CREATED',
    entityType: 'QUESTIONNAIRE',
    entityId: questionnaire.id,
    studyId: input.studyId,
    before: null,
    after: { tokenId: fill.token.id, formId: form.formId, formVersion: form.taggedVersion },
  });
  return questionnaire;
}

/**
 * Spec 001 §7 POST .../tokens/{tokenId}/questionnaires (staff submit): saves one form of an open token.
 * `isFinal` completes the form (required questions enforced); a completed form is refused with 409
 * QUESTIONNAIRE_EXISTS (it changes only by update with a reason). Staff may fill staff (HP) and subject
 * events; the answer set records the staff member (or the participant's link) as filler.
 */
export async function submitQuestionnaire(
  ctx: UseCaseContext,
  input: SubmitQuestionnaireInput,
  env: ScheduleEnv,
  /** The token's fill context when the caller loaded it with the enrollment locked (a participant's link). */
  loaded?: FillContext,
): Promise<SaveOutcome> {
  // The plain call serves scheduled events; POST .../questionnaires/unscheduled passes UNSCHEDULED.
  const kind = input.eventKind ?? 'SCHEDULED';
  const fill = loaded ?? (await lockAndLoad(ctx, input, kind));
  if (loaded) assertEventKind(loaded, kind);
  const form = requireForm(fill, input.formId);
  if (form.isRemoved)
    throw new AppError('PRECONDITION', 'The form has been removed.', { context: { reason: 'FORM_REMOVED' } });
  const existing = fill.questionnaires.find((q) => q.formId === form.formId) ?? null;
  if (existing?.completedAt) {
    throw new AppError('CONFLICT', 'This form has been submitted already; update it with a reason.', {
      id: 'QUESTIONNAIRE_EXISTS',
      context: { questionnaireId: existing.id },
    });
  }
  assertFillable(fill);
  const position = assertFormInOrder(fill, form.formId);
  const audience = input.filler?.type === 'SUBJECT_TOKEN' ? 'public' : 'staff';
  const queryStatuses = existing ? await queryStatusesOf(ctx, input.studyId, existing.id) : [];
  const check = await checkSubmission(ctx, fill, form, input.answers, {
    isFinal: input.isFinal,
    queryStatuses,
    audience,
  });
  const movesOn = position !== null && input.isFinal && position.currentForm === form.formId;
  if (position && movesOn) {
    // Forced order: the filler moves on to the next form (the `back` call steps it back again);
    // written with the token's status by persistAnswers.
    const next = stepForwardOneForm(position);
    fill.token = { ...fill.token, details: { ...fill.token.details, formIndex: next.currentNumber } };
  }
  const questionnaire = existing ?? (await createAnswerSet(ctx, fill, form, input));
  return persistAnswers(ctx, fill, questionnaire, check, {
    isNew: existing === null,
    queryStatuses,
    tokenDetailsChanged: movesOn,
    form,
    audience,
    details: {
      imageChartMarkers: input.imageChartMarkers ?? [],
      imageChartAnswers: input.imageChartAnswers ?? [],
    },
    isFinal: input.isFinal,
    action: input.isFinal ? 'QUESTIONNAIRE_SUBMITTED' : 'QUESTIONNAIRE_SAVED',
    writesLast: input.writesLast,
    reason: null,
    env,
  });
}
