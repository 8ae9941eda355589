import { TextInput } from '@mantine/core';
import { FORM_LIMITS } from '@trialbase/domain';
import { inputAria, type QuestionInputProps, textOf, withText } from '../question-props';

/** NUMBER: integer, or decimal with dot or comma when floatingNumber; bounds come from the domain (spec 001 §5). */
export function NumberQuestion({
  question,
  answer,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const pattern = question.floatingNumber ? /[^0-9.,-]/g : /[^0-9-]/g;
  return (
    <TextInput
      {...inputAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      inputMode={question.floatingNumber ? 'decimal' : 'numeric'}
      maxLength={String(FORM_LIMITS.numberBound).length + 12}
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value.replace(pattern, '')))}
      onBlur={onBlur}
      maw={240}
    />
  );
}
