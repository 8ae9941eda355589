import { Badge, Group, List, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import type { DataEvent } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPE_LOOK, EventIcon, isSubjectFacing } from '../event-types';
import { displayText } from '../localized';
import { expiryText, reminderText, timingText } from '../timing';

type EventTimelineProps = {
  events: readonly DataEvent[];
  primaryLanguage: string;
  formTitle: (id: string) => string;
};

/** Spec 001 §2 read-only view: the data events in order on a timeline, with an icon per type. */
export function EventTimeline({ events, primaryLanguage, formTitle }: EventTimelineProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (events.length === 0) {
    return (
      <Text c="dimmed" data-testid="timeline-empty">
        {t('PROCESSES.VIEW.NO_EVENTS')}
      </Text>
    );
  }
  return (
    <Timeline active={events.length} bulletSize={32} lineWidth={2} data-testid="event-timeline">
      {events.map((event, index) => (
        <Timeline.Item
          key={event.id}
          data-testid="timeline-event"
          data-event-type={event.type}
          bullet={
            <ThemeIcon size={32} radius="xl" color={EVENT_TYPE_LOOK[event.type].color} aria-hidden>
              <EventIcon type={event.type} size={18} />
            </ThemeIcon>
          }
          title={
            <Group gap="xs">
              <Text fw={600} data-testid="timeline-event-name">
                {index + 1}.{' '}
                {displayText(event.name, language, primaryLanguage) || t('PROCESSES.EDITOR.UNTITLED')}
              </Text>
              <Badge
                variant="light"
                color={EVENT_TYPE_LOOK[event.type].color}
                data-testid="timeline-event-type"
              >
                {t(`PROCESSES.EVENT_TYPES.${event.type}`)}
              </Badge>
            </Group>
          }
        >
          <Stack gap={2} mt={4}>
            <Text size="sm" data-testid="timeline-event-timing">
              {timingText(t, language, event)}
            </Text>
            {(event.forms.length > 0 || event.optionalForms.length > 0) && (
              <List size="sm" spacing={0} data-testid="timeline-event-forms">
                {event.forms.map((id) => (
                  <List.Item key={id}>{formTitle(id)}</List.Item>
                ))}
                {event.optionalForms.map((id) => (
                  <List.Item key={id}>
                    {formTitle(id)} ({t('PROCESSES.VIEW.OPTIONAL')})
                  </List.Item>
                ))}
              </List>
            )}
            {isSubjectFacing(event.type) && (
              <Text size="sm" c="dimmed">
                {t('PROCESSES.VIEW.SEND_OUT')}: {t(`PROCESSES.SEND_AS.${event.sendAs}`)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {expiryText(t, language, event.expiry)}
            </Text>
            {event.reminders.map((reminder, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reminders have no id of their own
              <Text key={r} size="sm" c="dimmed">
                {reminderText(t, language, reminder)}
              </Text>
            ))}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
