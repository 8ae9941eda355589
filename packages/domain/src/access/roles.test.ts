import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandPermissions, PERMISSION_IMPLICATIONS } from './implications';
import { isPermission, PERMISSIONS, type Permission } from './permissions';
import { ADMIN_EXTRA_PERMISSIONS, isStudyRole, permissionsForRole, STUDY_ROLES } from './roles';

const sorted = (set: ReadonlySet<Permission>) => [...set].sort();

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

describe('Spec 000 §6 role table', () => {
  it('lets every working role open its study (STUDY_VIEW), and OTHER nothing', () => {
    for (const role of ['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN'] as const) {
      expect(permissionsForRole(role).has('STUDY_VIEW'), role).toBe(true);
    }
    expect(permissionsForRole('OTHER').size).toBe(0);
  });

  it('INVESTIGATOR: process list; AE list / view / update / investigate; sign classification; sign follow-up', () => {
    expect(sorted(permissionsForRole('INVESTIGATOR'))).toEqual(
      [
        'STUDY_VIEW',
        'PATHWAY_LIST',
        'AE_LIST',
        'AE_VIEW',
        'AE_UPDATE',
        'AE_INVESTIGATE',
        'AE_SIGN_CLASSIFICATION',
        'AE_SIGN_FOLLOW_UP',
      ].sort(),
    );
  });

  it('STUDY_HELPER: sites, AE create, processes, form templates, question templates, images, unexpected records', () => {
    expect(sorted(permissionsForRole('STUDY_HELPER'))).toEqual(
      [
        'STUDY_VIEW',
        'SITE_OVERVIEW',
        'SITE_EDIT',
        'SITE_DELETE',
        'AE_CREATE',
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
        'QUESTION_TEMPLATE_LIST',
        'QUESTION_TEMPLATE_VIEW',
        'QUESTION_TEMPLATE_CREATE',
        'QUESTION_TEMPLATE_UPDATE',
        'QUESTION_TEMPLATE_DELETE',
        'IMAGE_ALL',
        'IMAGE_LIST',
        'IMAGE_VIEW',
        'IMAGE_UPLOAD',
        'IMAGE_DELETE',
        'PATHWAY_RECORD_UNEXPECTED',
      ].sort(),
    );
  });

  it('MONITOR: study view; mail and SMS logs; all data; audit view; reads filled forms to verify them', () => {
    const monitor = permissionsForRole('MONITOR');
    for (const p of ['STUDY_VIEW', 'MAIL_LOG_VIEW', 'SMS_LOG_VIEW', 'DATA_ALL', 'AUDIT_VIEW'] as const) {
      expect(monitor.has(p), p).toBe(true);
    }
    expect(monitor.has('DATA_VIEW_ANSWERS')).toBe(true);
    expect(monitor.has('STUDY_UPDATE')).toBe(false);
    expect(monitor.has('PATIENT_VIEW')).toBe(false);
    expect(monitor.has('QUESTIONNAIRE_VIEW')).toBe(true);
    expect(monitor.has('QUESTIONNAIRE_UPDATE')).toBe(false);
    expect(monitor.size).toBe(6 + PERMISSION_IMPLICATIONS.DATA_ALL.length);
  });

  it('DOCTOR: subjects, subject medication, records, tokens, questionnaires', () => {
    expect(sorted(permissionsForRole('DOCTOR'))).toEqual(
      [
        'STUDY_VIEW',
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
      ].sort(),
    );
  });

  it('ADMIN: the union of the four plus its extras, nothing more', () => {
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
    ] as const) {
      expect(admin.has(p), p).toBe(true);
    }
    for (const p of [
      'SYSTEM_ALL',
      'STUDY_START',
      'STUDY_LOCK',
      'BREAK_BLIND',
      'PATIENT_VIEW_EMAIL',
    ] as const) {
      expect(admin.has(p), p).toBe(false);
    }
  });

  it('OTHER: none', () => {
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
