import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './document-title';
import { LanguageSwitch } from './language-switch';

/** The frame of the public account pages, like the login page: product name, title, a card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle([{ label: title }]);
  return (
    <Box component="main" mih="100dvh" bg="gray.0" p="md">
      <Group justify="flex-end">
        <LanguageSwitch />
      </Group>
      <Center mih="calc(100dvh - 120px)">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={460}>
          <Stack gap="xs" mb="lg" align="center">
            <Text fw={800} fz={28} c="blue.7">
              Trialbase
            </Text>
            <Text c="dimmed" size="sm" ta="center">
              {t('LOGIN.SUBTITLE')}
            </Text>
          </Stack>
          <Title order={1} fz="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}
