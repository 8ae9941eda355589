import { Anchor, Box, Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/ThemeIcon.css';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatCooldown } from '@trialbase/domain';
import type { FormEvent, ReactNode } from 'react';
import { isolateText } from '../../features/forms/renderer/text';
import { usePublicTranslation } from '../app/use-public-translation';

/** Touch targets of at least 44 px. */
const TOUCH = { size: 'md', styles: { input: { minBlockSize: 44 } } } as const;

/** Spec 002 §2 unsubscribe step 1: the email address on file. */
export function EmailStep(props: {
  email: string;
  error?: string;
  isBusy: boolean;
  onEmail: (value: string) => void;
  onSubmit: (event: FormEvent) => Promise<void>;
}) {
  const { t } = usePublicTranslation();
  return (
    <Box component="form" noValidate onSubmit={(event) => void props.onSubmit(event)}>
      <Stack>
        <Title order={2} size="h4">
          {t('UNSUBSCRIBE.STEPS.EMAIL')}
        </Title>
        <Text>{t('UNSUBSCRIBE.EMAIL_INTRO')}</Text>
        <TextInput
          label={t('UNSUBSCRIBE.EMAIL')}
          type="email"
          autoComplete="email"
          withAsterisk
          {...TOUCH}
          value={props.email}
          error={props.error}
          onChange={(event) => props.onEmail(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" color="blue.8" size="md" mih={44} loading={props.isBusy}>
            {t('UNSUBSCRIBE.SEND_CODE')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/** Spec 002 §2 unsubscribe step 2: the emailed code, a resend with its mm:ss cooldown, the captcha. */
export function CodeStep(props: {
  email: string;
  code: string;
  error?: string;
  isBusy: boolean;
  cooldown: number;
  canSubmit: boolean;
  captcha: ReactNode;
  onCode: (value: string) => void;
  onSubmit: (event: FormEvent) => Promise<void>;
  onResend: () => void;
  onOtherEmail: () => void;
}) {
  const { t } = usePublicTranslation();
  return (
    <Box component="form" noValidate onSubmit={(event) => void props.onSubmit(event)}>
      <Stack>
        <Title order={2} size="h4">
          {t('UNSUBSCRIBE.STEPS.CODE')}
        </Title>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('UNSUBSCRIBE.CODE_INTRO', { email: isolateText(props.email) })}
        </Text>
        <TextInput
          label={t('UNSUBSCRIBE.CODE')}
          inputMode="numeric"
          autoComplete="one-time-code"
          withAsterisk
          {...TOUCH}
          value={props.code}
          error={props.error}
          onChange={(event) => props.onCode(event.currentTarget.value)}
        />
        {props.captcha}
        <Group justify="space-between">
          <Button
            type="submit"
            color="blue.8"
            size="md"
            mih={44}
            loading={props.isBusy}
            disabled={!props.canSubmit}
          >
            {t('UNSUBSCRIBE.CONFIRM')}
          </Button>
          <Button
            variant="subtle"
            color="blue.8"
            size="md"
            mih={44}
            disabled={props.isBusy || props.cooldown > 0}
            onClick={props.onResend}
          >
            {t('UNSUBSCRIBE.RESEND')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {props.cooldown > 0 ? t('UNSUBSCRIBE.RESEND_IN', { time: formatCooldown(props.cooldown) }) : ''}
        </Text>
        <Anchor component="button" type="button" c="blue.8" onClick={props.onOtherEmail} mih={44}>
          {t('UNSUBSCRIBE.OTHER_EMAIL')}
        </Anchor>
      </Stack>
    </Box>
  );
}

/** Spec 002 §2 unsubscribe step 3: done. */
export function DoneStep() {
  const { t } = usePublicTranslation();
  return (
    <Stack align="center" ta="center" role="status" aria-live="polite" py="lg">
      <ThemeIcon size={72} radius={72} color="teal" variant="light">
        <IconCircleCheck size={52} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h3">
        {t('UNSUBSCRIBE.DONE_TITLE')}
      </Title>
      <Text>{t('UNSUBSCRIBE.DONE_TEXT')}</Text>
    </Stack>
  );
}
