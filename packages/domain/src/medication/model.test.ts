import { describe, expect, it } from 'vitest';
import {
  MEDICATION_ACCOUNTING_TYPES,
  MEDICATION_DOSE_UNITS,
  MEDICATION_PACKAGES,
  MEDICATION_REGISTRATION_TYPES,
  MedicationSchema,
  medicationBalance,
} from './model';

describe('Spec 000 §3 medication enumerations', () => {
  it('match the spec lists', () => {
    expect([...MEDICATION_REGISTRATION_TYPES]).toEqual(['CONCOMITANT', 'IMP', 'ACCOUNTING']);
    expect([...MEDICATION_ACCOUNTING_TYPES]).toEqual(['LOST', 'RETURNED', 'DELIVERED']);
    expect([...MEDICATION_PACKAGES]).toEqual(['BOTTLE', 'BOX', 'PACKAGE', 'PILL', 'VIAL', 'PEN']);
    expect(MEDICATION_DOSE_UNITS).toHaveLength(21);
    expect(new Set(MEDICATION_DOSE_UNITS).size).toBe(21);
  });
});

const id = (n: number) => n.toString(16).padStart(24, '0');
const t = '2024-01-01T00:00:00Z';
const med = {
  id: id(1),
  studyId: id(2),
  subjectId: id(3),
  enrollmentId: null,
  registrationType: 'CONCOMITANT',
  name: 'Paracetamol',
  indication: 'Headache',
  dose: 500,
  doseUnit: 'MILLIGRAM',
  doseUnitOther: null,
  route: 'ORAL',
  routeOther: null,
  frequency: 'AS_NEEDED',
  frequencyOther: null,
  startDate: '2024-01-01',
  endDate: '2024-01-05',
  ongoing: false,
  comment: null,
  isRemoved: false,
  verification: null,
  secondaryVerification: null,
  createdBy: id(4),
  createdTime: t,
  updatedTime: t,
};

describe('Spec 000 §3 medication record', () => {
  it('accepts a record and refuses an end before its start', () => {
    expect(MedicationSchema.safeParse(med).success).toBe(true);
    expect(MedicationSchema.safeParse({ ...med, endDate: '2024-01-01' }).success).toBe(true);
    expect(MedicationSchema.safeParse({ ...med, endDate: '2023-12-31' }).success).toBe(false);
    expect(MedicationSchema.safeParse({ ...med, doseUnit: 'BUCKET' }).success).toBe(false);
  });

  it('balance = delivered − returned − lost, removed entries ignored', () => {
    const e = (accountingType: 'LOST' | 'RETURNED' | 'DELIVERED', quantity: number, isRemoved = false) =>
      ({ accountingType, package: 'BOX', quantity, isRemoved }) as const;
    expect(
      medicationBalance([e('DELIVERED', 10), e('RETURNED', 3), e('LOST', 1), e('DELIVERED', 50, true)]),
    ).toEqual({ BOX: 6 });
    expect(medicationBalance([])).toEqual({});
  });
});
