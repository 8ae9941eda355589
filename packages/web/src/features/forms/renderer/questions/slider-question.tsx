import { Button, Group, Slider, Stack, Text, UnstyledButton } from '@mantine/core';
import { parseNumberAnswer } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { type QuestionInputProps, textOf, withText } from '../question-props';
import { pickText } from '../text';
import classes from './slider-question.module.css';

const END_LABEL = { overflowWrap: 'anywhere' } as const;

/** SLIDER: minValue..maxValue (default 0..100) with end labels, or a numeric rating scale of buttons (spec 001 §3, §5). */
export function SliderQuestion({
  question,
  answer,
  language,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const { t } = useTranslation();
  const min = question.minValue ?? 0;
  const max = question.maxValue ?? (question.numericRatingScale ? 10 : 100);
  const step = question.floatingNumber ? 0.1 : 1;
  const value = parseNumberAnswer(textOf(answer), true);
  const left = question.customLabels ? pickText(question.leftLabel, language) : '';
  const right = question.customLabels ? pickText(question.rightLabel, language) : '';
  const texts = question.sliderTexts.map((text) => pickText(text, language));
  const ends = (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" maw="50%" dir="auto" style={END_LABEL}>
        {left || min}
      </Text>
      <Text size="sm" c="dimmed" ta="end" maw="50%" dir="auto" style={END_LABEL}>
        {right || max}
      </Text>
    </Group>
  );
  if (question.numericRatingScale && max - min <= 20) {
    const levels = Array.from({ length: Math.floor(max - min) + 1 }, (_, i) => min + i);
    return (
      <Stack gap={4}>
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          className={classes.scale}
        >
          {levels.map((level) => (
            <UnstyledButton
              key={level}
              role="radio"
              aria-checked={value === level}
              data-checked={value === level || undefined}
              className={classes.level}
              onClick={() => onChange(withText(answer, value === level ? '' : String(level)))}
              onBlur={onBlur}
            >
              {level}
            </UnstyledButton>
          ))}
        </div>
        {ends}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {ends}
      <Slider
        id={inputId}
        min={min}
        max={max}
        step={step}
        value={value ?? min}
        color={value === null ? 'gray' : 'blue'}
        thumbProps={{
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          'aria-invalid': isInvalid,
        }}
        onChange={(next) => onChange(withText(answer, String(next)))}
        onChangeEnd={onBlur}
        // Issue 18 item 7: no value bubble over the end labels; the value is the line below.
        label={null}
        marks={texts.map((_, i, all) => ({ value: min + ((max - min) * i) / Math.max(all.length - 1, 1) }))}
      />
      {/* Issue 18 item 7: the slider texts under the track in a grid of their own, wrapping in
          their cell, the first at the start and the last at the end: Mantine's mark labels are
          centred on the ends and ran past the box (and the screen) at 320 px. */}
      {texts.some((text) => text) && (
        <div
          className={classes.texts}
          style={{ gridTemplateColumns: `repeat(${texts.length}, minmax(0, 1fr))` }}
        >
          {texts.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: slider texts are positions on the scale
            <Text key={i} size="sm" c="dimmed" className={classes.text}>
              <bdi>{text}</bdi>
            </Text>
          ))}
        </div>
      )}
      <Group gap="sm">
        <Text size="sm" aria-live="polite">
          {value === null ? t('RENDERER.SLIDER.NOT_SET') : t('RENDERER.SLIDER.VALUE', { value })}
        </Text>
        {value !== null && (
          <Button variant="subtle" size="compact-xs" onClick={() => onChange(withText(answer, ''))}>
            {t('RENDERER.SLIDER.CLEAR')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
