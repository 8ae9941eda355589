import { Button, Collapse, Group, MultiSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  ACCESS_MANAGE_PERMISSION,
  accessEndpoints,
  processEndpoints,
  QUERY_SEARCH_MAX_LENGTH,
  QUERY_STATUSES,
  QUERY_TEXT_MAX_LENGTH,
  type QueryFilter,
  type QueryStatus,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyAbilities } from '../../app/abilities';
import { call } from '../../app/http';
import { accessKeys } from '../access/api';
import { useSession } from '../auth/api';
import { pickText, toPlainText } from '../forms/renderer/text';
import { useProcessForms, useProcessList } from '../processes/api';
import { useSites } from '../sites/api';

type Option = { value: string; label: string };

/** Spec 001 §2 filter choices: raisers, sites, data events and forms the caller may list. */
export function useFilterOptions(studyId: string, abilities: StudyAbilities, language: string) {
  const { t } = useTranslation();
  const session = useSession();
  const sites = useSites(studyId, { secondary: true });
  const access = useQuery({
    queryKey: accessKeys.list(studyId),
    queryFn: ({ signal }) => call(accessEndpoints.list, { params: { studyId }, signal }),
    enabled: abilities.can(ACCESS_MANAGE_PERMISSION),
    meta: { secondary: true },
  });
  const processes = useProcessList(studyId, { enabled: abilities.can('PATHWAY_LIST'), secondary: true });
  const forms = useProcessForms(studyId, {
    enabled: abilities.can('QUESTIONNAIRE_TEMPLATE_LIST'),
    secondary: true,
  });
  const details = useQueries({
    queries: (processes.data ?? []).map((p) => ({
      queryKey: ['processes', studyId, 'detail', p.id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(processEndpoints.get, { params: { studyId, id: p.id }, signal }),
      enabled: abilities.can('PATHWAY_VIEW'),
      meta: { secondary: true },
    })),
  });
  const me = session.data?.user;
  const createdBy: Option[] = [];
  if (me) createdBy.push({ value: me.id, label: t('QUERIES.LIST.ME') });
  for (const entry of access.data?.items ?? []) {
    if (entry.userId && entry.userId !== me?.id) {
      createdBy.push({ value: entry.userId, label: entry.name ?? entry.email });
    }
  }
  const dataEvents: Option[] = [];
  for (const detail of details) {
    for (const event of detail.data?.dataEvents ?? []) {
      if (!dataEvents.some((o) => o.value === event.id)) {
        dataEvents.push({ value: event.id, label: pickText(event.name, language) || event.id });
      }
    }
  }
  return {
    createdBy,
    sites: (sites.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name })),
    dataEvents,
    forms: (forms.data ?? []).map((f) => ({
      value: f.id,
      label: toPlainText(pickText(f.title, language)) || f.id,
    })),
  };
}

export type FilterOptions = ReturnType<typeof useFilterOptions>;

/** The filter as the form edits it: empty strings and lists mean "any". */
export type FilterDraft = {
  createdBy: string[];
  statuses: QueryStatus[];
  subject: string;
  sites: string[];
  dataEvents: string[];
  forms: string[];
  queryText: string;
};

export const EMPTY_FILTER: FilterDraft = {
  createdBy: [],
  statuses: [],
  subject: '',
  sites: [],
  dataEvents: [],
  forms: [],
  queryText: '',
};

/** The request's filter fields: only those set. */
export function toQueryFilter(draft: FilterDraft): QueryFilter {
  const filter: QueryFilter = {};
  if (draft.createdBy.length > 0) filter.createdBy = draft.createdBy;
  if (draft.statuses.length > 0) filter.statuses = draft.statuses;
  if (draft.subject.trim()) filter.subject = draft.subject.trim();
  if (draft.sites.length > 0) filter.sites = draft.sites;
  if (draft.dataEvents.length > 0) filter.dataEvents = draft.dataEvents;
  if (draft.forms.length > 0) filter.forms = draft.forms;
  if (draft.queryText.trim()) filter.queryText = draft.queryText.trim();
  return filter;
}

type QueryFilterPanelProps = {
  value: FilterDraft;
  options: FilterOptions;
  onApply: (filter: FilterDraft) => void;
};

/** Spec 001 §2 query list: the collapsible filter section (apply and reset). */
export function QueryFilterPanel({ value, options, onApply }: QueryFilterPanelProps) {
  const { t } = useTranslation();
  // Open on wide screens; on a phone the list comes first and the filter opens on demand.
  const [isOpen, setOpen] = useState(() => !window.matchMedia('(max-width: 48em)').matches);
  const [draft, setDraft] = useState<FilterDraft>(value);
  const set = <K extends keyof FilterDraft>(key: K, next: FilterDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: next }));

  return (
    <Paper withBorder radius="md" p="sm" mb="md" component="section" aria-label={t('QUERIES.LIST.FILTER')}>
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setOpen((open) => !open)}
          aria-expanded={isOpen}
          data-testid="query-filter-toggle"
        >
          {isOpen ? t('QUERIES.LIST.HIDE_FILTER') : t('QUERIES.LIST.SHOW_FILTER')}
        </Button>
      </Group>
      <Collapse expanded={isOpen}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onApply(draft);
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" mt="xs">
            <MultiSelect
              label={t('QUERIES.LIST.STATUSES')}
              data={QUERY_STATUSES.map((s) => ({ value: s, label: t(`QUERIES.STATUS.${s}`) }))}
              value={draft.statuses}
              onChange={(next) => set('statuses', next as QueryStatus[])}
              clearable
              data-testid="query-filter-statuses"
            />
            <MultiSelect
              label={t('QUERIES.LIST.SITES')}
              data={options.sites}
              value={draft.sites}
              onChange={(next) => set('sites', next)}
              searchable
              clearable
              data-testid="query-filter-sites"
            />
            <TextInput
              label={t('QUERIES.LIST.SUBJECT')}
              placeholder={t('QUERIES.LIST.SUBJECT_PLACEHOLDER')}
              value={draft.subject}
              onChange={(event) => set('subject', event.currentTarget.value)}
              maxLength={QUERY_SEARCH_MAX_LENGTH}
              data-testid="query-filter-subject"
            />
            <MultiSelect
              label={t('QUERIES.LIST.CREATED_BY')}
              data={options.createdBy}
              value={draft.createdBy}
              onChange={(next) => set('createdBy', next)}
              searchable
              clearable
              data-testid="query-filter-created-by"
            />
            <MultiSelect
              label={t('QUERIES.LIST.DATA_EVENTS')}
              data={options.dataEvents}
              value={draft.dataEvents}
              onChange={(next) => set('dataEvents', next)}
              searchable
              clearable
              disabled={options.dataEvents.length === 0}
              data-testid="query-filter-data-events"
            />
            <MultiSelect
              label={t('QUERIES.LIST.FORMS')}
              data={options.forms}
              value={draft.forms}
              onChange={(next) => set('forms', next)}
              searchable
              clearable
              disabled={options.forms.length === 0}
              data-testid="query-filter-forms"
            />
            <TextInput
              label={t('QUERIES.LIST.QUERY_TEXT')}
              value={draft.queryText}
              onChange={(event) => set('queryText', event.currentTarget.value)}
              maxLength={QUERY_TEXT_MAX_LENGTH}
              data-testid="query-filter-text"
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs" mt="sm">
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                setDraft(EMPTY_FILTER);
                onApply(EMPTY_FILTER);
              }}
              data-testid="query-filter-reset"
            >
              {t('QUERIES.LIST.RESET')}
            </Button>
            <Button type="submit" data-testid="query-filter-apply">
              {t('QUERIES.LIST.APPLY')}
            </Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
