/**
 * Subject field names, codes and limits (spec 000 §3, §5; 002 §3), without zod: the participant's
 * sign-up page uses these and no schema (issue 16, the slow phone); model.ts, which re-exports
 * them, adds the schemas.
 */
import type { Gender } from './model';

/** Spec 000 §3 / 002 §3 gender codes: 0 unknown, 1 male, 2 female. */
export const GENDER_CODES = [0, 1, 2] as const;

export const GENDER_NAMES = { 0: 'UNKNOWN', 1: 'MALE', 2: 'FEMALE' } as const satisfies Record<
  Gender,
  string
>;

/** Spec 000 §3 subject id automation types. */
export const SUBJECT_ID_AUTOMATION_TYPES = ['siteIdSiteNum', 'siteIdStudyNum', 'studyNum', 'manual'] as const;

/** Spec 000 §3 / 001 §3: marker sent in place of a restricted field the viewer may not see. */
export const REDACTED = 'REDACTED';
/** Spec 000 §3: an obstructed value is a string of asterisks. */
export const OBSTRUCTED_PATTERN = /^\*+$/;

/** Spec 002 §3 selectable subject fields, in their fixed display order. */
export const SELECTABLE_SUBJECT_FIELDS = [
  'firstName',
  'lastName',
  'initials',
  'email',
  'mobileNumber',
  'birthYear',
  'ssChecksum',
  'gender',
  'nationality',
  'guardian1',
  'guardian2',
  'homeNumber',
  'workNumber',
  'language',
  'dateOfBirth',
  'address',
] as const;

/** Spec 002 §3 investigator fields of a sign-up; stored as 000 §3 investigator attributes. */
export const INVESTIGATOR_FIELDS = [
  'investigatorFirstName',
  'investigatorLastName',
  'investigatorEmail',
  'investigatorId',
] as const;

/** Spec 000 §5 subject import maximum lengths (DESIGN.md: each flow keeps its own limits). */
export const SUBJECT_IMPORT_MAX_LENGTHS = {
  firstName: 32,
  lastName: 64,
  email: 128,
  city: 64,
  country: 32,
  streetName: 64,
  streetNumber: 32,
  zip: 10,
  guardian1: 256,
  guardian2: 256,
  nationality: 32,
  trialGroup: 32,
} as const;

/** Spec 000 §3 subject import columns: the subject attributes plus address and country-code columns. */
export const SUBJECT_IMPORT_COLUMNS = [
  'patientId',
  'firstName',
  'lastName',
  'initials',
  'email',
  'mobileCountryCode',
  'mobileNumber',
  'homeCountryCode',
  'homeNumber',
  'workCountryCode',
  'workNumber',
  'dateOfBirth',
  'birthYear',
  'ssChecksum',
  'gender',
  'nationality',
  'language',
  'guardian1',
  'guardian2',
  'trialGroup',
  'streetName',
  'streetNumber',
  'zip',
  'city',
  'country',
] as const;
export type SubjectImportColumn = (typeof SUBJECT_IMPORT_COLUMNS)[number];

/** Stored limits: the larger of the sign-up (002 §5) and import (000 §5) limits, so both flows fit. */
export const SUBJECT_FIELD_MAX_LENGTHS = {
  patientId: 64,
  firstName: 64,
  lastName: 64,
  initials: 6,
  email: 128,
  ssChecksum: 128,
  nationality: 32,
  guardian: 256,
  trialGroup: 32,
  phoneNumber: 32,
  investigatorName: 128,
  investigatorId: 64,
} as const;

/** Spec 000 §3: is this value the REDACTED marker or an obstructed (asterisks) string? */
export function isRedactedValue(value: unknown): boolean {
  return typeof value === 'string' && (value === REDACTED || OBSTRUCTED_PATTERN.test(value));
}

/** Spec 000 §3 / 002 §3: the English name of a gender code. */
export function genderName(code: Gender): (typeof GENDER_NAMES)[Gender] {
  return GENDER_NAMES[code];
}
