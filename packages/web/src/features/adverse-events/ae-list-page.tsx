import { Alert, Card, Group, Loader, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import { AE_OUTCOMES, AE_STATUSES, type AeListQuery, type AeOutcome, type AeStatus } from '@trialbase/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useAeDates } from './ae-dates';
import { AeTable } from './ae-table';
import { useAeList } from './api';

const FILTERS = ['siteId', 'subjectId', 'serious', 'status', 'outcome', 'overdue'] as const;

/** The list filters from the address, so a filtered list can be bookmarked and shared. */
function queryOf(params: URLSearchParams): AeListQuery {
  const query: AeListQuery = {};
  const site = params.get('siteId');
  const subject = params.get('subjectId');
  const serious = params.get('serious');
  const status = params.get('status');
  const outcome = params.get('outcome');
  if (site) query.siteId = site;
  if (subject) query.subjectId = subject;
  if (serious === 'true' || serious === 'false') query.serious = serious;
  if (status && (AE_STATUSES as readonly string[]).includes(status)) query.status = status as AeStatus;
  if (outcome && (AE_OUTCOMES as readonly string[]).includes(outcome)) query.outcome = outcome as AeOutcome;
  if (params.get('overdue') === 'true') query.overdue = 'true';
  return query;
}

/** Route /study/{studyId}/ae (spec 000 §2 AE list; issue 20 item 2 filters and the serious-event clock). */
export function AeListPage() {
  const { t } = useTranslation();
  const { studyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const abilities = useStudyAbilities(studyId);
  const canList = abilities.can('AE_LIST');
  const query = queryOf(params);
  const list = useAeList(studyId, query, { enabled: canList });
  // The unfiltered list names the sites and subjects to filter by (no site call the caller may lack).
  const all = useAeList(studyId, {}, { enabled: canList });
  const dates = useAeDates(studyId);
  const siteOptions = useMemo(
    () =>
      [...new Map((all.data ?? []).map((ae) => [ae.siteId, ae.siteName])).entries()].map(
        ([value, label]) => ({ value, label }),
      ),
    [all.data],
  );
  const subjectOptions = useMemo(
    () =>
      [...new Map((all.data ?? []).map((ae) => [ae.subjectId, ae.subjectLabel])).entries()].map(
        ([value, label]) => ({
          value,
          label,
        }),
      ),
    [all.data],
  );
  if (abilities.isPending) return <FullPageLoader />;
  if (!canList) return <Navigate to="/401" replace />;

  const setFilter = (key: (typeof FILTERS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const rows = list.data ?? [];
  const overdueCount = (all.data ?? []).filter((ae) => ae.clock?.status === 'OVERDUE').length;

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('ADVERSE_EVENTS.TITLE') },
        ]}
        description={t('ADVERSE_EVENTS.LIST.INTRO')}
      />
      {overdueCount > 0 && (
        <Alert color="red" mb="md" data-testid="ae-overdue-alert">
          {t('ADVERSE_EVENTS.LIST.OVERDUE_ALERT', { count: overdueCount })}
        </Alert>
      )}
      <Card
        withBorder
        radius="md"
        padding="md"
        mb="md"
        component="section"
        aria-label={t('ADVERSE_EVENTS.FILTERS.LABEL')}
      >
        <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="sm">
          <Select
            label={t('ADVERSE_EVENTS.LIST.SITE')}
            data={siteOptions}
            value={query.siteId ?? null}
            onChange={(v) => setFilter('siteId', v)}
            clearable
            placeholder={t('ADVERSE_EVENTS.FILTERS.ANY')}
            data-testid="filter-site"
          />
          <Select
            label={t('ADVERSE_EVENTS.LIST.SUBJECT')}
            data={subjectOptions}
            value={query.subjectId ?? null}
            onChange={(v) => setFilter('subjectId', v)}
            clearable
            searchable
            placeholder={t('ADVERSE_EVENTS.FILTERS.ANY')}
            data-testid="filter-subject"
          />
          <Select
            label={t('ADVERSE_EVENTS.LIST.SERIOUSNESS')}
            data={[
              { value: 'true', label: t('ADVERSE_EVENTS.LIST.SERIOUS') },
              { value: 'false', label: t('ADVERSE_EVENTS.LIST.NOT_SERIOUS') },
            ]}
            value={query.serious ?? null}
            onChange={(v) => setFilter('serious', v)}
            clearable
            placeholder={t('ADVERSE_EVENTS.FILTERS.ANY')}
            data-testid="filter-serious"
          />
          <Select
            label={t('ADVERSE_EVENTS.LIST.STATUS')}
            data={AE_STATUSES.map((s) => ({ value: s, label: t(`ADVERSE_EVENTS.ENUM.STATUS.${s}`) }))}
            value={query.status ?? null}
            onChange={(v) => setFilter('status', v)}
            clearable
            placeholder={t('ADVERSE_EVENTS.FILTERS.ANY')}
            data-testid="filter-status"
          />
          <Select
            label={t('ADVERSE_EVENTS.FIELDS.OUTCOME')}
            data={AE_OUTCOMES.map((o) => ({ value: o, label: t(`ADVERSE_EVENTS.ENUM.OUTCOME.${o}`) }))}
            value={query.outcome ?? null}
            onChange={(v) => setFilter('outcome', v)}
            clearable
            placeholder={t('ADVERSE_EVENTS.FILTERS.ANY')}
            data-testid="filter-outcome"
          />
          <Switch
            label={t('ADVERSE_EVENTS.FILTERS.OVERDUE')}
            checked={query.overdue === 'true'}
            onChange={(e) => setFilter('overdue', e.currentTarget.checked ? 'true' : null)}
            mt={{ base: 0, lg: 28 }}
            data-testid="filter-overdue"
          />
        </SimpleGrid>
      </Card>
      {list.isPending ? (
        <Loader size="sm" aria-label={t('ADVERSE_EVENTS.TITLE')} />
      ) : list.isError ? (
        <Alert color="red">{t('ADVERSE_EVENTS.LIST.LOAD_FAILED')}</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="ae-empty">
          {Object.keys(query).length > 0
            ? t('ADVERSE_EVENTS.LIST.NONE_FILTERED')
            : t('ADVERSE_EVENTS.LIST.NONE')}
        </Text>
      ) : (
        <>
          <Group justify="flex-end" mb={4}>
            <Text size="sm" c="dimmed" data-testid="ae-count">
              {t('ADVERSE_EVENTS.LIST.COUNT', { count: rows.length })}
            </Text>
          </Group>
          <AeTable studyId={studyId} rows={rows} dates={dates} />
        </>
      )}
    </>
  );
}
