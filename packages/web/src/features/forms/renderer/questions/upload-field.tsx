import { Button, CloseButton, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type AnswerFile, type FieldIssue, validateUpload } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererUpload } from '../host';
import { issueText } from '../issue-text';

type UploadFieldProps = {
  questionId: string;
  kind: 'FILE' | 'IMAGE';
  inputId: string;
  files: readonly AnswerFile[];
  upload: RendererUpload;
  onChange: (files: AnswerFile[]) => void;
  onBlur: () => void;
};

/**
 * Spec 002 §5 Upload, §8 Uploads: checks the file with the domain rules (size <= 1,024,000 bytes,
 * INVALID_FILENAME_DOTS, images only for IMAGE), sends it through the host's upload with a progress
 * bar and keeps what the server answered in the answer. One file per question; a new one replaces it.
 */
export function UploadField({
  questionId,
  kind,
  inputId,
  files,
  upload,
  onChange,
  onBlur,
}: UploadFieldProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${inputId}-upload-error`;
  const handlePick = async (file: File | null) => {
    onBlur();
    setError(null);
    if (!file) return;
    const issues: FieldIssue[] = validateUpload(
      { fileName: file.name, size: file.size, mimeType: file.type },
      kind === 'IMAGE' ? 'ANSWER_IMAGE' : 'ANSWER_FILE',
    );
    if (issues.length > 0) {
      setError(issues.map((issue) => issueText(t, issue)).join(' '));
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    try {
      const stored = await upload({
        questionId,
        file,
        kind,
        onProgress: (fraction) => setProgress({ name: file.name, fraction }),
      });
      onChange([stored]);
    } catch (caught) {
      const message = caught instanceof Error && caught.message ? caught.message : '';
      setError(
        message.startsWith('RENDERER.')
          ? t(message as 'RENDERER.FILE.UPLOAD_ERROR')
          : t(kind === 'IMAGE' ? 'RENDERER.IMAGE.UPLOAD_ERROR' : 'RENDERER.FILE.UPLOAD_ERROR'),
      );
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6}>
      <FileButton
        onChange={(file) => void handlePick(file)}
        accept={kind === 'IMAGE' ? 'image/*' : undefined}
      >
        {(props) => (
          <Button
            {...props}
            id={inputId}
            variant="default"
            leftSection={<IconUpload size={16} />}
            w="fit-content"
            mih={44}
            loading={progress !== null}
            aria-describedby={error ? errorId : undefined}
          >
            {t(kind === 'IMAGE' ? 'RENDERER.IMAGE.CHOOSE' : 'RENDERER.FILE.CHOOSE')}
          </Button>
        )}
      </FileButton>
      <div aria-live="polite">
        {progress && (
          <Stack gap={4}>
            <Text size="sm">{t('RENDERER.FILE.UPLOADING', { name: progress.name })}</Text>
            <Progress value={Math.round(progress.fraction * 100)} aria-label={progress.name} />
          </Stack>
        )}
        {!progress &&
          files.map((file) => (
            <Group key={file.id} gap="xs" wrap="nowrap" data-uploaded-file>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('RENDERER.FILE.UPLOADED', { name: file.fileName })}
              </Text>
              <CloseButton
                size="lg"
                aria-label={t('RENDERER.FILE.REMOVE', { name: file.fileName })}
                onClick={() => onChange(files.filter((f) => f.id !== file.id))}
              />
            </Group>
          ))}
      </div>
      {error && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
