/**
 * The checks every staff or participant save of a filled form runs before it writes (spec 001 §4, §5,
 * §7; spec 000 §3 forced order): the enrollment locked, the token and form fillable, the answers
 * rebuilt and re-validated by the domain.
 */
import {
  ANSWER_MESSAGES,
  type Answer,
  type AnswerSetCheck,
  canTokenTakeAnswers,
  checkAnswerSet,
  collectEmbeddedRules,
  dataCaptureStatusOf,
  type FieldIssue,
  type FormPosition,
  formPositionOf,
  type ImageChartAnswer,
  type ImageChartMarker,
  type StudyStatus,
  studyEditScope,
  type TokenStatus,
} from '@trialbase/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, notFound, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { adverseEvents } from '../../adverse-events/tables';
import { tokenDetailsOf } from '../../enrollments/tokens/details';
import { medications } from '../../medication/tables';
import { answerOfRow } from '../presenters';
import {
  findQuestionnaire,
  listAnswerFileOwners,
  listAnswerRows,
  listEnrollmentQuestionnaires,
  listQuestionnaireQueries,
  type QuestionnaireRow,
} from '../repo';
import {
  assertEventKind,
  type EventKind,
  type FillContext,
  type LoadedForm,
  loadFillContext,
  loadFormRules,
} from './context';
import { loadReferenceForms } from './reference';

export type TokenRef = { studyId: string; enrollmentId: string; tokenId: string };
export type AnswerPayload = {
  answers: Answer[];
  imageChartMarkers?: ImageChartMarker[] | undefined;
  imageChartAnswers?: ImageChartAnswer[] | undefined;
};
/** Which tokens a save serves (see `EventKind`); the plain calls' defaults keep their old behaviour. */
export type KindOption = { eventKind?: EventKind | undefined };
/**
 * The save is all the use case does with its token and answer set (one form saved by one call): the
 * updates of both, which nothing reads back then, go with the audit events (issue 16 item 2, see
 * PersistOptions.writesLast). Callers that go on after the save (imports, query answers) leave it out.
 */
export type WritesLastOption = { writesLast?: boolean };
/** Who a save is for: staff fill every question; a participant (spec 002) only the questions asked in public. */
export type Audience = 'staff' | 'public';

export function studyStatusError(status: string): AppError {
  return new AppError('PRECONDITION', 'The study does not allow this in its current status.', {
    id: 'STUDY_STATUS_MISMATCH',
    context: { status },
  });
}

/**
 * Locks the enrollment, then loads the token's fill context inside the transaction and refuses a
 * token of the other kind (scheduled versus unscheduled, spec 001 §7).
 */
export async function lockAndLoad(ctx: UseCaseContext, ref: TokenRef, kind: EventKind): Promise<FillContext> {
  const fill = await loadFillContext(ctx.tx, ref, { lock: true });
  assertEventKind(fill, kind);
  return fill;
}

/** Spec 001 §4/§7: staff fill only while the study captures data and the token is open and unlocked. */
export function assertFillable(fill: FillContext): void {
  if (
    !studyEditScope(dataCaptureStatusOf(fill.study.status as StudyStatus, fill.study.amendmentBlocking))
      .dataCapture
  )
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

/** The form of the token's data event, or a 400 on `formId`. */
export function requireForm(fill: FillContext, formId: string): LoadedForm {
  const form = fill.forms.find((f) => f.formId === formId);
  if (!form) {
    throw validationError([{ path: ['formId'], message: 'The form is not part of this data event.' }]);
  }
  return form;
}

/** Spec 001 §5: the domain rebuild and check; refuses answer errors (400) and BLOCK rules (400 VALIDATION_RULE_VIOLATION). */
export async function checkSubmission(
  ctx: UseCaseContext,
  fill: FillContext,
  form: LoadedForm,
  answers: Answer[],
  options: { isFinal: boolean; queryStatuses: string[]; audience: Audience },
): Promise<AnswerSetCheck> {
  const studyId = fill.study.id;
  await assertAnswerFilesBelong(ctx, fill, form, answers, options.audience);
  await assertAeRefsBelong(ctx, fill, form, answers);
  await assertMedicationRefsBelong(ctx, fill, form, answers);
  const { validationRules, referenceShowRules } = await loadFormRules(
    ctx.tx,
    studyId,
    form.formId,
    { processId: fill.process.id, dataEventId: fill.event.id },
    fill.designKey,
  );
  // Other forms' answers are read only when a rule refers to them (QUESTION_REF operants).
  const refersElsewhere = [...collectEmbeddedRules(form.form), ...validationRules].some(
    (rule) => rule.rightOperant?.type === 'QUESTION_REF' || rule.leftOperant?.type === 'QUESTION_REF',
  );
  const reference = refersElsewhere
    ? await loadReferenceData(ctx, fill, form.formId)
    : { forms: [], answers: {} };
  const result = checkAnswerSet({
    form: form.form,
    answers: answers.map((a) => ({ ...a, timeZone: a.timeZone ?? fill.enrollment.timeZone })),
    isFinal: options.isFinal,
    audience: options.audience,
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
 * Issue 17 item 5: every file or image an answer names was uploaded for this form and question,
 * through this token (a participant) or for this subject (staff: any of the subject's data events,
 * e.g. a file moved between visits); else 400 VALIDATION with the file's path. An id of another
 * study, subject, form or question is refused alike. Read only when the answers name files, so
 * saves without files keep their statement count.
 */
async function assertAnswerFilesBelong(
  ctx: UseCaseContext,
  fill: FillContext,
  form: LoadedForm,
  answers: Answer[],
  audience: Audience,
): Promise<void> {
  const named = answers.flatMap((answer) =>
    (['files', 'images'] as const).flatMap((list) =>
      (answer[list] ?? []).map((file, index) => ({ answer, list, index, id: file.id })),
    ),
  );
  if (named.length === 0) return;
  const owners = new Map(
    (await listAnswerFileOwners(ctx.tx, fill.study.id, [...new Set(named.map((n) => n.id))])).map((o) => [
      o.id,
      o,
    ]),
  );
  const issues: FieldIssue[] = named
    .filter(({ answer, id }) => {
      const owner = owners.get(id);
      if (!owner || owner.formId !== form.formId || owner.questionId !== answer.question) return true;
      return audience === 'public'
        ? owner.tokenId !== fill.token.id
        : owner.subjectId !== fill.enrollment.subjectId;
    })
    .map(({ answer, list, index }) => ({
      path: ['answers', answer.question, list, index, 'id'],
      message: ANSWER_MESSAGES.VALID,
      params: { field: 'file' },
    }));
  if (issues.length > 0) {
    throw validationError(issues, 'A file in the answers was not uploaded for this question.');
  }
}

/**
 * Issue 20 item 4: an AE reference question (AE_REF) links the answer to existing AEs: each id is an
 * AE of this subject in this study, not removed; else 400 VALIDATION with the reference's path.
 * Read only when the answers name AEs.
 */
async function assertAeRefsBelong(
  ctx: UseCaseContext,
  fill: FillContext,
  form: LoadedForm,
  answers: Answer[],
): Promise<void> {
  const aeQuestions = new Set(form.form.questions.filter((q) => q.type === 'AE_REF').map((q) => q.id));
  const named = answers.flatMap((answer) =>
    aeQuestions.has(answer.question) ? (answer.aeRefs ?? []).map((id, index) => ({ answer, index, id })) : [],
  );
  if (named.length === 0) return;
  const rows = await ctx.tx
    .select({ id: adverseEvents.id, subjectId: adverseEvents.subjectId, removed: adverseEvents.removed })
    .from(adverseEvents)
    .where(
      and(
        eq(adverseEvents.studyId, fill.study.id),
        inArray(adverseEvents.id, [...new Set(named.map((n) => n.id))]),
      ),
    );
  const found = new Map(rows.map((r) => [r.id, r]));
  const issues: FieldIssue[] = named
    .filter(({ id }) => {
      const ae = found.get(id);
      return !ae || ae.removed || ae.subjectId !== fill.enrollment.subjectId;
    })
    .map(({ answer, index }) => ({
      path: ['answers', answer.question, 'aeRefs', index],
      message: ANSWER_MESSAGES.VALID,
      params: { field: 'aeRef' },
    }));
  if (issues.length > 0) {
    throw validationError(issues, 'An adverse event in the answers is not one of this subject.');
  }
}

/**
 * Issue 21 item 4: a medication reference question (MEDICATION_REF) links the answer to medication
 * records: each id is a record of this subject in this study, not removed; else 400 VALIDATION with
 * the reference's path. Read only when the answers name medication records.
 */
async function assertMedicationRefsBelong(
  ctx: UseCaseContext,
  fill: FillContext,
  form: LoadedForm,
  answers: Answer[],
): Promise<void> {
  const refQuestions = new Set(
    form.form.questions.filter((q) => q.type === 'MEDICATION_REF').map((q) => q.id),
  );
  const named = answers.flatMap((answer) =>
    refQuestions.has(answer.question)
      ? (answer.medicationRefs ?? []).map((id, index) => ({ answer, index, id }))
      : [],
  );
  if (named.length === 0) return;
  const rows = await ctx.tx
    .select({ id: medications.id, subjectId: medications.subjectId, removed: medications.removed })
    .from(medications)
    .where(
      and(
        eq(medications.studyId, fill.study.id),
        inArray(medications.id, [...new Set(named.map((n) => n.id))]),
      ),
    );
  const found = new Map(rows.map((r) => [r.id, r]));
  const issues: FieldIssue[] = named
    .filter(({ id }) => {
      const record = found.get(id);
      return !record || record.removed || record.subjectId !== fill.enrollment.subjectId;
    })
    .map(({ answer, index }) => ({
      path: ['answers', answer.question, 'medicationRefs', index],
      message: ANSWER_MESSAGES.VALID,
      params: { field: 'medicationRef' },
    }));
  if (issues.length > 0) {
    throw validationError(issues, 'A medication record in the answers is not one of this subject.');
  }
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

/**
 * Spec 000 §3 forced form order: the mandatory forms are filled one after the other; a form further
 * on than the filler's current one is refused. Null when the event does not force the order.
 */
export function assertFormInOrder(fill: FillContext, formId: string): FormPosition | null {
  if (!fill.event.forceFormOrder) return null;
  const position = formPositionOf(fill.event.forms, tokenDetailsOf(fill.token).formIndex);
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

/** The statuses of the queries raised on one answer set (for its form status). */
export async function queryStatusesOf(ctx: UseCaseContext, studyId: string, questionnaireId: string) {
  return (await listQuestionnaireQueries(ctx.tx, studyId, [questionnaireId])).map((q) => q.status);
}

/** The answer set named in the URL, locked, when it belongs to the token; else 404. */
export async function requireTokenQuestionnaire(
  ctx: UseCaseContext,
  fill: FillContext,
  questionnaireId: string,
): Promise<QuestionnaireRow> {
  const row = await findQuestionnaire(ctx.tx, fill.study.id, questionnaireId, { lock: true });
  if (!row || row.tokenId !== fill.token.id) throw notFound('The filled form');
  return row;
}

/** Optimistic concurrency: a stale `version` is a 409 VERSION_MISMATCH. */
export function assertVersion(row: QuestionnaireRow, version: number | undefined): void {
  if (version !== undefined && version !== row.version) {
    throw new AppError('CONFLICT', 'The form was changed by someone else. Reload it and try again.', {
      context: { reason: 'VERSION_MISMATCH', expected: row.version, received: version },
    });
  }
}
