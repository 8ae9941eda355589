/**
 * Query actions (spec 001 §4 dialog actions, §7 Queries; issue 19): raise (CREATE), respond
 * (RESPOND, optionally changing the answer), close (CLOSE / QUICK_CLOSE), reopen (REOPEN) and
 * decline (DECLINE). Each is one use case with its audit event; the form's stored status follows
 * (spec 001 §4: query overrides the others), and the emails go through the outbox.
 */
import {
  type Answer,
  assertQueryDialogAction,
  type FormStatus,
  QUERY_OPEN_LIMIT_PER_QUESTION,
  QUERY_OPEN_LIMIT_REACHED,
  type QueryDialogAction,
  type QueryStatus,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import type { FilledFormFacts, FilledFormRef, QuestionnairePort } from '../port';
import { commentsOf } from '../presenters';
import {
  countActiveQuestionQueries,
  findFormQuery,
  findStudyFacts,
  insertQuery,
  loadListNames,
  type QueryRow,
  updateQueryRow,
} from '../repo';
import { newComment, type QueryActor } from './comment';
import { type NotifyEnv, notifyQueryAnswered, notifyQueryRaised } from './notify';

/** The audit action of each dialog action on an existing query (domain queries/audit-events.ts). */
const AUDIT_ACTION = {
  RESPOND: 'QUERY_RESPONDED',
  DECLINE: 'QUERY_DECLINED',
  CLOSE: 'QUERY_CLOSED',
  QUICK_CLOSE: 'QUERY_QUICK_CLOSED',
  REOPEN: 'QUERY_REOPENED',
} as const;

export type QueryOutcome = {
  query: QueryRow;
  action: QueryDialogAction;
  formStatus: FormStatus;
  version: number;
  /** Emails queued (the route kicks the outbox when any). */
  emails: number;
};

async function mailFacts(ctx: UseCaseContext, query: QueryRow) {
  const study = await findStudyFacts(ctx.tx, query.studyId);
  const names = await loadListNames(ctx.tx, query.studyId, [query]);
  return {
    studyName: study?.name ?? '',
    subjectLabel: names.subjects.get(query.enrollmentId)?.label ?? '',
  };
}

function assertFormOfUrl(facts: FilledFormFacts, ref: FilledFormRef) {
  if (facts.enrollmentId !== ref.enrollmentId || facts.tokenId !== ref.tokenId)
    throw notFound('The filled form');
}

/** POST .../queries: raise a query on one question (open-query limit of 001 §8). */
export async function createQuery(
  ctx: UseCaseContext,
  port: QuestionnairePort,
  env: NotifyEnv,
  input: FilledFormRef & { questionId: string; text: string; actor: QueryActor },
): Promise<QueryOutcome> {
  const facts = await port.loadFilledForm(ctx, input);
  assertFormOfUrl(facts, input);
  if (!facts.questionIds.includes(input.questionId)) {
    throw validationError([{ path: ['questionId'], message: 'The form has no such question.' }]);
  }
  const active = await countActiveQuestionQueries(ctx.tx, {
    ...input,
    questionnaireId: facts.questionnaireId,
  });
  if (active >= QUERY_OPEN_LIMIT_PER_QUESTION) {
    throw new AppError('QUERY', 'This question has as many open queries as it may have; close one first.', {
      context: { reason: QUERY_OPEN_LIMIT_REACHED },
    });
  }
  const id = newId(ctx.now);
  const row: QueryRow = {
    studyId: input.studyId,
    id,
    siteId: facts.siteId,
    enrollmentId: facts.enrollmentId,
    tokenId: facts.tokenId,
    dataEventId: facts.dataEventId,
    questionnaireId: facts.questionnaireId,
    formId: facts.formId,
    questionId: input.questionId,
    answerId: facts.answers.get(input.questionId)?.answerId ?? null,
    status: 'OPEN',
    queryText: input.text,
    ruleId: null,
    comments: [newComment(ctx, input.actor, 'CREATE', input.text)],
    createdBy: input.actor?.userId ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertQuery(ctx.tx, row);
  const form = await port.refreshFormStatus(ctx, input);
  await ctx.audit({
    action: 'QUERY_CREATED',
    entityType: 'QUERY',
    entityId: id,
    studyId: input.studyId,
    before: null,
    after: {
      status: 'OPEN',
      questionnaireId: row.questionnaireId,
      questionId: row.questionId,
      queryText: row.queryText,
      formStatus: form.status,
    },
  });
  const emails = await notifyQueryRaised(ctx, env, row, await mailFacts(ctx, row));
  return { query: row, action: 'CREATE', formStatus: form.status, version: form.version, emails };
}

async function requireQuery(
  ctx: UseCaseContext,
  port: QuestionnairePort,
  ref: FilledFormRef & { queryId: string },
) {
  // The form first (the enrollment's lock, as every save takes it), then the query row.
  const facts = await port.loadFilledForm(ctx, ref);
  assertFormOfUrl(facts, ref);
  const row = await findFormQuery(ctx.tx, ref, { lock: true });
  if (!row) throw notFound('The query');
  return { facts, row };
}

async function moveQuery(
  ctx: UseCaseContext,
  port: QuestionnairePort,
  input: FilledFormRef & {
    queryId: string;
    action: Exclude<QueryDialogAction, 'CREATE'>;
    text: string;
    actor: QueryActor;
    values?: { oldValues: string[]; newValues: string[] } | null;
    answerId?: string | null;
    signature?: Signature | null;
    row: QueryRow;
    /** Set when the action already saved the form (its status and version). */
    saved?: { status: FormStatus; version: number } | undefined;
  },
) {
  const { row } = input;
  const from = row.status as QueryStatus;
  const to = assertQueryDialogAction(from, input.action);
  const comment = newComment(ctx, input.actor, input.action, input.text, input.values ?? null);
  const comments = [...commentsOf(row), comment];
  const values = {
    status: to,
    comments,
    updatedAt: ctx.now,
    ...(input.answerId ? { answerId: input.answerId } : {}),
  };
  await updateQueryRow(ctx.tx, row.studyId, row.id, values);
  const form = input.saved ?? (await port.refreshFormStatus(ctx, input));
  // A save took its status before the query moved: derive again when the move changes it.
  const finalForm = input.saved && to === 'CLOSED' ? await port.refreshFormStatus(ctx, input) : form;
  await ctx.audit({
    action: AUDIT_ACTION[input.action],
    entityType: 'QUERY',
    entityId: row.id,
    studyId: row.studyId,
    before: { status: from },
    after: {
      status: to,
      action: input.action,
      text: input.text,
      ...(input.values ? { oldValues: input.values.oldValues, newValues: input.values.newValues } : {}),
      formStatus: finalForm.status,
      ...(input.signature ? { signature: input.signature } : {}),
    },
    ...(input.text ? { reason: input.text } : {}),
  });
  const query: QueryRow = { ...row, ...values, comments: comments as unknown as QueryRow['comments'] };
  return { query, formStatus: finalForm.status, version: finalForm.version };
}

/**
 * PUT .../queries/{queryId}/respond: the site answers an OPEN query; with `answer` the question's
 * answer changes in the same transaction through the staff update (the response is its reason),
 * and the comment keeps the old and new values.
 */
export async function respondToQuery(
  ctx: UseCaseContext,
  port: QuestionnairePort,
  env: NotifyEnv,
  input: FilledFormRef & {
    queryId: string;
    text: string;
    answer: Answer | undefined;
    version: number | undefined;
    actor: QueryActor;
    signature: Signature | null;
  },
): Promise<QueryOutcome> {
  const { row } = await requireQuery(ctx, port, input);
  assertQueryDialogAction(row.status as QueryStatus, 'RESPOND');
  let values: { oldValues: string[]; newValues: string[] } | null = null;
  let saved: { status: FormStatus; version: number } | undefined;
  let answerId: string | null = null;
  if (input.answer) {
    if (input.answer.question !== row.questionId) {
      throw validationError([
        { path: ['answer', 'question'], message: "The answer must be the queried question's." },
      ]);
    }
    const updated = await port.updateAnswer(ctx, {
      ...input,
      answer: input.answer,
      reason: input.text,
      version: input.version,
      signature: input.signature,
    });
    values = { oldValues: updated.oldValues, newValues: updated.newValues };
    saved = { status: updated.status, version: updated.version };
    answerId = updated.answerId;
  }
  const moved = await moveQuery(ctx, port, {
    ...input,
    action: 'RESPOND',
    row,
    values,
    answerId,
    saved,
  });
  const responder = input.actor?.name ?? '';
  const mailed = await notifyQueryAnswered(ctx, env, moved.query, {
    ...(await mailFacts(ctx, moved.query)),
    responder,
    response: input.text,
  });
  return { ...moved, action: 'RESPOND', emails: mailed ? 1 : 0 };
}

/** POST .../queries/{queryId}/close: CLOSE with a text, QUICK_CLOSE without (OPEN or RESPONDED). */
export async function closeQuery(
  ctx: UseCaseContext,
  port: QuestionnairePort,
  input: FilledFormRef & { queryId: string; text: string | undefined; actor: QueryActor },
): Promise<QueryOutcome & { questionHidden: boolean }> {
  const { facts, row } = await requireQuery(ctx, port, input);
  const action = input.text ? 'CLOSE' : 'QUICK_CLOSE';
  const moved = await moveQuery(ctx, port, { ...input, action, text: input.text ?? '', row });
  return { ...moved, action, emails: 0, questionHidden: facts.hiddenQuestionIds.includes(row.questionId) };
}

/** POST .../queries/{queryId}/reopen: REOPEN a closed query, DECLINE a responded one; both to OPEN. */
export async function reopenQuery(
  ctx: UseCaseContext,
  port: QuestionnairePort,
  env: NotifyEnv,
  input: FilledFormRef & { queryId: string; text: string; actor: QueryActor },
): Promise<QueryOutcome> {
  const { row } = await requireQuery(ctx, port, input);
  const action = row.status === 'RESPONDED' ? 'DECLINE' : 'REOPEN';
  const moved = await moveQuery(ctx, port, { ...input, action, row });
  // The site hears of it again: the query is theirs to answer once more.
  const emails = await notifyQueryRaised(
    ctx,
    env,
    { ...moved.query, queryText: input.text },
    await mailFacts(ctx, row),
  );
  return { ...moved, action, emails };
}
