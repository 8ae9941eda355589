import { TextInput } from '@mantine/core';
import { FORM_LIMITS } from '@trialbase/domain';
import { inputAria, type QuestionInputProps, textOf, withText } from '../question-props';

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
    <TextInput
      type="datetime-local"
      {...inputAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      min={`${FORM_LIMITS.earliestDate}T00:00`}
      max="9999-12-31T23:59"
      value={textOf(answer).slice(0, 16)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
      onBlur={onBlur}
      maw={260}
    />
  );
}
