import type { Permission } from '../access/permissions';
import type { StudyStatus } from '../studies/model';
import { dataCaptureStatusOf, studyEditScope } from '../studies/state-machine';
import type { AeStatus, SarForm } from './model';
import type { AeContent } from './schemas';
import {
  AE_SIGN_PERMISSIONS,
  type AeSignAction,
  aeStateMachine,
  canSignAe,
  nextAeSignAction,
} from './state-machine';

/**
 * Spec 000 §7: the sign call of each action (`PUT /studies/{studyId}/ae/{aeId}/{call}`).
 */
export const AE_SIGN_CALLS = {
  classification: 'signClassification',
  followUp: 'signFollowUp',
  initialSponsor: 'signInitialSponsor',
  finalSponsor: 'signFinalSponsor',
} as const satisfies Record<AeSignAction, string>;

/**
 * 21 CFR 11.50(a)(3): the meaning stored with each AE signature (the record keeps this text as
 * signed; the screens show the action's translated label beside it).
 */
export const AE_SIGN_MEANINGS = {
  classification: 'Investigator classification of the adverse event',
  initialSponsor: 'Sponsor initial evaluation of the adverse event',
  followUp: 'Investigator follow-up of the adverse event',
  finalSponsor: 'Sponsor final evaluation of the adverse event',
} as const satisfies Record<AeSignAction, string>;

/** The meaning stored with the password signatures of create, update, amend and removal. */
export const AE_CHANGE_MEANINGS = {
  create: 'Authorship of the adverse event report',
  update: 'Authorship of a change to the adverse event report',
  amend: 'Authorship of an amendment to the adverse event report',
  remove: 'Removal of the adverse event report',
} as const;

/** Spec 000 §6: may a holder of these permissions sign this action (whatever the state)? */
export function mayHoldAeSignature(action: AeSignAction, has: (permission: Permission) => boolean): boolean {
  return has(AE_SIGN_PERMISSIONS[action]);
}

/** Why a sign action is refused now, or null when it may happen (spec 000 §4 order). */
export type AeSignRefusal = 'ALREADY_SIGNED' | 'OUT_OF_ORDER' | 'SPONSOR_NOT_INVOLVED' | 'REMOVED';

/**
 * Spec 000 §4: whether `action` may be signed on an AE in `status`; null when it may, otherwise why
 * not. An action whose step is already reached is ALREADY_SIGNED; a sponsor action on an AE the
 * sponsor does not sign is SPONSOR_NOT_INVOLVED; anything else out of turn is OUT_OF_ORDER.
 */
export function aeSignRefusal(
  ae: { status: AeStatus; isRemoved: boolean; signed: ReadonlySet<AeSignAction> },
  action: AeSignAction,
  sponsorInvolved: boolean,
): AeSignRefusal | null {
  if (ae.isRemoved) return 'REMOVED';
  if (ae.signed.has(action)) return 'ALREADY_SIGNED';
  if (canSignAe(ae.status, action, sponsorInvolved)) return null;
  if (!sponsorInvolved && (action === 'initialSponsor' || action === 'finalSponsor')) {
    return 'SPONSOR_NOT_INVOLVED';
  }
  // Before its turn, or (initial sponsor after follow-up) after its turn has passed.
  return 'OUT_OF_ORDER';
}

/** The status after signing `action` (call only when `aeSignRefusal` is null). */
export function aeStatusAfterSign(status: AeStatus, action: AeSignAction): AeStatus {
  return aeStateMachine.next(status, action);
}

/** The next sign action of an AE, re-exported for the screens' status bar. */
export const nextAeSignature = nextAeSignAction;

/**
 * Spec 000 §4: AEs and custom AE reports are study data, so they are reported, changed, signed,
 * amended and verified only while the study takes data (test, production, a non-blocking amendment);
 * a locked, completed, anonymized or delete-requested study refuses with STUDY_STATUS_MISMATCH.
 */
export function studyTakesAeWrites(
  status: StudyStatus,
  amendmentBlocking: boolean | null | undefined,
): boolean {
  return studyEditScope(dataCaptureStatusOf(status, amendmentBlocking)).dataCapture;
}

/**
 * PUT changes an AE only before its first signature; after it, changes are amendments with a reason
 * (spec 000 §7 amend), so signed content is never silently replaced.
 */
export function mayUpdateAe(ae: { status: AeStatus; isRemoved: boolean }): boolean {
  return !ae.isRemoved && ae.status === 'AE_REPORTED';
}

/** Amendments apply to an AE with at least one signature (before it, PUT is the way). */
export function mayAmendAe(ae: { status: AeStatus; isRemoved: boolean }): boolean {
  return !ae.isRemoved && ae.status !== 'AE_REPORTED';
}

/** The content fields an amendment compares (the keys of `changes`). */
export const AE_CONTENT_FIELDS = [
  'eventDescription',
  'sae',
  'details',
  'sarForm',
  'seForm',
  'investigator',
] as const satisfies readonly (keyof AeContent)[];

/**
 * Issue 20: a serious event (SAE) needs its serious-event form; a SAR or SUSAR also needs the
 * safety-report form. Returns the missing form fields' names.
 */
export function missingSeriousForms(
  content: Pick<AeContent, 'sae' | 'details' | 'sarForm' | 'seForm'>,
): string[] {
  if (!content.sae) return [];
  const missing: string[] = [];
  if (content.seForm === null) missing.push('seForm');
  const type = content.details.seriousType;
  if ((type === 'SAR' || type === 'SUSAR') && content.sarForm === null) missing.push('sarForm');
  return missing;
}

/** Why a field of the safety-report form is refused (`SERVER_ERRORS.REASON.<reason>` on the server). */
export type SarFormIssueReason =
  | 'AE_SAR_DOSE_UNIT_REQUIRED'
  | 'AE_SAR_OTHER_REQUIRED'
  | 'AE_SAR_OTHER_ONLY_WITH_OTHER'
  | 'AE_SAR_THERAPY_END_BEFORE_START';
export type SarFormIssue = { field: keyof SarForm; reason: SarFormIssueReason };

const isBlank = (text: string | null) => text === null || text.trim() === '';

/**
 * Spec 000 §3 safety-report form (issue 20): a dose is given with its unit (one of the 21 dose
 * units); route OTHER and frequency OTHER name what they are, and only they carry that text; the
 * therapy ends on or after it started. Checked in the browser and on the server alike.
 */
export function sarFormIssues(sar: SarForm): SarFormIssue[] {
  const issues: SarFormIssue[] = [];
  if (sar.dose !== null && sar.doseUnit === null) {
    issues.push({ field: 'doseUnit', reason: 'AE_SAR_DOSE_UNIT_REQUIRED' });
  }
  const pairs = [
    ['route', 'routeOther'],
    ['frequency', 'frequencyOther'],
  ] as const;
  for (const [choice, other] of pairs) {
    if (sar[choice] === 'OTHER' && isBlank(sar[other])) {
      issues.push({ field: other, reason: 'AE_SAR_OTHER_REQUIRED' });
    } else if (sar[choice] !== 'OTHER' && sar[other] !== null) {
      issues.push({ field: other, reason: 'AE_SAR_OTHER_ONLY_WITH_OTHER' });
    }
  }
  if (
    sar.therapyStartDate !== null &&
    sar.therapyEndDate !== null &&
    sar.therapyEndDate < sar.therapyStartDate
  ) {
    issues.push({ field: 'therapyEndDate', reason: 'AE_SAR_THERAPY_END_BEFORE_START' });
  }
  return issues;
}
