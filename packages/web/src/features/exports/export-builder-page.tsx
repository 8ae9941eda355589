import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportJob,
  type ExportRequestInput,
  SUBJECT_RESTRICTED_FIELDS,
  type SubjectRestrictedField,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { ForbiddenInPlace } from '../../app/forbidden-in-place';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useFormList } from '../forms/api';
import { useSites, useStudyName } from '../sites/api';
import { downloadExport, useExportList, useStartExport } from './api';

type Flag =
  | 'includeUnscheduled'
  | 'includeAes'
  | 'includeMedication'
  | 'includeQueries'
  | 'includeAuditTrail';

/** Which permission each optional part needs (the server checks again; spec 000 §6). */
const FLAGS: { flag: Flag; permission?: Parameters<ReturnType<typeof useStudyAbilities>['can']>[0] }[] = [
  { flag: 'includeUnscheduled' },
  { flag: 'includeAes', permission: 'AE_VIEW' },
  { flag: 'includeMedication', permission: 'PATIENT_LIST_MEDICATION' },
  { flag: 'includeQueries', permission: 'QUERY_VIEW' },
  { flag: 'includeAuditTrail', permission: 'AUDIT_VIEW' },
];

function textOf(text: Record<string, string | undefined>, language: string): string {
  return text[language] ?? text.en ?? Object.values(text).find((v) => v) ?? '';
}

/**
 * /study/{studyId}/exports (issue 26 item 1): the export builder. Choose forms, sites, a date range,
 * the optional parts and the formats; the export runs in the background with a progress bar and
 * the zip is downloaded from the list of the user's own exports. Identifiable fields and trial
 * groups are offered only to those who hold their permission.
 */
export function ExportBuilderPage() {
  const { t, i18n } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const abilities = useStudyAbilities(studyId);
  const studyName = useStudyName(studyId);
  const canExport = abilities.can('REPORTING_EXPORT');
  const forms = useFormList(studyId);
  const sites = useSites(studyId);
  const list = useExportList(studyId, canExport);
  const start = useStartExport(studyId);
  const [formIds, setFormIds] = useState<string[]>([]);
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    includeUnscheduled: true,
    includeAes: false,
    includeMedication: false,
    includeQueries: false,
    includeAuditTrail: false,
  });
  const [formats, setFormats] = useState<ExportFormat[]>(['CSV']);
  const [fields, setFields] = useState<SubjectRestrictedField[]>([]);
  const [withTrialGroup, setWithTrialGroup] = useState(false);

  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    { label: studyName ?? studyId, to: `/study/${studyId}/overview` },
    { label: t('EXPORTS.TITLE') },
  ];
  if (!abilities.isPending && !canExport) return <ForbiddenInPlace />;

  const allowedFields = (Object.keys(SUBJECT_RESTRICTED_FIELDS) as SubjectRestrictedField[]).filter((field) =>
    abilities.can(SUBJECT_RESTRICTED_FIELDS[field]),
  );

  const handleStart = async () => {
    const body: ExportRequestInput = {
      forms: formIds,
      sites: siteIds,
      from: from || null,
      to: to || null,
      ...flags,
      formats,
      subjectFields: fields,
      includeTrialGroup: withTrialGroup,
    };
    try {
      await start.mutateAsync(body);
      showSuccessToast(t('EXPORTS.STARTED'));
    } catch (error) {
      showErrorToast(serverErrorMessage(error));
    }
  };

  const handleDownload = async (job: ExportJob) => {
    try {
      await downloadExport(studyId, job);
    } catch (error) {
      showErrorToast(serverErrorMessage(error));
    }
  };

  return (
    <>
      <PageHeader crumbs={crumbs} description={t('EXPORTS.DESCRIPTION')} />
      <Stack gap="lg">
        <Card withBorder>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MultiSelect
                label={t('EXPORTS.FORMS')}
                placeholder={t('EXPORTS.ALL')}
                data={(forms.data ?? [])
                  .filter((f) => f.type !== 'TYPE_AE')
                  .map((f) => ({ value: f.id, label: textOf(f.title, i18n.language) }))}
                value={formIds}
                onChange={setFormIds}
                searchable
                clearable
              />
              <MultiSelect
                label={t('EXPORTS.SITES')}
                placeholder={t('EXPORTS.ALL_MY_SITES')}
                data={(sites.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }))}
                value={siteIds}
                onChange={setSiteIds}
                searchable
                clearable
              />
              <TextInput
                type="date"
                label={t('EXPORTS.FROM')}
                value={from}
                onChange={(event) => setFrom(event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label={t('EXPORTS.TO')}
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
              />
            </SimpleGrid>
            <Title order={3} size="h5">
              {t('EXPORTS.INCLUDE')}
            </Title>
            <Group>
              {FLAGS.filter((f) => !f.permission || abilities.can(f.permission)).map(({ flag }) => (
                <Checkbox
                  key={flag}
                  label={t(`EXPORTS.FLAGS.${flag}`)}
                  checked={flags[flag]}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setFlags((current) => ({ ...current, [flag]: checked }));
                  }}
                />
              ))}
              {abilities.can('TRIAL_GROUP_VIEW') && (
                <Checkbox
                  label={t('EXPORTS.FLAGS.includeTrialGroup')}
                  checked={withTrialGroup}
                  onChange={(event) => setWithTrialGroup(event.currentTarget.checked)}
                />
              )}
            </Group>
            {allowedFields.length > 0 && (
              <MultiSelect
                label={t('EXPORTS.SUBJECT_FIELDS')}
                description={t('EXPORTS.SUBJECT_FIELDS_HELP')}
                data={allowedFields.map((field) => ({ value: field, label: t(`EXPORTS.FIELDS.${field}`) }))}
                value={fields}
                onChange={(value) => setFields(value as SubjectRestrictedField[])}
                clearable
              />
            )}
            <Checkbox.Group
              label={t('EXPORTS.FORMATS')}
              value={formats}
              onChange={(value) => setFormats(value as ExportFormat[])}
            >
              <Group mt="xs">
                {EXPORT_FORMATS.map((format) => (
                  <Checkbox
                    key={format}
                    value={format}
                    label={t(`EXPORTS.FORMAT.${format}`)}
                    disabled={format === 'CSV'}
                  />
                ))}
              </Group>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button
                leftSection={<IconFileExport size={18} aria-hidden />}
                onClick={() => void handleStart()}
                loading={start.isPending}
              >
                {t('EXPORTS.START')}
              </Button>
            </Group>
          </Stack>
        </Card>

        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('EXPORTS.MY_EXPORTS')}
          </Title>
          {(list.data?.items.length ?? 0) === 0 ? (
            <Text c="dimmed">{t('EXPORTS.NONE')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('EXPORTS.CREATED')}</Table.Th>
                    <Table.Th>{t('EXPORTS.STATUS_LABEL')}</Table.Th>
                    <Table.Th>{t('EXPORTS.PROGRESS')}</Table.Th>
                    <Table.Th>{t('EXPORTS.KEPT_UNTIL')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data?.items.map((job) => {
                    const percent =
                      job.progress.total > 0 ? (job.progress.done / job.progress.total) * 100 : 0;
                    return (
                      <Table.Tr key={job.id}>
                        <Table.Td dir="ltr">{new Date(job.createdAt).toLocaleString(i18n.language)}</Table.Td>
                        <Table.Td>
                          <Badge
                            variant="light"
                            color={
                              job.status === 'FAILED' ? 'red' : job.status === 'COMPLETED' ? 'green' : 'blue'
                            }
                          >
                            {t(`EXPORTS.STATUS.${job.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td miw={140}>
                          <Progress
                            value={job.status === 'COMPLETED' ? 100 : percent}
                            aria-label={t('EXPORTS.PROGRESS_OF', {
                              done: job.progress.done,
                              total: job.progress.total,
                            })}
                          />
                        </Table.Td>
                        <Table.Td dir="ltr">
                          {job.expiresAt ? new Date(job.expiresAt).toLocaleDateString(i18n.language) : ''}
                        </Table.Td>
                        <Table.Td>
                          {job.status === 'COMPLETED' && job.fileSize !== null && (
                            <Button
                              size="xs"
                              variant="default"
                              leftSection={<IconDownload size={16} aria-hidden />}
                              onClick={() => void handleDownload(job)}
                            >
                              {t('EXPORTS.DOWNLOAD')}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
    </>
  );
}
