import {
  type MedicationContent,
  type MedicationView,
  medicationCodedIssues,
  medicationDateIssues,
  medicationScheduleIssues,
} from '@trialbase/domain';

/** The form's values: the record's content (spec 000 §3), as the request sends it. */
export type MedicationFormValues = MedicationContent;

/** A new record's values: nothing filled in, ongoing until an end date is given. */
export function emptyMedicationValues(
  registrationType: MedicationContent['registrationType'] = 'CONCOMITANT',
): MedicationFormValues {
  return {
    registrationType,
    name: '',
    indication: null,
    dose: null,
    doseUnit: null,
    doseUnitOther: null,
    route: null,
    routeOther: null,
    frequency: null,
    frequencyOther: null,
    startDate: null,
    endDate: null,
    ongoing: true,
    aeId: null,
    comment: null,
    schedulePackage: null,
    scheduleUnitsPerDay: null,
  };
}

/** A stored record's content, for editing. */
export function valuesOfRecord(record: MedicationView): MedicationFormValues {
  const { registrationType, name, indication, dose, doseUnit, doseUnitOther, route, routeOther } = record;
  return {
    registrationType,
    name,
    indication,
    dose,
    doseUnit,
    doseUnitOther,
    route,
    routeOther,
    frequency: record.frequency,
    frequencyOther: record.frequencyOther,
    startDate: record.startDate,
    endDate: record.endDate,
    ongoing: record.ongoing,
    aeId: record.aeId,
    comment: record.comment,
    schedulePackage: record.schedulePackage,
    scheduleUnitsPerDay: record.scheduleUnitsPerDay,
  };
}

/** The request body: texts trimmed (empty is null), the OTHER texts only with OTHER, no schedule off IMP. */
export function normalizeMedication(values: MedicationFormValues): MedicationContent {
  const text = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());
  const isImp = values.registrationType === 'IMP';
  return {
    ...values,
    name: values.name.trim(),
    indication: text(values.indication),
    doseUnitOther: values.doseUnit === 'OTHER' ? text(values.doseUnitOther) : null,
    routeOther: values.route === 'OTHER' ? text(values.routeOther) : null,
    frequencyOther: values.frequency === 'OTHER' ? text(values.frequencyOther) : null,
    endDate: values.ongoing ? null : values.endDate,
    comment: text(values.comment),
    schedulePackage: isImp ? values.schedulePackage : null,
    scheduleUnitsPerDay: isImp ? values.scheduleUnitsPerDay : null,
  };
}

/**
 * The same checks the server makes (spec 000 §5 dates, §3 coded fields, issue 21 dose schedule),
 * as field → SERVER_ERRORS.REASON key; the name is required.
 */
export function medicationIssues(content: MedicationContent, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (content.name === '') errors.name = 'MEDICATION.FORM.NAME_REQUIRED';
  const issues = [
    ...medicationDateIssues(content, today),
    ...medicationCodedIssues(content),
    ...medicationScheduleIssues(content),
  ];
  for (const issue of issues) errors[issue.path] ??= `SERVER_ERRORS.REASON.${issue.reason}`;
  return errors;
}

/** Today as `YYYY-MM-DD` in the user's time zone (the latest date the forms accept before the server's check). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
