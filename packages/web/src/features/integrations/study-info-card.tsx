import { Code, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type StudyInfo, type StudyInfoFormat, studyInfoAsText } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2 API access: study info shown as JSON or as text (the same text the API gives with ?format=text). */
export function StudyInfoCard({ info }: { info: StudyInfo }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<StudyInfoFormat>('json');
  const content = format === 'json' ? JSON.stringify(info, null, 2) : studyInfoAsText(info);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} fz="h4">
            {t('INTEGRATIONS.STUDY_INFO')}
          </Title>
          <SegmentedControl
            aria-label={t('INTEGRATIONS.FORMAT')}
            value={format}
            onChange={(value) => setFormat(value as StudyInfoFormat)}
            data={[
              { value: 'json', label: t('INTEGRATIONS.FORMAT_JSON') },
              { value: 'text', label: t('INTEGRATIONS.FORMAT_TEXT') },
            ]}
            size="xs"
          />
        </Group>
        <Text size="sm" c="dimmed">
          {t('INTEGRATIONS.STUDY_INFO_HINT')}
        </Text>
        <Code
          block
          dir="ltr"
          data-testid="study-info"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {content}
        </Code>
      </Stack>
    </Paper>
  );
}
