import { type QuestionInputProps, textOf, withText } from '../question-props';
import { useRendererText } from '../renderer-text';

/** CHECKBOX: one box; checked is "true", unchecked clears the answer (spec 001 §3). */
export function CheckboxQuestion({
  answer,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const t = useRendererText();
  return (
    <label className="tb-choice">
      <input
        type="checkbox"
        id={inputId}
        checked={textOf(answer) === 'true'}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={isInvalid}
        onChange={(event) => onChange(withText(answer, event.currentTarget.checked ? 'true' : ''))}
        onBlur={onBlur}
      />
      <span>{t('RENDERER.CHECKED')}</span>
    </label>
  );
}
