import type { Session } from '@trialbase/domain';

/**
 * What the HTTP layer must know about the signed-in user without React: the CSRF token
 * for state-changing calls and whether a session existed while this page was open
 * (a 401 then means "expired", which asks for re-authentication instead of a redirect).
 */
type AuthState = { csrfToken: string | null; email: string | null; hadSession: boolean };

const state: AuthState = { csrfToken: null, email: null, hadSession: false };

export function rememberSession(session: Session): void {
  state.csrfToken = session.csrfToken;
  state.email = session.user.email;
  state.hadSession = true;
}

export function forgetSession(): void {
  state.csrfToken = null;
  state.email = null;
  state.hadSession = false;
}

export function getCsrfToken(): string | null {
  return state.csrfToken;
}

export function getSessionEmail(): string | null {
  return state.email;
}

export function hadSession(): boolean {
  return state.hadSession;
}
