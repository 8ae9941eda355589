/**
 * The schedule of an enrollment's data events (spec 000 §3 / 001 §3 data event settings:
 * reference date plus offset, expiry, reminders; issue 6 items 5 and 6). Pure: every instant
 * it needs is passed in, and offsets in days are calendar days in the schedule's time zone.
 */
import { assertNever } from '../common/assert';
import type { DataEvent, DataEventType, ReminderKind } from '../processes/model';
import { isUnscheduledDataEventType } from '../processes/model';
import type { TokenType } from './model';
import { addZonedOffset } from './zoned-time';

/** What the schedule reads of a data event. */
export type ScheduleEvent = Pick<
  DataEvent,
  'id' | 'type' | 'referenceDate' | 'offsetDays' | 'offsetHours' | 'expiry' | 'reminders'
>;

/** What has happened to one event's token so far. */
export type EventFacts = {
  /**
   * An activation fixed by what happened: the actual activation, or a time staff set by
   * rescheduling. When present it wins over the computed one.
   */
  fixedActivation?: Date | null;
  /** When staff started a MANUAL event, or the subject requested a REQUEST event. */
  startedAt?: Date | null;
  /** When the token was completed (the PREVIOUS_COMPLETE reference of the next event). */
  completedAt?: Date | null;
};

export type ScheduleInput = {
  events: readonly ScheduleEvent[];
  registeredAt: Date;
  timeZone: string;
  facts: Readonly<Record<string, EventFacts | undefined>>;
};

export type ReminderDue = { key: string; index: number; kind: ReminderKind; dueAt: Date };

export type EventSchedule = {
  dataEventId: string;
  /** Null while the event waits (MANUAL or REQUEST not started, previous event not there yet). */
  activationTime: Date | null;
  /** Null when it never expires or the expiry is not known yet. */
  expiryTime: Date | null;
  reminders: ReminderDue[];
};

/** Spec 000 §3: unscheduled events (unexpected, discontinued, external) get no scheduled token. */
export function isScheduledDataEvent(event: Pick<DataEvent, 'type'>): boolean {
  return !isUnscheduledDataEventType(event.type);
}

/** Spec 000 §3 token types: the token type a scheduled data event's link gets. */
export function tokenTypeForDataEvent(type: DataEventType): TokenType {
  switch (type) {
    case 'TYPE_USER':
      return 'HP';
    case 'TYPE_ECONSENT':
      return 'ECONSENT';
    case 'TYPE_UNEXPECTED':
      return 'UNEXPECTED';
    case 'TYPE_DISCONTINUED':
      return 'DISCONTINUED';
    case 'TYPE_EXTERNAL':
      return 'EXTERNAL';
    case 'TYPE_PATIENT':
    case 'TYPE_INFORMATION':
    case 'TYPE_RANDOMIZATION':
    case 'TYPE_ADVERSE':
    case 'TYPE_APP_INVITATION':
      return 'PATIENT';
    default:
      return assertNever(type);
  }
}

/** The notification key of the reminder at `index` (the send-once ledger's `kind`). */
export function reminderKey(index: number): string {
  return `REMINDER:${index}`;
}

/**
 * Spec 001 §3 reference dates: REGISTRATION = registration + offset; MANUAL / REQUEST = the
 * start + offset, null until started; PREVIOUS = previous event's activation + offset;
 * PREVIOUS_COMPLETE = previous event's completion + offset.
 */
function computeActivation(
  event: ScheduleEvent,
  previous: { activation: Date | null; completedAt: Date | null } | null,
  input: ScheduleInput,
): Date | null {
  const facts = input.facts[event.id];
  if (facts?.fixedActivation) return facts.fixedActivation;
  const offset = (from: Date | null | undefined) =>
    from ? addZonedOffset(from, event.offsetDays, event.offsetHours, input.timeZone) : null;
  switch (event.referenceDate) {
    case 'REGISTRATION':
      return offset(input.registeredAt);
    case 'MANUAL':
    case 'REQUEST':
      return offset(facts?.startedAt);
    case 'PREVIOUS':
      // The first event has no previous one: it counts from registration.
      return previous ? offset(previous.activation) : offset(input.registeredAt);
    case 'PREVIOUS_COMPLETE':
      return previous ? offset(previous.completedAt) : offset(input.registeredAt);
    default:
      return assertNever(event.referenceDate);
  }
}

function computeExpiry(
  event: ScheduleEvent,
  activation: Date | null,
  nextActivation: Date | null,
  timeZone: string,
): Date | null {
  switch (event.expiry.type) {
    case 'EXPIRE_AFTER_ACTIVATION':
      return activation ? addZonedOffset(activation, event.expiry.days, event.expiry.hours, timeZone) : null;
    case 'EXPIRE_BEFORE_NEXT_EVENT':
      return activation ? nextActivation : null;
    case 'EXPIRE_NEVER':
      return null;
    default:
      return assertNever(event.expiry.type);
  }
}

function computeReminders(
  event: ScheduleEvent,
  activation: Date | null,
  expiry: Date | null,
  timeZone: string,
): ReminderDue[] {
  const due: ReminderDue[] = [];
  event.reminders.forEach((reminder, index) => {
    const from = reminder.kind === 'AFTER_ACTIVATION' ? activation : expiry;
    if (!from || !activation) return;
    const sign = reminder.kind === 'AFTER_ACTIVATION' ? 1 : -1;
    const dueAt = addZonedOffset(from, sign * reminder.days, sign * reminder.hours, timeZone);
    due.push({ key: reminderKey(index), index, kind: reminder.kind, dueAt });
  });
  return due;
}

/**
 * Spec 001 §3 / issue 6 item 5: activation, expiry and reminder instants of every scheduled
 * data event of an enrollment, in process order, from what is known so far. Expiry after
 * activation and reminders use calendar days in the zone plus elapsed hours; expiry before
 * the next event is the next scheduled event's activation (null until that is known).
 */
export function computeSchedule(input: ScheduleInput): EventSchedule[] {
  const scheduled = input.events.filter(isScheduledDataEvent);
  const activations: (Date | null)[] = [];
  let previous: { activation: Date | null; completedAt: Date | null } | null = null;
  for (const event of scheduled) {
    const activation = computeActivation(event, previous, input);
    activations.push(activation);
    previous = { activation, completedAt: input.facts[event.id]?.completedAt ?? null };
  }
  return scheduled.map((event, i) => {
    const activation = activations[i] ?? null;
    const expiry = computeExpiry(event, activation, activations[i + 1] ?? null, input.timeZone);
    return {
      dataEventId: event.id,
      activationTime: activation,
      expiryTime: expiry,
      reminders: computeReminders(event, activation, expiry, input.timeZone),
    };
  });
}
