import { Stack, Text, Title } from '@mantine/core';
import { usePublicTranslation } from '../app/use-public-translation';

/** Spec 002 §2: when signing is unavailable, the participant is told to contact the study. */
export function UnavailableView() {
  const { t } = usePublicTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center" role="alert" data-testid="econsent-unavailable">
      <Title order={1} size="h2">
        {t('ECONSENT.UNAVAILABLE.TITLE')}
      </Title>
      <Text size="lg" maw={560}>
        {t('ECONSENT.UNAVAILABLE.TEXT')}
      </Text>
    </Stack>
  );
}
