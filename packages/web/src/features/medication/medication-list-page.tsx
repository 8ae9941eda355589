import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import {
  MEDICATION_VERIFICATION_FILTERS,
  type MedicationRegistrationType,
  type MedicationStudyListQuery,
} from '@trialbase/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { AeDateField } from '../adverse-events/ae-date-field';
import { useAeDates } from '../adverse-events/ae-dates';
import { useSites } from '../sites/api';
import { medicationCsvUrl, useSiteAccounting, useStudyMedication } from './api';
import { doseLine } from './medication-display';

const PAGE_SIZE = 25;
const TYPES: readonly MedicationRegistrationType[] = ['CONCOMITANT', 'IMP'];

/** The filters from the address, so a filtered listing can be bookmarked and shared. */
function queryOf(params: URLSearchParams): MedicationStudyListQuery {
  const query: MedicationStudyListQuery = { page: Number(params.get('page') ?? 1) || 1, pageSize: PAGE_SIZE };
  const site = params.get('siteId');
  const type = params.get('type');
  const q = params.get('q');
  const ongoing = params.get('ongoing');
  const verification = params.get('verification');
  if (site) query.siteId = site;
  if (type && (TYPES as readonly string[]).includes(type))
    query.registrationType = type as MedicationRegistrationType;
  if (q) query.q = q;
  if (ongoing === 'true' || ongoing === 'false') query.ongoing = ongoing;
  if (verification && (MEDICATION_VERIFICATION_FILTERS as readonly string[]).includes(verification))
    query.verification = verification as MedicationStudyListQuery['verification'];
  const from = params.get('from');
  const to = params.get('to');
  if (from && /^\d{4}-\d{2}-\d{2}$/.test(from)) query.from = from;
  if (to && /^\d{4}-\d{2}-\d{2}$/.test(to)) query.to = to;
  return query;
}

function SiteTotals({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'medication']);
  const totals = useSiteAccounting(studyId, { secondary: true });
  return (
    <Card withBorder radius="md" padding="md" component="section" data-testid="med-site-totals">
      <Title order={2} fz="h5" mb="sm">
        {t('MEDICATION.LIST.SITE_TOTALS')}
      </Title>
      {totals.isPending ? (
        <Loader size="sm" aria-label={t('MEDICATION.LIST.SITE_TOTALS')} />
      ) : totals.isError || totals.data.length === 0 ? (
        <Text c="dimmed">{t('MEDICATION.LIST.NO_TOTALS')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('MEDICATION.LIST.SITE')}</Table.Th>
                <Table.Th>{t('MEDICATION.ACCOUNTING.FIELDS.package')}</Table.Th>
                <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.DELIVERED')}</Table.Th>
                <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.RETURNED')}</Table.Th>
                <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.LOST')}</Table.Th>
                <Table.Th ta="end">{t('MEDICATION.ACCOUNTING.BALANCE')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totals.data.flatMap((site) =>
                site.totals.map((row) => (
                  <Table.Tr key={`${site.siteId}-${row.package}`}>
                    <Table.Td>
                      <bdi>{site.siteName}</bdi>
                    </Table.Td>
                    <Table.Td>{t(`MEDICATION.ENUM.PACKAGE.${row.package}`)}</Table.Td>
                    <Table.Td ta="end">{row.delivered}</Table.Td>
                    <Table.Td ta="end">{row.returned}</Table.Td>
                    <Table.Td ta="end">{row.lost}</Table.Td>
                    <Table.Td ta="end" fw={700}>
                      {row.balance}
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/**
 * Route /study/{studyId}/medication (issue 21 item 3): the study's medication records at the
 * caller's sites with filters, pages and a CSV export, and drug accounting totals per site.
 */
export function MedicationListPage() {
  const { t } = useTranslation(['common', 'medication']);
  const { studyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const abilities = useStudyAbilities(studyId);
  const canList = abilities.can('PATIENT_LIST_MEDICATION');
  const query = queryOf(params);
  const list = useStudyMedication(studyId, query);
  const sites = useSites(studyId, { enabled: abilities.can('SITE_OVERVIEW'), secondary: true });
  const dates = useAeDates(studyId);
  const [search, setSearch] = useState(query.q ?? '');
  const [debounced] = useDebouncedValue(search, 300);

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text moves the filter
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced.trim()) set('q', debounced.trim() || null);
  }, [debounced]);

  if (abilities.isPending) return <FullPageLoader />;
  if (!canList) return <Navigate to="/401" replace />;
  const any = t('MEDICATION.LIST.ANY');
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('MEDICATION.LIST.TITLE') },
        ]}
        actions={
          <Button
            component="a"
            href={medicationCsvUrl(studyId, query)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
            data-testid="med-export"
          >
            {t('MEDICATION.LIST.EXPORT')}
          </Button>
        }
      />
      <Stack gap="md">
        <Card withBorder radius="md" padding="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextInput
              label={t('MEDICATION.LIST.SEARCH')}
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-testid="med-filter-q"
            />
            <Select
              label={t('MEDICATION.LIST.SITE')}
              placeholder={any}
              data={(sites.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={query.siteId ?? null}
              onChange={(v) => set('siteId', v)}
              clearable
              searchable
              data-testid="med-filter-site"
            />
            <Select
              label={t('MEDICATION.LIST.TYPE')}
              placeholder={any}
              data={TYPES.map((v) => ({ value: v, label: t(`MEDICATION.TYPE.${v}`) }))}
              value={query.registrationType ?? null}
              onChange={(v) => set('type', v)}
              clearable
              data-testid="med-filter-type"
            />
            <Select
              label={t('MEDICATION.LIST.ONGOING')}
              placeholder={any}
              data={[
                { value: 'true', label: t('MEDICATION.LIST.YES') },
                { value: 'false', label: t('MEDICATION.LIST.NO') },
              ]}
              value={typeof query.ongoing === 'string' ? query.ongoing : null}
              onChange={(v) => set('ongoing', v)}
              clearable
              data-testid="med-filter-ongoing"
            />
            <Select
              label={t('MEDICATION.LIST.VERIFICATION')}
              placeholder={any}
              data={MEDICATION_VERIFICATION_FILTERS.map((v) => ({
                value: v,
                label: t(`MEDICATION.LIST.VERIFY_${v}`),
              }))}
              value={query.verification ?? null}
              onChange={(v) => set('verification', v)}
              clearable
              data-testid="med-filter-verification"
            />
            <AeDateField
              label={t('MEDICATION.LIST.FROM')}
              value={query.from ?? null}
              onChange={(v) => set('from', v)}
              format={dates.format}
              invalidText={t('MEDICATION.FORM.INVALID_DATE', { format: dates.format })}
              testId="med-filter-from"
            />
            <AeDateField
              label={t('MEDICATION.LIST.TO')}
              value={query.to ?? null}
              onChange={(v) => set('to', v)}
              format={dates.format}
              invalidText={t('MEDICATION.FORM.INVALID_DATE', { format: dates.format })}
              testId="med-filter-to"
            />
          </SimpleGrid>
        </Card>
        {list.isPending ? (
          <Loader size="sm" aria-label={t('MEDICATION.LIST.TITLE')} />
        ) : list.isError ? (
          <Alert color="red">{t('MEDICATION.LIST.LOAD_FAILED')}</Alert>
        ) : list.data.items.length === 0 ? (
          <Text c="dimmed" data-testid="med-list-empty">
            {t('MEDICATION.LIST.EMPTY')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="med-list-total">
              {t('MEDICATION.LIST.TOTAL', { count: total })}
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover data-testid="med-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('MEDICATION.LIST.SUBJECT')}</Table.Th>
                    <Table.Th>{t('MEDICATION.LIST.SITE')}</Table.Th>
                    <Table.Th>{t('MEDICATION.LIST.NAME')}</Table.Th>
                    <Table.Th>{t('MEDICATION.LIST.DOSE')}</Table.Th>
                    <Table.Th>{t('MEDICATION.LIST.DATES')}</Table.Th>
                    <Table.Th>{t('MEDICATION.LIST.VERIFICATION')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/study/${studyId}/patient/${m.subjectId}?selected=medication`}
                        >
                          <bdi>{m.subjectLabel}</bdi>
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <bdi>{m.siteName}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <bdi>{m.name}</bdi>
                          <Badge
                            size="xs"
                            variant="light"
                            color={m.registrationType === 'IMP' ? 'grape' : 'blue'}
                          >
                            {m.registrationType === 'IMP' ? 'IMP' : t('MEDICATION.TYPE.CONCOMITANT')}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td>{doseLine(t, { ...m, audit: null })}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <bdi dir="ltr">
                          {m.startDate ? dates.date(m.startDate) : '…'} –{' '}
                          {m.ongoing
                            ? t('MEDICATION.SUBJECT.ONGOING')
                            : m.endDate
                              ? dates.date(m.endDate)
                              : '…'}
                        </bdi>
                      </Table.Td>
                      <Table.Td>
                        {m.secondaryVerification
                          ? t('MEDICATION.LIST.VERIFY_SECONDARY')
                          : m.verification
                            ? t('MEDICATION.LIST.VERIFY_PRIMARY')
                            : t('MEDICATION.LIST.VERIFY_NONE')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Number(query.page ?? 1)}
                onChange={(p) => set('page', String(p))}
              />
            )}
          </>
        )}
        {abilities.can('MEDICATION_ACCOUNTING_LIST') && <SiteTotals studyId={studyId} />}
      </Stack>
    </>
  );
}
