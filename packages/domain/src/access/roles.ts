import { expandPermissions } from './implications';
import type { Permission } from './permissions';

/** Spec 000 §6: the study roles a staff user can hold in a study. */
export const STUDY_ROLES = ['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN', 'OTHER'] as const;
export type StudyRole = (typeof STUDY_ROLES)[number];

/**
 * Every working role may open the study it works in (its overview and settings, read only).
 * The spec's table names "study view" only for MONITOR, but a doctor or investigator who
 * works in a study must be able to enter it; OTHER stays without any permission.
 */
const STUDY_MEMBER = ['STUDY_VIEW'] as const satisfies readonly Permission[];

const INVESTIGATOR = [
  ...STUDY_MEMBER,
  'PATHWAY_LIST',
  'AE_LIST',
  'AE_VIEW',
  'AE_UPDATE',
  'AE_INVESTIGATE',
  'AE_SIGN_CLASSIFICATION',
  'AE_SIGN_FOLLOW_UP',
] as const satisfies readonly Permission[];

const STUDY_HELPER = [
  ...STUDY_MEMBER,
  'SITE_OVERVIEW',
  'SITE_EDIT',
  'SITE_DELETE',
  'AE_CREATE',
  // Not in the spec's table: the helper who creates and edits processes must reach them from the list.
  'PATHWAY_LIST',
  'PATHWAY_CREATE',
  'PATHWAY_UPDATE',
  'PATHWAY_DUPLICATE',
  'PATHWAY_VIEW',
  'QUESTIONNAIRE_TEMPLATE_LIST',
  'QUESTIONNAIRE_TEMPLATE_VIEW',
  'QUESTIONNAIRE_TEMPLATE_CREATE',
  'QUESTIONNAIRE_TEMPLATE_DUPLICATE',
  'QUESTIONNAIRE_TEMPLATE_UPDATE',
  'QUESTION_TEMPLATE_ALL',
  'IMAGE_ALL',
  'PATHWAY_RECORD_UNEXPECTED',
] as const satisfies readonly Permission[];

const MONITOR = [
  ...STUDY_MEMBER,
  'MAIL_LOG_VIEW',
  'SMS_LOG_VIEW',
  'DATA_ALL',
  'AUDIT_VIEW',
  // Not in the spec's table: a monitor verifies source data (DATA_ALL), so reads the filled forms.
  'QUESTIONNAIRE_VIEW',
] as const satisfies readonly Permission[];

const DOCTOR = [
  ...STUDY_MEMBER,
  'PATIENT_LIST',
  'PATIENT_CREATE',
  'PATIENT_VIEW',
  'PATIENT_UPDATE',
  'PATIENT_ARCHIVE',
  'PATIENT_UNARCHIVE',
  'PATIENT_LIST_MEDICATION',
  'PATIENT_CREATE_MEDICATION',
  'PATIENT_UPDATE_MEDICATION',
  'PATHWAY_RECORD_CREATE',
  'PATHWAY_RECORD_VIEW',
  'PATHWAY_RECORD_DELETE',
  'PATHWAY_RECORD_DEACTIVATE',
  'TOKEN_RESEND',
  'TOKEN_LIST',
  'TOKEN_START',
  'QUESTIONNAIRE_VIEW',
  'QUESTIONNAIRE_UPDATE',
  'QUESTIONNAIRE_CREATE',
] as const satisfies readonly Permission[];

/** Spec 000 §6: what ADMIN holds on top of the union of the four other roles. */
export const ADMIN_EXTRA_PERMISSIONS = [
  'STUDY_UPDATE',
  'STUDY_AMENDMENT_START',
  'STUDY_AMENDMENT_FINISH',
  'STUDY_AMENDMENT_DISCARD',
  'STUDY_TRANSLATIONS',
  'STUDY_TEST',
  'SITE_CREATE',
  'STUDY_ACTIVATION_LOCK',
  'STUDY_ACTIVATION_UNLOCK',
  'STUDY_SIGN_OFF',
  'QUERY_ALL',
  'TRIAL_GROUP_VIEW',
  'SITE_BOOKING_ALL',
  'AE_SIGN_INITIAL_SPONSOR',
  'AE_SIGN_FINAL_SPONSOR',
  'API_KEY_ALL',
  'WEBHOOK_ALL',
  'RANDOMIZATION_LIST_EXPORT',
] as const satisfies readonly Permission[];

/**
 * Spec 000 §6 role table, as written: "*_ALL" entries stand for their members
 * (see `PERMISSION_IMPLICATIONS`). ADMIN is the union of the four plus its extras.
 */
export const ROLE_PERMISSIONS = {
  INVESTIGATOR,
  STUDY_HELPER,
  MONITOR,
  DOCTOR,
  ADMIN: [...INVESTIGATOR, ...STUDY_HELPER, ...MONITOR, ...DOCTOR, ...ADMIN_EXTRA_PERMISSIONS],
  OTHER: [],
} as const satisfies Record<StudyRole, readonly Permission[]>;

const ROLE_PERMISSION_SETS: Record<StudyRole, ReadonlySet<Permission>> = {
  INVESTIGATOR: expandPermissions(ROLE_PERMISSIONS.INVESTIGATOR),
  STUDY_HELPER: expandPermissions(ROLE_PERMISSIONS.STUDY_HELPER),
  MONITOR: expandPermissions(ROLE_PERMISSIONS.MONITOR),
  DOCTOR: expandPermissions(ROLE_PERMISSIONS.DOCTOR),
  ADMIN: expandPermissions(ROLE_PERMISSIONS.ADMIN),
  OTHER: expandPermissions(ROLE_PERMISSIONS.OTHER),
};

/** Spec 000 §6: every permission a study role grants, "*_ALL" entries expanded. */
export function permissionsForRole(role: StudyRole): ReadonlySet<Permission> {
  return ROLE_PERMISSION_SETS[role];
}

/** Spec 000 §6: is this string one of the study roles? */
export function isStudyRole(value: string): value is StudyRole {
  return (STUDY_ROLES as readonly string[]).includes(value);
}
