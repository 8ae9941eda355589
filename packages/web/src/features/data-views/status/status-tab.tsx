import { Alert, Group, Loader, Select, Stack, Text } from '@mantine/core';
import type { StatusViewRequest } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../../app/form-errors';
import { StatusLegend } from '../../questionnaires/status-icons';
import { useDataFilterOptions, useStatusView } from '../api';
import { FilterCard, SetupNotice } from '../filters/data-filter-form';
import { FIRST_PAGE, Pager, type PageState } from '../pager';
import { StatusCountsLine } from './status-counts';
import { StatusGrid } from './status-grid';

/**
 * Spec 001 §2 status tab: the site is required (its filter has the site only); the grid of the
 * site's subjects by data events with each form's status icon, the totals per data event and in
 * all, and the legend of the icons used on the subject records tab.
 */
export function StatusTab({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'data-views']);
  const options = useDataFilterOptions(studyId, 'STATUS');
  const [draft, setDraft] = useState('');
  const [siteId, setSiteId] = useState('');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const request: StatusViewRequest | null = siteId ? { siteId, page } : null;
  const status = useStatusView(studyId, request);
  const data = request ? status.data : undefined;
  return (
    <Stack gap="md" data-testid="status-tab">
      {options.data && <SetupNotice {...options.data} />}
      <FilterCard
        testId="status-filter"
        canApply={draft !== ''}
        onApply={() => {
          setSiteId(draft);
          setPage((current) => ({ ...current, page: 1 }));
        }}
        onReset={() => {
          setDraft('');
          setSiteId('');
        }}
      >
        <Select
          label={t('DATA_VIEWS.FILTER.FIELDS.SITE')}
          placeholder={t('DATA_VIEWS.FILTER.CHOOSE')}
          data={(options.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={draft || null}
          onChange={(value) => setDraft(value ?? '')}
          required
          data-testid="status-filter-siteId"
        />
      </FilterCard>
      {!request && (
        <Text c="dimmed" data-testid="status-choose-site">
          {t('DATA_VIEWS.STATUS.CHOOSE_SITE')}
        </Text>
      )}
      {request && status.isPending && <Loader size="sm" />}
      {request && status.isError && (
        <Alert color="red" variant="light">
          {serverErrorMessage(status.error, { fallback: 'DATA_VIEWS.LOAD_FAILED' })}
        </Alert>
      )}
      {data && (
        <>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('DATA_VIEWS.STATUS.TOTALS')}
            </Text>
            <StatusCountsLine counts={data.totals} testId="status-totals" />
          </Group>
          <StatusLegend levels={[]} />
          {data.rows.total === 0 ? (
            <Text c="dimmed" data-testid="status-empty">
              {t('DATA_VIEWS.STATUS.EMPTY')}
            </Text>
          ) : (
            <>
              <StatusGrid studyId={studyId} data={data} />
              <Pager total={data.rows.total} value={page} onChange={setPage} testId="status-pager" />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
