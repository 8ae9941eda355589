import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../builder/issues';
import type { SectionProps } from './question-editor';
import { ShowRulesDialog } from './show-rules-dialog';

/** Spec 001 §3 SHOW_RULES: the question-level show rules, edited in the show-rule dialog. */
export function QuestionShowRules({ question, update, issues }: SectionProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  // The dialog keeps unfinished rows; only complete rows are stored by the domain check on save.
  const error = fieldError(t, issues, ['showRules'], true);
  return (
    <>
      <Group justify="space-between">
        <Text size="sm">{t('FORMS.SHOW_RULES.COUNT', { count: question.showRules.length })}</Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={14} />}
          onClick={open}
          data-testid="edit-show-rules"
        >
          {t('FORMS.SHOW_RULES.EDIT')}
        </Button>
      </Group>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <ShowRulesDialog
        opened={opened}
        onClose={close}
        target={{ question: question.id }}
        rules={question.showRules}
        onChange={(rules) => update((q) => ({ ...q, showRules: rules }))}
      />
    </>
  );
}
