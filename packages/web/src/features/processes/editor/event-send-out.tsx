import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DATA_EVENT_LINK_PLACEHOLDER,
  type DataEvent,
  type DataEventReminder,
  EXPIRY_TYPES,
  type ExpiryType,
  FOOTER_LINKS,
  type FooterLink,
  OTP_AUTHENTICATION_TYPES,
  type OtpAuthenticationType,
  REMINDER_KINDS,
  type ReminderKind,
  SEND_OUT_TYPES,
  type SendOutType,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { isSubjectFacing } from '../event-types';
import { fieldError } from '../issues';
import { eventLockReason, useEditorContext } from './context';
import { LocalizedField } from './localized-field';
import { Locked } from './locked';

type EventSendOutProps = { event: DataEvent; index: number };

/** Spec 000 §3 data event settings: texts with the link placeholder, send-out, expiry, reminders, OTP, footer. */
export function EventSendOut({ event, index }: EventSendOutProps) {
  const { t } = useTranslation();
  const context = useEditorContext();
  const { editor } = context;
  const path = ['dataEvents', index];
  const err = (...rest: (string | number)[]) => fieldError(t, editor.issues, [...path, ...rest]);
  const reason = (field: keyof DataEvent) => eventLockReason(t, context, event, field);
  const set = <K extends keyof DataEvent>(key: K, value: DataEvent[K]) =>
    editor.updateEvent(event.id, (e) => ({ ...e, [key]: value }));
  const sendAsOptions = SEND_OUT_TYPES.map((value) => ({ value, label: t(`PROCESSES.SEND_AS.${value}`) }));
  const otpOptions = OTP_AUTHENTICATION_TYPES.map((value) => ({ value, label: t(`PROCESSES.OTP.${value}`) }));
  const expiryOptions = EXPIRY_TYPES.map((value) => ({ value, label: t(`PROCESSES.EXPIRY.${value}`) }));
  const reminderOptions = REMINDER_KINDS.map((value) => ({
    value,
    label: t(`PROCESSES.REMINDER_KINDS.${value}`),
  }));
  const setReminder = (r: number, change: Partial<DataEventReminder>) =>
    set(
      'reminders',
      event.reminders.map((reminder, i) => (i === r ? { ...reminder, ...change } : reminder)),
    );
  const subjectFacing = isSubjectFacing(event.type);
  const sends = event.sendAs !== 'NO_SEND_OUT';
  const showEmail = event.sendAs === 'SEND_AS_EMAIL' || event.sendAs === 'SEND_AS_BOTH';
  const showSms = event.sendAs === 'SEND_AS_SMS' || event.sendAs === 'SEND_AS_BOTH';
  const expiryReason = reason('expiry');
  const remindersReason = reason('reminders');

  return (
    <Stack gap="md">
      {subjectFacing && (
        <>
          <Title order={3} fz="h5">
            {t('PROCESSES.EVENT.SEND_OUT')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Locked reason={reason('sendAs')}>
              <Select
                label={t('PROCESSES.EVENT.SEND_AS')}
                data={sendAsOptions}
                value={event.sendAs}
                allowDeselect={false}
                disabled={reason('sendAs') !== null}
                onChange={(v) => v && set('sendAs', v as SendOutType)}
                data-testid="event-send-as"
              />
            </Locked>
            <Locked reason={reason('otpAuthentication')}>
              <Select
                label={t('PROCESSES.EVENT.OTP')}
                data={otpOptions}
                value={event.otpAuthentication}
                allowDeselect={false}
                disabled={reason('otpAuthentication') !== null}
                onChange={(v) => v && set('otpAuthentication', v as OtpAuthenticationType)}
              />
            </Locked>
          </SimpleGrid>
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
            <Text size="sm">
              {t('PROCESSES.EVENT.LINK_HINT', { placeholder: DATA_EVENT_LINK_PLACEHOLDER })}
            </Text>
          </Alert>
          <Locked reason={reason('subjectText')}>
            <LocalizedField
              label={t('PROCESSES.EVENT.SUBJECT_TEXT')}
              value={event.subjectText}
              onChange={(v) => set('subjectText', v)}
              isDisabled={reason('subjectText') !== null}
              error={err('subjectText')}
              testId="event-subject-text"
            />
          </Locked>
          {(showEmail || !sends) && (
            <Locked reason={reason('emailText')}>
              <LocalizedField
                label={t('PROCESSES.EVENT.EMAIL_TEXT')}
                value={event.emailText}
                onChange={(v) => set('emailText', v)}
                isDisabled={reason('emailText') !== null}
                error={err('emailText')}
                isMultiline
              />
            </Locked>
          )}
          {showSms && (
            <Locked reason={reason('smsText')}>
              <LocalizedField
                label={t('PROCESSES.EVENT.SMS_TEXT')}
                value={event.smsText}
                onChange={(v) => set('smsText', v)}
                isDisabled={reason('smsText') !== null}
                error={err('smsText')}
                isMultiline
              />
            </Locked>
          )}
        </>
      )}
      <Title order={3} fz="h5">
        {t('PROCESSES.EVENT.EXPIRY')}
      </Title>
      <Locked reason={expiryReason}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('PROCESSES.EVENT.EXPIRY_TYPE')}
            data={expiryOptions}
            value={event.expiry.type}
            allowDeselect={false}
            disabled={expiryReason !== null}
            onChange={(v) => v && set('expiry', { ...event.expiry, type: v as ExpiryType })}
            error={err('expiry')}
            data-testid="event-expiry-type"
          />
          {event.expiry.type === 'EXPIRE_AFTER_ACTIVATION' && (
            <>
              <NumberInput
                label={t('PROCESSES.EVENT.DAYS')}
                min={0}
                allowDecimal={false}
                value={event.expiry.days}
                disabled={expiryReason !== null}
                onChange={(v) => set('expiry', { ...event.expiry, days: Number(v) || 0 })}
              />
              <NumberInput
                label={t('PROCESSES.EVENT.HOURS')}
                min={0}
                allowDecimal={false}
                value={event.expiry.hours}
                disabled={expiryReason !== null}
                onChange={(v) => set('expiry', { ...event.expiry, hours: Number(v) || 0 })}
              />
            </>
          )}
        </SimpleGrid>
      </Locked>
      {subjectFacing && (
        <>
          <Group justify="space-between">
            <Title order={3} fz="h5">
              {t('PROCESSES.EVENT.REMINDERS')}
            </Title>
            <Locked reason={remindersReason}>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                disabled={remindersReason !== null}
                onClick={() =>
                  set('reminders', [...event.reminders, { kind: 'AFTER_ACTIVATION', days: 1, hours: 0 }])
                }
                data-testid="add-reminder"
              >
                {t('PROCESSES.EVENT.ADD_REMINDER')}
              </Button>
            </Locked>
          </Group>
          {event.reminders.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('PROCESSES.EVENT.NO_REMINDERS')}
            </Text>
          )}
          {event.reminders.map((reminder, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reminders have no id of their own
            <Group key={r} align="flex-end" wrap="wrap" gap="xs" data-testid="reminder">
              <Select
                label={t('PROCESSES.EVENT.REMINDER_KIND')}
                data={reminderOptions}
                value={reminder.kind}
                allowDeselect={false}
                disabled={remindersReason !== null}
                onChange={(v) => v && setReminder(r, { kind: v as ReminderKind })}
                error={err('reminders', r)}
                style={{ flex: '1 1 12rem' }}
              />
              <NumberInput
                label={t('PROCESSES.EVENT.DAYS')}
                min={0}
                allowDecimal={false}
                value={reminder.days}
                disabled={remindersReason !== null}
                onChange={(v) => setReminder(r, { days: Number(v) || 0 })}
                w={96}
              />
              <NumberInput
                label={t('PROCESSES.EVENT.HOURS')}
                min={0}
                allowDecimal={false}
                value={reminder.hours}
                disabled={remindersReason !== null}
                onChange={(v) => setReminder(r, { hours: Number(v) || 0 })}
                w={96}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('PROCESSES.EVENT.REMOVE_REMINDER')}
                disabled={remindersReason !== null}
                onClick={() =>
                  set(
                    'reminders',
                    event.reminders.filter((_, i) => i !== r),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Locked reason={reason('footerLinks')}>
            <Checkbox.Group
              label={t('PROCESSES.EVENT.FOOTER_LINKS')}
              value={event.footerLinks}
              onChange={(v) => set('footerLinks', v as FooterLink[])}
            >
              <Group gap="md" mt={6}>
                {FOOTER_LINKS.map((link) => (
                  <Checkbox
                    key={link}
                    value={link}
                    label={t(`PROCESSES.FOOTER_LINKS.${link}`)}
                    disabled={reason('footerLinks') !== null}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          </Locked>
        </>
      )}
    </Stack>
  );
}
