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
  type PublicFillState,
  type PublicSubmitBody,
  type PublicSubmitResult,
  type StoredPublicSubmitResult,
  StoredPublicSubmitResultSchema,
  stepForwardOneForm,
  type TokenDetails,
  type TokenStatus,
  type TokenType,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, forbidden, notFound } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { type TokenRow, updateToken } from '../../enrollments/tokens/api';
import { tokenDetailsOf } from '../../enrollments/tokens/details';
import type { ScheduleEnv } from '../../enrollments/tokens/service/send-link';
import { stepTokenBack } from '../../enrollments/tokens/service/token-actions';
import type { FillRead, QuestionnaireRow } from '../../questionnaires/api';
import { type FillContext, loadFillContext } from '../../questionnaires/service/context';
import { submitQuestionnaire } from '../../questionnaires/service/submit-questionnaire';
import {
  findLockedFillWithSession,
  findParticipantSession,
  findPublicSubmission,
  type ParticipantSessionState,
  PUBLIC_SUBMISSION_KEY_INDEX,
  publicSubmissionInsert,
} from '../repo';
import { assertParticipantSessionFor } from '../session';
import { assertLinkUsable, type LoadedLink, loadLink } from './link';
import { findLinkRef } from './link-lookup';

/** Spec 002 §8 "already filled": a 400 the page turns into PUBLIC.QUESTIONNAIRE.ALREADY_FILL. */
function alreadyFilledError(): AppError {
  return new AppError('PRECONDITION', 'This form has been submitted already.', {
    id: 'QUESTIONNAIRE_EXISTS',
    status: 400,
    context: { reason: 'COMPLETED', messageKey: 'PUBLIC.QUESTIONNAIRE.ALREADY_FILL' },
  });
}

/** Spec 002 §7: the same idempotency key sent with other content. */
function keyReusedError(): AppError {
  return new AppError('CONFLICT', 'This submit key was used for other answers.', {
    context: { reason: 'IDEMPOTENCY_KEY_REUSED' },
  });
}

/**
 * A submit whose key was stored by another call meanwhile (its insert failed on the key's unique
 * index): the same answer as a key reused, else null.
 */
export function keyReusedOf(error: unknown): AppError | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === PUBLIC_SUBMISSION_KEY_INDEX) return keyReusedError();
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The answer to a submit whose use case failed (spec 002 §7): a refused session (401, 403) as it
 * was; else, when the link has a submission stored under the call's idempotency key, the call is a
 * retry, answered with the stored result when its content is the same (nothing of the retry was
 * kept: its transaction failed) and refused as a key reused otherwise; else the failure as it was.
 * A failed look-up leaves the first failure standing.
 */
export async function replayOfFailedSubmit(
  db: Executor,
  input: { studyId: string; tokenId: string; body: PublicSubmitBody },
  error: unknown,
): Promise<PublicSubmitResult> {
  const { studyId, tokenId, body } = input;
  // A call without the link's live session (checked in the use case) learns nothing of stored results.
  if (error instanceof AppError && (error.status === 401 || error.status === 403)) throw error;
  const earlier = await findPublicSubmission(db, studyId, tokenId, body.idempotencyKey).catch(() => null);
  if (!earlier) throw keyReusedOf(error) ?? error;
  if (earlier.fingerprint !== fingerprintOf(body)) throw keyReusedError();
  return { ...StoredPublicSubmitResultSchema.parse(earlier.result), isReplay: true };
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

/**
 * The link's fill context with its enrollment locked (the schedule's serialisation point), loaded
 * once for the whole submit (issue 16 item 2), and the participant session `sessionId` checked
 * against it (spec 002 §8: 401 without a live session, 403 for another link's), read with the locked
 * rows in the transaction's first statement; 404 'The link' when the link or what it opens is
 * missing (after the session check, as when the session was read before), or the link is an
 * unscheduled event's (those are staff work).
 */
async function lockLinkFill(
  ctx: UseCaseContext,
  input: { studyId: string; link: string; sessionId: string },
): Promise<FillContext> {
  const { studyId } = input;
  const ref = await findLinkRef(ctx.tx, studyId, input.link);
  if (!ref) throw notFound('The link');
  const session = { read: false, row: null as ParticipantSessionState | null };
  const readLocked = async () => {
    const read = await findLockedFillWithSession(ctx.tx, { studyId, ...ref }, input.sessionId);
    session.read = read !== null;
    session.row = read?.session ?? null;
    return read?.rows ?? null;
  };
  const sessionFor = { studyId, tokenId: ref.tokenId, now: ctx.now };
  let fill: FillContext;
  try {
    fill = await loadFillContext(ctx.tx, { studyId, ...ref }, { lock: true, readLocked });
  } catch (error) {
    // Anything but a missing row (a database error) stands as it is: its transaction may be aborted.
    if (!(error instanceof AppError && error.type === 'NOT_FOUND')) throw error;
    const row = session.read ? session.row : await findParticipantSession(ctx.tx, input.sessionId);
    assertParticipantSessionFor(row, sessionFor);
    throw notFound('The link');
  }
  assertParticipantSessionFor(session.row, sessionFor);
  if (fill.unscheduledType !== null) throw notFound('The link');
  return fill;
}

/** Spec 002 §1, §6: only the participant's own event types are filled through a link; HP visits are staff work. */
function assertPublicFillable(token: Pick<TokenRow, 'type'>): void {
  if (!isPubliclyFillableTokenType(token.type as TokenType)) {
    throw forbidden('This data event is filled in by the study staff.');
  }
}

/** Where the participant stands after a save: forced order from the token, else completed forms of the event. */
function positionAfter(
  fill: FillContext,
  sets: readonly QuestionnaireRow[],
  tokenDetails: TokenDetails,
  isDone: boolean,
): Pick<PublicSubmitResult, 'nextFormId' | 'currentNumber' | 'total'> {
  const forms = fill.event.forms;
  if (isDone) return { nextFormId: null, currentNumber: forms.length, total: forms.length };
  if (fill.event.forceFormOrder) {
    const position = formPositionOf(forms, tokenDetails.formIndex);
    return { nextFormId: position.currentForm, currentNumber: position.currentNumber, total: position.total };
  }
  const completed = sets.filter((s) => s.completedAt !== null && forms.includes(s.formId)).length;
  return { nextFormId: null, currentNumber: completed, total: forms.length };
}

/**
 * Saves or submits the participant's answers through the questionnaire save as the public audience
 * (issue 14 item 1): only the questions the participant is asked are checked, written and audited;
 * the answers of staff-only questions (hideFromSubjects, not visibleInPublic) are never touched.
 */
async function saveParticipantAnswers(
  ctx: UseCaseContext,
  fill: FillContext,
  body: PublicSubmitBody,
  env: ScheduleEnv,
): Promise<StoredPublicSubmitResult> {
  const studyId = fill.study.id;
  const before = fill.questionnaires;
  let outcome: Awaited<ReturnType<typeof submitQuestionnaire>>;
  try {
    outcome = await submitQuestionnaire(
      ctx,
      {
        studyId,
        enrollmentId: fill.enrollment.id,
        tokenId: fill.token.id,
        formId: body.formId,
        answers: body.answers,
        imageChartMarkers: body.imageChartMarkers,
        imageChartAnswers: body.imageChartAnswers,
        isFinal: body.isFinal,
        userId: fill.token.id,
        filler: { type: 'SUBJECT_TOKEN', id: fill.token.id },
        // The submission record is all that follows (deferred too).
        writesLast: true,
      },
      env,
      fill,
    );
  } catch (error) {
    if (error instanceof AppError && error.type === 'VALIDATION') throw contextualError(error);
    if (error instanceof AppError && error.id === 'QUESTIONNAIRE_EXISTS') throw alreadyFilledError();
    throw error;
  }
  const saved = outcome.questionnaire;
  const status = outcome.token.status as TokenStatus;
  const isDone = status === 'COMPLETED' || status === 'EXCLUDED';
  const sets = [...before.filter((q) => q.id !== saved.id), saved];
  return {
    questionnaireId: saved.id,
    formId: saved.formId,
    formStatus: saved.status,
    isFinal: body.isFinal,
    status,
    isDone,
    ...positionAfter(fill, sets, tokenDetailsOf(outcome.token), isDone),
    firedRules: outcome.firedRules,
  };
}

/**
 * Spec 002 §2 Back, then Continue again: after stepping back onto a completed form in a forced
 * order, a final submit with no answers moves on to the next form; the saved answers stay as they
 * are (a completed form changes only by a staff update with a reason). Anything else is refused
 * as already filled (spec 002 §8).
 */
async function continuePastCompletedForm(
  ctx: UseCaseContext,
  fill: FillContext,
  body: PublicSubmitBody,
  before: QuestionnaireRow,
): Promise<StoredPublicSubmitResult> {
  const position = formPositionOf(fill.event.forms, tokenDetailsOf(fill.token).formIndex);
  const isContinue =
    body.isFinal &&
    body.answers.length === 0 &&
    fill.event.forceFormOrder &&
    position.currentForm === body.formId;
  if (!isContinue) throw alreadyFilledError();
  const next = stepForwardOneForm(position);
  const tokenDetails = { ...fill.token.details, formIndex: next.currentNumber };
  await updateToken(ctx.tx, fill.study.id, fill.token.id, { details: tokenDetails, updatedAt: ctx.now });
  await ctx.audit({
    action: 'TOKEN_FORWARD',
    entityType: 'TOKEN',
    entityId: fill.token.id,
    studyId: fill.study.id,
    before: { formIndex: position.currentNumber, formId: position.currentForm },
    after: { formIndex: next.currentNumber, formId: next.currentForm },
  });
  const status = fill.token.status as TokenStatus;
  return {
    questionnaireId: before.id,
    formId: before.formId,
    formStatus: before.status,
    isFinal: true,
    status,
    isDone: false,
    ...positionAfter(fill, fill.questionnaires, tokenDetails, false),
    firedRules: [],
  };
}

/**
 * Spec 002 §7 POST public/studies/{studyId}/questionnaire: saves (isFinal false) or submits one form
 * of the link with the staff fill's domain re-validation, as the public audience (subject-hidden
 * questions are neither asked nor accepted). The same `idempotencyKey` answers the stored first result
 * without writing anything, the same key with other content is a 409: the call then fails on the
 * key's index (or earlier, the form being completed by the first call), its transaction writes
 * nothing, and replayOfFailedSubmit gives the answer. Issue 16 item 2: a first call, nearly every
 * call, reads no stored submission.
 */
export async function submitPublicQuestionnaire(
  ctx: UseCaseContext,
  input: { studyId: string; body: PublicSubmitBody; sessionId: string },
  env: ScheduleEnv,
): Promise<PublicSubmitResult> {
  const { studyId, body } = input;
  const fill = await lockLinkFill(ctx, { studyId, link: body.token, sessionId: input.sessionId });
  assertPublicFillable(fill.token);
  assertLinkUsable(fill, ctx.now);
  const before = fill.questionnaires.find((q) => q.formId === body.formId);
  const result = before?.completedAt
    ? await continuePastCompletedForm(ctx, fill, body, before)
    : await saveParticipantAnswers(ctx, fill, body, env);
  // Stored with the audit events, in their statement (issue 16 item 2). A key stored already (a
  // retry, or another call meanwhile) fails the insert on the key's unique index, so nothing of
  // this call is kept and replayOfFailedSubmit answers from the stored result. No check after the
  // statement: it can carry the COMMIT.
  const submission = {
    studyId,
    id: newId(ctx.now),
    tokenId: fill.token.id,
    idempotencyKey: body.idempotencyKey,
    questionnaireId: result.questionnaireId,
    fingerprint: fingerprintOf(body),
    result,
    createdAt: ctx.now,
  };
  ctx.deferWrite(publicSubmissionInsert(ctx.tx, submission));
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
  const link = await loadLink(ctx.tx, input.studyId, input.link, { lock: true });
  assertPublicFillable(link.token);
  assertLinkUsable(link, ctx.now);
  return stepTokenBack(ctx, { studyId: input.studyId, tokenId: link.token.id });
}

/**
 * Spec 002 §2 Questionnaire fill and index: where the link stands, for the pages to start at the
 * right form: the forced-order position and the forms saved as final (a complete draft is not).
 */
export async function getPublicFillState(
  db: Executor,
  input: { studyId: string; link: string },
  /** The link's fill read with the request's link limit (route-helpers.ts linkFillOf). */
  read: FillRead | null = null,
): Promise<PublicFillState> {
  return fillStateOfLink(await loadLink(db, input.studyId, input.link, { read }));
}

/** Where a loaded link's fill stands (fillState's answer). */
export function fillStateOfLink(link: LoadedLink): PublicFillState {
  const forms = link.event.forms;
  const position = formPositionOf(forms, tokenDetailsOf(link.token).formIndex);
  const sets = link.questionnaires;
  return {
    forceFormOrder: link.event.forceFormOrder,
    currentForm: link.event.forceFormOrder ? position.currentForm : null,
    currentNumber: position.currentNumber,
    total: forms.length,
    completedFormIds: sets.filter((q) => q.completedAt !== null).map((q) => q.formId),
  };
}
