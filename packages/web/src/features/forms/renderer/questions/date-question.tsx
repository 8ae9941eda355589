import { FORM_LIMITS } from '@trialbase/domain';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';

const WIDTH = { maxInlineSize: 220 } as const;

/** DATE: a calendar date "YYYY-MM-DD", not before 1901-01-01 (spec 001 §5 "Other"). */
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
  return (
    <input
      type="date"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      min={FORM_LIMITS.earliestDate}
      max="9999-12-31"
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
      onBlur={onBlur}
      style={WIDTH}
    />
  );
}
