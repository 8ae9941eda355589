import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  AMENDMENT_FORM_VERSION_CHOICES,
  type AmendmentChangedForm,
  type AmendmentFormVersionChoice,
  type StudyDetail,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { useAmendmentFormVersions } from './api';
import { PasswordPrompt } from './password-prompt';
import { isWrongPassword } from './server-errors';

/**
 * Issue 23: the forms the running amendment changed, each with the version existing enrolments take
 * once it finishes (keep theirs, or the new one for events not yet started). Those who may finish the
 * amendment choose and save with a reason; the others see the choice.
 */
export function AmendmentFormChoices({
  study,
  forms,
}: {
  study: StudyDetail;
  forms: AmendmentChangedForm[];
}) {
  const { t } = useTranslation(['common', 'studies']);
  const save = useAmendmentFormVersions(study.id);
  const [draft, setDraft] = useState<Record<string, AmendmentFormVersionChoice>>({});
  const [asking, setAsking] = useState(false);
  const [signing, setSigning] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const canChoose = study.abilities.STUDY_AMENDMENT_FINISH;
  const changed = Object.fromEntries(
    Object.entries(draft).filter(
      ([formId, choice]) => forms.find((f) => f.formId === formId)?.choice !== choice,
    ),
  );
  const isDirty = Object.keys(changed).length > 0;

  const run = (password: string | null) => {
    setProblem(null);
    save.mutate(
      { choices: changed, reason: reason.trim(), password },
      {
        onSuccess: () => {
          setAsking(false);
          setSigning(false);
          setReason('');
          setDraft({});
          showSuccessToast(t('STUDY.AMENDMENT.CHOICES_SAVED'));
        },
        onError: (error) => {
          if (isWrongPassword(error)) return setProblem(t('STUDY.EV.WRONG'));
          setAsking(false);
          setSigning(false);
          setProblem(serverErrorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="amendment-forms">
      <Text size="sm" fw={600}>
        {t('STUDY.AMENDMENT.FORMS')}
      </Text>
      {problem && !signing && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {forms.map((form) => (
        <Group key={form.formId} justify="space-between" wrap="wrap" gap="xs" data-testid="amendment-form">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text size="sm" truncate dir="auto">
              {form.name}
            </Text>
            {form.isNew ? (
              <Badge size="sm" variant="light">
                {t('STUDY.AMENDMENT.NEW_FORM')}
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {t('STUDY.AMENDMENT.FROM_VERSION', {
                  version: `${form.publishedVersion?.major}.${form.publishedVersion?.minor}`,
                })}
              </Text>
            )}
          </Group>
          {!form.isNew && (
            <Select
              size="xs"
              w={{ base: '100%', xs: 300 }}
              aria-label={t('STUDY.AMENDMENT.CHOICE_LABEL', { form: form.name })}
              allowDeselect={false}
              disabled={!canChoose}
              data={AMENDMENT_FORM_VERSION_CHOICES.map((c) => ({
                value: c,
                label: t(`STUDY.AMENDMENT.CHOICE_${c}`),
              }))}
              value={draft[form.formId] ?? form.choice}
              onChange={(value) =>
                value && setDraft((d) => ({ ...d, [form.formId]: value as AmendmentFormVersionChoice }))
              }
            />
          )}
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        {t('STUDY.AMENDMENT.CHOICE_HINT')}
      </Text>
      {canChoose && isDirty && (
        <Group>
          <Button size="xs" onClick={() => setAsking(true)}>
            {t('STUDY.AMENDMENT.SAVE_CHOICES')}
          </Button>
        </Group>
      )}
      <Modal
        opened={asking && !signing}
        onClose={() => setAsking(false)}
        title={t('STUDY.AMENDMENT.SAVE_CHOICES')}
      >
        <Stack gap="md">
          <Text>{t('STUDY.AMENDMENT.CONFIRM_CHOICES')}</Text>
          <Textarea
            label={t('STUDY.ACTIONS.REASON')}
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('STUDY.FORM.CANCEL')}
            </Button>
            <Button
              loading={save.isPending}
              disabled={reason.trim() === ''}
              onClick={() => (study.extendedValidation ? setSigning(true) : run(null))}
            >
              {t('STUDY.ACTIONS.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <PasswordPrompt
        opened={signing}
        error={signing ? problem : null}
        pending={save.isPending}
        onClose={() => {
          setSigning(false);
          setProblem(null);
        }}
        onConfirm={(password) => run(password)}
      />
    </Stack>
  );
}
