import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: how long "Show key" reveals the key before it hides itself again. */
export const REVEAL_SECONDS = 30;

/**
 * Spec 001 §2 API access: the new key, hidden by default; "Show key" reveals it with a
 * countdown progress bar, after which it is hidden again. Copying works while hidden.
 */
export function RevealedKey({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const isShown = secondsLeft > 0;

  useEffect(() => {
    if (!isShown) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [isShown]);

  const handleToggle = () => setSecondsLeft(isShown ? 0 : REVEAL_SECONDS);

  return (
    <Alert color="teal" variant="light" icon={<IconKey size={18} />} title={t('INTEGRATIONS.NEW_KEY')}>
      <Stack gap="xs">
        <Text size="sm">{t('INTEGRATIONS.RENEWED')}</Text>
        <TextInput
          aria-label={t('INTEGRATIONS.NEW_KEY')}
          data-testid="api-key-value"
          value={isShown ? apiKey : '•'.repeat(32)}
          readOnly
          dir="ltr"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={
            <CopyButton value={apiKey} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('INTEGRATIONS.COPIED') : t('INTEGRATIONS.COPY')}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('INTEGRATIONS.COPY')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={isShown ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            onClick={handleToggle}
          >
            {isShown ? t('INTEGRATIONS.HIDE_KEY') : t('INTEGRATIONS.SHOW_KEY')}
          </Button>
          <Text size="xs" c="dimmed">
            {isShown
              ? t('INTEGRATIONS.HIDDEN_IN', { seconds: String(secondsLeft) })
              : t('INTEGRATIONS.NEW_KEY_HINT')}
          </Text>
        </Group>
        {isShown && (
          <Progress
            value={(secondsLeft / REVEAL_SECONDS) * 100}
            size="sm"
            aria-label={t('INTEGRATIONS.HIDDEN_IN', { seconds: String(secondsLeft) })}
            transitionDuration={1000}
          />
        )}
      </Stack>
    </Alert>
  );
}
