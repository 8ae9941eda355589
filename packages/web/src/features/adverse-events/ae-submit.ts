import { type AeContent, checkAeDates, type ErrorId, sarFormIssues } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { isHttpError } from '../../app/http';
import { type AeFieldErrors, dateErrorsOf } from './ae-form';
import { sarErrorsOf } from './ae-sar-fields';

const DATE_IDS: readonly ErrorId[] = [
  'START_DATE_BEFORE_FILL_OUT_DATE',
  'AWARENESS_DATE_AFTER_START_DATE',
  'AWARENESS_DATE_BEFORE_FILL_OUT_DATE',
  'END_DATE_AFTER_START_DATE',
];

/** Today as `YYYY-MM-DD` in the user's time zone (the fill-out date of a new report). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The same checks the server makes (spec 000 §8 date rules, a description, the safety report's
 * dose unit, OTHER texts and therapy dates), before anything is sent.
 */
export function checkAeContent(t: TFunction, content: AeContent, fillOutDate: string): AeFieldErrors {
  const errors: AeFieldErrors = dateErrorsOf(t, checkAeDates(content.details, fillOutDate));
  if (content.eventDescription.trim() === '')
    errors.eventDescription = t('ADVERSE_EVENTS.FIELDS.DESCRIPTION_REQUIRED');
  const sar = content.sarForm ? sarFormIssues(content.sarForm) : [];
  if (sar.length > 0) errors.sar = sarErrorsOf(t, sar);
  return errors;
}

/** A date rule the server refused (its error id), on its field; null for any other failure. */
export function serverFieldErrors(t: TFunction, error: unknown): AeFieldErrors | null {
  if (!isHttpError(error) || !error.body) return null;
  const body = error.body as { id?: string; context?: { ids?: unknown } };
  const ids = [body.id, ...(Array.isArray(body.context?.ids) ? body.context.ids : [])].filter(
    (id): id is ErrorId => typeof id === 'string' && (DATE_IDS as readonly string[]).includes(id),
  );
  return ids.length > 0 ? dateErrorsOf(t, ids) : null;
}
