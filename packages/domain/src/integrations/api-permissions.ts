import type { Permission } from '../access/permissions';

/**
 * Spec 001 §2 API access, §3 API user: what a study's API key may do. A key reads its own
 * study's information and data; it never manages users, keys, sites or the study lifecycle,
 * and it changes nothing (DESIGN.md security model: the key acts as a read-only API user).
 */
export const API_KEY_PERMISSIONS = [
  'STUDY_VIEW',
  'SITE_OVERVIEW',
  'SITE_BOOKING_VIEW',
  'PATHWAY_LIST',
  'PATHWAY_VIEW',
  'QUESTIONNAIRE_TEMPLATE_LIST',
  'QUESTIONNAIRE_TEMPLATE_VIEW',
  'PATIENT_LIST',
  'PATIENT_VIEW',
  'PATHWAY_RECORD_VIEW',
  'TOKEN_LIST',
  'TOKEN_VIEW',
  'QUESTIONNAIRE_VIEW',
  'DATA_VIEW_POPULATION',
  'DATA_VIEW_ANSWERS',
  'DATA_VIEW_STATUS',
  'DATA_VIEW_MONITOR',
  'VERIFICATION_STATUS_VIEW',
  'AE_LIST',
  'AE_VIEW',
  'QUERY_VIEW',
  'TRIAL_GROUP_VIEW',
] as const satisfies readonly Permission[];
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

const API_KEY_PERMISSION_SET: ReadonlySet<string> = new Set(API_KEY_PERMISSIONS);

/** The per-field subject views a key gets when its API user may view identifiable data (001 §3 viewIdentifiable). */
export const API_KEY_IDENTIFIABLE_PERMISSIONS = [
  'PATIENT_VIEW_FIRST_NAME',
  'PATIENT_VIEW_LAST_NAME',
  'PATIENT_VIEW_ADDRESS',
  'PATIENT_VIEW_MOBILE',
  'PATIENT_VIEW_EMAIL',
  'PATIENT_VIEW_DATE_OF_BIRTH',
  'PATIENT_VIEW_CHECKSUM',
  'PATIENT_VIEW_GENDER',
  'PATIENT_VIEW_NATIONALITY',
  'PATIENT_VIEW_GUARDIANS',
  'PATIENT_VIEW_HOME_NUMBER',
  'PATIENT_VIEW_WORK_NUMBER',
  'PATIENT_VIEW_INITIALS',
] as const satisfies readonly Permission[];

const IDENTIFIABLE_SET: ReadonlySet<string> = new Set(API_KEY_IDENTIFIABLE_PERMISSIONS);

/**
 * Issue 26 item 4: what a key gets when its API user may read the incremental feed (the API user
 * setting dataFeed, off by default): the feed's own permission, never the export builder's.
 */
export const API_KEY_FEED_PERMISSIONS = ['REPORTING_FEED'] as const satisfies readonly Permission[];

const FEED_SET: ReadonlySet<string> = new Set(API_KEY_FEED_PERMISSIONS);

/**
 * Issue 28 item 2, the API for data: what a key gets when its API user is granted write (the API
 * user setting dataWrite, off by default): create subjects, enrol them, and fill and submit forms,
 * through the same calls and services as the screens, so the same validation applies.
 */
export const API_KEY_WRITE_PERMISSIONS = [
  'PATIENT_CREATE',
  'PATHWAY_RECORD_CREATE',
  'QUESTIONNAIRE_CREATE',
] as const satisfies readonly Permission[];

const WRITE_SET: ReadonlySet<string> = new Set(API_KEY_WRITE_PERMISSIONS);

/** The API user settings a key's permissions depend on (spec 001 §3; dataFeed: issue 26 item 4; dataWrite: issue 28 item 2). */
export type ApiKeySettings = { viewIdentifiable: boolean; dataFeed?: boolean; dataWrite?: boolean };

/** Spec 001 §2, §3: the permissions an API key holds in its study, given its API user settings. */
export function apiKeyPermissions(input: ApiKeySettings): Permission[] {
  return [
    ...API_KEY_PERMISSIONS,
    ...(input.viewIdentifiable ? API_KEY_IDENTIFIABLE_PERMISSIONS : []),
    ...(input.dataFeed ? API_KEY_FEED_PERMISSIONS : []),
    ...(input.dataWrite ? API_KEY_WRITE_PERMISSIONS : []),
  ];
}

/** Spec 001 §2: may an API key use a route that needs this permission in its study? */
export function isApiKeyPermission(permission: Permission, input: ApiKeySettings): boolean {
  return (
    API_KEY_PERMISSION_SET.has(permission) ||
    (input.viewIdentifiable && IDENTIFIABLE_SET.has(permission)) ||
    (input.dataFeed === true && FEED_SET.has(permission)) ||
    (input.dataWrite === true && WRITE_SET.has(permission))
  );
}
