import {
  Alert,
  Button,
  CheckIcon,
  ColorSwatch,
  Group,
  Input,
  Modal,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BOOKING_COLOURS,
  BOOKING_NOTE_MAX,
  BOOKING_TITLE_MAX,
  type BookingColour,
  BookingInputSchema,
  type BookingView,
  DEFAULT_BOOKING_COLOUR,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, domainResolver } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { useSaveBooking } from './api';
import { BOOKING_SWATCHES, fromLocalInput, toLocalInput } from './booking-time';
import { siteErrorOptions } from './form-errors';

type BookingFormValues = {
  title: string;
  startsAt: string;
  endsAt: string;
  colour: BookingColour;
  note: string;
};

type BookingFormModalProps = {
  studyId: string;
  siteId: string;
  booking?: BookingView;
  /** Start suggested for a new booking (local datetime-local value). */
  defaultStart: string;
  onClose: () => void;
};

function toBody(values: BookingFormValues) {
  return {
    title: values.title,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    colour: values.colour,
    note: values.note.trim() === '' ? null : values.note,
  };
}

function ColourPicker({ value, onChange }: { value: BookingColour; onChange: (c: BookingColour) => void }) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('SITES.BOOKING.COLOUR')}>
      <SimpleGrid
        cols={8}
        spacing={6}
        mt={4}
        role="radiogroup"
        aria-label={t('SITES.BOOKING.COLOUR')}
        maw={320}
      >
        {BOOKING_COLOURS.map((colour) => (
          <Tooltip key={colour} label={t(`SITES.COLOURS.${colour}`)}>
            <UnstyledButton
              role="radio"
              aria-checked={value === colour}
              aria-label={t(`SITES.COLOURS.${colour}`)}
              onClick={() => onChange(colour)}
            >
              <ColorSwatch color={BOOKING_SWATCHES[colour]} size={30} c="white">
                {value === colour && <CheckIcon size={12} />}
              </ColorSwatch>
            </UnstyledButton>
          </Tooltip>
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/** Create or change a booking (spec 000 §2 site-booking); the colour defaults to amber (000 §3). */
export function BookingFormModal({ studyId, siteId, booking, defaultStart, onClose }: BookingFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveBooking(studyId, siteId, booking?.id);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldMessage = (field: string) =>
    t(`SITES.BOOKING.INVALID.${field}`, { defaultValue: t('SITES.FORM.INVALID.other') });
  const errorOptions = siteErrorOptions(fieldMessage);
  const start = booking ? toLocalInput(booking.startsAt) : defaultStart;
  const end = booking
    ? toLocalInput(booking.endsAt)
    : toLocalInput(new Date(new Date(defaultStart).getTime() + 60 * 60_000).toISOString());
  const form = useForm<BookingFormValues>({
    initialValues: {
      title: booking?.title ?? '',
      startsAt: start,
      endsAt: end,
      colour: booking?.colour ?? DEFAULT_BOOKING_COLOUR,
      note: booking?.note ?? '',
    },
    validate: domainResolver(BookingInputSchema, { ...errorOptions, toBody }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setProblem(null);
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        showSuccessToast(
          t(booking ? 'SITES.BOOKING.UPDATED' : 'SITES.BOOKING.CREATED', { title: saved.title }),
        );
        onClose();
      },
      onError: (error) => setProblem(applyServerErrors(form, error, errorOptions).message),
    });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(booking ? 'SITES.BOOKING.EDIT_TITLE' : 'SITES.BOOKING.CREATE_TITLE')}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label={t('SITES.BOOKING.TITLE_FIELD')}
            required
            maxLength={BOOKING_TITLE_MAX}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t('SITES.BOOKING.START')}
              required
              {...form.getInputProps('startsAt')}
            />
            <TextInput
              type="datetime-local"
              label={t('SITES.BOOKING.END')}
              required
              {...form.getInputProps('endsAt')}
            />
          </SimpleGrid>
          <ColourPicker
            value={form.values.colour}
            onChange={(colour) => form.setFieldValue('colour', colour)}
          />
          <Textarea
            label={t('SITES.BOOKING.NOTE')}
            autosize
            minRows={2}
            maxLength={BOOKING_NOTE_MAX}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('SITES.ACTIONS.CANCEL')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('SITES.ACTIONS.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
