import { type PublicConsentInfo, type PublicTokenInfo, publicRoutes } from '@trialbase/domain';
import { useEffect, useState } from 'react';
import { readQueryLanguage, resolveParticipantLanguage } from '../../i18n/languages';
import { callPublic, isPublicHttpError } from '../app/api';
import { saveTokenInfo } from '../app/flow-store';
import { currentParticipantLanguage, readStoredLanguage, setParticipantLanguage } from '../app/i18n';
import { PublicLayout } from '../app/layout';
import type { PageProps } from '../app/routes';
import { usePublicTranslation } from '../app/use-public-translation';
import { loadConsentInfo, seedConsentInfo } from './consent-info';
import { type LinkProblem, linkProblemOf } from './link-errors';
import { LinkLoading, LinkStatus } from './link-status';
import { continueFlow, preloadFillPage } from './next-page';

type Opened = { info: PublicTokenInfo } | { problem: LinkProblem };

/** Spec 002 §2 Language: query, then stored choice, then the participant's or study's language. */
function chooseLanguage(info: PublicTokenInfo | null, consent: PublicConsentInfo | null): string {
  const primaryLanguage = info?.preferredLang ?? info?.primaryLanguage ?? consent?.primaryLanguage ?? null;
  if (!primaryLanguage) return currentParticipantLanguage();
  return resolveParticipantLanguage({
    query: readQueryLanguage(),
    stored: readStoredLanguage(),
    primaryLanguage,
    offered: info?.languages,
  });
}

/**
 * Spec 002 §2 token validation page, §7 getInfo and validateToken(Update): validates the link,
 * sets the participant's language and goes on with the flow (consent, code, forms). The answer
 * brings the consent info when the consent page comes next; getInfo is asked for only when the
 * link is refused, for the study's language (issue 16: a link that opens makes one call here).
 */
async function openLink(studyId: string, token: string, forUpdate: boolean): Promise<Opened> {
  try {
    const info = await callPublic(forUpdate ? publicRoutes.validateTokenUpdate : publicRoutes.validateToken, {
      params: { studyId },
      body: { token },
    });
    if (info.consent) seedConsentInfo(studyId, token, info.consent);
    setParticipantLanguage(chooseLanguage(info, null));
    return { info };
  } catch (error) {
    // The consent info names the study's language even when the link itself is refused.
    const consent = await loadConsentInfo(studyId, token).catch(() => null);
    setParticipantLanguage(chooseLanguage(null, consent));
    return { problem: isPublicHttpError(error) ? linkProblemOf(error) : 'ERROR' };
  }
}

function TokenValidation({
  studyId,
  token,
  forUpdate,
}: {
  studyId: string;
  token: string;
  forUpdate: boolean;
}) {
  const { t } = usePublicTranslation();
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the check on retry.
  useEffect(() => {
    let isCurrent = true;
    setProblem(null);
    // The fill page's code and strings download during the validation's round trip (issue 16 item 5).
    preloadFillPage();
    void openLink(studyId, token, forUpdate).then((opened) => {
      if (!isCurrent) return;
      if ('problem' in opened) {
        setProblem(opened.problem);
        return;
      }
      saveTokenInfo(opened.info);
      continueFlow(opened.info, currentParticipantLanguage());
    });
    return () => {
      isCurrent = false;
    };
  }, [studyId, token, forUpdate, attempt]);

  return (
    <PublicLayout studyId={problem === 'UNKNOWN' ? null : studyId}>
      {problem ? (
        <LinkStatus problem={problem} onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <LinkLoading label={t('LINK.CHECKING')} />
      )}
    </PublicLayout>
  );
}

/** Spec 002 §2 /public/{studyId}/{token}. */
export function TokenPage({ params }: PageProps) {
  return <TokenValidation studyId={params.studyId ?? ''} token={params.token ?? ''} forUpdate={false} />;
}

/** Spec 002 §2 /public/{studyId}/{token}/update: reopens an answered questionnaire. */
export function TokenUpdatePage({ params }: PageProps) {
  return <TokenValidation studyId={params.studyId ?? ''} token={params.token ?? ''} forUpdate />;
}
