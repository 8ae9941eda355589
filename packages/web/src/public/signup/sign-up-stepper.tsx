import '@mantine/core/styles/Stepper.css';
import { ActionIcon, Box, Button, Group, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown } from '@tabler/icons-react';
import {
  type PublicSignUpBody,
  type PublicSiteInfo,
  type SignUpStep,
  signUpProgress,
  signUpSteps,
} from '@trialbase/domain';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { usePublicTranslation } from '../app/use-public-translation';
import {
  buildSignUpPayload,
  type FieldErrors,
  type SignUpValues,
  signUpConfigOf,
  signUpFieldsOf,
  validateSignUpStep,
} from './sign-up-form';
import { SignUpStepContent } from './sign-up-step-content';

export type SignUpStepperProps = {
  info: PublicSiteInfo;
  ids: { studyId: string; pathwayId: string; siteId: string };
  /** Study language for texts (intro, consent). */
  language: string;
  initialValues: SignUpValues;
  isLanguageLocked: boolean;
  isSubmitting: boolean;
  /** Posts the sign-up; resolves with field problems to show, or null when the page moves on. */
  onSubmit: (payload: PublicSignUpBody) => Promise<FieldErrors | null>;
};

function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/** Spec 002 §2, §4 public sign-up stepper: welcome or introduction, consent, investigator, your information. */
export function SignUpStepper(props: SignUpStepperProps) {
  const { t } = usePublicTranslation();
  const { info } = props;
  const isSmall = useMediaQuery('(max-width: 48em)', false) ?? false;
  const config = useMemo(() => signUpConfigOf(info), [info]);
  const fields = useMemo(() => signUpFieldsOf(config), [config]);
  const steps = useMemo(() => signUpSteps(info), [info]);
  const [active, setActive] = useState(0);
  const [completed, setCompleted] = useState<ReadonlySet<SignUpStep>>(new Set());
  const [values, setValues] = useState<SignUpValues>(props.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [isContinueVisible, setContinueVisible] = useState(true);
  const continueRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(active);
  const step = steps[active] ?? 'yourInformation';

  // A new step moves focus to its heading, so a screen reader announces where the participant is.
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    headingRef.current?.focus();
  }, [active]);

  // Spec 002 §2: the scroll-to-bottom button shows on small screens while Continue is out of view.
  useEffect(() => {
    const button = continueRef.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    // One callback can carry several entries (a resize, then a scroll): the last one is current.
    const observer = new IntersectionObserver((entries) =>
      setContinueVisible(entries[entries.length - 1]?.isIntersecting ?? true),
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, []);

  const complete = (done: SignUpStep) => setCompleted((prev) => new Set(prev).add(done));
  const goTo = (index: number) => {
    setActive(index);
    window.scrollTo({ top: 0 });
  };

  function handleChange(key: string, value: string) {
    setValues((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => {
      if (!prev[key]) return prev;
      const { [key]: _, ...rest } = prev;
      return rest;
    });
  }

  function handleConsent(checked: boolean) {
    setConsent(checked);
    if (checked) setConsentError(false);
    else
      setCompleted((prev) => {
        const next = new Set(prev);
        next.delete('consent');
        return next;
      });
  }

  async function handleContinue(event?: FormEvent) {
    event?.preventDefault();
    if (props.isSubmitting) return;
    const payload = buildSignUpPayload(values, { config, ...props.ids, consent });
    if (step === 'consent' && !consent) {
      setConsentError(true);
      focusFirstError();
      return;
    }
    if (step === 'investigator' || step === 'yourInformation') {
      const found = validateSignUpStep(step, payload, config, new Date());
      setErrors(found);
      if (Object.keys(found).length > 0) {
        focusFirstError();
        return;
      }
    }
    if (step !== 'yourInformation') {
      complete(step);
      goTo(active + 1);
      return;
    }
    const serverErrors = await props.onSubmit(payload);
    if (!serverErrors) return;
    setErrors(serverErrors);
    // A server problem with an investigator field sends the participant back to that step.
    const investigatorIndex = steps.indexOf('investigator');
    if (investigatorIndex >= 0 && Object.keys(serverErrors).some((k) => k.startsWith('investigator')))
      goTo(investigatorIndex);
    focusFirstError();
  }

  const progress = signUpProgress(completed.size, steps.length);
  const isLast = active === steps.length - 1;

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleContinue(event)}>
      <Stack gap="lg">
        <Title order={1} size="h2" dir="auto">
          {info.studyName}
        </Title>
        <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-hidden={isSmall || undefined}>
          {steps.map((s) => (
            <Stepper.Step key={s} label={isSmall ? undefined : t(`SIGNUP.STEPS.${s}`)} />
          ))}
        </Stepper>
        <Stack gap={4}>
          {isSmall && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('SIGNUP.STEP_OF', { current: active + 1, total: steps.length })}
            </Text>
          )}
          <Progress value={progress} aria-label={t('SIGNUP.PROGRESS')} size="md" />
        </Stack>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t(`SIGNUP.STEPS.${step}`)}
        </Title>
        <SignUpStepContent
          step={step}
          info={info}
          language={props.language}
          consent={{ checked: consent, hasError: consentError, onChange: handleConsent }}
          form={{
            fields: step === 'investigator' ? fields.investigator : fields.patient,
            values,
            errors,
            onChange: handleChange,
            isLanguageLocked: props.isLanguageLocked,
          }}
        />
        <Group justify="space-between" mt="md">
          <Button
            variant="default"
            size="md"
            mih={44}
            disabled={active === 0 || props.isSubmitting}
            onClick={() => goTo(active - 1)}
          >
            {t('SIGNUP.BACK')}
          </Button>
          <Button
            ref={continueRef}
            type="submit"
            color="blue.8"
            size="md"
            mih={44}
            loading={props.isSubmitting}
            disabled={props.isSubmitting}
          >
            {isLast ? t('SIGNUP.SUBMIT') : t('SIGNUP.CONTINUE')}
          </Button>
        </Group>
      </Stack>
      {isSmall && !isContinueVisible && (
        <Box pos="fixed" style={{ insetBlockEnd: 16, insetInlineEnd: 16, zIndex: 10 }}>
          <ActionIcon
            color="blue.8"
            size={48}
            radius="xl"
            aria-label={t('SIGNUP.SCROLL_DOWN')}
            onClick={() => continueRef.current?.scrollIntoView({ behavior: 'smooth', block: 'end' })}
          >
            <IconArrowDown aria-hidden size={22} />
          </ActionIcon>
        </Box>
      )}
    </Box>
  );
}
