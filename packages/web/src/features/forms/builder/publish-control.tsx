import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconRocket } from '@tabler/icons-react';
import { formatFormVersion, nextFormVersion } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { useFormList, usePromoteVersion } from '../api';
import { useBuilderContext } from './context';

type Kind = 'major' | 'minor';

/**
 * Spec 001 §3 form versions: the current version, whether the draft has unpublished changes,
 * and "Publish version" (minor or major) after a confirmation that published versions never change.
 */
export function PublishControl() {
  const { t } = useTranslation();
  const { builder, study, locks } = useBuilderContext();
  const { form } = builder;
  const list = useFormList(study.id);
  const promote = usePromoteVersion(study.id);
  const [isOpen, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('minor');
  const listed = list.data?.find((f) => f.id === form.id);
  const hasPublished = (listed?.versions?.length ?? 0) > 0 || (form.published && Boolean(form.id));
  const isCurrent = form.published && !builder.isDirty;
  const version = formatFormVersion(form.version);
  const canPublish =
    Boolean(form.id) && !builder.isDirty && builder.isValid && builder.saveState !== 'saving';
  if (!form.id) return null;

  const handlePublish = () =>
    promote.mutate(
      { formId: form.id, kind },
      {
        onSuccess: (result) => {
          builder.markPublished(result.version);
          setOpen(false);
          showSuccessToast(
            t('FORMS.PUBLISH.PUBLISHED', { version: `${result.version.major}.${result.version.minor}` }),
          );
        },
        onError: (error) => showErrorToast(serverErrorMessage(error, { fallback: 'FORMS.PUBLISH.FAILED' })),
      },
    );

  const status = !hasPublished ? (
    <Badge color="gray" variant="light">
      {t('FORMS.PUBLISH.NEVER')}
    </Badge>
  ) : isCurrent ? (
    <Badge color="teal" variant="light">
      {t('FORMS.PUBLISH.UP_TO_DATE')}
    </Badge>
  ) : (
    <Badge color="orange" variant="light">
      {t('FORMS.PUBLISH.CHANGES')}
    </Badge>
  );

  return (
    <Group gap="xs" data-testid="version-status">
      {hasPublished && (
        <Text size="sm" fw={500} data-testid="current-version">
          {t('FORMS.PUBLISH.VERSION', { version })}
        </Text>
      )}
      {status}
      {!locks.isReadOnly && (
        <Tooltip label={t('FORMS.PUBLISH.SAVE_FIRST')} disabled={canPublish} withinPortal>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRocket size={14} />}
            disabled={!canPublish || (hasPublished && isCurrent)}
            onClick={() => setOpen(true)}
            data-testid="publish-version"
          >
            {t('FORMS.PUBLISH.BUTTON')}
          </Button>
        </Tooltip>
      )}
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={t('FORMS.PUBLISH.TITLE')} centered>
        <Stack gap="md">
          <Radio.Group
            label={t('FORMS.PUBLISH.KIND')}
            value={kind}
            onChange={(v) => setKind(v === 'major' ? 'major' : 'minor')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="minor"
                label={t('FORMS.PUBLISH.MINOR')}
                description={t('FORMS.PUBLISH.MINOR_TEXT')}
                data-testid="publish-minor"
              />
              <Radio
                value="major"
                label={t('FORMS.PUBLISH.MAJOR')}
                description={t('FORMS.PUBLISH.MAJOR_TEXT')}
                data-testid="publish-major"
              />
            </Stack>
          </Radio.Group>
          <Text size="sm" data-testid="publish-next-version">
            {t('FORMS.PUBLISH.NEXT', {
              version: formatFormVersion(nextFormVersion(hasPublished ? form.version : null, kind)),
            })}
          </Text>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('FORMS.PUBLISH.WARNING')}
          </Alert>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('FORMS.ACTIONS.CANCEL')}
            </Button>
            <Button loading={promote.isPending} onClick={handlePublish} data-testid="confirm-publish">
              {t('FORMS.PUBLISH.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
