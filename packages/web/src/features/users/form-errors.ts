import type { FieldIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import type { ServerErrorOptions } from '../../app/form-errors';

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

/**
 * How an accounts form shows a failed call (issue 14 item 7: the shared `applyServerErrors`): issues
 * on these fields go on them, the rest and the error itself become the form-level message.
 */
export function accountErrorOptions(t: TFunction, fields: readonly string[]): ServerErrorOptions {
  return {
    fields,
    messages: { '403': 'ERRORS.403', '429': 'ACCOUNTS.RATE_LIMITED' },
    fieldMessage: () => t('ACCOUNTS.INVALID.GENERIC'),
  };
}
