import { expandPermissions } from './implications';
import type { Permission } from './permissions';
import { SUBJECT_RESTRICTED_FIELDS, type SubjectRestrictedField } from './subject-fields';

/** Spec 000 §6: the study roles a staff user can hold in a study. */
export const STUDY_ROLES = ['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN', 'OTHER'] as const;
export type StudyRole = (typeof STUDY_ROLES)[number];

/*
 * The role table. Spec 000 §6 gives a partial table (kept here entry by entry) and 001 §6
 * leaves the rest open; what each role holds beyond the spec, and why, is decided in
 * docs/ROLES.md. A site-limited role holds its permissions for its sites only (check.ts);
 * extras granted per user add to the role, study-wide.
 */

/** docs/ROLES.md: every working role may open the study it works in (overview and settings, read only). */
const STUDY_MEMBER = ['STUDY_VIEW'] as const satisfies readonly Permission[];

/**
 * docs/ROLES.md: the study design a subject screen shows (sites, processes and their forms),
 * read only. The sites list is filtered to the caller's sites.
 */
const STUDY_DESIGN_READ = [
  'SITE_OVERVIEW',
  'PATHWAY_LIST',
  'PATHWAY_VIEW',
  'QUESTIONNAIRE_TEMPLATE_LIST',
  'QUESTIONNAIRE_TEMPLATE_VIEW',
] as const satisfies readonly Permission[];

/** docs/ROLES.md: the captured data of the caller's sites, read only (subjects, records, links, filled forms). */
const SITE_DATA_READ = [
  'PATIENT_LIST',
  'PATIENT_VIEW',
  'PATHWAY_RECORD_VIEW',
  'TOKEN_LIST',
  'QUESTIONNAIRE_VIEW',
] as const satisfies readonly Permission[];

/**
 * docs/ROLES.md: the identifiable subject fields (spec 000 §6 per-field subject view), for
 * the site staff who contact participants. Without them a subject is pseudonymised: its
 * subject id and unrestricted fields only, restricted fields REDACTED.
 */
export const SUBJECT_IDENTITY_PERMISSIONS: readonly (typeof SUBJECT_RESTRICTED_FIELDS)[SubjectRestrictedField][] =
  [...new Set(Object.values(SUBJECT_RESTRICTED_FIELDS))];

/** docs/ROLES.md: site staff read the queries raised on their data and answer them. */
const QUERY_ANSWER = ['QUERY_VIEW', 'QUERY_RESPOND'] as const satisfies readonly Permission[];

const INVESTIGATOR = [
  ...STUDY_MEMBER,
  // Spec 000 §6.
  'PATHWAY_LIST',
  'AE_LIST',
  'AE_VIEW',
  'AE_UPDATE',
  'AE_INVESTIGATE',
  'AE_SIGN_CLASSIFICATION',
  'AE_SIGN_FOLLOW_UP',
  // docs/ROLES.md: reviews and signs the data of the sites, and reports AEs.
  ...STUDY_DESIGN_READ,
  ...SITE_DATA_READ,
  ...SUBJECT_IDENTITY_PERMISSIONS,
  'PATIENT_LIST_MEDICATION',
  // Issue 21 (ours, docs/ROLES.md): reads the drug accounting of the sites.
  'MEDICATION_ACCOUNTING_LIST',
  'AE_CREATE',
  'STUDY_SIGN_OFF',
  ...QUERY_ANSWER,
  // Issue 22 (ours, docs/ROLES.md): the treating investigator breaks the blind in an emergency,
  // signed with the password and a reason (ADMIN holds it by the union).
  'BREAK_BLIND',
  // Issue 24 (ours, docs/ROLES.md): the investigator obtains consent: reads the site's e-consents,
  // countersigns them with the password and downloads the signed PDF.
  'ECONSENT_LIST',
  'ECONSENT_VIEW',
  'ECONSENT_COUNTERSIGN',
  'ECONSENT_DOWNLOAD_SIGNED',
  // Issue 28 item 3 (ours, docs/ROLES.md): reads the study documents meant for the site and files
  // the site's own (investigator site file) in the vault.
  'FILE_VAULT_VIEW',
  'FILE_VAULT_UPLOAD',
] as const satisfies readonly Permission[];

const STUDY_HELPER = [
  ...STUDY_MEMBER,
  // Spec 000 §6.
  'SITE_OVERVIEW',
  'SITE_EDIT',
  'SITE_DELETE',
  'AE_CREATE',
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
  // docs/ROLES.md: the builder reaches processes from the list and removes its own drafts
  // (the server refuses while a form or process is in use).
  'PATHWAY_LIST',
  'PATHWAY_DELETE',
  'QUESTIONNAIRE_TEMPLATE_DELETE',
  // docs/ROLES.md: enters unscheduled records, so finds the subject (pseudonymised), its
  // records and their forms, fills them in and answers the queries on what it entered.
  ...SITE_DATA_READ,
  'QUESTIONNAIRE_CREATE',
  'QUESTIONNAIRE_UPDATE',
  ...QUERY_ANSWER,
  // Issue 24 (ours, docs/ROLES.md): the builder uploads the consent documents of e-consent events.
  'ECONSENT_VIEW',
  'ECONSENT_UPLOAD',
  // Issue 28 item 3 (ours, docs/ROLES.md): every working role reads the study documents meant for it.
  'FILE_VAULT_VIEW',
] as const satisfies readonly Permission[];

const MONITOR = [
  ...STUDY_MEMBER,
  // Spec 000 §6.
  'MAIL_LOG_VIEW',
  'SMS_LOG_VIEW',
  'DATA_ALL',
  'AUDIT_VIEW',
  // docs/ROLES.md: reads all data of the sites (subjects pseudonymised), verifies it
  // (DATA_ALL), raises, closes and reopens queries; never changes data.
  ...STUDY_DESIGN_READ,
  ...SITE_DATA_READ,
  'PATIENT_LIST_MEDICATION',
  // Issue 21 (ours, docs/ROLES.md): checks drug accountability (ICH E6) at the sites.
  'MEDICATION_ACCOUNTING_LIST',
  'AE_LIST',
  'AE_VIEW',
  'QUERY_CREATE',
  'QUERY_VIEW',
  'QUERY_CLOSE',
  'QUERY_REOPEN',
  'QUERY_NOTIFY',
  // Issue 26 (ours): the monitor hands the data of its sites to the statistician (exports).
  'REPORTING_EXPORT',
  // Issue 26 item 4 (ours): and keeps a warehouse in sync with them (the incremental feed).
  'REPORTING_FEED',
  // Issue 25 (ours, docs/ROLES.md): the verification and site reports of its sites.
  'REPORTING_VERIFICATION',
  'REPORTING_SITE',
  // Issue 24 (ours, docs/ROLES.md): informed consent is the first thing a monitor verifies.
  'ECONSENT_LIST',
  'ECONSENT_VIEW',
  // Issue 28 item 3 (ours, docs/ROLES.md).
  'FILE_VAULT_VIEW',
] as const satisfies readonly Permission[];

const DOCTOR = [
  ...STUDY_MEMBER,
  // Spec 000 §6.
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
  // docs/ROLES.md: sees whom they treat, reads the sites and processes the subject screens
  // show, agrees visit dates, records unscheduled visits, reports AEs and answers queries.
  ...STUDY_DESIGN_READ,
  ...SUBJECT_IDENTITY_PERMISSIONS,
  'TOKEN_RESCHEDULE',
  'PATHWAY_RECORD_UNEXPECTED',
  'AE_LIST',
  'AE_VIEW',
  'AE_CREATE',
  'AE_UPDATE',
  ...QUERY_ANSWER,
  // Issue 21 (ours, docs/ROLES.md): dispenses the investigational product and takes returns.
  'MEDICATION_ACCOUNTING_ALL',
  // Issue 28 item 3 (ours, docs/ROLES.md).
  'FILE_VAULT_VIEW',
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
  // docs/ROLES.md (ours): removing a subject registered by mistake and importing subjects
  // are the study administrator's; no other role holds them.
  'PATIENT_DELETE',
  'PATIENT_IMPORT',
  // docs/ROLES.md (ours, issue 23 item 5): removing an item entered by mistake (an unscheduled or
  // discontinuation event, an AE) and restoring it, with the reason, in the storage page.
  'SOFT_DELETE',
  'SOFT_DELETE_RESTORE',
  // docs/ROLES.md (ours, issue 28 item 3): the study administrator keeps the file vault (folders,
  // documents for every site, removal with a reason).
  'FILE_VAULT_ALL',
] as const satisfies readonly Permission[];

/**
 * The role table of docs/ROLES.md (spec 000 §6 entries plus our decisions): "*_ALL" entries
 * stand for their members (see `PERMISSION_IMPLICATIONS`). ADMIN is the union of the four
 * plus its extras.
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

/** Spec 000 §6, docs/ROLES.md: every permission a study role grants, "*_ALL" entries expanded. */
export function permissionsForRole(role: StudyRole): ReadonlySet<Permission> {
  return ROLE_PERMISSION_SETS[role];
}

/** Spec 000 §6: is this string one of the study roles? */
export function isStudyRole(value: string): value is StudyRole {
  return (STUDY_ROLES as readonly string[]).includes(value);
}
