import { dateFormatOfDateTimeFormat, formatStudyDateTime } from '@trialbase/domain';
import { readTokenInfo } from '../app/flow-store';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The short name of the browser's time zone at that moment (`CET`, `GMT+1`), or ''. */
function zoneName(date: Date, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZoneName: 'short' }).formatToParts(date);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * A signing time for the participant: in their own time zone, named (21 CFR 11.50: date and time
 * of the signing), the date in the study's order (spec 000 §9, the link's date-time format).
 */
export function formatParticipantTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const format = dateFormatOfDateTimeFormat(readTokenInfo()?.dateTimeFormat);
  const zone = zoneName(date, language);
  return `\u2068${formatStudyDateTime(local, format)}${zone ? ` ${zone}` : ''}\u2069`;
}
