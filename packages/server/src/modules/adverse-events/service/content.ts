import { createHash } from 'node:crypto';
import {
  type AeContent,
  checkAeDates,
  type FieldIssue,
  missingSeriousForms,
  sarFormIssues,
} from '@trialbase/domain';
import { validationError } from '../../../platform/errors';
import type { AeRow } from '../repo';

/** The content fields of a stored AE (what signatures and amendments are about). */
export function contentOf(
  row: Pick<AeRow, 'eventDescription' | 'sae' | 'details' | 'sarForm' | 'seForm' | 'investigator'>,
): AeContent {
  return {
    eventDescription: row.eventDescription,
    sae: row.sae,
    details: row.details,
    sarForm: row.sarForm ?? null,
    seForm: row.seForm ?? null,
    investigator: row.investigator ?? null,
  };
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** 21 CFR 11.70 (STANDARDS.md P11-70a): the hash of the signed content, stored with each signature. */
export function aeContentHash(content: AeContent): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(content)))
    .digest('hex');
}

/** The date of `now` in the study's time zone (YYYY-MM-DD): the fill-out date of a report. */
export function dateIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const DATE_FIELD = {
  START_DATE_BEFORE_FILL_OUT_DATE: 'startDate',
  AWARENESS_DATE_AFTER_START_DATE: 'awarenessDate',
  AWARENESS_DATE_BEFORE_FILL_OUT_DATE: 'awarenessDate',
  END_DATE_AFTER_START_DATE: 'endDate',
} as const;

/**
 * Spec 000 §8 date rules, the serious-event forms and the safety-report form's fields (000 §3: dose
 * with its unit, route and frequency, OTHER named): a 400 with the first rule's error id and every
 * issue with its field path.
 */
export function assertValidContent(content: AeContent, fillOutDate: string): void {
  const ids = checkAeDates(content.details, fillOutDate);
  const issues: FieldIssue[] = ids.map((id) => ({
    path: ['details', DATE_FIELD[id as keyof typeof DATE_FIELD] ?? 'startDate'],
    message: `SERVER_ERRORS.ID.${id}`,
  }));
  if (ids.length > 0) {
    throw validationError(issues, 'The dates of the adverse event do not fit together.', ids[0]);
  }
  const missing = missingSeriousForms(content);
  if (missing.length > 0) {
    throw validationError(
      missing.map((field) => ({ path: [field], message: 'SERVER_ERRORS.REASON.AE_FORM_REQUIRED' })),
      'A serious adverse event needs its serious-event form (and a SAR or SUSAR its safety report).',
    );
  }
  const sar = content.sarForm ? sarFormIssues(content.sarForm) : [];
  if (sar.length > 0) {
    throw validationError(
      sar.map((issue) => ({
        path: ['sarForm', issue.field],
        message: `SERVER_ERRORS.REASON.${issue.reason}`,
      })),
      'The safety report’s dose, route, frequency or therapy dates do not fit together.',
    );
  }
}
