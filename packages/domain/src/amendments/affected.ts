/**
 * Issue 23 item 2: which data events the amendment touches, for counting what is under way at each
 * site. An event is touched when it changed or was removed, or when it uses (before or after) a form
 * that was removed, had a validation or show rule changed (rules are not versioned), or changed and
 * is to reach existing enrolments (the per-form choice NEW_EVENTS; KEEP leaves them on their version).
 */
import type { Process } from '../processes/model';
import type { Sides } from './diff';
import type { AmendmentDiff } from './model';

export type AmendmentAffected = {
  /** Data events whose tokens still to be filled are touched. */
  dataEventIds: string[];
  /** Of those, the events that send their link out (a token not active yet is a scheduled send-out). */
  sendOutEventIds: string[];
  /** Processes that gained an event: each of their active enrolments is touched. */
  processIdsWithAddedEvents: string[];
};

/** Issue 23 item 2: the data events and processes whose enrolments the amendment touches. */
export function affectedByAmendment(
  processes: readonly Sides<Process>[],
  diff: AmendmentDiff,
  formVersionChoices: Readonly<Record<string, 'KEEP' | 'NEW_EVENTS'>> = {},
): AmendmentAffected {
  const forms = new Set<string>();
  for (const f of diff.forms) {
    // A changed form reaches existing enrolments only where the author chose NEW_EVENTS (KEEP is the default).
    if (f.change === 'REMOVED' || (f.change === 'CHANGED' && formVersionChoices[f.formId] === 'NEW_EVENTS')) {
      forms.add(f.formId);
    }
  }
  for (const r of diff.rules) if (r.formId) forms.add(r.formId);
  const changedEvents = new Set<string>();
  const withAdded = new Set<string>();
  for (const p of diff.processes) {
    for (const e of p.events) {
      if (e.change === 'ADDED') withAdded.add(p.processId);
      else changedEvents.add(e.dataEventId);
    }
  }
  const events = new Set<string>();
  const sendOut = new Set<string>();
  for (const sides of processes) {
    for (const e of [...(sides.before?.dataEvents ?? []), ...(sides.after?.dataEvents ?? [])]) {
      const usesChangedForm = [...e.forms, ...e.optionalForms].some((id) => forms.has(id));
      if (!changedEvents.has(e.id) && !usesChangedForm) continue;
      events.add(e.id);
      if (e.sendAs !== 'NO_SEND_OUT') sendOut.add(e.id);
    }
  }
  // A process no one changed may still use a changed form: the caller lists every live process.
  return {
    dataEventIds: [...events].sort(),
    sendOutEventIds: [...sendOut].sort(),
    processIdsWithAddedEvents: [...withAdded]
      .filter((id) => diff.processes.some((p) => p.processId === id && p.change === 'CHANGED'))
      .sort(),
  };
}
