import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BuildCheckDiagnostic, BuildCheckSeverity } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useBuildCheck } from './api';
import { buildCheckTargetPath } from './links';

const SEVERITIES: readonly BuildCheckSeverity[] = ['ERROR', 'WARNING'];

/** A diagnostic's text: its code's message, with the reason (when the code has one) spelled out. */
function useDiagnosticText() {
  const { t } = useTranslation(['common', 'studies']);
  return (d: BuildCheckDiagnostic) => {
    const reason =
      typeof d.params.reason === 'string'
        ? t(`BUILD_CHECK.REASONS.${d.params.reason}`, { defaultValue: d.params.reason })
        : '';
    const field =
      typeof d.params.field === 'string'
        ? t(`BUILD_CHECK.FIELDS.${d.params.field}`, { defaultValue: d.params.field })
        : '';
    return t(`BUILD_CHECK.CODES.${d.code}`, { ...d.params, reason, field });
  };
}

function DiagnosticRow({ studyId, diagnostic }: { studyId: string; diagnostic: BuildCheckDiagnostic }) {
  const { t } = useTranslation(['common', 'studies']);
  const textOf = useDiagnosticText();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="md"
      data-testid="build-check-diagnostic"
      data-code={diagnostic.code}
    >
      <Text size="sm">{textOf(diagnostic)}</Text>
      <Anchor
        component={Link}
        to={buildCheckTargetPath(studyId, diagnostic.target)}
        size="sm"
        style={{ flexShrink: 0 }}
      >
        {t(`BUILD_CHECK.FIX.${diagnostic.target.screen}`)}
      </Anchor>
    </Group>
  );
}

/** /study/{studyId}/buildCheck (issue 23 item 3): the diagnostics, errors then warnings, each linked to its fix. */
export function BuildCheckPage() {
  const { t } = useTranslation(['common', 'studies']);
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const report = useBuildCheck(studyId);
  if (!report.data) return <FullPageLoader />;
  const { diagnostics } = report.data;
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('STUDY.TITLE'), to: '/study' },
          { label: abilities.studyName ?? t('BUILD_CHECK.STUDY'), to: `/study/${studyId}/overview` },
          { label: t('BUILD_CHECK.TITLE') },
        ]}
        description={t('BUILD_CHECK.INTRO')}
        actions={
          <Button variant="default" onClick={() => void report.refetch()} loading={report.isRefetching}>
            {t('BUILD_CHECK.RUN_AGAIN')}
          </Button>
        }
      />
      <Stack gap="lg">
        {diagnostics.length === 0 ? (
          <Alert color="green" data-testid="build-check-clean">
            {t('BUILD_CHECK.CLEAN')}
          </Alert>
        ) : (
          <Alert color={report.data.isBlocking ? 'red' : 'yellow'} data-testid="build-check-verdict">
            {t(report.data.isBlocking ? 'BUILD_CHECK.BLOCKING' : 'BUILD_CHECK.NOT_BLOCKING')}
          </Alert>
        )}
        {SEVERITIES.map((severity) => {
          const group = diagnostics.filter((d) => d.severity === severity);
          if (group.length === 0) return null;
          return (
            <Card
              key={severity}
              withBorder
              radius="md"
              padding="md"
              component="section"
              aria-label={t(`BUILD_CHECK.SEVERITY.${severity}`)}
            >
              <Group gap="sm" mb="sm">
                <Title order={2} fz="h4">
                  {t(`BUILD_CHECK.SEVERITY.${severity}`)}
                </Title>
                <Badge color={severity === 'ERROR' ? 'red' : 'yellow'}>{group.length}</Badge>
              </Group>
              <Stack gap="xs">
                {group.map((d) => (
                  <DiagnosticRow key={d.id} studyId={studyId} diagnostic={d} />
                ))}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </>
  );
}
