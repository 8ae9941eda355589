import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccessUser,
  abilitiesFor,
  hasPermission,
  isAdminLite,
  isSystemAdmin,
  sitesWithPermission,
  type UserStudyAccess,
} from './check';
import { PERMISSIONS } from './permissions';
import { STUDY_ROLES } from './roles';

const STUDY = 'a'.repeat(24);
const OTHER_STUDY = 'b'.repeat(24);

function user(studyAccess: UserStudyAccess[] = [], systemPermissions: AccessUser['systemPermissions'] = []) {
  return { systemPermissions, studyAccess } satisfies AccessUser;
}

describe('Spec 000 §6 system admin and admin-lite', () => {
  it('SYSTEM_ALL makes a system admin, and not an admin-lite', () => {
    const admin = user([], ['SYSTEM_ALL']);
    expect(isSystemAdmin(admin)).toBe(true);
    expect(isAdminLite(admin)).toBe(false);
  });

  it('study list and user list without SYSTEM_ALL make an admin-lite', () => {
    const lite = user([], ['SYSTEM_STUDY_LIST', 'SYSTEM_USER_LIST']);
    expect(isAdminLite(lite)).toBe(true);
    expect(isSystemAdmin(lite)).toBe(false);
    expect(hasPermission(lite, 'STUDY_VIEW', { studyId: STUDY })).toBe(false);
  });

  it('one of the two lists is not enough', () => {
    expect(isAdminLite(user([], ['SYSTEM_STUDY_LIST']))).toBe(false);
    expect(isAdminLite(user([], ['SYSTEM_USER_LIST']))).toBe(false);
    expect(isAdminLite(user([{ studyId: STUDY, role: 'ADMIN', siteIds: 'ALL' }]))).toBe(false);
  });
});

describe('Spec 000 §6 hasPermission', () => {
  it('passes at system level, with or without a scope', () => {
    const u = user([], ['AE_VIEW']);
    expect(hasPermission(u, 'AE_VIEW')).toBe(true);
    expect(hasPermission(u, 'AE_VIEW', { studyId: STUDY, siteId: 's1' })).toBe(true);
    expect(hasPermission(u, 'AE_CREATE', { studyId: STUDY })).toBe(false);
  });

  it('passes at study level through study-level extras, for any site of that study only', () => {
    const u = user([{ studyId: STUDY, role: 'OTHER', permissions: ['BREAK_BLIND'], siteIds: [] }]);
    expect(hasPermission(u, 'BREAK_BLIND', { studyId: STUDY })).toBe(true);
    expect(hasPermission(u, 'BREAK_BLIND', { studyId: STUDY, siteId: 'any' })).toBe(true);
    expect(hasPermission(u, 'BREAK_BLIND', { studyId: OTHER_STUDY })).toBe(false);
    expect(hasPermission(u, 'BREAK_BLIND')).toBe(false);
  });

  it('expands *_ALL extras at study level', () => {
    const u = user([{ studyId: STUDY, role: 'OTHER', permissions: ['STUDY_ALL'], siteIds: [] }]);
    expect(hasPermission(u, 'STUDY_LOCK', { studyId: STUDY })).toBe(true);
  });

  it('passes through a study-wide role for every site', () => {
    const u = user([{ studyId: STUDY, role: 'DOCTOR', siteIds: 'ALL' }]);
    expect(hasPermission(u, 'PATIENT_VIEW', { studyId: STUDY })).toBe(true);
    expect(hasPermission(u, 'PATIENT_VIEW', { studyId: STUDY, siteId: 'any' })).toBe(true);
    expect(hasPermission(u, 'AE_SIGN_CLASSIFICATION', { studyId: STUDY })).toBe(false);
  });

  it('passes through a site-limited role for its sites and refuses another site', () => {
    const u = user([{ studyId: STUDY, role: 'DOCTOR', siteIds: ['s1', 's2'] }]);
    expect(hasPermission(u, 'PATIENT_VIEW', { studyId: STUDY, siteId: 's1' })).toBe(true);
    expect(hasPermission(u, 'PATIENT_VIEW', { studyId: STUDY, siteId: 's2' })).toBe(true);
    expect(hasPermission(u, 'PATIENT_VIEW', { studyId: STUDY, siteId: 's3' })).toBe(false);
    expect(hasPermission(u, 'PATIENT_VIEW', { studyId: OTHER_STUDY, siteId: 's1' })).toBe(false);
  });

  it('counts a site-limited role for a study-level check only when it covers at least one site', () => {
    const some = user([{ studyId: STUDY, role: 'DOCTOR', siteIds: ['s1'] }]);
    const none = user([{ studyId: STUDY, role: 'DOCTOR', siteIds: [] }]);
    expect(hasPermission(some, 'PATIENT_LIST', { studyId: STUDY })).toBe(true);
    expect(hasPermission(none, 'PATIENT_LIST', { studyId: STUDY })).toBe(false);
  });

  it('refuses study permissions without a study in scope when only a role holds them', () => {
    const u = user([{ studyId: STUDY, role: 'ADMIN', siteIds: 'ALL' }]);
    expect(hasPermission(u, 'STUDY_UPDATE')).toBe(false);
  });

  it('refuses everything to OTHER and to a user without access', () => {
    const other = user([{ studyId: STUDY, role: 'OTHER', siteIds: 'ALL' }]);
    for (const p of PERMISSIONS) {
      expect(hasPermission(other, p, { studyId: STUDY })).toBe(false);
      expect(hasPermission(user(), p, { studyId: STUDY, siteId: 's1' })).toBe(false);
    }
  });

  it('property: a system-level permission passes for any scope', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PERMISSIONS),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (permission, studyId, siteId) => {
          expect(hasPermission(user([], [permission]), permission, { studyId, siteId })).toBe(true);
          expect(hasPermission(user([], ['SYSTEM_ALL']), permission, { studyId, siteId })).toBe(true);
        },
      ),
    );
  });

  it('property: a site-limited role never passes for a site it does not list', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STUDY_ROLES),
        fc.constantFrom(...PERMISSIONS),
        fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 4 }),
        fc.string({ minLength: 1 }),
        (role, permission, siteIds, siteId) => {
          fc.pre(!siteIds.includes(siteId));
          const u = user([{ studyId: STUDY, role, siteIds }]);
          expect(hasPermission(u, permission, { studyId: STUDY, siteId })).toBe(false);
        },
      ),
    );
  });
});

describe('Spec 000 §6 sitesWithPermission', () => {
  it('lists the sites of a site-limited role, ALL for study-wide grants', () => {
    const limited = user([
      { studyId: STUDY, role: 'DOCTOR', siteIds: ['s1'] },
      { studyId: STUDY, role: 'INVESTIGATOR', siteIds: ['s2'] },
    ]);
    expect(sitesWithPermission(limited, 'PATIENT_CREATE', STUDY)).toEqual(['s1']);
    expect(sitesWithPermission(limited, 'AE_INVESTIGATE', STUDY)).toEqual(['s2']);
    expect(sitesWithPermission(limited, 'PATIENT_LIST', STUDY)).toEqual(['s1', 's2']);
    expect(sitesWithPermission(limited, 'SITE_CREATE', STUDY)).toEqual([]);
    expect(
      sitesWithPermission(user([{ studyId: STUDY, role: 'DOCTOR', siteIds: 'ALL' }]), 'PATIENT_LIST', STUDY),
    ).toBe('ALL');
    expect(sitesWithPermission(user([], ['SYSTEM_ALL']), 'PATIENT_LIST', STUDY)).toBe('ALL');
    const extra = user([{ studyId: STUDY, role: 'OTHER', permissions: ['PATIENT_LIST'], siteIds: ['s1'] }]);
    expect(sitesWithPermission(extra, 'PATIENT_LIST', STUDY)).toBe('ALL');
  });
});

describe('DESIGN.md abilities (spec 000 §6)', () => {
  it('gives one boolean per permission asked', () => {
    const u = user([{ studyId: STUDY, role: 'INVESTIGATOR', siteIds: ['s1'] }]);
    expect(abilitiesFor(u, { studyId: STUDY, siteId: 's1' }, ['AE_VIEW', 'PATIENT_CREATE'])).toEqual({
      AE_VIEW: true,
      PATIENT_CREATE: false,
    });
    expect(abilitiesFor(u, { studyId: STUDY, siteId: 's9' }, ['AE_VIEW'])).toEqual({ AE_VIEW: false });
  });

  it('covers every permission by default', () => {
    const all = abilitiesFor(user([], ['SYSTEM_ALL']), {});
    expect(Object.keys(all).sort()).toEqual([...PERMISSIONS].sort());
    expect(Object.values(all).every(Boolean)).toBe(true);
  });
});
