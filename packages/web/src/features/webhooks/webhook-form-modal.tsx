import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookEventType,
  WebhookInputSchema,
  type WebhookWithSecret,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  catalogLookup,
  domainResolver,
  type ServerErrorOptions,
} from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { useCreateWebhook, useUpdateWebhook } from './api';

type Values = { url: string; description: string; eventTypes: WebhookEventType[]; enabled: boolean };

/** The field messages of the URL the server may give (issue 28 item 1, SSRF and format). */
const URL_MESSAGES = {
  WEBHOOK_URL_INVALID: 'WEBHOOKS.ERRORS.URL_INVALID',
  WEBHOOK_ADDRESS_NOT_ALLOWED: 'WEBHOOKS.ERRORS.ADDRESS_NOT_ALLOWED',
  WEBHOOK_HOST_UNRESOLVED: 'WEBHOOKS.ERRORS.HOST_UNRESOLVED',
} as const;

type Props = {
  studyId: string;
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
};

/** Register an endpoint or change one (issue 28 item 1): URL, description, event types, on or off. */
export function WebhookFormModal({ studyId, webhook, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const create = useCreateWebhook(studyId);
  const update = useUpdateWebhook(studyId, webhook?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const errorOptions: ServerErrorOptions = {
    fieldMessage: (path) => (path === 'eventTypes' ? t('WEBHOOKS.ERRORS.EVENT_TYPES') : null),
    lookup: (key, params) =>
      key in URL_MESSAGES ? t(URL_MESSAGES[key as keyof typeof URL_MESSAGES]) : catalogLookup(key, params),
    fallback: 'WEBHOOKS.ERRORS.SAVE_FAILED',
  };
  const form = useForm<Values>({
    initialValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      eventTypes: webhook?.eventTypes ?? [],
      enabled: webhook ? webhook.status === 'ACTIVE' : true,
    },
    validate: domainResolver(WebhookInputSchema, errorOptions),
  });
  const isSaving = create.isPending || update.isPending;

  const handleSubmit = form.onSubmit((values) => {
    setProblem(null);
    const onError = (error: unknown) => setProblem(applyServerErrors(form, error, errorOptions).message);
    const body = {
      url: values.url.trim(),
      description: values.description.trim(),
      eventTypes: values.eventTypes,
    };
    if (webhook) {
      update.mutate(
        { ...body, enabled: values.enabled },
        {
          onSuccess: () => {
            showSuccessToast(t('WEBHOOKS.SAVED'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(body, { onSuccess: onCreated, onError });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={isPhone}
      size="lg"
      title={t(webhook ? 'WEBHOOKS.EDIT_TITLE' : 'WEBHOOKS.ADD_TITLE')}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label={t('WEBHOOKS.URL')}
            description={t('WEBHOOKS.URL_HELP')}
            placeholder="https://"
            dir="ltr"
            required
            data-autofocus
            {...form.getInputProps('url')}
          />
          <TextInput label={t('WEBHOOKS.DESCRIPTION')} {...form.getInputProps('description')} />
          <Checkbox.Group
            label={t('WEBHOOKS.EVENT_TYPES')}
            description={t('WEBHOOKS.EVENT_TYPES_HELP')}
            required
            {...form.getInputProps('eventTypes')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`WEBHOOKS.EVENTS.${type}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {webhook && (
            <Switch label={t('WEBHOOKS.ENABLED')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('WEBHOOKS.CANCEL')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t(webhook ? 'WEBHOOKS.SAVE' : 'WEBHOOKS.ADD')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
