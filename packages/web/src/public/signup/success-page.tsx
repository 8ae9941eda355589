import '@mantine/core/styles/ThemeIcon.css';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PublicLayout } from '../app/layout';
import type { PageProps } from '../app/routes';
import { usePublicTranslation } from '../app/use-public-translation';
import classes from './success-page.module.css';

/** Spec 002 §2 success screen: thanks, application sent, the page can be closed; the icon fades in over 2 s. */
export function SuccessPage(_props: PageProps) {
  const { t } = usePublicTranslation();
  return (
    <div>
      <PublicLayout studyId={null}>
        <Stack align="center" gap="md" py="xl" ta="center" role="status" aria-live="polite">
          <ThemeIcon size={88} radius={88} color="teal" variant="light" className={classes.icon}>
            <IconCircleCheck size={64} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('SIGNUP.SUCCESS.TITLE')}
          </Title>
          <Text size="lg">{t('SIGNUP.SUCCESS.SENT')}</Text>
          <Text c="dimmed">{t('SIGNUP.SUCCESS.CLOSE')}</Text>
        </Stack>
      </PublicLayout>
    </div>
  );
}
