import { Tabs } from '@mantine/core';
import { IconFileCertificate, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { PageHeader } from '../../components/page-header';
import { ConsentLog } from './consent-log';
import { DocumentsPanel } from './documents-panel';

/**
 * Route /study/:studyId/econsent (routes.tsv e-consent list, issue 24): the consent log
 * (ECONSENT_LIST) and the consent documents per e-consent event and language (ECONSENT_VIEW,
 * uploads with ECONSENT_UPLOAD), each tab by permission.
 */
export function EConsentPage() {
  const { t } = useTranslation(['common', 'econsent']);
  const studyId = useParams().studyId ?? '';
  const abilities = useStudyAbilities(studyId);
  const [params, setParams] = useSearchParams();
  const tabs = [
    ...(abilities.can('ECONSENT_LIST') ? ['log'] : []),
    ...(abilities.can('ECONSENT_VIEW') ? ['documents'] : []),
  ];
  const selected = params.get('tab');
  const tab = selected && tabs.includes(selected) ? selected : (tabs[0] ?? 'log');
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('ECONSENT.TITLE') },
        ]}
        description={t('ECONSENT.INTRO')}
      />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.includes('log') && (
            <Tabs.Tab value="log" leftSection={<IconListCheck size={16} />} data-testid="econsent-tab-log">
              {t('ECONSENT.TABS.LOG')}
            </Tabs.Tab>
          )}
          {tabs.includes('documents') && (
            <Tabs.Tab
              value="documents"
              leftSection={<IconFileCertificate size={16} />}
              data-testid="econsent-tab-documents"
            >
              {t('ECONSENT.TABS.DOCUMENTS')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        {tabs.includes('log') && (
          <Tabs.Panel value="log">
            <ConsentLog studyId={studyId} />
          </Tabs.Panel>
        )}
        {tabs.includes('documents') && (
          <Tabs.Panel value="documents">
            <DocumentsPanel studyId={studyId} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
