/**
 * Which forms belong to a data event (spec 001 §3 pathway and data event fields),
 * used by validation rules ("the form is part of the data event", spec 001 §5).
 */
import type { Process, UnscheduledForms } from './model';

function unscheduledForms(forms: UnscheduledForms): string[] {
  return [...forms.selectedQts, ...forms.selectedOptionalQts];
}

/**
 * Spec 001 §3 / §5: form ids of a data event of the process, or null when the process has no such
 * event. Unscheduled events also take the process-level selections (unexpectedVisit and the others).
 */
export function listDataEventForms(process: Process, dataEventId: string): string[] | null {
  const scheduled = process.dataEvents.find((e) => e.id === dataEventId);
  const unscheduled = [
    { id: process.unexpectedVisit.id, type: 'TYPE_UNEXPECTED', forms: process.unexpectedVisit },
    { id: process.discontinueDataEvent.id, type: 'TYPE_DISCONTINUED', forms: process.discontinueDataEvent },
    { id: process.externalDataEvent.id, type: 'TYPE_EXTERNAL', forms: process.externalDataEvent },
  ] as const;
  const byId = unscheduled.find((u) => u.id !== undefined && u.id === dataEventId);
  if (byId) return unscheduledForms(byId.forms);
  if (!scheduled) return null;
  const sameType = unscheduled.find((u) => u.type === scheduled.type);
  const own = [...scheduled.forms, ...scheduled.optionalForms];
  return sameType ? [...own, ...unscheduledForms(sameType.forms)] : own;
}

/** Spec 001 §5: is the form part of the data event of this process? */
export function isFormInDataEvent(process: Process, dataEventId: string, formId: string): boolean {
  return listDataEventForms(process, dataEventId)?.includes(formId) ?? false;
}

/**
 * Spec 001 §7 GET /study/{studyId}/process/{processId}/forms and §4 "used in a process": every form the
 * process names, in data-event order (mandatory then optional), then the unexpected, discontinued and
 * external selections, each form once.
 */
export function listProcessFormIds(process: Process): string[] {
  const ids = [
    ...process.dataEvents.flatMap((e) => [...e.forms, ...e.optionalForms]),
    ...unscheduledForms(process.unexpectedVisit),
    ...unscheduledForms(process.discontinueDataEvent),
    ...unscheduledForms(process.externalDataEvent),
  ];
  return [...new Set(ids)];
}
