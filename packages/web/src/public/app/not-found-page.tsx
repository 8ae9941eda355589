import { Button, Stack, Text, Title } from '@mantine/core';
import { PublicLayout } from './layout';
import { usePublicTranslation } from './use-public-translation';

/** Spec 002 §8 stock 404 page for public paths that do not exist. */
export function NotFoundPage() {
  const { t } = usePublicTranslation();
  return (
    <PublicLayout studyId={null}>
      <Stack align="center" gap="md" py="xl">
        <Title order={1}>{t('PUBLIC.NOT_FOUND.TITLE')}</Title>
        <Text>{t('PUBLIC.NOT_FOUND.TEXT')}</Text>
        <Button variant="light" onClick={() => window.history.back()}>
          {t('PUBLIC.GO_BACK')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}
