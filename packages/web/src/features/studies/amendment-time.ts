import {
  dateFormatOfDateTimeFormat,
  formatStudyDateTime,
  fromWallTime,
  parseStudyDateTime,
  toWallTime,
} from '@trialbase/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Issue 23: an instant as the study shows date-times, in the study's time zone (not the browser's),
 * e.g. `01-12-2026 09:00`; the zone is shown beside it by the caller.
 */
export function formatInStudyZone(iso: string, timeZone: string, dateTimeFormat: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const w = toWallTime(at, timeZone);
  const local = `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
  return formatStudyDateTime(local, dateFormatOfDateTimeFormat(dateTimeFormat));
}

/** A date-time typed in the study's format, read as wall time in the study's zone; null when not a real one. */
export function parseInStudyZone(text: string, timeZone: string, dateTimeFormat: string): string | null {
  const local = parseStudyDateTime(text, dateFormatOfDateTimeFormat(dateTimeFormat));
  const m = local ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local) : null;
  if (!m) return null;
  const [, year, month, day, hour, minute] = m.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return fromWallTime({ year, month, day, hour, minute, second: 0, millisecond: 0 }, timeZone).toISOString();
}

/** The pattern a person types (`DD-MM-YYYY HH:mm` in the study's date order). */
export function studyDateTimePattern(dateTimeFormat: string): string {
  return `${dateFormatOfDateTimeFormat(dateTimeFormat)} HH:mm`;
}
