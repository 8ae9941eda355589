import { ActionIcon, Badge, Button, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { BookingView, SiteAbilities } from '@trialbase/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/format';
import { useBookings, useDeleteBooking } from './api';
import { BookingFormModal } from './booking-form-modal';
import { addDays, BOOKING_SWATCHES, formatTime, localDayKey, toLocalInput, weekStart } from './booking-time';
import { ConfirmDeleteModal } from './confirm-delete-modal';

const WEEKDAY_KEYS = [
  'SITES.WEEKDAYS.0',
  'SITES.WEEKDAYS.1',
  'SITES.WEEKDAYS.2',
  'SITES.WEEKDAYS.3',
  'SITES.WEEKDAYS.4',
  'SITES.WEEKDAYS.5',
  'SITES.WEEKDAYS.6',
] as const;

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; booking: BookingView }
  | { kind: 'delete'; booking: BookingView };

type BookingsPanelProps = { studyId: string; siteId: string; abilities: SiteAbilities };

function BookingRow(props: {
  booking: BookingView;
  abilities: SiteAbilities;
  onDialog: (d: Dialog) => void;
}) {
  const { t } = useTranslation();
  const { booking, abilities, onDialog } = props;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="booking" data-colour={booking.colour}>
      <ColorSwatch
        color={BOOKING_SWATCHES[booking.colour]}
        size={18}
        mt={2}
        aria-label={t(`SITES.COLOURS.${booking.colour}`)}
        role="img"
      />
      <Stack gap={0} style={{ flex: 1, minInlineSize: 0 }}>
        <Text fw={500}>{booking.title}</Text>
        <Text size="sm" c="dimmed">
          <span dir="ltr">
            {formatTime(booking.startsAt)}–{formatTime(booking.endsAt)}
          </span>
          {localDayKey(booking.startsAt) !== localDayKey(booking.endsAt) &&
            ` (${formatDate(booking.endsAt)})`}
        </Text>
        {booking.note && (
          <Text size="sm" lineClamp={2}>
            {booking.note}
          </Text>
        )}
        {booking.overlapsWith.length > 0 && (
          <Badge color="orange" variant="light" size="sm" mt={4}>
            {t('SITES.BOOKING.OVERLAPS', { count: booking.overlapsWith.length })}
          </Badge>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        {abilities.updateBooking && (
          <ActionIcon
            variant="subtle"
            aria-label={t('SITES.ACTIONS.EDIT_NAMED', { name: booking.title })}
            onClick={() => onDialog({ kind: 'edit', booking })}
          >
            <IconPencil size={18} />
          </ActionIcon>
        )}
        {abilities.deleteBooking && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('SITES.ACTIONS.DELETE_NAMED', { name: booking.title })}
            onClick={() => onDialog({ kind: 'delete', booking })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}

/** Spec 000 §2 site-booking: a week agenda of the site's bookings with their colours. */
export function BookingsPanel({ studyId, siteId, abilities }: BookingsPanelProps) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const start = useMemo(() => weekStart(new Date(), offset), [offset]);
  const end = addDays(start, 7);
  const bookings = useBookings(
    studyId,
    siteId,
    start.toISOString(),
    end.toISOString(),
    abilities.viewBookings,
  );
  const remove = useDeleteBooking(studyId, siteId);
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const byDay = new Map<string, BookingView[]>();
  for (const booking of bookings.data?.bookings ?? []) {
    const key = localDayKey(booking.startsAt < start.toISOString() ? start : booking.startsAt);
    byDay.set(key, [...(byDay.get(key) ?? []), booking]);
  }
  const nextHour = new Date();
  nextHour.setMinutes(0, 0, 0);
  nextHour.setHours(nextHour.getHours() + 1);
  const defaultStart = toLocalInput((offset === 0 ? nextHour : addDays(start, 0)).toISOString());

  if (!abilities.viewBookings) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Title order={2} fz="h4">
          {t('SITES.BOOKING.HEADING')}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('SITES.BOOKING.PREVIOUS_WEEK')}
            onClick={() => setOffset(offset - 1)}
          >
            <IconChevronLeft size={18} className="tb-flip-rtl" />
          </ActionIcon>
          <Button variant="default" size="xs" onClick={() => setOffset(0)}>
            {t('SITES.BOOKING.THIS_WEEK')}
          </Button>
          <ActionIcon
            variant="default"
            aria-label={t('SITES.BOOKING.NEXT_WEEK')}
            onClick={() => setOffset(offset + 1)}
          >
            <IconChevronRight size={18} className="tb-flip-rtl" />
          </ActionIcon>
          {abilities.createBooking && (
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'create' })}
            >
              {t('SITES.BOOKING.NEW')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        <span dir="ltr">{formatDate(start.toISOString())}</span> –{' '}
        <span dir="ltr">{formatDate(addDays(start, 6).toISOString())}</span>
      </Text>
      <Stack gap="xs">
        {days.map((day) => {
          const items = byDay.get(localDayKey(day)) ?? [];
          return (
            <Stack
              key={day.toISOString()}
              gap={6}
              pb="xs"
              style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" fw={600} tt="capitalize">
                {t(WEEKDAY_KEYS[(day.getDay() + 6) % 7] ?? 'SITES.WEEKDAYS.0')}{' '}
                <span dir="ltr">{formatDate(day.toISOString())}</span>
              </Text>
              {items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('SITES.BOOKING.NONE')}
                </Text>
              ) : (
                items.map((booking) => (
                  <BookingRow key={booking.id} booking={booking} abilities={abilities} onDialog={setDialog} />
                ))
              )}
            </Stack>
          );
        })}
      </Stack>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <BookingFormModal
          studyId={studyId}
          siteId={siteId}
          booking={dialog.kind === 'edit' ? dialog.booking : undefined}
          defaultStart={defaultStart}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteModal
          title={t('SITES.BOOKING.DELETE_TITLE')}
          message={t('SITES.BOOKING.DELETE_CONFIRM', { title: dialog.booking.title })}
          onConfirm={() => remove.mutateAsync(dialog.booking.id)}
          onClose={() => setDialog(null)}
        />
      )}
    </Paper>
  );
}
