import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { truncateStudyName } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { SafetyContactsCard } from '../adverse-events/safety-contacts-card';
import { BuildCheckCard } from '../build-check/build-check-card';
import { OpenQueriesCard } from '../queries/open-queries-card';
import { AmendmentCard } from './amendment-card';
import { useStudy, useStudyOverview } from './api';
import { LifecycleActions } from './lifecycle-actions';
import { ModulesPanel } from './modules-panel';
import { ParticipantSettingsCard } from './participant-settings-card';
import { SettingsSection } from './settings-section';
import { StudyStatusBadge } from './study-status-badge';

function Tile({ label, value, testId }: { label: string; value: number | null | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} title={value === null ? t('STUDY.OVERVIEW.NOT_AVAILABLE') : undefined}>
        {value === null || value === undefined ? '—' : value}
      </Text>
    </Card>
  );
}

/** /study/{studyId}/overview (spec 001 §2): tiles, amendment summary, lifecycle, settings, participant settings and modules. */
export function StudyOverviewPage() {
  const { t } = useTranslation();
  const { studyId = '' } = useParams();
  const study = useStudy(studyId);
  const overview = useStudyOverview(studyId);
  if (!study.data) return <FullPageLoader />;
  const s = study.data;
  const counts = overview.data?.counts;
  return (
    <>
      <PageHeader
        crumbs={[{ label: t('STUDY.TITLE'), to: '/study' }, { label: truncateStudyName(s.studyName) }]}
        actions={<StudyStatusBadge status={s.status} />}
        description={s.description ?? undefined}
      />
      <Stack gap="lg">
        <section aria-label={t('STUDY.OVERVIEW.TITLE')}>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <Tile
              label={t('STUDY.OVERVIEW.FORMS')}
              value={counts ? counts.forms : undefined}
              testId="tile-forms"
            />
            <Tile
              label={t('STUDY.OVERVIEW.PROCESSES')}
              value={counts ? counts.processes : undefined}
              testId="tile-processes"
            />
            <Tile label={t('STUDY.OVERVIEW.SITES')} value={counts?.sites} testId="tile-sites" />
            <Tile label={t('STUDY.OVERVIEW.STARTED')} value={counts?.startedStudies} testId="tile-started" />
            <Tile label={t('STUDY.OVERVIEW.SUBJECTS')} value={counts?.subjects} testId="tile-subjects" />
          </SimpleGrid>
        </section>
        <OpenQueriesCard studyId={studyId} count={counts?.openQueries} />
        <AmendmentCard study={s} overview={overview.data} />
        <BuildCheckCard studyId={studyId} />
        <LifecycleActions study={s} />
        <SettingsSection study={s} />
        <ParticipantSettingsCard study={s} />
        <SafetyContactsCard study={s} />
        <ModulesPanel study={s} />
      </Stack>
    </>
  );
}
