import type { FieldIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { isHttpError } from '../../app/http';

type Issue = { path: readonly PropertyKey[]; message: string };

/** Message keys the domain and the server put on field issues of this area. */
const KNOWN_MESSAGES = [
  'SITES.ERRORS.NAME_TAKEN',
  'SITES.ERRORS.NUMBER_TAKEN',
  'SITES.BOOKING.END_AFTER_START',
] as const;

function isKnownMessage(message: string): message is (typeof KNOWN_MESSAGES)[number] {
  return (KNOWN_MESSAGES as readonly string[]).includes(message);
}

/**
 * Field errors for a form from domain-schema issues or a server 400 (CONVENTIONS.md web):
 * our own message keys (SITES.*) are translated, anything else gets the field's message.
 */
export function fieldErrors(
  issues: readonly Issue[],
  t: TFunction,
  fieldMessage: (field: string) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || errors[field]) continue;
    errors[field] = isKnownMessage(issue.message) ? t(issue.message) : fieldMessage(field);
  }
  return errors;
}

/** The field issues of a server validation error, or null when the error is of another kind. */
export function serverIssues(error: unknown): FieldIssue[] | null {
  if (!isHttpError(error) || error.status !== 400) return null;
  return error.body?.context?.issues ?? null;
}

/** A message for a failed call that has no field to sit on. */
export function generalError(error: unknown, t: TFunction): string {
  if (!isHttpError(error)) return t('ERRORS.500');
  if (error.status === 403) return t('SITES.ERRORS.FORBIDDEN');
  if (error.body?.id === 'STUDY_STATUS_MISMATCH') return t('SITES.ERRORS.STATUS');
  if (error.body?.id === 'ACTIVE_SITE') return t('SITES.ERRORS.ACTIVE_SITE');
  if (error.status === 404) return t('SITES.ERRORS.NOT_FOUND');
  return error.status >= 500 || error.status === 0
    ? t('ERRORS.500')
    : (error.body?.message ?? t('ERRORS.500'));
}
