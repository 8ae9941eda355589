import { ActionIcon, Alert, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarTime, IconDots, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import {
  type EnrollmentDetail,
  type EnrollmentStatus,
  isEnrollmentActive,
  type Permission,
  type ResendResult,
  type TokenView,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../../app/abilities';
import { formatDateTime } from '../../../app/format';
import { showErrorToast, showSuccessToast } from '../../../app/notify';
import { useRescheduleToken, useResendToken, useStartDataEvent } from '../api';
import { generalError } from '../display';

type Token = EnrollmentDetail['tokens'][number];
export type TokenActionKind = 'start' | 'resend' | 'reschedule';

/** Events whose start or resend sends the participant a message (a link by email or SMS). */
const MESSAGE_TYPES: readonly Token['type'][] = ['PATIENT', 'ECONSENT'];
export const sendsMessage = (token: Pick<Token, 'type'>) => MESSAGE_TYPES.includes(token.type);

/**
 * Spec 001 §7 token calls, from the subject's records: which of start (a MANUAL or REQUEST event
 * not started yet), resend (an open participant link) and reschedule (an event not active yet)
 * the caller may use on a token, by permission and the server's own preconditions.
 */
export function tokenActionsOf(
  token: Pick<Token, 'type' | 'status' | 'referenceDate' | 'startedAt'>,
  enrollmentStatus: EnrollmentStatus,
  can: (permission: Permission) => boolean,
): TokenActionKind[] {
  if (!isEnrollmentActive(enrollmentStatus)) return [];
  const actions: TokenActionKind[] = [];
  const isWaiting = token.status === 'NOT_ACTIVE';
  const isByHand = token.referenceDate === 'MANUAL' || token.referenceDate === 'REQUEST';
  if (isWaiting && isByHand && token.startedAt === null && can('TOKEN_START')) actions.push('start');
  const isOpen = token.status === 'UNUSED' || token.status === 'IN_USE';
  if (isOpen && sendsMessage(token) && can('TOKEN_RESEND')) actions.push('resend');
  if (isWaiting && can('TOKEN_RESCHEDULE')) actions.push('reschedule');
  return actions;
}

/** What a resend reached, in words: the channels used, or that the subject has no address. */
export function resendText(t: TFunction, result: Pick<ResendResult, 'channels'>): string {
  const sent = result.channels
    .filter((c) => c.sent)
    .map((c) => t(`SUBJECTS.TOKEN_ACTIONS.CHANNELS.${c.channel}`));
  return sent.length > 0
    ? t('SUBJECTS.TOKEN_ACTIONS.RESENT', { channels: sent.join(', ') })
    : t('SUBJECTS.TOKEN_ACTIONS.NOT_SENT');
}

function startedText(t: TFunction, token: TokenView): string {
  if (token.status === 'UNUSED' || token.status === 'IN_USE') return t('SUBJECTS.TOKEN_ACTIONS.STARTED_OPEN');
  return token.activationTime
    ? t('SUBJECTS.TOKEN_ACTIONS.STARTED_LATER', { date: formatDateTime(token.activationTime) })
    : t('SUBJECTS.TOKEN_ACTIONS.STARTED');
}

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input holds it. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type ActionsProps = {
  studyId: string;
  subjectId: string;
  enrollment: EnrollmentDetail;
  token: Token;
  eventName: string;
};

/** The row menu of a token on the subject's records: start now, send the link again, reschedule. */
export function TokenRowActions({ studyId, subjectId, enrollment, token, eventName }: ActionsProps) {
  const { t } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  const start = useStartDataEvent(studyId, subjectId);
  const resend = useResendToken(studyId, subjectId);
  const [isRescheduling, setRescheduling] = useState(false);
  const actions = tokenActionsOf(token, enrollment.status, abilities.can);
  if (actions.length === 0) return null;
  const failed = (error: unknown) => showErrorToast(generalError(t, error));
  const isMessage = sendsMessage(token);
  const doStart = () =>
    start.mutate(
      { enrollmentId: enrollment.id, tokenId: token.id },
      { onSuccess: (started) => showSuccessToast(startedText(t, started)), onError: failed },
    );
  const handleStart = () => {
    if (!isMessage) return doStart();
    modals.openConfirmModal({
      title: t('SUBJECTS.TOKEN_ACTIONS.SEND_NOW_TITLE', { event: eventName }),
      children: <Text size="sm">{t('SUBJECTS.TOKEN_ACTIONS.SEND_NOW_TEXT')}</Text>,
      labels: { confirm: t('SUBJECTS.TOKEN_ACTIONS.SEND_NOW'), cancel: t('SUBJECTS.ACTIONS.CANCEL') },
      confirmProps: { 'data-testid': 'confirm-start' } as Record<string, string>,
      onConfirm: doStart,
    });
  };
  const handleResend = () =>
    modals.openConfirmModal({
      title: t('SUBJECTS.TOKEN_ACTIONS.RESEND_TITLE', { event: eventName }),
      children: <Text size="sm">{t('SUBJECTS.TOKEN_ACTIONS.RESEND_TEXT')}</Text>,
      labels: { confirm: t('SUBJECTS.TOKEN_ACTIONS.RESEND'), cancel: t('SUBJECTS.ACTIONS.CANCEL') },
      confirmProps: { 'data-testid': 'confirm-resend' } as Record<string, string>,
      onConfirm: () =>
        resend.mutate(token.id, {
          onSuccess: (result) => showSuccessToast(resendText(t, result)),
          onError: failed,
        }),
    });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={start.isPending || resend.isPending}
            aria-label={t('SUBJECTS.TOKEN_ACTIONS.MENU', { event: eventName })}
            data-testid="token-actions"
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.includes('start') && (
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} />}
              onClick={handleStart}
              data-testid="token-start"
            >
              {t(isMessage ? 'SUBJECTS.TOKEN_ACTIONS.SEND_NOW' : 'SUBJECTS.TOKEN_ACTIONS.START_NOW')}
            </Menu.Item>
          )}
          {actions.includes('resend') && (
            <Menu.Item leftSection={<IconSend size={16} />} onClick={handleResend} data-testid="token-resend">
              {t('SUBJECTS.TOKEN_ACTIONS.RESEND')}
            </Menu.Item>
          )}
          {actions.includes('reschedule') && (
            <Menu.Item
              leftSection={<IconCalendarTime size={16} />}
              onClick={() => setRescheduling(true)}
              data-testid="token-reschedule"
            >
              {t('SUBJECTS.TOKEN_ACTIONS.RESCHEDULE')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {isRescheduling && (
        <RescheduleDialog
          studyId={studyId}
          subjectId={subjectId}
          token={token}
          eventName={eventName}
          onClose={() => setRescheduling(false)}
        />
      )}
    </>
  );
}

type RescheduleProps = {
  studyId: string;
  subjectId: string;
  token: Token;
  eventName: string;
  onClose: () => void;
};

/** Spec 001 §4 "a token list can be rescheduled": a new activation time for one waiting event. */
function RescheduleDialog({ studyId, subjectId, token, eventName, onClose }: RescheduleProps) {
  const { t } = useTranslation();
  const reschedule = useRescheduleToken(studyId, subjectId);
  const [value, setValue] = useState(() =>
    toLocalInput(token.activationTime ?? new Date(Date.now() + 24 * 3_600_000).toISOString()),
  );
  const time = value ? new Date(value) : null;
  const isValid = time !== null && !Number.isNaN(time.getTime());
  const handleSubmit = () => {
    if (!time || !isValid) return;
    reschedule.mutate(
      { tokenId: token.id, activationTime: time.toISOString() },
      {
        onSuccess: () => {
          showSuccessToast(
            t('SUBJECTS.TOKEN_ACTIONS.RESCHEDULED', { date: formatDateTime(time.toISOString()) }),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('SUBJECTS.TOKEN_ACTIONS.RESCHEDULE_TITLE', { event: eventName })}
    >
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label={t('SUBJECTS.TOKEN_ACTIONS.NEW_TIME')}
          description={t('SUBJECTS.TOKEN_ACTIONS.NEW_TIME_HINT')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          required
          data-testid="reschedule-time"
        />
        {reschedule.isError && (
          <Alert color="red" data-testid="reschedule-error">
            {generalError(t, reschedule.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('SUBJECTS.ACTIONS.CANCEL')}
          </Button>
          <Button
            onClick={handleSubmit}
            disabled={!isValid}
            loading={reschedule.isPending}
            data-testid="reschedule-submit"
          >
            {t('SUBJECTS.TOKEN_ACTIONS.RESCHEDULE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
