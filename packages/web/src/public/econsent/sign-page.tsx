import { Affix, Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicEConsentDetails } from '@trialbase/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isPublicHttpError } from '../app/api';
import { readTokenInfo } from '../app/flow-store';
import { PublicLayout } from '../app/layout';
import { navigate } from '../app/router';
import type { PageProps } from '../app/routes';
import { useParticipantLanguage } from '../app/use-participant-language';
import { usePublicTranslation } from '../app/use-public-translation';
import { type LinkProblem, linkProblemOf } from '../link/link-errors';
import { LinkLoading, LinkStatus } from '../link/link-status';
import { DoneView } from './done-view';
import {
  downloadSignedConsent,
  loadDetails,
  loadDocument,
  requestSigningCode,
  type SigningLink,
  signConsent,
} from './econsent-api';
import { econsentPath } from './econsent-paths';
import { PdfDocument } from './pdf-document';
import { SignForm, type SignValues } from './sign-form';
import { UnavailableView } from './unavailable-view';

type Loaded = { details: PublicEConsentDetails } | { problem: LinkProblem };

/** The document as a file to open when this browser cannot draw it (spec minimum browsers). */
function DocumentFallback({ data, fileName }: { data: Uint8Array; fileName: string }) {
  const { t } = usePublicTranslation();
  const url = useMemo(
    () => URL.createObjectURL(new Blob([data.buffer as ArrayBuffer], { type: 'application/pdf' })),
    [data],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Alert color="yellow" data-testid="econsent-document-fallback">
      <Stack gap="xs">
        <Text>{t('ECONSENT.DOCUMENT.FAILED')}</Text>
        <Button component="a" href={url} download={fileName} target="_blank" rel="noopener" variant="light">
          {t('ECONSENT.DOCUMENT.OPEN')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The reading part: the document and, until its end is reached, a bar saying to read on. */
function ReadingSection({
  link,
  details,
  onReachedEnd,
  hasReachedEnd,
}: {
  link: SigningLink;
  details: PublicEConsentDetails;
  onReachedEnd: () => void;
  hasReachedEnd: boolean;
}) {
  const { t } = usePublicTranslation();
  const [data, setData] = useState<Uint8Array | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const language = details.language ?? '';

  useEffect(() => {
    let isCurrent = true;
    setData(null);
    setHasFailed(false);
    loadDocument(link, language).then(
      (bytes) => isCurrent && setData(bytes),
      () => isCurrent && setHasFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [link, language]);

  if (hasFailed)
    return (
      <Alert color="red" role="alert">
        {t('PUBLIC.ERRORS.500')}
      </Alert>
    );
  return (
    <>
      {data ? (
        <PdfDocument
          data={data}
          onReachedEnd={onReachedEnd}
          fallback={<DocumentFallback data={data} fileName={details.document?.fileName ?? 'consent.pdf'} />}
        />
      ) : (
        <LinkLoading label={t('ECONSENT.DOCUMENT.LOADING')} />
      )}
      {data && !hasReachedEnd && (
        <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={50}>
          <Paper
            shadow="md"
            p="sm"
            radius={0}
            role="status"
            data-testid="econsent-read-on"
            style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text ta="center" fw={500}>
              {t('ECONSENT.DOCUMENT.READ_TO_END')}
            </Text>
          </Paper>
        </Affix>
      )}
    </>
  );
}

/**
 * Spec 002 §2 /public/{studyId}/econsent/sign/{tokenId}/{tokenString} and sign-explicit, §4
 * e-consent signing, issue 24: the consent PDF readable on a phone, signing once read to the end
 * (code, typed name, drawn signature, meaning; in the explicit variant each clause yes or no),
 * then on to the fill page. A signed consent shows its download; no document: contact the study.
 */
function SignPage({ params, isExplicit }: PageProps & { isExplicit: boolean }) {
  const { t } = usePublicTranslation();
  const language = useParticipantLanguage();
  const link = useMemo<SigningLink>(
    () => ({
      studyId: params.studyId ?? '',
      tokenId: params.tokenId ?? '',
      token: params.tokenString ?? null,
    }),
    [params.studyId, params.tokenId, params.tokenString],
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [hasReachedEnd, setHasReachedEnd] = useState(false);
  const languages = readTokenInfo()?.languages ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry.
  useEffect(() => {
    let isCurrent = true;
    setLoaded(null);
    setHasReachedEnd(false);
    loadDetails(link, language).then(
      (details) => {
        if (!isCurrent) return;
        // Spec 002 §4: the explicit variant when the consent asks each clause separately.
        if (details.view === 'SIGN' && details.explicitConsent !== isExplicit) {
          navigate(econsentPath(link, details.explicitConsent ? 'sign-explicit' : 'sign', language), {
            replace: true,
          });
          return;
        }
        setLoaded({ details });
      },
      (error: unknown) => {
        if (isCurrent) setLoaded({ problem: isPublicHttpError(error) ? linkProblemOf(error) : 'ERROR' });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [link, language, isExplicit, attempt]);

  const handleReachedEnd = useCallback(() => setHasReachedEnd(true), []);

  async function handleSign(details: PublicEConsentDetails, values: SignValues) {
    if (!details.document || !details.language) return;
    await signConsent(link, details.enrollmentId, {
      documentId: details.document.id,
      language: details.language,
      code: values.code,
      ...(values.captcha ? { captcha: values.captcha } : {}),
      fullName: values.fullName,
      signature: values.signature,
      meaning: values.meaning,
      clauses: values.clauses,
      readToEnd: true,
    });
    // Spec 002 §4: after signing completes go to e-consent fill.
    navigate(econsentPath(link, 'fill', language), { replace: true });
  }

  let content: React.ReactNode;
  if (!loaded) content = <LinkLoading label={t('PUBLIC.LOADING')} />;
  else if ('problem' in loaded)
    content = <LinkStatus problem={loaded.problem} onRetry={() => setAttempt((n) => n + 1)} />;
  else {
    const { details } = loaded;
    if (details.view === 'SIGNED_DOWNLOAD')
      content = (
        <DoneView
          signed={details.signed}
          language={language}
          onDownload={details.signed ? () => downloadSignedConsent(link) : null}
        />
      );
    else if (details.view === 'UNAVAILABLE' || !details.document) content = <UnavailableView />;
    else
      content = (
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} size="h2">
              {t('ECONSENT.TITLE')}
            </Title>
            <Text size="sm" c="gray.7" fw={500} data-testid="econsent-version">
              {t('ECONSENT.VERSION', { version: details.document.version })}
            </Text>
            <Text>{t('ECONSENT.INTRO')}</Text>
          </Stack>
          <ReadingSection
            link={link}
            details={details}
            onReachedEnd={handleReachedEnd}
            hasReachedEnd={hasReachedEnd}
          />
          {hasReachedEnd && (
            <Text c="teal.8" fw={500} role="status" data-testid="econsent-read">
              {t('ECONSENT.DOCUMENT.READ')}
            </Text>
          )}
          <SignForm
            isUnlocked={hasReachedEnd}
            clauses={isExplicit ? details.clauses : []}
            channels={details.codeChannels}
            meanings={details.meanings}
            requestCode={(channel) => requestSigningCode(link, channel)}
            onSign={(values) => handleSign(details, values)}
            onReload={() => setAttempt((n) => n + 1)}
          />
        </Stack>
      );
  }

  return (
    <PublicLayout studyId={link.studyId} languages={languages}>
      {content}
    </PublicLayout>
  );
}

/** Spec 002 §2 /public/{studyId}/econsent/sign/{tokenId}/{tokenString}. */
export function EConsentSignPage(props: PageProps) {
  return <SignPage {...props} isExplicit={false} />;
}

/** Spec 002 §2 /public/{studyId}/econsent/sign-explicit/{tokenId}/{tokenString}. */
export function EConsentSignExplicitPage(props: PageProps) {
  return <SignPage {...props} isExplicit />;
}
