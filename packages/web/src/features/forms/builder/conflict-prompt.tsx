import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../../app/form-errors';
import { fetchFormTemplate } from '../api';
import { useBuilderContext } from './context';

/**
 * Issue 13 item 8: someone else saved the form since this draft's revision. The draft is kept as
 * typed until the author chooses: load the other version, or keep theirs and save it over it.
 * "Keep editing" closes the prompt; autosave stays paused and the banner keeps both choices.
 */
export function ConflictPrompt() {
  const { t } = useTranslation();
  const { builder, study } = useBuilderContext();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { conflict, form } = builder;
  if (conflict === null) return null;

  const handleLoadTheirs = async () => {
    setLoading(true);
    setLoadError(null);
    try {
      builder.loadTheirs(await fetchFormTemplate(study.id, form.id));
    } catch (error) {
      setLoadError(serverErrorMessage(error));
    } finally {
      setLoading(false);
    }
  };
  const actions = (
    <Group gap="xs">
      <Button
        variant="default"
        loading={isLoading}
        onClick={() => void handleLoadTheirs()}
        data-testid="conflict-load-theirs"
      >
        {t('FORMS.BUILDER.LOAD_THEIRS')}
      </Button>
      <Button onClick={builder.keepMine} data-testid="conflict-keep-mine">
        {t('FORMS.BUILDER.KEEP_MINE')}
      </Button>
    </Group>
  );

  return (
    <>
      <Alert
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title={t('FORMS.BUILDER.CONFLICT_TITLE')}
        data-testid="conflict-banner"
      >
        <Stack gap="xs">
          <Text size="sm">{t('FORMS.BUILDER.CONFLICT_BANNER')}</Text>
          {loadError && (
            <Text size="sm" c="red" role="alert">
              {loadError}
            </Text>
          )}
          {actions}
        </Stack>
      </Alert>
      <Modal
        opened={dismissedAt !== conflict}
        onClose={() => setDismissedAt(conflict)}
        title={t('FORMS.BUILDER.CONFLICT_TITLE')}
        data-testid="conflict-prompt"
      >
        <Stack gap="md">
          <Text size="sm">{t('FORMS.BUILDER.CONFLICT_TEXT')}</Text>
          {loadError && (
            <Text size="sm" c="red" role="alert">
              {loadError}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() => setDismissedAt(conflict)}
              data-testid="conflict-keep-editing"
            >
              {t('FORMS.BUILDER.KEEP_EDITING')}
            </Button>
            {actions}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
