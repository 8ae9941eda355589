import { FORM_LIMITS } from '@trialbase/domain';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';

const WIDTH = { maxInlineSize: 240 } as const;

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
    <input
      type="text"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      inputMode={question.floatingNumber ? 'decimal' : 'numeric'}
      // "-5" stays "-5" on a right-to-left page (issue 18 item 6).
      dir="ltr"
      maxLength={String(FORM_LIMITS.numberBound).length + 12}
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value.replace(pattern, '')))}
      onBlur={onBlur}
      style={WIDTH}
    />
  );
}
