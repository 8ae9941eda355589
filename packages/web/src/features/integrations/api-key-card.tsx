import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiAccess } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isExtendedValidationCancelled, useExtendedValidation } from '../../app/extended-validation';
import { formatDateTime } from '../../app/format';
import { handleHttpError } from '../../app/http-error-handler';
import { showSuccessToast } from '../../app/notify';
import { integrationKeys, renewApiKey } from './api';
import { RevealedKey } from './revealed-key';

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** Spec 001 §2 API access: the key's metadata and the renew action (with extended validation when asked). */
export function ApiKeyCard({ access }: { access: ApiAccess }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { withExtendedValidation } = useExtendedValidation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRenewing, setIsRenewing] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const { key, abilities } = access;

  const handleRenew = async () => {
    setIsConfirming(false);
    setIsRenewing(true);
    try {
      const renewed = await withExtendedValidation(
        access.extendedValidation,
        t('INTEGRATIONS.RENEW_MEANING'),
        (password) => renewApiKey(access.studyId, password),
      );
      setNewKey(renewed.key);
      showSuccessToast(t('INTEGRATIONS.RENEWED'));
      await queryClient.invalidateQueries({ queryKey: integrationKeys.access(access.studyId) });
    } catch (error) {
      if (!isExtendedValidationCancelled(error)) handleHttpError(error, queryClient);
    } finally {
      setIsRenewing(false);
    }
  };

  const renewButton = (
    <Button
      leftSection={<IconRefresh size={16} />}
      onClick={() => (key ? setIsConfirming(true) : void handleRenew())}
      loading={isRenewing}
      disabled={!abilities.canRenew}
    >
      {t('INTEGRATIONS.RENEW')}
    </Button>
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} fz="h4">
            {t('INTEGRATIONS.KEY_TITLE')}
          </Title>
          {abilities.canRenew ? (
            renewButton
          ) : (
            <Tooltip label={t('INTEGRATIONS.NO_RENEW_PERMISSION')}>
              <span>{renewButton}</span>
            </Tooltip>
          )}
        </Group>
        {key ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Fact
              label={t('INTEGRATIONS.PREFIX')}
              value={
                <bdi dir="ltr" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                  {`tb_${key.prefix}_…`}
                </bdi>
              }
            />
            <Fact label={t('INTEGRATIONS.CREATED')} value={formatDateTime(key.createdAt)} />
            <Fact
              label={t('INTEGRATIONS.LAST_USED')}
              value={key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('INTEGRATIONS.NEVER_USED')}
            />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {t('INTEGRATIONS.NO_KEY')}
          </Text>
        )}
        {newKey && <RevealedKey apiKey={newKey} />}
      </Stack>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('INTEGRATIONS.RENEW_CONFIRM_TITLE')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('INTEGRATIONS.RENEW_CONFIRM')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              {t('INTEGRATIONS.CANCEL')}
            </Button>
            <Button color="red" onClick={() => void handleRenew()}>
              {t('INTEGRATIONS.RENEW')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
