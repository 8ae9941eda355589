import { ActionIcon, Button, FileButton, Group, Image, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { FORM_LIMITS } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../../app/form-errors';
import { studyImageUrl, uploadStudyImage } from '../api';

type ImageUploadProps = {
  studyId: string;
  value: string | null | undefined;
  onChange: (imageId: string | null) => void;
  label: string;
  error?: string;
};

/** Picks an image and stores it through POST /studies/{studyId}/image (000 §7, at most 1,024,000 bytes). */
export function ImageUpload({ studyId, value, onChange, label, error }: ImageUploadProps) {
  const { t } = useTranslation(['common', 'forms']);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const handleFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > FORM_LIMITS.uploadMaxBytes) {
      setFailure(t('FORMS.IMAGE.TOO_LARGE'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      onChange(await uploadStudyImage(studyId, file));
    } catch (e) {
      setFailure(serverErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Group gap="xs" wrap="nowrap">
        {value && <Image src={studyImageUrl(studyId, value)} alt="" h={40} w="auto" fit="contain" />}
        <FileButton accept="image/*" onChange={(f) => void handleFile(f)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPhoto size={14} />}
              loading={isBusy}
            >
              {label}
            </Button>
          )}
        </FileButton>
        {value && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('FORMS.IMAGE.REMOVE')}
            onClick={() => onChange(null)}
          >
            <IconX size={14} />
          </ActionIcon>
        )}
      </Group>
      {(failure ?? error) && (
        <Text size="xs" c="red">
          {failure ?? error}
        </Text>
      )}
    </div>
  );
}
