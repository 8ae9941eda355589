import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { useBuildCheck } from './api';

/** Issue 23 item 3: the study overview's build-check summary (errors, warnings) with a link to the list. */
export function BuildCheckCard({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'build-check']);
  const isAllowed = useStudyAbilities(studyId).can('QUESTIONNAIRE_TEMPLATE_VIEW');
  const report = useBuildCheck(studyId, isAllowed);
  if (!isAllowed) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="build-check-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Title order={2} fz="h4">
            {t('BUILD_CHECK.TITLE')}
          </Title>
          {report.data ? (
            <Text size="sm" c={report.data.errorCount > 0 ? 'red' : 'dimmed'}>
              {t('BUILD_CHECK.SUMMARY', {
                errors: report.data.errorCount,
                warnings: report.data.warningCount,
              })}
            </Text>
          ) : null}
        </Group>
        <Anchor component={Link} to={`/study/${studyId}/buildCheck`} size="sm">
          {t('BUILD_CHECK.OPEN')}
        </Anchor>
      </Group>
    </Card>
  );
}
