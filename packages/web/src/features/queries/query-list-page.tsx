import { Alert, Badge, Button, Group, Loader, Pagination, Select, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  QUERY_PAGE_SIZES,
  QUERY_STATUSES,
  QUERY_VIEW_PERMISSION,
  type QueryListRequest,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { ForbiddenInPlace } from '../../app/forbidden-in-place';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useStudyName } from '../sites/api';
import { downloadQueryCsv, useQueryList } from './api';
import {
  EMPTY_FILTER,
  type FilterDraft,
  QueryFilterPanel,
  toQueryFilter,
  useFilterOptions,
} from './query-filter';
import { QueryTable } from './query-table';
import { QueryStatusBadge } from './query-thread';

type PageSize = (typeof QUERY_PAGE_SIZES)[number];

/**
 * /study/{studyId}/queries (spec 001 §2 query list, issue 19 item 3): the collapsible filter, the
 * counts per status, the paged table (page sizes of 000 §9) and the CSV export of the filtered list.
 * Site-limited users get only their sites' queries (the server filters).
 */
export function QueryListPage() {
  const { t, i18n } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const abilities = useStudyAbilities(studyId);
  const studyName = useStudyName(studyId);
  const options = useFilterOptions(studyId, abilities, i18n.language);
  const [filter, setFilter] = useState<FilterDraft>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [isExporting, setExporting] = useState(false);
  const canView = abilities.can(QUERY_VIEW_PERMISSION);
  const request: QueryListRequest = { ...toQueryFilter(filter), page, pageSize };
  const list = useQueryList(studyId, request, { enabled: canView });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadQueryCsv(studyId, toQueryFilter(filter));
    } catch (error) {
      showErrorToast(serverErrorMessage(error, { fallback: 'QUERIES.LIST.EXPORT_FAILED' }));
    } finally {
      setExporting(false);
    }
  };

  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    { label: studyName ?? studyId, to: `/study/${studyId}/overview` },
    { label: t('QUERIES.LIST.TITLE') },
  ];
  if (!abilities.isPending && !canView) return <ForbiddenInPlace />;

  return (
    <>
      <PageHeader
        crumbs={crumbs}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void handleExport()}
            loading={isExporting}
            disabled={!data || data.total === 0}
            data-testid="query-export"
          >
            {t('QUERIES.LIST.EXPORT')}
          </Button>
        }
      />
      <QueryFilterPanel
        value={filter}
        options={options}
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {data && (
        <Group gap="sm" mb="sm" wrap="wrap" aria-label={t('QUERIES.LIST.COUNTS')} data-testid="query-counts">
          <Text size="sm" fw={600} data-testid="query-total">
            {t('QUERIES.LIST.TOTAL', { count: data.total })}
          </Text>
          {QUERY_STATUSES.map((status) => (
            <Group key={status} gap={4} wrap="nowrap" data-testid={`query-count-${status}`}>
              <QueryStatusBadge status={status} />
              <Badge variant="outline" color="gray" circle={data.counts[status] < 10}>
                {data.counts[status]}
              </Badge>
            </Group>
          ))}
        </Group>
      )}
      {list.isPending && canView && <Loader size="sm" />}
      {list.isError && (
        <Alert color="red" variant="light">
          {serverErrorMessage(list.error, { fallback: 'QUERIES.DIALOG.FAILED' })}
        </Alert>
      )}
      {data && data.items.length === 0 && (
        <Text c="dimmed" data-testid="query-list-empty">
          {t('QUERIES.LIST.EMPTY')}
        </Text>
      )}
      {data && data.items.length > 0 && <QueryTable studyId={studyId} rows={data.items} />}
      {data && data.total > 0 && (
        <Group justify="space-between" mt="sm" wrap="wrap" gap="sm">
          <Select
            label={t('QUERIES.LIST.PAGE_SIZE')}
            data={QUERY_PAGE_SIZES.map((n) => String(n))}
            value={String(pageSize)}
            onChange={(value) => {
              if (!value) return;
              setPageSize(Number(value) as PageSize);
              setPage(1);
            }}
            allowDeselect={false}
            w={120}
            size="xs"
            data-testid="query-page-size"
          />
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('QUERIES.LIST.PAGES')}
            data-testid="query-pagination"
          />
        </Group>
      )}
    </>
  );
}
