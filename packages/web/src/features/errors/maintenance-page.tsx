import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSystemInfo } from '../../app/system-info';
import { useDocumentTitle } from '../../components/document-title';

/** /BRB: every route lands here while the system is in maintenance mode (spec 000 §2). */
export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const systemInfo = useSystemInfo();
  useDocumentTitle([{ label: t('BRB.TITLE') }]);

  const handleRetry = async () => {
    const result = await systemInfo.refetch();
    if (result.data && !result.data.maintenanceMode) await navigate('/', { replace: true });
  };

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconTool size={40} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('BRB.TITLE')}
        </Title>
        <Text c="dimmed" size="lg">
          {t('BRB.TEXT')}
        </Text>
        <Button onClick={() => void handleRetry()} loading={systemInfo.isFetching}>
          {t('COMMON.RETRY')}
        </Button>
      </Stack>
    </Center>
  );
}
