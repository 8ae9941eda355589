import '@mantine/core/styles/ThemeIcon.css';
import { Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { usePublicTranslation } from '../app/use-public-translation';

/** Spec 002 §2: the completion page (100 %), and its variant when the participant was excluded. */
export function CompletionView({ isExcluded }: { isExcluded: boolean }) {
  const { t } = usePublicTranslation();
  return (
    <Stack
      gap="lg"
      align="center"
      ta="center"
      py="xl"
      data-completion={isExcluded ? 'excluded' : 'completed'}
    >
      <Progress value={100} w="100%" aria-label={t('QUESTIONNAIRE.PROGRESS')} />
      <ThemeIcon size={64} radius="xl" variant="light" color={isExcluded ? 'gray' : 'teal'} aria-hidden>
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Stack gap="sm" align="center" role="status">
        <Title order={1} fz="h2">
          {t(isExcluded ? 'QUESTIONNAIRE.EXCLUDED_TITLE' : 'QUESTIONNAIRE.COMPLETED_TITLE')}
        </Title>
        <Text maw={520}>
          {t(isExcluded ? 'QUESTIONNAIRE.EXCLUDED_TEXT' : 'QUESTIONNAIRE.COMPLETED_TEXT')}
        </Text>
      </Stack>
    </Stack>
  );
}
