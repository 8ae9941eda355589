/**
 * The participant fills the forms of a link (spec 002 §2 questionnaire fill, §4 submit result, §7
 * submit and back, §8 submit errors; issue 8 item 3): drafts as the participant goes, a final
 * submit re-validated by the domain like staff fill, retries answered once, and back one form.
 */
import { createHash } from 'node:crypto';
import {
  type FieldIssue,
  type FormPosition,
  formPositionOf,
  isPubliclyFillableTokenType,
  type PublicSubmitBody,
  type PublicSubmitResult,
  type TokenStatus,
  type TokenType,
} from '@trialbase/domain';
import { AppError, forbidden, notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { lockEnrollment } from '../../enrollments/repo';
import {
  findQuestionnaire,
  findTokenFormQuestionnaire,
  listTokenQuestionnaires,
  type QuestionnaireRow,
  updateQuestionnaire,
} from '../../questionnaires/repo';
import { submitQuestionnaire } from '../../questionnaires/service/save';
import type { ScheduleEnv } from '../../tokens/service/send-link';
import { FORM_INDEX_DETAIL, stepTokenBack } from '../../tokens/service/token-actions';
import { findTokenByLink } from '../repo';
import { assertLinkUsable, type LoadedLink, loadLink } from './link';

/** Where the answers of earlier submit attempts are kept, in `questionnaire.details`. */
const SUBMISSIONS_DETAIL = 'publicSubmissions';
/** The keys kept per answer set: enough for any retry burst, small enough for the row. */
const KEPT_SUBMISSIONS = 20;

type StoredSubmission = { fingerprint: string; at: string; result: Omit<PublicSubmitResult, 'isReplay'> };

/** Spec 002 §8 "already filled": a 400 the page turns into PUBLIC.QUESTIONNAIRE.ALREADY_FILL. */
function alreadyFilledError(): AppError {
  return new AppError('PRECONDITION', 'This form has been submitted already.', {
    id: 'QUESTIONNAIRE_EXISTS',
    status: 400,
    context: { reason: 'COMPLETED', messageKey: 'PUBLIC.QUESTIONNAIRE.ALREADY_FILL' },
  });
}

/**
 * Spec 002 §8: a refused submission is a 400 with `isContextual` and the ids of the questions at
 * fault, so the page marks them and scrolls to the first one. The field issues stay attached.
 */
function contextualError(error: AppError): AppError {
  const issues = (error.context?.issues ?? []) as FieldIssue[];
  const questionIds = [
    ...new Set(issues.filter((i) => i.path[0] === 'answers').map((i) => String(i.path[1]))),
  ];
  if (questionIds.length === 0) return error;
  return new AppError(error.type, error.message, {
    ...(error.id ? { id: error.id } : {}),
    status: 400,
    context: { ...error.context, isContextual: true, questionIds },
  });
}

function fingerprintOf(body: PublicSubmitBody): string {
  const { idempotencyKey: _key, token: _token, ...content } = body;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

function storedSubmissions(row: Pick<QuestionnaireRow, 'details'> | null): Record<string, StoredSubmission> {
  const value = (row?.details as Record<string, unknown> | undefined)?.[SUBMISSIONS_DETAIL];
  return value && typeof value === 'object' ? (value as Record<string, StoredSubmission>) : {};
}

/** Loads the link with its enrollment locked (the schedule's serialisation point) and checks who may fill it. */
async function lockLink(ctx: UseCaseContext, studyId: string, link: string): Promise<LoadedLink> {
  const token = await findTokenByLink(ctx.tx, studyId, link);
  if (!token || !(await lockEnrollment(ctx.tx, studyId, token.enrollmentId))) throw notFound('The link');
  return loadLink(ctx.tx, studyId, link);
}

/** Spec 002 §1, §6: only the participant's own event types are filled through a link; HP visits are staff work. */
function assertPublicFillable(link: LoadedLink): void {
  if (!isPubliclyFillableTokenType(link.token.type as TokenType)) {
    throw forbidden('This data event is filled in by the study staff.');
  }
}

/** Where the participant stands after a save: forced order from the token, else completed forms of the event. */
async function positionAfter(
  ctx: UseCaseContext,
  link: LoadedLink,
  tokenDetails: Record<string, unknown>,
  isDone: boolean,
): Promise<Pick<PublicSubmitResult, 'nextFormId' | 'currentNumber' | 'total'>> {
  const forms = link.event.forms;
  if (isDone) return { nextFormId: null, currentNumber: forms.length, total: forms.length };
  if (link.event.forceFormOrder) {
    const position = formPositionOf(forms, tokenDetails[FORM_INDEX_DETAIL]);
    return { nextFormId: position.currentForm, currentNumber: position.currentNumber, total: position.total };
  }
  const sets = await listTokenQuestionnaires(ctx.tx, link.study.id, link.token.id);
  const completed = sets.filter((s) => s.completedAt !== null && forms.includes(s.formId)).length;
  return { nextFormId: null, currentNumber: completed, total: forms.length };
}

/**
 * Spec 002 §7 POST public/studies/{studyId}/questionnaire: saves (isFinal false) or submits one form
 * of the link with the staff fill's domain re-validation, as the public audience (subject-hidden
 * questions are neither asked nor accepted). The same `idempotencyKey` answers the stored first result
 * without writing anything; the same key with other content is a 409.
 */
export async function submitPublicQuestionnaire(
  ctx: UseCaseContext,
  input: { studyId: string; body: PublicSubmitBody },
  env: ScheduleEnv,
): Promise<PublicSubmitResult> {
  const { studyId, body } = input;
  const link = await lockLink(ctx, studyId, body.token);
  const before = await findTokenFormQuestionnaire(ctx.tx, studyId, link.token.id, body.formId);
  const submissions = storedSubmissions(before);
  const fingerprint = fingerprintOf(body);
  const earlier = submissions[body.idempotencyKey];
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) {
      throw new AppError('CONFLICT', 'This submit key was used for other answers.', {
        context: { reason: 'IDEMPOTENCY_KEY_REUSED' },
      });
    }
    return { ...earlier.result, isReplay: true };
  }
  assertPublicFillable(link);
  assertLinkUsable(link, ctx.now);
  if (before?.completedAt) throw alreadyFilledError();

  let outcome: Awaited<ReturnType<typeof submitQuestionnaire>>;
  try {
    outcome = await submitQuestionnaire(
      ctx,
      {
        studyId,
        enrollmentId: link.enrollment.id,
        tokenId: link.token.id,
        formId: body.formId,
        answers: body.answers,
        imageChartMarkers: body.imageChartMarkers,
        imageChartAnswers: body.imageChartAnswers,
        isFinal: body.isFinal,
        userId: link.token.id,
        filler: { type: 'SUBJECT_TOKEN', id: link.token.id },
      },
      env,
    );
  } catch (error) {
    if (error instanceof AppError && error.type === 'VALIDATION') throw contextualError(error);
    if (error instanceof AppError && error.id === 'QUESTIONNAIRE_EXISTS') throw alreadyFilledError();
    throw error;
  }

  const saved = await findQuestionnaire(ctx.tx, studyId, outcome.questionnaireId);
  if (!saved) throw new Error('The saved form disappeared.');
  const status = outcome.token.status as TokenStatus;
  const isDone = status === 'COMPLETED' || status === 'EXCLUDED';
  const result: Omit<PublicSubmitResult, 'isReplay'> = {
    questionnaireId: saved.id,
    formId: saved.formId,
    formStatus: saved.status,
    isFinal: body.isFinal,
    status,
    isDone,
    ...(await positionAfter(ctx, link, outcome.token.details as Record<string, unknown>, isDone)),
    firedRules: outcome.firedRules,
  };
  const kept = Object.entries(submissions)
    .sort(([, a], [, b]) => a.at.localeCompare(b.at))
    .slice(-(KEPT_SUBMISSIONS - 1));
  await updateQuestionnaire(ctx.tx, studyId, saved.id, {
    details: {
      ...(saved.details as Record<string, unknown>),
      [SUBMISSIONS_DETAIL]: Object.fromEntries([
        ...kept,
        [body.idempotencyKey, { fingerprint, at: ctx.now.toISOString(), result }],
      ]),
    },
  });
  return { ...result, isReplay: false };
}

/**
 * Spec 002 §7 POST public/studies/{studyId}/token/{token}/back: one form back in a forced order
 * (the staff call's rules: open, unlocked, not at the first form); the saved answers stay.
 */
export async function stepPublicTokenBack(
  ctx: UseCaseContext,
  input: { studyId: string; link: string },
): Promise<FormPosition & { tokenId: string }> {
  const link = await lockLink(ctx, input.studyId, input.link);
  assertPublicFillable(link);
  assertLinkUsable(link, ctx.now);
  return stepTokenBack(ctx, { studyId: input.studyId, tokenId: link.token.id });
}
