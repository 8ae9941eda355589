import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX, IconPlus } from '@tabler/icons-react';
import type { Webhook, WebhookWithSecret } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ForbiddenInPlace } from '../../app/forbidden-in-place';
import { isHttpError } from '../../app/http';
import { PageHeader } from '../../components/page-header';
import { useStudyName } from '../sites/api';
import { useWebhooks } from './api';
import { SecretAlert } from './secret-alert';
import { WebhookCard } from './webhook-card';
import { WebhookFormModal } from './webhook-form-modal';

/**
 * /study/{studyId}/webhooks, the state webHooks (issue 28 item 1, spec 000 §6 hooks): the study's
 * endpoints with their events and delivery log; admins register, change, switch, rotate and delete.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const studyName = useStudyName(studyId);
  const list = useWebhooks(studyId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const status = isHttpError(list.error) ? list.error.status : null;
  const isModuleDisabled = isHttpError(list.error) && list.error.body?.type === 'PRECONDITION';
  const abilities = list.data?.abilities;

  const handleSecret = (created: WebhookWithSecret) => {
    setEditing(null);
    setSecret({ url: created.webhook.url, secret: created.secret });
  };
  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    ...(studyName ? [{ label: studyName, to: `/study/${studyId}/overview` }] : []),
    { label: t('WEBHOOKS.TITLE') },
  ];

  return (
    <>
      <PageHeader
        crumbs={crumbs}
        description={isModuleDisabled ? undefined : t('WEBHOOKS.INTRO')}
        actions={
          abilities?.canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('WEBHOOKS.ADD')}
            </Button>
          ) : list.isFetching ? (
            <Loader size="sm" aria-label={t('WEBHOOKS.LOADING')} />
          ) : null
        }
      />
      <Stack gap="md" maw={960}>
        {isModuleDisabled && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconPlugConnectedX size={20} />}
            title={t('WEBHOOKS.MODULE_DISABLED_TITLE')}
          >
            {t('WEBHOOKS.MODULE_DISABLED')}
          </Alert>
        )}
        {status === 403 && <ForbiddenInPlace />}
        {list.isError && !isModuleDisabled && status !== 403 && (
          <Alert color="red">{t('WEBHOOKS.LOAD_FAILED')}</Alert>
        )}
        {secret && <SecretAlert url={secret.url} secret={secret.secret} onClose={() => setSecret(null)} />}
        {list.data && list.data.items.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('WEBHOOKS.EMPTY')}
          </Text>
        )}
        {list.data?.items.map((webhook) => (
          <WebhookCard
            key={webhook.id}
            studyId={studyId}
            webhook={webhook}
            abilities={list.data.abilities}
            onEdit={() => setEditing(webhook)}
            onSecret={handleSecret}
          />
        ))}
      </Stack>
      {editing && (
        <WebhookFormModal
          studyId={studyId}
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={handleSecret}
        />
      )}
    </>
  );
}
