import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type AeStudySettings,
  AeStudySettingsSchema,
  SPONSOR_INVOLVEMENTS,
  STUDY_LANGUAGES,
  type StudyDetail,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { useAeSettings, useUpdateAeSettings } from './api';

type Row = { name: string; email: string; language: string | null };

function SafetyContactsForm({
  study,
  initial,
  canEdit,
}: {
  study: StudyDetail;
  initial: AeStudySettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation(['common', 'adverse-events']);
  const save = useUpdateAeSettings(study.id);
  const [rows, setRows] = useState<Row[]>(() => initial.safetyContacts.map((c) => ({ ...c })));
  const [involvement, setInvolvement] = useState(initial.sponsorInvolvement);
  const [errors, setErrors] = useState<Record<number, { name?: string; email?: string }>>({});
  const languages = study.languages.map((code) => ({
    value: code,
    label: STUDY_LANGUAGES.find((l) => l.code === code)?.nativeName ?? code,
  }));
  const setRow = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const handleSave = () => {
    const body = {
      safetyContacts: rows.map((r) => ({ name: r.name.trim(), email: r.email.trim(), language: r.language })),
      sponsorInvolvement: involvement,
    };
    const parsed = AeStudySettingsSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<number, { name?: string; email?: string }> = {};
      for (const issue of parsed.error.issues) {
        const [area, index, field] = issue.path;
        if (area !== 'safetyContacts' || typeof index !== 'number') continue;
        found[index] = {
          ...found[index],
          ...(field === 'name' ? { name: t('ADVERSE_EVENTS.SAFETY.NAME_REQUIRED') } : {}),
          ...(field === 'email' ? { email: t('ADVERSE_EVENTS.SAFETY.EMAIL_INVALID') } : {}),
        };
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => showSuccessToast(t('ADVERSE_EVENTS.SAFETY.SAVED')),
      onError: (error) => showErrorToast(serverErrorMessage(error)),
    });
  };

  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="safety-contacts-none">
          {t('ADVERSE_EVENTS.SAFETY.NONE')}
        </Text>
      )}
      {rows.map((row, index) => (
        // Rows have no id of their own; their place is their identity while the form is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} align="flex-start" gap="sm" wrap="wrap" data-testid="safety-contact">
          <TextInput
            label={t('ADVERSE_EVENTS.SAFETY.NAME')}
            value={row.name}
            onChange={(e) => setRow(index, { name: e.currentTarget.value })}
            error={errors[index]?.name}
            maxLength={256}
            disabled={!canEdit}
            style={{ flex: '1 1 12rem' }}
            data-testid="safety-contact-name"
          />
          <TextInput
            label={t('ADVERSE_EVENTS.SAFETY.EMAIL')}
            type="email"
            dir="ltr"
            value={row.email}
            onChange={(e) => setRow(index, { email: e.currentTarget.value })}
            error={errors[index]?.email}
            maxLength={128}
            disabled={!canEdit}
            style={{ flex: '1 1 14rem' }}
            data-testid="safety-contact-email"
          />
          <Select
            label={t('ADVERSE_EVENTS.SAFETY.LANGUAGE')}
            data={languages}
            value={row.language}
            onChange={(language) => setRow(index, { language })}
            clearable
            placeholder={t('ADVERSE_EVENTS.SAFETY.LANGUAGE_DEFAULT')}
            disabled={!canEdit}
            style={{ flex: '1 1 10rem' }}
          />
          {canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={{ base: 0, sm: 26 }}
              aria-label={t('ADVERSE_EVENTS.SAFETY.REMOVE')}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Select
        label={t('ADVERSE_EVENTS.SAFETY.SPONSOR_INVOLVEMENT')}
        description={t('ADVERSE_EVENTS.SAFETY.SPONSOR_INVOLVEMENT_HELP')}
        data={SPONSOR_INVOLVEMENTS.map((v) => ({
          value: v,
          label: t(`ADVERSE_EVENTS.ENUM.SPONSOR_INVOLVEMENT.${v}`),
        }))}
        value={involvement}
        onChange={(v) => v && setInvolvement(v as AeStudySettings['sponsorInvolvement'])}
        allowDeselect={false}
        disabled={!canEdit}
        maw={360}
      />
      {canEdit && (
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setRows((current) => [...current, { name: '', email: '', language: null }])}
            disabled={rows.length >= 50}
            data-testid="safety-contact-add"
          >
            {t('ADVERSE_EVENTS.SAFETY.ADD')}
          </Button>
          <Button onClick={handleSave} loading={save.isPending} data-testid="safety-contacts-save">
            {t('ADVERSE_EVENTS.SAFETY.SAVE')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Study settings (issue 20 item 5): who is emailed at once when an AE is marked serious, and when the sponsor signs. */
export function SafetyContactsCard({ study }: { study: StudyDetail }) {
  const { t } = useTranslation(['common', 'adverse-events']);
  const abilities = useStudyAbilities(study.id);
  // GET aeSettings asks AE_VIEW: callers without it (a monitor, an admin-lite) do not see the card.
  const canView = abilities.can('AE_VIEW');
  const settings = useAeSettings(study.id, { enabled: canView, secondary: true });
  const canEdit = study.abilities.STUDY_UPDATE === true && study.editScope.settings;
  if (!canView) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="safety-contacts-title"
      data-testid="safety-contacts"
    >
      <Title order={2} fz="h4" id="safety-contacts-title">
        {t('ADVERSE_EVENTS.SAFETY.TITLE')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ADVERSE_EVENTS.SAFETY.INTRO')}
      </Text>
      {settings.isError && <Alert color="red">{t('ADVERSE_EVENTS.SAFETY.LOAD_FAILED')}</Alert>}
      {settings.isPending && <Loader size="sm" aria-label={t('ADVERSE_EVENTS.SAFETY.TITLE')} />}
      {settings.data && (
        <SafetyContactsForm
          key={JSON.stringify(settings.data)}
          study={study}
          initial={settings.data}
          canEdit={canEdit}
        />
      )}
    </Card>
  );
}
