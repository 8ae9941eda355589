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
import { catalogLookup, serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { type ImportResult, type ImportSource, useImportForms } from './api';
import { ReportTable } from './report-table';

type Props = { studyId: string; opened: boolean; onClose: () => void };

/** The catalog keys the server puts on a refused file's field (server-errors.json). */
const FILE_REFUSAL_PREFIX = 'SERVER_ERRORS.REASON.IMPORT_';

/**
 * The error of a refused import, in words: the refusal of the file (its catalog key on the field,
 * FILE_TYPE, NOT_JSON …), else the shared server-error texts by reason (IMPORT_FORM_FAILED names the
 * form), status (429) or the import's generic text.
 */
function refusalOf(error: unknown): { message: string; report: ImportReportLine[] } | null {
  if (!error) return null;
  const context = (isHttpError(error) ? error.body?.context : undefined) as
    | { issues?: { message: string; params?: Record<string, unknown> }[]; report?: ImportReportLine[] }
    | undefined;
  const issue = context?.issues?.[0];
  const fileText = issue?.message.startsWith(FILE_REFUSAL_PREFIX)
    ? catalogLookup(issue.message, {
        expected: String(issue.params?.expected ?? ''),
        detail: String(issue.params?.detail ?? ''),
        max: IMPORT_MAX_CHARS.toLocaleString(),
      })
    : null;
  const message = fileText ?? serverErrorMessage(error, { fallback: 'IMPORTS.ERRORS.GENERIC' });
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
  const refusal = refusalOf(mutation.error);
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
