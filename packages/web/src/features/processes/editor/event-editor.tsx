import {
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { DATA_EVENT_REFERENCE_DATES, type DataEvent, type DataEventReferenceDate } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPE_LOOK, EventIcon, hasForms } from '../event-types';
import { fieldError } from '../issues';
import { ConsentClauses } from './consent-clauses';
import { eventLockReason, useEditorContext } from './context';
import { isNewEvent } from './draft';
import { EventSendOut } from './event-send-out';
import { LocalizedField } from './localized-field';
import { Locked } from './locked';

type EventEditorProps = { eventId: string; onRemoved: () => void };

/** Spec 001 §2 event editor: the selected data event's name, forms, timing and send-out settings. */
export function EventEditor({ eventId, onRemoved }: EventEditorProps) {
  const { t } = useTranslation();
  const context = useEditorContext();
  const { editor, forms, locks } = context;
  const index = editor.draft.dataEvents.findIndex((e) => e.id === eventId);
  const event = editor.draft.dataEvents[index];
  if (!event) return null;
  const path = ['dataEvents', index];
  const err = (...rest: (string | number)[]) => fieldError(t, editor.issues, [...path, ...rest]);
  const reason = (field: keyof DataEvent) => eventLockReason(t, context, event, field);
  const set = <K extends keyof DataEvent>(key: K, value: DataEvent[K]) =>
    editor.updateEvent(event.id, (e) => ({ ...e, [key]: value }));
  const canRemove = !locks.isReadOnly && (isNewEvent(event) || locks.canRemoveEvents);
  const handleRemove = () => {
    editor.update((p) => ({ ...p, dataEvents: p.dataEvents.filter((e) => e.id !== event.id) }));
    onRemoved();
  };
  const referenceOptions = DATA_EVENT_REFERENCE_DATES.map((value) => ({
    value,
    label: t(`PROCESSES.REFERENCE_DATES.${value}`),
    // Spec 000 §3: the first event has no previous one to chain on.
    disabled: index === 0 && (value === 'PREVIOUS' || value === 'PREVIOUS_COMPLETE'),
  }));
  const hasOffset = event.referenceDate !== 'MANUAL' && event.referenceDate !== 'REQUEST';

  return (
    <Card withBorder padding="md" radius="md" data-testid="event-editor">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={EVENT_TYPE_LOOK[event.type].color} radius="xl" size="lg">
            <EventIcon type={event.type} size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="h4">
              {t('PROCESSES.EDITOR.EVENT_N', { n: index + 1 })}
            </Title>
            <Text size="sm" c="dimmed" data-testid="event-type">
              {t(`PROCESSES.EVENT_TYPES.${event.type}`)}
            </Text>
          </div>
        </Group>
        <Locked reason={canRemove ? null : (reason('type') ?? t('PROCESSES.LOCKS.REMOVE'))}>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!canRemove}
            onClick={handleRemove}
            data-testid="remove-event"
          >
            {t('PROCESSES.EDITOR.REMOVE_EVENT')}
          </Button>
        </Locked>
      </Group>
      <Stack gap="md">
        <Locked reason={reason('name')}>
          <LocalizedField
            label={t('PROCESSES.EVENT.NAME')}
            isRequired
            value={event.name}
            onChange={(v) => set('name', v)}
            error={err('name')}
            isDisabled={reason('name') !== null}
            testId="event-name"
          />
        </Locked>
        {hasForms(event.type) && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Locked reason={reason('forms')}>
                <MultiSelect
                  label={t('PROCESSES.EVENT.FORMS')}
                  description={t('PROCESSES.EVENT.FORMS_HINT')}
                  withAsterisk={event.type === 'TYPE_PATIENT' || event.type === 'TYPE_USER'}
                  data={forms.filter((f) => !event.optionalForms.includes(f.value))}
                  value={event.forms}
                  onChange={(v) => set('forms', v)}
                  error={err('forms')}
                  disabled={reason('forms') !== null}
                  searchable
                  nothingFoundMessage={t('PROCESSES.EVENT.NO_FORMS')}
                  data-testid="event-forms"
                />
              </Locked>
              <Locked reason={reason('optionalForms')}>
                <MultiSelect
                  label={t('PROCESSES.EVENT.OPTIONAL_FORMS')}
                  data={forms.filter((f) => !event.forms.includes(f.value))}
                  value={event.optionalForms}
                  onChange={(v) => set('optionalForms', v)}
                  error={err('optionalForms')}
                  disabled={reason('optionalForms') !== null}
                  searchable
                  nothingFoundMessage={t('PROCESSES.EVENT.NO_FORMS')}
                  data-testid="event-optional-forms"
                />
              </Locked>
            </SimpleGrid>
            <Locked reason={reason('forceFormOrder')}>
              <Switch
                label={t('PROCESSES.EVENT.FORCE_ORDER')}
                checked={event.forceFormOrder}
                disabled={reason('forceFormOrder') !== null}
                onChange={(e) => set('forceFormOrder', e.currentTarget.checked)}
              />
            </Locked>
          </>
        )}
        {event.type === 'TYPE_ECONSENT' && (
          <>
            <Locked reason={reason('consentFile')}>
              <TextInput
                label={t('PROCESSES.EVENT.CONSENT_FILE')}
                description={t('PROCESSES.EVENT.CONSENT_FILE_HINT')}
                withAsterisk
                value={event.consentFile?.fileName ?? ''}
                disabled={reason('consentFile') !== null}
                onChange={(e) =>
                  set('consentFile', { ...(event.consentFile ?? {}), fileName: e.currentTarget.value })
                }
                error={err('consentFile')}
                data-testid="event-consent-file"
              />
            </Locked>
            {/* Issue 24: explicit consent asks each clause of the document separately. */}
            <ConsentClauses
              event={event}
              lockReason={reason('explicitConsent') ?? reason('consentClauses')}
              error={err}
              onChange={(next) => editor.updateEvent(event.id, (e) => ({ ...e, ...next }))}
            />
          </>
        )}
        <Title order={3} fz="h5">
          {t('PROCESSES.EVENT.TIMING')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Locked reason={reason('referenceDate')}>
            <Select
              label={t('PROCESSES.EVENT.REFERENCE_DATE')}
              data={referenceOptions}
              value={event.referenceDate}
              allowDeselect={false}
              disabled={reason('referenceDate') !== null}
              onChange={(v) => v && set('referenceDate', v as DataEventReferenceDate)}
              error={err('referenceDate')}
              data-testid="event-reference-date"
            />
          </Locked>
          {hasOffset && (
            <>
              <Locked reason={reason('offsetDays')}>
                <NumberInput
                  label={t('PROCESSES.EVENT.OFFSET_DAYS')}
                  min={0}
                  allowDecimal={false}
                  value={event.offsetDays}
                  disabled={reason('offsetDays') !== null}
                  onChange={(v) => set('offsetDays', Number(v) || 0)}
                  error={err('offsetDays')}
                  data-testid="event-offset-days"
                />
              </Locked>
              <Locked reason={reason('offsetHours')}>
                <NumberInput
                  label={t('PROCESSES.EVENT.OFFSET_HOURS')}
                  min={0}
                  allowDecimal={false}
                  value={event.offsetHours}
                  disabled={reason('offsetHours') !== null}
                  onChange={(v) => set('offsetHours', Number(v) || 0)}
                  error={err('offsetHours')}
                />
              </Locked>
            </>
          )}
        </SimpleGrid>
        <EventSendOut event={event} index={index} />
      </Stack>
    </Card>
  );
}
