import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type CompletionViewProps = {
  /** The server said the answers excluded the subject (spec 001 §2 excluded variant). */
  isExcluded: boolean;
  reviewUrl: string;
  backUrl: string;
};

/** Spec 001 §2: the completion page after the last form of a data event, with an excluded variant. */
export function CompletionView({ isExcluded, reviewUrl, backUrl }: CompletionViewProps) {
  const { t } = useTranslation();
  const key = isExcluded ? 'EXCLUDED_' : '';
  return (
    <Center py="xl">
      <Paper
        withBorder
        radius="md"
        p="xl"
        maw={560}
        w="100%"
        data-testid="completion"
        data-excluded={isExcluded}
      >
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={isExcluded ? 'orange' : 'teal'}>
            {isExcluded ? <IconUserX size={32} aria-hidden /> : <IconCircleCheck size={32} aria-hidden />}
          </ThemeIcon>
          <Title order={2} fz="h3">
            {t(`QUESTIONNAIRES.COMPLETION.${key}TITLE`)}
          </Title>
          <Text>{t(`QUESTIONNAIRES.COMPLETION.${key}TEXT`)}</Text>
          <Stack gap="xs" w="100%" maw={280}>
            <Button component={Link} to={reviewUrl} data-testid="open-review">
              {t('QUESTIONNAIRES.ACTIONS.REVIEW')}
            </Button>
            <Button component={Link} to={backUrl} variant="default">
              {t('QUESTIONNAIRES.ACTIONS.BACK')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}
