import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Issue 19 item 4: the study overview's count of queries still open (open plus responded, on the
 * caller's sites when site-limited), with a link to the query list. Hidden without query view
 * (the overview then sends null).
 */
export function OpenQueriesCard({ studyId, count }: { studyId: string; count: number | null | undefined }) {
  const { t } = useTranslation(['common', 'queries']);
  if (count === null || count === undefined) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="open-queries-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Title order={2} fz="h4">
            {t('QUERIES.OVERVIEW.OPEN')}
          </Title>
          <Text fz={24} fw={700} data-testid="open-queries-count">
            {count}
          </Text>
        </Group>
        <Anchor component={Link} to={`/study/${studyId}/queries`} size="sm">
          {t('QUERIES.OVERVIEW.SHOW')}
        </Anchor>
      </Group>
    </Card>
  );
}
