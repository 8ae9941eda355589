import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type CaptchaChallenge,
  formatCooldown,
  OTP_CODE_LENGTH,
  PARTICIPANT_LINK_HEADER,
  type PublicTokenInfo,
  publicRoutes,
} from '@trialbase/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { callPublic, isPublicHttpError } from '../app/api';
import { readTokenInfo, saveTokenInfo, tokenPagePath } from '../app/flow-store';
import type { PublicKey } from '../app/i18n';
import { PublicLayout } from '../app/layout';
import { showErrorToast, showSuccessToast } from '../app/notify';
import { navigate } from '../app/router';
import { useParticipantLanguage } from '../app/use-participant-language';
import { usePublicTranslation } from '../app/use-public-translation';
import { CaptchaWidget } from './captcha-widget';
import { type LinkProblem, linkProblemOf } from './link-errors';
import { LinkStatus } from './link-status';
import { continueFlow, preloadFillPage } from './next-page';
import { codeMessageOf, noticeOf, type SendState, sentMessageKey } from './otp-state';
import { useCountdown } from './use-countdown';

const FINAL_PROBLEMS: LinkProblem[] = [
  'COMPLETED',
  'EXPIRED',
  'EXCLUDED',
  'NOT_ACTIVE',
  'UNKNOWN',
  'SENDOUT',
];

/**
 * Spec 002 §2 one-time-password page, §7 requestOneTimePassword / newOneTimePassword /
 * validateOneTimePassword, §8 errors: a code is sent on opening, entered, resent after a
 * cooldown (mm:ss), and after more than 3 wrong codes a proof-of-work captcha comes first.
 */
export function OneTimePasswordPage() {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  const [info] = useState<PublicTokenInfo | null>(() => readTokenInfo());
  const [send, setSend] = useState<SendState>({ kind: 'sending' });
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const cooldown = useCountdown(cooldownUntil);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<PublicKey | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isChecking, setIsChecking] = useState(false);
  const isBusy = isSending || isChecking;
  const [notice, setNotice] = useState<PublicKey | null>(null);
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [solution, setSolution] = useState<string | null>(null);
  const hasRequested = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);

  /** Shared by every call: a disabled link goes back to its token page (spec 002 §8). */
  const handleLinkError = useCallback(
    (error: unknown): boolean => {
      // A refused code (400 VALIDATION) belongs to the field, not to the link.
      if (!info || !isPublicHttpError(error) || error.type === 'VALIDATION') return false;
      const found = linkProblemOf(error);
      if (found === 'DISABLED') {
        showErrorToast(t('LINK.OTP.VALIDATION_ERROR'));
        navigate(tokenPagePath(info.studyId, info.token.token, language), { replace: true });
        return true;
      }
      if (FINAL_PROBLEMS.includes(found)) {
        setProblem(found);
        return true;
      }
      return false;
    },
    [info, language, t],
  );

  /** Spec 002 §7: the first code on opening (GET), a new one on resend (POST); 412 = cooldown. */
  const requestCode = useCallback(
    async (isResend: boolean) => {
      if (!info) return;
      setNotice(null);
      if (!isResend) setSend({ kind: 'sending' });
      setIsSending(true);
      try {
        const sent = isResend
          ? await callPublic(publicRoutes.newCode, {
              params: { studyId: info.studyId },
              body: { token: info.token.token },
            })
          : await callPublic(publicRoutes.requestCode, {
              params: { studyId: info.studyId, tokenId: info.token.id },
              headers: { [PARTICIPANT_LINK_HEADER]: info.token.token },
            });
        setSend({ kind: 'sent', channels: sent.channels });
        setCooldownUntil(Date.now() + sent.cooldownTime * 1000);
        if (isResend) showSuccessToast(t('LINK.OTP.RESENT'));
      } catch (error) {
        if (handleLinkError(error)) return;
        if (isPublicHttpError(error) && error.status === 412) {
          const seconds = Number(error.context.cooldownTime ?? 0);
          setCooldownUntil(Date.now() + seconds * 1000);
          setSend((current) => (current.kind === 'sent' ? current : { kind: 'recent' }));
        } else {
          setSend((current) => (current.kind === 'sent' ? current : { kind: 'failed' }));
          setNotice(noticeOf(error));
        }
      } finally {
        setIsSending(false);
      }
    },
    [info, handleLinkError, t],
  );

  // The forms come next: their code downloads while the participant waits for the code (issue 16 item 5).
  useEffect(preloadFillPage, []);

  useEffect(() => {
    if (!info) {
      showErrorToast(t('PUBLIC.ERRORS.NO_DATA'), 'link-no-data');
      return;
    }
    // Once per visit, also under StrictMode's double effects: a second request would only meet the cooldown.
    if (hasRequested.current) return;
    hasRequested.current = true;
    void requestCode(false);
  }, [info, requestCode, t]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!info || isBusy) return;
    if (!new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(code)) {
      setCodeError('LINK.OTP.FORMAT');
      codeRef.current?.focus();
      return;
    }
    if (challenge && !solution) {
      setCodeError('LINK.OTP.CAPTCHA_REQUIRED');
      return;
    }
    setIsChecking(true);
    setCodeError(null);
    setNotice(null);
    try {
      const answer = await callPublic(publicRoutes.validateCode, {
        params: { studyId: info.studyId },
        body: {
          token: info.token.token,
          // Spec 002 §2: the code is sent as an integer (the server pads lost leading zeros).
          password: Number.parseInt(code, 10),
          id: info.token.id,
          ...(solution ? { captcha: solution } : {}),
        },
      });
      saveTokenInfo(answer);
      continueFlow(answer, language);
    } catch (error) {
      setIsChecking(false);
      // A captcha solution is good for one attempt only.
      setSolution(null);
      if (handleLinkError(error)) return;
      if (isPublicHttpError(error) && error.status === 400 && error.type === 'VALIDATION') {
        setCodeError(codeMessageOf(error.context));
        const next = error.context.captcha as CaptchaChallenge | undefined;
        if (error.context.captchaRequired === true && next) setChallenge(next);
        else if (error.context.captchaRequired === false) setChallenge(null);
        codeRef.current?.select();
        return;
      }
      setNotice(noticeOf(error));
      // The used solution may be spent: solve a fresh challenge before the next attempt.
      if (challenge) {
        callPublic(publicRoutes.captchaChallenge).then(setChallenge, () => undefined);
      }
    }
  }

  if (!info) {
    return (
      <PublicLayout studyId={null}>
        <Stack align="center" py="xl" role="alert">
          <Title order={1} size="h2">
            {t('LINK.STATUS.ERROR_TITLE')}
          </Title>
          <Text size="lg" ta="center">
            {t('PUBLIC.ERRORS.NO_DATA')}
          </Text>
        </Stack>
      </PublicLayout>
    );
  }

  if (problem) {
    return (
      <PublicLayout studyId={info.studyId} languages={info.languages}>
        <LinkStatus problem={problem} />
      </PublicLayout>
    );
  }

  const sentKey = sentMessageKey(send);
  return (
    <PublicLayout studyId={info.studyId} languages={info.languages}>
      <Stack gap="lg" maw={480} mx="auto">
        <Title order={1} size="h2">
          {t('LINK.OTP.TITLE')}
        </Title>
        <Text>{t('LINK.OTP.INTRO')}</Text>
        <div role="status" aria-live="polite">
          {send.kind === 'sending' ? (
            <Group gap="sm">
              <Loader size="sm" aria-hidden="true" />
              <Text>{t('LINK.OTP.SENDING')}</Text>
            </Group>
          ) : (
            sentKey && (
              <Text fw={500} data-testid="otp-sent">
                {t(sentKey)}
              </Text>
            )
          )}
        </div>
        {notice && (
          <Alert color="red" role="alert">
            {t(notice)}
          </Alert>
        )}
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="lg">
            <TextInput
              ref={codeRef}
              label={t('LINK.OTP.LABEL')}
              description={t('LINK.OTP.HINT')}
              size="lg"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_CODE_LENGTH}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH));
                setCodeError(null);
              }}
              error={codeError ? t(codeError) : undefined}
              styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
              dir="ltr"
            />
            {challenge && (
              <CaptchaWidget challenge={challenge} onChallenge={setChallenge} onSolved={setSolution} />
            )}
            <Button
              type="submit"
              size="md"
              mih={44}
              loading={isChecking}
              disabled={isSending || (challenge !== null && solution === null)}
            >
              {t('LINK.OTP.CONTINUE')}
            </Button>
            <Group justify="center">
              <Button
                variant="subtle"
                mih={44}
                loading={isSending && send.kind !== 'sending'}
                disabled={isBusy || cooldown > 0 || send.kind === 'sending'}
                onClick={() => void requestCode(true)}
              >
                {cooldown > 0
                  ? t('LINK.OTP.RESEND_IN', { time: formatCooldown(cooldown) })
                  : t('LINK.OTP.RESEND')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </PublicLayout>
  );
}
