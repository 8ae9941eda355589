import { Alert, Loader, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { REPORT_PERMISSIONS } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { serverErrorMessage } from '../../../app/form-errors';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useStudyName } from '../../sites/api';
import { useVerificationReport } from '../api';
import { useNumberFormat } from '../format';
import { StatCard } from '../stat-card';
import { ReportSiteSelect } from './report-site-select';

function ShareCell({ share, label }: { share: number | null; label: string }) {
  const format = useNumberFormat();
  return (
    <Stack gap={2} miw={90}>
      <Text size="xs" fw={600}>
        {share === null ? '–' : format.percent(share)}
      </Text>
      <Progress value={(share ?? 0) * 100} size="sm" color="green" aria-label={label} />
    </Stack>
  );
}

/**
 * /study/{studyId}/reports/verification (000 §2 reports-verification): per site and form, the
 * answers and the share verified (primary, and secondary where the study verifies twice), with the
 * totals; narrowed to one site on request. Site-limited callers see their sites only.
 */
export function VerificationReportPage() {
  const { t } = useTranslation(['common', 'data-views']);
  const studyId = useParams().studyId ?? '';
  const abilities = useStudyAbilities(studyId);
  const studyName = useStudyName(studyId);
  const format = useNumberFormat();
  const [siteId, setSiteId] = useState('');
  const canView = abilities.can(REPORT_PERMISSIONS.VERIFICATION);
  const all = useVerificationReport(studyId, {}, { enabled: canView });
  const report = useVerificationReport(studyId, siteId ? { siteId } : {}, { enabled: canView });
  if (abilities.isPending) return <FullPageLoader />;
  if (!canView) return <Navigate to="/401" replace />;
  const data = report.data;
  // [primary type, secondary type] as the study stores them (FORM, QUESTION or NONE).
  const hasSecondary = (data?.verificationTypes[1] ?? 'NONE') !== 'NONE';
  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    { label: studyName ?? studyId, to: `/study/${studyId}/overview` },
    { label: t('DATA_VIEWS.VERIFICATION_REPORT.TITLE') },
  ];
  return (
    <>
      <PageHeader crumbs={crumbs} description={t('DATA_VIEWS.VERIFICATION_REPORT.DESCRIPTION')} />
      <ReportSiteSelect sites={all.data?.rows ?? []} value={siteId} onChange={setSiteId} />
      {report.isPending && <Loader size="sm" />}
      {report.isError && (
        <Alert color="red" variant="light">
          {serverErrorMessage(report.error, { fallback: 'DATA_VIEWS.LOAD_FAILED' })}
        </Alert>
      )}
      {data && (
        <Stack gap="md">
          <SimpleGrid
            cols={{ base: 2, sm: hasSecondary ? 4 : 3 }}
            spacing="sm"
            data-testid="verification-totals"
          >
            <StatCard
              label={t('DATA_VIEWS.VERIFICATION_REPORT.FORMS')}
              value={format.number(data.totals.forms)}
              testId="verification-forms"
            />
            <StatCard
              label={t('DATA_VIEWS.VERIFICATION_REPORT.ANSWERS')}
              value={format.number(data.totals.answers)}
              testId="verification-answers"
            />
            <StatCard
              label={t('DATA_VIEWS.MONITOR.PRIMARY')}
              value={data.totals.primaryShare === null ? '–' : format.percent(data.totals.primaryShare)}
              testId="verification-primary"
            />
            {hasSecondary && (
              <StatCard
                label={t('DATA_VIEWS.MONITOR.SECONDARY')}
                value={data.totals.secondaryShare === null ? '–' : format.percent(data.totals.secondaryShare)}
                testId="verification-secondary"
              />
            )}
          </SimpleGrid>
          {data.rows.length === 0 ? (
            <Text c="dimmed" data-testid="verification-empty">
              {t('DATA_VIEWS.VERIFICATION_REPORT.EMPTY')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped withTableBorder fz="sm" data-testid="verification-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('DATA_VIEWS.COLUMNS.SITE')}</Table.Th>
                    <Table.Th>{t('DATA_VIEWS.COLUMNS.FORM')}</Table.Th>
                    <Table.Th ta="end">{t('DATA_VIEWS.VERIFICATION_REPORT.FORMS')}</Table.Th>
                    <Table.Th ta="end">{t('DATA_VIEWS.VERIFICATION_REPORT.ANSWERS')}</Table.Th>
                    <Table.Th ta="end">{t('DATA_VIEWS.VERIFICATION_REPORT.VERIFIED')}</Table.Th>
                    <Table.Th>{t('DATA_VIEWS.MONITOR.PRIMARY')}</Table.Th>
                    {hasSecondary && <Table.Th>{t('DATA_VIEWS.MONITOR.SECONDARY')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={`${row.siteId}-${row.formId}`} data-testid="verification-row">
                      <Table.Td>{row.siteName}</Table.Td>
                      <Table.Td>{row.formName}</Table.Td>
                      <Table.Td ta="end">{format.number(row.forms)}</Table.Td>
                      <Table.Td ta="end">{format.number(row.answers)}</Table.Td>
                      <Table.Td ta="end">{format.number(row.verifiedPrimary)}</Table.Td>
                      <Table.Td>
                        <ShareCell share={row.primaryShare} label={t('DATA_VIEWS.MONITOR.PRIMARY')} />
                      </Table.Td>
                      {hasSecondary && (
                        <Table.Td>
                          <ShareCell share={row.secondaryShare} label={t('DATA_VIEWS.MONITOR.SECONDARY')} />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </>
  );
}
