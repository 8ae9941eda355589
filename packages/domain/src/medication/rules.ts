import type { MedicationAccountingType, MedicationPackage } from './model';

/** Spec 000 §5: the earliest date any date field accepts. */
export const MEDICATION_EARLIEST_DATE = '1901-01-01';

/** The dates of a medication record that the date rules look at. */
export type MedicationDates = { startDate: string | null; endDate: string | null; ongoing: boolean };

/** One date problem of a medication record: the field and the message key (SERVER_ERRORS.REASON.*). */
export type MedicationDateIssue = { path: 'startDate' | 'endDate' | 'ongoing'; reason: string };

/**
 * Spec 000 §5, issue 21 item 1: dates of a medication record. No date before 1901-01-01 or after
 * `today` (the study's calendar day); the end not before the start; an ongoing medication has no
 * end date and one that is not ongoing needs its end date.
 */
export function medicationDateIssues(dates: MedicationDates, today: string): MedicationDateIssue[] {
  const issues: MedicationDateIssue[] = [];
  for (const path of ['startDate', 'endDate'] as const) {
    const value = dates[path];
    if (value === null) continue;
    if (value < MEDICATION_EARLIEST_DATE) issues.push({ path, reason: 'MEDICATION_DATE_TOO_EARLY' });
    else if (value > today) issues.push({ path, reason: 'MEDICATION_DATE_IN_FUTURE' });
  }
  if (dates.startDate !== null && dates.endDate !== null && dates.endDate < dates.startDate) {
    issues.push({ path: 'endDate', reason: 'MEDICATION_END_BEFORE_START' });
  }
  if (dates.ongoing && dates.endDate !== null) {
    issues.push({ path: 'endDate', reason: 'MEDICATION_ONGOING_WITH_END' });
  }
  if (!dates.ongoing && dates.endDate === null) {
    issues.push({ path: 'endDate', reason: 'MEDICATION_END_REQUIRED' });
  }
  return issues;
}

/** The coded fields of a record that may be OTHER, each with the free text naming it. */
export type MedicationCoded = {
  dose: number | null;
  doseUnit: string | null;
  doseUnitOther: string | null;
  route: string | null;
  routeOther: string | null;
  frequency: string | null;
  frequencyOther: string | null;
};

/**
 * Spec 000 §3 (issue 21 item 1): a dose needs its unit, and a unit, route or frequency of OTHER
 * needs its name (the SAR form's rule, issue 20).
 */
export function medicationCodedIssues(m: MedicationCoded): { path: string; reason: string }[] {
  const issues: { path: string; reason: string }[] = [];
  if (m.dose !== null && m.doseUnit === null)
    issues.push({ path: 'doseUnit', reason: 'MEDICATION_DOSE_UNIT_REQUIRED' });
  const pairs = [
    ['doseUnit', m.doseUnit, 'doseUnitOther', m.doseUnitOther],
    ['route', m.route, 'routeOther', m.routeOther],
    ['frequency', m.frequency, 'frequencyOther', m.frequencyOther],
  ] as const;
  for (const [, value, otherPath, other] of pairs) {
    if (value === 'OTHER' && (other === null || other.trim() === '')) {
      issues.push({ path: otherPath, reason: 'MEDICATION_OTHER_REQUIRED' });
    }
  }
  return issues;
}

/**
 * Issue 21 item 1 (ICH E6 source data verification): a verification holds for the content that was
 * verified; any change of a verified field clears both marks. True when the two contents differ.
 */
export function medicationChangeClearsVerification(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) return true;
  }
  return false;
}

/** The entries the accounting sums look at. */
export type AccountingEntry = {
  accountingType: MedicationAccountingType;
  package: MedicationPackage;
  quantity: number;
  isRemoved: boolean;
  /** A corrected entry stays in the log but no longer counts (its correction does). */
  isCorrected?: boolean;
};

/** Delivered, returned and lost units of one package kind, and the balance. */
export type AccountingTotals = {
  package: MedicationPackage;
  delivered: number;
  returned: number;
  lost: number;
  /** delivered − returned − lost */
  balance: number;
};

/**
 * Spec 000 §3, issue 21 item 2: totals per package kind (removed entries left out), in the order
 * of MEDICATION_PACKAGES' first appearance in the entries; balance = delivered − returned − lost.
 */
export function accountingTotals(entries: readonly AccountingEntry[]): AccountingTotals[] {
  const byPackage = new Map<MedicationPackage, AccountingTotals>();
  for (const e of entries) {
    if (e.isRemoved || e.isCorrected === true) continue;
    const totals = byPackage.get(e.package) ?? {
      package: e.package,
      delivered: 0,
      returned: 0,
      lost: 0,
      balance: 0,
    };
    if (e.accountingType === 'DELIVERED') totals.delivered += e.quantity;
    else if (e.accountingType === 'RETURNED') totals.returned += e.quantity;
    else totals.lost += e.quantity;
    totals.balance = totals.delivered - totals.returned - totals.lost;
    byPackage.set(e.package, totals);
  }
  return [...byPackage.values()];
}

/** A dose schedule: `unitsPerDay` units of `package` every day from `startDate` to `endDate` (both included). */
export type DoseSchedule = {
  package: MedicationPackage;
  unitsPerDay: number;
  startDate: string;
  endDate: string;
};

export type Compliance = {
  package: MedicationPackage;
  days: number;
  expected: number;
  /** Units used: delivered − returned − lost of the scheduled package. */
  actual: number;
  /** actual / expected × 100, rounded to one decimal; null when nothing was expected. */
  percent: number | null;
};

/** The dose schedule fields of a medication record (issue 21 item 2). */
export type MedicationScheduleFields = {
  registrationType: string;
  schedulePackage: MedicationPackage | null;
  scheduleUnitsPerDay: number | null;
  startDate: string | null;
};

/**
 * Issue 21 item 2: a dose schedule belongs to an investigational product, names both its package
 * and units per day, and runs from the record's start date.
 */
export function medicationScheduleIssues(m: MedicationScheduleFields): { path: string; reason: string }[] {
  const hasPackage = m.schedulePackage !== null;
  const hasUnits = m.scheduleUnitsPerDay !== null;
  if (!hasPackage && !hasUnits) return [];
  if (m.registrationType !== 'IMP') {
    return [
      {
        path: hasPackage ? 'schedulePackage' : 'scheduleUnitsPerDay',
        reason: 'MEDICATION_SCHEDULE_ONLY_IMP',
      },
    ];
  }
  const issues: { path: string; reason: string }[] = [];
  if (!hasPackage) issues.push({ path: 'schedulePackage', reason: 'MEDICATION_SCHEDULE_INCOMPLETE' });
  if (!hasUnits) issues.push({ path: 'scheduleUnitsPerDay', reason: 'MEDICATION_SCHEDULE_INCOMPLETE' });
  if (m.startDate === null) issues.push({ path: 'startDate', reason: 'MEDICATION_SCHEDULE_NEEDS_START' });
  return issues;
}

/** A stored IMP record with its schedule, as the compliance reads it. */
export type ScheduledRecord = {
  registrationType: string;
  schedulePackage: MedicationPackage | null;
  scheduleUnitsPerDay: number | null;
  startDate: string | null;
  endDate: string | null;
  isRemoved: boolean;
};

/**
 * Issue 21 item 2: compliance per package from the dose schedules stored with the subject's IMP
 * records. Each schedule runs from its start date to its end date, or to `today` while ongoing;
 * expected units add up over the records of one package; actual use is that package's balance.
 */
export function scheduledCompliance(
  entries: readonly AccountingEntry[],
  records: readonly ScheduledRecord[],
  today: string,
): Compliance[] {
  const byPackage = new Map<MedicationPackage, { days: number; expected: number }>();
  for (const r of records) {
    if (r.isRemoved || r.registrationType !== 'IMP') continue;
    if (r.schedulePackage === null || r.scheduleUnitsPerDay === null || r.startDate === null) continue;
    const end = r.endDate ?? today;
    const days = daysInclusive(r.startDate, end);
    const sum = byPackage.get(r.schedulePackage) ?? { days: 0, expected: 0 };
    sum.days += days;
    sum.expected += r.scheduleUnitsPerDay * days;
    byPackage.set(r.schedulePackage, sum);
  }
  return [...byPackage.entries()].map(([pkg, sum]) => {
    const actual = accountingTotals(entries.filter((e) => e.package === pkg))[0]?.balance ?? 0;
    const expected = Math.round(sum.expected * 1000) / 1000;
    const percent = expected > 0 ? Math.round((actual * 1000) / expected) / 10 : null;
    return { package: pkg, days: sum.days, expected, actual, percent };
  });
}

/** Whole days from `from` to `to` (ISO dates), counting both ends. */
export function daysInclusive(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000) + 1);
}

/**
 * Issue 21 item 2: expected versus actual use. Expected = unitsPerDay × days of the schedule (both
 * ends counted); actual = delivered − returned − lost of the scheduled package (the units that left
 * the subject's supply by use); compliance % = actual / expected × 100, one decimal.
 */
export function medicationCompliance(
  entries: readonly AccountingEntry[],
  schedule: DoseSchedule,
): Compliance {
  const days = daysInclusive(schedule.startDate, schedule.endDate);
  const expected = schedule.unitsPerDay * days;
  const totals = accountingTotals(entries.filter((e) => e.package === schedule.package))[0];
  const actual = totals?.balance ?? 0;
  const percent = expected > 0 ? Math.round((actual * 1000) / expected) / 10 : null;
  return { package: schedule.package, days, expected, actual, percent };
}
