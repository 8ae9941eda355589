import { Alert, Card, Group, Loader, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { REPORT_PERMISSIONS, type SiteReport, type SiteReportTotals, shareOf } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { serverErrorMessage } from '../../../app/form-errors';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useStudyName } from '../../sites/api';
import { useSiteReport } from '../api';
import { BarList } from '../charts/bar-list';
import { ChartCard, type ChartDatum } from '../charts/chart-card';
import { RecruitmentChart } from '../charts/recruitment-chart';
import { useNumberFormat, useStudyDates } from '../format';
import { formatStudyMonth, recruitmentByMonth } from './recruitment';
import { ReportSiteSelect } from './report-site-select';

/**
 * /study/{studyId}/reports/site (000 §2 reports-site-report): enrolment per site against its
 * target, recruitment over time, and the events completed on time; narrowed to one site on request.
 */
export function SiteReportPage() {
  const { t } = useTranslation(['common', 'data-views']);
  const studyId = useParams().studyId ?? '';
  const abilities = useStudyAbilities(studyId);
  const studyName = useStudyName(studyId);
  const [siteId, setSiteId] = useState('');
  const canView = abilities.can(REPORT_PERMISSIONS.SITE);
  const all = useSiteReport(studyId, {}, { enabled: canView });
  const report = useSiteReport(studyId, siteId ? { siteId } : {}, { enabled: canView });
  if (abilities.isPending) return <FullPageLoader />;
  if (!canView) return <Navigate to="/401" replace />;
  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    { label: studyName ?? studyId, to: `/study/${studyId}/overview` },
    { label: t('DATA_VIEWS.SITE_REPORT.TITLE') },
  ];
  return (
    <>
      <PageHeader crumbs={crumbs} description={t('DATA_VIEWS.SITE_REPORT.DESCRIPTION')} />
      <ReportSiteSelect sites={all.data?.sites ?? []} value={siteId} onChange={setSiteId} />
      {report.isPending && <Loader size="sm" />}
      {report.isError && (
        <Alert color="red" variant="light">
          {serverErrorMessage(report.error, { fallback: 'DATA_VIEWS.LOAD_FAILED' })}
        </Alert>
      )}
      {report.data && <SiteReportBody studyId={studyId} data={report.data} />}
    </>
  );
}

/** A share of the target as a bar (capped at full) with its percentage; a dash without a target. */
function TargetProgress({ share, label }: { share: number | null; label: string }) {
  const format = useNumberFormat();
  if (share === null) return <>–</>;
  return (
    <Group gap={8} wrap="nowrap" justify="flex-end">
      <Progress
        value={Math.min(100, share * 100)}
        color={share >= 1 ? 'teal' : 'blue'}
        w={72}
        size="sm"
        aria-label={label}
        style={{ flexShrink: 0 }}
      />
      <Text span fz="sm" miw={44} ta="end">
        {format.percent(share)}
      </Text>
    </Group>
  );
}

/** The study total of enrolment against the summed targets, above the charts (readable on a phone). */
function StudyTotal({ totals }: { totals: SiteReportTotals }) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const enrolled = format.number(totals.subjects);
  const toward = format.number(totals.subjectsTowardTarget);
  return (
    <Card withBorder padding="md" data-testid="site-report-total">
      <Stack gap={6}>
        <Text fw={600}>{t('DATA_VIEWS.SITE_REPORT.STUDY_TOTAL')}</Text>
        {totals.target === null || totals.targetShare === null ? (
          <Text fz="sm">{t('DATA_VIEWS.SITE_REPORT.NO_TARGET_TOTAL', { enrolled })}</Text>
        ) : (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fz="sm">
                {t('DATA_VIEWS.SITE_REPORT.TOTAL_SUMMARY', {
                  enrolled: toward,
                  target: format.number(totals.target),
                })}
              </Text>
              <Text fz="sm" fw={600}>
                {format.percent(totals.targetShare)}
              </Text>
            </Group>
            <Progress
              value={Math.min(100, totals.targetShare * 100)}
              color={totals.targetShare >= 1 ? 'teal' : 'blue'}
              size="lg"
              aria-label={t('DATA_VIEWS.SITE_REPORT.PROGRESS', {
                site: t('DATA_VIEWS.SITE_REPORT.STUDY_TOTAL'),
                share: format.percent(totals.targetShare),
              })}
            />
          </>
        )}
        {totals.sitesWithoutTarget > 0 && totals.target !== null && (
          <Text fz="xs" c="dimmed">
            {t('DATA_VIEWS.SITE_REPORT.WITHOUT_TARGET', {
              count: totals.sitesWithoutTarget,
              enrolled: format.number(totals.subjects - totals.subjectsTowardTarget),
              all: enrolled,
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function SiteReportBody({ studyId, data }: { studyId: string; data: SiteReport }) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const dates = useStudyDates(studyId);
  const share = (part: number, whole: number) => {
    const value = shareOf(part, whole);
    return value === null ? '–' : format.percent(value);
  };
  const enrolment: ChartDatum[] = data.sites.map((s) => ({
    key: s.siteId,
    label: s.siteName,
    value: s.subjects,
    target: s.target,
  }));
  const months = recruitmentByMonth(data.recruitment);
  const points = months.map((m) => ({
    key: m.month,
    label: formatStudyMonth(m.month, dates.format),
    count: m.count,
    cumulative: m.cumulative,
  }));
  const chartTitle = t('DATA_VIEWS.SITE_REPORT.RECRUITMENT');
  return (
    <Stack gap="md">
      {data.sites.length > 0 && <StudyTotal totals={data.totals} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={t('DATA_VIEWS.SITE_REPORT.ENROLMENT')}
          data={enrolment}
          labelHeader={t('DATA_VIEWS.COLUMNS.SITE')}
          testId="enrolment-chart"
        >
          <BarList
            title={t('DATA_VIEWS.SITE_REPORT.ENROLMENT')}
            description={t('DATA_VIEWS.SITE_REPORT.ENROLMENT_DESC')}
            data={enrolment}
            testId="enrolment-bars"
          />
        </ChartCard>
        <ChartCard
          title={chartTitle}
          data={points.map((p) => ({ key: p.key, label: p.label, value: p.count }))}
          labelHeader={t('DATA_VIEWS.SITE_REPORT.MONTH')}
          testId="recruitment"
        >
          <RecruitmentChart
            title={chartTitle}
            description={t('DATA_VIEWS.SITE_REPORT.RECRUITMENT_DESC', {
              count: months[months.length - 1]?.cumulative ?? 0,
            })}
            points={points}
          />
        </ChartCard>
      </SimpleGrid>
      {data.sites.length === 0 ? (
        <Text c="dimmed" data-testid="site-report-empty">
          {t('DATA_VIEWS.SITE_REPORT.EMPTY')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder fz="sm" data-testid="site-report-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('DATA_VIEWS.COLUMNS.SITE')}</Table.Th>
                <Table.Th ta="end">{t('DATA_VIEWS.SITE_REPORT.ENROLLED')}</Table.Th>
                <Table.Th ta="end">{t('DATA_VIEWS.SITE_REPORT.TARGET')}</Table.Th>
                <Table.Th ta="end">{t('DATA_VIEWS.SITE_REPORT.OF_TARGET')}</Table.Th>
                <Table.Th ta="end">{t('DATA_VIEWS.SITE_REPORT.EVENTS_DUE')}</Table.Th>
                <Table.Th ta="end">{t('DATA_VIEWS.SITE_REPORT.ON_TIME')}</Table.Th>
                <Table.Th ta="end">{t('DATA_VIEWS.SITE_REPORT.LATE')}</Table.Th>
                <Table.Th ta="end">{t('DATA_VIEWS.SITE_REPORT.ON_TIME_SHARE')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.sites.map((s) => (
                <Table.Tr key={s.siteId} data-testid="site-report-row">
                  <Table.Th scope="row" fw={500}>
                    {s.siteName}
                  </Table.Th>
                  <Table.Td ta="end">{format.number(s.subjects)}</Table.Td>
                  <Table.Td ta="end">{s.target === null ? '–' : format.number(s.target)}</Table.Td>
                  <Table.Td ta="end">
                    <TargetProgress
                      share={s.targetShare}
                      label={t('DATA_VIEWS.SITE_REPORT.PROGRESS', {
                        site: s.siteName,
                        share: s.targetShare === null ? '' : format.percent(s.targetShare),
                      })}
                    />
                  </Table.Td>
                  <Table.Td ta="end">{format.number(s.eventsDue)}</Table.Td>
                  <Table.Td ta="end">{format.number(s.eventsOnTime)}</Table.Td>
                  <Table.Td ta="end">{format.number(s.eventsLate)}</Table.Td>
                  <Table.Td ta="end">{share(s.eventsOnTime, s.eventsOnTime + s.eventsLate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {data.sites.length > 1 && (
              <Table.Tfoot>
                <Table.Tr data-testid="site-report-total-row" fw={600}>
                  <Table.Th scope="row">{t('DATA_VIEWS.SITE_REPORT.STUDY_TOTAL')}</Table.Th>
                  <Table.Td ta="end">{format.number(data.totals.subjects)}</Table.Td>
                  <Table.Td ta="end">
                    {data.totals.target === null ? '–' : format.number(data.totals.target)}
                  </Table.Td>
                  <Table.Td ta="end">
                    <TargetProgress
                      share={data.totals.targetShare}
                      label={t('DATA_VIEWS.SITE_REPORT.PROGRESS', {
                        site: t('DATA_VIEWS.SITE_REPORT.STUDY_TOTAL'),
                        share:
                          data.totals.targetShare === null ? '' : format.percent(data.totals.targetShare),
                      })}
                    />
                  </Table.Td>
                  <Table.Td ta="end">{format.number(data.totals.eventsDue)}</Table.Td>
                  <Table.Td ta="end">{format.number(data.totals.eventsOnTime)}</Table.Td>
                  <Table.Td ta="end">{format.number(data.totals.eventsLate)}</Table.Td>
                  <Table.Td ta="end">
                    {share(data.totals.eventsOnTime, data.totals.eventsOnTime + data.totals.eventsLate)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
