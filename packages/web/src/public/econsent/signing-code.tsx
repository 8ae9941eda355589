import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { type EConsentCodeChannel, formatCooldown, OTP_CODE_LENGTH } from '@trialbase/domain';
import type { Ref } from 'react';
import type { PublicKey } from '../app/i18n';
import { usePublicTranslation } from '../app/use-public-translation';
import { useCountdown } from '../link/use-countdown';

/** Where the signing code stands: not asked yet, being sent, sent (to which channels), or refused. */
export type CodeState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; channels: readonly ('EMAIL' | 'SMS')[] }
  | { kind: 'recent' };

function sentKey(state: CodeState): PublicKey | null {
  if (state.kind === 'recent') return 'ECONSENT.SIGN.CODE_SENT_RECENTLY';
  if (state.kind !== 'sent') return null;
  const hasEmail = state.channels.includes('EMAIL');
  const hasSms = state.channels.includes('SMS');
  if (hasEmail && hasSms) return 'ECONSENT.SIGN.CODE_SENT_BOTH';
  return hasSms ? 'ECONSENT.SIGN.CODE_SENT_SMS' : 'ECONSENT.SIGN.CODE_SENT_EMAIL';
}

/**
 * Issue 24, 21 CFR 11.200 / DESIGN.md: the participant's identity is confirmed by a one-time code
 * sent to their email address or phone; asked for here, entered beside the signature.
 */
export function SigningCode({
  channels,
  state,
  cooldownUntil,
  code,
  error,
  disabled,
  inputRef,
  onRequest,
  onCode,
}: {
  channels: readonly { channel: EConsentCodeChannel; maskedTo: string }[];
  state: CodeState;
  cooldownUntil: number | null;
  code: string;
  error: string | null;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
  onRequest: (channel: EConsentCodeChannel) => void;
  onCode: (code: string) => void;
}) {
  const { t } = usePublicTranslation();
  const cooldown = useCountdown(cooldownUntil);
  const message = sentKey(state);
  const hasAsked = state.kind === 'sent' || state.kind === 'recent';
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('ECONSENT.SIGN.IDENTITY_HEADING')}
      </Title>
      <Text>{t('ECONSENT.SIGN.IDENTITY_INTRO')}</Text>
      {channels.length === 0 ? (
        <Alert color="yellow" data-testid="econsent-no-channel">
          {t('ECONSENT.SIGN.NO_CHANNEL')}
        </Alert>
      ) : (
        <Stack gap="xs" align="flex-start">
          {channels.map(({ channel, maskedTo }) => (
            <Button
              key={channel}
              variant={hasAsked ? 'subtle' : 'light'}
              mih={44}
              h="auto"
              py={6}
              onClick={() => onRequest(channel)}
              loading={state.kind === 'sending'}
              disabled={disabled || cooldown > 0}
              data-testid={`econsent-send-code-${channel.toLowerCase()}`}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
            >
              {cooldown > 0
                ? t('ECONSENT.SIGN.RESEND_IN', { time: formatCooldown(cooldown) })
                : t(channel === 'SMS' ? 'ECONSENT.SIGN.SEND_SMS' : 'ECONSENT.SIGN.SEND_EMAIL', {
                    // Isolated, so an address keeps its order in a right-to-left sentence.
                    to: `\u2068${maskedTo}\u2069`,
                  })}
            </Button>
          ))}
        </Stack>
      )}
      <div role="status" aria-live="polite">
        {state.kind === 'sending' ? (
          <Group gap="sm">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('PUBLIC.LOADING')}</Text>
          </Group>
        ) : (
          message && (
            <Text fw={500} data-testid="econsent-code-sent">
              {t(message)}
            </Text>
          )
        )}
      </div>
      <Group align="start" gap="sm" wrap="wrap">
        <TextInput
          ref={inputRef}
          label={t('ECONSENT.SIGN.CODE')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_CODE_LENGTH}
          value={code}
          disabled={disabled}
          onChange={(event) => onCode(event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH))}
          error={error}
          size="md"
          w={200}
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          dir="ltr"
          data-testid="econsent-code"
        />
      </Group>
    </Stack>
  );
}
