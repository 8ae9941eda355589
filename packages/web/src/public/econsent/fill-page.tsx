import type { PublicEConsentDetails } from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
import { isPublicHttpError } from '../app/api';
import { readTokenInfo } from '../app/flow-store';
import { PublicLayout } from '../app/layout';
import type { PageProps } from '../app/routes';
import { useParticipantLanguage } from '../app/use-participant-language';
import { usePublicTranslation } from '../app/use-public-translation';
import { type LinkProblem, linkProblemOf } from '../link/link-errors';
import { LinkLoading, LinkStatus } from '../link/link-status';
import { DoneView } from './done-view';
import { downloadSignedConsent, loadDetails, type SigningLink } from './econsent-api';
import { UnavailableView } from './unavailable-view';

/**
 * Spec 002 §2 /public/{studyId}/econsent/fill/{tokenId}, reached after signing (§4): the signed
 * consent with its download (file name with `_signed`), or the thank-you page.
 */
export function EConsentFillPage({ params }: PageProps) {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  const link = useMemo<SigningLink>(() => {
    const info = readTokenInfo();
    const tokenId = params.tokenId ?? '';
    return {
      studyId: params.studyId ?? '',
      tokenId,
      token: info && info.token.id === tokenId ? info.token.token : null,
    };
  }, [params.studyId, params.tokenId]);
  const [details, setDetails] = useState<PublicEConsentDetails | null>(null);
  const [problem, setProblem] = useState<LinkProblem | null>(null);

  useEffect(() => {
    let isCurrent = true;
    loadDetails(link, language).then(
      (loaded) => isCurrent && setDetails(loaded),
      (error: unknown) => {
        if (!isCurrent) return;
        // Refused without a session (the page reopened elsewhere, the link spent): the thank-you
        // page; no connection or a server error: say so.
        const found = isPublicHttpError(error) ? linkProblemOf(error) : 'ERROR';
        setProblem(
          found === 'OFFLINE' || found === 'ERROR' || found === 'RATE_LIMITED' ? found : 'COMPLETED',
        );
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [link, language]);

  let content: React.ReactNode;
  if (problem === 'COMPLETED') content = <DoneView signed={null} language={language} onDownload={null} />;
  else if (problem) content = <LinkStatus problem={problem} />;
  else if (!details) content = <LinkLoading label={t('PUBLIC.LOADING')} />;
  else if (details.view === 'UNAVAILABLE' || !details.signed) content = <UnavailableView />;
  else
    content = (
      <DoneView
        signed={details.signed}
        language={language}
        onDownload={details.signed ? () => downloadSignedConsent(link) : null}
      />
    );
  return (
    <PublicLayout studyId={link.studyId} languages={readTokenInfo()?.languages ?? []}>
      {content}
    </PublicLayout>
  );
}
