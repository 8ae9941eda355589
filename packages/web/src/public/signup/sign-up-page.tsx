import { Loader, Text } from '@mantine/core';
import {
  isSignUpLanguageLocked,
  type PublicSignUpBody,
  type PublicSiteInfo,
  publicRoutes,
  SIGNUP_INVESTIGATOR_FIELDS,
} from '@trialbase/domain';
import { useEffect, useState } from 'react';
import { serverErrorMessage } from '../../app/form-errors';
import { readQueryLanguage, resolveParticipantLanguage } from '../../i18n/languages';
import { callPublic, isPublicHttpError } from '../app/api';
import { saveTokenInfo, tokenPagePath } from '../app/flow-store';
import { readStoredLanguage, setParticipantLanguage } from '../app/i18n';
import { PublicLayout } from '../app/layout';
import { showErrorToast } from '../app/notify';
import { navigate } from '../app/router';
import type { PageProps } from '../app/routes';
import { useParticipantLanguage } from '../app/use-participant-language';
import { usePublicTranslation } from '../app/use-public-translation';
import { continueFlow } from '../link/next-page';
import { errorsOf, type FieldErrors, type SignUpValues } from './sign-up-form';
import { SignUpFailure, SignUpLoadError, SignUpLoading } from './sign-up-outcomes';
import { SignUpStepper } from './sign-up-stepper';

type Phase = 'loading-info' | 'load-error' | 'form' | 'submitting' | 'validating' | 'failure';

const enc = encodeURIComponent;

/** Spec 002 §2: investigator fields from the link and the preselected language. */
function initialValuesOf(info: PublicSiteInfo, search: URLSearchParams): SignUpValues {
  const values: SignUpValues = {};
  for (const field of SIGNUP_INVESTIGATOR_FIELDS) {
    const value = search.get(field);
    if (value) values[field] = value;
  }
  const query = search.get('lang');
  if (info.languages.length === 1) values.language = info.languages[0] ?? '';
  else if (query && (info.languages as readonly string[]).includes(query)) values.language = query;
  return values;
}

/** Spec 002 §2 public sign-up page at a site; §4 sign-up flow and gate; §8 sign-up errors. */
export function SignUpPage({ params, search }: PageProps) {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  const studyId = params.studyId ?? '';
  const pathwayId = params.pathwayId ?? '';
  const siteId = params.siteId ?? '';
  const [info, setInfo] = useState<PublicSiteInfo | null>(null);
  const [phase, setPhase] = useState<Phase>('loading-info');
  const [initialValues, setInitialValues] = useState<SignUpValues>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link's query is read once, on load.
  useEffect(() => {
    let isCurrent = true;
    callPublic(publicRoutes.siteInfo, { params: { studyId, siteId }, query: { pathwayId } })
      .then((answer) => {
        if (!isCurrent) return;
        setParticipantLanguage(
          resolveParticipantLanguage({
            query: readQueryLanguage(),
            stored: readStoredLanguage(),
            primaryLanguage: answer.primaryLanguage,
            offered: answer.languages,
          }),
        );
        setInfo(answer);
        setInitialValues(initialValuesOf(answer, search));
        // Spec 002 §4 gate: a closed sign-up starts in the failure state.
        setPhase(answer.signUpAllowed ? 'form' : 'failure');
      })
      .catch(() => {
        if (isCurrent) setPhase('load-error');
      });
    return () => {
      isCurrent = false;
    };
  }, [studyId, siteId, pathwayId]);

  async function handleSubmit(payload: PublicSignUpBody): Promise<FieldErrors | null> {
    setPhase('submitting');
    let token: string | undefined;
    try {
      const answer = await callPublic(publicRoutes.signUp, {
        params: { studyId, pathwayId },
        body: payload,
      });
      token = answer.token;
    } catch (error) {
      const issues = isPublicHttpError(error) ? (error.body?.context?.issues ?? []) : [];
      if (isPublicHttpError(error) && issues.length > 0) {
        setPhase('form');
        return errorsOf(issues);
      }
      if (isPublicHttpError(error) && (error.status === 0 || error.status === 429)) {
        showErrorToast(t(error.status === 0 ? 'PUBLIC.ERRORS.OFFLINE' : 'PUBLIC.ERRORS.RATE_LIMITED'));
        setPhase('form');
        return {};
      }
      // Spec 002 §8: an error with an id stays on the form; without one, the failure screen.
      if (isPublicHttpError(error) && error.body?.id) {
        showErrorToast(
          serverErrorMessage(error, { catalog: 'SIGNUP.SERVER_ERRORS', fallback: 'PUBLIC.ERRORS.500' }),
        );
        setPhase('form');
        return {};
      }
      setPhase('failure');
      return null;
    }
    if (!token) {
      navigate(`/public/success?lang=${enc(language)}`);
      return null;
    }
    // Spec 002 §4: a token in the answer is validated and the participant continues to the forms.
    setPhase('validating');
    try {
      const tokenInfo = await callPublic(publicRoutes.validateToken, {
        params: { studyId },
        body: { token },
      });
      saveTokenInfo(tokenInfo);
      continueFlow(tokenInfo, language);
    } catch {
      showErrorToast(t('PUBLIC.ERRORS.500'));
      navigate(tokenPagePath(studyId, token, language), { replace: true });
    }
    return null;
  }

  const footer = (
    <Text size="xs" c="dimmed" ta="center" mb={4}>
      {t('SIGNUP.FOOTER_INFO')}
    </Text>
  );

  return (
    <div>
      <PublicLayout studyId={studyId || null} languages={info?.languages ?? []} footer={footer}>
        {phase === 'loading-info' && <Loader m="xl" aria-label={t('PUBLIC.LOADING')} />}
        {phase === 'load-error' && <SignUpLoadError />}
        {phase === 'failure' && <SignUpFailure />}
        {phase === 'validating' && <SignUpLoading />}
        {info && (phase === 'form' || phase === 'submitting') && (
          <SignUpStepper
            info={info}
            ids={{ studyId, pathwayId, siteId }}
            language={language}
            initialValues={initialValues}
            isLanguageLocked={isSignUpLanguageLocked({
              enforceLanguage: info.enforceLanguage,
              enforceLanguageQuery: search.get('enforceLanguage'),
              language: initialValues.language,
            })}
            isSubmitting={phase === 'submitting'}
            onSubmit={handleSubmit}
          />
        )}
      </PublicLayout>
    </div>
  );
}
