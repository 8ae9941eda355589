import { FORM_LIMITS } from '@trialbase/domain';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';

const WIDTH = { maxInlineSize: 260 } as const;

/** DATE_TIME: date and time "YYYY-MM-DDTHH:mm" in the filler's zone, not before 1901-01-01 (spec 001 §5). */
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
  return (
    <input
      type="datetime-local"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      min={`${FORM_LIMITS.earliestDate}T00:00`}
      max="9999-12-31T23:59"
      value={textOf(answer).slice(0, 16)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
      onBlur={onBlur}
      style={WIDTH}
    />
  );
}
