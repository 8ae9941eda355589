import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { type ApiAccess, DATA_API_KEY_BUDGET } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../app/notify';
import { useSaveApiUserSettings } from './api';

/**
 * Spec 001 §2, §3 API user: what the key always reads, the viewIdentifiable setting, the data feed
 * (issue 26 item 4) and write access for the API for data, with the key's rate limit (issue 28
 * item 2); the save button appears after a change.
 */
export function ApiUserCard({ access }: { access: ApiAccess }) {
  const { t } = useTranslation();
  const save = useSaveApiUserSettings(access.studyId);
  const [viewIdentifiable, setViewIdentifiable] = useState(access.viewIdentifiable);
  const [dataFeed, setDataFeed] = useState(access.dataFeed);
  const [dataWrite, setDataWrite] = useState(access.dataWrite);
  const isDirty =
    viewIdentifiable !== access.viewIdentifiable ||
    dataFeed !== access.dataFeed ||
    dataWrite !== access.dataWrite;

  const handleSave = () => {
    save.mutate(
      { viewIdentifiable, dataFeed, dataWrite },
      { onSuccess: () => showSuccessToast(t('INTEGRATIONS.SAVED')) },
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {t('INTEGRATIONS.API_USER')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('INTEGRATIONS.API_USER_HINT')}
          </Text>
        </Stack>
        <Switch
          label={t('INTEGRATIONS.VIEW_IDENTIFIABLE')}
          description={t('INTEGRATIONS.VIEW_IDENTIFIABLE_HINT')}
          checked={viewIdentifiable}
          onChange={(event) => setViewIdentifiable(event.currentTarget.checked)}
          disabled={!access.abilities.canUpdateSettings || save.isPending}
        />
        <Switch
          label={t('INTEGRATIONS.DATA_FEED')}
          description={t('INTEGRATIONS.DATA_FEED_HINT')}
          checked={dataFeed}
          onChange={(event) => setDataFeed(event.currentTarget.checked)}
          disabled={!access.abilities.canUpdateSettings || save.isPending}
        />
        <Switch
          label={t('INTEGRATIONS.DATA_WRITE')}
          description={t('INTEGRATIONS.DATA_WRITE_HINT')}
          checked={dataWrite}
          onChange={(event) => setDataWrite(event.currentTarget.checked)}
          disabled={!access.abilities.canUpdateSettings || save.isPending}
        />
        <Alert
          variant="light"
          color="gray"
          icon={<IconGauge size={20} aria-hidden />}
          title={t('INTEGRATIONS.RATE_LIMIT')}
        >
          {t('INTEGRATIONS.RATE_LIMIT_HINT', {
            calls: DATA_API_KEY_BUDGET.calls,
            minutes: DATA_API_KEY_BUDGET.windowMinutes,
          })}
        </Alert>
        {isDirty && (
          <Group justify="flex-end">
            <Button onClick={handleSave} loading={save.isPending}>
              {t('INTEGRATIONS.SAVE')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
