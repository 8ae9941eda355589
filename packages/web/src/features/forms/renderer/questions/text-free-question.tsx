import { FORM_LIMITS } from '@trialbase/domain';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';

/**
 * TEXT_FREE: several lines, at most 10000 characters (spec 001 §5, DESIGN.md). Sized by CSS
 * (`field-sizing: content`, else three lines the participant can enlarge), never measured from
 * script: Mantine's autosize forced a layout per field and render (issue 16 item 6).
 */
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
    <textarea
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      className="tb-input tb-textarea"
      dir="auto"
      rows={3}
      maxLength={Math.min(question.maxLength ?? FORM_LIMITS.textLengthCap, FORM_LIMITS.textLengthCap)}
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
      onBlur={onBlur}
    />
  );
}
