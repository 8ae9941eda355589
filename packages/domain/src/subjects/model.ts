import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { IsoDateSchema, TimestampSchema } from '../common/timestamps';
import {
  OBSTRUCTED_PATTERN,
  REDACTED,
  SELECTABLE_SUBJECT_FIELDS,
  SUBJECT_FIELD_MAX_LENGTHS,
  SUBJECT_ID_AUTOMATION_TYPES,
  SUBJECT_IMPORT_MAX_LENGTHS,
  type SubjectImportColumn,
} from './subject-fields';

// The field names, codes and limits without zod live in subject-fields.ts, so the pages that need
// only them (the participant's sign-up page) do not pull the schema library in.
export * from './subject-fields';

/** Spec 000 §3 / 002 §3 gender codes (GENDER_CODES): 0 unknown, 1 male, 2 female. */
export const GenderSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Gender = z.infer<typeof GenderSchema>;

/** Spec 000 §3 subject id automation types. */
export const SubjectIdAutomationTypeSchema = z.enum(SUBJECT_ID_AUTOMATION_TYPES);
export type SubjectIdAutomationType = z.infer<typeof SubjectIdAutomationTypeSchema>;

/** Spec 000 §3 / 001 §3: a restricted field's value as sent: REDACTED or asterisks. */
export const RedactedValueSchema = z.union([z.literal(REDACTED), z.string().regex(OBSTRUCTED_PATTERN)]);

// Which subject fields are restricted, and by which permission, is decided once in access/redaction.ts.

/** Spec 002 §3 selectable subject fields. */
export const SelectableSubjectFieldSchema = z.enum(SELECTABLE_SUBJECT_FIELDS);
export type SelectableSubjectField = z.infer<typeof SelectableSubjectFieldSchema>;

/** Spec 002 §3 phone item: number plus dialling country code (default 0 = none chosen). */
export const SubjectPhoneSchema = z.object({
  number: z.string().regex(/^\d*$/).max(SUBJECT_FIELD_MAX_LENGTHS.phoneNumber),
  countryCode: z.number().int().nonnegative().default(0),
});
export type SubjectPhone = z.infer<typeof SubjectPhoneSchema>;

/** Spec 002 §3 address item: all five parts; country as a two-letter code. */
export const SubjectAddressSchema = z.object({
  streetName: z.string().max(64),
  streetNumber: z.string().max(32),
  zip: z.string().max(10),
  city: z.string().max(64),
  country: z.string().regex(/^[A-Z]{2}$/),
});
export type SubjectAddress = z.infer<typeof SubjectAddressSchema>;

const attributes = {
  firstName: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.firstName).nullable(),
  lastName: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.lastName).nullable(),
  initials: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.initials).nullable(),
  email: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.email).nullable(),
  address: z.array(SubjectAddressSchema).max(1),
  mobileNumber: z.array(SubjectPhoneSchema),
  homeNumber: z.array(SubjectPhoneSchema),
  workNumber: z.array(SubjectPhoneSchema),
  dateOfBirth: IsoDateSchema.nullable(),
  birthYear: z.number().int().min(1901).max(9999).nullable(),
  ssChecksum: z.string().regex(/^\d*$/).max(SUBJECT_FIELD_MAX_LENGTHS.ssChecksum).nullable(),
  gender: GenderSchema.nullable(),
  nationality: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.nationality).nullable(),
  guardian1: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.guardian).nullable(),
  guardian2: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.guardian).nullable(),
};

/** Spec 000 §3 / 001 §3 subject (patient) with every attribute the spec names. */
export const SubjectSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  /** The human subject id, assigned by the study's automation type or by hand. */
  patientId: z.string().trim().min(1).max(SUBJECT_FIELD_MAX_LENGTHS.patientId),
  ...attributes,
  language: LanguageCodeSchema.nullable(),
  trialGroup: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.trialGroup).nullable(),
  investigatorName: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.investigatorName).nullable(),
  investigatorEmail: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.email).nullable(),
  investigatorId: z.string().max(SUBJECT_FIELD_MAX_LENGTHS.investigatorId).nullable(),
  archived: z.boolean(),
  /** Names of required attributes still missing (spec 001 §3 missingAttributes). */
  missingAttributes: z.array(z.string()),
  createdBy: IdSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type Subject = z.infer<typeof SubjectSchema>;

/** A restricted attribute as sent to a viewer: its value, or REDACTED / asterisks. */
function redactable<T extends z.ZodType>(schema: T) {
  return z.union([schema, RedactedValueSchema]);
}

/** Spec 000 §3 / 002 §3: the subject as a viewer receives it; restricted fields may be redacted. */
export const SubjectViewSchema = SubjectSchema.extend({
  firstName: redactable(attributes.firstName),
  lastName: redactable(attributes.lastName),
  initials: redactable(attributes.initials),
  email: redactable(attributes.email),
  address: redactable(attributes.address),
  mobileNumber: redactable(attributes.mobileNumber),
  homeNumber: redactable(attributes.homeNumber),
  workNumber: redactable(attributes.workNumber),
  dateOfBirth: redactable(attributes.dateOfBirth),
  ssChecksum: redactable(attributes.ssChecksum),
  gender: redactable(attributes.gender),
  nationality: redactable(attributes.nationality),
  guardian1: redactable(attributes.guardian1),
  guardian2: redactable(attributes.guardian2),
  /** Spec 001 §2: the trial group shows only to those who may view it (TRIAL_GROUP_VIEW). */
  trialGroup: redactable(z.string().max(SUBJECT_FIELD_MAX_LENGTHS.trialGroup).nullable()),
});
export type SubjectView = z.infer<typeof SubjectViewSchema>;

/** Spec 001 §7 light list item: first and last name merged into `name` (itself restricted). */
export const SubjectLightSchema = z.object({
  id: IdSchema,
  patientId: z.string(),
  siteId: IdSchema,
  name: z.union([z.string(), RedactedValueSchema]),
  archived: z.boolean(),
});
export type SubjectLight = z.infer<typeof SubjectLightSchema>;

const importText = (max: number) => z.string().trim().max(max).optional();

/** Spec 000 §5: one row of a subject import, with the import's own maximum lengths. */
export const SubjectImportRowSchema = z.object({
  patientId: importText(SUBJECT_FIELD_MAX_LENGTHS.patientId),
  firstName: importText(SUBJECT_IMPORT_MAX_LENGTHS.firstName),
  lastName: importText(SUBJECT_IMPORT_MAX_LENGTHS.lastName),
  initials: importText(SUBJECT_FIELD_MAX_LENGTHS.initials),
  email: importText(SUBJECT_IMPORT_MAX_LENGTHS.email),
  mobileCountryCode: importText(8),
  mobileNumber: importText(SUBJECT_FIELD_MAX_LENGTHS.phoneNumber),
  homeCountryCode: importText(8),
  homeNumber: importText(SUBJECT_FIELD_MAX_LENGTHS.phoneNumber),
  workCountryCode: importText(8),
  workNumber: importText(SUBJECT_FIELD_MAX_LENGTHS.phoneNumber),
  dateOfBirth: importText(10),
  birthYear: importText(4),
  ssChecksum: importText(SUBJECT_FIELD_MAX_LENGTHS.ssChecksum),
  gender: importText(1),
  nationality: importText(SUBJECT_IMPORT_MAX_LENGTHS.nationality),
  language: importText(8),
  guardian1: importText(SUBJECT_IMPORT_MAX_LENGTHS.guardian1),
  guardian2: importText(SUBJECT_IMPORT_MAX_LENGTHS.guardian2),
  trialGroup: importText(SUBJECT_IMPORT_MAX_LENGTHS.trialGroup),
  streetName: importText(SUBJECT_IMPORT_MAX_LENGTHS.streetName),
  streetNumber: importText(SUBJECT_IMPORT_MAX_LENGTHS.streetNumber),
  zip: importText(SUBJECT_IMPORT_MAX_LENGTHS.zip),
  city: importText(SUBJECT_IMPORT_MAX_LENGTHS.city),
  country: importText(SUBJECT_IMPORT_MAX_LENGTHS.country),
}) satisfies z.ZodType<Partial<Record<SubjectImportColumn, string>>>;
export type SubjectImportRow = z.infer<typeof SubjectImportRowSchema>;
