import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Stack } from '@mantine/core';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Possibility } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuilderContext } from '../builder/context';
import { ImageUpload } from '../builder/image-upload';
import { fieldError } from '../builder/issues';
import { LocalizedInput } from '../builder/localized-input';
import { newPossibility } from '../builder/new-items';
import type { SectionProps } from './question-editor';
import { ShowRulesDialog } from './show-rules-dialog';

/** Spec 001 §3/§5 POSSIBILITIES: Enter adds "Possibility {n}"; image, score and inclusion per option. */
export function PossibilitiesSection({ question, update, issues, isStructureLocked }: SectionProps) {
  const { t } = useTranslation();
  const { builder, study, language } = useBuilderContext();
  const [ruleTarget, setRuleTarget] = useState<string | null>(null);
  const list = question.possibilities;
  const setAt = (id: string, change: (p: Possibility) => Possibility) =>
    update((q) => ({ ...q, possibilities: q.possibilities.map((p) => (p.id === id ? change(p) : p)) }));
  const add = () =>
    update((q) => ({
      ...q,
      possibilities: [
        ...q.possibilities,
        newPossibility(language, t('FORMS.EDITOR.POSSIBILITY_N', { n: q.possibilities.length + 1 })),
      ],
    }));
  const target = list.find((p) => p.id === ruleTarget);
  // Fixed lists (EQ-5D) and locked structure (spec 001 §4) keep their options.
  const canAdd = !question.fixedPossibilities && !isStructureLocked;

  return (
    <Stack gap="xs" data-testid="possibilities">
      {list.map((p, i) => (
        <Paper key={p.id} withBorder p="xs" data-testid="possibility-row">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <div style={{ flex: '1 1 14rem' }}>
              <LocalizedInput
                label={t('FORMS.EDITOR.POSSIBILITY', { n: i + 1 })}
                value={p.possibility}
                onChange={(v) => setAt(p.id, (x) => ({ ...x, possibility: v }))}
                onEnter={canAdd ? add : undefined}
                error={fieldError(t, issues, ['possibilities', i, 'possibility'], true)}
                testId="possibility-text"
              />
            </div>
            <NumberInput
              label={t('FORMS.EDITOR.SCORE_VALUE')}
              w={110}
              value={p.scoreValue ?? ''}
              onChange={(v) => setAt(p.id, (x) => ({ ...x, scoreValue: v === '' ? null : Number(v) }))}
            />
            {builder.form.inclusion && (
              <Checkbox
                label={t('FORMS.EDITOR.REQ_FOR_INCLUSION')}
                checked={p.reqForInclusion}
                onChange={(e) => setAt(p.id, (x) => ({ ...x, reqForInclusion: e.currentTarget.checked }))}
                mb={8}
              />
            )}
            <ActionIcon
              variant="light"
              mb={4}
              aria-label={t('FORMS.SHOW_RULES.EDIT')}
              onClick={() => setRuleTarget(p.id)}
              color={p.showRules.length > 0 ? 'blue' : 'gray'}
            >
              <IconEye size={16} />
            </ActionIcon>
            {canAdd && (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('FORMS.ACTIONS.REMOVE')}
                onClick={() =>
                  update((q) => ({ ...q, possibilities: q.possibilities.filter((x) => x.id !== p.id) }))
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
          {question.posImage && (
            <ImageUpload
              studyId={study.id}
              label={t('FORMS.IMAGE.UPLOAD')}
              value={p.image}
              onChange={(image) => setAt(p.id, (x) => ({ ...x, image }))}
            />
          )}
        </Paper>
      ))}
      {fieldError(t, issues, ['possibilities']) && (
        <div style={{ color: 'var(--mantine-color-red-6)', fontSize: 'var(--mantine-font-size-xs)' }}>
          {fieldError(t, issues, ['possibilities'])}
        </div>
      )}
      {canAdd && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          w="fit-content"
          data-testid="add-possibility"
        >
          {t('FORMS.EDITOR.ADD_POSSIBILITY')}
        </Button>
      )}
      {target && (
        <ShowRulesDialog
          opened
          onClose={() => setRuleTarget(null)}
          target={{ question: question.id, possibility: target.id }}
          rules={target.showRules}
          onChange={(rules) => setAt(target.id, (x) => ({ ...x, showRules: rules }))}
        />
      )}
    </Stack>
  );
}
