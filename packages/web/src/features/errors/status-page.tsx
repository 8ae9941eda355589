import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBack, IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/document-title';

type StatusPageProps = {
  code: string;
  title: string;
  message: string;
  /** Which action is the main one; both are offered (spec 000 §2, 002 §8 stock pages). */
  primary: 'home' | 'back';
  children?: ReactNode;
};

/** The stock error pages: a big code, a title, the stock text and the way out. */
export function StatusPage({ code, title, message, primary, children }: StatusPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle([{ label: title }]);

  const handleGoHome = () => {
    void navigate('/study');
  };
  const handleGoBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/study');
  };

  const home = (
    <Button
      key="home"
      variant={primary === 'home' ? 'filled' : 'default'}
      leftSection={<IconHome size={18} aria-hidden />}
      onClick={handleGoHome}
    >
      {t('ERRORS.GO_HOME')}
    </Button>
  );
  const back = (
    <Button
      key="back"
      variant={primary === 'back' ? 'filled' : 'default'}
      leftSection={<IconArrowBack size={18} aria-hidden className="tb-flip-rtl" />}
      onClick={handleGoBack}
    >
      {t('ERRORS.GO_BACK')}
    </Button>
  );

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text fz={72} fw={800} c="gray.4" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {message}
        </Text>
        {children}
        <Group justify="center" gap="sm">
          {primary === 'home' ? [home, back] : [back, home]}
        </Group>
      </Stack>
    </Center>
  );
}
