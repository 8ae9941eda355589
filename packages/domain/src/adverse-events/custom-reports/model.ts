/**
 * Custom AE reports ("ae2", spec 000 §2 `/study/{studyId}/ae2`, 001 §2 ae-report routes, 001 §3 AE
 * form fields): an adverse event captured on a study-designed form of type TYPE_AE and signed step
 * by step. The steps are the AE mandatory-when values of 001 §3 (NEVER aside); each step's signature
 * needs that step's questions answered and the permission of 000 §6 for it.
 */
import type { Permission } from '../../access/permissions';
import type { FieldIssue } from '../../common/errors';
import { validateAnswers } from '../../forms/answer-validation';
import {
  AE_MANDATORY_WHEN,
  type FormTemplate,
  type INVOLVEMENT_PERMISSIONS,
  type Question,
  type SPONSOR_INVOLVEMENTS,
} from '../../forms/model';
import type { Answer } from '../../questionnaires/model';

/** Spec 001 §3 AE mandatory-when without NEVER: the sign steps of a custom AE report, in order. */
export const AE_REPORT_STEPS = AE_MANDATORY_WHEN.filter(
  (s): s is Exclude<(typeof AE_MANDATORY_WHEN)[number], 'NEVER'> => s !== 'NEVER',
);
export type AeReportStep = (typeof AE_REPORT_STEPS)[number];
export type AeMandatoryWhen = (typeof AE_MANDATORY_WHEN)[number];
export type AeInvolvementPermission = (typeof INVOLVEMENT_PERMISSIONS)[number];
export type AeSponsorInvolvement = (typeof SPONSOR_INVOLVEMENTS)[number];

/** The steps the sponsor signs (spec 001 §3 sponsor involvement decides whether they apply). */
export const AE_REPORT_SPONSOR_STEPS: readonly AeReportStep[] = [
  'SPONSOR_CLASSIFICATION',
  'SPONSOR_FOLLOW_UP',
];

/** Spec 000 §6: the permission each step's signature needs (reporting is AE_CREATE). */
export const AE_REPORT_STEP_PERMISSIONS = {
  REPORTED: 'AE_CREATE',
  INVESTIGATOR_CLASSIFICATION: 'AE_SIGN_CLASSIFICATION',
  SPONSOR_CLASSIFICATION: 'AE_SIGN_INITIAL_SPONSOR',
  FOLLOW_UP: 'AE_SIGN_FOLLOW_UP',
  SPONSOR_FOLLOW_UP: 'AE_SIGN_FINAL_SPONSOR',
} as const satisfies Record<AeReportStep, Permission>;

/** 21 CFR 11.50(a)(3): the meaning stored with each step's signature. */
export const AE_REPORT_STEP_MEANINGS = {
  REPORTED: 'Report of the adverse event',
  INVESTIGATOR_CLASSIFICATION: 'Investigator classification of the adverse event',
  SPONSOR_CLASSIFICATION: 'Sponsor classification of the adverse event',
  FOLLOW_UP: 'Investigator follow-up of the adverse event',
  SPONSOR_FOLLOW_UP: 'Sponsor follow-up of the adverse event',
} as const satisfies Record<AeReportStep, string>;

/** Spec 001 §3: the sponsor signs when involvement is ALWAYS, or SAE_ONLY and the event is serious. */
export function isAeReportSponsorInvolved(
  involvement: AeSponsorInvolvement | undefined,
  isSerious: boolean,
): boolean {
  const value = involvement ?? 'SAE_ONLY';
  return value === 'ALWAYS' || (value === 'SAE_ONLY' && isSerious);
}

/** The steps this report goes through, in order (sponsor steps only when the sponsor is involved). */
export function aeReportStepsOf(sponsorInvolved: boolean): AeReportStep[] {
  return AE_REPORT_STEPS.filter((s) => sponsorInvolved || !AE_REPORT_SPONSOR_STEPS.includes(s));
}

/** The next step to sign after the signed ones, or null when the report is complete. */
export function nextAeReportStep(
  signed: readonly AeReportStep[],
  sponsorInvolved: boolean,
): AeReportStep | null {
  return aeReportStepsOf(sponsorInvolved).find((s) => !signed.includes(s)) ?? null;
}

export type AeReportSignRefusal = 'REMOVED' | 'ALREADY_SIGNED' | 'OUT_OF_ORDER' | 'SPONSOR_NOT_INVOLVED';

/** Spec 000 §4 order: why `step` may not be signed now, or null when it may. */
export function aeReportSignRefusal(
  report: { signed: readonly AeReportStep[]; isRemoved: boolean },
  step: AeReportStep,
  sponsorInvolved: boolean,
): AeReportSignRefusal | null {
  if (report.isRemoved) return 'REMOVED';
  if (report.signed.includes(step)) return 'ALREADY_SIGNED';
  if (!sponsorInvolved && AE_REPORT_SPONSOR_STEPS.includes(step)) return 'SPONSOR_NOT_INVOLVED';
  return nextAeReportStep(report.signed, sponsorInvolved) === step ? null : 'OUT_OF_ORDER';
}

/** The 0-based place of a mandatory-when value among the steps (NEVER and unset: never mandatory). */
function stepIndex(when: AeMandatoryWhen | undefined): number {
  if (!when || when === 'NEVER') return Number.POSITIVE_INFINITY;
  return AE_REPORT_STEPS.indexOf(when);
}

/**
 * Spec 001 §3 mandatoryWhen: the form as a signature of `step` checks it: a question is required
 * when its mandatory-when step is `step` or an earlier one (sponsor steps only when the sponsor is
 * involved); with `step` null (a save) none is.
 */
export function aeFormAtStep<F extends Pick<FormTemplate, 'questions' | 'inclusion'>>(
  form: F,
  step: AeReportStep | null,
  sponsorInvolved = true,
): F {
  const limit = step === null ? -1 : AE_REPORT_STEPS.indexOf(step);
  const applies = (when: AeMandatoryWhen | undefined) =>
    sponsorInvolved || !AE_REPORT_SPONSOR_STEPS.includes(when as AeReportStep);
  return {
    ...form,
    questions: form.questions.map((q) => ({
      ...q,
      required: stepIndex(q.mandatoryWhen) <= limit && applies(q.mandatoryWhen),
    })),
  };
}

/** Spec 001 §3 mandatoryWhen / §5: the issues of the answers for a save (step null) or a signature. */
export function aeReportAnswerIssues(
  form: Pick<FormTemplate, 'questions' | 'inclusion'>,
  answers: readonly Answer[],
  step: AeReportStep | null,
  sponsorInvolved = true,
): FieldIssue[] {
  return validateAnswers(aeFormAtStep(form, step, sponsorInvolved), answers, { audience: 'staff' });
}

/** The involvement roles (spec 001 §3 REPORTERS / INVESTIGATOR / SPONSOR) a caller's permissions give. */
export function aeInvolvementsOf(has: (permission: Permission) => boolean): AeInvolvementPermission[] {
  const out: AeInvolvementPermission[] = [];
  if (has('AE_CREATE') || has('AE_UPDATE')) out.push('REPORTERS');
  if (has('AE_SIGN_CLASSIFICATION') || has('AE_SIGN_FOLLOW_UP')) out.push('INVESTIGATOR');
  if (has('AE_SIGN_INITIAL_SPONSOR') || has('AE_SIGN_FINAL_SPONSOR')) out.push('SPONSOR');
  return out;
}

/**
 * Spec 001 §3 fill-out permissions: who may fill the question. A question without a list is
 * filled by anyone who may edit the report; with one, by holders of a listed involvement.
 */
export function mayFillAeQuestion(
  question: Pick<Question, 'fillOutPermissions'>,
  involvements: readonly AeInvolvementPermission[],
): boolean {
  const allowed = question.fillOutPermissions;
  if (!allowed || allowed.length === 0) return involvements.length > 0;
  return allowed.some((p) => involvements.includes(p));
}

/**
 * Once a step is signed its questions (mandatory at that step or earlier) are frozen: a change is an
 * amendment with a reason. Questions never mandatory stay open until the report is complete.
 */
export function isAeQuestionFrozen(
  question: Pick<Question, 'mandatoryWhen'>,
  signed: readonly AeReportStep[],
  isComplete: boolean,
): boolean {
  if (isComplete) return true;
  const when = question.mandatoryWhen;
  if (!when || when === 'NEVER') return false;
  return (
    signed.includes(when) || signed.some((s) => AE_REPORT_STEPS.indexOf(s) > AE_REPORT_STEPS.indexOf(when))
  );
}

/**
 * The questions a save may not change (paths `['answers', questionId]`): frozen by a signed step, or
 * not the caller's to fill. `changed` are the question ids whose answer differs from the stored one.
 */
export function aeSaveRefusals(
  form: Pick<FormTemplate, 'questions'>,
  changed: readonly string[],
  ctx: {
    signed: readonly AeReportStep[];
    isComplete: boolean;
    involvements: readonly AeInvolvementPermission[];
  },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const id of changed) {
    const q = form.questions.find((x) => x.id === id);
    if (!q) continue;
    if (isAeQuestionFrozen(q, ctx.signed, ctx.isComplete)) {
      issues.push({ path: ['answers', id], message: 'AE_REPORT_SIGNED' });
    } else if (!mayFillAeQuestion(q, ctx.involvements)) {
      issues.push({ path: ['answers', id], message: 'NOT_ALLOWED' });
    }
  }
  return issues;
}
