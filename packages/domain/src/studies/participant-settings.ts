import { z } from 'zod';
import type { FieldIssue } from '../common/errors';
import { IdSchema } from '../common/ids';
import { SIGNUP_INVESTIGATOR_FIELDS, SIGNUP_PATIENT_FIELDS } from '../signup/fields';
import type { SignUpSwitches } from '../signup/validate';

/**
 * Spec 002 §3 fields a public sign-up may ask, in their fixed display order: the selectable
 * patient fields, then the investigator fields (asking any of them adds the investigator step, §4).
 */
export const PARTICIPANT_SIGNUP_FIELDS = [...SIGNUP_PATIENT_FIELDS, ...SIGNUP_INVESTIGATOR_FIELDS] as const;
export type ParticipantSignUpField = (typeof PARTICIPANT_SIGNUP_FIELDS)[number];

/** The study settings keys these settings own (kept in `study.settings`, merged with the rest). */
export const PARTICIPANT_SETTINGS_KEYS = [
  'publicSignUpRequiredFields',
  'publicSignUpOptionalFields',
  'subjectRequiredFields',
  'disallowEnrollmentWhenStudyNotOngoing',
  'disallowEnrollmentWhenPublicSignUpDisabled',
  'logo',
  'checkSignUpEmailFormat',
  'requireSignUpPhoneCountryCode',
  'enforceSignUpLanguage',
] as const;

// Names are free text here so an unknown one is reported at its path by the rules below.
const FieldListSchema = z.array(z.string().max(64)).max(PARTICIPANT_SIGNUP_FIELDS.length * 2);

/** GET/PUT /study/{studyId}/participantSettings (spec 002 §3 sign-up fields, §4 gates, §2 logo). */
export const ParticipantSettingsSchema = z.object({
  publicSignUpRequiredFields: FieldListSchema,
  publicSignUpOptionalFields: FieldListSchema,
  subjectRequiredFields: FieldListSchema,
  disallowEnrollmentWhenStudyNotOngoing: z.boolean(),
  disallowEnrollmentWhenPublicSignUpDisabled: z.boolean(),
  /** An image id of the study's images; null for the default logo. */
  logo: IdSchema.nullable(),
  /** Spec 002 §5 sign-up switches (off unless set): email format check, phone country code, language. */
  checkSignUpEmailFormat: z.boolean().default(false),
  requireSignUpPhoneCountryCode: z.boolean().default(false),
  enforceSignUpLanguage: z.boolean().default(false),
});
export type ParticipantSettings = z.infer<typeof ParticipantSettingsSchema>;

/** Message keys of the participant settings issues (shown by the staff web under STUDY.ERRORS). */
export const PARTICIPANT_SETTINGS_MESSAGES = {
  unknownField: 'STUDY.ERRORS.UNKNOWN_FIELD',
  requiredAndOptional: 'STUDY.ERRORS.FIELD_REQUIRED_AND_OPTIONAL',
  unknownLogo: 'STUDY.ERRORS.UNKNOWN_LOGO',
} as const;

function knownIn(list: readonly string[]) {
  return (name: string) => list.includes(name);
}

/**
 * Spec 002 §3: sign-up lists name only sign-up fields, subject-required fields only patient
 * fields, and no field is both required and optional. Issues carry the list and the index.
 */
export function validateParticipantSettings(
  settings: Pick<
    ParticipantSettings,
    'publicSignUpRequiredFields' | 'publicSignUpOptionalFields' | 'subjectRequiredFields'
  >,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const isSignUpField = knownIn(PARTICIPANT_SIGNUP_FIELDS);
  const isPatientField = knownIn(SIGNUP_PATIENT_FIELDS);
  const check = (key: keyof typeof settings, isKnown: (name: string) => boolean) => {
    settings[key].forEach((name, index) => {
      if (!isKnown(name)) {
        issues.push({
          path: [key, index],
          message: PARTICIPANT_SETTINGS_MESSAGES.unknownField,
          params: { name },
        });
      }
    });
  };
  check('publicSignUpRequiredFields', isSignUpField);
  check('publicSignUpOptionalFields', isSignUpField);
  check('subjectRequiredFields', isPatientField);
  settings.publicSignUpOptionalFields.forEach((name, index) => {
    if (isSignUpField(name) && settings.publicSignUpRequiredFields.includes(name)) {
      issues.push({
        path: ['publicSignUpOptionalFields', index],
        message: PARTICIPANT_SETTINGS_MESSAGES.requiredAndOptional,
        params: { name },
      });
    }
  });
  return issues;
}

/** A field list as stored: known names only, once each, in the fixed order of spec 002 §3. */
export function orderParticipantFields(
  names: readonly unknown[],
  allowed: readonly string[] = PARTICIPANT_SIGNUP_FIELDS,
) {
  return allowed.filter((field) => names.includes(field));
}

/**
 * Spec 002 §5: the sign-up switches a study's settings hold, as the sign-up checks take them
 * (server and participant page alike). Off unless set.
 */
export function signUpSwitchesOf(settings: Readonly<Record<string, unknown>>): SignUpSwitches {
  return {
    checkEmailFormat: settings.checkSignUpEmailFormat === true,
    requirePhoneCountryCode: settings.requireSignUpPhoneCountryCode === true,
    enforceLanguage: settings.enforceSignUpLanguage === true,
  };
}
