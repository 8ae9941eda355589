import { Alert, Button, EmptyState, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import type { StudyAccess } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useSites, useStudyName } from '../sites/api';
import { AccessFormModal } from './access-form-modal';
import { AccessList } from './access-list';
import { useRevokeAccess, useStudyAccess } from './api';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'edit'; access: StudyAccess }
  | { kind: 'revoke'; access: StudyAccess }
  | null;

function RevokeModal({
  studyId,
  access,
  onClose,
}: {
  studyId: string;
  access: StudyAccess;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const revoke = useRevokeAccess(studyId);
  const [problem, setProblem] = useState<string | null>(null);
  const handleConfirm = () =>
    revoke.mutate(access.id, {
      onSuccess: () => {
        showSuccessToast(t('ACCESS.REVOKE.DONE', { email: access.email }));
        onClose();
      },
      onError: (error) =>
        setProblem(
          isHttpError(error) && error.body?.type === 'PRECONDITION'
            ? t('ACCESS.ERRORS.LAST_ADMIN')
            : t('ACCESS.ERRORS.GENERAL'),
        ),
    });
  return (
    <Modal opened onClose={onClose} title={t('ACCESS.REVOKE.TITLE')}>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Text>{t('ACCESS.REVOKE.CONFIRM', { email: access.email })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ACCESS.ACTIONS.CANCEL')}
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={handleConfirm}>
            {t('ACCESS.ACTIONS.REVOKE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /study/:studyId/access: who may work in the study; invite, change and revoke (issue 4). */
export function AccessPage() {
  const { t } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const studyName = useStudyName(studyId);
  const list = useStudyAccess(studyId);
  const abilities = useStudyAbilities(studyId);
  // Site names only label the rows; the page works without them.
  const sites = useSites(studyId, { enabled: abilities.can('SITE_OVERVIEW'), secondary: true });
  const [dialog, setDialog] = useState<Dialog>(null);
  const siteNames = new Map((sites.data?.sites ?? []).map((site) => [site.id, site.name]));
  const items = list.data?.items ?? [];
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('ACCESS.TITLE') },
        ]}
        description={t('ACCESS.INTRO')}
        actions={
          <Group gap="xs">
            {list.isFetching && <Loader size="sm" aria-label={t('COMMON.LOADING')} />}
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'invite' })}>
              {t('ACCESS.ACTIONS.INVITE')}
            </Button>
          </Group>
        }
      />
      {list.isPending ? null : items.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          withIndicatorBackground
          title={t('ACCESS.EMPTY')}
          mt="xl"
        />
      ) : (
        <AccessList
          items={items}
          siteNames={siteNames}
          onEdit={(access) => setDialog({ kind: 'edit', access })}
          onRevoke={(access) => setDialog({ kind: 'revoke', access })}
        />
      )}
      {dialog?.kind === 'invite' && <AccessFormModal studyId={studyId} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <AccessFormModal studyId={studyId} access={dialog.access} onClose={close} />
      )}
      {dialog?.kind === 'revoke' && <RevokeModal studyId={studyId} access={dialog.access} onClose={close} />}
    </>
  );
}
