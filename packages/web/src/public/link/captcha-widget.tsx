import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type CaptchaChallenge, publicRoutes } from '@trialbase/domain';
import { useEffect, useState } from 'react';
import { callPublic } from '../app/api';
import { usePublicTranslation } from '../app/use-public-translation';
import { solveCaptchaChallenge } from './captcha-solver';

type Status = 'solving' | 'verified' | 'failed';

/**
 * Spec 002 §2, §8 captcha after more than 3 wrong codes (issue 8 item 5): solves the server's
 * ALTCHA proof of work in the background and hands the solution to the page for its next
 * attempt. "Run the check again" fetches a fresh challenge.
 */
export function CaptchaWidget({
  challenge,
  onChallenge,
  onSolved,
}: {
  challenge: CaptchaChallenge;
  onChallenge: (challenge: CaptchaChallenge) => void;
  onSolved: (solution: string | null) => void;
}) {
  const { t } = usePublicTranslation();
  const [status, setStatus] = useState<Status>('solving');
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('solving');
    setProgress(0);
    onSolved(null);
    solveCaptchaChallenge(challenge, { onProgress: setProgress, signal: controller.signal }).then(
      (solution) => {
        if (controller.signal.aborted) return;
        setStatus(solution ? 'verified' : 'failed');
        onSolved(solution);
      },
      () => {
        if (!controller.signal.aborted) setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [challenge, onSolved]);

  async function handleRetry() {
    setStatus('solving');
    try {
      onChallenge(await callPublic(publicRoutes.captchaChallenge));
    } catch {
      setStatus('failed');
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="captcha" data-status={status}>
      <Stack gap="xs">
        <Text fw={700} component="h2" size="md">
          {t('LINK.CAPTCHA.TITLE')}
        </Text>
        <Text size="sm" c="gray.7">
          {t('LINK.CAPTCHA.WHY')}
        </Text>
        <Text role="status" aria-live="polite" fw={500} c={status === 'verified' ? 'teal.9' : undefined}>
          {status === 'solving' && t('LINK.CAPTCHA.VERIFYING')}
          {status === 'verified' && `✓ ${t('LINK.CAPTCHA.VERIFIED')}`}
          {status === 'failed' && t('LINK.CAPTCHA.FAILED')}
        </Text>
        {status === 'solving' && (
          <Progress
            value={Math.round(progress * 100)}
            aria-label={t('LINK.CAPTCHA.PROGRESS')}
            animated
            transitionDuration={150}
          />
        )}
        {status === 'failed' && (
          <Group>
            <Button variant="light" mih={44} onClick={() => void handleRetry()}>
              {t('LINK.CAPTCHA.RETRY')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
