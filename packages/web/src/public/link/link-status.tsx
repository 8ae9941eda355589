import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { usePublicTranslation } from '../app/use-public-translation';
import { isRetryable, type LinkProblem, linkProblemMessages } from './link-errors';

/**
 * Mantine's default error red, dimmed grey and blue buttons fall under 4.5:1 against white (WCAG
 * AA); the link pages use darker shades for their own content through the variables Mantine reads.
 */
export const READABLE_COLORS = {
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-primary-color-filled': 'var(--mantine-color-blue-8)',
  '--mantine-primary-color-filled-hover': 'var(--mantine-color-blue-9)',
  '--mantine-color-blue-filled': 'var(--mantine-color-blue-8)',
  '--mantine-color-blue-filled-hover': 'var(--mantine-color-blue-9)',
  '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  '--mantine-primary-color-light-color': 'var(--mantine-color-blue-9)',
} as CSSProperties;

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
    <Stack
      align="center"
      gap="md"
      py="xl"
      ta="center"
      role="alert"
      data-problem={problem}
      style={READABLE_COLORS}
    >
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
