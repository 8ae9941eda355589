import {
  type FieldIssue,
  type FormTemplate,
  listDataEventForms,
  type Process,
  type UnscheduledDataEventType,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { pickText } from './rule-text';

export type Option = { value: string; label: string; disabled?: boolean };

const UNSCHEDULED = [
  { type: 'TYPE_UNEXPECTED', isOn: 'unexpected', forms: 'unexpectedVisit' },
  { type: 'TYPE_DISCONTINUED', isOn: 'discontinued', forms: 'discontinueDataEvent' },
  { type: 'TYPE_EXTERNAL', isOn: 'externalDE', forms: 'externalDataEvent' },
] as const satisfies readonly {
  type: UnscheduledDataEventType;
  isOn: keyof Process;
  forms: keyof Process;
}[];

/**
 * The data events a rule operant can name (spec 001 §3 operant dataEvent): the process's events
 * in order, then the unscheduled events that are switched on (they need an id to be named).
 */
export function listDataEventOptions(process: Process | undefined, language: string, t: TFunction): Option[] {
  if (!process) return [];
  const scheduled = process.dataEvents.map((event, i) => ({
    value: event.id,
    label: pickText(event.name, language) || t('RULES.DATA_EVENT_N', { n: i + 1 }),
  }));
  const unscheduled = UNSCHEDULED.flatMap(({ type, isOn, forms }) => {
    const id = process[forms].id;
    return process[isOn] && id ? [{ value: id, label: t(`RULES.UNSCHEDULED.${type}`) }] : [];
  });
  return [...scheduled, ...unscheduled];
}

/** The name of one data event of the process, or null when the process has no such event. */
export function dataEventName(
  process: Process | undefined,
  dataEventId: string | null | undefined,
  language: string,
  t: TFunction,
): string | null {
  if (!dataEventId) return null;
  return listDataEventOptions(process, language, t).find((o) => o.value === dataEventId)?.label ?? null;
}

/**
 * The form picker of an operant (spec 001 §5 "the form is part of the data event"): without a process
 * every form; with one only the forms of the chosen data event. A chosen form outside the event stays
 * visible but disabled, so its field can say why the rule is refused.
 */
export function listFormOptions(
  forms: readonly FormTemplate[],
  process: Process | undefined,
  dataEventId: string | null,
  selected: string | null,
  language: string,
  t: TFunction,
): Option[] {
  const label = (f: FormTemplate) => pickText(f.title, language) || f.id;
  if (!process) return forms.map((f) => ({ value: f.id, label: label(f) }));
  const inEvent = dataEventId ? (listDataEventForms(process, dataEventId) ?? []) : [];
  const options: Option[] = inEvent.flatMap((id) => {
    const form = forms.find((f) => f.id === id);
    return form ? [{ value: form.id, label: label(form) }] : [];
  });
  const unique = options.filter((o, i) => options.findIndex((x) => x.value === o.value) === i);
  const current = forms.find((f) => f.id === selected);
  if (current && !unique.some((o) => o.value === current.id)) {
    unique.push({
      value: current.id,
      label: t('RULES.FORM_NOT_IN_EVENT', { form: label(current) }),
      disabled: true,
    });
  }
  return unique;
}

/**
 * Spec 001 §5 for a show rule placed in a process: it needs its data event, and its form must be
 * part of that event. Paths are those of the show-rule body (`dataEventId`, `formId`).
 */
export function checkShowRuleProcess(
  rule: { processId?: string | null; dataEventId?: string | null; formId: string },
  process: Process | undefined,
): FieldIssue[] {
  if (!rule.processId) return [];
  if (!process) return [{ path: ['processId'], message: 'UNKNOWN_REFERENCE' }];
  if (!rule.dataEventId) return [{ path: ['dataEventId'], message: 'REQUIRED' }];
  const forms = listDataEventForms(process, rule.dataEventId);
  if (!forms) return [{ path: ['dataEventId'], message: 'UNKNOWN_REFERENCE' }];
  if (!rule.formId) return [];
  return forms.includes(rule.formId) ? [] : [{ path: ['formId'], message: 'NOT_IN_DATA_EVENT' }];
}
