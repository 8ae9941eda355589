import type { QuestionInputProps } from '../question-props';
import { useRendererText } from '../renderer-text';

/** CALCULATED: the live result of the formula, read-only (spec 001 §5, 002 §5 calculated answers). */
export function CalculatedQuestion({ calculated, labelId, inputId, describedBy }: QuestionInputProps) {
  const t = useRendererText();
  // The domain already rounded to the question's decimals (spec 002 §5).
  const text = calculated === null ? '' : String(calculated);
  return (
    <div>
      <output id={inputId} aria-labelledby={labelId} aria-describedby={describedBy} aria-live="polite">
        <span className="tb-calculated" dir="ltr">
          {text}
        </span>
      </output>
      {calculated === null && <div className="tb-q-help">{t('RENDERER.CALCULATED.PENDING')}</div>}
    </div>
  );
}
