import { Alert, Box, Center, Container, Loader } from '@mantine/core';
import type { PublicProcess } from '@trialbase/domain';
import { useEffect, useState } from 'react';
import { PUBLIC_CONTENT_MAX_WIDTH } from '../app/layout';
import { showErrorToast } from '../app/notify';
import { navigate } from '../app/router';
import type { PageProps } from '../app/routes';
import { useParticipantLanguage } from '../app/use-participant-language';
import { usePublicTranslation } from '../app/use-public-translation';
import './fill.css';
import { CompletionView } from './completion-view';
import { FillSession } from './fill-session';
import { applyProcessLanguage, COMPLETED_STATUS, indexPathOf, loadFailure } from './fill-shared';
import { loadFill, type PublicFillState } from './process-api';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'error'; message: 'PUBLIC.ERRORS.500' | 'PUBLIC.ERRORS.OFFLINE' | 'QUESTIONNAIRE.NO_FORMS' }
  | { kind: 'done'; isExcluded: boolean }
  | { kind: 'fill'; process: PublicProcess; startIndex: number };

/** Where the participant starts: the server's forced-order form, or the form chosen on the index. */
function startOf(process: PublicProcess, state: PublicFillState, formId: string | null): Loaded {
  if (process.tokenStatus === 'COMPLETED' || process.tokenStatus === 'EXCLUDED') {
    return { kind: 'done', isExcluded: process.tokenStatus === 'EXCLUDED' };
  }
  if (process.forms.length === 0) return { kind: 'error', message: 'QUESTIONNAIRE.NO_FORMS' };
  if (formId) {
    const at = process.forms.findIndex((f) => f.formId === formId);
    if (at >= 0 && process.forms[at]?.status !== COMPLETED_STATUS) {
      return {
        kind: 'fill',
        process: { ...process, forms: [process.forms[at] as PublicProcess['forms'][number]] },
        startIndex: 0,
      };
    }
    return { kind: 'error', message: 'QUESTIONNAIRE.NO_FORMS' };
  }
  const at = process.forms.findIndex((f) => f.formId === state.currentForm);
  const open = at >= 0 ? at : process.forms.findIndex((f) => f.status !== COMPLETED_STATUS);
  if (open < 0) return { kind: 'done', isExcluded: false };
  return { kind: 'fill', process, startIndex: open };
}

/**
 * Spec 002 §2 Questionnaire fill (/questionnaire/fill?studyId&token&lang[&formId]): no public
 * header and no language switch; a forced order steps through the event's forms, a `formId`
 * from the index fills that one form. A lost session goes back to the link's token page.
 */
export function FillPage({ search }: PageProps) {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  const studyId = search.get('studyId') ?? '';
  const token = search.get('token') ?? '';
  const formId = search.get('formId');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per link and form; `t` only follows the language.
  useEffect(() => {
    if (!studyId || !token) {
      showErrorToast(t('PUBLIC.ERRORS.NO_DATA'));
      setLoaded({ kind: 'error', message: 'PUBLIC.ERRORS.500' });
      return;
    }
    let isCurrent = true;
    setLoaded({ kind: 'loading' });
    loadFill(studyId, token)
      .then(({ process, state }) => {
        if (!isCurrent) return;
        const lang = applyProcessLanguage(process);
        const chosen = formId ? process.forms.find((f) => f.formId === formId) : undefined;
        // Spec 002 §2 index: a completed form cannot be opened; without a forced order the index chooses.
        const isChosenDone = chosen?.status === COMPLETED_STATUS && process.tokenStatus !== 'COMPLETED';
        if ((!process.dataEvent.forceFormOrder && !formId) || isChosenDone) {
          navigate(indexPathOf(studyId, token, lang), { replace: true });
          return;
        }
        setLoaded(startOf(process, state, formId));
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        // Spec 002 §8: missing or expired fill data goes back to token validation.
        const message = loadFailure(error, studyId, token);
        if (message) setLoaded({ kind: 'error', message });
      });
    return () => {
      isCurrent = false;
    };
  }, [studyId, token, formId]);

  return (
    <Box mih="100dvh" className="tb-public-questionnaire">
      <Container component="main" size={PUBLIC_CONTENT_MAX_WIDTH} px="md" py="lg" w="100%">
        {loaded.kind === 'loading' && (
          <Center mih={240}>
            <Loader aria-label={t('PUBLIC.LOADING')} />
          </Center>
        )}
        {loaded.kind === 'error' && (
          <Alert color="red" variant="light" role="alert">
            {t(loaded.message)}
          </Alert>
        )}
        {loaded.kind === 'done' && <CompletionView isExcluded={loaded.isExcluded} />}
        {loaded.kind === 'fill' && (
          <FillSession
            process={loaded.process}
            token={token}
            language={language}
            startIndex={loaded.startIndex}
            indexPath={indexPathOf(studyId, token, language)}
          />
        )}
      </Container>
    </Box>
  );
}
