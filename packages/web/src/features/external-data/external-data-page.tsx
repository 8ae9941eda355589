import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconFileTypeCsv, IconPlugConnectedX, IconUpload } from '@tabler/icons-react';
import {
  EXTERNAL_DATA_MAX_CHARS,
  type ExternalDataMapping,
  type ExternalDataRowIssue,
  readExternalDataHeader,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ForbiddenInPlace } from '../../app/forbidden-in-place';
import { serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showErrorToast } from '../../app/notify';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { PageHeader } from '../../components/page-header';
import { pickText } from '../forms/renderer/text';
import { useSites, useStudyName } from '../sites/api';
import { useExternalDataChoices, useImportExternalData, usePreviewExternalData } from './api';
import { guessMapping } from './guess-mapping';
import { ImportedDates } from './imported-dates';
import { IssueTable } from './issue-table';
import { MappingFields } from './mapping-fields';

type Outcome =
  | { kind: 'issues'; issues: ExternalDataRowIssue[] }
  | { kind: 'checked' | 'imported'; rows: number };

const EMPTY_MAPPING: ExternalDataMapping = { subjectIdColumn: '', eventDateColumn: '', questions: {} };

function rowIssuesOf(error: unknown): ExternalDataRowIssue[] | null {
  if (!isHttpError(error) || error.status !== 400) return null;
  const issues = (error.body?.context as { rowIssues?: ExternalDataRowIssue[] } | undefined)?.rowIssues;
  return Array.isArray(issues) ? issues : null;
}

/**
 * /study/{studyId}/externalData (spec 001 §2, issue 28 item 4): results from other systems (lab
 * values and the like) imported as a process's external events. Choose the site, event and form,
 * upload the CSV, check the mapping; a file with any bad row is refused whole with its rows and
 * columns listed; fix it and upload again. Importing and deleting work only in production (§4).
 */
export function ExternalDataPage() {
  const { t, i18n } = useTranslation(['common', 'external-data', 'renderer']);
  const studyId = useParams().studyId ?? '';
  const studyName = useStudyName(studyId);
  const choices = useExternalDataChoices(studyId);
  const sites = useSites(studyId, { secondary: true });
  const preview = usePreviewExternalData(studyId);
  const runImport = useImportExternalData(studyId);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [processId, setProcessId] = useState<string | null>(null);
  const [formId, setFormId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [header, setHeader] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ExternalDataMapping>(EMPTY_MAPPING);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const events = choices.data?.events ?? [];
  const event =
    events.find((e) => e.processId === processId) ?? (events.length === 1 ? events[0] : undefined);
  const form =
    event?.forms.find((f) => f.formId === formId) ?? (event?.forms.length === 1 ? event.forms[0] : undefined);
  const siteList = sites.data?.sites ?? [];
  const site = siteList.find((s) => s.id === siteId) ?? (siteList.length === 1 ? siteList[0] : undefined);
  const isProduction = choices.data?.isProduction ?? false;
  const questionLabel = (id: string) =>
    pickText(form?.questions.find((q) => q.id === id)?.question, i18n.language) || id;
  const isReady =
    site !== undefined &&
    event !== undefined &&
    form !== undefined &&
    csv !== '' &&
    !!mapping.subjectIdColumn &&
    !!mapping.eventDateColumn;

  async function handleFile(next: File | null) {
    setFile(next);
    setOutcome(null);
    setFileError(null);
    if (!next) {
      setCsv('');
      setHeader([]);
      return;
    }
    const text = await next.text();
    if (text.length > EXTERNAL_DATA_MAX_CHARS) {
      setFileError(t('EXTERNAL_DATA.FILE_TOO_LARGE'));
      setCsv('');
      setHeader([]);
      return;
    }
    const names = readExternalDataHeader(text);
    setCsv(text);
    setHeader(names);
    setMapping(guessMapping(names, form?.questions ?? []));
  }

  const request = () => ({
    siteId: site?.id ?? '',
    processId: event?.processId ?? '',
    formId: form?.formId ?? '',
    mapping,
    csv,
  });

  async function handleCheck() {
    try {
      const result = await preview.mutateAsync(request());
      setOutcome(
        result.ok ? { kind: 'checked', rows: result.rowCount } : { kind: 'issues', issues: result.issues },
      );
    } catch (error) {
      showErrorToast(serverErrorMessage(error));
    }
  }

  async function handleImport() {
    try {
      const result = await runImport.mutateAsync(request());
      setOutcome({ kind: 'imported', rows: result.rowCount });
    } catch (error) {
      const issues = rowIssuesOf(error);
      if (issues) setOutcome({ kind: 'issues', issues });
      else showErrorToast(serverErrorMessage(error));
    }
  }

  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    ...(studyName ? [{ label: studyName, to: `/study/${studyId}/overview` }] : []),
    { label: t('EXTERNAL_DATA.TITLE') },
  ];
  const status = isHttpError(choices.error) ? choices.error.status : null;
  const isModuleDisabled = isHttpError(choices.error) && choices.error.body?.type === 'PRECONDITION';

  return (
    <>
      <PageHeader crumbs={crumbs} description={isModuleDisabled ? undefined : t('EXTERNAL_DATA.INTRO')} />
      <ExtendedValidationDialog />
      {choices.isPending && <Loader size="sm" aria-label={t('EXTERNAL_DATA.LOADING')} />}
      {status === 403 && <ForbiddenInPlace />}
      {isModuleDisabled && (
        <Alert
          color="gray"
          variant="light"
          maw={960}
          icon={<IconPlugConnectedX size={20} />}
          title={t('EXTERNAL_DATA.MODULE_DISABLED_TITLE')}
          data-testid="external-data-module-disabled"
        >
          {t('EXTERNAL_DATA.MODULE_DISABLED')}
        </Alert>
      )}
      {choices.isError && status !== 403 && !isModuleDisabled && (
        <Alert color="red">{t('EXTERNAL_DATA.LOAD_FAILED')}</Alert>
      )}
      {choices.data && (
        <Stack gap="lg" maw={960}>
          {!isProduction && (
            <Alert color="yellow" variant="light" title={t('EXTERNAL_DATA.NOT_PRODUCTION_TITLE')}>
              {t('EXTERNAL_DATA.NOT_PRODUCTION')}
            </Alert>
          )}
          {events.length === 0 && <Text c="dimmed">{t('EXTERNAL_DATA.NO_EVENTS')}</Text>}
          {events.length > 0 && (
            <Card withBorder padding="md">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {t('EXTERNAL_DATA.UPLOAD_TITLE')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <Select
                    label={t('EXTERNAL_DATA.SITE')}
                    data={siteList.map((s) => ({ value: s.id, label: s.name }))}
                    value={site?.id ?? null}
                    onChange={(value) => {
                      setSiteId(value);
                      setOutcome(null);
                    }}
                    required
                  />
                  <Select
                    label={t('EXTERNAL_DATA.EVENT')}
                    data={events.map((e) => ({ value: e.processId, label: e.processName }))}
                    value={event?.processId ?? null}
                    onChange={(value) => {
                      setProcessId(value);
                      setFormId(null);
                      setOutcome(null);
                    }}
                    required
                  />
                  <Select
                    label={t('EXTERNAL_DATA.FORM')}
                    data={(event?.forms ?? []).map((f) => ({
                      value: f.formId,
                      label: pickText(f.title, i18n.language) || f.formId,
                    }))}
                    value={form?.formId ?? null}
                    onChange={(value) => {
                      setFormId(value);
                      const next = event?.forms.find((f) => f.formId === value);
                      setMapping(guessMapping(header, next?.questions ?? []));
                      setOutcome(null);
                    }}
                    required
                  />
                </SimpleGrid>
                <FileInput
                  label={t('EXTERNAL_DATA.FILE')}
                  description={t('EXTERNAL_DATA.FILE_HELP')}
                  placeholder={t('EXTERNAL_DATA.FILE_PLACEHOLDER')}
                  accept=".csv,text/csv"
                  leftSection={<IconFileTypeCsv size={16} />}
                  value={file}
                  onChange={(next) => void handleFile(next)}
                  error={fileError}
                  clearable
                />
                {header.length > 0 && form && (
                  <MappingFields
                    header={header}
                    questions={form.questions}
                    mapping={mapping}
                    onChange={(next) => {
                      setMapping(next);
                      setOutcome(null);
                    }}
                  />
                )}
                <Group gap="sm" wrap="wrap">
                  <Button
                    variant="default"
                    leftSection={<IconCheck size={16} />}
                    onClick={handleCheck}
                    disabled={!isReady || !isProduction}
                    loading={preview.isPending}
                  >
                    {t('EXTERNAL_DATA.CHECK')}
                  </Button>
                  <Button
                    leftSection={<IconUpload size={16} />}
                    onClick={handleImport}
                    disabled={!isReady || !isProduction}
                    loading={runImport.isPending}
                  >
                    {t('EXTERNAL_DATA.IMPORT')}
                  </Button>
                </Group>
                {outcome?.kind === 'issues' && (
                  <IssueTable issues={outcome.issues} questionLabel={questionLabel} />
                )}
                {outcome?.kind === 'checked' && (
                  <Alert color="green" variant="light" data-testid="external-data-checked">
                    {t('EXTERNAL_DATA.CHECKED', { count: outcome.rows })}
                  </Alert>
                )}
                {outcome?.kind === 'imported' && (
                  <Alert color="green" variant="light" data-testid="external-data-imported">
                    {t('EXTERNAL_DATA.IMPORTED', { count: outcome.rows })}
                  </Alert>
                )}
              </Stack>
            </Card>
          )}
          {site && (
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('EXTERNAL_DATA.DATES.TITLE', { site: site.name })}
                </Title>
                <ImportedDates studyId={studyId} siteId={site.id} canDelete={isProduction} />
              </Stack>
            </Card>
          )}
        </Stack>
      )}
    </>
  );
}
