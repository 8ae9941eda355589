import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { STUDY_LANGUAGES, type StudyDetail } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../app/extended-validation';
import { serverErrorMessage } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { useUpdateStudy } from '../studies/api';
import { translationKeys } from './api';
import { languageLabel } from './model';

/**
 * Adds a study language to translate into (spec 001 §3 study languages): the study's settings
 * call, so it is possible while the study's structure is open, as in the settings dialog.
 */
export function AddLanguageModal({ study, onClose }: { study: StudyDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateStudy(study.id);
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const options = STUDY_LANGUAGES.filter((l) => !study.languages.includes(l.code)).map((l) => ({
    value: l.code,
    label: languageLabel(l.code),
  }));

  const handleAdd = async () => {
    if (!language) return;
    setMessage(null);
    try {
      await withExtendedValidation(study.extendedValidation, t('TRANSLATIONS.ADD.MEANING'), (password) =>
        update.mutateAsync({
          changes: { languages: [...study.languages, language as StudyDetail['primaryLanguage']] },
          password: password ?? null,
        }),
      );
      await queryClient.invalidateQueries({ queryKey: translationKeys.all(study.id) });
      showSuccessToast(t('TRANSLATIONS.ADD.DONE', { language: languageLabel(language) }));
      onClose();
    } catch (error) {
      if (isExtendedValidationCancelled(error)) return;
      setMessage(serverErrorMessage(error));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('TRANSLATIONS.ADD.TITLE')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('TRANSLATIONS.ADD.HELP')}
        </Text>
        <Select
          label={t('TRANSLATIONS.ADD.LANGUAGE')}
          data={options}
          value={language}
          onChange={setLanguage}
          searchable
          required
          data-testid="add-language-select"
        />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('TRANSLATIONS.ACTIONS.CANCEL')}
          </Button>
          <Button
            onClick={() => void handleAdd()}
            disabled={!language}
            loading={update.isPending}
            data-testid="add-language-submit"
          >
            {t('TRANSLATIONS.ADD.SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
