import { useTranslation } from 'react-i18next';

/** Numbers in the reader's language (Arabic digits in Arabic, grouping per language). */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    number: (value: number, digits = 0) =>
      new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value),
    percent: (share: number) =>
      new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share),
  };
}

export type NumberFormat = ReturnType<typeof useNumberFormat>;

export { isolated, useAeDates as useStudyDates } from '../adverse-events/ae-dates';
