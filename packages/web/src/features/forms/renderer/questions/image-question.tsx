import { Alert, Image, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionInputProps } from '../question-props';

type ImageQuestionProps = QuestionInputProps & { imageChart?: string | null | undefined };

/**
 * IMAGE: the subject adds an image (spec 001 §3). Uploading answers arrives with subject data
 * capture, so the preview explains that instead of pretending to upload; an image chart is shown.
 */
export function ImageQuestion({ labelId, describedBy, imageChart }: ImageQuestionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      {imageChart && <Image src={imageChart} alt={t('RENDERER.IMAGE.CHART')} mah={320} fit="contain" />}
      <Alert variant="light" color="gray" icon={<IconPhoto size={18} />}>
        {t('RENDERER.IMAGE.UPLOAD_LATER')}
      </Alert>
    </Stack>
  );
}
