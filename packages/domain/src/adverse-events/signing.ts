import type { Permission } from '../access/permissions';
import type { AeStatus } from './model';
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
