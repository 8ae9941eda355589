/**
 * Participant settings of a study (spec 002 §3 sign-up fields, §4 sign-up gates, §2 logo): kept
 * in `study.settings` beside other keys, read by the public pages and the subject rules.
 */
import {
  orderParticipantFields,
  PARTICIPANT_SETTINGS_MESSAGES,
  type ParticipantSettings,
  SIGNUP_PATIENT_FIELDS,
  type StudyStatus,
  studyEditScope,
  validateParticipantSettings,
} from '@trialbase/domain';
import { AppError, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { findImage } from '../../forms/api';
import { signUpFieldsOf } from '../../public/service/pages';
import { type StudyRow, updateStudyRow } from '../repo';
import { loadStudyForChange } from './update-study';

/**
 * The settings as the public pages apply them: without stored sign-up lists, the same
 * fallbacks as the sign-up page (spec 002 §3), each list in the fixed field order.
 */
export function participantSettingsOf(row: Pick<StudyRow, 'settings'>): ParticipantSettings {
  const s = row.settings;
  const signUp = signUpFieldsOf(row);
  return {
    publicSignUpRequiredFields: orderParticipantFields(signUp.patientFields),
    publicSignUpOptionalFields: orderParticipantFields(signUp.patientOptionalFields),
    subjectRequiredFields: orderParticipantFields(
      Array.isArray(s.subjectRequiredFields) ? s.subjectRequiredFields : [],
      SIGNUP_PATIENT_FIELDS,
    ),
    disallowEnrollmentWhenStudyNotOngoing: s.disallowEnrollmentWhenStudyNotOngoing === true,
    disallowEnrollmentWhenPublicSignUpDisabled: s.disallowEnrollmentWhenPublicSignUpDisabled === true,
    logo: typeof s.logo === 'string' ? s.logo : null,
    checkSignUpEmailFormat: s.checkSignUpEmailFormat === true,
    requireSignUpPhoneCountryCode: s.requireSignUpPhoneCountryCode === true,
    enforceSignUpLanguage: s.enforceSignUpLanguage === true,
  };
}

/**
 * Spec 002 §3/§4 PUT /study/{studyId}/participantSettings: checks the field names and the logo
 * (an image of this study), then merges into `study.settings`; audited with the changed keys.
 * Allowed while the study's settings may change (not locked, completed, anonymized or deleted).
 */
export async function updateParticipantSettings(
  ctx: UseCaseContext,
  input: { studyId: string; settings: ParticipantSettings },
): Promise<ParticipantSettings> {
  const row = await loadStudyForChange(ctx, input.studyId);
  if (!studyEditScope(row.status as StudyStatus).settings) {
    throw new AppError('VALIDATION_BUILD_MODE', 'These settings cannot change in the current study status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: row.status },
    });
  }
  const issues = validateParticipantSettings(input.settings);
  const { logo } = input.settings;
  if (logo !== null && !(await findImage(ctx.tx, row.id, logo))) {
    issues.push({ path: ['logo'], message: PARTICIPANT_SETTINGS_MESSAGES.unknownLogo });
  }
  if (issues.length > 0) throw validationError(issues, 'The participant settings are not valid.');
  const before = participantSettingsOf(row);
  const after: ParticipantSettings = {
    ...input.settings,
    publicSignUpRequiredFields: orderParticipantFields(input.settings.publicSignUpRequiredFields),
    publicSignUpOptionalFields: orderParticipantFields(input.settings.publicSignUpOptionalFields),
    subjectRequiredFields: orderParticipantFields(
      input.settings.subjectRequiredFields,
      SIGNUP_PATIENT_FIELDS,
    ),
  };
  // A key never stored is written too: the sign-up must not follow a fallback once staff chose.
  const keys = (Object.keys(after) as (keyof ParticipantSettings)[]).filter(
    (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]) || !(key in row.settings),
  );
  if (keys.length === 0) return before;
  const updated = await updateStudyRow(ctx.tx, row.id, {
    settings: { ...row.settings, ...after },
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'STUDY_UPDATED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  });
  return participantSettingsOf(updated);
}
