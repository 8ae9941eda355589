import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';
import { StudyDateInput } from './study-date-input';

const WIDTH = { maxInlineSize: 220 } as const;

/**
 * DATE: shown and typed in the study's date format (spec 000 §9, DD-MM-YYYY by default), stored as
 * ISO "YYYY-MM-DD"; not before 1901-01-01 (spec 001 §5 "Other", checked by the domain).
 */
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
    <StudyDateInput
      kind="date"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      value={textOf(answer)}
      onChange={(value) => onChange(withText(answer, value))}
      onBlur={onBlur}
      style={WIDTH}
    />
  );
}
