import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccessToast } from '../../app/notify';
import { useCreateStudy } from './api';
import { EMPTY_STUDY_SETTINGS, StudySettingsForm } from './study-settings-form';
import { browserTimeZone } from './time-zones';

/** Create study (spec 001 §7 POST /study); on success the new study's overview opens. */
export function CreateStudyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateStudy();
  return (
    <Modal opened={opened} onClose={onClose} title={t('STUDY.CREATE_TITLE')} size="lg" fullScreen={false}>
      <StudySettingsForm
        initial={{ ...EMPTY_STUDY_SETTINGS, timeZone: browserTimeZone() }}
        submitLabel={t('STUDY.FORM.CREATE')}
        onCancel={onClose}
        onSubmit={async (values) => {
          const study = await create.mutateAsync(values);
          showSuccessToast(t('STUDY.CREATED'));
          onClose();
          await navigate(`/study/${study.id}/overview`);
        }}
      />
    </Modal>
  );
}
