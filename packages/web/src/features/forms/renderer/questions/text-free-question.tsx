import { Textarea } from '@mantine/core';
import { FORM_LIMITS } from '@trialbase/domain';
import { inputAria, type QuestionInputProps, textOf, withText } from '../question-props';

/** TEXT_FREE: several lines, at most 10000 characters (spec 001 §5, DESIGN.md). */
export function TextFreeQuestion({
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
    <Textarea
      {...inputAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      autosize
      minRows={3}
      maxRows={12}
      maxLength={Math.min(question.maxLength ?? FORM_LIMITS.textLengthCap, FORM_LIMITS.textLengthCap)}
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
      onBlur={onBlur}
    />
  );
}
