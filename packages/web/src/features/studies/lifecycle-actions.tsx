import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { type StudyDetail, studyStateMachine } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { showSuccessToast } from '../../app/notify';
import { REASONED_LIFECYCLE_CALLS, type StudyLifecycleCall, useStudyLifecycle } from './api';
import { PasswordPrompt } from './password-prompt';
import { isWrongPassword } from './server-errors';

const ACTIONS: {
  action: StudyLifecycleCall;
  label: `STUDY.ACTIONS.${
    | 'TEST'
    | 'BACK_TO_BUILD'
    | 'START'
    | 'STOP'
    | 'REQUEST_DELETE'
    | 'LOCK'
    | 'UNLOCK'
    | 'COMPLETE'
    | 'ANONYMIZE'
    | 'START_AMENDMENT'
    | 'START_NON_BLOCKING_AMENDMENT'}`;
  ability: keyof StudyDetail['abilities'];
  color?: string;
}[] = [
  { action: 'test', label: 'STUDY.ACTIONS.TEST', ability: 'STUDY_TEST' },
  { action: 'backToBuild', label: 'STUDY.ACTIONS.BACK_TO_BUILD', ability: 'STUDY_TEST' },
  { action: 'start', label: 'STUDY.ACTIONS.START', ability: 'STUDY_START', color: 'green' },
  { action: 'stop', label: 'STUDY.ACTIONS.STOP', ability: 'STUDY_STOP', color: 'orange' },
  { action: 'lock', label: 'STUDY.ACTIONS.LOCK', ability: 'STUDY_LOCK', color: 'orange' },
  { action: 'unlock', label: 'STUDY.ACTIONS.UNLOCK', ability: 'STUDY_LOCK' },
  { action: 'complete', label: 'STUDY.ACTIONS.COMPLETE', ability: 'STUDY_STOP', color: 'orange' },
  { action: 'startAmendment', label: 'STUDY.ACTIONS.START_AMENDMENT', ability: 'STUDY_AMENDMENT_START' },
  {
    action: 'startNonBlockingAmendment',
    label: 'STUDY.ACTIONS.START_NON_BLOCKING_AMENDMENT',
    ability: 'STUDY_AMENDMENT_START',
  },
  // Finish, discard and the schedule of a running amendment live on the amendment card.
  { action: 'anonymize', label: 'STUDY.ACTIONS.ANONYMIZE', ability: 'STUDY_REQUEST_DELETE', color: 'red' },
  {
    action: 'requestDelete',
    label: 'STUDY.ACTIONS.REQUEST_DELETE',
    ability: 'STUDY_REQUEST_DELETE',
    color: 'red',
  },
];

/**
 * Start, stop, test drive, request delete (spec 001 §7), lock, unlock, complete, anonymize and the
 * amendment steps (issue 23), shown only when allowed now and to this user; the issue 23 steps ask why.
 */
export function LifecycleActions({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const lifecycle = useStudyLifecycle(study.id);
  const [confirming, setConfirming] = useState<StudyLifecycleCall | null>(null);
  const [signing, setSigning] = useState<StudyLifecycleCall | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const available = ACTIONS.filter(
    (a) => study.abilities[a.ability] && studyStateMachine.can(study.status, a.action),
  );
  const [reason, setReason] = useState('');
  // Spec 001 §6: deletion requests and amendments need the password when the study enables it.
  const needsSignature = (action: StudyLifecycleCall) =>
    action === 'anonymize' ||
    (study.extendedValidation &&
      (action === 'requestDelete' || action === 'startAmendment' || action === 'startNonBlockingAmendment'));
  const needsReason = (action: StudyLifecycleCall | null) =>
    action !== null && REASONED_LIFECYCLE_CALLS.has(action);

  const run = (action: StudyLifecycleCall, password: string | null) => {
    setProblem(null);
    lifecycle.mutate(
      { action, password, reason: reason.trim() },
      {
        onSuccess: () => {
          setConfirming(null);
          setSigning(null);
          setReason('');
          showSuccessToast(t('STUDY.ACTIONS.DONE'));
        },
        onError: (error) => {
          if (isWrongPassword(error)) setProblem(t('STUDY.EV.WRONG'));
          else {
            setConfirming(null);
            setSigning(null);
            setProblem(serverErrorMessage(error));
          }
        },
      },
    );
  };

  // Issue 12: a caller who may run no lifecycle action in any status (a doctor, a monitor)
  // does not see the card; one who may, sees why nothing is offered in this status.
  const isAnyAllowed = ACTIONS.some((a) => study.abilities[a.ability]);
  if (!isAnyAllowed && !study.deleteDueTime) return null;

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('STUDY.ACTIONS.TITLE')}
        </Title>
        {study.deleteDueTime && (
          <Text size="sm" c="red.7">
            {t('STUDY.ACTIONS.DELETE_DUE', { time: formatDateTime(study.deleteDueTime) })}
          </Text>
        )}
        {problem && !signing && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {available.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('STUDY.ACTIONS.NONE')}
          </Text>
        ) : (
          <Group gap="sm">
            {available.map((a) => (
              <Button key={a.action} variant="light" color={a.color} onClick={() => setConfirming(a.action)}>
                {t(a.label)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('STUDY.ACTIONS.CONFIRM')}
      >
        <Stack gap="md">
          <Text>{confirming && t(`STUDY.ACTIONS.CONFIRM_${confirming}`)}</Text>
          {needsReason(confirming) && (
            <Textarea
              label={t('STUDY.ACTIONS.REASON')}
              required
              autosize
              minRows={2}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('STUDY.FORM.CANCEL')}
            </Button>
            <Button
              loading={lifecycle.isPending}
              disabled={needsReason(confirming) && reason.trim() === ''}
              onClick={() => {
                if (!confirming) return;
                if (needsSignature(confirming)) {
                  setSigning(confirming);
                  setConfirming(null);
                } else run(confirming, null);
              }}
            >
              {t('STUDY.ACTIONS.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <PasswordPrompt
        opened={signing !== null}
        error={signing ? problem : null}
        pending={lifecycle.isPending}
        onClose={() => {
          setSigning(null);
          setProblem(null);
        }}
        onConfirm={(password) => signing && run(signing, password)}
      />
    </Card>
  );
}
