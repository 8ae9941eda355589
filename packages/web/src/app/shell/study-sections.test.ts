import { type Permission, permissionsForRole, type StudyRole } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import type { StudyAbilities } from '../abilities';
import { MODULES_WITHOUT_SCREEN, pendingSectionsFor, STUDY_SECTIONS } from './study-sections';

/** The abilities a holder of exactly these permissions gets (what GET /me/access computes). */
function holding(permissions: Iterable<Permission>, role: string | null = null): StudyAbilities {
  const held = new Set(permissions);
  return {
    abilities: null,
    role,
    studyName: 'Trial',
    isPending: false,
    can: (permission) => held.has(permission),
  };
}

const asRole = (role: StudyRole) => holding(permissionsForRole(role), role);
const menu = (study: StudyAbilities) =>
  STUDY_SECTIONS.filter((section) => section.isAllowed(study)).map((section) => section.key);

describe('issue 12 navigation by ability: the study menu follows permissions, not role names', () => {
  it('shows a section exactly when its permission is held', () => {
    expect(menu(holding(['STUDY_VIEW', 'PATIENT_LIST']))).toEqual(['OVERVIEW', 'SUBJECTS']);
    expect(menu(holding(['STUDY_VIEW']))).toEqual(['OVERVIEW']);
    expect(menu(holding([], 'OTHER'))).toEqual([]);
  });

  it('takes a monitor to the data of their sites (subjects) and keeps study admin away', () => {
    const monitor = menu(asRole('MONITOR'));
    expect(monitor).toContain('SUBJECTS');
    expect(monitor).not.toContain('ACCESS');
    expect(monitor).not.toContain('API');
  });

  it('offers the translation screens only with canEdit (spec 001 §6: STUDY_TRANSLATIONS)', () => {
    expect(menu(asRole('ADMIN'))).toContain('TRANSLATIONS');
    expect(menu(asRole('STUDY_HELPER'))).not.toContain('TRANSLATIONS');
    expect(menu(holding(['STUDY_VIEW', 'STUDY_TRANSLATIONS']))).toEqual(['OVERVIEW', 'TRANSLATIONS']);
  });

  it('gives the study admin every section', () => {
    expect(menu(asRole('ADMIN'))).toEqual(STUDY_SECTIONS.map((section) => section.key));
  });
});

describe('issue 12 item 7: sections without a screen say so', () => {
  it('issue 28 item 4: external data has its screen, in the menu of those who may import answers', () => {
    expect(pendingSectionsFor(asRole('ADMIN'), ['EXTERNAL_DATA'])).toEqual([]);
    expect(MODULES_WITHOUT_SCREEN.has('EXTERNAL_DATA')).toBe(false);
    expect(menu(holding(['PATIENT_DELETE']))).toEqual(['EXTERNAL_DATA']);
    expect(menu(asRole('ADMIN'))).toContain('EXTERNAL_DATA');
    expect(menu(asRole('DOCTOR'))).not.toContain('EXTERNAL_DATA');
  });

  it('issue 28: webhooks have their screen, in the menu of those who list webhooks', () => {
    expect(MODULES_WITHOUT_SCREEN.has('WEBHOOKS')).toBe(false);
    expect(menu(holding(['WEBHOOK_LIST']))).toEqual(['WEBHOOKS']);
    expect(menu(asRole('ADMIN'))).toContain('WEBHOOKS');
    expect(menu(asRole('MONITOR'))).not.toContain('WEBHOOKS');
  });

  it('issue 24: e-consent has its screen, in the menu of those who list consents or read documents', () => {
    expect(MODULES_WITHOUT_SCREEN.has('ECONSENT')).toBe(false);
    expect(menu(holding(['ECONSENT_LIST']))).toContain('ECONSENT');
    expect(menu(holding(['ECONSENT_VIEW']))).toContain('ECONSENT');
    expect(menu(asRole('INVESTIGATOR'))).toContain('ECONSENT');
    expect(menu(holding(['STUDY_VIEW']))).not.toContain('ECONSENT');
  });

  it('marks the modules without a screen', () => {
    expect(MODULES_WITHOUT_SCREEN.has('UNSCHEDULED_EVENT_REFERENCES')).toBe(true);
    expect(MODULES_WITHOUT_SCREEN.has('API_KEYS')).toBe(false);
  });

  it('issue 21: medication has its screens, the listing in the menu of those who list medication', () => {
    expect(MODULES_WITHOUT_SCREEN.has('MEDICATION')).toBe(false);
    expect(MODULES_WITHOUT_SCREEN.has('MEDICATION_ACCOUNTING')).toBe(false);
    expect(menu(holding(['PATIENT_LIST_MEDICATION']))).toContain('MEDICATION');
    expect(menu(holding(['STUDY_VIEW']))).not.toContain('MEDICATION');
  });

  it('issue 20: adverse events have their screen, in the menu of those who may list AEs', () => {
    expect(MODULES_WITHOUT_SCREEN.has('ADVERSE_EVENTS')).toBe(false);
    expect(menu(holding(['AE_LIST']))).toContain('ADVERSE_EVENTS');
    expect(menu(asRole('INVESTIGATOR'))).toContain('ADVERSE_EVENTS');
    expect(menu(asRole('DOCTOR'))).toContain('ADVERSE_EVENTS');
    expect(menu(holding(['STUDY_VIEW']))).not.toContain('ADVERSE_EVENTS');
  });
});

describe('issue 25: the data page and the reports are in the menu by permission', () => {
  it('shows Data for any data tab permission and each report for its own', () => {
    expect(menu(holding(['DATA_VIEW_STATUS']))).toEqual(['DATA']);
    expect(menu(holding(['REPORTING_VERIFICATION']))).toEqual(['VERIFICATION_REPORT']);
    expect(menu(holding(['REPORTING_SITE']))).toEqual(['SITE_REPORT']);
    const monitor = menu(asRole('MONITOR'));
    for (const key of ['DATA', 'VERIFICATION_REPORT', 'SITE_REPORT']) expect(monitor).toContain(key);
    expect(menu(asRole('STUDY_HELPER'))).not.toContain('DATA');
  });

  it('no longer lists them as not available yet', () => {
    const keys = pendingSectionsFor(asRole('ADMIN'), ['REPORTING']).map((section) => section.key);
    expect(keys).not.toContain('DATA');
    expect(keys).not.toContain('REPORTING');
  });
});
