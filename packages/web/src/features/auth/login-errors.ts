import { applyServerErrors, catalogLookup, serverErrorMessage } from '../../app/form-errors';
import type { HttpError } from '../../app/http';

export type LoginField = 'email' | 'password';

/** How the login form shows a refused login (spec 000 §8: SECURITY, ACCOUNT_LOCKED, VALIDATION). */
export type LoginProblem =
  | { kind: 'none' }
  | { kind: 'server' }
  | { kind: 'message'; text: string | null }
  | { kind: 'locked'; until: string | null }
  | { kind: 'fields'; fields: Partial<Record<LoginField, string>>; text: string | null };

const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * `text: null` means "use the translated default" (wrong email or password). Texts come from the
 * catalogs by the error's reason, id or type (issue 14 item 7), never the server's own words.
 */
export function describeLoginError(error: HttpError): LoginProblem {
  // Unreachable server: the global handler already showed the ERRORS.500 toast.
  if (error.status <= 0) return { kind: 'none' };
  if (error.status >= 500) return { kind: 'server' };
  const body = error.body;
  if (error.status === 423 || body?.type === 'ACCOUNT_LOCKED') {
    const until = body?.context?.lockedUntil;
    return { kind: 'locked', until: typeof until === 'string' ? until : null };
  }
  if (error.status === 400 && body?.context?.issues?.length) {
    let fields: Partial<Record<LoginField, string>> = {};
    const target = { setErrors: (found: Record<string, string>) => (fields = found) };
    const { message } = applyServerErrors(target, error, { fields: LOGIN_FIELDS });
    return { kind: 'fields', fields, text: message };
  }
  // A refused sign-in says why only when the catalogs know the reason (an unverified email).
  if (!body || body.type === 'SECURITY') {
    const reason = body?.context?.reason;
    return {
      kind: 'message',
      text: typeof reason === 'string' ? catalogLookup(`SERVER_ERRORS.REASON.${reason}`) : null,
    };
  }
  return { kind: 'message', text: serverErrorMessage(error) };
}
