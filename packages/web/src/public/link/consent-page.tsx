import '@mantine/core/styles/Stepper.css';
import {
  Box,
  Button,
  Checkbox,
  Group,
  Stack,
  Stepper,
  Text,
  Title,
  Typography,
  VisuallyHidden,
} from '@mantine/core';
import { type PublicConsentInfo, type PublicTokenInfo, publicRoutes } from '@trialbase/domain';
import DOMPurify from 'dompurify';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { callPublic, isPublicHttpError } from '../app/api';
import { readTokenInfo, saveTokenInfo } from '../app/flow-store';
import { PublicLayout } from '../app/layout';
import { showErrorToast } from '../app/notify';
import type { PageProps } from '../app/routes';
import { useParticipantLanguage } from '../app/use-participant-language';
import { usePublicTranslation } from '../app/use-public-translation';
import { loadConsentInfo } from './consent-info';
import { pickConsentText } from './consent-text';
import { type LinkProblem, linkProblemOf } from './link-errors';
import { LinkLoading, LinkStatus } from './link-status';
import { continueFlow, preloadFillPage } from './next-page';

const CONSENT_ERROR_ID = 'consent-required-error';

/** Spec 002 §8: the session data of the link this consent page belongs to, or null (NO_DATA). */
function tokenInfoFor(studyId: string | undefined, tokenId: string | undefined): PublicTokenInfo | null {
  const info = readTokenInfo();
  if (!info || info.studyId !== studyId || info.token.id !== tokenId) return null;
  return info;
}

/** Authors' rich text, sanitised; plain text keeps its line breaks. */
function ConsentText({ text }: { text: string }) {
  const html = useMemo(() => DOMPurify.sanitize(text, { USE_PROFILES: { html: true } }), [text]);
  const isPlain = !/<[a-z][\s\S]*>/i.test(text);
  return (
    <Typography>
      <Box
        data-testid="consent-text"
        // Issue 18 item 6: the author's text takes its own direction on a right-to-left page.
        dir="auto"
        style={isPlain ? { whiteSpace: 'pre-line' } : undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
}

/**
 * Spec 002 §2 consent page: a one-step progress labelled consent, the consent text in the
 * participant's language, a required tick and Continue; §7 consent call, §8 errors.
 */
export function ConsentPage({ params }: PageProps) {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  const [info] = useState(() => tokenInfoFor(params.studyId, params.tokenId));
  const [consent, setConsent] = useState<PublicConsentInfo | null>(null);
  const [loadProblem, setLoadProblem] = useState<LinkProblem | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [isChecked, setIsChecked] = useState(false);
  const [showRequired, setShowRequired] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [linkProblem, setLinkProblem] = useState<LinkProblem | null>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!info) showErrorToast(t('PUBLIC.ERRORS.NO_DATA'), 'link-no-data');
  }, [info, t]);

  // The forms come next: their code downloads while the participant reads (issue 16 item 5).
  useEffect(preloadFillPage, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after a failure.
  useEffect(() => {
    if (!info) return;
    let isCurrent = true;
    setLoadProblem(null);
    loadConsentInfo(info.studyId, info.token.token).then(
      (answer) => {
        if (isCurrent) setConsent(answer);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const problem = isPublicHttpError(error) ? linkProblemOf(error) : 'ERROR';
        // Spec 002 §8: a consent fetch failure shows ERRORS.500 (offline and too many stay distinct).
        setLoadProblem(problem === 'OFFLINE' || problem === 'RATE_LIMITED' ? problem : 'ERROR');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [info, attempt]);

  const text = consent ? pickConsentText(consent.consentText, language, consent.primaryLanguage) : null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!info || isSaving) return;
    if (!isChecked) {
      setShowRequired(true);
      checkboxRef.current?.focus();
      return;
    }
    setIsSaving(true);
    try {
      const answer = await callPublic(publicRoutes.consent, {
        params: { studyId: info.studyId },
        body: { consent: true, pathwayRecordId: info.enrollment.id, token: info.token.token },
      });
      saveTokenInfo(answer);
      continueFlow(answer, language);
    } catch (error) {
      setIsSaving(false);
      const problem = isPublicHttpError(error) ? linkProblemOf(error) : 'ERROR';
      if (isPublicHttpError(error) && error.status === 400 && error.type === 'VALIDATION') {
        setShowRequired(true);
      } else if (
        ['DISABLED', 'COMPLETED', 'EXPIRED', 'EXCLUDED', 'NOT_ACTIVE', 'UNKNOWN'].includes(problem)
      ) {
        setLinkProblem(problem);
      } else if (problem === 'OFFLINE') {
        showErrorToast(t('PUBLIC.ERRORS.OFFLINE'));
      } else if (problem === 'RATE_LIMITED') {
        showErrorToast(t('PUBLIC.ERRORS.RATE_LIMITED'));
      } else {
        showErrorToast(t('PUBLIC.ERRORS.500'));
      }
    }
  }

  if (!info) {
    return (
      <PublicLayout studyId={params.studyId ?? null}>
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

  const problem = linkProblem ?? loadProblem;
  return (
    <PublicLayout studyId={info.studyId} languages={info.languages}>
      {problem ? (
        <LinkStatus problem={problem} onRetry={linkProblem ? undefined : () => setAttempt((n) => n + 1)} />
      ) : (
        <Stack gap="lg">
          <Stepper active={0} size="sm" aria-label={t('LINK.CONSENT.PROGRESS')} allowNextStepsSelect={false}>
            <Stepper.Step label={t('LINK.CONSENT.STEP')} />
          </Stepper>
          <Title order={1} size="h2">
            {t('LINK.CONSENT.TITLE')}
          </Title>
          {consent ? text && <ConsentText text={text} /> : <LinkLoading label={t('PUBLIC.LOADING')} />}
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <Stack gap="lg">
              <Checkbox
                ref={checkboxRef}
                size="md"
                checked={isChecked}
                disabled={isSaving || !consent}
                onChange={(event) => {
                  setIsChecked(event.currentTarget.checked);
                  if (event.currentTarget.checked) setShowRequired(false);
                }}
                label={t('LINK.CONSENT.ACCEPT')}
                required
                aria-invalid={showRequired}
                aria-describedby={showRequired ? CONSENT_ERROR_ID : undefined}
                error={
                  showRequired ? <span id={CONSENT_ERROR_ID}>{t('LINK.CONSENT.REQUIRED')}</span> : undefined
                }
              />
              <VisuallyHidden aria-live="polite">{isSaving ? t('LINK.CONSENT.SAVING') : ''}</VisuallyHidden>
              <Group justify="flex-end">
                <Button
                  type="submit"
                  size="md"
                  mih={44}
                  w={{ base: '100%', sm: 'auto' }}
                  loading={isSaving}
                  disabled={!consent}
                >
                  {t('LINK.CONSENT.CONTINUE')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
    </PublicLayout>
  );
}
