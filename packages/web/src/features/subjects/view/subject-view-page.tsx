import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconEdit,
  IconFileCertificate,
  IconHistory,
  IconListDetails,
  IconPackage,
  IconPill,
  IconUser,
} from '@tabler/icons-react';
import type { Permission, SubjectDetail } from '@trialbase/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { formatDateTime } from '../../../app/format';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { CasebookButton } from '../../casebooks/casebook-button';
import { useStudy } from '../../studies/api';
import { useSubject } from '../api';
import { AttributeValue, fieldLabel } from '../display';
import { HistoryTab } from './history-tab';
import { RecordsTab } from './records-tab';

// Issue 20: the adverse events tab loads with its own chunk.
const SubjectAeTab = lazy(async () => ({
  default: (await import('../../adverse-events/subject-ae-tab')).SubjectAeTab,
}));

// Issue 21: the medication and medication accounting tabs load with their own chunks.
const SubjectMedicationTab = lazy(async () => ({
  default: (await import('../../medication/subject-medication-tab')).SubjectMedicationTab,
}));
const SubjectAccountingTab = lazy(async () => ({
  default: (await import('../../medication/subject-accounting-tab')).SubjectAccountingTab,
}));

// Issue 24: the e-consent tab loads with its own chunk and strings.
const SubjectEConsentTab = lazy(async () => ({
  default: (await import('../../econsent/subject-econsent-tab')).SubjectEConsentTab,
}));

/** GET /studies/{studyId}/patient/{id}/audit asks for either (spec 001 §2 record history tab). */
const HISTORY_PERMISSIONS: readonly Permission[] = ['AUDIT_VIEW', 'PATIENT_VIEW'];

const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'initials',
  'dateOfBirth',
  'birthYear',
  'gender',
  'nationality',
  'language',
  'ssChecksum',
  'email',
  'mobileNumber',
  'homeNumber',
  'workNumber',
  'address',
  'guardian1',
  'guardian2',
  'trialGroup',
  'investigatorName',
  'investigatorEmail',
  'investigatorId',
] as const satisfies readonly (keyof SubjectDetail)[];

function ProfileTab({ subject, canSeeTrialGroup }: { subject: SubjectDetail; canSeeTrialGroup: boolean }) {
  const { t } = useTranslation(['common', 'adverse-events', 'questionnaires']);
  const fields = PROFILE_FIELDS.filter((f) => f !== 'trialGroup' || canSeeTrialGroup);
  return (
    <Stack gap="md">
      {subject.missingAttributes.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="missing-fields">
          {t('SUBJECTS.LIST.MISSING', {
            fields: subject.missingAttributes.map((f) => fieldLabel(t, f)).join(', '),
          })}
        </Alert>
      )}
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          {[
            ['patientId', subject.patientId],
            ['site', subject.siteName],
          ].map(([field, value]) => (
            <Stack gap={2} key={field}>
              <Text size="xs" c="dimmed">
                {fieldLabel(t, field ?? '')}
              </Text>
              <Text fw={500}>
                <bdi>{value}</bdi>
              </Text>
            </Stack>
          ))}
          {fields.map((field) => (
            <Stack gap={2} key={field} data-testid={`profile-${field}`}>
              <Text size="xs" c="dimmed">
                {fieldLabel(t, field)}
              </Text>
              <Text component="div">
                <AttributeValue field={field} value={subject[field]} />
              </Text>
            </Stack>
          ))}
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {fieldLabel(t, 'createdTime')}
            </Text>
            <Text>
              <bdi>{formatDateTime(subject.createdTime)}</bdi>
            </Text>
          </Stack>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

/** Route /study/:studyId/patient/:id?selected (spec 001 §2 subject view; tabs shown by permission). */
export function SubjectViewPage() {
  const { t } = useTranslation(['common', 'adverse-events', 'questionnaires', 'medication']);
  const { studyId = '', id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const abilities = useStudyAbilities(studyId);
  const subject = useSubject(studyId, id);
  const canRecords = abilities.can('PATHWAY_RECORD_VIEW');
  const canHistory = HISTORY_PERMISSIONS.some((p) => abilities.can(p));
  const canAes = abilities.can('AE_VIEW');
  const canConsents = abilities.can('ECONSENT_LIST');
  // Issue 21: the medication tabs by permission, only when the study has the medication module.
  const study = useStudy(studyId, { secondary: true });
  const modules = study.data?.modules ?? [];
  const canMedication = abilities.can('PATIENT_LIST_MEDICATION') && modules.includes('MEDICATION');
  const canAccounting =
    abilities.can('MEDICATION_ACCOUNTING_LIST') &&
    (modules.includes('MEDICATION_ACCOUNTING') || modules.includes('MEDICATION'));
  const tabs = [
    'profile',
    ...(canRecords ? ['records'] : []),
    ...(canMedication ? ['medication'] : []),
    ...(canAccounting ? ['medicationAccounting'] : []),
    ...(canAes ? ['ae'] : []),
    ...(canConsents ? ['econsent'] : []),
    ...(canHistory ? ['history'] : []),
  ];
  const selected = params.get('selected');
  const tab = selected && tabs.includes(selected) ? selected : 'profile';
  const title = subject.data?.patientId ?? t('SUBJECTS.TITLE');
  const header = (
    <PageHeader
      crumbs={[
        { label: t('NAV.STUDIES'), to: '/study' },
        { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
        { label: t('SUBJECTS.TITLE'), to: `/study/${studyId}/patient` },
        { label: title },
      ]}
      actions={
        <Group gap="xs">
          <CasebookButton studyId={studyId} subjectId={id} />
          {subject.data?.abilities.update && (
            <Button
              component={Link}
              to={`/study/${studyId}/patient/${id}/edit`}
              variant="default"
              leftSection={<IconEdit size={16} />}
              data-testid="edit-subject"
            >
              {t('SUBJECTS.ACTIONS.EDIT')}
            </Button>
          )}
        </Group>
      }
    />
  );
  if (subject.isPending) return <FullPageLoader />;
  if (subject.isError)
    return (
      <>
        {header}
        <Alert color="red">{t('SUBJECTS.VIEW.LOAD_FAILED')}</Alert>
      </>
    );
  const data = subject.data;
  return (
    <>
      {header}
      {data.archived && (
        <Group mb="md">
          <Badge color="gray" variant="light" data-testid="archived-badge">
            {t('SUBJECTS.VIEW.ARCHIVED_NOTE')}
          </Badge>
        </Group>
      )}
      <Tabs
        value={tab}
        onChange={(value) => setParams(value ? { selected: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />} data-testid="tab-profile">
            {t('SUBJECTS.VIEW.TABS.PROFILE')}
          </Tabs.Tab>
          {canRecords && (
            <Tabs.Tab value="records" leftSection={<IconListDetails size={16} />} data-testid="tab-records">
              {t('SUBJECTS.VIEW.TABS.RECORDS')}
            </Tabs.Tab>
          )}
          {canMedication && (
            <Tabs.Tab value="medication" leftSection={<IconPill size={16} />} data-testid="tab-medication">
              {t('MEDICATION.TITLE')}
            </Tabs.Tab>
          )}
          {canAccounting && (
            <Tabs.Tab
              value="medicationAccounting"
              leftSection={<IconPackage size={16} />}
              data-testid="tab-medication-accounting"
            >
              {t('MEDICATION.ACCOUNTING.TAB')}
            </Tabs.Tab>
          )}
          {canAes && (
            <Tabs.Tab value="ae" leftSection={<IconAlertTriangle size={16} />} data-testid="tab-ae">
              {t('ADVERSE_EVENTS.SUBJECT.TAB')}
            </Tabs.Tab>
          )}
          {canConsents && (
            <Tabs.Tab
              value="econsent"
              leftSection={<IconFileCertificate size={16} />}
              data-testid="tab-econsent"
            >
              {t('NAV.SECTIONS.ECONSENT')}
            </Tabs.Tab>
          )}
          {canHistory && (
            <Tabs.Tab value="history" leftSection={<IconHistory size={16} />} data-testid="tab-history">
              {t('SUBJECTS.VIEW.TABS.HISTORY')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab subject={data} canSeeTrialGroup={abilities.can('TRIAL_GROUP_VIEW')} />
        </Tabs.Panel>
        {canRecords && (
          <Tabs.Panel value="records">
            <RecordsTab studyId={studyId} subject={data} />
          </Tabs.Panel>
        )}
        {canMedication && (
          <Tabs.Panel value="medication">
            <Suspense fallback={<FullPageLoader />}>
              <SubjectMedicationTab studyId={studyId} subjectId={data.id} />
            </Suspense>
          </Tabs.Panel>
        )}
        {canAccounting && (
          <Tabs.Panel value="medicationAccounting">
            <Suspense fallback={<FullPageLoader />}>
              <SubjectAccountingTab studyId={studyId} subjectId={data.id} />
            </Suspense>
          </Tabs.Panel>
        )}
        {canAes && (
          <Tabs.Panel value="ae">
            <Suspense fallback={<FullPageLoader />}>
              <SubjectAeTab studyId={studyId} subjectId={data.id} />
            </Suspense>
          </Tabs.Panel>
        )}
        {canConsents && (
          <Tabs.Panel value="econsent">
            <Suspense fallback={<FullPageLoader />}>
              <SubjectEConsentTab studyId={studyId} subjectId={data.id} />
            </Suspense>
          </Tabs.Panel>
        )}
        {canHistory && (
          <Tabs.Panel value="history">
            <HistoryTab studyId={studyId} subjectId={data.id} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
