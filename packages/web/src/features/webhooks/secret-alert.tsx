import {
  ActionIcon,
  Alert,
  CloseButton,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once after an endpoint is registered or its secret replaced (issue 28 item 1). */
export function SecretAlert({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="teal" variant="light" icon={<IconKey size={18} />} data-testid="webhook-secret">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {t('WEBHOOKS.SECRET_TITLE')}
          </Text>
          <CloseButton onClick={onClose} aria-label={t('WEBHOOKS.SECRET_DISMISS')} />
        </Group>
        <Text size="sm">{t('WEBHOOKS.SECRET_ONCE')}</Text>
        <Text size="xs" c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Text>
        <TextInput
          aria-label={t('WEBHOOKS.SECRET')}
          data-testid="webhook-secret-value"
          value={secret}
          readOnly
          dir="ltr"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('WEBHOOKS.COPIED') : t('WEBHOOKS.COPY')}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('WEBHOOKS.COPY')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
      </Stack>
    </Alert>
  );
}
