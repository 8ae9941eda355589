import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateFormatOfDateTimeFormat,
  formatStudyDate,
  formatStudyDateTime,
  parseStudyDate,
  parseStudyDateTime,
  STUDY_DATE_FORMATS,
  studyDateFormatOf,
} from './date-format';

const isoDate = fc
  .date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('Spec 000 §9 dates in the study format', () => {
  it('shows an ISO date in each study format', () => {
    expect(formatStudyDate('2024-02-01', 'DD-MM-YYYY')).toBe('01-02-2024');
    expect(formatStudyDate('2024-02-01', 'MM-DD-YYYY')).toBe('02-01-2024');
    expect(formatStudyDate('2024-02-01', 'YYYY-MM-DD')).toBe('2024-02-01');
    expect(formatStudyDate('2024-02-01', 'DD/MM/YYYY')).toBe('01/02/2024');
    expect(formatStudyDate('2024-02-01', 'MM/DD/YYYY')).toBe('02/01/2024');
    expect(formatStudyDate('2024-02-01', 'DD.MM.YYYY')).toBe('01.02.2024');
    expect(formatStudyDate('not a date', 'DD-MM-YYYY')).toBe('not a date');
  });

  it('reads a typed date in the study order, not the browser locale', () => {
    expect(parseStudyDate('01-02-2024', 'DD-MM-YYYY')).toBe('2024-02-01');
    expect(parseStudyDate('01-02-2024', 'MM-DD-YYYY')).toBe('2024-01-02');
    expect(parseStudyDate('1.2.2024', 'DD.MM.YYYY')).toBe('2024-02-01');
    expect(parseStudyDate(' 1/2/2024 ', 'DD-MM-YYYY')).toBe('2024-02-01');
    expect(parseStudyDate('2024-02-01', 'YYYY-MM-DD')).toBe('2024-02-01');
  });

  it('refuses what is not a real date in that order', () => {
    expect(parseStudyDate('31-02-2024', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDate('29-02-2023', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDate('29-02-2024', 'DD-MM-YYYY')).toBe('2024-02-29');
    expect(parseStudyDate('13-13-2024', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDate('01-02-24', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDate('2024-02-01', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDate('01-02', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDate('', 'DD-MM-YYYY')).toBeNull();
  });

  it('reads back every date it shows, in every format', () => {
    fc.assert(
      fc.property(isoDate, fc.constantFrom(...STUDY_DATE_FORMATS), (iso, format) => {
        expect(parseStudyDate(formatStudyDate(iso, format), format)).toBe(iso);
      }),
    );
  });

  it('date-times: the date in the study order, then HH:mm, stored as ISO local time', () => {
    expect(formatStudyDateTime('2024-02-01T09:05', 'DD-MM-YYYY')).toBe('01-02-2024 09:05');
    expect(formatStudyDateTime('2024-02-01T09:05:00', 'MM/DD/YYYY')).toBe('02/01/2024 09:05');
    expect(parseStudyDateTime('01-02-2024 9:05', 'DD-MM-YYYY')).toBe('2024-02-01T09:05');
    expect(parseStudyDateTime('01-02-2024 24:00', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDateTime('01-02-2024 12:60', 'DD-MM-YYYY')).toBeNull();
    expect(parseStudyDateTime('01-02-2024', 'DD-MM-YYYY')).toBeNull();
  });

  it('unknown settings fall back to DD-MM-YYYY; date-time formats give their date order', () => {
    expect(studyDateFormatOf(undefined)).toBe('DD-MM-YYYY');
    expect(studyDateFormatOf('MM/DD/YYYY')).toBe('MM/DD/YYYY');
    expect(studyDateFormatOf('YY')).toBe('DD-MM-YYYY');
    expect(dateFormatOfDateTimeFormat('MM/DD/YYYY HH:mm')).toBe('MM/DD/YYYY');
    expect(dateFormatOfDateTimeFormat('DD.MM.YYYY HH:mm')).toBe('DD.MM.YYYY');
    expect(dateFormatOfDateTimeFormat('HH:mm')).toBe('DD-MM-YYYY');
  });
});
