import type { HttpError } from '../../app/http';

export type LoginField = 'email' | 'password';

/** How the login form shows a refused login (spec 000 §8: SECURITY, ACCOUNT_LOCKED, VALIDATION). */
export type LoginProblem =
  | { kind: 'none' }
  | { kind: 'server' }
  | { kind: 'message'; text: string | null }
  | { kind: 'locked'; until: string | null }
  | { kind: 'fields'; fields: Partial<Record<LoginField, string>>; text: string | null };

function isLoginField(value: unknown): value is LoginField {
  return value === 'email' || value === 'password';
}

/** `text: null` means "use the translated default"; server messages are shown as sent. */
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
    const fields: Partial<Record<LoginField, string>> = {};
    const other: string[] = [];
    for (const issue of body.context.issues) {
      const field = issue.path[0];
      if (isLoginField(field)) fields[field] ??= issue.message;
      else other.push(issue.message);
    }
    return { kind: 'fields', fields, text: other.length ? other.join(' ') : null };
  }
  return { kind: 'message', text: body?.message ?? null };
}
