import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSignUpAllowed, type SignUpGate, signUpBlockReasons, signUpProgress, signUpSteps } from './steps';

const base = {
  patientFields: ['firstName'],
  patientOptionalFields: [],
  publicIntroTextEnabled: false,
  consentRequired: false,
};

describe('Spec 002 §2 sign-up steps', () => {
  it('welcome without intro text, introduction with it, never both', () => {
    expect(signUpSteps(base)).toEqual(['welcome', 'yourInformation']);
    expect(signUpSteps({ ...base, publicIntroTextEnabled: true })).toEqual([
      'introduction',
      'yourInformation',
    ]);
  });

  it('consent when required; investigator when any investigator field is asked', () => {
    expect(signUpSteps({ ...base, consentRequired: true })).toEqual([
      'welcome',
      'consent',
      'yourInformation',
    ]);
    expect(signUpSteps({ ...base, patientOptionalFields: ['investigatorId'] })).toEqual([
      'welcome',
      'investigator',
      'yourInformation',
    ]);
    expect(
      signUpSteps({
        ...base,
        patientOptionalFields: ['investigatorId'],
        disableInvestigatorAttributesFields: true,
      }),
    ).toEqual(['welcome', 'yourInformation']);
    expect(
      signUpSteps({
        ...base,
        publicIntroTextEnabled: true,
        consentRequired: true,
        patientFields: ['investigatorEmail'],
      }),
    ).toEqual(['introduction', 'consent', 'investigator', 'yourInformation']);
  });
});

describe('Spec 002 §4 sign-up progress', () => {
  it('is 100 with a single step', () => {
    expect(signUpProgress(0, 1)).toBe(100);
    expect(signUpProgress(5, 1)).toBe(100);
  });

  it('is (completed + 1) / total × 100: the first step shows 1/total', () => {
    expect(signUpProgress(0, 4)).toBe(25);
    expect(signUpProgress(1, 4)).toBe(50);
    expect(signUpProgress(3, 4)).toBe(100);
    expect(signUpProgress(0, 3)).toBeCloseTo(100 / 3);
  });

  it('is capped at 100', () => {
    expect(signUpProgress(4, 4)).toBe(100);
    expect(signUpProgress(10, 2)).toBe(100);
  });

  it('property: between 100/total and 100, and never decreasing as steps complete', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 12 }), (total, completed) => {
        const p = signUpProgress(completed, total);
        expect(p).toBeGreaterThanOrEqual(100 / total - 1e-9);
        expect(p).toBeLessThanOrEqual(100);
        expect(signUpProgress(completed + 1, total)).toBeGreaterThanOrEqual(p);
      }),
    );
  });
});

describe('Spec 002 §4 sign-up gate', () => {
  const open: SignUpGate = {
    disallowEnrollmentWhenStudyNotOngoing: true,
    disallowEnrollmentWhenPublicSignUpDisabled: true,
    studyStatus: 'PRODUCTION',
    sitePublic: true,
  };

  it('passes in production on a public site', () => {
    expect(signUpBlockReasons(open)).toEqual([]);
    expect(isSignUpAllowed(open)).toBe(true);
  });

  it('fails when the study is not in production and the flag is on', () => {
    for (const studyStatus of ['STUDY_STATUS_BUILD', 'TEST', 'AMENDMENT', 'LOCKED', 'COMPLETED'] as const) {
      expect(signUpBlockReasons({ ...open, studyStatus })).toEqual(['STUDY_NOT_ONGOING']);
    }
    expect(
      isSignUpAllowed({ ...open, studyStatus: 'LOCKED', disallowEnrollmentWhenStudyNotOngoing: false }),
    ).toBe(true);
  });

  it('fails when the site is not public and the flag is on', () => {
    expect(signUpBlockReasons({ ...open, sitePublic: false })).toEqual(['PUBLIC_SIGNUP_DISABLED']);
    expect(
      isSignUpAllowed({ ...open, sitePublic: false, disallowEnrollmentWhenPublicSignUpDisabled: false }),
    ).toBe(true);
  });

  it('gives both reasons together, and none when the checks are skipped', () => {
    const closed: SignUpGate = { ...open, studyStatus: 'LOCKED', sitePublic: false };
    expect(signUpBlockReasons(closed)).toEqual(['STUDY_NOT_ONGOING', 'PUBLIC_SIGNUP_DISABLED']);
    expect(isSignUpAllowed({ ...closed, skipChecks: true })).toBe(true);
  });
});
