import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { IsoDateSchema, TimestampSchema } from '../common/timestamps';
import { VerificationMarkSchema, VerificationRoundSchema } from '../studies/model';
import {
  AdministrationRouteSchema,
  DosingFrequencySchema,
  MedicationAccountingTypeSchema,
  MedicationDoseUnitSchema,
  MedicationPackageSchema,
  MedicationRegistrationTypeSchema,
} from './model';

// ---------------------------------------------------------------- params

export const MedicationSubjectParamsSchema = z.object({ studyId: IdSchema, id: IdSchema });
export const MedicationParamsSchema = z.object({
  studyId: IdSchema,
  subjectId: IdSchema,
  medicationId: IdSchema,
});
export const MedicationVerificationParamsSchema = MedicationParamsSchema.extend({
  verificationType: VerificationRoundSchema,
});
export const MedicationStudyParamsSchema = z.object({ studyId: IdSchema });

const BooleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET .../patient/{id}/medication`: removed records only when asked. */
export const MedicationListQuerySchema = z.object({ includeRemoved: BooleanQuery.optional() });
/** `GET .../medications/{medicationId}?isAudit=true`: the record with its audit history. */
export const MedicationGetQuerySchema = z.object({ isAudit: BooleanQuery.optional() });

// ---------------------------------------------------------------- requests

/** The fields a medication record holds (spec 000 §3, issue 21 item 1); create and update send all. */
export const MedicationContentSchema = z.object({
  registrationType: MedicationRegistrationTypeSchema,
  name: z.string().trim().min(1).max(256),
  indication: z.string().trim().max(1024).nullable(),
  dose: z.number().positive().max(1_000_000).nullable(),
  doseUnit: MedicationDoseUnitSchema.nullable(),
  doseUnitOther: z.string().trim().max(64).nullable(),
  route: AdministrationRouteSchema.nullable(),
  routeOther: z.string().trim().max(64).nullable(),
  frequency: DosingFrequencySchema.nullable(),
  frequencyOther: z.string().trim().max(64).nullable(),
  startDate: IsoDateSchema.nullable(),
  endDate: IsoDateSchema.nullable(),
  ongoing: z.boolean(),
  /** The adverse event this medication treats (same subject). */
  aeId: IdSchema.nullable(),
  comment: z.string().max(10000).nullable(),
  /**
   * Dose schedule of an investigational product (issue 21 item 2): units of `schedulePackage` taken
   * per day from the start date; the accounting's compliance is computed from it. Only IMP records.
   */
  schedulePackage: MedicationPackageSchema.nullable().default(null),
  scheduleUnitsPerDay: z.number().positive().max(10_000).nullable().default(null),
});
export type MedicationContent = z.infer<typeof MedicationContentSchema>;

/** `POST /studies/{studyId}/patient/{id}/medication` (Extended-Validation header). */
export const CreateMedicationRequestSchema = MedicationContentSchema;
export type CreateMedicationRequest = z.input<typeof CreateMedicationRequestSchema>;

/** `PUT /studies/{studyId}/patient/{id}/medication` (Extended-Validation header): the record by its id. */
export const UpdateMedicationRequestSchema = MedicationContentSchema.extend({ id: IdSchema });
export type UpdateMedicationRequest = z.input<typeof UpdateMedicationRequestSchema>;

export const MedicationVerificationBodySchema = z.object({ verified: z.boolean() });

/** `POST /studies/{studyId}/patient/audit/medication/all`: filters; each left out means any. */
export const MedicationAuditQuerySchema = z.object({
  subjectId: IdSchema.optional(),
  medicationId: IdSchema.optional(),
});
export type MedicationAuditQuery = z.input<typeof MedicationAuditQuerySchema>;

// ---------------------------------------------------------------- answers

export const MedicationAuditEntrySchema = z.object({
  time: TimestampSchema,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type MedicationAuditEntry = z.infer<typeof MedicationAuditEntrySchema>;
export const MedicationAuditListSchema = z.array(MedicationAuditEntrySchema);

/** One medication record as answered. */
export const MedicationViewSchema = MedicationContentSchema.extend({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  subjectId: IdSchema,
  isRemoved: z.boolean(),
  verification: VerificationMarkSchema.nullable(),
  secondaryVerification: VerificationMarkSchema.nullable(),
  createdBy: IdSchema,
  createdByName: z.string(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
  /** Only with `isAudit=true` (null otherwise). */
  audit: z.array(MedicationAuditEntrySchema).nullable(),
});
export type MedicationView = z.infer<typeof MedicationViewSchema>;
export const MedicationListSchema = z.array(MedicationViewSchema);

// ---------------------------------------------------------------- accounting

/** `POST .../patient/{id}/medicationAccounting` (Extended-Validation header): one entry. */
export const CreateAccountingRequestSchema = z.object({
  accountingType: MedicationAccountingTypeSchema,
  package: MedicationPackageSchema,
  quantity: z.number().int().positive().max(1_000_000),
  /** Kit or batch number. */
  batchNumber: z.string().trim().max(64).nullable(),
  date: IsoDateSchema,
  comment: z.string().max(10000).nullable(),
});
export type CreateAccountingRequest = z.input<typeof CreateAccountingRequestSchema>;

/** `GET .../patient/{id}/medicationAccounting`: a dose schedule gives the compliance. */
export const AccountingQuerySchema = z
  .object({
    package: MedicationPackageSchema.optional(),
    unitsPerDay: z.coerce.number().positive().max(10_000).optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
  })
  .refine(
    (q) =>
      [q.package, q.unitsPerDay, q.from, q.to].every((v) => v === undefined) ||
      [q.package, q.unitsPerDay, q.from, q.to].every((v) => v !== undefined),
    { message: 'A dose schedule needs package, unitsPerDay, from and to', path: ['unitsPerDay'] },
  )
  .refine((q) => q.from === undefined || q.to === undefined || q.to >= q.from, {
    message: 'to must not be before from',
    path: ['to'],
  });

export const AccountingEntryParamsSchema = MedicationSubjectParamsSchema.extend({ entryId: IdSchema });

/**
 * `POST .../patient/{id}/medicationAccounting/{entryId}/correction` (Extended-Validation header):
 * a wrong entry is never edited; a correcting entry with the right values and the reason replaces it
 * in the balance, and the original stays in the log marked as corrected.
 */
export const CorrectAccountingRequestSchema = CreateAccountingRequestSchema.extend({
  reason: z.string().trim().min(1).max(1000),
});
export type CorrectAccountingRequest = z.input<typeof CorrectAccountingRequestSchema>;

export const AccountingEntryViewSchema = CreateAccountingRequestSchema.extend({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  subjectId: IdSchema,
  isRemoved: z.boolean(),
  /** The entry that corrected this one (it no longer counts), or null. */
  correctedById: IdSchema.nullable(),
  /** The entry this one corrects, with the reason, or null. */
  correctsId: IdSchema.nullable(),
  correctionReason: z.string().nullable(),
  createdBy: IdSchema,
  createdByName: z.string(),
  createdTime: TimestampSchema,
});
export type AccountingEntryView = z.infer<typeof AccountingEntryViewSchema>;

export const AccountingTotalsSchema = z.object({
  package: MedicationPackageSchema,
  delivered: z.number(),
  returned: z.number(),
  lost: z.number(),
  balance: z.number(),
});

export const ComplianceSchema = z.object({
  package: MedicationPackageSchema,
  days: z.number(),
  expected: z.number(),
  actual: z.number(),
  percent: z.number().nullable(),
});

/**
 * A subject's accounting: entries (newest first), balance per package, compliance per package from
 * the dose schedules of the subject's IMP records (`scheduled`), and `compliance`: the query's
 * schedule when given, else the first scheduled package.
 */
export const SubjectAccountingSchema = z.object({
  entries: z.array(AccountingEntryViewSchema),
  balance: z.array(AccountingTotalsSchema),
  compliance: ComplianceSchema.nullable(),
  scheduled: z.array(ComplianceSchema),
});
export type SubjectAccounting = z.infer<typeof SubjectAccountingSchema>;

/** `GET /studies/{studyId}/medicationAccounting/sites`: per site, totals per package. */
export const SiteAccountingSchema = z.array(
  z.object({ siteId: IdSchema, siteName: z.string(), totals: z.array(AccountingTotalsSchema) }),
);
export type SiteAccounting = z.infer<typeof SiteAccountingSchema>;

// ---------------------------------------------------------------- study listing

export const MEDICATION_VERIFICATION_FILTERS = ['NONE', 'PRIMARY', 'SECONDARY'] as const;

/**
 * `GET /studies/{studyId}/medication` (issue 21 item 3, the study-wide listing) and its CSV export:
 * each filter left out means any. `from`/`to`: records taken at some time in that range.
 */
export const MedicationStudyListQuerySchema = z
  .object({
    siteId: IdSchema.optional(),
    registrationType: MedicationRegistrationTypeSchema.optional(),
    q: z.string().trim().max(256).optional(),
    ongoing: BooleanQuery.optional(),
    verification: z.enum(MEDICATION_VERIFICATION_FILTERS).optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.to >= q.from, {
    message: 'to must not be before from',
    path: ['to'],
  });
export type MedicationStudyListQuery = z.input<typeof MedicationStudyListQuerySchema>;
export type MedicationStudyListFilters = z.output<typeof MedicationStudyListQuerySchema>;

export const MedicationListingRowSchema = MedicationViewSchema.omit({ audit: true }).extend({
  subjectLabel: z.string(),
  siteName: z.string(),
});
export type MedicationListingRow = z.infer<typeof MedicationListingRowSchema>;

export const MedicationStudyListSchema = z.object({
  items: z.array(MedicationListingRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MedicationStudyList = z.infer<typeof MedicationStudyListSchema>;
