import { Alert, Image, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../host';
import type { QuestionInputProps } from '../question-props';
import { UploadField } from './upload-field';

type ImageQuestionProps = QuestionInputProps & { imageChart?: string | null | undefined };

/**
 * IMAGE: the subject adds an image (spec 001 §3). With the host's upload (participant pages) the
 * image is sent; the staff preview explains instead of pretending to upload. An image chart is shown.
 */
export function ImageQuestion(props: ImageQuestionProps) {
  const { labelId, describedBy, imageChart, question, answer, inputId, onChange, onBlur } = props;
  const { t } = useTranslation();
  const { upload, imageUrl } = useRendererHost();
  const chartSource = imageChart && imageUrl ? imageUrl(imageChart) : imageChart;
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      {chartSource && <Image src={chartSource} alt={t('RENDERER.IMAGE.CHART')} mah={320} fit="contain" />}
      {upload ? (
        <UploadField
          questionId={question.id}
          kind="IMAGE"
          inputId={inputId}
          files={answer.images}
          upload={upload}
          onChange={(images) => onChange({ ...answer, images })}
          onBlur={onBlur}
        />
      ) : (
        <Alert variant="light" color="gray" icon={<IconPhoto size={18} />}>
          {t('RENDERER.IMAGE.UPLOAD_LATER')}
        </Alert>
      )}
    </Stack>
  );
}
