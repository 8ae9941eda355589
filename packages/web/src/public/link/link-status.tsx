import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { usePublicTranslation } from '../app/use-public-translation';
import { isRetryable, type LinkProblem, linkProblemMessages } from './link-errors';

/** A busy state the screen reader announces (spec 002 §2: a loading state while the link is checked). */
export function LinkLoading({ label }: { label: string }) {
  return (
    <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <Text>{label}</Text>
    </Stack>
  );
}

/**
 * Spec 002 §8: a friendly full-page message for a link that cannot be used, in the participant's
 * language, with a retry where trying again can help.
 */
export function LinkStatus({ problem, onRetry }: { problem: LinkProblem; onRetry?: () => void }) {
  const { t } = usePublicTranslation();
  const { title, text } = linkProblemMessages(problem);
  const canRetry = onRetry !== undefined && isRetryable(problem);
  return (
    <Stack align="center" gap="md" py="xl" ta="center" role="alert" data-problem={problem}>
      <Title order={1} size="h2">
        {t(title)}
      </Title>
      <Text size="lg" maw={560}>
        {t(text)}
      </Text>
      {!canRetry && problem !== 'COMPLETED' && (
        <Text c="gray.7" maw={560}>
          {t('LINK.CONTACT')}
        </Text>
      )}
      {canRetry && (
        <Button size="md" mih={44} onClick={onRetry}>
          {t('LINK.RETRY')}
        </Button>
      )}
    </Stack>
  );
}
