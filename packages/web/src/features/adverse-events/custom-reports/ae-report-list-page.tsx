import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { AeReportSummary } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { formatDateTime } from '../../../app/format';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { pickText } from '../../forms/renderer/text';
import { useAeReports } from './api';
import { aeReportReviewPath } from './routes';

/** Route /study/{studyId}/ae2 (spec 000 §2): the custom AE reports of the caller's sites. */
export function AeReportListPage() {
  const { t, i18n } = useTranslation();
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const canList = abilities.can('AE_LIST');
  const list = useAeReports(studyId, { enabled: canList });
  if (abilities.isPending) return <FullPageLoader />;
  if (!canList) return <Navigate to="/401" replace />;
  const reports = list.data?.reports ?? [];
  const title = (r: AeReportSummary) => pickText(r.formTitle, i18n.language);
  const next = (r: AeReportSummary) =>
    r.nextStep ? t(`AE_REPORTS.STEPS.${r.nextStep}`) : t('AE_REPORTS.LIST.COMPLETE');

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('AE_REPORTS.TITLE') },
        ]}
        description={t('AE_REPORTS.INTRO')}
      />
      {list.isPending && <Loader />}
      {list.isError && <Alert color="red">{t('AE_REPORTS.LIST.LOAD_FAILED')}</Alert>}
      {list.isSuccess && reports.length === 0 && <Text c="dimmed">{t('AE_REPORTS.LIST.NONE')}</Text>}
      {reports.length > 0 && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('AE_REPORTS.LIST.COUNT', { count: reports.length })}
          </Text>
          {/* Cards on phones, a table from the small breakpoint up. */}
          <Stack gap="xs" hiddenFrom="sm" data-testid="ae-report-cards">
            {reports.map((r) => (
              <Card key={r.id} withBorder padding="sm" data-testid="ae-report-row">
                <Group justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={aeReportReviewPath(r)} fw={600}>
                    {r.patientId}
                  </Anchor>
                  {r.sae && <Badge color="red">{t('AE_REPORTS.LIST.SERIOUS')}</Badge>}
                </Group>
                <Text size="sm">{title(r)}</Text>
                <Text size="sm" c="dimmed">
                  {r.siteName} · {formatDateTime(r.createTime)}
                </Text>
                <Text size="sm">
                  {t('AE_REPORTS.LIST.SIGNED_OF', { signed: r.signed.length, total: r.steps.length })} ·{' '}
                  {next(r)}
                </Text>
              </Card>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="ae-report-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('AE_REPORTS.LIST.SUBJECT')}</Table.Th>
                  <Table.Th>{t('AE_REPORTS.LIST.SITE')}</Table.Th>
                  <Table.Th>{t('AE_REPORTS.LIST.FORM')}</Table.Th>
                  <Table.Th>{t('AE_REPORTS.LIST.SERIOUS')}</Table.Th>
                  <Table.Th>{t('AE_REPORTS.LIST.PROGRESS')}</Table.Th>
                  <Table.Th>{t('AE_REPORTS.LIST.NEXT')}</Table.Th>
                  <Table.Th>{t('AE_REPORTS.LIST.CREATED')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reports.map((r) => (
                  <Table.Tr key={r.id} data-testid="ae-report-row">
                    <Table.Td>
                      <Anchor component={Link} to={aeReportReviewPath(r)}>
                        {r.patientId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.siteName}</Table.Td>
                    <Table.Td>{title(r)}</Table.Td>
                    <Table.Td>
                      {r.sae ? (
                        <Badge color="red">{t('AE_REPORTS.LIST.SERIOUS')}</Badge>
                      ) : (
                        t('AE_REPORTS.LIST.NOT_SERIOUS')
                      )}
                    </Table.Td>
                    <Table.Td>
                      {t('AE_REPORTS.LIST.SIGNED_OF', { signed: r.signed.length, total: r.steps.length })}
                    </Table.Td>
                    <Table.Td>{next(r)}</Table.Td>
                    <Table.Td>
                      <span dir="ltr">{formatDateTime(r.createTime)}</span>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </>
  );
}
