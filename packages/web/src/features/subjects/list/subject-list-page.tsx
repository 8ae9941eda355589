import { Alert, Button, Card, Checkbox, Group, Menu, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconColumns,
  IconFileImport,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import {
  SUBJECT_ARCHIVE_FILTERS,
  SUBJECT_PAGE_SIZES,
  SUBJECT_SEARCH_MAX_LENGTH,
  type SubjectListQuery,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { ForbiddenInPlace } from '../../../app/forbidden-in-place';
import { isForbiddenError } from '../../../app/http-error-handler';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useSites } from '../../sites/api';
import { useSubjectList } from '../api';
import { fieldLabel } from '../display';
import { ImportDialog } from './import-dialog';
import { SubjectTable } from './subject-table';
import { SUBJECT_COLUMNS, type SubjectColumn, useSubjectTableSettings } from './table-settings';

type ArchiveFilter = (typeof SUBJECT_ARCHIVE_FILTERS)[number];

/**
 * Where the list is (issue 16 item 4): the cursors that led to the current page, one per page after
 * the first, made for one search, filter, sort and page size (`key`). The list pages by the server's
 * keyset cursor, never by skipping rows; previous goes back along the trail.
 */
type Trail = { key: string; cursors: string[] };

/** Route /study/:studyId/patient (spec 001 §2 subject list). */
export function SubjectListPage() {
  const { t } = useTranslation();
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const table = useSubjectTableSettings(studyId);
  const { settings } = table;
  const canFilterSites = abilities.can('SITE_OVERVIEW');
  const sites = useSites(studyId, { enabled: canFilterSites, secondary: true });
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [archived, setArchived] = useState<ArchiveFilter>('ACTIVE');
  const [trail, setTrail] = useState<Trail>({ key: '', cursors: [] });
  const [importOpen, setImportOpen] = useState(false);
  const listKey = JSON.stringify([
    debouncedSearch,
    siteId,
    archived,
    settings.sortBy,
    settings.sortDirection,
    settings.pageSize,
  ]);
  // A new search, filter, sort or page size starts again from the first page: a cursor belongs to
  // the list it was made for (the server refuses one of another sort).
  const cursors = trail.key === listKey ? trail.cursors : [];
  // Forgotten at once, so coming back to an earlier search starts from its first page too.
  if (trail.key !== listKey) setTrail({ key: listKey, cursors: [] });
  const page = cursors.length + 1;
  const query: SubjectListQuery = {
    search: debouncedSearch || undefined,
    siteIds: siteId ? [siteId] : undefined,
    archived,
    sortBy: settings.sortBy,
    sortDirection: settings.sortDirection,
    // The page number only sizes a search's count window; the rows come after the cursor.
    page,
    pageSize: settings.pageSize,
    after: cursors.at(-1),
  };
  const list = useSubjectList(studyId, query);
  const goNext = (cursor: string) => setTrail({ key: listKey, cursors: [...cursors, cursor] });
  const goPrevious = () => setTrail({ key: listKey, cursors: cursors.slice(0, -1) });
  const canSeeTrialGroup = abilities.can('TRIAL_GROUP_VIEW');
  const available = SUBJECT_COLUMNS.filter((c) => c !== 'trialGroup' || canSeeTrialGroup);
  const columns = available.filter((c) => c === 'patientId' || !settings.hiddenColumns.includes(c));

  const handleSort = (column: SubjectColumn) => {
    const same = settings.sortBy === column;
    table.update({
      sortBy: column,
      sortDirection: same && settings.sortDirection === 'asc' ? 'desc' : 'asc',
    });
  };
  const toggleColumn = (column: SubjectColumn, visible: boolean) =>
    table.update({
      hiddenColumns: visible
        ? settings.hiddenColumns.filter((c) => c !== column)
        : [...settings.hiddenColumns, column],
    });

  const header = (
    <PageHeader
      crumbs={[
        { label: t('NAV.STUDIES'), to: '/study' },
        { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
        { label: t('SUBJECTS.TITLE') },
      ]}
      actions={
        <Group gap="xs">
          {abilities.can('PATIENT_IMPORT') && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImportOpen(true)}
              data-testid="import-subjects"
            >
              {t('SUBJECTS.LIST.IMPORT')}
            </Button>
          )}
          {abilities.can('PATIENT_CREATE') && (
            <Button
              component={Link}
              to={`/study/${studyId}/patient/create`}
              leftSection={<IconPlus size={16} />}
              data-testid="create-subject"
            >
              {t('SUBJECTS.LIST.NEW')}
            </Button>
          )}
        </Group>
      }
    />
  );
  if (!table.isReady) return <FullPageLoader />;
  const siteOptions = (sites.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }));
  const data = list.data;
  // The total is the maintained per-site count; a search counts its matches up to 1,000 past the
  // current page (totalIsLowerBound), so the pages shown reach beyond it while more exist.
  const pages = data ? Math.max(page, Math.ceil(data.total / data.pageSize)) : page;
  // While the next page loads, the current one stays on screen (keepPreviousData): no double moves.
  const moving = list.isPlaceholderData || list.isFetching;
  const nextCursor = list.isPlaceholderData ? null : (data?.nextCursor ?? null);
  const isFiltered = Boolean(debouncedSearch || siteId || archived !== 'ACTIVE');

  return (
    <>
      {header}
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('SUBJECTS.LIST.SEARCH')}
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={SUBJECT_SEARCH_MAX_LENGTH}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
          data-testid="subject-search"
        />
        {isForbiddenError(sites.error) && <ForbiddenInPlace compact />}
        {canFilterSites && siteOptions.length > 1 && (
          <Select
            label={t('SUBJECTS.LIST.SITE_FILTER')}
            placeholder={t('SUBJECTS.LIST.ALL_SITES')}
            data={siteOptions}
            value={siteId}
            onChange={setSiteId}
            clearable
            w={{ base: '100%', sm: 200 }}
            data-testid="site-filter"
          />
        )}
        <Select
          label={t('SUBJECTS.LIST.SHOW')}
          data={SUBJECT_ARCHIVE_FILTERS.map((f) => ({
            value: f,
            label: t(`SUBJECTS.LIST.ARCHIVE_FILTER.${f}`),
          }))}
          value={archived}
          onChange={(value) => setArchived((value as ArchiveFilter | null) ?? 'ACTIVE')}
          allowDeselect={false}
          w={{ base: '100%', sm: 190 }}
          data-testid="archive-filter"
        />
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <Button variant="default" leftSection={<IconColumns size={16} />} data-testid="column-settings">
              {t('SUBJECTS.LIST.COLUMNS')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {available
              .filter((c) => c !== 'patientId')
              .map((column) => (
                <Menu.Item key={column}>
                  <Checkbox
                    label={fieldLabel(t, column)}
                    checked={!settings.hiddenColumns.includes(column)}
                    onChange={(e) => toggleColumn(column, e.currentTarget.checked)}
                    data-testid={`column-${column}`}
                  />
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {list.isPending ? (
        <FullPageLoader />
      ) : list.isError || !data ? (
        <Alert color="red">{t('SUBJECTS.LIST.LOAD_FAILED')}</Alert>
      ) : data.items.length === 0 ? (
        <Card withBorder padding="xl" data-testid="no-subjects">
          <Text c="dimmed" ta="center">
            {t(isFiltered ? 'SUBJECTS.LIST.NO_MATCH' : 'SUBJECTS.LIST.EMPTY')}
          </Text>
        </Card>
      ) : (
        <SubjectTable
          studyId={studyId}
          rows={data.items}
          columns={columns}
          settings={settings}
          canView={abilities.can('PATIENT_VIEW')}
          onSort={handleSort}
        />
      )}
      <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" data-testid="subject-total">
          {t(data?.totalIsLowerBound ? 'SUBJECTS.LIST.TOTAL_AT_LEAST' : 'SUBJECTS.LIST.TOTAL', {
            count: data?.total ?? 0,
          })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label={t('SUBJECTS.LIST.PAGE_SIZE')}
            data={SUBJECT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            value={String(settings.pageSize)}
            onChange={(value) =>
              table.update({ pageSize: Number(value) as (typeof SUBJECT_PAGE_SIZES)[number] })
            }
            allowDeselect={false}
            w={90}
            data-testid="page-size"
          />
          <Group gap="xs" wrap="nowrap" data-testid="subject-pages">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} className="tb-flip-rtl" />}
              disabled={page === 1 || moving}
              onClick={goPrevious}
              data-testid="subject-previous-page"
            >
              {t('SUBJECTS.LIST.PREVIOUS_PAGE')}
            </Button>
            <Text size="sm" aria-live="polite" data-testid="subject-page">
              {t('SUBJECTS.LIST.PAGE_OF', {
                page,
                pages: data?.totalIsLowerBound ? `${pages}+` : pages,
              })}
            </Text>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} className="tb-flip-rtl" />}
              disabled={!nextCursor || moving}
              onClick={() => nextCursor && goNext(nextCursor)}
              data-testid="subject-next-page"
            >
              {t('SUBJECTS.LIST.NEXT_PAGE')}
            </Button>
          </Group>
        </Group>
      </Group>
      {abilities.can('PATIENT_IMPORT') && (
        <ImportDialog
          studyId={studyId}
          opened={importOpen}
          onClose={() => setImportOpen(false)}
          sites={siteOptions}
        />
      )}
    </>
  );
}
