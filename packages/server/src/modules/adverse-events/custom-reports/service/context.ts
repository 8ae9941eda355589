/**
 * What every custom AE report use case reads and answers (issue 20 item 3): the report's AE form at
 * its version, the caller's involvements at the report's site, the merged answers and the view.
 */
import {
  type AccessUser,
  AE_REPORT_STEP_PERMISSIONS,
  type AeInvolvementPermission,
  type AeReportStep,
  type AeReportSummary,
  type AeReportView,
  type Answer,
  aeInvolvementsOf,
  aeReportStepsOf,
  type FieldIssue,
  type FormTemplateDocument,
  hasPermission,
  isAeQuestionFrozen,
  isAeReportSponsorInvolved,
  mayFillAeQuestion,
  nextAeReportStep,
} from '@trialbase/domain';
import type { Executor } from '../../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../../platform/errors';
import { loadForm } from '../../../questionnaires/service/context';
import { type AeReportListRow, type AeReportRow, findAeReportLabels } from '../repo';

/** Who acts: their access (for the involvements at the report's site) and user id. */
export type AeReportCaller = { access: AccessUser; userId: string };

/** The AE form of a report at the version it was started on (404 when the form is gone entirely). */
export async function loadReportForm(
  db: Executor,
  row: Pick<AeReportRow, 'studyId' | 'formId' | 'formVersionMajor' | 'formVersionMinor'>,
): Promise<FormTemplateDocument> {
  const loaded = await loadForm(
    db,
    row.studyId,
    row.formId,
    { major: row.formVersionMajor, minor: row.formVersionMinor },
    false,
  );
  if (!loaded) throw notFound('The AE form');
  return loaded.form;
}

/** Spec 001 §3 REPORTERS / INVESTIGATOR / SPONSOR: what the caller's permissions at the site make them. */
export function involvementsAt(
  caller: AeReportCaller,
  studyId: string,
  siteId: string,
): AeInvolvementPermission[] {
  return aeInvolvementsOf((p) => hasPermission(caller.access, p, { studyId, siteId }));
}

/** The stored answers with the given ones put in their place (one per question; ids and verification dropped). */
export function mergeAnswers(stored: readonly Answer[], given: readonly Answer[]): Answer[] {
  const byQuestion = new Map(stored.map((a) => [a.question, a]));
  for (const a of given) {
    const { id: _id, ...rest } = a;
    byQuestion.set(a.question, { ...rest, verification: false, secondaryVerification: false });
  }
  return [...byQuestion.values()];
}

/** Answers must be to questions of the form, once each; 400 listing the others. */
export function assertKnownQuestions(form: FormTemplateDocument, given: readonly Answer[]): void {
  const ids = new Set(form.questions.map((q) => q.id));
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const a of given) {
    if (!ids.has(a.question)) issues.push({ path: ['answers', a.question], message: 'UNKNOWN_QUESTION' });
    else if (seen.has(a.question))
      issues.push({ path: ['answers', a.question], message: 'DUPLICATE_ANSWER' });
    seen.add(a.question);
  }
  if (issues.length > 0) throw validationError(issues);
}

export function isSponsorInvolvedIn(form: FormTemplateDocument, sae: boolean): boolean {
  return isAeReportSponsorInvolved(form.sponsorInvolvement, sae);
}

/** A removed report takes no change (409). */
export function assertNotRemoved(row: AeReportRow): void {
  if (row.isRemoved) {
    throw new AppError('CONFLICT', 'This AE report was removed.', { context: { reason: 'REMOVED' } });
  }
}

function summaryOf(
  row: AeReportRow,
  form: Pick<FormTemplateDocument, 'title' | 'sponsorInvolvement'>,
  labels: { siteName: string; patientId: string },
): AeReportSummary {
  const sponsorInvolved = isAeReportSponsorInvolved(form.sponsorInvolvement, row.sae);
  const nextStep = nextAeReportStep(row.signed, sponsorInvolved);
  return {
    id: row.id,
    studyId: row.studyId,
    siteId: row.siteId,
    siteName: labels.siteName,
    enrollmentId: row.enrollmentId,
    subjectId: row.subjectId,
    patientId: labels.patientId,
    tokenId: row.tokenId,
    questionnaireId: row.questionnaireId,
    formId: row.formId,
    formTitle: form.title,
    sae: row.sae,
    sponsorInvolved,
    signed: row.signed,
    steps: aeReportStepsOf(sponsorInvolved),
    nextStep,
    isComplete: nextStep === null,
    isRemoved: row.isRemoved,
    signatures: row.signatures,
    createdBy: row.createdBy,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The list row of a report (the form read at the report's version). */
export async function presentAeReportSummary(db: Executor, row: AeReportListRow): Promise<AeReportSummary> {
  const form = await loadReportForm(db, row);
  return summaryOf(row, form, row);
}

/** The full report with what the caller may do now (spec 000 §6 abilities). */
export async function presentAeReport(
  db: Executor,
  row: AeReportRow,
  caller: AeReportCaller,
  form?: FormTemplateDocument,
): Promise<AeReportView> {
  const doc = form ?? (await loadReportForm(db, row));
  const summary = summaryOf(row, doc, await findAeReportLabels(db, row.studyId, row));
  const involvements = involvementsAt(caller, row.studyId, row.siteId);
  const has = (p: Parameters<typeof hasPermission>[1]) =>
    hasPermission(caller.access, p, { studyId: row.studyId, siteId: row.siteId });
  const editableQuestions = row.isRemoved
    ? []
    : doc.questions
        .filter(
          (q) => !isAeQuestionFrozen(q, row.signed, summary.isComplete) && mayFillAeQuestion(q, involvements),
        )
        .map((q) => q.id);
  const next: AeReportStep | null = summary.nextStep;
  return {
    ...summary,
    form: doc,
    answers: row.answers,
    amendments: row.amendments,
    abilities: {
      canSave: editableQuestions.length > 0,
      canSign: !row.isRemoved && next !== null && has(AE_REPORT_STEP_PERMISSIONS[next]),
      canAmend: !row.isRemoved && row.signed.length > 0 && involvements.length > 0,
      editableQuestions,
    },
  };
}
