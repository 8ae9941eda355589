/**
 * Time, duration and date answer values (spec 001 §5, 002 §4, DESIGN.md durations).
 * TIME is "HH:mm" in 00:00..23:59; TIME_DURATION is "hours-minutes" without padding
 * ("1-30" is 90 minutes); DATE is "YYYY-MM-DD", not before 1901-01-01.
 */
import { FORM_LIMITS } from './form-constants';

const MINUTES_PER_DAY_CAP = 23 * 60 + 59;

export type TimeParts = { hours: number; minutes: number };
export type DurationParts = { hours: number; minutes: number; totalMinutes: number };

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Spec 001 §5: time above 23 hours is capped to 23:59, negative becomes 0:00. Returns "HH:mm". */
export function normalizeTime(hours: number, minutes: number): string {
  const h = Number.isFinite(hours) ? Math.trunc(hours) : 0;
  const m = Number.isFinite(minutes) ? Math.trunc(minutes) : 0;
  if (h < 0 || m < 0) return '00:00';
  if (h > 23) return '23:59';
  const total = Math.min(h * 60 + m, MINUTES_PER_DAY_CAP);
  return `${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`;
}

/** Parses a typed time "H:mm"/"HH:mm" (hours may overflow, minus allowed) into parts (spec 001 §5). */
export function parseTimeInput(value: string): TimeParts | null {
  const match = /^\s*(-?\d{1,3})\s*[:.]\s*(\d{1,2})\s*$/.exec(value);
  if (!match) return null;
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

/** Whether a stored TIME answer is canonical "HH:mm" within 00:00..23:59 (spec 001 §5). */
export function isValidTimeValue(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** Spec 001 §5 / DESIGN.md: a duration as total hours and remaining minutes, "1-30"; negatives become "0-0". */
export function normalizeDuration(hours: number, minutes: number): string {
  const h = Number.isFinite(hours) ? Math.trunc(hours) : 0;
  const m = Number.isFinite(minutes) ? Math.trunc(minutes) : 0;
  return formatDurationMinutes(h * 60 + m);
}

/** Formats a number of minutes as a stored duration "hours-minutes" (DESIGN.md durations). */
export function formatDurationMinutes(totalMinutes: number): string {
  const total = Number.isFinite(totalMinutes) && totalMinutes > 0 ? Math.trunc(totalMinutes) : 0;
  return `${Math.floor(total / 60)}-${total % 60}`;
}

/** Parses a stored duration "hours-minutes" (no padding, minutes 0..59) (DESIGN.md durations). */
export function parseDuration(value: string): DurationParts | null {
  const match = /^(0|[1-9]\d{0,8})-([1-5]?\d)$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return { hours, minutes, totalMinutes: hours * 60 + minutes };
}

/** Whether a stored DATE is a real calendar date "YYYY-MM-DD" (spec 001 §5). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth;
}

/** Spec 001 §5 "Other": the earliest allowed date is 1901-01-01 (ISO dates compare as strings). */
export function isOnOrAfterEarliestDate(isoDate: string): boolean {
  return isoDate.slice(0, 10) >= FORM_LIMITS.earliestDate;
}

/** Whether a stored DATE_TIME is "YYYY-MM-DDTHH:mm[:ss[.sss]][Z|±HH:mm]" with a real date and time. */
export function isDateTimeValue(value: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  if (!match) return false;
  const [, date, hh, mm, ss] = match;
  if (!date || !isCalendarDate(date)) return false;
  return Number(hh) <= 23 && Number(mm) <= 59 && (ss === undefined || Number(ss) <= 59);
}
