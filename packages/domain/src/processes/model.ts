/**
 * Processes (pathways) and their data events: spec 000 §3 "Processes and events",
 * 001 §3 "Pathway (process)". Shapes are lenient where `validateProcess` reports what is missing.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';

/** Spec 000 §3 data event types, with the app invitation and eConsent types the spec names. */
export const DATA_EVENT_TYPES = [
  'TYPE_PATIENT',
  'TYPE_USER',
  'TYPE_INFORMATION',
  'TYPE_UNEXPECTED',
  'TYPE_DISCONTINUED',
  'TYPE_EXTERNAL',
  'TYPE_RANDOMIZATION',
  'TYPE_ADVERSE',
  'TYPE_APP_INVITATION',
  'TYPE_ECONSENT',
] as const;
export type DataEventType = (typeof DATA_EVENT_TYPES)[number];

/** Spec 000 §3: the unscheduled types are unexpected, discontinued and external. */
export const UNSCHEDULED_DATA_EVENT_TYPES = [
  'TYPE_UNEXPECTED',
  'TYPE_DISCONTINUED',
  'TYPE_EXTERNAL',
] as const;
export type UnscheduledDataEventType = (typeof UNSCHEDULED_DATA_EVENT_TYPES)[number];

/** Event types a subject or staff member fills forms in, so they need at least one form. */
export const FORM_DATA_EVENT_TYPES = ['TYPE_PATIENT', 'TYPE_USER'] as const;

/** Spec 000 §3 reference date of a data event's activation. */
export const DATA_EVENT_REFERENCE_DATES = [
  'REGISTRATION',
  'MANUAL',
  'REQUEST',
  'PREVIOUS',
  'PREVIOUS_COMPLETE',
] as const;
export type DataEventReferenceDate = (typeof DATA_EVENT_REFERENCE_DATES)[number];

/** Spec 000 §3 send-out channels. */
export const SEND_OUT_TYPES = ['SEND_AS_EMAIL', 'SEND_AS_SMS', 'SEND_AS_BOTH', 'NO_SEND_OUT'] as const;
export type SendOutType = (typeof SEND_OUT_TYPES)[number];

/** Spec 000 §3 expiry types. */
export const EXPIRY_TYPES = ['EXPIRE_AFTER_ACTIVATION', 'EXPIRE_BEFORE_NEXT_EVENT', 'EXPIRE_NEVER'] as const;
export type ExpiryType = (typeof EXPIRY_TYPES)[number];

/** Spec 000 §3 reminders: after activation, before expiry. */
export const REMINDER_KINDS = ['AFTER_ACTIVATION', 'BEFORE_EXPIRY'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Spec 000 §3 one-time password authentication. */
export const OTP_AUTHENTICATION_TYPES = ['EMAIL', 'SMS', 'BOTH', 'NONE'] as const;
export type OtpAuthenticationType = (typeof OTP_AUTHENTICATION_TYPES)[number];

/** Spec 000 §3 / 001 §3 subject update timing (patientUpdate). */
export const PATIENT_UPDATE_TIMINGS = ['BEFORE_FIRST_EVENT', 'AFTER_FIRST_EVENT'] as const;
export type PatientUpdateTiming = (typeof PATIENT_UPDATE_TIMINGS)[number];

/** Spec 000 §3 footer links on participant pages. */
export const FOOTER_LINKS = ['STOP', 'UPDATE_DATA_EVENT', 'DELETE_DATA', 'UPDATE_PROFILE'] as const;
export type FooterLink = (typeof FOOTER_LINKS)[number];

/** Spec 000 §3 / 001 §3 process types. */
export const PROCESS_TYPES = ['DATA_COLLECTION', 'RECRUITMENT'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** Spec 000 §3 discontinuation reasons. */
export const DISCONTINUATION_REASONS = ['DEATH', 'GEOGRAPHIC', 'PATIENT_OPT_OUT', 'OTHER'] as const;
export type DiscontinuationReason = (typeof DISCONTINUATION_REASONS)[number];

/**
 * The link placeholder of subject, email and SMS texts (spec 001 §3): replaced by the participant's
 * personal link when the message is sent; a text without it gets the link appended.
 */
export const DATA_EVENT_LINK_PLACEHOLDER = '{link}';

/** Spec 001 §5 / §9 process limits. */
export const PROCESS_NAME_MAX = 64;
export const MIN_TRIAL_GROUPS = 2;
/** Not in the spec: a trial group title is held to the process name limit. */
export const TRIAL_GROUP_TITLE_MAX = PROCESS_NAME_MAX;
/**
 * Spec 001 §5 / §9: "the maximum number of stratifications is a configured value (not shown)".
 * Our configured value: five question stratifications per process.
 */
export const MAX_STRATIFICATIONS = 5;
/** Rich texts (consent, public intro, event texts) share the translation cap (spec 000 §5). */
export const PROCESS_RICH_TEXT_MAX = 20000;

const wholeNumber = z.number().int();

/** Spec 000 §3 expiry: type plus the delay after activation for EXPIRE_AFTER_ACTIVATION. */
export const DataEventExpirySchema = z.object({
  type: z.enum(EXPIRY_TYPES).default('EXPIRE_NEVER'),
  days: wholeNumber.default(0),
  hours: wholeNumber.default(0),
});
export type DataEventExpiry = z.infer<typeof DataEventExpirySchema>;

/** Spec 000 §3 reminder: after activation or before expiry, by days and hours. */
export const DataEventReminderSchema = z.object({
  kind: z.enum(REMINDER_KINDS),
  days: wholeNumber.default(0),
  hours: wholeNumber.default(0),
});
export type DataEventReminder = z.infer<typeof DataEventReminderSchema>;

/** Spec 001 §3 consent file of an eConsent event. */
export const ConsentFileSchema = z.object({ fileId: z.string().nullish(), fileName: z.string() });
export type ConsentFile = z.infer<typeof ConsentFileSchema>;

/**
 * Spec 002 §4 explicit e-consent (issue 24): a clause the participant answers separately, with its
 * text per language; a required clause must be accepted to sign, an optional one is recorded either way.
 */
export const ConsentClauseSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  text: LocalizedTextSchema.default({}),
  required: z.boolean().default(true),
});
export type ConsentClause = z.infer<typeof ConsentClauseSchema>;

/**
 * Spec 001 §3 / 000 §3 data event: name, type, texts, consent file, forms and the
 * activation, send-out, expiry, reminder, one-time-password and footer settings.
 */
export const DataEventSchema = z.object({
  id: z.string(),
  name: LocalizedTextSchema.default({}),
  type: z.enum(DATA_EVENT_TYPES),
  /** Mandatory forms, in fill order. */
  forms: z.array(z.string()).default([]),
  /** Optional forms the filler may skip (spec 000 §3: mandatory and optional forms per event). */
  optionalForms: z.array(z.string()).default([]),
  /** Forms must be filled in the listed order. */
  forceFormOrder: z.boolean().default(false),
  subjectText: LocalizedTextSchema.optional(),
  emailText: LocalizedTextSchema.optional(),
  smsText: LocalizedTextSchema.optional(),
  consentFile: ConsentFileSchema.nullish(),
  /** E-consent events (issue 24): the explicit variant asks each clause separately (spec 002 §4). */
  explicitConsent: z.boolean().optional(),
  consentClauses: z.array(ConsentClauseSchema).max(100).optional(),
  referenceDate: z.enum(DATA_EVENT_REFERENCE_DATES).default('REGISTRATION'),
  offsetDays: wholeNumber.default(0),
  offsetHours: wholeNumber.default(0),
  sendAs: z.enum(SEND_OUT_TYPES).default('NO_SEND_OUT'),
  expiry: DataEventExpirySchema.default({ type: 'EXPIRE_NEVER', days: 0, hours: 0 }),
  reminders: z.array(DataEventReminderSchema).default([]),
  otpAuthentication: z.enum(OTP_AUTHENTICATION_TYPES).default('NONE'),
  footerLinks: z.array(z.enum(FOOTER_LINKS)).default([]),
});
export type DataEvent = z.infer<typeof DataEventSchema>;
export type DataEventInput = z.input<typeof DataEventSchema>;

/** Spec 001 §3 unscheduled event form selections (unexpectedVisit, discontinueDataEvent, externalDataEvent). */
export const UnscheduledFormsSchema = z.object({
  id: z.string().optional(),
  selectedQts: z.array(z.string()).default([]),
  selectedOptionalQts: z.array(z.string()).default([]),
});
export type UnscheduledForms = z.infer<typeof UnscheduledFormsSchema>;

/** Spec 001 §3 trial group: a title per language. */
export const TrialGroupSchema = z.object({
  id: z.string().optional(),
  title: LocalizedTextSchema.default({}),
  /** Issue 22 (ours): the group's allocation ratio, 1 when absent (randomization/config.ts). */
  ratio: z.number().int().min(1).max(10).optional(),
});
export type TrialGroup = z.infer<typeof TrialGroupSchema>;

/** Spec 001 §3 question stratification: data event, form and question. */
export const QuestionStratificationSchema = z.object({
  dataEvent: z.string().nullish(),
  form: z.string().nullish(),
  question: z.string().nullish(),
  /** Issue 22 (ours): the factor's minimization weight, 1 when absent. */
  weight: z.number().positive().max(100).optional(),
});
export type QuestionStratification = z.infer<typeof QuestionStratificationSchema>;

const noForms = { selectedQts: [], selectedOptionalQts: [] };

/** Spec 001 §3 pathway (process) with every setting the spec names. */
export const ProcessSchema = z.object({
  id: z.string(),
  pathwayName: z.string().default(''),
  recruitment: z.boolean().default(false),
  consentRequired: z.boolean().default(false),
  consentText: LocalizedTextSchema.optional(),
  unexpected: z.boolean().default(false),
  unexpectedVisit: UnscheduledFormsSchema.default(noForms),
  discontinued: z.boolean().default(false),
  discontinueDataEvent: UnscheduledFormsSchema.default(noForms),
  externalDE: z.boolean().default(false),
  externalDataEvent: UnscheduledFormsSchema.default(noForms),
  externalSignup: z.boolean().default(false),
  public: z.boolean().default(false),
  publicReenroll: z.boolean().default(false),
  disableInvestigatorAttributesFields: z.boolean().default(false),
  publicIntroTextEnabled: z.boolean().default(false),
  publicIntroText: LocalizedTextSchema.optional(),
  randomization: z.boolean().default(false),
  targetInclusion: z.string().nullish(),
  trialGroups: z.array(TrialGroupSchema).default([]),
  stratifyBySite: z.boolean().nullish(),
  questionStratifications: z.array(QuestionStratificationSchema).default([]),
  /**
   * Issue 22 (ours): method, block and minimization settings of the randomization, read through
   * `RandomizationConfigSchema` (randomization/process-config.ts); written by the randomization route only.
   */
  randomizationSettings: z.record(z.string(), z.unknown()).optional(),
  dataEvents: z.array(DataEventSchema).default([]),
  supportedLanguages: z.array(z.string()).default([]),
  patientUpdate: z.enum(PATIENT_UPDATE_TIMINGS).default('AFTER_FIRST_EVENT'),
  fullyEditable: z.boolean().default(true),
  hasUnexpected: z.boolean().default(false),
  hasDiscontinued: z.boolean().default(false),
  hasExternalEvent: z.boolean().default(false),
  hasRandomizationOnProcess: z.boolean().default(false),
  didUploadCustomRandomizationList: z.boolean().default(false),
  advanced: z.boolean().default(false),
});
export type Process = z.infer<typeof ProcessSchema>;
export type ProcessInput = z.input<typeof ProcessSchema>;

/** Spec 001 §3 process types: a recruitment process or a data collection one. */
export function deriveProcessType(process: Pick<Process, 'recruitment'>): ProcessType {
  return process.recruitment ? 'RECRUITMENT' : 'DATA_COLLECTION';
}

/** Spec 000 §3: unexpected, discontinued and external are the unscheduled types. */
export function isUnscheduledDataEventType(type: DataEventType): type is UnscheduledDataEventType {
  return (UNSCHEDULED_DATA_EVENT_TYPES as readonly string[]).includes(type);
}

/** Spec 001 §5: only trial groups at index 2 and later can be removed. */
export function canRemoveTrialGroup(index: number): boolean {
  return Number.isInteger(index) && index >= MIN_TRIAL_GROUPS;
}
