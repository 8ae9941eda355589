import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StudyDetail, StudyOverview } from '@trialbase/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AmendmentFormChoices } from './amendment-form-choices';
import { AmendmentSteps } from './amendment-steps';
import { formatInStudyZone } from './amendment-time';
import { useAmendmentSummary } from './api';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/**
 * Spec 001 §2 overview amendment summary (issue 23): outside an amendment the count of amendments so
 * far; during one who started it, when, its kind, the scheduled finish (study time zone and format),
 * what changed so far with the per-form version choice, and the steps the caller may take.
 */
export function AmendmentCard({
  study,
  overview,
}: {
  study: StudyDetail;
  overview: StudyOverview | undefined;
}) {
  const { t } = useTranslation(['common', 'studies']);
  const isOpen = study.status === 'AMENDMENT';
  const summary = useAmendmentSummary(study.id, isOpen);
  const running = isOpen ? summary.data?.amendment : null;
  const when = (iso: string) =>
    `${formatInStudyZone(iso, study.timeZone, study.dateTimeFormat)} (${study.timeZone})`;

  if (!running) {
    return (
      <Card withBorder radius="md" padding="md" data-testid="amendment-card">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('STUDY.OVERVIEW.AMENDMENTS')}
          </Title>
          <Text c="dimmed" size="sm">
            {overview && overview.amendments.total > 0
              ? overview.amendments.total
              : t('STUDY.OVERVIEW.NO_AMENDMENTS')}
          </Text>
        </Group>
      </Card>
    );
  }
  const hasChanges = running.changedForms.length > 0 || running.changedProcesses.length > 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="amendment-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4">
            {t('STUDY.AMENDMENT.RUNNING')}
          </Title>
          <Badge color={running.isBlocking ? 'orange' : 'blue'} variant="light" data-testid="amendment-kind">
            {running.isBlocking ? t('STUDY.AMENDMENT.KIND_BLOCKING') : t('STUDY.AMENDMENT.KIND_NON_BLOCKING')}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Fact label={t('STUDY.AMENDMENT.STARTED_BY')} testId="amendment-started-by">
            {running.startedBy?.name || '—'}
          </Fact>
          <Fact label={t('STUDY.AMENDMENT.STARTED_AT')} testId="amendment-started-at">
            <span dir="ltr">{when(running.startedTime)}</span>
          </Fact>
          <Fact label={t('STUDY.AMENDMENT.SCHEDULED')} testId="amendment-scheduled">
            {running.scheduledTime ? (
              <span dir="ltr">{when(running.scheduledTime)}</span>
            ) : (
              t('STUDY.AMENDMENT.NOT_SCHEDULED')
            )}
          </Fact>
        </SimpleGrid>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('STUDY.AMENDMENT.CHANGES')}
          </Text>
          {!hasChanges && (
            <Text size="sm" c="dimmed">
              {t('STUDY.AMENDMENT.NO_CHANGES')}
            </Text>
          )}
          {running.changedForms.length > 0 && (
            <AmendmentFormChoices study={study} forms={running.changedForms} />
          )}
          {running.changedProcesses.length > 0 && (
            <Stack gap={4} data-testid="amendment-processes">
              <Text size="sm" fw={600}>
                {t('STUDY.AMENDMENT.PROCESSES')}
              </Text>
              <List size="sm">
                {running.changedProcesses.map((p) => (
                  <List.Item key={p.processId}>
                    <bdi>{p.name}</bdi>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>
        <AmendmentSteps study={study} />
      </Stack>
    </Card>
  );
}
