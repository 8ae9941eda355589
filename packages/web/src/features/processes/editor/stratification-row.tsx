import { ActionIcon, Group, Select } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { QuestionStratification } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useFormTemplate } from '../../forms/api';
import { fieldError } from '../issues';
import { displayText } from '../localized';
import { useEditorContext } from './context';
import { isNewEvent } from './draft';

type StratificationRowProps = { index: number; value: QuestionStratification; isDisabled: boolean };

/** Spec 001 §3 question stratification: a saved data event, one of its forms, one of its questions. */
export function StratificationRow({ index, value, isDisabled }: StratificationRowProps) {
  const { t } = useTranslation();
  const { editor, forms, study, language } = useEditorContext();
  const { draft } = editor;
  const form = useFormTemplate(study.id, value.form ?? undefined);
  const path = ['questionStratifications', index];
  const err = (field: string) => fieldError(t, editor.issues, [...path, field]);
  const event = draft.dataEvents.find((e) => e.id === value.dataEvent);
  const eventForms = event ? [...event.forms, ...event.optionalForms] : [];
  const change = (patch: Partial<QuestionStratification>) =>
    editor.update((p) => ({
      ...p,
      questionStratifications: p.questionStratifications.map((s, i) =>
        i === index ? { ...s, ...patch } : s,
      ),
    }));
  return (
    <Group align="flex-start" gap="xs" wrap="wrap" data-testid="stratification">
      <Select
        label={t('PROCESSES.RANDOMIZATION.DATA_EVENT')}
        description={t('PROCESSES.RANDOMIZATION.SAVED_EVENTS_ONLY')}
        data={draft.dataEvents
          .filter((e) => !isNewEvent(e))
          .map((e) => ({ value: e.id, label: displayText(e.name, language, study.primaryLanguage) || e.id }))}
        value={value.dataEvent ?? null}
        disabled={isDisabled}
        onChange={(v) => change({ dataEvent: v, form: null, question: null })}
        error={err('dataEvent')}
        style={{ flex: '1 1 12rem' }}
      />
      <Select
        label={t('PROCESSES.RANDOMIZATION.FORM')}
        data={forms.filter((f) => eventForms.includes(f.value))}
        value={value.form ?? null}
        disabled={isDisabled || !event}
        onChange={(v) => change({ form: v, question: null })}
        error={err('form')}
        style={{ flex: '1 1 12rem' }}
      />
      <Select
        label={t('PROCESSES.RANDOMIZATION.QUESTION')}
        data={(form.data?.questions ?? []).map((q) => ({
          value: q.id,
          label: `${q.order}. ${displayText(q.question, language, study.primaryLanguage).replace(/<[^>]*>/g, '')}`,
        }))}
        value={value.question ?? null}
        disabled={isDisabled || !value.form}
        onChange={(v) => change({ question: v })}
        error={err('question')}
        style={{ flex: '1 1 12rem' }}
      />
      <ActionIcon
        mt={48}
        size="lg"
        variant="subtle"
        color="red"
        aria-label={t('PROCESSES.RANDOMIZATION.REMOVE_STRATIFICATION')}
        disabled={isDisabled}
        onClick={() =>
          editor.update((p) => ({
            ...p,
            questionStratifications: p.questionStratifications.filter((_, i) => i !== index),
          }))
        }
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
