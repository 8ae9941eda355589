import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEDICATION_ACCOUNTING_TYPES, MEDICATION_PACKAGES } from './model';
import {
  type AccountingEntry,
  accountingTotals,
  daysInclusive,
  medicationChangeClearsVerification,
  medicationCodedIssues,
  medicationCompliance,
  medicationDateIssues,
} from './rules';
import { AccountingQuerySchema } from './schemas';

const TODAY = '2024-03-10';

describe('Spec 000 §5, issue 21: medication date rules', () => {
  it('accepts an ongoing medication without end and a finished one with its end', () => {
    expect(medicationDateIssues({ startDate: '2024-01-01', endDate: null, ongoing: true }, TODAY)).toEqual(
      [],
    );
    expect(
      medicationDateIssues({ startDate: '2024-01-01', endDate: '2024-01-01', ongoing: false }, TODAY),
    ).toEqual([]);
    expect(medicationDateIssues({ startDate: null, endDate: TODAY, ongoing: false }, TODAY)).toEqual([]);
  });

  it('refuses dates before 1901-01-01 and after today', () => {
    expect(medicationDateIssues({ startDate: '1900-12-31', endDate: null, ongoing: true }, TODAY)).toEqual([
      { path: 'startDate', reason: 'MEDICATION_DATE_TOO_EARLY' },
    ]);
    expect(medicationDateIssues({ startDate: '1901-01-01', endDate: null, ongoing: true }, TODAY)).toEqual(
      [],
    );
    expect(
      medicationDateIssues({ startDate: '2024-01-01', endDate: '2024-03-11', ongoing: false }, TODAY),
    ).toEqual([{ path: 'endDate', reason: 'MEDICATION_DATE_IN_FUTURE' }]);
  });

  it('refuses an end before the start, an ongoing medication with an end, and a finished one without', () => {
    expect(
      medicationDateIssues({ startDate: '2024-02-02', endDate: '2024-02-01', ongoing: false }, TODAY),
    ).toEqual([{ path: 'endDate', reason: 'MEDICATION_END_BEFORE_START' }]);
    expect(
      medicationDateIssues({ startDate: '2024-02-01', endDate: '2024-02-02', ongoing: true }, TODAY),
    ).toEqual([{ path: 'endDate', reason: 'MEDICATION_ONGOING_WITH_END' }]);
    expect(medicationDateIssues({ startDate: '2024-02-01', endDate: null, ongoing: false }, TODAY)).toEqual([
      { path: 'endDate', reason: 'MEDICATION_END_REQUIRED' },
    ]);
  });
});

describe('Issue 21 item 1: a change clears the verification', () => {
  const before = { name: 'Paracetamol', dose: 500, doseUnit: 'MILLIGRAM', aeId: null };
  it('clears on any changed field, not on the same content', () => {
    expect(medicationChangeClearsVerification(before, { ...before })).toBe(false);
    expect(medicationChangeClearsVerification(before, { ...before, dose: 1000 })).toBe(true);
    expect(medicationChangeClearsVerification(before, { ...before, aeId: 'a'.repeat(24) })).toBe(true);
    // A field left out counts as null.
    expect(
      medicationChangeClearsVerification(before, { name: 'Paracetamol', dose: 500, doseUnit: 'MILLIGRAM' }),
    ).toBe(false);
  });
});

const entry = (
  accountingType: AccountingEntry['accountingType'],
  quantity: number,
  pkg: AccountingEntry['package'] = 'PILL',
  isRemoved = false,
): AccountingEntry => ({ accountingType, package: pkg, quantity, isRemoved });

describe('Spec 000 §3, issue 21 item 2: balance = delivered − returned − lost', () => {
  it('sums per package on a known example, removed entries left out', () => {
    const entries = [
      entry('DELIVERED', 60),
      entry('DELIVERED', 30),
      entry('RETURNED', 12),
      entry('LOST', 2),
      entry('DELIVERED', 100, 'PILL', true),
      entry('DELIVERED', 2, 'BOX'),
      entry('RETURNED', 1, 'BOX'),
    ];
    expect(accountingTotals(entries)).toEqual([
      { package: 'PILL', delivered: 90, returned: 12, lost: 2, balance: 76 },
      { package: 'BOX', delivered: 2, returned: 1, lost: 0, balance: 1 },
    ]);
    expect(accountingTotals([])).toEqual([]);
  });

  it('balance is delivered − returned − lost for any entries (property)', () => {
    const arbitraryEntry = fc.record({
      accountingType: fc.constantFrom(...MEDICATION_ACCOUNTING_TYPES),
      package: fc.constantFrom(...MEDICATION_PACKAGES),
      quantity: fc.integer({ min: 1, max: 1000 }),
      isRemoved: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryEntry, { maxLength: 40 }), (entries) => {
        for (const totals of accountingTotals(entries)) {
          const live = entries.filter((e) => !e.isRemoved && e.package === totals.package);
          const sum = (type: string) =>
            live.filter((e) => e.accountingType === type).reduce((n, e) => n + e.quantity, 0);
          expect(totals.balance).toBe(sum('DELIVERED') - sum('RETURNED') - sum('LOST'));
        }
      }),
    );
  });
});

describe('Issue 21 item 2: compliance against a dose schedule', () => {
  it('counts both ends of the schedule', () => {
    expect(daysInclusive('2024-01-01', '2024-01-01')).toBe(1);
    expect(daysInclusive('2024-01-01', '2024-01-30')).toBe(30);
    // 2024 is a leap year.
    expect(daysInclusive('2024-02-01', '2024-03-01')).toBe(30);
  });

  it('2 pills a day for 30 days, 90 delivered, 12 returned, 2 lost: 76 of 60 expected = 126.7 %', () => {
    const entries = [
      entry('DELIVERED', 90),
      entry('RETURNED', 12),
      entry('LOST', 2),
      entry('DELIVERED', 5, 'BOX'),
    ];
    expect(
      medicationCompliance(entries, {
        package: 'PILL',
        unitsPerDay: 2,
        startDate: '2024-01-01',
        endDate: '2024-01-30',
      }),
    ).toEqual({ package: 'PILL', days: 30, expected: 60, actual: 76, percent: 126.7 });
    expect(
      medicationCompliance([entry('DELIVERED', 60), entry('RETURNED', 6)], {
        package: 'PILL',
        unitsPerDay: 2,
        startDate: '2024-01-01',
        endDate: '2024-01-30',
      }).percent,
    ).toBe(90);
  });

  it('a schedule of another package or without days expects nothing', () => {
    expect(
      medicationCompliance([entry('DELIVERED', 10)], {
        package: 'VIAL',
        unitsPerDay: 1,
        startDate: '2024-01-01',
        endDate: '2024-01-10',
      }),
    ).toEqual({ package: 'VIAL', days: 10, expected: 10, actual: 0, percent: 0 });
    expect(
      medicationCompliance([entry('DELIVERED', 10)], {
        package: 'PILL',
        unitsPerDay: 1,
        startDate: '2024-01-10',
        endDate: '2024-01-01',
      }).percent,
    ).toBeNull();
  });

  it('the schedule query needs all four parts, and to not before from', () => {
    expect(AccountingQuerySchema.safeParse({}).success).toBe(true);
    expect(
      AccountingQuerySchema.safeParse({
        package: 'PILL',
        unitsPerDay: '2',
        from: '2024-01-01',
        to: '2024-01-30',
      }).success,
    ).toBe(true);
    expect(AccountingQuerySchema.safeParse({ package: 'PILL', unitsPerDay: '2' }).success).toBe(false);
    expect(
      AccountingQuerySchema.safeParse({
        package: 'PILL',
        unitsPerDay: '2',
        from: '2024-01-30',
        to: '2024-01-01',
      }).success,
    ).toBe(false);
  });
});

describe('Spec 000 §3, issue 21 item 1: coded fields', () => {
  const coded = {
    dose: 500,
    doseUnit: 'MILLIGRAM',
    doseUnitOther: null,
    route: 'ORAL',
    routeOther: null,
    frequency: 'ONCE_DAILY',
    frequencyOther: null,
  };
  it('a dose needs its unit; OTHER needs its name', () => {
    expect(medicationCodedIssues(coded)).toEqual([]);
    expect(medicationCodedIssues({ ...coded, doseUnit: null })).toEqual([
      { path: 'doseUnit', reason: 'MEDICATION_DOSE_UNIT_REQUIRED' },
    ]);
    expect(
      medicationCodedIssues({ ...coded, route: 'OTHER', frequency: 'OTHER', frequencyOther: ' ' }),
    ).toEqual([
      { path: 'routeOther', reason: 'MEDICATION_OTHER_REQUIRED' },
      { path: 'frequencyOther', reason: 'MEDICATION_OTHER_REQUIRED' },
    ]);
    expect(medicationCodedIssues({ ...coded, doseUnit: 'OTHER', doseUnitOther: 'sachet' })).toEqual([]);
  });
});
