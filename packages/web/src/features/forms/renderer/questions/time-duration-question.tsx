import { Group, NumberInput } from '@mantine/core';
import { normalizeDuration, parseDuration } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { type QuestionInputProps, textOf, withText } from '../question-props';

/** TIME_DURATION: hours and minutes, stored as "hours-minutes" with minutes carried over (DESIGN.md durations). */
export function TimeDurationQuestion({
  answer,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const { t } = useTranslation();
  const parts = parseDuration(textOf(answer));
  const hours = parts?.hours ?? '';
  const minutes = parts?.minutes ?? '';
  const handleChange = (nextHours: number | string, nextMinutes: number | string) => {
    if (nextHours === '' && nextMinutes === '') return onChange(withText(answer, ''));
    onChange(withText(answer, normalizeDuration(Number(nextHours || 0), Number(nextMinutes || 0))));
  };
  return (
    <Group gap="sm" role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <NumberInput
        id={inputId}
        label={t('RENDERER.DURATION.HOURS')}
        aria-invalid={isInvalid}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={hours}
        onChange={(value) => handleChange(value, minutes)}
        onBlur={onBlur}
        w={120}
      />
      <NumberInput
        label={t('RENDERER.DURATION.MINUTES')}
        aria-invalid={isInvalid}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={minutes}
        onChange={(value) => handleChange(hours, value)}
        onBlur={onBlur}
        w={120}
      />
    </Group>
  );
}
