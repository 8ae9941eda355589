import { ActionIcon, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  isChoiceQuestionType,
  type ShowRule,
  type ShowRuleTarget,
  sortQuestionsByOrder,
  validateShowRule,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { textIn, useBuilderContext } from '../builder/context';
import { issueText } from '../builder/issues';

type ShowRulesDialogProps = {
  opened: boolean;
  onClose: () => void;
  target: ShowRuleTarget;
  rules: readonly ShowRule[];
  onChange: (rules: ShowRule[]) => void;
};

/** Spec 001 §2 show-rule dialog: rows of an earlier choice question plus its answers (OR between rows). */
export function ShowRulesDialog({ opened, onClose, target, rules, onChange }: ShowRulesDialogProps) {
  const { t } = useTranslation();
  const { builder, language } = useBuilderContext();
  const form = builder.form;
  const owner = form.questions.find((q) => q.id === target.question);
  const sources = sortQuestionsByOrder(form.questions).filter(
    (q) => owner && q.order < owner.order && isChoiceQuestionType(q.type),
  );
  const label = (text: Parameters<typeof textIn>[0], fallback: string) =>
    textIn(text, language).replace(/<[^>]*>/g, '') || fallback;
  const setRule = (i: number, rule: ShowRule) => onChange(rules.map((r, j) => (j === i ? rule : r)));

  return (
    <Modal opened={opened} onClose={onClose} title={t('FORMS.SHOW_RULES.TITLE')} size="lg">
      <Stack gap="md" data-testid="show-rules-dialog">
        {sources.length === 0 && <Text c="dimmed">{t('FORMS.SHOW_RULES.NO_SOURCES')}</Text>}
        {rules.map((rule, i) => {
          const source = form.questions.find((q) => q.id === rule.question);
          const issues = validateShowRule(form, { target, ...rule });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rules are positional rows
            <Stack key={i} gap={4} data-testid="show-rule-row">
              <Group align="flex-end" wrap="nowrap">
                <Select
                  label={t('FORMS.SHOW_RULES.QUESTION')}
                  data={sources.map((q) => ({ value: q.id, label: `${q.order}. ${label(q.question, '')}` }))}
                  value={rule.question || null}
                  onChange={(v) => setRule(i, { question: v ?? '', possibilities: [] })}
                  style={{ flex: 1 }}
                  data-testid="show-rule-question"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={t('FORMS.ACTIONS.REMOVE')}
                  onClick={() => onChange(rules.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {source && (
                <Group align="flex-end" wrap="nowrap">
                  <MultiSelect
                    label={t('FORMS.SHOW_RULES.ANSWERS')}
                    data={source.possibilities.map((p, n) => ({
                      value: p.id,
                      label: label(p.possibility, String(n + 1)),
                    }))}
                    value={rule.possibilities}
                    onChange={(v) => setRule(i, { ...rule, possibilities: v })}
                    style={{ flex: 1 }}
                    data-testid="show-rule-answers"
                  />
                  <Button
                    variant="default"
                    size="sm"
                    onClick={() =>
                      setRule(i, { ...rule, possibilities: source.possibilities.map((p) => p.id) })
                    }
                  >
                    {t('FORMS.SHOW_RULES.SELECT_ALL')}
                  </Button>
                </Group>
              )}
              {issues[0] && (
                <Text size="xs" c="red">
                  {issueText(t, issues[0])}
                </Text>
              )}
            </Stack>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={sources.length === 0}
            onClick={() => onChange([...rules, { question: '', possibilities: [] }])}
            data-testid="add-show-rule"
          >
            {t('FORMS.SHOW_RULES.ADD')}
          </Button>
          <Button onClick={onClose} data-testid="close-show-rules">
            {t('FORMS.ACTIONS.CLOSE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
