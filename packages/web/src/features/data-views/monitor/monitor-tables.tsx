import { Anchor, Badge, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { type MonitorFigures, type MonitorLink, type MonitorView, shareOf } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tokenPagePath } from '../../questionnaires/token-links';
import { useNumberFormat } from '../format';
import { Pager, type PageState } from '../pager';

const LINK_COLORS = { QUERY: 'blue', MISSING_DATA: 'yellow', OVERDUE: 'orange', EXPIRED: 'red' } as const;

/** A verification share as a bar with its percentage (– without answers). */
function VerificationBar({ part, whole, label }: { part: number; whole: number; label: string }) {
  const format = useNumberFormat();
  const share = shareOf(part, whole);
  return (
    <Stack gap={2} miw={90}>
      <Text size="xs" fw={600}>
        {share === null ? '–' : format.percent(share)}
      </Text>
      <Progress value={(share ?? 0) * 100} size="sm" aria-label={label} color="green" />
    </Stack>
  );
}

function FigureCells({ row, hasSecondary }: { row: MonitorFigures; hasSecondary: boolean }) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  return (
    <>
      <Table.Td>
        <VerificationBar
          part={row.verifiedPrimary}
          whole={row.answers}
          label={t('DATA_VIEWS.MONITOR.PRIMARY')}
        />
      </Table.Td>
      {hasSecondary && (
        <Table.Td>
          <VerificationBar
            part={row.verifiedSecondary}
            whole={row.answers}
            label={t('DATA_VIEWS.MONITOR.SECONDARY')}
          />
        </Table.Td>
      )}
      <Table.Td ta="end" data-figure="openQueries">
        {format.number(row.openQueries)}
      </Table.Td>
      <Table.Td ta="end" data-figure="missingData">
        {format.number(row.missingData)}
      </Table.Td>
      <Table.Td ta="end" data-figure="overdueEvents">
        {format.number(row.overdueEvents)}
      </Table.Td>
      <Table.Td ta="end" data-figure="expiredEvents">
        {format.number(row.expiredEvents)}
      </Table.Td>
    </>
  );
}

function FigureHeaders({ hasSecondary }: { hasSecondary: boolean }) {
  const { t } = useTranslation(['common', 'data-views']);
  return (
    <>
      <Table.Th>{t('DATA_VIEWS.MONITOR.PRIMARY')}</Table.Th>
      {hasSecondary && <Table.Th>{t('DATA_VIEWS.MONITOR.SECONDARY')}</Table.Th>}
      <Table.Th ta="end">{t('DATA_VIEWS.MONITOR.OPEN_QUERIES')}</Table.Th>
      <Table.Th ta="end">{t('DATA_VIEWS.MONITOR.MISSING')}</Table.Th>
      <Table.Th ta="end">{t('DATA_VIEWS.MONITOR.OVERDUE')}</Table.Th>
      <Table.Th ta="end">{t('DATA_VIEWS.MONITOR.EXPIRED')}</Table.Th>
    </>
  );
}

/** Spec 001 §2 monitor tab: the figures of each of the caller's sites. */
export function MonitorSiteTable({
  rows,
  hasSecondary,
}: {
  rows: MonitorView['sites'];
  hasSecondary: boolean;
}) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="monitor-sites-title">
      <Title order={3} fz="md" mb="xs" id="monitor-sites-title">
        {t('DATA_VIEWS.MONITOR.PER_SITE')}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder fz="sm" data-testid="monitor-sites">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('DATA_VIEWS.COLUMNS.SITE')}</Table.Th>
              <Table.Th ta="end">{t('DATA_VIEWS.MONITOR.SUBJECTS')}</Table.Th>
              <FigureHeaders hasSecondary={hasSecondary} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.siteId} data-testid="monitor-site-row">
                <Table.Th scope="row" fw={500}>
                  {row.siteName}
                </Table.Th>
                <Table.Td ta="end">{format.number(row.subjects)}</Table.Td>
                <FigureCells row={row} hasSecondary={hasSecondary} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

function linkPath(studyId: string, subjectId: string, link: MonitorLink): string {
  if (!link.formId) return `/study/${studyId}/patient/${subjectId}?selected=records`;
  return tokenPagePath(
    'review',
    { studyId, enrollmentId: link.enrollmentId, tokenId: link.tokenId, dataEventId: link.dataEventId },
    { questionnaireTemplateId: link.formId },
  );
}

type SubjectTableProps = {
  studyId: string;
  data: MonitorView;
  hasSecondary: boolean;
  page: PageState;
  onPage: (page: PageState) => void;
};

/** Spec 001 §2 monitor tab: a page of subjects with their figures and links to the forms needing attention. */
export function MonitorSubjectTable({ studyId, data, hasSecondary, page, onPage }: SubjectTableProps) {
  const { t } = useTranslation(['common', 'data-views']);
  const siteName = (id: string) => data.sites.find((s) => s.siteId === id)?.siteName ?? '';
  const subjects = data.subjects;
  return (
    <section aria-labelledby="monitor-subjects-title">
      <Title order={3} fz="md" mb="xs" id="monitor-subjects-title">
        {t('DATA_VIEWS.MONITOR.PER_SUBJECT')}
      </Title>
      {subjects.total === 0 ? (
        <Text c="dimmed" data-testid="monitor-subjects-empty">
          {t('DATA_VIEWS.MONITOR.NO_SUBJECTS')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder fz="sm" data-testid="monitor-subjects">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('DATA_VIEWS.COLUMNS.SUBJECT')}</Table.Th>
                  <Table.Th>{t('DATA_VIEWS.COLUMNS.SITE')}</Table.Th>
                  <FigureHeaders hasSecondary={hasSecondary} />
                  <Table.Th>{t('DATA_VIEWS.MONITOR.ATTENTION')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subjects.items.map((row) => (
                  <Table.Tr key={row.subjectId} data-testid="monitor-subject-row">
                    <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      <Anchor
                        component={Link}
                        to={`/study/${studyId}/patient/${row.subjectId}?selected=records`}
                      >
                        {row.patientId}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{siteName(row.siteId)}</Table.Td>
                    <FigureCells row={row} hasSecondary={hasSecondary} />
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        {row.links.map((link) => (
                          <Badge
                            key={`${link.kind}-${link.tokenId}-${link.formId ?? ''}`}
                            component={Link}
                            to={linkPath(studyId, row.subjectId, link)}
                            color={LINK_COLORS[link.kind]}
                            variant="light"
                            style={{ cursor: 'pointer' }}
                            data-testid="monitor-link"
                            data-kind={link.kind}
                          >
                            {t(`DATA_VIEWS.MONITOR.LINKS.${link.kind}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager total={subjects.total} value={page} onChange={onPage} testId="monitor-pager" />
        </>
      )}
    </section>
  );
}
