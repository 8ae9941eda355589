import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useSignedConsent } from './api';
import { ConsentCard } from './consent-card';
import { useConsentEventNames } from './event-names';

/**
 * Route /study/:studyId/econsent/:id?enrollment (routes.tsv e-consent view; :id the e-consent
 * token): one consent with its signatures, clause answers and signed file; countersign and
 * download with the password.
 */
export function EConsentViewPage() {
  const { t } = useTranslation(['common', 'econsent']);
  const { studyId = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const enrollmentId = params.get('enrollment') ?? '';
  const abilities = useStudyAbilities(studyId);
  const consent = useSignedConsent(enrollmentId ? { studyId, enrollmentId, tokenId: id } : null);
  const eventName = useConsentEventNames(studyId);
  const header = (
    <PageHeader
      crumbs={[
        { label: t('NAV.STUDIES'), to: '/study' },
        { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
        { label: t('ECONSENT.TITLE'), to: `/study/${studyId}/econsent` },
        { label: t('ECONSENT.VIEW.TITLE') },
      ]}
      actions={
        consent.data && (
          <Anchor
            component={Link}
            to={`/study/${studyId}/patient/${consent.data.subjectId}?selected=econsent`}
          >
            {t('ECONSENT.VIEW.TO_SUBJECT')}
          </Anchor>
        )
      }
    />
  );
  if (enrollmentId && consent.isPending) return <FullPageLoader />;
  if (!consent.data)
    return (
      <>
        {header}
        <Alert color="red">{t('ECONSENT.ERRORS.LOAD_FAILED')}</Alert>
      </>
    );
  return (
    <>
      {header}
      <ConsentCard info={consent.data} studyId={studyId} eventName={eventName(consent.data.dataEventId)} />
    </>
  );
}
