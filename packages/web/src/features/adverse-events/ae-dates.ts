import {
  formatStudyDate,
  formatStudyDateTime,
  type StudyDateFormat,
  studyDateFormatOf,
} from '@trialbase/domain';
import { useStudy } from '../studies/api';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A server timestamp as local `YYYY-MM-DDTHH:mm`, the ISO form the study formats take. */
function localIso(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date put into a sentence, isolated left to right (U+2066 … U+2069), so `26-11-2026` stays whole
 * and in order inside an Arabic or Hebrew sentence.
 */
export function isolated(text: string): string {
  return text === '' ? text : `\u2066${text}\u2069`;
}

/** Spec 000 §9: dates and sign times in the study's date format (DD-MM-YYYY by default), local time. */
export type AeDateFormatter = {
  format: StudyDateFormat;
  date: (isoDate: string | null | undefined) => string;
  dateTime: (timestamp: string | null | undefined) => string;
};

export function aeDateFormatter(format: StudyDateFormat): AeDateFormatter {
  return {
    format,
    date: (isoDate) => (isoDate ? formatStudyDate(isoDate, format) : ''),
    dateTime: (timestamp) => {
      if (!timestamp) return '';
      const local = localIso(timestamp);
      return local ? formatStudyDateTime(local, format) : timestamp;
    },
  };
}

/** The study's date format from GET /study/{id}; the default while it loads or when it may not be read. */
export function useAeDates(studyId: string): AeDateFormatter {
  const study = useStudy(studyId, { secondary: true });
  return aeDateFormatter(studyDateFormatOf(study.data?.dateFormat));
}
