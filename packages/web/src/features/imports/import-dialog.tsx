import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  useMatches,
} from '@mantine/core';

import { IconFileImport } from '@tabler/icons-react';
import {
  IMPORT_FILE_EXTENSIONS,
  IMPORT_MAX_CHARS,
  type ImportReportLine,
  pickLanguage,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { type ImportResult, type ImportSource, useImportForms } from './api';
import { ReportTable } from './report-table';

type Props = { studyId: string; opened: boolean; onClose: () => void };

const FILE_ERROR_CODES = [
  'FILE_TOO_LARGE',
  'FILE_TYPE',
  'FILE_EMPTY',
  'NOT_A_DATA_DICTIONARY',
  'NOT_JSON',
  'NOT_A_QUESTIONNAIRE',
  'NOT_XML',
  'NOT_ODM',
  'NO_FORMS',
] as const;

function isFileErrorCode(code: string): code is (typeof FILE_ERROR_CODES)[number] {
  return (FILE_ERROR_CODES as readonly string[]).includes(code);
}

/** The error of a refused file, in words: its issue code (FILE_TYPE, NOT_JSON …) or the generic one. */
function useRefusal(error: unknown): { message: string; report: ImportReportLine[] } | null {
  const { t } = useTranslation(['common', 'imports']);
  if (!error) return null;
  if (!isHttpError(error) || error.status !== 400)
    return { message: t('IMPORTS.ERRORS.GENERIC'), report: [] };
  const context = error.body?.context as
    | {
        issues?: { message: string; params?: Record<string, unknown> }[];
        report?: ImportReportLine[];
        form?: string;
      }
    | undefined;
  const issue = context?.issues?.[0];
  const code = issue?.message ?? '';
  const message = isFileErrorCode(code)
    ? t(`IMPORTS.ERRORS.${code}`, {
        expected: String(issue?.params?.expected ?? ''),
        max: IMPORT_MAX_CHARS.toLocaleString(),
      })
    : context?.form
      ? t('IMPORTS.ERRORS.FORM_FAILED', { form: context.form })
      : t('IMPORTS.ERRORS.GENERIC');
  return { message, report: context?.report ?? [] };
}

/** Issue 27: choose REDCap, FHIR or ODM and a file, see the report of a dry run, then create all forms. */
export function ImportDialog({ studyId, opened, onClose }: Props) {
  const { t, i18n } = useTranslation(['common', 'imports', 'forms']);
  const [source, setSource] = useState<ImportSource>('REDCAP');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [created, setCreated] = useState<ImportResult | null>(null);
  const mutation = useImportForms(studyId);
  const refusal = useRefusal(mutation.error);
  // Three source names do not fit side by side on a phone.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });

  const reset = () => {
    setPreview(null);
    setCreated(null);
    mutation.reset();
  };
  const handleClose = () => {
    reset();
    setFile(null);
    onClose();
  };
  const run = async (dryRun: boolean) => {
    if (!file) return;
    const content = await file.text();
    mutation.mutate(
      { source, body: { fileName: file.name, content, dryRun } },
      {
        onSuccess: (result) => {
          if (result.dryRun) setPreview(result);
          else {
            setCreated(result);
            setPreview(null);
            showSuccessToast(t('IMPORTS.CREATED', { count: result.forms.length }));
          }
        },
      },
    );
  };
  const shown = created ?? preview;
  const title = (text: Record<string, string | undefined>) =>
    text[pickLanguage(i18n.language)] || Object.values(text).find((v) => v) || '—';

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t('IMPORTS.TITLE')}
      size="xl"
      data-testid="import-dialog"
    >
      <Stack gap="md">
        {!created && (
          <>
            <SegmentedControl
              fullWidth
              orientation={orientation}
              value={source}
              onChange={(v) => {
                setSource(v as ImportSource);
                setFile(null);
                reset();
              }}
              data={(['REDCAP', 'FHIR', 'ODM'] as const).map((s) => ({
                value: s,
                label: t(`IMPORTS.SOURCES.${s}`),
              }))}
              data-testid="import-source"
            />
            <Text size="sm" c="dimmed">
              {t(`IMPORTS.HELP.${source}`)}
            </Text>
            <FileInput
              label={t('IMPORTS.FILE')}
              placeholder={t('IMPORTS.CHOOSE_FILE')}
              accept={IMPORT_FILE_EXTENSIONS[source].join(',')}
              value={file}
              onChange={(f) => {
                setFile(f);
                reset();
              }}
              clearable
              data-testid="import-file"
            />
          </>
        )}
        {refusal && (
          <Alert color="red" title={t('IMPORTS.ERRORS.TITLE')} data-testid="import-error">
            {refusal.message}
          </Alert>
        )}
        {refusal && refusal.report.length > 0 && <ReportTable report={refusal.report} />}
        {shown && (
          <>
            <Text fw={600}>
              {created
                ? t('IMPORTS.DONE', { count: created.forms.length })
                : t('IMPORTS.WILL_CREATE', { count: shown.forms.length })}
            </Text>
            <ScrollArea.Autosize mah={240} type="auto">
              <Table withTableBorder fz="sm" data-testid="import-forms">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('IMPORTS.FORM')}</Table.Th>
                    <Table.Th>{t('IMPORTS.QUESTIONS')}</Table.Th>
                    <Table.Th>{t('IMPORTS.RULES')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.forms.map((f) => (
                    <Table.Tr key={f.id} data-testid="import-form">
                      <Table.Td>
                        {created ? (
                          <Anchor
                            component={Link}
                            to={`/study/${studyId}/questionnaireTemplate/${f.id}`}
                            onClick={handleClose}
                          >
                            {title(f.title)}
                          </Anchor>
                        ) : (
                          title(f.title)
                        )}
                      </Table.Td>
                      <Table.Td>{f.questionCount}</Table.Td>
                      <Table.Td>{f.showRuleCount}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {!created && <ReportTable report={shown.report} />}
          </>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={handleClose}>
            {created ? t('IMPORTS.CLOSE') : t('IMPORTS.CANCEL')}
          </Button>
          {!created && !preview && (
            <Button
              onClick={() => void run(true)}
              disabled={!file}
              loading={mutation.isPending}
              data-testid="import-preview"
            >
              {t('IMPORTS.PREVIEW')}
            </Button>
          )}
          {!created && preview && (
            <Button
              leftSection={<IconFileImport size={16} />}
              onClick={() => void run(false)}
              loading={mutation.isPending}
              disabled={preview.forms.length === 0}
              data-testid="import-create"
            >
              {t('IMPORTS.CREATE', { count: preview.forms.length })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
