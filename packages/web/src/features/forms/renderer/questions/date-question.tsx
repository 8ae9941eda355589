import { formatStudyDate, parseStudyDate, studyDateFormatOf } from '@trialbase/domain';
import { useRendererHost } from '../host';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';

const WIDTH = { maxInlineSize: 220 } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * DATE: shown and typed in the study's date format (spec 000 §9, DD-MM-YYYY by default), not the
 * browser's locale; stored as ISO "YYYY-MM-DD". Text that is not a date yet is kept as typed, so
 * the domain's check marks it invalid (as TIME does); not before 1901-01-01 (spec 001 §5 "Other").
 */
export function DateQuestion({
  question,
  answer,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const format = studyDateFormatOf(useRendererHost().dateFormat);
  const stored = textOf(answer);
  const shown = ISO_DATE.test(stored) ? formatStudyDate(stored, format) : stored;
  return (
    <input
      type="text"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      inputMode="numeric"
      autoComplete="off"
      placeholder={format}
      maxLength={16}
      dir="ltr"
      data-date-format={format}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value.replace(/[^0-9./\s-]/g, '');
        onChange(withText(answer, parseStudyDate(text, format) ?? text.trim()));
      }}
      onBlur={onBlur}
      style={WIDTH}
    />
  );
}
