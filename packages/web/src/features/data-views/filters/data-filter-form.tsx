import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Tooltip } from '@mantine/core';
import { IconFilter, IconInfoCircle, IconRestore } from '@tabler/icons-react';
import type { DataFilterKind, DataFilterOptions, LocalizedText } from '@trialbase/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText, toPlainText } from '../../forms/renderer/text';
import {
  choicesFor,
  EMPTY_DRAFT,
  FIELDS_OF_KIND,
  type FilterDraft,
  type FilterField,
  isComplete,
  withField,
  withKind,
} from './filter-model';

const FIELD_KEYS = {
  siteId: 'SITE',
  processId: 'PATHWAY',
  dataEventId: 'DATA_EVENT',
  formId: 'FORM',
  questionId: 'QUESTION',
  possibilityId: 'POSSIBILITY',
} as const satisfies Record<FilterField, string>;

/** Plain text of an authored text in the reader's language. */
export function useAuthoredText() {
  const { i18n } = useTranslation();
  return (text: LocalizedText | Record<string, string | undefined> | null | undefined) =>
    toPlainText(pickText(text as LocalizedText, i18n.language));
}

type DataFilterFormProps = {
  options: DataFilterOptions;
  /** The kinds of filter offered besides none (001 §2: population three, monitor six). */
  kinds: readonly Exclude<DataFilterKind, 'NONE'>[];
  /** The draft applied last (the form starts from it). */
  applied: FilterDraft;
  onApply: (draft: FilterDraft) => void;
  testId: string;
};

/**
 * Spec 001 §2 data filter forms: choose what to filter by, then the cascading selects of that
 * kind (choosing one clears those after it; each waits for the one before); Apply once every
 * select is chosen; the reset icon goes back to no filter.
 */
export function DataFilterForm({ options, kinds, applied, onApply, testId }: DataFilterFormProps) {
  const { t } = useTranslation(['common', 'data-views']);
  const text = useAuthoredText();
  const [draft, setDraft] = useState<FilterDraft>(applied);
  const choices = choicesFor(options, draft, { text });
  const fields = FIELDS_OF_KIND[draft.kind];
  const handleReset = () => {
    setDraft(EMPTY_DRAFT);
    onApply(EMPTY_DRAFT);
  };
  return (
    <FilterCard
      testId={testId}
      canApply={isComplete(draft)}
      onApply={() => onApply(draft)}
      onReset={handleReset}
    >
      <Select
        label={t('DATA_VIEWS.FILTER.KIND')}
        data={[
          { value: 'NONE', label: t('DATA_VIEWS.FILTER.KINDS.NONE') },
          ...kinds.map((kind) => ({ value: kind, label: t(`DATA_VIEWS.FILTER.KINDS.${kind}`) })),
        ]}
        value={draft.kind}
        onChange={(value) => value && setDraft(withKind(draft, value as DataFilterKind))}
        allowDeselect={false}
        data-testid={`${testId}-kind`}
      />
      {fields.map((field, index) => {
        const previous = fields[index - 1];
        return (
          <Select
            key={field}
            label={t(`DATA_VIEWS.FILTER.FIELDS.${FIELD_KEYS[field]}`)}
            placeholder={t('DATA_VIEWS.FILTER.CHOOSE')}
            data={choices[field]}
            value={draft[field] || null}
            onChange={(value) => setDraft(withField(draft, field, value ?? ''))}
            disabled={previous !== undefined && draft[previous] === ''}
            searchable
            required
            nothingFoundMessage={t('DATA_VIEWS.FILTER.NOTHING')}
            comboboxProps={{ withinPortal: true }}
            data-testid={`${testId}-${field}`}
          />
        );
      })}
    </FilterCard>
  );
}

type FilterCardProps = {
  testId: string;
  canApply: boolean;
  onApply: () => void;
  onReset: () => void;
  children: ReactNode;
};

/** The frame of every data filter: its selects, the reset icon and the apply button (001 §2). */
export function FilterCard({ testId, canApply, onApply, onReset, children }: FilterCardProps) {
  const { t } = useTranslation(['common', 'data-views']);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      mb="md"
      component="form"
      aria-label={t('DATA_VIEWS.FILTER.TITLE')}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) onApply();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        {children}
      </SimpleGrid>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Tooltip label={t('DATA_VIEWS.FILTER.RESET')}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={onReset}
            aria-label={t('DATA_VIEWS.FILTER.RESET')}
            data-testid={`${testId}-reset`}
          >
            <IconRestore size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button
          type="submit"
          leftSection={<IconFilter size={16} aria-hidden />}
          disabled={!canApply}
          data-testid={`${testId}-apply`}
        >
          {t('DATA_VIEWS.FILTER.APPLY')}
        </Button>
      </Group>
    </Paper>
  );
}

/** 001 §2: "a notice says when no sites or pathways exist". */
export function SetupNotice({ hasSites, hasProcesses }: { hasSites: boolean; hasProcesses: boolean }) {
  const { t } = useTranslation(['common', 'data-views']);
  if (hasSites && hasProcesses) return null;
  const key = !hasSites && !hasProcesses ? 'NONE' : hasSites ? 'NO_PROCESSES' : 'NO_SITES';
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconInfoCircle size={18} aria-hidden />}
      data-testid="setup-notice"
    >
      {t(`DATA_VIEWS.SETUP_NOTICE.${key}`)}
    </Alert>
  );
}
