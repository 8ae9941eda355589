import { Alert, Anchor, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { type FieldIssue, SUBJECT_IMPORT_COLUMNS, SUBJECT_IMPORT_MAX_CSV_LENGTH } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportSubjects } from '../api';
import { fieldLabel, generalError, issueText, serverIssues, translateKey } from '../display';

type ImportDialogProps = {
  studyId: string;
  opened: boolean;
  onClose: () => void;
  sites: { value: string; label: string }[];
};

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${SUBJECT_IMPORT_COLUMNS.join(',')}\r\n`)}`;

/** Words for an import issue: the import's own keys (SUBJECTS.IMPORT.*) or a field message. */
function importIssueText(t: TFunction, issue: FieldIssue): string {
  if (issue.message.startsWith('SUBJECTS.IMPORT.')) {
    return translateKey(t, issue.message, issue.params);
  }
  return issueText(t, issue);
}

/** Line and column of an import issue: `[rowIndex, column]`, `['header', index]` or `['rows']`. */
function issuePlace(t: TFunction, issue: FieldIssue): { line: string; column: string } {
  const [first, second] = issue.path;
  const line = issue.params?.line;
  if (first === 'header') return { line: '1', column: String(issue.params?.column ?? '') };
  if (typeof first === 'number')
    return {
      line: line === undefined ? String(first + 2) : String(line),
      column: fieldLabel(t, String(second ?? '')),
    };
  return { line: t('SUBJECTS.IMPORT.FILE_LEVEL'), column: '' };
}

/** Spec 000 §5 subject import: a CSV file checked row by row on the server; all rows or none. */
export function ImportDialog({ studyId, opened, onClose, sites }: ImportDialogProps) {
  const { t } = useTranslation();
  const importing = useImportSubjects(studyId);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosenSite = siteId ?? sites[0]?.value ?? null;
  const issues = serverIssues(importing.error);

  const handleClose = () => {
    importing.reset();
    setFile(null);
    setProblem(null);
    onClose();
  };
  const handleSubmit = async () => {
    if (!file || !chosenSite) return;
    setProblem(null);
    importing.reset();
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setProblem(t('SUBJECTS.IMPORT.READ_FAILED'));
      return;
    }
    if (csv.length > SUBJECT_IMPORT_MAX_CSV_LENGTH) {
      setProblem(t('SUBJECTS.IMPORT.TOO_LARGE'));
      return;
    }
    importing.mutate({ siteId: chosenSite, csv });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('SUBJECTS.IMPORT.TITLE')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('SUBJECTS.IMPORT.INTRO')}</Text>
        <Anchor href={TEMPLATE_HREF} download="subjects-template.csv" size="sm" data-testid="import-template">
          <Group gap={4} component="span">
            <IconDownload size={14} aria-hidden />
            {t('SUBJECTS.IMPORT.TEMPLATE')}
          </Group>
        </Anchor>
        <Select
          label={t('SUBJECTS.FORM.SITE')}
          data={sites}
          value={chosenSite}
          onChange={setSiteId}
          allowDeselect={false}
          data-testid="import-site"
        />
        <FileInput
          label={t('SUBJECTS.IMPORT.FILE')}
          placeholder={t('SUBJECTS.IMPORT.FILE_PLACEHOLDER')}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={(value) => {
            setFile(value);
            importing.reset();
          }}
          clearable
          data-testid="import-file"
        />
        {problem && <Alert color="red">{problem}</Alert>}
        {importing.isSuccess && (
          <Alert color="green" data-testid="import-success">
            {t('SUBJECTS.IMPORT.SUCCESS', { count: importing.data.imported })}
          </Alert>
        )}
        {importing.isError && !issues && <Alert color="red">{generalError(t, importing.error)}</Alert>}
        {issues && (
          <Alert color="red" title={t('SUBJECTS.IMPORT.REFUSED')} data-testid="import-errors">
            <Table.ScrollContainer minWidth={360} mah={260}>
              <Table withRowBorders fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('SUBJECTS.IMPORT.LINE')}</Table.Th>
                    <Table.Th>{t('SUBJECTS.IMPORT.COLUMN')}</Table.Th>
                    <Table.Th>{t('SUBJECTS.IMPORT.PROBLEM')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {issues.map((issue) => {
                    const place = issuePlace(t, issue);
                    return (
                      <Table.Tr
                        key={`${issue.path.join('.')}-${issue.message}`}
                        data-testid="import-error-row"
                      >
                        <Table.Td>{place.line}</Table.Td>
                        <Table.Td>
                          <bdi>{place.column}</bdi>
                        </Table.Td>
                        <Table.Td>{importIssueText(t, issue)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {t('SUBJECTS.ACTIONS.CLOSE')}
          </Button>
          <Button
            onClick={() => void handleSubmit()}
            disabled={!file || !chosenSite}
            loading={importing.isPending}
            data-testid="import-submit"
          >
            {t('SUBJECTS.IMPORT.SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
