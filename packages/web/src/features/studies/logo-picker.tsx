import { Group, Image, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { studyImageUrl } from '../forms/api';
import { ImageUpload } from '../forms/builder/image-upload';
import { useStudyImages } from './api';

type LogoPickerProps = {
  studyId: string;
  value: string | null;
  onChange: (imageId: string | null) => void;
  onUploaded: () => void;
  error?: string;
  canList: boolean;
  canUpload: boolean;
  disabled: boolean;
};

/** Spec 002 §2 study logo: one of the study images (picked or uploaded), or the default logo. */
export function LogoPicker({
  studyId,
  value,
  onChange,
  onUploaded,
  error,
  canList,
  canUpload,
  disabled,
}: LogoPickerProps) {
  const { t } = useTranslation();
  const images = useStudyImages(studyId, canList);
  const options = [
    { value: '', label: t('STUDY.PARTICIPANT.LOGO_NONE') },
    ...(images.data ?? []).map((image) => ({ value: image.id, label: image.fileName })),
  ];
  // The chosen image stays selectable even when the list is not readable by the caller.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });

  const handleUpload = (imageId: string | null) => {
    onChange(imageId);
    if (imageId) onUploaded();
  };

  return (
    <Stack gap={6}>
      <NativeSelect
        label={t('STUDY.PARTICIPANT.LOGO')}
        description={t('STUDY.PARTICIPANT.LOGO_HINT')}
        data={options}
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value || null)}
        error={error}
        disabled={disabled}
        data-testid="logo-select"
        maw={420}
      />
      {canUpload ? (
        <ImageUpload
          studyId={studyId}
          value={value}
          onChange={handleUpload}
          label={t('STUDY.PARTICIPANT.LOGO_UPLOAD')}
        />
      ) : (
        value && (
          <Group>
            <Image
              src={studyImageUrl(studyId, value)}
              alt={t('STUDY.PARTICIPANT.LOGO_PREVIEW')}
              h={40}
              w="auto"
            />
          </Group>
        )
      )}
    </Stack>
  );
}
