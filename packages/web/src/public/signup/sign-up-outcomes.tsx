import { Alert, Progress, Stack, Text, Title } from '@mantine/core';
import { usePublicTranslation } from '../app/use-public-translation';

/** Spec 002 §2: "please wait / loading your data" with a progress bar while the new link is validated. */
export function SignUpLoading() {
  const { t } = usePublicTranslation();
  return (
    <Stack gap="md" py="xl" role="status" aria-live="polite">
      <Title order={1} size="h2">
        {t('SIGNUP.LOADING_TITLE')}
      </Title>
      <Text>{t('SIGNUP.LOADING_TEXT')}</Text>
      <Progress value={100} animated striped aria-label={t('SIGNUP.LOADING_TEXT')} />
    </Stack>
  );
}

/** Spec 002 §2, §8: the failure screen, UNABLE_TO_REGISTER and CONTACT_STUDY_RESPONSIBLE. */
export function SignUpFailure() {
  const { t } = usePublicTranslation();
  return (
    <Stack gap="md" py="xl" role="alert">
      <Title order={1} size="h2">
        {t('SIGNUP.UNABLE_TO_REGISTER')}
      </Title>
      <Text>{t('SIGNUP.CONTACT_STUDY_RESPONSIBLE')}</Text>
    </Stack>
  );
}

/** Spec 002 §7: the site information could not be loaded: ERRORS.500 in the page. */
export function SignUpLoadError() {
  const { t } = usePublicTranslation();
  return (
    <Alert color="red" role="alert" title={t('SIGNUP.TITLE')}>
      {t('PUBLIC.ERRORS.500')}
    </Alert>
  );
}
