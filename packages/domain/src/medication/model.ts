import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { IsoDateSchema, TimestampSchema } from '../common/timestamps';
import { VerificationMarkSchema } from '../studies/model';

/** Spec 000 §3 medication registration types. */
export const MEDICATION_REGISTRATION_TYPES = ['CONCOMITANT', 'IMP', 'ACCOUNTING'] as const;
export const MedicationRegistrationTypeSchema = z.enum(MEDICATION_REGISTRATION_TYPES);
export type MedicationRegistrationType = z.infer<typeof MedicationRegistrationTypeSchema>;

/** Spec 000 §3 medication accounting types. */
export const MEDICATION_ACCOUNTING_TYPES = ['LOST', 'RETURNED', 'DELIVERED'] as const;
export const MedicationAccountingTypeSchema = z.enum(MEDICATION_ACCOUNTING_TYPES);
export type MedicationAccountingType = z.infer<typeof MedicationAccountingTypeSchema>;

/** Spec 000 §3 medication packages. */
export const MEDICATION_PACKAGES = ['BOTTLE', 'BOX', 'PACKAGE', 'PILL', 'VIAL', 'PEN'] as const;
export const MedicationPackageSchema = z.enum(MEDICATION_PACKAGES);
export type MedicationPackage = z.infer<typeof MedicationPackageSchema>;

/** Spec 000 §3 dose units (21). */
export const MEDICATION_DOSE_UNITS = [
  'GRAM',
  'TAB',
  'MICROGRAM',
  'MILLIGRAM',
  'CC',
  'DROP',
  'TBS',
  'BOTTLE',
  'CAPSULE',
  'PUFF',
  'UNIT',
  'TSP',
  'AMPULE',
  'IU',
  'GRAIN',
  'MCG',
  'NANOGRAM',
  'MILLILITER',
  'LITER',
  'UNKNOWN',
  'OTHER',
] as const;
export const MedicationDoseUnitSchema = z.enum(MEDICATION_DOSE_UNITS);
export type MedicationDoseUnit = z.infer<typeof MedicationDoseUnitSchema>;

/** Spec 000 §3 routes of administration (the SAR route list; used by medication too). */
export const ADMINISTRATION_ROUTES = [
  'ORAL',
  'INTRAVENOUS',
  'SUBCUTANEOUS',
  'INTRAMUSCULAR',
  'RECTAL',
  'TOPICAL',
  'SUBLINGUAL',
  'NASAL',
  'AURICULAR',
  'TRANSDERMAL',
  'OPTHALMIC',
  'INHALATION',
  'VAGINAL',
  'INTRAUTERINE',
  'INTRAOCULAR',
  'BUCCAL',
  'INHALED',
  'UNKNOWN',
  'OTHER',
] as const;
export const AdministrationRouteSchema = z.enum(ADMINISTRATION_ROUTES);
export type AdministrationRoute = z.infer<typeof AdministrationRouteSchema>;

/**
 * Spec 000 §3 dosing frequencies: about 27 values, of which ONCE_DAILY, TWICE_DAILY, WEEKLY,
 * MONTHLY, AS_NEEDED and OTHER are named; the rest complete the usual clinical set.
 */
export const DOSING_FREQUENCIES = [
  'ONCE',
  'ONCE_DAILY',
  'TWICE_DAILY',
  'THREE_TIMES_DAILY',
  'FOUR_TIMES_DAILY',
  'EVERY_2_HOURS',
  'EVERY_4_HOURS',
  'EVERY_6_HOURS',
  'EVERY_8_HOURS',
  'EVERY_12_HOURS',
  'EVERY_OTHER_DAY',
  'WEEKLY',
  'TWICE_WEEKLY',
  'THREE_TIMES_WEEKLY',
  'EVERY_2_WEEKS',
  'EVERY_3_WEEKS',
  'MONTHLY',
  'EVERY_3_MONTHS',
  'EVERY_6_MONTHS',
  'YEARLY',
  'IN_THE_MORNING',
  'AT_BEDTIME',
  'WITH_MEALS',
  'AS_NEEDED',
  'CONTINUOUS',
  'UNKNOWN',
  'OTHER',
] as const;
export const DosingFrequencySchema = z.enum(DOSING_FREQUENCIES);
export type DosingFrequency = z.infer<typeof DosingFrequencySchema>;

const endNotBeforeStart = (m: { startDate: string | null; endDate: string | null }) =>
  m.startDate === null || m.endDate === null || m.endDate >= m.startDate;

/** Spec 000 §3 / 001 §7 medication record of a subject (concomitant or investigational product). */
export const MedicationSchema = z
  .object({
    id: IdSchema,
    studyId: IdSchema,
    subjectId: IdSchema,
    enrollmentId: IdSchema.nullable(),
    registrationType: MedicationRegistrationTypeSchema,
    name: z.string().trim().min(1).max(256),
    indication: z.string().max(1024).nullable(),
    dose: z.number().positive().nullable(),
    doseUnit: MedicationDoseUnitSchema.nullable(),
    doseUnitOther: z.string().max(64).nullable(),
    route: AdministrationRouteSchema.nullable(),
    routeOther: z.string().max(64).nullable(),
    frequency: DosingFrequencySchema.nullable(),
    frequencyOther: z.string().max(64).nullable(),
    startDate: IsoDateSchema.nullable(),
    endDate: IsoDateSchema.nullable(),
    ongoing: z.boolean(),
    comment: z.string().max(10000).nullable(),
    isRemoved: z.boolean(),
    verification: VerificationMarkSchema.nullable(),
    secondaryVerification: VerificationMarkSchema.nullable(),
    createdBy: IdSchema,
    createdTime: TimestampSchema,
    updatedTime: TimestampSchema,
  })
  .refine(endNotBeforeStart, { message: 'endDate must not be before startDate', path: ['endDate'] });
export type Medication = z.infer<typeof MedicationSchema>;

/** Spec 000 §3 medication accounting entry: packages delivered to, returned by or lost by a subject. */
export const MedicationAccountingSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  subjectId: IdSchema,
  accountingType: MedicationAccountingTypeSchema,
  package: MedicationPackageSchema,
  quantity: z.number().int().positive(),
  batchNumber: z.string().max(64).nullable(),
  date: IsoDateSchema,
  comment: z.string().max(10000).nullable(),
  isRemoved: z.boolean(),
  createdBy: IdSchema,
  createdTime: TimestampSchema,
});
export type MedicationAccounting = z.infer<typeof MedicationAccountingSchema>;

/**
 * Spec 000 §3 accounting: units the subject holds = delivered − returned − lost, per package
 * kind, ignoring removed entries.
 */
export function medicationBalance(
  entries: ReadonlyArray<Pick<MedicationAccounting, 'accountingType' | 'package' | 'quantity' | 'isRemoved'>>,
): Partial<Record<MedicationPackage, number>> {
  const balance: Partial<Record<MedicationPackage, number>> = {};
  for (const e of entries) {
    if (e.isRemoved) continue;
    const sign = e.accountingType === 'DELIVERED' ? 1 : -1;
    balance[e.package] = (balance[e.package] ?? 0) + sign * e.quantity;
  }
  return balance;
}
