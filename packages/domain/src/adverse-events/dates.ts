import type { ErrorId } from '../common/errors';
import type { AeDetails } from './model';

/**
 * Spec 000 §8 AE date error ids, read as the rule that must hold: the event starts on or
 * before the report (fill-out) date; the reporter became aware on or after the start and
 * on or before the fill-out date; it ends on or after it started. Dates are `YYYY-MM-DD`.
 */
export function checkAeDates(
  details: Pick<AeDetails, 'startDate' | 'endDate' | 'awarenessDate'>,
  fillOutDate: string,
): ErrorId[] {
  const { startDate, endDate, awarenessDate } = details;
  const errors: ErrorId[] = [];
  if (startDate !== null && startDate > fillOutDate) errors.push('START_DATE_BEFORE_FILL_OUT_DATE');
  if (awarenessDate !== null && startDate !== null && awarenessDate < startDate) {
    errors.push('AWARENESS_DATE_AFTER_START_DATE');
  }
  if (awarenessDate !== null && awarenessDate > fillOutDate)
    errors.push('AWARENESS_DATE_BEFORE_FILL_OUT_DATE');
  if (endDate !== null && startDate !== null && endDate < startDate) errors.push('END_DATE_AFTER_START_DATE');
  return errors;
}
