import { PERMISSIONS, type Permission } from './permissions';

/**
 * Spec 000 §6: the members each "*_ALL" permission grants. SYSTEM_ALL grants every
 * permission. AE_ALL leaves out the four AE signatures: a signature carries a
 * role's meaning (21 CFR Part 11), so it is granted by name only.
 */
export const PERMISSION_IMPLICATIONS = {
  USER_ALL: ['USER_LIST', 'USER_VIEW', 'USER_CREATE', 'USER_UPDATE', 'USER_DELETE'],
  PATIENT_ALL: [
    'PATIENT_LIST',
    'PATIENT_CREATE',
    'PATIENT_VIEW',
    'PATIENT_UPDATE',
    'PATIENT_DELETE',
    'PATIENT_IMPORT',
    'PATIENT_ARCHIVE',
    'PATIENT_UNARCHIVE',
    'PATIENT_LIST_MEDICATION',
    'PATIENT_CREATE_MEDICATION',
    'PATIENT_UPDATE_MEDICATION',
  ],
  PATHWAY_ALL: [
    'PATHWAY_LIST',
    'PATHWAY_VIEW',
    'PATHWAY_CREATE',
    'PATHWAY_UPDATE',
    'PATHWAY_DUPLICATE',
    'PATHWAY_DELETE',
  ],
  QUESTIONNAIRE_TEMPLATE_ALL: [
    'QUESTIONNAIRE_TEMPLATE_LIST',
    'QUESTIONNAIRE_TEMPLATE_VIEW',
    'QUESTIONNAIRE_TEMPLATE_CREATE',
    'QUESTIONNAIRE_TEMPLATE_DUPLICATE',
    'QUESTIONNAIRE_TEMPLATE_UPDATE',
    'QUESTIONNAIRE_TEMPLATE_DELETE',
  ],
  TOKEN_ALL: ['TOKEN_LIST', 'TOKEN_VIEW', 'TOKEN_RESEND', 'TOKEN_START', 'TOKEN_RESCHEDULE'],
  PATHWAY_RECORD_ALL: [
    'PATHWAY_RECORD_CREATE',
    'PATHWAY_RECORD_VIEW',
    'PATHWAY_RECORD_DELETE',
    'PATHWAY_RECORD_DEACTIVATE',
    'PATHWAY_RECORD_UNEXPECTED',
  ],
  QUESTIONNAIRE_ALL: ['QUESTIONNAIRE_VIEW', 'QUESTIONNAIRE_UPDATE', 'QUESTIONNAIRE_CREATE'],
  STUDY_ALL: [
    'STUDY_VIEW',
    'STUDY_UPDATE',
    'STUDY_START',
    'STUDY_STOP',
    'STUDY_TEST',
    'STUDY_LOCK',
    'STUDY_AMENDMENT_START',
    'STUDY_AMENDMENT_FINISH',
    'STUDY_AMENDMENT_DISCARD',
    'STUDY_REQUEST_DELETE',
    'STUDY_SIGN_OFF',
    'STUDY_TRANSLATIONS',
    'STUDY_ACTIVATION_LOCK',
    'STUDY_ACTIVATION_UNLOCK',
  ],
  QUESTION_TEMPLATE_ALL: [
    'QUESTION_TEMPLATE_LIST',
    'QUESTION_TEMPLATE_VIEW',
    'QUESTION_TEMPLATE_CREATE',
    'QUESTION_TEMPLATE_UPDATE',
    'QUESTION_TEMPLATE_DELETE',
  ],
  SITE_ALL: ['SITE_OVERVIEW', 'SITE_CREATE', 'SITE_EDIT', 'SITE_DELETE'],
  SITE_BOOKING_ALL: [
    'SITE_BOOKING_VIEW',
    'SITE_BOOKING_CREATE',
    'SITE_BOOKING_UPDATE',
    'SITE_BOOKING_DELETE',
  ],
  DATA_ALL: [
    'DATA_VIEW_POPULATION',
    'DATA_VIEW_ANSWERS',
    'DATA_VIEW_STATUS',
    'DATA_VIEW_MONITOR',
    'VERIFICATION_STATUS_VIEW',
    'VERIFICATION_STATUS_UPDATE',
    'VERIFICATION_STATUS_SECONDARY_VIEW',
    'VERIFICATION_STATUS_SECONDARY_UPDATE',
  ],
  IMAGE_ALL: ['IMAGE_LIST', 'IMAGE_VIEW', 'IMAGE_UPLOAD', 'IMAGE_DELETE'],
  AE_ALL: ['AE_LIST', 'AE_VIEW', 'AE_CREATE', 'AE_UPDATE', 'AE_INVESTIGATE'],
  API_KEY_ALL: ['API_KEY_VIEW', 'API_KEY_CREATE', 'API_KEY_RENEW', 'API_KEY_DELETE'],
  WEBHOOK_ALL: ['WEBHOOK_LIST', 'WEBHOOK_CREATE', 'WEBHOOK_UPDATE', 'WEBHOOK_DELETE'],
  ECONSENT_ALL: [
    'ECONSENT_LIST',
    'ECONSENT_VIEW',
    'ECONSENT_UPLOAD',
    'ECONSENT_DOWNLOAD_SIGNED',
    'ECONSENT_COUNTERSIGN',
  ],
  REPORTING_ALL: ['REPORTING_VERIFICATION', 'REPORTING_SITE', 'REPORTING_EXPORT', 'REPORTING_FEED'],
  FILE_VAULT_ALL: ['FILE_VAULT_VIEW', 'FILE_VAULT_UPLOAD', 'FILE_VAULT_DELETE'],
  MEDICATION_ACCOUNTING_ALL: [
    'MEDICATION_ACCOUNTING_LIST',
    'MEDICATION_ACCOUNTING_CREATE',
    'MEDICATION_ACCOUNTING_UPDATE',
  ],
  QUERY_ALL: ['QUERY_CREATE', 'QUERY_VIEW', 'QUERY_RESPOND', 'QUERY_CLOSE', 'QUERY_REOPEN', 'QUERY_NOTIFY'],
  SYSTEM_ALL: PERMISSIONS,
} as const satisfies Partial<Record<Permission, readonly Permission[]>>;

const IMPLICATIONS: Partial<Record<Permission, readonly Permission[]>> = PERMISSION_IMPLICATIONS;

/**
 * Spec 000 §6: the permissions held, with every member an "*_ALL" permission implies. Kept by the
 * list held (issue 16: every staff request checks several permissions, and SYSTEM_ALL alone
 * implies them all), so the set returned is shared: read it, never change it.
 */
export function expandPermissions(held: Iterable<Permission>): ReadonlySet<Permission> {
  const list = [...held];
  const key = list.join(',');
  const kept = expanded.get(key);
  if (kept) return kept;
  const result = new Set<Permission>();
  // `list` is this call's own copy: it becomes the work list.
  for (let next = list.pop(); next !== undefined; next = list.pop()) {
    if (result.has(next)) continue;
    result.add(next);
    list.push(...(IMPLICATIONS[next] ?? []));
  }
  // Lists held are few (a role's extras, system permissions); the bound only guards against growth.
  if (expanded.size >= EXPANDED_KEPT) expanded.clear();
  expanded.set(key, result);
  return result;
}

const EXPANDED_KEPT = 500;
const expanded = new Map<string, ReadonlySet<Permission>>();
