import { FORM_LIMITS } from '@trialbase/domain';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';

/** TEXT_SENTENCE: one line; length limits are checked by the domain (spec 001 §5). */
export function TextSentenceQuestion({
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
      type="text"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      maxLength={Math.min(question.maxLength ?? FORM_LIMITS.textLengthCap, FORM_LIMITS.textLengthCap)}
      dir="auto"
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
      onBlur={onBlur}
    />
  );
}
