import { Button, FileButton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type FieldIssue, uploadMaxBytes, validateUpload } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../host';
import { formatBytes, issueText } from '../issue-text';
import type { QuestionInputProps } from '../question-props';
import { UploadField } from './upload-field';

/**
 * FILE: picks a file and checks its name and size with the domain upload rules (spec 001 §5,
 * DESIGN.md upload limit). A host with an upload (the participant pages) sends it and stores the
 * file in the answer; otherwise the file is only checked.
 */
export function FileQuestion(props: QuestionInputProps) {
  const { upload } = useRendererHost();
  if (upload) {
    const { question, answer, inputId, labelId, describedBy, onChange, onBlur } = props;
    return (
      <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
        <UploadField
          questionId={question.id}
          kind="FILE"
          inputId={inputId}
          files={answer.files}
          upload={upload}
          onChange={(files) => onChange({ ...answer, files })}
          onBlur={onBlur}
        />
        <LimitText />
      </Stack>
    );
  }
  return <CheckOnlyFileQuestion {...props} />;
}

function LimitText() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('RENDERER.FILE.LIMIT', { size: formatBytes(uploadMaxBytes('ANSWER_FILE')) })}
    </Text>
  );
}

function CheckOnlyFileQuestion({ labelId, inputId, describedBy, onBlur }: QuestionInputProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ name: string; issues: FieldIssue[] } | null>(null);
  const handlePick = (file: File | null) => {
    onBlur();
    if (!file) return setPicked(null);
    const issues = validateUpload(
      { fileName: file.name, size: file.size, mimeType: file.type },
      'ANSWER_FILE',
    );
    setPicked({ name: file.name, issues });
  };
  const errorId = `${inputId}-file-error`;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <FileButton onChange={handlePick}>
        {(props) => (
          <Button
            {...props}
            id={inputId}
            variant="default"
            leftSection={<IconUpload size={16} />}
            w="fit-content"
            aria-describedby={picked?.issues.length ? errorId : undefined}
          >
            {t('RENDERER.FILE.CHOOSE')}
          </Button>
        )}
      </FileButton>
      <Text size="sm" c="dimmed">
        {t('RENDERER.FILE.LIMIT', { size: formatBytes(uploadMaxBytes('ANSWER_FILE')) })}
      </Text>
      {picked && picked.issues.length > 0 && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {picked.issues.map((issue) => issueText(t, issue)).join(' ')}
        </Text>
      )}
      {picked && picked.issues.length === 0 && (
        <Text size="sm">
          {t('RENDERER.FILE.CHECKED', { name: picked.name })} {t('RENDERER.FILE.NOT_SENT')}
        </Text>
      )}
    </Stack>
  );
}
