import { Alert, Button, Card, Grid, Table, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { Process } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { ForbiddenInPlace } from '../../../app/forbidden-in-place';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useStudy } from '../../studies/api';
import { useProcess, useProcessForms } from '../api';
import { UNSCHEDULED_SETTINGS } from '../editor/general-info-card';
import { displayText } from '../localized';
import { EventTimeline } from './event-timeline';
import { SignupLinks } from './signup-links';

/** Route /study/:studyId/pathway/:id (spec 001 §2 read-only process view). */
export function ProcessViewPage() {
  const { t, i18n } = useTranslation();
  const { studyId = '', id = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const study = useStudy(studyId);
  const process = useProcess(studyId, id);
  const formList = useProcessForms(studyId, {
    enabled: abilities.can('QUESTIONNAIRE_TEMPLATE_LIST'),
    secondary: true,
  });
  if (process.isError) return <Alert color="red">{t('PROCESSES.VIEW.LOAD_FAILED')}</Alert>;
  if (!process.data || !study.data) return <FullPageLoader />;
  const p = process.data;
  const primary = study.data.primaryLanguage;
  const formTitle = (formId: string) => {
    const form = formList.data?.find((f) => f.id === formId);
    return form ? displayText(form.title, i18n.language, primary) || formId : formId;
  };
  const yesNo = (value: boolean) => (value ? t('PROCESSES.COMMON.YES') : t('PROCESSES.COMMON.NO'));
  const unscheduled = UNSCHEDULED_SETTINGS.filter(({ flag }) => p[flag]).map(({ forms: key, label }) => {
    const forms = [...p[key].selectedQts, ...p[key].selectedOptionalQts].map(formTitle).join(', ');
    return `${t(`PROCESSES.GENERAL.${label}`)}${forms ? ` (${forms})` : ''}`;
  });
  const rows: [string, string][] = [
    [t('PROCESSES.GENERAL.NAME'), p.pathwayName],
    [t('PROCESSES.LIST.TYPE'), t(`PROCESSES.TYPES.${p.type}`)],
    [t('PROCESSES.VIEW.CONSENT'), consentLine(t, p)],
    [t('PROCESSES.GENERAL.PATIENT_UPDATE'), t(`PROCESSES.PATIENT_UPDATE.${p.patientUpdate}`)],
    [
      t('PROCESSES.GENERAL.UNSCHEDULED'),
      unscheduled.length > 0 ? unscheduled.join('; ') : t('PROCESSES.COMMON.NONE'),
    ],
    [t('PROCESSES.PUBLIC.TITLE'), p.public ? publicLine(t, p) : t('PROCESSES.COMMON.NO')],
    [
      t('PROCESSES.RANDOMIZATION.TITLE'),
      p.randomization
        ? t('PROCESSES.VIEW.RANDOMIZATION_LINE', {
            groups: p.trialGroups.map((g) => displayText(g.title, i18n.language, primary)).join(', '),
            target: p.targetInclusion ?? '',
          })
        : yesNo(false),
    ],
    [t('PROCESSES.LIST.ENROLLMENTS'), String(p.enrollmentCount)],
  ];
  const canEdit = abilities.can('PATHWAY_UPDATE');
  const listPath = `/study/${studyId}/pathway`;
  return (
    <>
      <PageHeaderWithEdit
        title={p.pathwayName}
        listPath={listPath}
        editPath={canEdit ? `${listPath}/${p.id}/edit${p.recruitment ? '?isRecruitment=true' : ''}` : null}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md" radius="md">
            <Title order={2} fz="h4" mb="sm">
              {t('PROCESSES.VIEW.GENERAL')}
            </Title>
            <Table variant="vertical" layout="fixed" data-testid="general-table">
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w="40%">{label}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          {p.public && (
            <Card withBorder padding="md" radius="md" mt="lg">
              <Title order={2} fz="h4" mb="sm">
                {t('PROCESSES.VIEW.SIGNUP_LINKS')}
              </Title>
              {abilities.can('SITE_OVERVIEW') ? (
                <SignupLinks studyId={studyId} processId={p.id} />
              ) : (
                <ForbiddenInPlace />
              )}
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="md" radius="md">
            <Title order={2} fz="h4" mb="md">
              {t('PROCESSES.VIEW.TIMELINE')}
            </Title>
            <EventTimeline events={p.dataEvents} primaryLanguage={primary} formTitle={formTitle} />
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

function consentLine(t: TFunction, p: Process): string {
  return p.consentRequired ? t('PROCESSES.VIEW.CONSENT_REQUIRED') : t('PROCESSES.VIEW.CONSENT_NOT_REQUIRED');
}

function publicLine(t: TFunction, p: Process): string {
  const parts = [t('PROCESSES.COMMON.YES')];
  if (p.publicReenroll) parts.push(t('PROCESSES.PUBLIC.REENROLL'));
  if (p.publicIntroTextEnabled) parts.push(t('PROCESSES.PUBLIC.INTRO_ENABLED'));
  if (p.disableInvestigatorAttributesFields) parts.push(t('PROCESSES.PUBLIC.NO_INVESTIGATOR_FIELDS'));
  return parts.join(' · ');
}

type HeaderProps = { title: string; listPath: string; editPath: string | null };

function PageHeaderWithEdit({ title, listPath, editPath }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <PageHeader
      crumbs={[{ label: t('PROCESSES.TITLE'), to: listPath }, { label: title }]}
      actions={
        editPath && (
          <Button
            component={Link}
            to={editPath}
            leftSection={<IconEdit size={16} />}
            data-testid="edit-process"
          >
            {t('PROCESSES.ACTIONS.EDIT')}
          </Button>
        )
      }
    />
  );
}
