import { defineStateMachine } from '../common/state-machine';
import type { SPONSOR_INVOLVEMENTS } from '../forms/model';
import type { AeStatus } from './model';

/** Spec 000 §4 AE sign actions (and 000 §7 signClassification, signFollowUp, signInitialSponsor, signFinalSponsor). */
export const AE_SIGN_ACTIONS = ['classification', 'initialSponsor', 'followUp', 'finalSponsor'] as const;
export type AeSignAction = (typeof AE_SIGN_ACTIONS)[number];

/** Spec 000 §6: the permission each AE sign action needs (names shared with `access/`). */
export const AE_SIGN_PERMISSIONS = {
  classification: 'AE_SIGN_CLASSIFICATION',
  initialSponsor: 'AE_SIGN_INITIAL_SPONSOR',
  followUp: 'AE_SIGN_FOLLOW_UP',
  finalSponsor: 'AE_SIGN_FINAL_SPONSOR',
} as const satisfies Record<AeSignAction, string>;
export type AeSignPermission = (typeof AE_SIGN_PERMISSIONS)[AeSignAction];

/** Spec 000 §3: the AE fields each sign action fills (signer and sign time). */
export const AE_SIGN_FIELDS = {
  classification: { by: 'classificationSignedBy', time: 'classificationSignedTime' },
  initialSponsor: { by: 'initialSponsorSignedBy', time: 'initialSponsorSignedTime' },
  followUp: { by: 'followUpSignedBy', time: 'followUpSignedTime' },
  finalSponsor: { by: 'finalSponsorSignedBy', time: 'finalSponsorSignedTime' },
} as const satisfies Record<AeSignAction, { by: string; time: string }>;

/**
 * Spec 000 §4 AE lifecycle. With the sponsor involved the order is
 * REPORTED → CLASSIFIED → SPONSOR_INITIAL_EVALUATION → FOLLOWED_UP → SPONSOR_FINAL_EVALUATION.
 * The sponsor tiles are hidden by default (000 §2), so without the sponsor a classified AE
 * goes straight to follow-up and FOLLOWED_UP is the end: the table holds both paths and
 * `canSignAe` picks one. Signatures are never withdrawn; corrections are amendments.
 */
export const aeStateMachine = defineStateMachine<AeStatus, AeSignAction>({
  name: 'adverse event',
  transitions: {
    AE_REPORTED: { classification: 'AE_CLASSIFIED' },
    AE_CLASSIFIED: { initialSponsor: 'AE_SPONSOR_INITIAL_EVALUATION', followUp: 'AE_FOLLOWED_UP' },
    AE_SPONSOR_INITIAL_EVALUATION: { followUp: 'AE_FOLLOWED_UP' },
    AE_FOLLOWED_UP: { finalSponsor: 'AE_SPONSOR_FINAL_EVALUATION' },
    AE_SPONSOR_FINAL_EVALUATION: {},
  },
});

type SponsorInvolvement = (typeof SPONSOR_INVOLVEMENTS)[number];

/** Spec 001 §3 sponsor involvement ALWAYS / SAE_ONLY / NEVER decides whether the sponsor signs this AE. */
export function isSponsorInvolved(involvement: SponsorInvolvement, isSerious: boolean): boolean {
  return involvement === 'ALWAYS' || (involvement === 'SAE_ONLY' && isSerious);
}

const SPONSOR_ACTIONS: ReadonlySet<AeSignAction> = new Set(['initialSponsor', 'finalSponsor']);

/**
 * Spec 000 §4 / §6: may this sign action happen now? With the sponsor involved the
 * initial sponsor evaluation must precede follow-up; without it, sponsor signs are refused.
 */
export function canSignAe(status: AeStatus, action: AeSignAction, sponsorInvolved: boolean): boolean {
  if (!aeStateMachine.can(status, action)) return false;
  if (!sponsorInvolved) return !SPONSOR_ACTIONS.has(action);
  return !(status === 'AE_CLASSIFIED' && action === 'followUp');
}

/** Spec 000 §4: the sign action that comes next, or null when the lifecycle is complete. */
export function nextAeSignAction(status: AeStatus, sponsorInvolved: boolean): AeSignAction | null {
  return aeStateMachine.allowedActions(status).find((a) => canSignAe(status, a, sponsorInvolved)) ?? null;
}

/** Spec 000 §4: the AE has every signature its path needs. */
export function isAeLifecycleComplete(status: AeStatus, sponsorInvolved: boolean): boolean {
  return nextAeSignAction(status, sponsorInvolved) === null;
}
