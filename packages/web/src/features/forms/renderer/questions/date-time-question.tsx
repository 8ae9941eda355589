import { dateFormatOfDateTimeFormat, formatStudyDateTime, parseStudyDateTime } from '@trialbase/domain';
import { useRendererHost } from '../host';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';

const WIDTH = { maxInlineSize: 260 } as const;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * DATE_TIME: shown and typed as the study's date order with HH:mm (spec 000 §9, "DD-MM-YYYY HH:mm"
 * by default), not the browser's locale; stored as "YYYY-MM-DDTHH:mm" in the filler's zone, not
 * before 1901-01-01 (spec 001 §5). Text that is not a date-time yet is kept as typed.
 */
export function DateTimeQuestion({
  question,
  answer,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const format = dateFormatOfDateTimeFormat(useRendererHost().dateTimeFormat);
  const stored = textOf(answer);
  const shown = ISO_DATE_TIME.test(stored) ? formatStudyDateTime(stored, format) : stored;
  return (
    <input
      type="text"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      autoComplete="off"
      placeholder={`${format} HH:mm`}
      maxLength={22}
      dir="ltr"
      data-date-format={`${format} HH:mm`}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value.replace(/[^0-9./:\s-]/g, '');
        onChange(withText(answer, parseStudyDateTime(text, format) ?? text));
      }}
      onBlur={onBlur}
      style={WIDTH}
    />
  );
}
