import type { StudyStatus } from '../studies/model';
import { asksForInvestigator, type SignUpFieldConfig } from './fields';

/** Spec 002 §2: the sign-up stepper's steps, in order. */
export const SIGNUP_STEPS = [
  'welcome',
  'introduction',
  'consent',
  'investigator',
  'yourInformation',
] as const;
export type SignUpStep = (typeof SIGNUP_STEPS)[number];

/** Spec 002 §3 site public info fields the stepper reads. */
export type SignUpStepConfig = SignUpFieldConfig & {
  publicIntroTextEnabled: boolean;
  consentRequired: boolean;
  /** Spec 001 §3 process flag: the investigator fields are switched off. */
  disableInvestigatorAttributesFields?: boolean;
};

/**
 * Spec 002 §2: the steps that apply: welcome without public intro text, introduction
 * with it, consent when required, investigator when any investigator field is asked (and
 * not switched off), and always "your information", where the sign-up is submitted.
 */
export function signUpSteps(config: SignUpStepConfig): SignUpStep[] {
  const applies: Record<SignUpStep, boolean> = {
    welcome: !config.publicIntroTextEnabled,
    introduction: config.publicIntroTextEnabled,
    consent: config.consentRequired,
    investigator: asksForInvestigator(config) && config.disableInvestigatorAttributesFields !== true,
    yourInformation: true,
  };
  return SIGNUP_STEPS.filter((step) => applies[step]);
}

/**
 * Spec 002 §4: progress in percent: 100 with a single step, otherwise
 * (completed + 1) / total × 100, capped at 100 (the first step shows 1/total).
 */
export function signUpProgress(completedSteps: number, totalSteps: number): number {
  if (totalSteps <= 1) return 100;
  const completed = Math.max(0, Math.floor(completedSteps));
  return Math.min(100, ((completed + 1) / totalSteps) * 100);
}

/** Spec 002 §4: why a sign-up starts in the failure state. */
export const SIGNUP_BLOCK_REASONS = ['STUDY_NOT_ONGOING', 'PUBLIC_SIGNUP_DISABLED'] as const;
export type SignUpBlockReason = (typeof SIGNUP_BLOCK_REASONS)[number];

/** The flags and states the sign-up gate reads (spec 002 §4, §6). */
export type SignUpGate = {
  /** Flag: no enrollment while the study is not ongoing (not in production). */
  disallowEnrollmentWhenStudyNotOngoing: boolean;
  /** Flag: no enrollment while public sign-up is disabled (the site is not public). */
  disallowEnrollmentWhenPublicSignUpDisabled: boolean;
  studyStatus: StudyStatus;
  sitePublic: boolean;
  /** Spec 002 §4: both checks are skipped in a certain environment mode (e.g. development). */
  skipChecks?: boolean;
};

/** Spec 002 §4: the reasons the sign-up starts in the failure state; empty when it may proceed. */
export function signUpBlockReasons(gate: SignUpGate): SignUpBlockReason[] {
  if (gate.skipChecks === true) return [];
  const reasons: SignUpBlockReason[] = [];
  if (gate.disallowEnrollmentWhenStudyNotOngoing && gate.studyStatus !== 'PRODUCTION') {
    reasons.push('STUDY_NOT_ONGOING');
  }
  if (gate.disallowEnrollmentWhenPublicSignUpDisabled && !gate.sitePublic)
    reasons.push('PUBLIC_SIGNUP_DISABLED');
  return reasons;
}

/** Spec 002 §4, §8: may the sign-up proceed (otherwise UNABLE_TO_REGISTER is shown)? */
export function isSignUpAllowed(gate: SignUpGate): boolean {
  return signUpBlockReasons(gate).length === 0;
}
