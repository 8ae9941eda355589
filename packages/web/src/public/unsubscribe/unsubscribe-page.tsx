import '@mantine/core/styles/Stepper.css';
import { Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CaptchaChallenge, publicRoutes } from '@trialbase/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { readQueryLanguage, resolveParticipantLanguage } from '../../i18n/languages';
import { callPublic, isPublicHttpError, type PublicHttpError } from '../app/api';
import { readStoredLanguage, setParticipantLanguage } from '../app/i18n';
import { PublicLayout } from '../app/layout';
import { showErrorToast, showSuccessToast } from '../app/notify';
import type { PageProps } from '../app/routes';
import { usePublicTranslation } from '../app/use-public-translation';
import { CaptchaWidget } from '../link/captcha-widget';
import { useCountdown } from '../link/use-countdown';
import { CodeStep, DoneStep, EmailStep } from './unsubscribe-steps';

type Step = 'email' | 'code' | 'done';
const STEPS: Step[] = ['email', 'code', 'done'];
const STEP_KEYS = {
  email: 'UNSUBSCRIBE.STEPS.EMAIL',
  code: 'UNSUBSCRIBE.STEPS.CODE',
  done: 'UNSUBSCRIBE.STEPS.DONE',
} as const;

function cooldownOf(error: PublicHttpError): number | null {
  const seconds = error.context.cooldownTime;
  return typeof seconds === 'number' ? Date.now() + seconds * 1000 : null;
}

function issueOf(error: PublicHttpError): { path: string; message: string } | null {
  const issues = error.body?.context?.issues;
  const first = issues?.[0];
  return first ? { path: String(first.path[0] ?? ''), message: first.message } : null;
}

/** Spec 002 §2 unsubscribe page, §4 unsubscribe flow, §8 unsubscribe errors. */
export function UnsubscribePage({ params }: PageProps) {
  const { t } = usePublicTranslation();
  const studyId = params.studyId ?? '';
  const pathwayId = params.pathwayId ?? '';
  const enrollmentId = params.pathwayRecordId ?? '';
  const [languages, setLanguages] = useState<string[]>([]);
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const cooldown = useCountdown(cooldownUntil);
  const isSmall = useMediaQuery('(max-width: 48em)', false) ?? false;
  const handleSolved = useCallback((solution: string | null) => setCaptcha(solution), []);

  // Spec 002 §2 language switch: the study's languages; §8 a 400 is the STUDY_ERR toast.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per study and process, not per language.
  useEffect(() => {
    let isCurrent = true;
    callPublic(publicRoutes.processInfo, { params: { studyId, pathwayId } })
      .then((info) => {
        if (!isCurrent) return;
        const offered = info.supportedLanguages;
        setLanguages(offered);
        setParticipantLanguage(
          resolveParticipantLanguage({
            query: readQueryLanguage(),
            stored: readStoredLanguage(),
            primaryLanguage: info.primaryLanguage,
            offered,
          }),
        );
      })
      .catch((error: unknown) => {
        if (isCurrent && isPublicHttpError(error) && error.status === 400)
          showErrorToast(t('UNSUBSCRIBE.MESSAGES.STUDY_ERR'));
      });
    return () => {
      isCurrent = false;
    };
  }, [studyId, pathwayId]);

  function handleGeneralError(error: unknown) {
    if (isPublicHttpError(error) && error.status === 429) showErrorToast(t('PUBLIC.ERRORS.RATE_LIMITED'));
    else if (isPublicHttpError(error) && error.status === 0) showErrorToast(t('PUBLIC.ERRORS.OFFLINE'));
    else showErrorToast(t('PUBLIC.ERRORS.500'));
  }

  /** Asks for a code; true when one is on its way (or was sent moments ago: 412 with the cooldown). */
  async function requestCode(): Promise<boolean> {
    try {
      const sent = await callPublic(publicRoutes.requestUnsubscribeCode, {
        params: { studyId, id: enrollmentId },
        body: { email: email.trim() },
      });
      setCooldownUntil(Date.now() + sent.cooldownTime * 1000);
      return true;
    } catch (error) {
      if (isPublicHttpError(error) && (error.status === 400 || error.status === 404)) {
        setEmailError(t('UNSUBSCRIBE.EMAIL_NOT_EXIST'));
        setStep('email');
      } else if (isPublicHttpError(error) && error.status === 412) {
        setCooldownUntil(cooldownOf(error));
        return true;
      } else handleGeneralError(error);
      return false;
    }
  }

  async function handleEmail(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setEmailError(t('SIGNUP.VALIDATION.REQUIRED'));
      return;
    }
    setBusy(true);
    setEmailError(undefined);
    if (await requestCode()) {
      setCode('');
      setCodeError(undefined);
      setStep('code');
    }
    setBusy(false);
  }

  async function handleResend() {
    setBusy(true);
    if (await requestCode()) showSuccessToast(t('UNSUBSCRIBE.CODE_RESENT'));
    setBusy(false);
  }

  async function handleCode(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setCodeError(t('SIGNUP.VALIDATION.REQUIRED'));
      return;
    }
    setBusy(true);
    setCodeError(undefined);
    try {
      await callPublic(publicRoutes.validateUnsubscribeCode, {
        params: { studyId, id: enrollmentId },
        body: { password: /^\d+$/.test(typed) ? Number(typed) : typed, ...(captcha ? { captcha } : {}) },
      });
    } catch (error) {
      setBusy(false);
      if (isPublicHttpError(error) && error.status === 400) {
        const next = error.context.captcha as CaptchaChallenge | undefined;
        if (next) setChallenge(next);
        const issue = issueOf(error);
        if (issue?.path !== 'captcha')
          setCodeError(
            t(issue?.message.endsWith('EXPIRED') ? 'UNSUBSCRIBE.EXPIRED' : 'UNSUBSCRIBE.INVALID_OTP'),
          );
      } else handleGeneralError(error);
      return;
    }
    try {
      await callPublic(publicRoutes.unsubscribe, {
        params: { studyId, enrollmentId },
        body: { email: email.trim() },
      });
      setStep('done');
    } catch (error) {
      // Spec 002 §8: 401 or 400 is UNSUB_ERR and the participant starts again at the email step.
      if (isPublicHttpError(error) && (error.status === 401 || error.status === 400)) {
        showErrorToast(t('UNSUBSCRIBE.MESSAGES.UNSUB_ERR'));
        setStep('email');
      } else handleGeneralError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PublicLayout studyId={studyId || null} languages={languages}>
        <Stack gap="lg">
          <Title order={1} size="h2">
            {t('UNSUBSCRIBE.TITLE')}
          </Title>
          <Stepper
            active={STEPS.indexOf(step)}
            size="sm"
            allowNextStepsSelect={false}
            aria-hidden={isSmall || undefined}
          >
            {STEPS.map((s) => (
              <Stepper.Step key={s} label={isSmall ? undefined : t(STEP_KEYS[s])} />
            ))}
          </Stepper>
          {step === 'email' && (
            <EmailStep
              email={email}
              error={emailError}
              isBusy={isBusy}
              onEmail={(value) => {
                setEmail(value);
                setEmailError(undefined);
              }}
              onSubmit={handleEmail}
            />
          )}
          {step === 'code' && (
            <CodeStep
              email={email.trim()}
              code={code}
              error={codeError}
              isBusy={isBusy}
              cooldown={cooldown}
              canSubmit={!challenge || Boolean(captcha)}
              captcha={
                challenge && (
                  <CaptchaWidget challenge={challenge} onChallenge={setChallenge} onSolved={handleSolved} />
                )
              }
              onCode={(value) => {
                setCode(value);
                setCodeError(undefined);
              }}
              onSubmit={handleCode}
              onResend={() => void handleResend()}
              onOtherEmail={() => setStep('email')}
            />
          )}
          {step === 'done' && <DoneStep />}
        </Stack>
      </PublicLayout>
    </div>
  );
}
