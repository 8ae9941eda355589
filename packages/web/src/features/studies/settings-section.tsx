import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  STUDY_LANGUAGES,
  STUDY_STRUCTURE_FIELDS,
  type StudyDetail,
  type StudySettings,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../app/notify';
import { useUpdateStudy } from './api';
import { isWrongPassword } from './server-errors';
import { StudySettingsForm } from './study-settings-form';

function languageName(code: string): string {
  return STUDY_LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;
}

function settingsOf(study: StudyDetail): StudySettings {
  const { studyName, description, primaryLanguage, languages, dateFormat, dateTimeFormat } = study;
  const { subjectIdAutomation, extendedValidation, verificationType, secondaryVerificationType } = study;
  return {
    timeZone: study.timeZone,
    studyName,
    description,
    primaryLanguage,
    languages,
    dateFormat,
    dateTimeFormat,
    subjectIdAutomation,
    extendedValidation,
    verificationType,
    secondaryVerificationType,
  };
}

/** The study settings (spec 001 §7 PUT /study/{id}); what may change follows `editScope` (001 §4). */
export function SettingsSection({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const update = useUpdateStudy(study.id);
  const canEdit = study.abilities.STUDY_UPDATE && study.editScope.settings;
  const locked = study.editScope.structure === 'ALL' ? [] : STUDY_STRUCTURE_FIELDS;
  const rows: [string, string][] = [
    [t('STUDY.FORM.PRIMARY_LANGUAGE'), languageName(study.primaryLanguage)],
    [t('STUDY.FORM.LANGUAGES'), study.languages.map(languageName).join(', ')],
    [t('STUDY.FORM.DATE_FORMAT'), study.dateFormat],
    [t('STUDY.FORM.DATE_TIME_FORMAT'), study.dateTimeFormat],
    [t('STUDY.FORM.TIME_ZONE'), study.timeZone],
    [t('STUDY.FORM.SUBJECT_ID_AUTOMATION'), t(`STUDY.AUTOMATION.${study.subjectIdAutomation}`)],
    [t('STUDY.FORM.VERIFICATION'), t(`STUDY.VERIFICATION.${study.verificationType}`)],
    [t('STUDY.FORM.SECONDARY_VERIFICATION'), t(`STUDY.VERIFICATION.${study.secondaryVerificationType}`)],
    [t('STUDY.FORM.EXTENDED_VALIDATION'), study.extendedValidation ? '✓' : '—'],
  ];

  const handleSubmit = async (values: StudySettings) => {
    setPasswordError(null);
    try {
      await update.mutateAsync({ changes: values, password: study.extendedValidation ? password : null });
    } catch (error) {
      if (isWrongPassword(error)) {
        setPasswordError(t('STUDY.EV.WRONG'));
        return;
      }
      throw error;
    }
    setPassword('');
    modal.close();
    showSuccessToast(t('STUDY.SETTINGS.SAVED'));
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('STUDY.SETTINGS.TITLE')}
        </Title>
        {canEdit && (
          <Button variant="light" size="xs" onClick={modal.open}>
            {t('STUDY.SETTINGS.EDIT')}
          </Button>
        )}
      </Group>
      {!study.editScope.settings && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('STUDY.SETTINGS.READ_ONLY')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Modal opened={opened} onClose={modal.close} title={t('STUDY.SETTINGS.EDIT')} size="lg">
        <Stack gap="sm">
          {locked.length > 0 && <Alert color="blue">{t('STUDY.SETTINGS.STRUCTURE_LOCKED')}</Alert>}
          {study.extendedValidation && (
            <PasswordInput
              label={t('STUDY.EV.PASSWORD')}
              description={t('STUDY.EV.TEXT')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={passwordError}
              autoComplete="current-password"
              required
            />
          )}
          <StudySettingsForm
            initial={settingsOf(study)}
            submitLabel={t('STUDY.FORM.SAVE')}
            lockedFields={locked}
            onCancel={modal.close}
            onSubmit={handleSubmit}
          />
        </Stack>
      </Modal>
    </Card>
  );
}
