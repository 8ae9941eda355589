import { z } from 'zod';
import { QUESTION_TYPE_PERMISSION_LIST } from '../access/modules';
import type { Permission } from '../access/permissions';
import type { FieldIssue } from '../common/errors';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { TimeZoneSchema } from '../common/time-zones';
import { TimestampSchema } from '../common/timestamps';
import { PlanModuleCodeSchema } from '../plans/model';
import { SubjectIdAutomationTypeSchema } from '../subjects/model';
import {
  STUDY_NAME_DISPLAY_LENGTH,
  STUDY_NAME_MAX_LENGTH,
  StudyDateFormatSchema,
  StudyStatusSchema,
  StudyVerificationTypeSchema,
} from './model';

/** Spec 001 §2 /study: the search box takes at most 128 characters. */
export const STUDY_SEARCH_MAX_LENGTH = 128;
/** Spec 001 §7 generateNewMongoIds: preload default 10; we cap one call at 100. */
export const GENERATE_IDS_DEFAULT = 10;
export const GENERATE_IDS_MAX = 100;
/** Date-time formats offered with each date format (spec 000 §9 default DD-MM-YYYY HH:mm). */
export const STUDY_DATE_TIME_FORMAT_MAX_LENGTH = 32;

/** The permissions the server evaluates for a study and sends as `abilities` (CONVENTIONS.md). */
export const STUDY_ABILITY_PERMISSIONS = [
  'SYSTEM_ALL',
  'STUDY_VIEW',
  'STUDY_UPDATE',
  'STUDY_START',
  'STUDY_STOP',
  'STUDY_TEST',
  'STUDY_REQUEST_DELETE',
  // Issue 23: lock / unlock, amendments.
  'STUDY_LOCK',
  'STUDY_AMENDMENT_START',
  'STUDY_AMENDMENT_FINISH',
  'STUDY_AMENDMENT_DISCARD',
  'SITE_OVERVIEW',
  'SITE_CREATE',
  'PATIENT_LIST',
  'PATHWAY_LIST',
  'QUESTIONNAIRE_TEMPLATE_LIST',
  // Spec 000 §6: reference questions open by module or by one of these permissions.
  ...QUESTION_TYPE_PERMISSION_LIST,
] as const satisfies readonly Permission[];
export type StudyAbilityPermission = (typeof STUDY_ABILITY_PERMISSIONS)[number];

const StudyNameSchema = z.string().trim().min(1).max(STUDY_NAME_MAX_LENGTH);

/** Spec 001 §7 POST /study: the settings a study is created with (and may later change). */
export const StudySettingsSchema = z.object({
  studyName: StudyNameSchema,
  description: z.string().trim().max(10000).nullable().default(null),
  primaryLanguage: LanguageCodeSchema,
  languages: z.array(LanguageCodeSchema).min(1).max(60),
  dateFormat: StudyDateFormatSchema,
  dateTimeFormat: z.string().trim().min(1).max(STUDY_DATE_TIME_FORMAT_MAX_LENGTH),
  subjectIdAutomation: SubjectIdAutomationTypeSchema,
  extendedValidation: z.boolean(),
  verificationType: StudyVerificationTypeSchema,
  secondaryVerificationType: StudyVerificationTypeSchema,
  /** IANA zone schedules are computed in; UTC when not given. */
  timeZone: TimeZoneSchema.optional(),
});
export type StudySettings = z.infer<typeof StudySettingsSchema>;

export const CreateStudyRequestSchema = StudySettingsSchema;
export type CreateStudyRequest = z.infer<typeof CreateStudyRequestSchema>;

/** PUT /study/{id}: any subset of the settings; what may change depends on `studyEditScope`. */
export const UpdateStudyRequestSchema = StudySettingsSchema.partial();
export type UpdateStudyRequest = z.infer<typeof UpdateStudyRequestSchema>;

/** Settings that shape the captured data; they change only while the structure is open (spec 001 §4). */
export const STUDY_STRUCTURE_FIELDS = [
  'primaryLanguage',
  'languages',
  'dateFormat',
  'dateTimeFormat',
  'subjectIdAutomation',
  'verificationType',
  'secondaryVerificationType',
] as const satisfies readonly (keyof StudySettings)[];

/**
 * Spec 001 §7 study settings: rules across fields that the schema alone cannot state.
 * The primary language must be one of the study languages, languages are listed once,
 * and a secondary verification needs a primary one.
 */
export function validateStudySettings(settings: Partial<StudySettings>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { languages, primaryLanguage } = settings;
  if (languages && new Set(languages).size !== languages.length) {
    issues.push({ path: ['languages'], message: 'STUDY.ERRORS.LANGUAGES_DUPLICATE' });
  }
  if (languages && primaryLanguage && !languages.includes(primaryLanguage)) {
    issues.push({ path: ['primaryLanguage'], message: 'STUDY.ERRORS.PRIMARY_NOT_IN_LANGUAGES' });
  }
  if (settings.verificationType === 'NONE' && settings.secondaryVerificationType !== undefined) {
    if (settings.secondaryVerificationType !== 'NONE') {
      issues.push({ path: ['secondaryVerificationType'], message: 'STUDY.ERRORS.SECONDARY_WITHOUT_PRIMARY' });
    }
  }
  return issues;
}

/** Spec 000 §9: a study name as shown in the grid, cut at 80 characters. */
export function truncateStudyName(name: string): string {
  return name.length > STUDY_NAME_DISPLAY_LENGTH ? `${name.slice(0, STUDY_NAME_DISPLAY_LENGTH)}…` : name;
}

/** Spec 001 §2 /study: search text and status filter. */
export const StudyListQuerySchema = z.object({
  q: z.string().max(STUDY_SEARCH_MAX_LENGTH).optional(),
  status: StudyStatusSchema.optional(),
});
export type StudyListQuery = z.infer<typeof StudyListQuerySchema>;

/** One tile of the study grid. */
export const StudySummarySchema = z.object({
  id: IdSchema,
  studyName: z.string(),
  description: z.string().nullable(),
  status: StudyStatusSchema,
  primaryLanguage: LanguageCodeSchema,
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type StudySummary = z.infer<typeof StudySummarySchema>;
export const StudyListSchema = z.array(StudySummarySchema);

const abilityShape = Object.fromEntries(STUDY_ABILITY_PERMISSIONS.map((p) => [p, z.boolean()])) as Record<
  StudyAbilityPermission,
  z.ZodBoolean
>;
export const StudyAbilitiesSchema = z.object(abilityShape);
export type StudyAbilities = z.infer<typeof StudyAbilitiesSchema>;

/** GET /study/{id}: the study, what may be edited now, and what the caller may do (spec 001 §7). */
export const StudyDetailSchema = StudySettingsSchema.extend({
  id: IdSchema,
  studyName: z.string(),
  timeZone: z.string(),
  status: StudyStatusSchema,
  statusBeforeDelete: StudyStatusSchema.nullable(),
  /** Spec 001 §3 test flag: true while in test drive. */
  test: z.boolean(),
  modules: z.array(PlanModuleCodeSchema),
  planId: z.string().nullable(),
  hasEnterpriseCode: z.boolean(),
  deleteRequestedTime: TimestampSchema.nullable(),
  deleteDueTime: TimestampSchema.nullable(),
  createdBy: z.string(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
  editScope: z.object({
    structure: z.enum(['ALL', 'FULLY_EDITABLE_ONLY', 'NONE']),
    settings: z.boolean(),
    dataCapture: z.boolean(),
  }),
  abilities: StudyAbilitiesSchema,
  /** Spec 001 §7 the running amendment (issue 23 item 1): null outside an amendment. */
  amendment: z
    .object({
      startedTime: TimestampSchema,
      isBlocking: z.boolean(),
      scheduledTime: TimestampSchema.nullable(),
    })
    .nullable()
    .optional(),
});
export type StudyDetail = z.infer<typeof StudyDetailSchema>;

/** GET /study/{id}/overview (spec 001 §2): tile counts; null where the area does not exist yet. */
export const StudyOverviewSchema = z.object({
  studyId: IdSchema,
  status: StudyStatusSchema,
  counts: z.object({
    forms: z.number().int().nonnegative().nullable(),
    processes: z.number().int().nonnegative().nullable(),
    sites: z.number().int().nonnegative(),
    startedStudies: z.number().int().nonnegative(),
    subjects: z.number().int().nonnegative(),
    /** Open plus responded queries on the caller's sites (issue 19 item 4); null without query view. */
    openQueries: z.number().int().nonnegative().nullable(),
  }),
  amendments: z.object({ total: z.number().int().nonnegative(), latest: TimestampSchema.nullable() }),
});
export type StudyOverview = z.infer<typeof StudyOverviewSchema>;

/** POST /study/{studyId}/generateNewMongoIds (spec 001 §7 countOfIds). */
export const GenerateIdsRequestSchema = z.object({
  countOfIds: z.number().int().min(1).max(GENERATE_IDS_MAX).default(GENERATE_IDS_DEFAULT),
});
export const GenerateIdsResponseSchema = z.object({ ids: z.array(IdSchema) });

/** GET /study/{id}/subscriptionPlan (spec 000 §3): the plan, the enabled modules and the code flag. */
export const StudySubscriptionSchema = z.object({
  plan: z
    .object({
      id: z.string(),
      name: z.string(),
      currency: z.string(),
      planClass: z.string(),
      type: z.string(),
      status: z.string(),
      modules: z.array(PlanModuleCodeSchema),
    })
    .nullable(),
  modules: z.array(PlanModuleCodeSchema),
  hasEnterpriseCode: z.boolean(),
});
export type StudySubscription = z.infer<typeof StudySubscriptionSchema>;

/** POST /studies/{studyId}/addons: paid modules to switch on (spec 000 §1). */
export const AddonsRequestSchema = z.object({ modules: z.array(PlanModuleCodeSchema).min(1) });
export type AddonsRequest = z.infer<typeof AddonsRequestSchema>;
