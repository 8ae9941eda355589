import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSubjectConsents } from './api';
import { ConsentCard } from './consent-card';
import { useConsentEventNames } from './event-names';

/**
 * Spec 001 §2 subject view, e-consent list (issue 24 item 5): each e-consent of the subject with
 * its document version, language, both signatures and the countersign and download actions.
 */
export function SubjectEConsentTab({ studyId, subjectId }: { studyId: string; subjectId: string }) {
  const { t } = useTranslation(['common', 'econsent']);
  const consents = useSubjectConsents(studyId, subjectId);
  const eventName = useConsentEventNames(studyId);
  if (consents.isPending) return <Loader size="sm" aria-label={t('COMMON.LOADING')} />;
  if (consents.isError) return <Alert color="red">{t('ECONSENT.ERRORS.LOAD_FAILED')}</Alert>;
  if (consents.data.items.length === 0)
    return (
      <Alert color="gray" variant="light" data-testid="econsent-subject-empty">
        {t('ECONSENT.SUBJECT.EMPTY')}
      </Alert>
    );
  return (
    <Stack gap="md" data-testid="econsent-subject-list">
      {consents.data.items.map((info) => (
        <ConsentCard
          key={info.tokenId}
          info={info}
          studyId={studyId}
          eventName={eventName(info.dataEventId)}
        />
      ))}
    </Stack>
  );
}
