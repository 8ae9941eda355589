import type {
  AdministrationRoute,
  DosingFrequency,
  MedicationAccountingType,
  MedicationDoseUnit,
  MedicationPackage,
  MedicationRegistrationType,
} from '@trialbase/domain';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Medication records of a subject (spec 000 §3, issue 21 item 1): concomitant medication and the
 * investigational product. Verification marks live on the row; a change clears them.
 */
export const medications = pgTable(
  'medication',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    subjectId: text('subject_id').notNull(),
    registrationType: text('registration_type').$type<MedicationRegistrationType>().notNull(),
    name: text('name').notNull(),
    indication: text('indication'),
    dose: doublePrecision('dose'),
    doseUnit: text('dose_unit').$type<MedicationDoseUnit>(),
    doseUnitOther: text('dose_unit_other'),
    route: text('route').$type<AdministrationRoute>(),
    routeOther: text('route_other'),
    frequency: text('frequency').$type<DosingFrequency>(),
    frequencyOther: text('frequency_other'),
    startDate: text('start_date'),
    endDate: text('end_date'),
    ongoing: boolean('ongoing').notNull(),
    aeId: text('ae_id'),
    comment: text('comment'),
    /** Dose schedule of an IMP record: units of this package per day (issue 21 item 2). */
    schedulePackage: text('schedule_package').$type<MedicationPackage>(),
    scheduleUnitsPerDay: doublePrecision('schedule_units_per_day'),
    removed: boolean('removed').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    verifiedBy: text('verified_by'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    secondaryVerifiedBy: text('secondary_verified_by'),
    secondaryVerifiedAt: timestamp('secondary_verified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('medication_subject_idx').on(t.studyId, t.subjectId, t.createdAt),
    index('medication_site_idx').on(t.studyId, t.siteId),
  ],
);

/**
 * Drug accounting entries (spec 000 §3 accounting types and packages, issue 21 item 2): packages
 * delivered to, returned by or lost by a subject, with kit or batch number and date.
 */
export const medicationAccounting = pgTable(
  'medication_accounting',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    subjectId: text('subject_id').notNull(),
    accountingType: text('accounting_type').$type<MedicationAccountingType>().notNull(),
    package: text('package').$type<MedicationPackage>().notNull(),
    quantity: integer('quantity').notNull(),
    batchNumber: text('batch_number'),
    date: text('date').notNull(),
    comment: text('comment'),
    /** The correcting entry; a corrected entry stays in the log and leaves the balance. */
    correctedById: text('corrected_by_id'),
    /** The entry this one corrects, and why. */
    correctsId: text('corrects_id'),
    correctionReason: text('correction_reason'),
    removed: boolean('removed').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('medication_accounting_subject_idx').on(t.studyId, t.subjectId, t.date),
    index('medication_accounting_site_idx').on(t.studyId, t.siteId),
  ],
);
