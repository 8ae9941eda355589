import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';
import { StudyDateInput } from './study-date-input';

const WIDTH = { maxInlineSize: 260 } as const;

/**
 * DATE_TIME: shown and typed as the study's date order with HH:mm (spec 000 §9, "DD-MM-YYYY HH:mm"
 * by default), stored as "YYYY-MM-DDTHH:mm" in the filler's zone; not before 1901-01-01 (spec 001 §5).
 */
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
    <StudyDateInput
      kind="date-time"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      value={textOf(answer)}
      onChange={(value) => onChange(withText(answer, value))}
      onBlur={onBlur}
      style={WIDTH}
    />
  );
}
