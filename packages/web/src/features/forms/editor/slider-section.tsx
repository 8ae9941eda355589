import { Button, Group, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../builder/issues';
import { LocalizedInput } from '../builder/localized-input';
import type { SectionProps } from './question-editor';

const toNumber = (v: string | number) => (v === '' ? null : Number(v));

/** Spec 001 §3 SLIDER: the required integer range. */
export function SliderSection({ question, update, issues }: SectionProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={2}>
      <NumberInput
        label={t('FORMS.EDITOR.MIN_VALUE')}
        withAsterisk
        allowDecimal={false}
        value={question.minValue ?? ''}
        onChange={(v) => update((q) => ({ ...q, minValue: toNumber(v) }))}
        error={fieldError(t, issues, ['minValue'])}
      />
      <NumberInput
        label={t('FORMS.EDITOR.MAX_VALUE')}
        withAsterisk
        allowDecimal={false}
        value={question.maxValue ?? ''}
        onChange={(v) => update((q) => ({ ...q, maxValue: toNumber(v) }))}
        error={fieldError(t, issues, ['maxValue'])}
      />
    </SimpleGrid>
  );
}

/** Spec 001 §3 SLIDER_SETTINGS: end labels, step texts and the numeric rating scale. */
export function SliderSettings({ question, update }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Switch
        label={t('FORMS.EDITOR.NUMERIC_SCALE')}
        checked={question.numericRatingScale}
        onChange={(e) => update((q) => ({ ...q, numericRatingScale: e.currentTarget.checked }))}
      />
      <Switch
        label={t('FORMS.EDITOR.CUSTOM_LABELS')}
        checked={question.customLabels}
        onChange={(e) => update((q) => ({ ...q, customLabels: e.currentTarget.checked }))}
      />
      {question.customLabels && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LocalizedInput
            label={t('FORMS.EDITOR.LEFT_LABEL')}
            value={question.leftLabel}
            onChange={(v) => update((q) => ({ ...q, leftLabel: v }))}
          />
          <LocalizedInput
            label={t('FORMS.EDITOR.RIGHT_LABEL')}
            value={question.rightLabel}
            onChange={(v) => update((q) => ({ ...q, rightLabel: v }))}
          />
        </SimpleGrid>
      )}
      {question.sliderTexts.map((text, i) => (
        <LocalizedInput
          // biome-ignore lint/suspicious/noArrayIndexKey: slider texts are positional
          key={i}
          label={t('FORMS.EDITOR.SLIDER_TEXT', { n: i + 1 })}
          value={text}
          onChange={(v) =>
            update((q) => ({ ...q, sliderTexts: q.sliderTexts.map((s, j) => (j === i ? v : s)) }))
          }
        />
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => update((q) => ({ ...q, sliderTexts: [...q.sliderTexts, {}] }))}
        >
          {t('FORMS.EDITOR.ADD_SLIDER_TEXT')}
        </Button>
      </Group>
    </Stack>
  );
}
