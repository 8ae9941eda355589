/**
 * The custom AE report use cases (issue 20 item 3; spec 001 §7 `customaereports`, 000 §4 and §6):
 * start, save, sign a step, amend with a reason. Each runs in the caller's transaction and records
 * its audit event there; signatures and amendments carry the Extended-Validation signature.
 */
import {
  AE_REPORT_STEP_MEANINGS,
  type AeReportStep,
  type AmendAeReport,
  type Answer,
  aeReportAnswerIssues,
  aeReportSignRefusal,
  aeSaveRefusals,
  type CreateAeReport,
  diffAnswers,
  type ExtendedValidationSignature,
  type FieldIssue,
  type FormTemplateDocument,
  nextAeReportStep,
} from '@trialbase/domain';
import type { Executor } from '../../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../../platform/errors';
import { newId } from '../../../../platform/ids';
import type { UseCaseContext } from '../../../../platform/use-case';
import { findEnrollment } from '../../../enrollments/api';
import { listForms } from '../../../forms/api';
import { loadForm } from '../../../questionnaires/service/context';
import { assertStudyTakesAeWrites } from '../../service/study-status';
import { type AeReportRow, findAeReport, findAeReportByToken, insertAeReport, updateAeReport } from '../repo';
import {
  type AeReportCaller,
  assertKnownQuestions,
  assertNotRemoved,
  involvementsAt,
  isSponsorInvolvedIn,
  loadReportForm,
  mergeAnswers,
} from './context';

/** The AE forms of the study: live TYPE_AE forms, the default AE form first. */
export async function listAeForms(db: Executor, studyId: string) {
  const rows = (await listForms(db, studyId)).filter((r) => r.type === 'TYPE_AE' && r.deletedAt === null);
  return rows.sort((a, b) => Number(b.isDefaultAeForm) - Number(a.isDefaultAeForm));
}

function valueIssues(
  form: FormTemplateDocument,
  answers: Answer[],
  step: AeReportStep | null,
  sae = false,
): FieldIssue[] {
  return aeReportAnswerIssues(form, answers, step, isSponsorInvolvedIn(form, sae));
}

/**
 * POST .../enrollments/{enrollmentId}/customaereports/questionnaire: a new report on the named AE form
 * (or the study's default AE form) at its current version, with the reporter's first answers.
 */
export async function createAeReport(
  ctx: UseCaseContext,
  caller: AeReportCaller,
  input: CreateAeReport & { studyId: string; enrollmentId: string },
): Promise<AeReportRow> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const enrollment = await findEnrollment(ctx.tx, input.studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The enrollment');
  const forms = await listAeForms(ctx.tx, input.studyId);
  const head = input.formId ? forms.find((f) => f.id === input.formId) : forms.find((f) => f.isDefaultAeForm);
  if (!head) {
    if (input.formId) throw validationError([{ path: ['formId'], message: 'NOT_AE_FORM' }]);
    throw new AppError('PRECONDITION', 'The study has no default AE form.', {
      context: { reason: 'NO_DEFAULT_AE_FORM' },
    });
  }
  const loaded = await loadForm(ctx.tx, input.studyId, head.id, undefined, false);
  if (!loaded) throw notFound('The AE form');
  const form = loaded.form;
  assertKnownQuestions(form, input.answers);
  const answers = mergeAnswers([], input.answers);
  const involvements = involvementsAt(caller, input.studyId, enrollment.siteId);
  const issues = [
    ...aeSaveRefusals(
      form,
      answers.map((a) => a.question),
      { signed: [], isComplete: false, involvements },
    ),
    ...valueIssues(form, answers, null),
  ];
  if (issues.length > 0) throw validationError(issues);
  const row: AeReportRow = {
    studyId: input.studyId,
    id: newId(ctx.now),
    siteId: enrollment.siteId,
    enrollmentId: enrollment.id,
    subjectId: enrollment.subjectId,
    tokenId: newId(ctx.now),
    questionnaireId: newId(ctx.now),
    formId: head.id,
    formVersionMajor: form.version.major,
    formVersionMinor: form.version.minor,
    sae: input.sae,
    answers,
    signed: [],
    signatures: [],
    amendments: [],
    isRemoved: false,
    revision: 1,
    createdBy: caller.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertAeReport(ctx.tx, row);
  await ctx.audit({
    action: 'AE_REPORT_CREATED',
    entityType: 'AE_REPORT',
    entityId: row.id,
    studyId: input.studyId,
    before: null,
    after: {
      siteId: row.siteId,
      enrollmentId: row.enrollmentId,
      subjectId: row.subjectId,
      formId: row.formId,
      formVersion: `${row.formVersionMajor}.${row.formVersionMinor}`,
      sae: row.sae,
      answers,
    },
  });
  return row;
}

/** The report of a filled-form URL: its own link and answer set in this enrollment, else 404. */
export async function requireReportOfToken(
  db: Executor,
  p: { studyId: string; enrollmentId: string; tokenId: string; questionnaireId?: string },
  options: { lock?: boolean } = {},
): Promise<AeReportRow> {
  const row = await findAeReportByToken(db, p.studyId, p.tokenId, options);
  if (!row || row.enrollmentId !== p.enrollmentId) throw notFound('The AE report');
  if (p.questionnaireId !== undefined && row.questionnaireId !== p.questionnaireId) {
    throw notFound('The AE report');
  }
  return row;
}

type Change = { answers?: Answer[] | undefined; sae?: boolean | undefined };

/** Applies a plain save's answers (questions of signed steps and others' questions refused). */
async function applySave(
  ctx: UseCaseContext,
  caller: AeReportCaller,
  row: AeReportRow,
  form: FormTemplateDocument,
  change: Change,
): Promise<AeReportRow> {
  const given = change.answers ?? [];
  assertKnownQuestions(form, given);
  const answers = mergeAnswers(row.answers, given);
  const changed = diffAnswers(row.answers, answers).map((c) => c.questionId);
  const complete = nextAeReportStep(row.signed, isSponsorInvolvedIn(form, row.sae)) === null;
  const involvements = involvementsAt(caller, row.studyId, row.siteId);
  const issues = aeSaveRefusals(form, changed, { signed: row.signed, isComplete: complete, involvements });
  const saeChanged = change.sae !== undefined && change.sae !== row.sae;
  if (saeChanged && row.signed.length > 0) issues.push({ path: ['sae'], message: 'AE_REPORT_SIGNED' });
  issues.push(...valueIssues(form, answers, null));
  if (issues.length > 0) throw validationError(issues);
  if (changed.length === 0 && !saeChanged) return row;
  const before = Object.fromEntries(
    changed.map((id) => [id, row.answers.find((a) => a.question === id) ?? null]),
  );
  const after = Object.fromEntries(changed.map((id) => [id, answers.find((a) => a.question === id) ?? null]));
  const saved = await updateAeReport(ctx.tx, row.studyId, row.id, {
    answers,
    sae: change.sae ?? row.sae,
    revision: row.revision + 1,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'AE_REPORT_SAVED',
    entityType: 'AE_REPORT',
    entityId: row.id,
    studyId: row.studyId,
    before: { answers: before, sae: row.sae },
    after: { answers: after, sae: saved.sae },
  });
  return saved;
}

/** PUT .../questionnaires/{questionnaireId}/customaereports: saves answers (spec 001 §7). */
export async function saveAeReport(
  ctx: UseCaseContext,
  caller: AeReportCaller,
  input: Change & { studyId: string; enrollmentId: string; tokenId: string; questionnaireId: string },
): Promise<{ row: AeReportRow; form: FormTemplateDocument }> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const row = await requireReportOfToken(ctx.tx, input, { lock: true });
  assertNotRemoved(row);
  const form = await loadReportForm(ctx.tx, row);
  return { row: await applySave(ctx, caller, row, form, input), form };
}

/**
 * PUT /studies/{studyId}/sites/{siteId}/customaereports/{aeReportId}/{signType}: signs the next step
 * (spec 000 §4 order, §6 permission checked by the route) once that step's mandatory questions are
 * answered (001 §3 mandatoryWhen). With `save`, the given answers are saved first, in the same transaction.
 */
export async function signAeReport(
  ctx: UseCaseContext,
  caller: AeReportCaller,
  input: Change & {
    studyId: string;
    siteId: string;
    aeReportId: string;
    step: AeReportStep;
    save: boolean;
    signature: ExtendedValidationSignature;
  },
): Promise<{ row: AeReportRow; form: FormTemplateDocument }> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const found = await findAeReport(ctx.tx, input.studyId, input.aeReportId, { lock: true });
  if (!found || found.siteId !== input.siteId) throw notFound('The AE report');
  assertNotRemoved(found);
  const form = await loadReportForm(ctx.tx, found);
  const row = input.save ? await applySave(ctx, caller, found, form, input) : found;
  const refusal = aeReportSignRefusal(
    { signed: row.signed, isRemoved: row.isRemoved },
    input.step,
    isSponsorInvolvedIn(form, row.sae),
  );
  if (refusal) {
    throw new AppError('PRECONDITION', `This step cannot be signed now (${refusal}).`, {
      context: {
        reason: refusal,
        step: input.step,
        next: nextAeReportStep(row.signed, isSponsorInvolvedIn(form, row.sae)),
      },
    });
  }
  const issues = valueIssues(form, row.answers, input.step, row.sae);
  if (issues.length > 0)
    throw validationError(issues, 'Answer the questions this step needs before signing.');
  const signature = {
    step: input.step,
    signedBy: input.signature.signerId,
    signedByName: input.signature.printedName,
    signedTime: input.signature.signedAt,
    meaning: AE_REPORT_STEP_MEANINGS[input.step],
  };
  const signed = await updateAeReport(ctx.tx, row.studyId, row.id, {
    signed: [...row.signed, input.step],
    signatures: [...row.signatures, signature],
    revision: row.revision + 1,
    updatedAt: ctx.now,
  });
  // 21 CFR 11.70: the signature's event holds the signed content it belongs to.
  await ctx.audit({
    action: 'AE_REPORT_SIGNED',
    entityType: 'AE_REPORT',
    entityId: row.id,
    studyId: row.studyId,
    before: { signed: row.signed },
    after: { signed: signed.signed, signature, sae: row.sae, answers: row.answers },
  });
  return { row: signed, form };
}

/**
 * PUT .../questionnaires/{questionnaireId}/customaereports/amendment: changes answers of a signed
 * report with a reason (Extended-Validation). The questions the caller may fill only; the answers
 * must still satisfy every signed step; the audit event keeps the values before and after.
 */
export async function amendAeReport(
  ctx: UseCaseContext,
  caller: AeReportCaller,
  input: AmendAeReport & {
    studyId: string;
    enrollmentId: string;
    tokenId: string;
    questionnaireId: string;
    signature: ExtendedValidationSignature;
  },
): Promise<{ row: AeReportRow; form: FormTemplateDocument }> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const row = await requireReportOfToken(ctx.tx, input, { lock: true });
  assertNotRemoved(row);
  if (row.signed.length === 0) {
    throw new AppError('PRECONDITION', 'A report without signatures is changed by saving it.', {
      context: { reason: 'NOT_SIGNED' },
    });
  }
  const form = await loadReportForm(ctx.tx, row);
  assertKnownQuestions(form, input.answers);
  const answers = mergeAnswers(row.answers, input.answers);
  const changes = diffAnswers(row.answers, answers);
  const saeChanged = input.sae !== undefined && input.sae !== row.sae;
  if (changes.length === 0 && !saeChanged) {
    throw validationError([{ path: ['answers'], message: 'NO_CHANGE' }], 'The amendment changes nothing.');
  }
  const involvements = involvementsAt(caller, row.studyId, row.siteId);
  const issues = aeSaveRefusals(
    form,
    changes.map((c) => c.questionId),
    { signed: [], isComplete: false, involvements },
  );
  const lastSigned = row.signed[row.signed.length - 1] ?? null;
  issues.push(...valueIssues(form, answers, lastSigned, input.sae ?? row.sae));
  if (issues.length > 0) throw validationError(issues);
  const amendment = {
    amendedBy: input.signature.signerId,
    amendedByName: input.signature.printedName,
    amendedTime: input.signature.signedAt,
    reason: input.reason,
    questionIds: changes.map((c) => c.questionId),
  };
  const amended = await updateAeReport(ctx.tx, row.studyId, row.id, {
    answers,
    sae: input.sae ?? row.sae,
    amendments: [...row.amendments, amendment],
    revision: row.revision + 1,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'AE_REPORT_AMENDED',
    entityType: 'AE_REPORT',
    entityId: row.id,
    studyId: row.studyId,
    reason: input.reason,
    before: { answers: Object.fromEntries(changes.map((c) => [c.questionId, c.before])), sae: row.sae },
    after: {
      answers: Object.fromEntries(changes.map((c) => [c.questionId, c.after])),
      sae: amended.sae,
      signature: input.signature,
    },
  });
  return { row: amended, form };
}
