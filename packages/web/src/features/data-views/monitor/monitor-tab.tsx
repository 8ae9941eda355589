import { Alert, Loader, SimpleGrid, Stack } from '@mantine/core';
import { shareOf } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../../app/form-errors';
import { useStudy } from '../../studies/api';
import { useDataFilterOptions, useMonitorView } from '../api';
import { DataFilterForm, SetupNotice } from '../filters/data-filter-form';
import { EMPTY_DRAFT, type FilterDraft, toFilter } from '../filters/filter-model';
import { useNumberFormat } from '../format';
import { FIRST_PAGE, type PageState } from '../pager';
import { StatCard } from '../stat-card';
import { MonitorSiteTable, MonitorSubjectTable } from './monitor-tables';

/**
 * Spec 001 §2 monitor tab: filtered by site, answer, independent answer, pathway, pathway and data
 * event, or site and data event; the verification progress (secondary only where the study
 * verifies twice), open queries, missing data, overdue and expired events in all, per site and per
 * subject, each subject's forms needing attention linking to their review page.
 */
export function MonitorTab({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const options = useDataFilterOptions(studyId, 'MONITOR');
  const study = useStudy(studyId, { secondary: true });
  const hasSecondary = (study.data?.secondaryVerificationType ?? 'NONE') !== 'NONE';
  const [applied, setApplied] = useState<FilterDraft>(EMPTY_DRAFT);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const monitor = useMonitorView(studyId, { filter: toFilter(applied), page });
  const data = monitor.data;
  const share = (part: number, whole: number) => {
    const value = shareOf(part, whole);
    return value === null ? '–' : format.percent(value);
  };
  return (
    <Stack gap="md" data-testid="monitor-tab">
      {options.data && <SetupNotice {...options.data} />}
      {options.data && (
        <DataFilterForm
          options={options.data}
          kinds={['SITE', 'ANSWER', 'INDEPENDENT_ANSWER', 'PATHWAY', 'PATHWAY_DATA_EVENT', 'SITE_DATA_EVENT']}
          applied={applied}
          onApply={(next) => {
            setApplied(next);
            setPage((current) => ({ ...current, page: 1 }));
          }}
          testId="monitor-filter"
        />
      )}
      {monitor.isPending && <Loader size="sm" />}
      {monitor.isError && (
        <Alert color="red" variant="light">
          {serverErrorMessage(monitor.error, { fallback: 'DATA_VIEWS.LOAD_FAILED' })}
        </Alert>
      )}
      {data && (
        <>
          <SimpleGrid
            cols={{ base: 2, xs: 3, lg: hasSecondary ? 6 : 5 }}
            spacing="sm"
            data-testid="monitor-totals"
          >
            <StatCard
              label={t('DATA_VIEWS.MONITOR.PRIMARY')}
              value={share(data.totals.verifiedPrimary, data.totals.answers)}
              testId="monitor-primary"
            />
            {hasSecondary && (
              <StatCard
                label={t('DATA_VIEWS.MONITOR.SECONDARY')}
                value={share(data.totals.verifiedSecondary, data.totals.answers)}
                testId="monitor-secondary"
              />
            )}
            <StatCard
              label={t('DATA_VIEWS.MONITOR.OPEN_QUERIES')}
              value={format.number(data.totals.openQueries)}
              testId="monitor-queries"
            />
            <StatCard
              label={t('DATA_VIEWS.MONITOR.MISSING')}
              value={format.number(data.totals.missingData)}
              testId="monitor-missing"
            />
            <StatCard
              label={t('DATA_VIEWS.MONITOR.OVERDUE')}
              value={format.number(data.totals.overdueEvents)}
              testId="monitor-overdue"
            />
            <StatCard
              label={t('DATA_VIEWS.MONITOR.EXPIRED')}
              value={format.number(data.totals.expiredEvents)}
              testId="monitor-expired"
            />
          </SimpleGrid>
          <MonitorSiteTable rows={data.sites} hasSecondary={hasSecondary} />
          <MonitorSubjectTable
            studyId={studyId}
            data={data}
            hasSecondary={hasSecondary}
            page={page}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
