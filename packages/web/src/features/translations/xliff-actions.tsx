import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { useImportXliff, xliffUrl } from './api';
import { languageLabel } from './model';
import { fileErrorText, unitErrorText, xliffProblemsOf } from './unit-errors';

type XliffActionsProps = { studyId: string; language: string; canImport: boolean; compact?: boolean };

/** Issue 18 item 5: a study language out as XLIFF 2.0 for a translation agency, and back in. */
export function XliffActions({ studyId, language, canImport, compact }: XliffActionsProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const size = compact ? 'compact-sm' : 'sm';
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={xliffUrl(studyId, language)}
        download={`${language}.xlf`}
        variant="default"
        size={size}
        leftSection={<IconDownload size={16} />}
        aria-label={t('TRANSLATIONS.XLIFF.DOWNLOAD_NAMED', { language: languageLabel(language) })}
        data-testid={`xliff-download-${language}`}
      >
        {t('TRANSLATIONS.XLIFF.DOWNLOAD')}
      </Button>
      {canImport && (
        <Button
          variant="default"
          size={size}
          leftSection={<IconUpload size={16} />}
          onClick={() => setOpen(true)}
          aria-label={t('TRANSLATIONS.XLIFF.UPLOAD_NAMED', { language: languageLabel(language) })}
          data-testid={`xliff-upload-${language}`}
        >
          {t('TRANSLATIONS.XLIFF.UPLOAD')}
        </Button>
      )}
      {isOpen && <XliffUploadModal studyId={studyId} language={language} onClose={() => setOpen(false)} />}
    </Group>
  );
}

type Problem = { unitId: string | null; text: string };

function XliffUploadModal({
  studyId,
  language,
  onClose,
}: {
  studyId: string;
  language: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const importXliff = useImportXliff(studyId);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const handleImport = async () => {
    if (!file) return;
    setProblems([]);
    setMessage(null);
    try {
      const result = await importXliff.mutateAsync({ language, xliff: await file.text() });
      showSuccessToast(t('TRANSLATIONS.XLIFF.IMPORTED', { count: result.changed }));
      onClose();
    } catch (error) {
      const units = isHttpError(error) ? xliffProblemsOf(error.body?.context) : [];
      setProblems(units.map((unit) => ({ unitId: unit.unitId, text: unitErrorText(unit, t) })));
      setMessage(
        units.length > 0
          ? t('TRANSLATIONS.XLIFF.REFUSED', { count: units.length })
          : (fileErrorText(error, t) ?? serverErrorMessage(error, { fallback: 'TRANSLATIONS.XLIFF.FAILED' })),
      );
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('TRANSLATIONS.XLIFF.UPLOAD_TITLE', { language: languageLabel(language) })}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('TRANSLATIONS.XLIFF.UPLOAD_HELP')}
        </Text>
        <FileInput
          label={t('TRANSLATIONS.XLIFF.FILE')}
          placeholder={t('TRANSLATIONS.XLIFF.PICK')}
          accept=".xlf,.xliff,.xml,application/xliff+xml,application/xml,text/xml"
          value={file}
          onChange={setFile}
          leftSection={<IconFileUpload size={16} />}
          clearable
          data-testid="xliff-file"
        />
        {message && (
          <Alert color="red" role="alert" data-testid="xliff-error">
            <Text size="sm" fw={500}>
              {message}
            </Text>
            {problems.length > 0 && (
              <ScrollArea.Autosize mah={240} mt="xs">
                <List size="sm" spacing={4} data-testid="xliff-problems">
                  {problems.map((problem) => (
                    <List.Item key={`${problem.unitId ?? ''}-${problem.text}`} data-testid="xliff-problem">
                      <Text span size="sm" ff="monospace" dir="ltr">
                        {problem.unitId}
                      </Text>
                      {': '}
                      {problem.text}
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('TRANSLATIONS.ACTIONS.CANCEL')}
          </Button>
          <Button
            onClick={() => void handleImport()}
            disabled={!file}
            loading={importXliff.isPending}
            data-testid="xliff-import"
          >
            {t('TRANSLATIONS.XLIFF.IMPORT')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
