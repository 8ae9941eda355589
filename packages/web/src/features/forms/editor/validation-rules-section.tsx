import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { listRuleOperators, readEmbeddedRules, type ValidationRule } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, useBuilderContext } from '../builder/context';
import { newEmbeddedRule } from './embedded-rules';
import type { SectionProps } from './question-editor';
import { RuleForm } from './rule-form';

/** Spec 001 §2 validation rules inside a question: list with delete (confirmed) and the add form. */
export function ValidationRulesSection({ question, update }: SectionProps) {
  const { t } = useTranslation();
  const { builder, language } = useBuilderContext();
  const [draft, setDraft] = useState<ValidationRule | null>(null);
  if (listRuleOperators(question.type).length === 0) return null;
  const rules = readEmbeddedRules(question);
  const handleDelete = (index: number) =>
    modals.openConfirmModal({
      title: t('FORMS.RULES.DELETE_TITLE'),
      children: <Text size="sm">{t('FORMS.RULES.DELETE_TEXT')}</Text>,
      labels: { confirm: t('FORMS.ACTIONS.DELETE'), cancel: t('FORMS.ACTIONS.CANCEL') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        update((q) => ({ ...q, validationRules: q.validationRules.filter((_, i) => i !== index) })),
    });
  const describe = (rule: ValidationRule) => {
    const right = rule.rightOperant;
    const value =
      right.type === 'DATE_REF'
        ? t(`FORMS.RULES.DATES.${right.referenceDate ?? 'fillout'}`)
        : right.type === 'CONST_POS'
          ? right.possibilities.join(', ')
          : String(right.duration ?? right.value ?? '');
    return `${t(`FORMS.RULES.OPERATORS.${rule.operator ?? 'eq'}`)} ${value}`;
  };
  return (
    <Stack gap="xs" data-testid="validation-rules">
      <Text fw={600} size="sm">
        {t('FORMS.RULES.TITLE')}
      </Text>
      {rules.map((rule, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: embedded rules have no id before the save
        <Paper key={i} withBorder p="xs" data-testid="validation-rule">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Group gap="xs">
                <Badge color={rule.action.type === 'BLOCK' ? 'red' : 'yellow'}>
                  {t(`FORMS.RULES.ACTIONS.${rule.action.type ?? 'BLOCK'}`)}
                </Badge>
                <Text size="sm">{describe(rule)}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {textIn(rule.action.message, language)}
              </Text>
              {rule.comment && (
                <Text size="xs" c="dimmed">
                  {rule.comment}
                </Text>
              )}
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('FORMS.ACTIONS.DELETE')}
              onClick={() => handleDelete(i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {draft ? (
        <RuleForm
          question={question}
          rule={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onAdd={(rule) => {
            update((q) => ({ ...q, validationRules: [...q.validationRules, rule] }));
            setDraft(null);
          }}
        />
      ) : (
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          data-testid="new-validation-rule"
          onClick={() => setDraft(newEmbeddedRule(builder.form, question, undefined))}
        >
          {t('FORMS.RULES.NEW')}
        </Button>
      )}
    </Stack>
  );
}
