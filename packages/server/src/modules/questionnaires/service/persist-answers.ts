/**
 * The one write step of every save of a filled form (spec 001 §4, §5; spec 002 §7; issue 14 item 1):
 * the answers in the audience's scope written answer by answer, audited with before/after per changed
 * answer, queries of QUERY rules raised, the answer set updated once, and the token moved on. Rows of
 * questions outside the scope (a participant is not asked staff-only questions) are never touched.
 */
import {
  type Answer,
  type AnswerChange,
  type AnswerSetCheck,
  answerValueOf,
  canTokenTakeAnswers,
  diffAnswers,
  type FiredRuleView,
  isQuestionAskedIn,
  type QuestionnaireDetails,
  type TokenStatus,
  tokenStateMachine,
  withoutAnswerDefaults,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { type TokenRow, updateToken } from '../../enrollments/tokens/api';
import { advanceEnrollment } from '../../enrollments/tokens/service/advance-enrollment';
import type { ScheduleEnv } from '../../enrollments/tokens/service/send-link';
import { raiseRuleQuery } from '../../queries/api';
import { answerOfRow } from '../presenters';
import {
  type AnswerRow,
  answerRowsStatement,
  insertQuestionnaire,
  listAnswerRows,
  type QuestionnaireRow,
  questionnaireInsertStatement,
  questionnaireUpdateStatement,
  tokenUpdateStatement,
  updateQuestionnaire,
  upsertAnswerRows,
} from '../repo';
import type { FillContext, LoadedForm } from './context';
import { type Audience, queryStatusesOf } from './fill-checks';

export type SaveOutcome = {
  questionnaireId: string;
  /** The answer set as stored by this save. */
  questionnaire: QuestionnaireRow;
  /** Its answer rows as stored by this save, in the order they are listed (created, then id). */
  answers: AnswerRow[];
  token: TokenRow;
  tokenCompleted: boolean;
  firedRules: FiredRuleView[];
  queriesRaised: number;
};

export type PersistOptions = {
  form: LoadedForm;
  /** Whose questions the save is about; the others' rows stay as they are. */
  audience: Audience;
  details: QuestionnaireDetails;
  isFinal: boolean;
  action: 'QUESTIONNAIRE_SAVED' | 'QUESTIONNAIRE_SUBMITTED' | 'QUESTIONNAIRE_UPDATED';
  reason: string | null;
  env: ScheduleEnv;
  signature?: Signature | null;
  /** The answer set is new: it is inserted as saved (its creation was audited by the caller). */
  isNew?: boolean;
  /** The statuses of the queries on the answer set before this save (none for a new one). */
  queryStatuses: readonly string[];
  /** The answer set's stored answer rows, when the caller read them in this transaction (else read here). */
  existingRows?: readonly AnswerRow[];
  /** The caller changed the token's details (forced order): written with the token's status. */
  tokenDetailsChanged?: boolean;
  /**
   * Nothing after this save in its use case reads the token or the answer set (WritesLastOption):
   * their updates go with the audit events (ctx.deferWrite), unless this save reads them again
   * itself (the queries of QUERY rules, the schedule moved on by a completion).
   */
  writesLast?: boolean;
};

/** The questions of the form the audience fills (spec 002: subject-hidden and non-public ones are not the participant's). */
function questionsInScope(form: LoadedForm, audience: Audience): ReadonlySet<string> {
  return new Set(form.form.questions.filter((q) => isQuestionAskedIn(q, audience)).map((q) => q.id));
}

/**
 * The rebuilt answers of the questions in scope as rows to write: changed ones with their new value
 * (their verification cleared), new ones with a new id. Rows and answers of questions out of scope are
 * left out entirely. Pure: the caller writes the rows in one statement.
 */
function planAnswers(
  ctx: UseCaseContext,
  questionnaire: Pick<QuestionnaireRow, 'studyId' | 'id'>,
  existingRows: readonly AnswerRow[],
  rebuilt: readonly Answer[],
  scope: ReadonlySet<string>,
): { changes: AnswerChange[]; rows: AnswerRow[] } {
  const existing = existingRows.filter((row) => scope.has(row.questionId));
  const before = existing.map(answerOfRow);
  const byQuestion = new Map(rebuilt.filter((a) => scope.has(a.question)).map((a) => [a.question, a]));
  // A question the client no longer sends keeps its row, emptied (nothing is deleted from captured data).
  for (const row of existing) {
    if (!byQuestion.has(row.questionId)) {
      byQuestion.set(row.questionId, { ...answerOfRow(row), ...emptyValue(row.questionId) });
    }
  }
  const changes = diffAnswers(before, [...byQuestion.values()]);
  const rowsByQuestion = new Map(existing.map((r) => [r.questionId, r]));
  const rows = changes.map((change): AnswerRow => {
    const row = rowsByQuestion.get(change.questionId);
    return {
      studyId: questionnaire.studyId,
      id: row?.id ?? newId(ctx.now),
      questionnaireId: questionnaire.id,
      questionId: change.questionId,
      ...storedValue(change.after ?? emptyValue(change.questionId)),
      verifiedAt: null,
      verifiedBy: null,
      secondaryVerifiedAt: null,
      secondaryVerifiedBy: null,
      createdAt: row?.createdAt ?? ctx.now,
      updatedAt: ctx.now,
    };
  });
  return { changes, rows };
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
    value: withoutAnswerDefaults(value),
    timeZone: answer.timeZone ?? null,
    isUnavailable: answer.answerUnavailable,
    isSkipped: answer.answerSkipped,
  };
}

/** The audit before/after of changed answers: `{ answers: { questionId: value } }`. */
function auditAnswers(changes: readonly AnswerChange[], side: 'before' | 'after') {
  return Object.fromEntries(changes.map((c) => [c.questionId, c[side] ? answerValueOf(c[side]) : null]));
}

/** Raises the queries of fired QUERY rules; returns how many are new. */
async function handleFiredRules(
  ctx: UseCaseContext,
  fill: FillContext,
  questionnaire: QuestionnaireRow,
  check: AnswerSetCheck,
  answerIds: ReadonlyMap<string, string>,
  env: ScheduleEnv,
): Promise<number> {
  let raised = 0;
  for (const rule of check.fired) {
    if (rule.action !== 'QUERY') continue;
    const isNew = await raiseRuleQuery(ctx, {
      studyId: fill.study.id,
      siteId: fill.enrollment.siteId,
      enrollmentId: fill.enrollment.id,
      tokenId: fill.token.id,
      dataEventId: fill.token.dataEventId,
      questionnaireId: questionnaire.id,
      formId: questionnaire.formId,
      questionId: rule.questionId,
      answerId: answerIds.get(rule.questionId) ?? null,
      ruleId: rule.ruleId,
      message: rule.message,
      language: fill.study.primaryLanguage,
      env,
    });
    if (isNew) raised += 1;
  }
  return raised;
}

/** Does this save complete the token (every mandatory form completed, the token still taking answers)? */
function completesToken(fill: FillContext, saved: QuestionnaireRow): boolean {
  const sets = [...fill.questionnaires.filter((q) => q.id !== saved.id), saved];
  const completed = new Set(sets.filter((s) => s.completedAt !== null).map((s) => s.formId));
  const mandatory = fill.forms.filter((f) => !f.isOptional && !f.isRemoved);
  const isAllDone = mandatory.length > 0 && mandatory.every((f) => completed.has(f.formId));
  return isAllDone && canTokenTakeAnswers(fill.token.status as TokenStatus);
}

/** A completed token moves the schedule on (advanceEnrollment) when its process has other events. */
function movesScheduleOn(fill: FillContext): boolean {
  return fill.process.dataEvents.some((e) => e.id !== fill.token.dataEventId);
}

/**
 * After a save: UNUSED → IN_USE; when every mandatory form is completed, the token completes and the
 * schedule moves on (the enrollment is locked, so the token and answer sets read with it are current).
 * One token update, carrying the caller's forced-order position too.
 */
async function advanceToken(
  ctx: UseCaseContext,
  fill: FillContext,
  saved: QuestionnaireRow,
  options: PersistOptions,
): Promise<{ token: TokenRow; tokenCompleted: boolean }> {
  const studyId = fill.study.id;
  const token = fill.token;
  const details = options.tokenDetailsChanged ? { details: token.details } : {};
  if (completesToken(fill, saved)) {
    const status = tokenStateMachine.next(token.status as TokenStatus, 'complete');
    const values = { status, completedTime: ctx.now, updatedAt: ctx.now, ...details };
    // Later events read the token when the schedule moves on; otherwise nothing reads it again.
    const movesSchedule = movesScheduleOn(fill);
    if (movesSchedule || !options.writesLast) await updateToken(ctx.tx, studyId, token.id, values);
    else ctx.deferWrite(tokenUpdateStatement(ctx.tx, studyId, token.id, values));
    await ctx.audit({
      action: 'TOKEN_COMPLETED',
      entityType: 'TOKEN',
      entityId: token.id,
      studyId,
      before: { status: token.status },
      after: { status, completedTime: ctx.now.toISOString() },
    });
    // A completion can make later events' times known (PREVIOUS chains, expiry before the next
    // event); in a process of this one event there are none (the job sweeps the rest as ever).
    if (movesSchedule) {
      await advanceEnrollment(ctx, fill.enrollment, options.env, { process: fill.process });
    }
    return { token: { ...token, ...values }, tokenCompleted: true };
  }
  if (token.status === 'UNUSED') {
    const status = tokenStateMachine.next('UNUSED', 'open');
    const opened = { status, updatedAt: ctx.now, ...details };
    if (options.writesLast) ctx.deferWrite(tokenUpdateStatement(ctx.tx, studyId, token.id, opened));
    else await updateToken(ctx.tx, studyId, token.id, opened);
    await ctx.audit({
      action: 'TOKEN_STATUS_CHANGED',
      entityType: 'TOKEN',
      entityId: token.id,
      studyId,
      before: { status: token.status },
      after: { status },
    });
    return { token: { ...token, status, updatedAt: ctx.now }, tokenCompleted: false };
  }
  if (options.tokenDetailsChanged) {
    const moved = { details: token.details, updatedAt: ctx.now };
    if (options.writesLast) ctx.deferWrite(tokenUpdateStatement(ctx.tx, studyId, token.id, moved));
    else await updateToken(ctx.tx, studyId, token.id, moved);
    return { token: { ...token, updatedAt: ctx.now }, tokenCompleted: false };
  }
  return { token, tokenCompleted: false };
}

const isOpenQuery = (s: string) => s === 'OPEN' || s === 'RESPONDED';

/**
 * Spec 001 §5, §7: writes a checked answer set (see the module comment): the answer set row once
 * (inserted when new), its answers in one statement, the queries of QUERY rules, one audit event of
 * the answers in scope that changed, and the token moved on.
 */
export async function persistAnswers(
  ctx: UseCaseContext,
  fill: FillContext,
  questionnaire: QuestionnaireRow,
  check: AnswerSetCheck,
  options: PersistOptions,
): Promise<SaveOutcome> {
  const studyId = fill.study.id;
  const existingRows = options.isNew
    ? []
    : (options.existingRows ?? (await listAnswerRows(ctx.tx, studyId, [questionnaire.id])));
  const scope = questionsInScope(options.form, options.audience);
  const { changes, rows } = planAnswers(ctx, questionnaire, existingRows, check.answers, scope);
  const statusWith = (statuses: readonly string[]) =>
    statuses.some(isOpenQuery) ? 'STATUS_QUERY' : check.status;
  let status = statusWith(options.queryStatuses);
  const version = questionnaire.version + 1;
  // Changing an answer clears the form's verification too (issue 7 item 6).
  const keepsVerification = changes.length === 0;
  const values = {
    status,
    score: check.score === null ? null : String(check.score),
    version,
    details: options.details,
    updatedAt: ctx.now,
    completedAt: questionnaire.completedAt ?? (options.isFinal ? ctx.now : null),
    ...(keepsVerification
      ? {}
      : { verifiedAt: null, verifiedBy: null, secondaryVerifiedAt: null, secondaryVerifiedBy: null }),
  };
  const raisesQueries = check.fired.some((f) => f.action === 'QUERY');
  // Issue 16 item 2: the answer set and its answers are written with the audit events, unless
  // something after reads them (the queries of QUERY rules, the schedule moved on by a completion).
  const isReadAfter =
    !options.writesLast ||
    raisesQueries ||
    (completesToken(fill, { ...questionnaire, ...values }) && movesScheduleOn(fill));
  const existing = new Set(existingRows.map((r) => r.id));
  if (isReadAfter) {
    if (options.isNew) await insertQuestionnaire(ctx.tx, { ...questionnaire, ...values });
    await upsertAnswerRows(ctx.tx, rows, existing);
    if (!options.isNew) await updateQuestionnaire(ctx.tx, studyId, questionnaire.id, values);
  } else {
    if (options.isNew) ctx.deferWrite(questionnaireInsertStatement(ctx.tx, { ...questionnaire, ...values }));
    const answersWrite = answerRowsStatement(ctx.tx, rows, existing);
    if (answersWrite) ctx.deferWrite(answersWrite);
    if (!options.isNew)
      ctx.deferWrite(questionnaireUpdateStatement(ctx.tx, studyId, questionnaire.id, values));
  }
  let queriesRaised = 0;
  if (raisesQueries) {
    const answerIds = new Map([...existingRows, ...rows].map((r) => [r.questionId, r.id]));
    queriesRaised = await handleFiredRules(ctx, fill, questionnaire, check, answerIds, options.env);
    const after = statusWith(await queryStatusesOf(ctx, studyId, questionnaire.id));
    if (after !== status) {
      status = after;
      await updateQuestionnaire(ctx.tx, studyId, questionnaire.id, { status });
    }
  }
  const saved: QuestionnaireRow = { ...questionnaire, ...values, status };
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
  const { token, tokenCompleted } = await advanceToken(ctx, fill, saved, options);
  const written = new Set(rows.map((r) => r.id));
  const answers = [...existingRows.filter((r) => !written.has(r.id)), ...rows].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return {
    questionnaireId: questionnaire.id,
    questionnaire: saved,
    answers,
    token,
    tokenCompleted,
    firedRules: check.fired.map((f) => ({ ...f })),
    queriesRaised,
  };
}
