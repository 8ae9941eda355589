import { isPublicHttpError } from '../app/api';
import type { PublicKey } from '../app/i18n';
import { linkProblemOf } from './link-errors';

/** Where the code request of the one-time-password page stands. */
export type SendState =
  | { kind: 'sending' }
  | { kind: 'sent'; channels: readonly ('EMAIL' | 'SMS')[] }
  | { kind: 'recent' }
  | { kind: 'failed' };

/** Spec 002 §2: tells where the code went (email, text message or both), or that one went out lately. */
export function sentMessageKey(state: SendState): PublicKey | null {
  switch (state.kind) {
    case 'sent': {
      const hasEmail = state.channels.includes('EMAIL');
      const hasSms = state.channels.includes('SMS');
      if (hasEmail && hasSms) return 'LINK.OTP.SENT_BOTH';
      if (hasSms) return 'LINK.OTP.SENT_SMS';
      return 'LINK.OTP.SENT_EMAIL';
    }
    case 'recent':
      return 'LINK.OTP.SENT_RECENTLY';
    case 'sending':
    case 'failed':
      return null;
  }
}

/** Spec 002 §8 field messages of a refused code (the server's issue path and message key). */
export function codeMessageOf(context: Record<string, unknown>): PublicKey {
  const issues = context.issues;
  const issue = Array.isArray(issues)
    ? (issues[0] as { path?: unknown[]; message?: string } | undefined)
    : undefined;
  if (issue?.path?.[0] === 'captcha') return 'LINK.OTP.CAPTCHA_REQUIRED';
  if (issue?.message === 'PUBLIC.ONE_TIME_PASSWORD.EXPIRED') return 'LINK.OTP.EXPIRED';
  return 'LINK.OTP.INVALID';
}

/** The page-level notice of a failed call that is neither the code's nor the link's fault. */
export function noticeOf(error: unknown): PublicKey {
  const problem = isPublicHttpError(error) ? linkProblemOf(error) : 'ERROR';
  if (problem === 'OFFLINE') return 'PUBLIC.ERRORS.OFFLINE';
  if (problem === 'RATE_LIMITED') return 'PUBLIC.ERRORS.RATE_LIMITED';
  return 'PUBLIC.ERRORS.500';
}
