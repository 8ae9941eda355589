import { TextInput } from '@mantine/core';
import { FORM_LIMITS } from '@trialbase/domain';
import { inputAria, type QuestionInputProps, textOf, withText } from '../question-props';

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
    <TextInput
      type="date"
      {...inputAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      min={FORM_LIMITS.earliestDate}
      max="9999-12-31"
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
      onBlur={onBlur}
      maw={220}
    />
  );
}
