import type { FieldIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { isHttpError } from '../../app/http';

type Issue = Pick<FieldIssue, 'path' | 'message' | 'params'>;

/** Message keys the domain (password rule) and the server put on field issues of this area. */
const KNOWN_MESSAGES = [
  'ACCOUNTS.EMAIL_TAKEN',
  'ACCOUNTS.LINK.INVALID',
  'ACCOUNTS.LINK.EXPIRED',
  'ACCOUNTS.PASSWORD.CURRENT_WRONG',
  'ACCOUNTS.PASSWORD_RULES.LENGTH',
  'ACCOUNTS.PASSWORD_RULES.TOO_LONG',
  'ACCOUNTS.PASSWORD_RULES.CLASSES',
  'ACCOUNTS.PASSWORD_RULES.NOT_EMAIL',
  'ACCOUNTS.PASSWORD_RULES.SAME_AS_CURRENT',
  'ACCOUNTS.TABLE_SETTINGS_TOO_LARGE',
] as const;

function isKnownMessage(message: string): message is (typeof KNOWN_MESSAGES)[number] {
  return (KNOWN_MESSAGES as readonly string[]).includes(message);
}

/** Our own message keys are translated with their params; anything else gets a generic field message. */
export function issueText(t: TFunction, issue: Issue): string {
  return isKnownMessage(issue.message) ? t(issue.message, issue.params ?? {}) : t('ACCOUNTS.INVALID.GENERIC');
}

/**
 * Checks one value with the domain schema the server uses (CONVENTIONS.md web) and
 * returns the message for the field, or null when it is valid.
 */
export function checkField(t: TFunction, schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  if (issue.code === 'too_big') return t('ACCOUNTS.INVALID.TOO_LONG', { max: Number(issue.maximum) });
  if (issue.code === 'too_small') return t('ACCOUNTS.INVALID.REQUIRED');
  if (issue.code === 'invalid_format') return t('ACCOUNTS.INVALID.EMAIL');
  return t('ACCOUNTS.INVALID.GENERIC');
}

/** The field issues of a failed call (400 VALIDATION, 400 EXTENDED_VALIDATION, 409), or null. */
export function serverIssues(error: unknown): FieldIssue[] | null {
  if (!isHttpError(error) || (error.status !== 400 && error.status !== 409)) return null;
  return error.body?.context?.issues ?? null;
}

/**
 * Puts a server's field issues back on the form's fields; returns a general message for
 * anything that has no field to sit on (null when every issue found its field).
 */
export function applyServerError(
  t: TFunction,
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: Record<string, string>) => void,
): string | null {
  const issues = serverIssues(error);
  if (issues?.length) {
    const errors: Record<string, string> = {};
    const rest: string[] = [];
    for (const issue of issues) {
      const field = String(issue.path[0] ?? '');
      if (fields.includes(field)) errors[field] ??= issueText(t, issue);
      else rest.push(issueText(t, issue));
    }
    setErrors(errors);
    return rest.length ? rest.join(' ') : null;
  }
  if (!isHttpError(error) || error.status === 0 || error.status >= 500) return t('ERRORS.500');
  if (error.status === 429) return t('ACCOUNTS.RATE_LIMITED');
  if (error.status === 403) return t('ERRORS.403');
  return error.body?.message ?? t('ERRORS.500');
}
