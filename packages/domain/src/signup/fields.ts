import { ANSWER_MESSAGES } from '../forms/answer-messages';
import { SELECTABLE_SUBJECT_FIELDS } from '../subjects/subject-fields';

/** Spec 002 §3: selectable patient fields, in their fixed display order (one list, owned by subjects). */
export const SIGNUP_PATIENT_FIELDS = SELECTABLE_SUBJECT_FIELDS;
export type SignUpPatientField = (typeof SIGNUP_PATIENT_FIELDS)[number];

/** Spec 002 §3: investigator fields a sign-up can ask for. */
export const SIGNUP_INVESTIGATOR_FIELDS = [
  'investigatorFirstName',
  'investigatorLastName',
  'investigatorEmail',
  'investigatorId',
] as const;
export type SignUpInvestigatorField = (typeof SIGNUP_INVESTIGATOR_FIELDS)[number];

/** Spec 002 §3: the five parts of an address, all filled or none sent. */
export const SIGNUP_ADDRESS_PARTS = ['streetName', 'streetNumber', 'zip', 'city', 'country'] as const;
export type SignUpAddressPart = (typeof SIGNUP_ADDRESS_PARTS)[number];

/** Spec 002 §5, §9 sign-up maximum lengths (DESIGN.md: each flow keeps its own limits). */
export const SIGNUP_LIMITS = {
  firstName: 64,
  lastName: 32,
  investigatorFirstName: 64,
  investigatorLastName: 32,
  investigatorId: 64,
  city: 64,
  streetName: 64,
  streetNumber: 32,
  zip: 10,
  guardian: 256,
  initials: 6,
  ssChecksum: 128,
  phone: 32,
  /** Not given for sign-up; the stored subject limit (spec 000 §5 import: 128), so what passes can be kept. */
  email: 128,
} as const;

/** Spec 000 §5, 002 §9: the earliest date and birth year accepted. */
export const SIGNUP_MIN_DATE = '1901-01-01';
export const SIGNUP_MIN_BIRTH_YEAR = 1901;

/** Spec 002 §5, §8: the message template keys the sign-up checks return. */
export const SIGNUP_MESSAGES = {
  required: ANSWER_MESSAGES.REQUIRED,
  maxLength: ANSWER_MESSAGES.MAX_LENGTH,
  valid: ANSWER_MESSAGES.VALID,
  minValue: ANSWER_MESSAGES.MIN_VALUE,
  maxValue: ANSWER_MESSAGES.MAX_VALUE,
  consentRequired: 'PUBLIC.SIGNUP.CONSENT_REQUIRED',
  invalidPhoneNumber: ANSWER_MESSAGES.INVALID_PHONENUMBER,
} as const;

/** What the sign-up form is configured to ask (spec 002 §3 site public info). */
export type SignUpFieldConfig = {
  /** Required field names (patient and investigator). */
  patientFields: readonly string[];
  /** Optional field names (patient and investigator). */
  patientOptionalFields?: readonly string[];
};

/** Spec 002 §3: the patient fields to show, required first then optional, each in the fixed order. */
export function orderSignUpFields(
  config: SignUpFieldConfig,
): { field: SignUpPatientField; required: boolean }[] {
  const optional = config.patientOptionalFields ?? [];
  const required = SIGNUP_PATIENT_FIELDS.filter((f) => config.patientFields.includes(f));
  const rest = SIGNUP_PATIENT_FIELDS.filter((f) => !config.patientFields.includes(f) && optional.includes(f));
  return [
    ...required.map((field) => ({ field, required: true })),
    ...rest.map((field) => ({ field, required: false })),
  ];
}

/** Spec 002 §4: does the sign-up ask for any investigator field? */
export function asksForInvestigator(config: SignUpFieldConfig): boolean {
  const asked = [...config.patientFields, ...(config.patientOptionalFields ?? [])];
  return SIGNUP_INVESTIGATOR_FIELDS.some((f) => asked.includes(f));
}

/** One problem with one value: a message template key and its parameters (spec 002 §5). */
export type FieldProblem = { message: string; params?: Record<string, string | number> };

/** True for undefined, null, and strings holding only whitespace. */
export function isBlankValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
