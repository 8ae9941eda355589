import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AccessUser, hasPermission, sitesWithPermission } from './check';
import { expandPermissions, PERMISSION_IMPLICATIONS } from './implications';
import { isPermission, PERMISSIONS, type Permission } from './permissions';
import { canViewSubjectField, SUBJECT_RESTRICTED_FIELDS } from './redaction';
import {
  ADMIN_EXTRA_PERMISSIONS,
  isStudyRole,
  permissionsForRole,
  STUDY_ROLES,
  type StudyRole,
  SUBJECT_IDENTITY_PERMISSIONS,
} from './roles';

const sorted = (set: ReadonlySet<Permission>) => [...set].sort();

/** Spec 000 §6 role table, as written ("study view" for MONITOR). */
const SPEC_TABLE = {
  INVESTIGATOR: [
    'PATHWAY_LIST',
    'AE_LIST',
    'AE_VIEW',
    'AE_UPDATE',
    'AE_INVESTIGATE',
    'AE_SIGN_CLASSIFICATION',
    'AE_SIGN_FOLLOW_UP',
  ],
  STUDY_HELPER: [
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
  ],
  MONITOR: ['STUDY_VIEW', 'MAIL_LOG_VIEW', 'SMS_LOG_VIEW', 'DATA_ALL', 'AUDIT_VIEW'],
  DOCTOR: [
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
  ],
} as const satisfies Record<string, readonly Permission[]>;

/**
 * The permissions the staff subject screens call with (web features/subjects and
 * features/questionnaires): sites, processes and their forms, the study, the subject list,
 * view and form, enrol, records, tokens, and the fill and review pages.
 */
const SUBJECT_SCREEN_CALLS = [
  'STUDY_VIEW',
  'SITE_OVERVIEW',
  'PATHWAY_LIST',
  'PATHWAY_VIEW',
  'QUESTIONNAIRE_TEMPLATE_LIST',
  'QUESTIONNAIRE_TEMPLATE_VIEW',
  'PATIENT_LIST',
  'PATIENT_VIEW',
  'PATIENT_CREATE',
  'PATIENT_UPDATE',
  'PATIENT_ARCHIVE',
  'PATIENT_UNARCHIVE',
  'PATHWAY_RECORD_CREATE',
  'PATHWAY_RECORD_VIEW',
  'TOKEN_LIST',
  'QUESTIONNAIRE_VIEW',
  'QUESTIONNAIRE_CREATE',
  'QUESTIONNAIRE_UPDATE',
] as const satisfies readonly Permission[];

/** The read-only part of those screens: what a reviewer or monitor needs to find and read data. */
const SUBJECT_READ_CALLS = [
  'STUDY_VIEW',
  'SITE_OVERVIEW',
  'PATHWAY_LIST',
  'PATHWAY_VIEW',
  'QUESTIONNAIRE_TEMPLATE_LIST',
  'QUESTIONNAIRE_TEMPLATE_VIEW',
  'PATIENT_LIST',
  'PATIENT_VIEW',
  'PATHWAY_RECORD_VIEW',
  'TOKEN_LIST',
  'QUESTIONNAIRE_VIEW',
] as const satisfies readonly Permission[];

/** docs/ROLES.md, the decided table written out once more, independently of roles.ts. */
const DESIGN_READ = [
  'SITE_OVERVIEW',
  'PATHWAY_LIST',
  'PATHWAY_VIEW',
  'QUESTIONNAIRE_TEMPLATE_LIST',
  'QUESTIONNAIRE_TEMPLATE_VIEW',
] as const;
const DATA_READ = [
  'PATIENT_LIST',
  'PATIENT_VIEW',
  'PATHWAY_RECORD_VIEW',
  'TOKEN_LIST',
  'QUESTIONNAIRE_VIEW',
] as const;
const IDENTITY = [
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
] as const;
const DECIDED_FOUR = {
  INVESTIGATOR: [
    'STUDY_VIEW',
    ...SPEC_TABLE.INVESTIGATOR,
    ...DESIGN_READ,
    ...DATA_READ,
    ...IDENTITY,
    'PATIENT_LIST_MEDICATION',
    'MEDICATION_ACCOUNTING_LIST',
    'AE_CREATE',
    'STUDY_SIGN_OFF',
    'QUERY_VIEW',
    'QUERY_RESPOND',
    'BREAK_BLIND',
    'ECONSENT_LIST',
    'ECONSENT_VIEW',
    'ECONSENT_COUNTERSIGN',
    'ECONSENT_DOWNLOAD_SIGNED',
    'FILE_VAULT_VIEW',
    'FILE_VAULT_UPLOAD',
  ],
  STUDY_HELPER: [
    'STUDY_VIEW',
    ...SPEC_TABLE.STUDY_HELPER,
    'PATHWAY_LIST',
    'PATHWAY_DELETE',
    'QUESTIONNAIRE_TEMPLATE_DELETE',
    ...DATA_READ,
    'QUESTIONNAIRE_CREATE',
    'QUESTIONNAIRE_UPDATE',
    'QUERY_VIEW',
    'QUERY_RESPOND',
    'ECONSENT_VIEW',
    'ECONSENT_UPLOAD',
    'FILE_VAULT_VIEW',
  ],
  MONITOR: [
    ...SPEC_TABLE.MONITOR,
    ...DESIGN_READ,
    ...DATA_READ,
    'PATIENT_LIST_MEDICATION',
    'MEDICATION_ACCOUNTING_LIST',
    'AE_LIST',
    'AE_VIEW',
    'QUERY_CREATE',
    'QUERY_VIEW',
    'QUERY_CLOSE',
    'QUERY_REOPEN',
    'QUERY_NOTIFY',
    'REPORTING_EXPORT',
    'REPORTING_FEED',
    'REPORTING_VERIFICATION',
    'REPORTING_SITE',
    'ECONSENT_LIST',
    'ECONSENT_VIEW',
    'FILE_VAULT_VIEW',
  ],
  DOCTOR: [
    'STUDY_VIEW',
    ...SPEC_TABLE.DOCTOR,
    ...DESIGN_READ,
    ...IDENTITY,
    'TOKEN_RESCHEDULE',
    'PATHWAY_RECORD_UNEXPECTED',
    'AE_LIST',
    'AE_VIEW',
    'AE_CREATE',
    'AE_UPDATE',
    'QUERY_VIEW',
    'QUERY_RESPOND',
    'MEDICATION_ACCOUNTING_ALL',
    'FILE_VAULT_VIEW',
  ],
} as const satisfies Record<string, readonly Permission[]>;
const DECIDED: Record<StudyRole, readonly Permission[]> = {
  ...DECIDED_FOUR,
  ADMIN: [
    ...DECIDED_FOUR.INVESTIGATOR,
    ...DECIDED_FOUR.STUDY_HELPER,
    ...DECIDED_FOUR.MONITOR,
    ...DECIDED_FOUR.DOCTOR,
    ...ADMIN_EXTRA_PERMISSIONS,
  ],
  OTHER: [],
};

describe('Spec 000 §6 permission names', () => {
  it('contains every name the spec shows verbatim', () => {
    for (const name of [
      'PATIENT_LIST_MEDICATION',
      'PATIENT_VIEW',
      'PATIENT_ALL',
      'PATIENT_UPDATE_MEDICATION',
      'PATIENT_CREATE_MEDICATION',
      'STUDY_ALL',
      'AE_VIEW',
      'AE_ALL',
      'AE_CREATE',
      'PATHWAY_RECORD_ALL',
      'PATHWAY_RECORD_UNEXPECTED',
      'SITE_ALL',
      'SITE_OVERVIEW',
    ]) {
      expect(isPermission(name), name).toBe(true);
    }
    expect(isPermission('PATIENT_EVERYTHING')).toBe(false);
  });

  it('has no duplicates', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('implies the members of each *_ALL permission, and SYSTEM_ALL implies everything', () => {
    expect(sorted(expandPermissions(['SITE_ALL']))).toEqual(
      ['SITE_ALL', 'SITE_CREATE', 'SITE_DELETE', 'SITE_EDIT', 'SITE_OVERVIEW'].sort(),
    );
    expect(expandPermissions(['PATIENT_ALL']).has('PATIENT_CREATE_MEDICATION')).toBe(true);
    expect(expandPermissions(['PATHWAY_RECORD_ALL']).has('PATHWAY_RECORD_UNEXPECTED')).toBe(true);
    expect(expandPermissions(['SYSTEM_ALL']).size).toBe(PERMISSIONS.length);
    for (const [all, members] of Object.entries(PERMISSION_IMPLICATIONS)) {
      expect(all.endsWith('_ALL'), all).toBe(true);
      for (const member of members) expect(isPermission(member)).toBe(true);
    }
  });

  it('keeps AE signatures and per-field views out of AE_ALL and PATIENT_ALL', () => {
    const ae = expandPermissions(['AE_ALL']);
    expect(ae.has('AE_INVESTIGATE')).toBe(true);
    expect(ae.has('AE_SIGN_CLASSIFICATION')).toBe(false);
    expect(ae.has('AE_SIGN_FINAL_SPONSOR')).toBe(false);
    expect(expandPermissions(['PATIENT_ALL']).has('PATIENT_VIEW_EMAIL')).toBe(false);
  });
});

describe('docs/ROLES.md role table (spec 000 §6 entries kept)', () => {
  const has = (role: StudyRole, permissions: readonly Permission[]) =>
    permissions.filter((p) => !permissionsForRole(role).has(p));

  it('docs/ROLES.md: every working role may open its study (STUDY_VIEW), and OTHER nothing', () => {
    for (const role of ['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN'] as const) {
      expect(permissionsForRole(role).has('STUDY_VIEW'), role).toBe(true);
    }
    expect(permissionsForRole('OTHER').size).toBe(0);
  });

  it('docs/ROLES.md: each role keeps every permission spec 000 §6 gives it', () => {
    expect(has('INVESTIGATOR', SPEC_TABLE.INVESTIGATOR)).toEqual([]);
    expect(has('STUDY_HELPER', SPEC_TABLE.STUDY_HELPER)).toEqual([]);
    expect(has('MONITOR', SPEC_TABLE.MONITOR)).toEqual([]);
    expect(has('DOCTOR', SPEC_TABLE.DOCTOR)).toEqual([]);
    expect(
      has('ADMIN', [...SPEC_TABLE.INVESTIGATOR, ...SPEC_TABLE.DOCTOR, ...ADMIN_EXTRA_PERMISSIONS]),
    ).toEqual([]);
  });

  it('docs/ROLES.md: the table, role by role, exactly', () => {
    for (const role of STUDY_ROLES) {
      expect(sorted(permissionsForRole(role)), role).toEqual(sorted(expandPermissions(DECIDED[role])));
    }
  });

  it('docs/ROLES.md: DOCTOR may make every call of the subject list, form, view, enrol, fill and review screens', () => {
    expect(has('DOCTOR', SUBJECT_SCREEN_CALLS)).toEqual([]);
    expect(
      has('DOCTOR', ['TOKEN_RESEND', 'TOKEN_START', 'TOKEN_RESCHEDULE', 'PATHWAY_RECORD_UNEXPECTED']),
    ).toEqual([]);
  });

  it('docs/ROLES.md: DOCTOR reports AEs and answers queries, but neither investigates, signs nor closes', () => {
    const doctor = permissionsForRole('DOCTOR');
    expect(
      has('DOCTOR', ['AE_LIST', 'AE_VIEW', 'AE_CREATE', 'AE_UPDATE', 'QUERY_VIEW', 'QUERY_RESPOND']),
    ).toEqual([]);
    for (const p of [
      'AE_INVESTIGATE',
      'AE_SIGN_CLASSIFICATION',
      'STUDY_SIGN_OFF',
      'QUERY_CLOSE',
      'DATA_ALL',
      'PATIENT_DELETE',
      'TOKEN_VIEW',
    ] as const) {
      expect(doctor.has(p), p).toBe(false);
    }
  });

  it('docs/ROLES.md: INVESTIGATOR sees its subjects, records, links and filled forms, and signs off enrollments', () => {
    expect(has('INVESTIGATOR', [...SUBJECT_READ_CALLS, 'STUDY_SIGN_OFF', 'AE_CREATE'])).toEqual([]);
    const investigator = permissionsForRole('INVESTIGATOR');
    for (const p of [
      'PATIENT_CREATE',
      'PATIENT_UPDATE',
      'QUESTIONNAIRE_UPDATE',
      'PATHWAY_RECORD_CREATE',
    ] as const) {
      expect(investigator.has(p), p).toBe(false);
    }
  });

  it('docs/ROLES.md: STUDY_HELPER builds forms and processes and enters unscheduled records', () => {
    expect(
      has('STUDY_HELPER', [
        ...PERMISSION_IMPLICATIONS.PATHWAY_ALL,
        ...PERMISSION_IMPLICATIONS.QUESTIONNAIRE_TEMPLATE_ALL,
        ...PERMISSION_IMPLICATIONS.QUESTION_TEMPLATE_ALL,
        ...PERMISSION_IMPLICATIONS.IMAGE_ALL,
        'PATHWAY_RECORD_UNEXPECTED',
        'QUESTIONNAIRE_CREATE',
        'QUESTIONNAIRE_UPDATE',
        ...SUBJECT_READ_CALLS,
      ]),
    ).toEqual([]);
    const helper = permissionsForRole('STUDY_HELPER');
    for (const p of ['PATIENT_CREATE', 'PATHWAY_RECORD_CREATE', 'SITE_CREATE', 'STUDY_UPDATE'] as const) {
      expect(helper.has(p), p).toBe(false);
    }
  });

  it('docs/ROLES.md: MONITOR reads all data of its sites, verifies, raises and closes queries, never changes data', () => {
    expect(
      has('MONITOR', [
        ...SUBJECT_READ_CALLS,
        'DATA_ALL',
        'VERIFICATION_STATUS_UPDATE',
        'VERIFICATION_STATUS_SECONDARY_UPDATE',
        'AUDIT_VIEW',
        'MAIL_LOG_VIEW',
        'SMS_LOG_VIEW',
        'QUERY_CREATE',
        'QUERY_VIEW',
        'QUERY_CLOSE',
        'QUERY_REOPEN',
        'AE_LIST',
        'AE_VIEW',
      ]),
    ).toEqual([]);
    const monitor = permissionsForRole('MONITOR');
    for (const p of [
      'PATIENT_CREATE',
      'PATIENT_UPDATE',
      'QUESTIONNAIRE_CREATE',
      'QUESTIONNAIRE_UPDATE',
      'PATHWAY_RECORD_CREATE',
      'TOKEN_START',
      'QUERY_RESPOND',
      'AE_UPDATE',
      'STUDY_UPDATE',
    ] as const) {
      expect(monitor.has(p), p).toBe(false);
    }
  });

  it('docs/ROLES.md: the identity permissions are exactly the per-field subject views', () => {
    expect([...SUBJECT_IDENTITY_PERMISSIONS].sort()).toEqual(
      [...new Set(Object.values(SUBJECT_RESTRICTED_FIELDS))].sort(),
    );
  });

  it('docs/ROLES.md: DOCTOR, INVESTIGATOR and ADMIN see identifiable fields; MONITOR and STUDY_HELPER see pseudonymised subjects', () => {
    for (const role of ['DOCTOR', 'INVESTIGATOR', 'ADMIN'] as const) {
      expect(has(role, SUBJECT_IDENTITY_PERMISSIONS), role).toEqual([]);
    }
    for (const role of ['MONITOR', 'STUDY_HELPER', 'OTHER'] as const) {
      for (const p of SUBJECT_IDENTITY_PERMISSIONS)
        expect(permissionsForRole(role).has(p), `${role} ${p}`).toBe(false);
    }
  });

  it('docs/ROLES.md: ADMIN is the union of the four plus its extras, nothing more', () => {
    const expected = new Set<Permission>([
      ...permissionsForRole('INVESTIGATOR'),
      ...permissionsForRole('STUDY_HELPER'),
      ...permissionsForRole('MONITOR'),
      ...permissionsForRole('DOCTOR'),
      ...expandPermissions(ADMIN_EXTRA_PERMISSIONS),
    ]);
    expect(sorted(permissionsForRole('ADMIN'))).toEqual(sorted(expected));
    const admin = permissionsForRole('ADMIN');
    for (const p of [
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
      'QUERY_CREATE',
      'QUERY_VIEW',
      'QUERY_RESPOND',
      'QUERY_CLOSE',
      'QUERY_REOPEN',
      'QUERY_NOTIFY',
      'TRIAL_GROUP_VIEW',
      'SITE_BOOKING_CREATE',
      'AE_SIGN_INITIAL_SPONSOR',
      'AE_SIGN_FINAL_SPONSOR',
      'API_KEY_CREATE',
      'WEBHOOK_CREATE',
      'RANDOMIZATION_LIST_EXPORT',
      'PATIENT_DELETE',
      'PATIENT_IMPORT',
      'PATIENT_VIEW_EMAIL',
    ] as const) {
      expect(admin.has(p), p).toBe(true);
    }
    for (const p of ['SYSTEM_ALL', 'STUDY_START', 'STUDY_LOCK', 'TOKEN_VIEW'] as const) {
      expect(admin.has(p), p).toBe(false);
    }
  });

  it('docs/ROLES.md: OTHER: none', () => {
    expect(permissionsForRole('OTHER').size).toBe(0);
  });

  it('knows its roles', () => {
    expect(STUDY_ROLES).toEqual(['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN', 'OTHER']);
    expect(isStudyRole('ADMIN')).toBe(true);
    expect(isStudyRole('admin')).toBe(false);
  });

  it('property: ADMIN has every permission each other role has', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STUDY_ROLES), fc.constantFrom(...PERMISSIONS), (role, permission) => {
        if (permissionsForRole(role).has(permission)) {
          expect(permissionsForRole('ADMIN').has(permission)).toBe(true);
        }
      }),
    );
  });

  it('property: expanding is idempotent and only adds', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...PERMISSIONS)), (held) => {
        const once = expandPermissions(held);
        for (const p of held) expect(once.has(p)).toBe(true);
        expect(sorted(expandPermissions(once))).toEqual(sorted(once));
      }),
    );
  });
});

describe('docs/ROLES.md with site scope and per-user extras (spec 000 §6 check)', () => {
  const STUDY = 'a'.repeat(24);
  const siteLimited = (role: StudyRole, permissions: Permission[] = []): AccessUser => ({
    systemPermissions: [],
    studyAccess: [{ studyId: STUDY, role, permissions, siteIds: ['s1'] }],
  });

  it('docs/ROLES.md: a DOCTOR of site 1 reads sites and subjects of site 1 only', () => {
    const doctor = siteLimited('DOCTOR');
    for (const p of ['SITE_OVERVIEW', 'PATIENT_LIST', 'PATIENT_VIEW', 'QUESTIONNAIRE_VIEW'] as const) {
      expect(sitesWithPermission(doctor, p, STUDY), p).toEqual(['s1']);
      expect(hasPermission(doctor, p, { studyId: STUDY, siteId: 's2' }), p).toBe(false);
    }
    expect(canViewSubjectField(doctor, 'email', { studyId: STUDY, siteId: 's1' })).toBe(true);
    expect(canViewSubjectField(doctor, 'email', { studyId: STUDY, siteId: 's2' })).toBe(false);
  });

  it('docs/ROLES.md: a MONITOR sees pseudonymised subjects; a per-user extra shows the field study-wide', () => {
    const scope = { studyId: STUDY, siteId: 's1' };
    expect(canViewSubjectField(siteLimited('MONITOR'), 'lastName', scope)).toBe(false);
    expect(canViewSubjectField(siteLimited('MONITOR'), 'patientId', scope)).toBe(true);
    const granted = siteLimited('MONITOR', ['PATIENT_VIEW_LAST_NAME']);
    expect(canViewSubjectField(granted, 'lastName', scope)).toBe(true);
    expect(canViewSubjectField(granted, 'lastName', { studyId: STUDY, siteId: 's2' })).toBe(true);
    expect(canViewSubjectField(granted, 'firstName', scope)).toBe(false);
  });

  it('docs/ROLES.md: extras add to any role, OTHER included, and never take away', () => {
    const helper = siteLimited('STUDY_HELPER', ['PATIENT_CREATE']);
    expect(hasPermission(helper, 'PATIENT_CREATE', { studyId: STUDY, siteId: 's2' })).toBe(true);
    expect(hasPermission(helper, 'QUESTIONNAIRE_TEMPLATE_UPDATE', { studyId: STUDY })).toBe(true);
    const other = siteLimited('OTHER', ['AUDIT_VIEW']);
    expect(hasPermission(other, 'AUDIT_VIEW', { studyId: STUDY })).toBe(true);
    expect(hasPermission(other, 'STUDY_VIEW', { studyId: STUDY })).toBe(false);
  });
});
