/**
 * Dates as a study shows and takes them (spec 000 §9: DD-MM-YYYY by default, the study may pick
 * another order). Stored values stay ISO (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`); these rules only turn
 * them into the study's text and back, so a date input does not follow the browser's locale.
 */

/**
 * Spec 000 §9: dates show as DD-MM-YYYY by default; studies may pick another order. Here, without
 * zod, for the participant pages (issue 16, the slow phone); model.ts builds the schema from it.
 */
export const STUDY_DATE_FORMATS = [
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
] as const;
export type StudyDateFormat = (typeof STUDY_DATE_FORMATS)[number];
export const DEFAULT_STUDY_DATE_FORMAT = 'DD-MM-YYYY' satisfies StudyDateFormat;

type Part = 'DD' | 'MM' | 'YYYY';

function partsOf(format: StudyDateFormat): { order: [Part, Part, Part]; separator: string } {
  const separator = format.includes('/') ? '/' : format.includes('.') ? '.' : '-';
  return { order: format.split(separator) as [Part, Part, Part], separator };
}

/** The study date format of a setting; an unknown value falls back to DD-MM-YYYY (spec 000 §9). */
export function studyDateFormatOf(value: string | null | undefined): StudyDateFormat {
  return STUDY_DATE_FORMATS.find((format) => format === value) ?? DEFAULT_STUDY_DATE_FORMAT;
}

/**
 * The date order of a study's date-time format (`DD-MM-YYYY HH:mm` → `DD-MM-YYYY`), so date-time
 * inputs follow the same order as dates; DD-MM-YYYY when the setting starts with none.
 */
export function dateFormatOfDateTimeFormat(value: string | null | undefined): StudyDateFormat {
  const text = (value ?? '').trim();
  return STUDY_DATE_FORMATS.find((format) => text.startsWith(format)) ?? DEFAULT_STUDY_DATE_FORMAT;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** Spec 000 §9: an ISO date (`YYYY-MM-DD`, a longer ISO value is cut) in the study's format; other text as it is. */
export function formatStudyDate(iso: string, format: StudyDateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const values: Record<Part, string> = { YYYY: match[1] ?? '', MM: match[2] ?? '', DD: match[3] ?? '' };
  const { order, separator } = partsOf(format);
  return order.map((part) => values[part]).join(separator);
}

/**
 * Spec 000 §9: a date typed in the study's format, as ISO `YYYY-MM-DD`; null when it is not a real
 * calendar date in that format. Day and month may have one digit; `-`, `/`, `.` and spaces all
 * separate, so `1.2.2024` reads as 1 February in DD-MM-YYYY.
 */
export function parseStudyDate(text: string, format: StudyDateFormat): string | null {
  const pieces = text.trim().split(/\s*[-/.]\s*|\s+/);
  if (pieces.length !== 3) return null;
  const { order } = partsOf(format);
  const values: Partial<Record<Part, string>> = {};
  for (const [i, part] of order.entries()) {
    const piece = pieces[i] ?? '';
    const pattern = part === 'YYYY' ? /^\d{4}$/ : /^\d{1,2}$/;
    if (!pattern.test(piece)) return null;
    values[part] = piece;
  }
  const year = Number(values.YYYY);
  const month = Number(values.MM);
  const day = Number(values.DD);
  if (!isRealDate(year, month, day)) return null;
  return `${values.YYYY}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Spec 000 §9: an ISO local date-time (`YYYY-MM-DDTHH:mm`) as `<date in the study's order> HH:mm`. */
export function formatStudyDateTime(iso: string, format: StudyDateFormat): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  if (!match) return iso;
  return `${formatStudyDate(match[1] ?? '', format)} ${match[2]}`;
}

/**
 * Spec 000 §9: a date-time typed as `<date in the study's order> HH:mm` (hour may have one digit),
 * as ISO local `YYYY-MM-DDTHH:mm`; null when the date or the time is not real.
 */
export function parseStudyDateTime(text: string, format: StudyDateFormat): string | null {
  const match = /^(.*\S)\s+(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = parseStudyDate(match[1] ?? '', format);
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (!date || hours > 23 || minutes > 59) return null;
  return `${date}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
