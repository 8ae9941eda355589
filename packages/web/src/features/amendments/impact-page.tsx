import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AmendmentSiteImpact } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { formatDateTime } from '../../app/format';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useAmendmentImpact } from './api';
import { FormsSection, ProcessesSection, RulesSection } from './diff-sections';

const COUNTS = ['enrollments', 'openTokens', 'scheduledSendOuts'] as const;
const COUNT_LABELS = {
  enrollments: 'AMENDMENTS.IMPACT.SITES.ENROLLMENTS',
  openTokens: 'AMENDMENTS.IMPACT.SITES.OPEN_TOKENS',
  scheduledSendOuts: 'AMENDMENTS.IMPACT.SITES.SCHEDULED',
} as const;

/** On a phone the four columns do not fit: each site is a short list of its three counts. */
function SitesList({ sites }: { sites: AmendmentSiteImpact[] }) {
  const { t } = useTranslation(['amendments']);
  return (
    <Stack gap="sm" hiddenFrom="sm">
      {sites.map((site) => (
        <Stack key={site.siteId} gap={2} data-testid="impact-site-compact">
          <Text fw={600} size="sm">
            <bdi>{site.siteName}</bdi>
          </Text>
          {COUNTS.map((key) => (
            <Group key={key} justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {t(COUNT_LABELS[key])}
              </Text>
              <Text size="sm">{site[key]}</Text>
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** Issue 23 item 2: per site, the active enrolments, open tokens and scheduled send-outs touched, with a total. */
function SitesCard({ sites }: { sites: AmendmentSiteImpact[] }) {
  const { t } = useTranslation(['amendments']);
  const total = (key: (typeof COUNTS)[number]) => sites.reduce((n, s) => n + s[key], 0);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={t('AMENDMENTS.IMPACT.SITES.TITLE')}
    >
      <Title order={2} fz="h4" mb="xs">
        {t('AMENDMENTS.IMPACT.SITES.TITLE')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('AMENDMENTS.IMPACT.SITES.HELP')}
      </Text>
      {sites.length === 0 ? <Text size="sm">{t('AMENDMENTS.IMPACT.SITES.NONE')}</Text> : null}
      {sites.length > 0 ? <SitesList sites={sites} /> : null}
      {sites.length === 0 ? null : (
        <Table.ScrollContainer minWidth={300} visibleFrom="sm">
          <Table striped withTableBorder fz="sm" horizontalSpacing="xs" data-testid="impact-sites">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('AMENDMENTS.IMPACT.SITES.SITE')}</Table.Th>
                {COUNTS.map((key) => (
                  <Table.Th key={key} ta="end">
                    {t(COUNT_LABELS[key])}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sites.map((site) => (
                <Table.Tr key={site.siteId} data-testid="impact-site" data-site-id={site.siteId}>
                  <Table.Td>
                    <bdi>{site.siteName}</bdi>
                  </Table.Td>
                  {COUNTS.map((key) => (
                    <Table.Td key={key} ta="end" data-count={key}>
                      {site[key]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {sites.length > 1 ? (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td>{t('AMENDMENTS.IMPACT.SITES.TOTAL')}</Table.Td>
                  {COUNTS.map((key) => (
                    <Table.Td key={key} ta="end">
                      {total(key)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** /study/{studyId}/amendment/impact (issue 23 item 2): what the open amendment changes and touches. */
export function AmendmentImpactPage() {
  const { t } = useTranslation(['amendments', 'studies']);
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const impact = useAmendmentImpact(studyId);
  if (!impact.data) return <FullPageLoader />;
  const { diff, startedTime, isBlocking, sites } = impact.data;
  const isEmpty = diff.forms.length + diff.rules.length + diff.processes.length === 0;
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('studies:STUDY.TITLE'), to: '/study' },
          { label: abilities.studyName ?? t('AMENDMENTS.IMPACT.STUDY'), to: `/study/${studyId}/overview` },
          { label: t('AMENDMENTS.IMPACT.TITLE') },
        ]}
        description={t('AMENDMENTS.IMPACT.INTRO')}
        actions={
          <Button variant="default" onClick={() => void impact.refetch()} loading={impact.isRefetching}>
            {t('AMENDMENTS.IMPACT.REFRESH')}
          </Button>
        }
      />
      {startedTime === null ? (
        <Alert color="gray" data-testid="impact-not-open">
          {t('AMENDMENTS.IMPACT.NOT_OPEN')}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Alert color={isBlocking ? 'yellow' : 'blue'} data-testid="impact-started">
            {t('AMENDMENTS.IMPACT.STARTED', {
              time: formatDateTime(startedTime),
              mode: t(isBlocking ? 'AMENDMENTS.IMPACT.BLOCKING' : 'AMENDMENTS.IMPACT.NON_BLOCKING'),
            })}
          </Alert>
          <SitesCard sites={sites} />
          {isEmpty ? (
            <Text data-testid="impact-nothing">{t('AMENDMENTS.IMPACT.NOTHING_CHANGED')}</Text>
          ) : null}
          <FormsSection forms={diff.forms} />
          <RulesSection rules={diff.rules} />
          <ProcessesSection processes={diff.processes} />
        </Stack>
      )}
    </>
  );
}
