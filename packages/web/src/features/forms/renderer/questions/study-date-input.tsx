import {
  dateFormatOfDateTimeFormat,
  formatStudyDate,
  formatStudyDateTime,
  parseStudyDate,
  parseStudyDateTime,
  studyDateFormatOf,
} from '@trialbase/domain';
import type { InputHTMLAttributes } from 'react';
import { useRendererHost } from '../host';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type StudyDateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  kind: 'date' | 'date-time';
  /** The stored value: ISO `YYYY-MM-DD` (date) or `YYYY-MM-DDTHH:mm` (date-time), or text not a date yet. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date or date-time field in the study's format (spec 000 §9, DD-MM-YYYY by default; issue 18
 * item 6), not the browser's locale: shows the stored ISO value in that format and stores what is
 * typed as ISO once it is a real date. Text that is not a date yet is kept as typed, so the domain's
 * check marks it invalid (as TIME does). Left to right on every page, as dates are written.
 */
export function StudyDateInput({ kind, value, onChange, ...input }: StudyDateInputProps) {
  const host = useRendererHost();
  const isDate = kind === 'date';
  const format = isDate
    ? studyDateFormatOf(host.dateFormat)
    : dateFormatOfDateTimeFormat(host.dateTimeFormat);
  const pattern = isDate ? `${format}` : `${format} HH:mm`;
  const shown = isDate
    ? ISO_DATE.test(value)
      ? formatStudyDate(value, format)
      : value
    : ISO_DATE_TIME.test(value)
      ? formatStudyDateTime(value, format)
      : value;
  return (
    <input
      {...input}
      type="text"
      inputMode={isDate ? 'numeric' : undefined}
      autoComplete="off"
      placeholder={pattern}
      maxLength={isDate ? 16 : 22}
      dir="ltr"
      data-date-format={pattern}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value.replace(isDate ? /[^0-9./\s-]/g : /[^0-9./:\s-]/g, '');
        const parsed = isDate ? parseStudyDate(text, format) : parseStudyDateTime(text, format);
        onChange(parsed ?? (isDate ? text.trim() : text));
      }}
    />
  );
}
