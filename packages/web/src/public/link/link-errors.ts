import type { PublicKey } from '../app/i18n';

/** Spec 002 §8: what went wrong with a link, as the token page tells the participant. */
export type LinkProblem =
  | 'UNKNOWN'
  | 'DISABLED'
  | 'COMPLETED'
  | 'EXPIRED'
  | 'EXCLUDED'
  | 'NOT_ACTIVE'
  | 'OFFLINE'
  | 'RATE_LIMITED'
  | 'SENDOUT'
  | 'ERROR';

type ErrorLike = { status: number; type: string | null; context: Record<string, unknown> };

const REASONS = ['DISABLED', 'COMPLETED', 'EXPIRED', 'EXCLUDED', 'NOT_ACTIVE'] as const;

/**
 * Spec 002 §8 token validation errors: the server's `TOKEN_DISABLED` type or the `reason` of a
 * refused link (link.ts tokenAccessError), an unknown link (404, or a malformed one: 400
 * VALIDATION), too many attempts (429), no connection (status 0) and EX_COMM (OTP_SENDOUT_ERR).
 */
export function linkProblemOf(error: ErrorLike): LinkProblem {
  if (error.status === 0) return 'OFFLINE';
  if (error.status === 429 || error.type === 'RATE_LIMITED') return 'RATE_LIMITED';
  if (error.type === 'EX_COMM') return 'SENDOUT';
  if (error.type === 'TOKEN_DISABLED') return 'DISABLED';
  const reason = error.context.reason;
  const known = REASONS.find((r) => r === reason);
  if (known) return known;
  if (error.status === 404 || (error.status === 400 && error.type === 'VALIDATION')) return 'UNKNOWN';
  return 'ERROR';
}

/** Problems the participant may fix by trying again (the others are final for this link). */
export function isRetryable(problem: LinkProblem): boolean {
  return problem === 'OFFLINE' || problem === 'ERROR' || problem === 'RATE_LIMITED';
}

/** The title and text keys of a problem's full-page message. */
export function linkProblemMessages(problem: LinkProblem): { title: PublicKey; text: PublicKey } {
  switch (problem) {
    case 'OFFLINE':
      return { title: 'LINK.STATUS.OFFLINE_TITLE', text: 'PUBLIC.ERRORS.OFFLINE' };
    case 'RATE_LIMITED':
      return { title: 'LINK.STATUS.RATE_LIMITED_TITLE', text: 'PUBLIC.ERRORS.RATE_LIMITED' };
    case 'SENDOUT':
      return { title: 'LINK.STATUS.SENDOUT_TITLE', text: 'LINK.STATUS.OTP_SENDOUT_ERR' };
    case 'ERROR':
      return { title: 'LINK.STATUS.ERROR_TITLE', text: 'PUBLIC.ERRORS.500' };
    case 'UNKNOWN':
      return { title: 'LINK.STATUS.UNKNOWN_TITLE', text: 'LINK.STATUS.UNKNOWN' };
    case 'DISABLED':
      return { title: 'LINK.STATUS.DISABLED_TITLE', text: 'LINK.STATUS.DISABLED' };
    case 'COMPLETED':
      return { title: 'LINK.STATUS.COMPLETED_TITLE', text: 'LINK.STATUS.COMPLETED' };
    case 'EXPIRED':
      return { title: 'LINK.STATUS.EXPIRED_TITLE', text: 'LINK.STATUS.EXPIRED' };
    case 'EXCLUDED':
      return { title: 'LINK.STATUS.EXCLUDED_TITLE', text: 'LINK.STATUS.EXCLUDED' };
    case 'NOT_ACTIVE':
      return { title: 'LINK.STATUS.NOT_ACTIVE_TITLE', text: 'LINK.STATUS.NOT_ACTIVE' };
  }
}
