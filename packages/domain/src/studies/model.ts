import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { PlanModuleCodeSchema } from '../plans/model';
import { STUDY_DATE_FORMATS } from './date-format';

/**
 * Spec 000 §4 / 001 §4 study statuses. TEST (test drive) and ANONYMIZED are the extra
 * states the screens mention; DELETE means deletion was requested and is pending.
 */
export const STUDY_STATUSES = [
  'STUDY_STATUS_BUILD',
  'TEST',
  'PRODUCTION',
  'AMENDMENT',
  'LOCKED',
  'COMPLETED',
  'ANONYMIZED',
  'DELETE',
] as const;
export const StudyStatusSchema = z.enum(STUDY_STATUSES);
export type StudyStatus = z.infer<typeof StudyStatusSchema>;

/** Spec 000 §9: a study's date format (the formats are in date-format.ts, without zod). */
export const StudyDateFormatSchema = z.enum(STUDY_DATE_FORMATS);

/** Spec 001 §3 verificationType / secondaryVerificationType: at which level records are verified. */
export const STUDY_VERIFICATION_TYPES = ['NONE', 'FORM', 'QUESTION'] as const;
export const StudyVerificationTypeSchema = z.enum(STUDY_VERIFICATION_TYPES);
export type StudyVerificationType = z.infer<typeof StudyVerificationTypeSchema>;

/** Spec 000 §7, 001 §7 `.../verification/{verificationType}`: primary or secondary verification. */
export const VERIFICATION_ROUNDS = ['primary', 'secondary'] as const;
export const VerificationRoundSchema = z.enum(VERIFICATION_ROUNDS);
export type VerificationRound = z.infer<typeof VerificationRoundSchema>;

/** One verification mark on a record (spec 000 §3 AE primary/secondary verification, 001 §3 verification flags). */
export const VerificationMarkSchema = z.object({
  verifiedBy: IdSchema,
  verifiedTime: TimestampSchema,
});
export type VerificationMark = z.infer<typeof VerificationMarkSchema>;

/** Spec 000 §3 soft-delete types (`DELETE /study/{studyId}/{type}/{id}`). */
export const SOFT_DELETE_TYPES = [
  'ae',
  'ae2',
  'medication',
  'medicationAccounting',
  'unscheduledevent',
  'discontinueEvent',
] as const;
export const SoftDeleteTypeSchema = z.enum(SOFT_DELETE_TYPES);
export type SoftDeleteType = z.infer<typeof SoftDeleteTypeSchema>;

/** Spec 000 §9: study deletion delay 240; the unit is not given, we read it as hours (10 days). */
export const STUDY_DELETION_DELAY_HOURS = 240;
/** Spec 000 §9: study name shown truncated at 80 characters; we store up to 256. */
export const STUDY_NAME_DISPLAY_LENGTH = 80;
export const STUDY_NAME_MAX_LENGTH = 256;

/** Spec 001 §3 amendmentSchedule: when a finished amendment goes live. */
export const AmendmentScheduleSchema = z.object({
  scheduledTime: TimestampSchema,
  scheduledBy: IdSchema,
});
export type AmendmentSchedule = z.infer<typeof AmendmentScheduleSchema>;

/** Spec 000 §6 / 001 §3 studyAccess: a user's role in the study, study-wide (siteIds null) or for some sites. */
export const StudyAccessEntrySchema = z.object({
  userId: IdSchema,
  role: z.string().min(1),
  siteIds: z.array(IdSchema).nullable(),
});
export type StudyAccessEntry = z.infer<typeof StudyAccessEntrySchema>;

/** Spec 001 §3 Study with every field the spec names, plus bookkeeping times. */
export const StudySchema = z.object({
  id: IdSchema,
  status: StudyStatusSchema,
  studyName: z.string().trim().min(1).max(STUDY_NAME_MAX_LENGTH),
  description: z.string().max(10000).nullable(),
  createdBy: IdSchema,
  accountId: IdSchema,
  /** Subscription product (plan) code. */
  product: z.string().min(1),
  /** Spec 001 §3 test flag: data captured in test drive is test data. */
  test: z.boolean(),
  /** Spec 000 §6: re-enter the password for sensitive actions. */
  extendedValidation: z.boolean(),
  dateFormat: StudyDateFormatSchema,
  dateTimeFormat: z.string().min(1).max(32),
  primaryLanguage: LanguageCodeSchema,
  languages: z.array(LanguageCodeSchema).min(1),
  logo: IdSchema.nullable(),
  /** Feature flags (spec 000 §2 "feature flags"). */
  features: z.record(z.string(), z.boolean()),
  /** Paid modules switched on for this study (spec 000 §1; `POST /studies/{studyId}/addons`). */
  modules: z.array(PlanModuleCodeSchema),
  anonymize: z.boolean(),
  /** True while this study row is an amendment copy of a production study. */
  amendment: z.boolean(),
  amendmentSchedule: AmendmentScheduleSchema.nullable(),
  originalStudyId: IdSchema.nullable(),
  amendmentStudyId: IdSchema.nullable(),
  studyAccess: z.array(StudyAccessEntrySchema),
  verificationType: StudyVerificationTypeSchema,
  secondaryVerificationType: StudyVerificationTypeSchema,
  /** Status before deletion was requested, restored by cancelDelete. */
  statusBeforeDelete: StudyStatusSchema.nullable(),
  deleteRequestedTime: TimestampSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type Study = z.infer<typeof StudySchema>;

/** Spec 001 §3 population statistics of a study. */
export const PopulationStatisticsSchema = z.object({
  total: z.number().int().nonnegative(),
  male: z.number().int().nonnegative(),
  female: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
  meanAge: z.number().nullable(),
  minimumAge: z.number().nullable(),
  maximumAge: z.number().nullable(),
  patients: z.array(IdSchema),
});
export type PopulationStatistics = z.infer<typeof PopulationStatisticsSchema>;

/** Spec 001 §3 translations overview row. */
export const TranslationSummarySchema = z.object({
  language: LanguageCodeSchema,
  total: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  untranslated: z.number().int().nonnegative(),
  progress: z.number().min(0).max(100),
});
export type TranslationSummary = z.infer<typeof TranslationSummarySchema>;

/** Spec 000 §9: when a requested deletion becomes due (request time plus the deletion delay). */
export function studyDeletionDueTime(requestedTime: Date): Date {
  return new Date(requestedTime.getTime() + STUDY_DELETION_DELAY_HOURS * 3_600_000);
}
