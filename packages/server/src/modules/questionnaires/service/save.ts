/**
 * Staff fill, draft save and update with reason of a filled form (spec 001 §2, §4, §5; issue 7 item 5).
 * Each call is one transaction: the enrollment is locked first (the schedule's serialisation point),
 * the answer set is rebuilt and re-validated by the domain, written answer by answer, audited with
 * before/after per changed answer, queries of QUERY rules raised, and the token moved on.
 */
import {
  type Answer,
  type AnswerChange,
  type AnswerSetCheck,
  answerValueOf,
  canTokenTakeAnswers,
  checkAnswerSet,
  diffAnswers,
  type FiredRuleView,
  type FormPosition,
  formEditBlockReason,
  formPositionOf,
  type ImageChartAnswer,
  type ImageChartMarker,
  type StudyStatus,
  stepForwardOneForm,
  studyEditScope,
  type TokenStatus,
  tokenStateMachine,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { lockEnrollment } from '../../enrollments/repo';
import { raiseRuleQuery } from '../../queries/service/raise-rule-query';
import { findToken, type TokenRow, updateToken } from '../../tokens/repo';
import type { ScheduleEnv } from '../../tokens/service/send-link';
import { completeToken } from '../../tokens/service/staff';
import { FORM_INDEX_DETAIL } from '../../tokens/service/token-actions';
import { answerOfRow } from '../presenters';
import {
  type AnswerRow,
  findQuestionnaire,
  findTokenFormQuestionnaire,
  insertAnswerRows,
  insertQuestionnaire,
  listAnswerRows,
  listEnrollmentQuestionnaires,
  listQuestionnaireQueries,
  listTokenQuestionnaires,
  type QuestionnaireRow,
  updateAnswerRow,
  updateQuestionnaire,
} from '../repo';
import {
  assertEventKind,
  type EventKind,
  type FillContext,
  type LoadedForm,
  loadFillContext,
  loadFormShowRules,
  loadFormValidationRules,
} from './context';
import { loadReferenceForms } from './reference';

export type TokenRef = { studyId: string; enrollmentId: string; tokenId: string };
type AnswerPayload = {
  answers: Answer[];
  imageChartMarkers?: ImageChartMarker[] | undefined;
  imageChartAnswers?: ImageChartAnswer[] | undefined;
};
/** Which tokens a save serves (see `EventKind`); the plain calls' defaults keep their old behaviour. */
type KindOption = { eventKind?: EventKind | undefined };
export type SaveOutcome = {
  questionnaireId: string;
  token: TokenRow;
  tokenCompleted: boolean;
  firedRules: FiredRuleView[];
  queriesRaised: number;
};

function studyStatusError(status: string): AppError {
  return new AppError('PRECONDITION', 'The study does not allow this in its current status.', {
    id: 'STUDY_STATUS_MISMATCH',
    context: { status },
  });
}

/**
 * Locks the enrollment, then loads the token's fill context inside the transaction and refuses a
 * token of the other kind (scheduled versus unscheduled, spec 001 §7).
 */
async function lockAndLoad(ctx: UseCaseContext, ref: TokenRef, kind: EventKind): Promise<FillContext> {
  if (!(await lockEnrollment(ctx.tx, ref.studyId, ref.enrollmentId))) throw notFound('The enrollment');
  const fill = await loadFillContext(ctx.tx, ref);
  assertEventKind(fill, kind);
  return fill;
}

/** Spec 001 §4/§7: staff fill only while the study captures data and the token is open and unlocked. */
function assertFillable(fill: FillContext): void {
  if (!studyEditScope(fill.study.status as StudyStatus).dataCapture)
    throw studyStatusError(fill.study.status);
  if (fill.token.locked) {
    throw new AppError('PRECONDITION', 'The data event is locked.', { context: { reason: 'TOKEN_LOCKED' } });
  }
  if (!canTokenTakeAnswers(fill.token.status as TokenStatus)) {
    throw new AppError('PRECONDITION', 'This data event does not take answers now.', {
      context: { reason: 'TOKEN_NOT_FILLABLE', status: fill.token.status },
    });
  }
}

function requireForm(fill: FillContext, formId: string): LoadedForm {
  const form = fill.forms.find((f) => f.formId === formId);
  if (!form) {
    throw validationError([{ path: ['formId'], message: 'The form is not part of this data event.' }]);
  }
  return form;
}

/** Spec 001 §5: the domain rebuild and check; refuses answer errors (400) and BLOCK rules (400 VALIDATION_RULE_VIOLATION). */
async function checkSubmission(
  ctx: UseCaseContext,
  fill: FillContext,
  form: LoadedForm,
  answers: Answer[],
  options: { isFinal: boolean; queryStatuses: string[]; audience?: 'staff' | 'public' },
): Promise<AnswerSetCheck> {
  const studyId = fill.study.id;
  const [validationRules, referenceShowRules] = await Promise.all([
    loadFormValidationRules(ctx.tx, studyId, form.formId, fill.event.id),
    loadFormShowRules(ctx.tx, studyId, form.formId, {
      processId: fill.process.id,
      dataEventId: fill.event.id,
    }),
  ]);
  const reference = await loadReferenceData(ctx, fill, form.formId);
  const result = checkAnswerSet({
    form: form.form,
    answers: answers.map((a) => ({ ...a, timeZone: a.timeZone ?? fill.enrollment.timeZone })),
    isFinal: options.isFinal,
    audience: options.audience ?? 'staff',
    validationRules,
    referenceShowRules,
    queryStatuses: options.queryStatuses,
    isTokenMissingData: fill.token.missingData,
    ruleContext: {
      now: ctx.now,
      timeZone: fill.enrollment.timeZone,
      enrollmentDate: fill.enrollment.registeredAt,
      dataEventId: fill.event.id,
      referenceForms: reference.forms,
      referenceAnswers: reference.answers,
    },
  });
  if (result.issues.length > 0) throw validationError(result.issues, 'Some answers are not valid.');
  if (result.blockingIssues.length > 0) {
    throw validationError(
      result.blockingIssues,
      'A validation rule refuses these answers.',
      'VALIDATION_RULE_VIOLATION',
    );
  }
  return result;
}

/**
 * Cross-form rules (QUESTION_REF): the other answer sets of the enrollment, keyed by question id, with
 * their forms at the versions they were filled with.
 */
async function loadReferenceData(ctx: UseCaseContext, fill: FillContext, formId: string) {
  const sets = (await listEnrollmentQuestionnaires(ctx.tx, fill.study.id, fill.enrollment.id)).filter(
    (q) => !(q.tokenId === fill.token.id && q.formId === formId),
  );
  const rows = await listAnswerRows(
    ctx.tx,
    fill.study.id,
    sets.map((s) => s.id),
  );
  const answers: Record<string, Answer> = {};
  for (const row of rows) answers[row.questionId] = answerOfRow(row);
  return { forms: await loadReferenceForms(ctx.tx, fill.study.id, sets), answers };
}

/** Writes the rebuilt answers: changed ones updated (their verification cleared), new ones inserted. */
async function writeAnswers(
  ctx: UseCaseContext,
  questionnaire: Pick<QuestionnaireRow, 'studyId' | 'id'>,
  existing: readonly AnswerRow[],
  rebuilt: readonly Answer[],
): Promise<AnswerChange[]> {
  const before = existing.map(answerOfRow);
  const byQuestion = new Map(rebuilt.map((a) => [a.question, a]));
  // A question the client no longer sends keeps its row, emptied (nothing is deleted from captured data).
  for (const row of existing) {
    if (!byQuestion.has(row.questionId)) {
      byQuestion.set(row.questionId, { ...answerOfRow(row), ...emptyValue(row.questionId) });
    }
  }
  const after = [...byQuestion.values()];
  const changes = diffAnswers(before, after);
  const rowsByQuestion = new Map(existing.map((r) => [r.questionId, r]));
  const inserts: AnswerRow[] = [];
  for (const change of changes) {
    const answer = change.after ?? emptyValue(change.questionId);
    const stored = storedValue(answer);
    const row = rowsByQuestion.get(change.questionId);
    if (row) {
      await updateAnswerRow(ctx.tx, questionnaire.studyId, row.id, {
        ...stored,
        updatedAt: ctx.now,
        verifiedAt: null,
        verifiedBy: null,
        secondaryVerifiedAt: null,
        secondaryVerifiedBy: null,
      });
    } else {
      inserts.push({
        studyId: questionnaire.studyId,
        id: newId(ctx.now),
        questionnaireId: questionnaire.id,
        questionId: change.questionId,
        ...stored,
        verifiedAt: null,
        verifiedBy: null,
        secondaryVerifiedAt: null,
        secondaryVerifiedBy: null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
    }
  }
  await insertAnswerRows(ctx.tx, inserts);
  return changes;
}

function emptyValue(questionId: string): Answer {
  return {
    question: questionId,
    ...answerValueOf(null),
    timeZone: null,
    verification: false,
    secondaryVerification: false,
  };
}

function storedValue(answer: Answer) {
  const { id: _id, verification: _v, secondaryVerification: _s, ...value } = answer;
  return {
    value: value as Record<string, unknown>,
    timeZone: answer.timeZone ?? null,
    isUnavailable: answer.answerUnavailable,
    isSkipped: answer.answerSkipped,
  };
}

/** The audit before/after of changed answers: `{ answers: { questionId: value } }`. */
function auditAnswers(changes: readonly AnswerChange[], side: 'before' | 'after') {
  return Object.fromEntries(changes.map((c) => [c.questionId, c[side] ? answerValueOf(c[side]) : null]));
}

/** Raises the queries of fired QUERY rules and returns the WARNING/QUERY rules for the answer. */
async function handleFiredRules(
  ctx: UseCaseContext,
  fill: FillContext,
  questionnaire: QuestionnaireRow,
  check: AnswerSetCheck,
): Promise<number> {
  let raised = 0;
  const rows = await listAnswerRows(ctx.tx, fill.study.id, [questionnaire.id]);
  for (const rule of check.fired) {
    if (rule.action !== 'QUERY') continue;
    const answerId = rows.find((r) => r.questionId === rule.questionId)?.id ?? null;
    const isNew = await raiseRuleQuery(ctx, {
      studyId: fill.study.id,
      siteId: fill.enrollment.siteId,
      enrollmentId: fill.enrollment.id,
      tokenId: fill.token.id,
      questionnaireId: questionnaire.id,
      formId: questionnaire.formId,
      questionId: rule.questionId,
      answerId,
      ruleId: rule.ruleId,
      message: rule.message,
      language: fill.study.primaryLanguage,
    });
    if (isNew) raised += 1;
  }
  return raised;
}

/**
 * Spec 000 §3 forced form order: the mandatory forms are filled one after the other; a form further
 * on than the filler's current one is refused. Null when the event does not force the order.
 */
function assertFormInOrder(fill: FillContext, formId: string): FormPosition | null {
  if (!fill.event.forceFormOrder) return null;
  const position = formPositionOf(
    fill.event.forms,
    (fill.token.details as Record<string, unknown>)[FORM_INDEX_DETAIL],
  );
  const index = fill.event.forms.indexOf(formId);
  if (index > position.currentNumber) {
    throw new AppError(
      'PRECONDITION',
      'The forms of this event are filled in order; finish the earlier form first.',
      {
        context: { reason: 'FORM_ORDER', currentForm: position.currentForm },
      },
    );
  }
  return position;
}

async function queryStatusesOf(ctx: UseCaseContext, studyId: string, questionnaireId: string) {
  return (await listQuestionnaireQueries(ctx.tx, studyId, [questionnaireId])).map((q) => q.status);
}

/** After a save: UNUSED → IN_USE; when every mandatory form is completed, the token completes. */
async function advanceToken(
  ctx: UseCaseContext,
  fill: FillContext,
  env: ScheduleEnv,
): Promise<{ token: TokenRow; tokenCompleted: boolean }> {
  const studyId = fill.study.id;
  let token = fill.token;
  const sets = await listTokenQuestionnaires(ctx.tx, studyId, token.id);
  const completed = new Set(sets.filter((s) => s.completedAt !== null).map((s) => s.formId));
  const mandatory = fill.forms.filter((f) => !f.isOptional && !f.isRemoved);
  const isAllDone = mandatory.length > 0 && mandatory.every((f) => completed.has(f.formId));
  if (isAllDone && canTokenTakeAnswers(token.status as TokenStatus)) {
    token = await completeToken(ctx, { studyId, tokenId: token.id }, env);
    return { token, tokenCompleted: true };
  }
  if (token.status === 'UNUSED') {
    const status = tokenStateMachine.next('UNUSED', 'open');
    await updateToken(ctx.tx, studyId, token.id, { status, updatedAt: ctx.now });
    await ctx.audit({
      action: 'TOKEN_STATUS_CHANGED',
      entityType: 'TOKEN',
      entityId: token.id,
      studyId,
      before: { status: token.status },
      after: { status },
    });
    token = (await findToken(ctx.tx, studyId, token.id)) ?? token;
  }
  return { token, tokenCompleted: false };
}

function firedViews(check: AnswerSetCheck): FiredRuleView[] {
  return check.fired.map((f) => ({ ...f }));
}

/**
 * Spec 001 §7 POST .../tokens/{tokenId}/questionnaires (staff submit): saves one form of an open token.
 * `isFinal` completes the form (required questions enforced); a completed form is refused with 409
 * QUESTIONNAIRE_EXISTS (it changes only by update with a reason). Staff may fill staff (HP) and subject
 * events; the answer set records the staff member as filler.
 */
export async function submitQuestionnaire(
  ctx: UseCaseContext,
  input: TokenRef &
    AnswerPayload &
    KindOption & {
      formId: string;
      isFinal: boolean;
      userId: string;
      /** Who fills: staff by default; a participant's link (spec 002) is checked as the public audience. */
      filler?: { type: 'USER' | 'SUBJECT_TOKEN'; id: string };
    },
  env: ScheduleEnv,
): Promise<SaveOutcome> {
  // The plain call serves scheduled events; POST .../questionnaires/unscheduled passes UNSCHEDULED.
  const fill = await lockAndLoad(ctx, input, input.eventKind ?? 'SCHEDULED');
  const form = requireForm(fill, input.formId);
  if (form.isRemoved)
    throw new AppError('PRECONDITION', 'The form has been removed.', { context: { reason: 'FORM_REMOVED' } });
  const existing = await findTokenFormQuestionnaire(ctx.tx, input.studyId, fill.token.id, form.formId);
  if (existing?.completedAt) {
    throw new AppError('CONFLICT', 'This form has been submitted already; update it with a reason.', {
      id: 'QUESTIONNAIRE_EXISTS',
      context: { questionnaireId: existing.id },
    });
  }
  assertFillable(fill);
  const position = assertFormInOrder(fill, form.formId);
  const queryStatuses = existing ? await queryStatusesOf(ctx, input.studyId, existing.id) : [];
  const check = await checkSubmission(ctx, fill, form, input.answers, {
    isFinal: input.isFinal,
    queryStatuses,
    audience: input.filler?.type === 'SUBJECT_TOKEN' ? 'public' : 'staff',
  });
  if (position && input.isFinal && position.currentForm === form.formId) {
    // Forced order: the filler moves on to the next form (the `back` call steps it back again).
    const next = stepForwardOneForm(position);
    const tokenDetails = {
      ...(fill.token.details as Record<string, unknown>),
      [FORM_INDEX_DETAIL]: next.currentNumber,
    };
    await updateToken(ctx.tx, input.studyId, fill.token.id, { details: tokenDetails, updatedAt: ctx.now });
    fill.token = { ...fill.token, details: tokenDetails };
  }
  const details = {
    imageChartMarkers: input.imageChartMarkers ?? [],
    imageChartAnswers: input.imageChartAnswers ?? [],
  };
  let questionnaire: QuestionnaireRow;
  if (existing) {
    questionnaire = existing;
  } else {
    questionnaire = {
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
      details,
      verifiedAt: null,
      verifiedBy: null,
      secondaryVerifiedAt: null,
      secondaryVerifiedBy: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      completedAt: null,
    };
    await insertQuestionnaire(ctx.tx, questionnaire);
    await ctx.audit({
      action: 'QUESTIONNAIRE_CREATED',
      entityType: 'QUESTIONNAIRE',
      entityId: questionnaire.id,
      studyId: input.studyId,
      before: null,
      after: { tokenId: fill.token.id, formId: form.formId, formVersion: form.taggedVersion },
    });
  }
  return persist(ctx, fill, questionnaire, check, {
    details,
    isFinal: input.isFinal,
    action: input.isFinal ? 'QUESTIONNAIRE_SUBMITTED' : 'QUESTIONNAIRE_SAVED',
    reason: null,
    env,
  });
}

async function persist(
  ctx: UseCaseContext,
  fill: FillContext,
  questionnaire: QuestionnaireRow,
  check: AnswerSetCheck,
  options: {
    details: Record<string, unknown>;
    isFinal: boolean;
    action: 'QUESTIONNAIRE_SAVED' | 'QUESTIONNAIRE_SUBMITTED' | 'QUESTIONNAIRE_UPDATED';
    reason: string | null;
    env: ScheduleEnv;
    signature?: Signature | null;
  },
): Promise<SaveOutcome> {
  const studyId = fill.study.id;
  const existingRows = await listAnswerRows(ctx.tx, studyId, [questionnaire.id]);
  const changes = await writeAnswers(ctx, questionnaire, existingRows, check.answers);
  const queriesRaised = await handleFiredRules(ctx, fill, questionnaire, check);
  const statuses = await queryStatusesOf(ctx, studyId, questionnaire.id);
  const status = statuses.some((s) => s === 'OPEN' || s === 'RESPONDED') ? 'STATUS_QUERY' : check.status;
  const version = questionnaire.version + 1;
  const completedAt = questionnaire.completedAt ?? (options.isFinal ? ctx.now : null);
  // Changing an answer clears the form's verification too (issue 7 item 6).
  const keepsVerification = changes.length === 0;
  await updateQuestionnaire(ctx.tx, studyId, questionnaire.id, {
    status,
    score: check.score === null ? null : String(check.score),
    version,
    details: options.details,
    updatedAt: ctx.now,
    completedAt,
    ...(keepsVerification
      ? {}
      : { verifiedAt: null, verifiedBy: null, secondaryVerifiedAt: null, secondaryVerifiedBy: null }),
  });
  await ctx.audit({
    action: options.action,
    entityType: 'QUESTIONNAIRE',
    entityId: questionnaire.id,
    studyId,
    before: {
      status: questionnaire.status,
      version: questionnaire.version,
      answers: auditAnswers(changes, 'before'),
    },
    after: {
      status,
      version,
      score: check.score,
      answers: auditAnswers(changes, 'after'),
      ...(options.signature ? { signature: options.signature } : {}),
    },
    reason: options.reason,
  });
  const { token, tokenCompleted } = await advanceToken(ctx, fill, options.env);
  return {
    questionnaireId: questionnaire.id,
    token,
    tokenCompleted,
    firedRules: firedViews(check),
    queriesRaised,
  };
}

async function requireTokenQuestionnaire(ctx: UseCaseContext, fill: FillContext, questionnaireId: string) {
  const row = await findQuestionnaire(ctx.tx, fill.study.id, questionnaireId, { lock: true });
  if (!row || row.tokenId !== fill.token.id) throw notFound('The filled form');
  return row;
}

function assertVersion(row: QuestionnaireRow, version: number | undefined): void {
  if (version !== undefined && version !== row.version) {
    throw new AppError('CONFLICT', 'The form was changed by someone else. Reload it and try again.', {
      context: { reason: 'VERSION_MISMATCH', expected: row.version, received: version },
    });
  }
}

/**
 * Spec 001 §7 PUT .../questionnaires/{questionnaireId} and PUT .../{questionnaireId}/unscheduled
 * (`eventKind: 'UNSCHEDULED'`): corrects a completed form with a reason (the comment goes into the audit
 * event's reason). Allowed only as spec 001 §4 says (production or test, not in an amendment, event
 * editable, form not removed, token not locked); 409 on a stale `version`.
 */
export async function updateFilledQuestionnaire(
  ctx: UseCaseContext,
  input: TokenRef &
    AnswerPayload &
    KindOption & {
      questionnaireId: string;
      comment: string;
      version: number;
      signature: Signature | null;
    },
  env: ScheduleEnv,
): Promise<SaveOutcome> {
  const fill = await lockAndLoad(ctx, input, input.eventKind ?? 'SCHEDULED');
  const row = await requireTokenQuestionnaire(ctx, fill, input.questionnaireId);
  const form = requireForm(fill, row.formId);
  const reason = formEditBlockReason({
    studyStatus: fill.study.status as StudyStatus,
    tokenStatus: fill.token.status as TokenStatus,
    isTokenLocked: fill.token.locked,
    isFormRemoved: form.isRemoved,
  });
  if (reason === 'STUDY_STATUS_MISMATCH') throw studyStatusError(fill.study.status);
  if (reason)
    throw new AppError('PRECONDITION', 'This filled form cannot be edited now.', { context: { reason } });
  if (!row.completedAt) {
    throw new AppError(
      'PRECONDITION',
      'This form is not submitted yet: save it as unfinished or submit it.',
      {
        context: { reason: 'QUESTIONNAIRE_NOT_COMPLETED' },
      },
    );
  }
  assertVersion(row, input.version);
  const queryStatuses = await queryStatusesOf(ctx, input.studyId, row.id);
  const check = await checkSubmission(ctx, fill, form, input.answers, { isFinal: true, queryStatuses });
  return persist(ctx, fill, row, check, {
    details: {
      ...row.details,
      ...(input.imageChartMarkers ? { imageChartMarkers: input.imageChartMarkers } : {}),
      ...(input.imageChartAnswers ? { imageChartAnswers: input.imageChartAnswers } : {}),
    },
    isFinal: true,
    action: 'QUESTIONNAIRE_UPDATED',
    reason: input.comment,
    env,
    signature: input.signature,
  });
}

/**
 * Spec 001 §7 PUT .../{questionnaireId}/unfinished: saves a draft of a form not submitted yet (no reason
 * needed). The spec names no unscheduled draft call, so this one serves both kinds of token by default.
 */
export async function saveUnfinishedQuestionnaire(
  ctx: UseCaseContext,
  input: TokenRef & AnswerPayload & KindOption & { questionnaireId: string; version?: number | undefined },
  env: ScheduleEnv,
): Promise<SaveOutcome> {
  const fill = await lockAndLoad(ctx, input, input.eventKind ?? 'ANY');
  assertFillable(fill);
  const row = await requireTokenQuestionnaire(ctx, fill, input.questionnaireId);
  if (row.completedAt) {
    throw new AppError('CONFLICT', 'This form has been submitted already; update it with a reason.', {
      id: 'QUESTIONNAIRE_EXISTS',
    });
  }
  assertVersion(row, input.version);
  const form = requireForm(fill, row.formId);
  const queryStatuses = await queryStatusesOf(ctx, input.studyId, row.id);
  const check = await checkSubmission(ctx, fill, form, input.answers, { isFinal: false, queryStatuses });
  return persist(ctx, fill, row, check, {
    details: {
      imageChartMarkers: input.imageChartMarkers ?? [],
      imageChartAnswers: input.imageChartAnswers ?? [],
    },
    isFinal: false,
    action: 'QUESTIONNAIRE_SAVED',
    reason: null,
    env,
  });
}
