import { NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { Question } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../builder/issues';
import type { SectionProps } from './question-editor';

type RangeKey = 'minValue' | 'maxValue' | 'minLength' | 'maxLength' | 'minAnswer' | 'maxAnswer';

const LABELS = {
  minValue: 'FORMS.EDITOR.MIN_VALUE',
  maxValue: 'FORMS.EDITOR.MAX_VALUE',
  minLength: 'FORMS.EDITOR.MIN_LENGTH',
  maxLength: 'FORMS.EDITOR.MAX_LENGTH',
  minAnswer: 'FORMS.EDITOR.MIN_ANSWER',
  maxAnswer: 'FORMS.EDITOR.MAX_ANSWER',
} as const;

function keysFor(type: Question['type']): [RangeKey, RangeKey] | null {
  if (type === 'NUMBER') return ['minValue', 'maxValue'];
  if (type === 'TEXT_SENTENCE' || type === 'TEXT_FREE') return ['minLength', 'maxLength'];
  if (type === 'MULTIPLE_RESPONSE') return ['minAnswer', 'maxAnswer'];
  return null;
}

/** Spec 001 §5: decimal switch, min/max values, text lengths and answer counts, checked by the domain. */
export function RangeSection({ question, update, issues }: SectionProps) {
  const { t } = useTranslation();
  const keys = keysFor(question.type);
  if (!keys) return null;
  const isDecimal = question.type === 'NUMBER' && question.floatingNumber;
  return (
    <Stack gap="sm">
      {question.type === 'NUMBER' && (
        <Switch
          label={t('FORMS.EDITOR.DECIMAL')}
          checked={question.floatingNumber}
          onChange={(e) => update((q) => ({ ...q, floatingNumber: e.currentTarget.checked }))}
          data-testid="decimal-switch"
        />
      )}
      <SimpleGrid cols={2}>
        {keys.map((key) => (
          <NumberInput
            key={key}
            label={t(LABELS[key])}
            allowDecimal={isDecimal}
            value={question[key] ?? ''}
            onChange={(v) => update((q) => ({ ...q, [key]: v === '' ? null : Number(v) }))}
            error={fieldError(t, issues, [key])}
            data-testid={`range-${key}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
