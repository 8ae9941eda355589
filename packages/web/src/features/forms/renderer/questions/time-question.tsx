import { normalizeTime, parseTimeInput } from '@trialbase/domain';
import { fieldAria, type QuestionInputProps, textOf, withText } from '../question-props';
import { useRendererText } from '../renderer-text';

const WIDTH = { maxInlineSize: 140 } as const;

/** TIME: "HH:mm"; on leaving the field hours above 23 cap to 23:59 and negatives to 00:00 (spec 001 §5). */
export function TimeQuestion({
  question,
  answer,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const t = useRendererText();
  const handleBlur = () => {
    const parts = parseTimeInput(textOf(answer));
    if (parts) onChange(withText(answer, normalizeTime(parts.hours, parts.minutes)));
    onBlur();
  };
  return (
    <input
      type="text"
      {...fieldAria({ inputId, labelId, describedBy, isInvalid, isRequired: question.required })}
      placeholder={t('RENDERER.TIME.PLACEHOLDER')}
      inputMode="numeric"
      maxLength={6}
      dir="ltr"
      value={textOf(answer)}
      onChange={(event) => onChange(withText(answer, event.currentTarget.value.replace(/[^0-9:-]/g, '')))}
      onBlur={handleBlur}
      style={WIDTH}
    />
  );
}
