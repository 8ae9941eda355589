/**
 * Build check of processes (issue 23 item 3): processes without events, unreachable data events,
 * events naming removed forms, expiry before activation, send-outs without a contact channel.
 */
import type { DataEvent, Process } from '../processes/model';
import { FORM_DATA_EVENT_TYPES } from '../processes/model';
import { type BuildCheckInput, eventParams } from './context';
import { type BuildCheckDiagnostic, buildDiagnostic } from './model';

const HOUR_MS = 3_600_000;

function eventTarget(process: Process, event: DataEvent) {
  return { screen: 'PROCESS' as const, processId: process.id, dataEventId: event.id };
}

function hours(delay: { days: number; hours: number }): number {
  return delay.days * 24 + delay.hours;
}

/** Spec 000 §3 reference dates: an event relative to the previous one cannot be the first. */
function reachability(
  process: Process,
  event: DataEvent,
  index: number,
  formIds: Set<string>,
  primary: string,
) {
  const out: BuildCheckDiagnostic[] = [];
  const params = eventParams(process, event, primary);
  const target = eventTarget(process, event);
  const isFirst = index === 0;
  if (isFirst && (event.referenceDate === 'PREVIOUS' || event.referenceDate === 'PREVIOUS_COMPLETE'))
    out.push(
      buildDiagnostic('DATA_EVENT_UNREACHABLE', 'ERROR', target, { ...params, reason: 'NO_PREVIOUS_EVENT' }),
    );
  const previous = process.dataEvents[index - 1];
  if (
    previous &&
    event.referenceDate === 'PREVIOUS_COMPLETE' &&
    !(FORM_DATA_EVENT_TYPES as readonly string[]).includes(previous.type)
  )
    out.push(
      buildDiagnostic('DATA_EVENT_UNREACHABLE', 'ERROR', target, {
        ...params,
        reason: 'PREVIOUS_NEVER_COMPLETES',
      }),
    );
  const allForms = [...event.forms, ...event.optionalForms];
  if ((FORM_DATA_EVENT_TYPES as readonly string[]).includes(event.type) && allForms.length === 0)
    out.push(buildDiagnostic('DATA_EVENT_UNREACHABLE', 'ERROR', target, { ...params, reason: 'NO_FORMS' }));
  for (const formId of allForms.filter((id) => !formIds.has(id)))
    out.push(buildDiagnostic('DATA_EVENT_FORM_MISSING', 'ERROR', target, { ...params, formId }, formId));
  return out;
}

/** Spec 000 §3 expiry: after activation needs a positive delay; before the next event needs a later next event. */
function expiry(process: Process, event: DataEvent, index: number, primary: string) {
  const params = eventParams(process, event, primary);
  const target = eventTarget(process, event);
  const out: BuildCheckDiagnostic[] = [];
  if (event.expiry.type === 'EXPIRE_AFTER_ACTIVATION') {
    const expiresAfter = hours(event.expiry);
    if (expiresAfter <= 0)
      out.push(
        buildDiagnostic('EXPIRY_BEFORE_ACTIVATION', 'ERROR', target, { ...params, reason: 'NO_DELAY' }),
      );
    for (const reminder of event.reminders) {
      const at = reminder.kind === 'AFTER_ACTIVATION' ? hours(reminder) : expiresAfter - hours(reminder);
      if (expiresAfter > 0 && (at < 0 || at >= expiresAfter))
        out.push(
          buildDiagnostic(
            'EXPIRY_BEFORE_ACTIVATION',
            'WARNING',
            target,
            { ...params, reason: 'REMINDER_OUTSIDE_WINDOW' },
            `${reminder.kind}:${at}`,
          ),
        );
    }
  }
  const next = process.dataEvents[index + 1];
  if (event.expiry.type === 'EXPIRE_BEFORE_NEXT_EVENT' && next) {
    const sameBase = next.referenceDate === event.referenceDate && next.referenceDate !== 'MANUAL';
    const nextAt = (next.offsetDays * 24 + next.offsetHours) * HOUR_MS;
    const thisAt = (event.offsetDays * 24 + event.offsetHours) * HOUR_MS;
    if (sameBase && nextAt <= thisAt)
      out.push(
        buildDiagnostic('EXPIRY_BEFORE_ACTIVATION', 'ERROR', target, {
          ...params,
          reason: 'NEXT_EVENT_FIRST',
        }),
      );
  }
  return out;
}

const CHANNEL_FIELDS = {
  SEND_AS_EMAIL: ['email'],
  SEND_AS_SMS: ['mobileNumber'],
  SEND_AS_BOTH: ['email', 'mobileNumber'],
  NO_SEND_OUT: [],
} as const;

/** A send-out reaches only subjects that have the channel: the field must be required where subjects come from. */
function sendOut(process: Process, event: DataEvent, input: BuildCheckInput) {
  const settings = input.participantSettings;
  return CHANNEL_FIELDS[event.sendAs]
    .filter(
      (field) =>
        !settings.subjectRequiredFields.includes(field) &&
        !(process.public && settings.publicSignUpRequiredFields.includes(field)),
    )
    .map((field) =>
      buildDiagnostic(
        'SEND_OUT_WITHOUT_CONTACT',
        'WARNING',
        eventTarget(process, event),
        { ...eventParams(process, event, input.study.primaryLanguage), field },
        field,
      ),
    );
}

/** Issue 23 item 3: process and data event diagnostics. */
export function checkProcesses(input: BuildCheckInput): BuildCheckDiagnostic[] {
  const primary = input.study.primaryLanguage;
  const formIds = new Set(input.forms.map((f) => f.id));
  return input.processes.flatMap((process) => {
    if (process.dataEvents.length === 0)
      return [
        buildDiagnostic(
          'PROCESS_WITHOUT_EVENTS',
          'ERROR',
          { screen: 'PROCESS', processId: process.id, dataEventId: null },
          eventParams(process, undefined, primary),
        ),
      ];
    return process.dataEvents.flatMap((event, i) => [
      ...reachability(process, event, i, formIds, primary),
      ...expiry(process, event, i, primary),
      ...sendOut(process, event, input),
    ]);
  });
}
