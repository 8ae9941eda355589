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
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findToken, type TokenRow, updateToken } from '../../enrollments/tokens/api';
import type { ScheduleEnv } from '../../enrollments/tokens/service/send-link';
import { completeToken } from '../../enrollments/tokens/service/staff';
import { raiseRuleQuery } from '../../queries/service/raise-rule-query';
import { answerOfRow } from '../presenters';
import {
  type AnswerRow,
  insertAnswerRows,
  listAnswerRows,
  listTokenQuestionnaires,
  type QuestionnaireRow,
  updateAnswerRow,
  updateQuestionnaire,
} from '../repo';
import type { FillContext, LoadedForm } from './context';
import { type Audience, queryStatusesOf } from './fill-checks';

export type SaveOutcome = {
  questionnaireId: string;
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
};

/** The questions of the form the audience fills (spec 002: subject-hidden and non-public ones are not the participant's). */
function questionsInScope(form: LoadedForm, audience: Audience): ReadonlySet<string> {
  return new Set(form.form.questions.filter((q) => isQuestionAskedIn(q, audience)).map((q) => q.id));
}

/**
 * Writes the rebuilt answers of the questions in scope: changed ones updated (their verification
 * cleared), new ones inserted. Rows and answers of questions out of scope are left out entirely.
 */
async function writeAnswers(
  ctx: UseCaseContext,
  questionnaire: Pick<QuestionnaireRow, 'studyId' | 'id'>,
  existingRows: readonly AnswerRow[],
  rebuilt: readonly Answer[],
  scope: ReadonlySet<string>,
): Promise<AnswerChange[]> {
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
  const inserts: AnswerRow[] = [];
  for (const change of changes) {
    const stored = storedValue(change.after ?? emptyValue(change.questionId));
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

/** Raises the queries of fired QUERY rules; returns how many are new. */
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

/**
 * Spec 001 §5, §7: writes a checked answer set (see the module comment). The audit event records the
 * answers in scope that changed, and the answer set row is updated once.
 */
export async function persistAnswers(
  ctx: UseCaseContext,
  fill: FillContext,
  questionnaire: QuestionnaireRow,
  check: AnswerSetCheck,
  options: PersistOptions,
): Promise<SaveOutcome> {
  const studyId = fill.study.id;
  const existingRows = await listAnswerRows(ctx.tx, studyId, [questionnaire.id]);
  const scope = questionsInScope(options.form, options.audience);
  const changes = await writeAnswers(ctx, questionnaire, existingRows, check.answers, scope);
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
    firedRules: check.fired.map((f) => ({ ...f })),
    queriesRaised,
  };
}
