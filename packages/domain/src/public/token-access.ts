import type { EnrollmentStatus } from '../enrollments/model';
import type { DataEventType } from '../processes/model';
import type { TokenStatus, TokenType } from '../tokens/model';

/** Why a participant link cannot be used now (spec 002 §8: disabled, already filled, expired, excluded, not yet active). */
export const TOKEN_ACCESS_PROBLEMS = ['DISABLED', 'COMPLETED', 'EXPIRED', 'EXCLUDED', 'NOT_ACTIVE'] as const;
export type TokenAccessProblem = (typeof TOKEN_ACCESS_PROBLEMS)[number];

/** Spec 002 §8 message keys the pages show for each problem. */
export const TOKEN_ACCESS_MESSAGES: Record<TokenAccessProblem, string> = {
  DISABLED: 'LOGIN.ONE_TIME_PASSWORD.VALIDATION_ERROR',
  COMPLETED: 'PUBLIC.QUESTIONNAIRE.ALREADY_FILL',
  EXPIRED: 'PUBLIC.VALIDATE_TOKEN.MESSAGES.EXPIRED',
  EXCLUDED: 'PUBLIC.VALIDATE_TOKEN.MESSAGES.EXCLUDED',
  NOT_ACTIVE: 'PUBLIC.VALIDATE_TOKEN.MESSAGES.NOT_ACTIVE',
};

export type TokenAccessFacts = {
  status: TokenStatus;
  locked: boolean;
  activationTime: Date | null;
  expiryTime: Date | null;
  enrollmentStatus: EnrollmentStatus;
};

/**
 * Spec 002 §4, §8: may the participant use this link now? A locked or disabled link, or one of
 * an enrollment that was cancelled or unsubscribed, is DISABLED; an excluded enrollment makes it
 * EXCLUDED; a submitted one is COMPLETED unless `forUpdate` (the /update variant that reopens an
 * answered questionnaire); past its expiry it is EXPIRED even before the schedule job marks it;
 * before its activation it is NOT_ACTIVE. Null when it may be used.
 */
export function tokenAccessProblem(
  token: TokenAccessFacts,
  now: Date,
  options: { forUpdate?: boolean } = {},
): TokenAccessProblem | null {
  if (token.status === 'EXCLUDED' || token.enrollmentStatus === 'EXCLUDED') return 'EXCLUDED';
  if (token.locked || token.status === 'DISABLED') return 'DISABLED';
  if (token.enrollmentStatus === 'CANCELLED' || token.enrollmentStatus === 'UNSUBSCRIBED') return 'DISABLED';
  if (token.status === 'COMPLETED') return options.forUpdate ? null : 'COMPLETED';
  if (token.status === 'EXPIRED') return 'EXPIRED';
  if (token.status === 'NOT_ACTIVE') return 'NOT_ACTIVE';
  if (token.activationTime && token.activationTime.getTime() > now.getTime()) return 'NOT_ACTIVE';
  if (token.expiryTime && token.expiryTime.getTime() <= now.getTime()) return 'EXPIRED';
  return null;
}

/** Spec 002 §4 public flow: where the participant goes after validating the link. */
export const PUBLIC_FLOW_STEPS = [
  'CONSENT',
  'ONE_TIME_PASSWORD',
  'QUESTIONNAIRE_FILL',
  'QUESTIONNAIRE_INDEX',
  'QUESTIONNAIRE_UPDATE',
  'ECONSENT_SIGN',
] as const;
export type PublicFlowStep = (typeof PUBLIC_FLOW_STEPS)[number];

/** The steps whose page (fill or index, app/flow-store.ts nextPublicPath) reads the link's process and fill state. */
const QUESTIONNAIRE_STEPS: ReadonlySet<PublicFlowStep> = new Set([
  'QUESTIONNAIRE_FILL',
  'QUESTIONNAIRE_INDEX',
  'QUESTIONNAIRE_UPDATE',
]);

export function goesToQuestionnaire(step: PublicFlowStep): boolean {
  return QUESTIONNAIRE_STEPS.has(step);
}

/**
 * Spec 002 §4: validate the link, then consent when required and not accepted, then the
 * one-time password when required and not yet given, then the forms (ordered fill page when
 * the order is forced, else the index), or e-consent signing; the update flow goes to update.
 */
export function nextPublicFlowStep(input: {
  consentRequired: boolean;
  didAcceptConsent: boolean;
  requiredOneTimePass: boolean;
  hasValidatedOneTimePass: boolean;
  forceFormOrder: boolean;
  dataEventType: DataEventType;
  forUpdate?: boolean;
}): PublicFlowStep {
  if (input.consentRequired && !input.didAcceptConsent) return 'CONSENT';
  if (input.requiredOneTimePass && !input.hasValidatedOneTimePass) return 'ONE_TIME_PASSWORD';
  if (input.forUpdate) return 'QUESTIONNAIRE_UPDATE';
  if (input.dataEventType === 'TYPE_ECONSENT') return 'ECONSENT_SIGN';
  return input.forceFormOrder ? 'QUESTIONNAIRE_FILL' : 'QUESTIONNAIRE_INDEX';
}

/**
 * Spec 002 §1, §6: the token types a participant fills through a link (their own scheduled,
 * unscheduled and discontinuation events). HP events are staff visits, EXTERNAL ones are filled
 * elsewhere and ECONSENT ones are signed, not filled: none of them take answers publicly.
 */
export const PUBLIC_FILLABLE_TOKEN_TYPES = [
  'PATIENT',
  'UNEXPECTED',
  'DISCONTINUED',
] as const satisfies readonly TokenType[];

export function isPubliclyFillableTokenType(type: TokenType): boolean {
  return (PUBLIC_FILLABLE_TOKEN_TYPES as readonly TokenType[]).includes(type);
}
