import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { isChoiceQuestionType } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../builder/issues';
import { LocalizedInput } from '../builder/localized-input';
import type { SectionProps } from './question-editor';

/** Spec 001 §3 ADVANCED_OPTIONS: skip, help text, export label, layout of possibilities. */
export function AdvancedOptions({ question, update, issues }: SectionProps) {
  const { t } = useTranslation();
  const isChoice = isChoiceQuestionType(question.type);
  const flag = (key: 'canSkip' | 'isHorizontal' | 'isDropdown' | 'posImage', label: string) => (
    <Switch
      label={label}
      checked={question[key]}
      onChange={(e) => update((q) => ({ ...q, [key]: e.currentTarget.checked }))}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LocalizedInput
          label={t('FORMS.EDITOR.HELP_TEXT')}
          value={question.helpText}
          onChange={(v) => update((q) => ({ ...q, helpText: v }))}
        />
        <TextInput
          label={t('FORMS.EDITOR.EXPORT_LABEL')}
          value={question.exportLabel ?? ''}
          onChange={(e) => update((q) => ({ ...q, exportLabel: e.currentTarget.value }))}
          error={fieldError(t, issues, ['exportLabel'])}
        />
      </SimpleGrid>
      {flag('canSkip', t('FORMS.EDITOR.CAN_SKIP'))}
      {question.canSkip && (
        <LocalizedInput
          label={t('FORMS.EDITOR.SKIP_TEXT')}
          value={question.skipText}
          onChange={(v) => update((q) => ({ ...q, skipText: v }))}
        />
      )}
      {isChoice && flag('isHorizontal', t('FORMS.EDITOR.HORIZONTAL'))}
      {question.type === 'MULTIPLE_CHOICE' && flag('isDropdown', t('FORMS.EDITOR.DROPDOWN'))}
      {isChoice && flag('posImage', t('FORMS.EDITOR.POSSIBILITY_IMAGES'))}
    </Stack>
  );
}
