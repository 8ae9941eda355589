import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { Link, Navigate, useParams } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { UnsupportedCard } from '../../components/unsupported-card';
import { useStudy } from '../../features/studies/api';
import { useStudyAbilities } from '../abilities';
import { PENDING_SECTIONS, type PendingSection } from './study-sections';

/**
 * Issue 12: a section of the spec that Trialbase has no screen for yet (a switched-on module
 * such as adverse events, or the data views) says so, instead of offering nothing. A module
 * the study does not have shows the unsupported card of spec 000 §6.
 */
function PendingSectionPage({ section }: { section: PendingSection }) {
  const { t } = useTranslation();
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const study = useStudy(studyId, { enabled: abilities.can('STUDY_VIEW') });
  if (abilities.isPending || (section.module && study.isLoading)) {
    return <FullPageLoader />;
  }
  if (!section.isAllowed(abilities)) return <Navigate to="/401" replace />;
  const name = t(section.label as 'NAV.DATA');
  const isSwitchedOff =
    section.module !== null && study.data !== undefined && !study.data.modules.includes(section.module);
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: name },
        ]}
      />
      {isSwitchedOff && section.module ? (
        <UnsupportedCard module={section.module} />
      ) : (
        <Card withBorder radius="md" padding="lg" maw={640} data-testid="section-not-available">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
              <IconHourglass size={22} />
            </ThemeIcon>
            <Stack gap="xs">
              <Title order={2} fz="h4">
                {t('NAV.PENDING.TITLE', { section: name })}
              </Title>
              <Text c="dimmed">{t(section.module ? 'NAV.PENDING.MODULE_TEXT' : 'NAV.PENDING.TEXT')}</Text>
              <Anchor component={Link} to={`/study/${studyId}/overview`} size="sm">
                {t('NAV.PENDING.BACK')}
              </Anchor>
            </Stack>
          </Group>
        </Card>
      )}
    </>
  );
}

/** One route per pending section, at the address the spec gives it (routes.tsv). */
export const pendingSectionRoutes: RouteObject[] = PENDING_SECTIONS.map((section) => ({
  path: `study/:studyId/${section.path}`,
  element: <PendingSectionPage section={section} />,
}));
