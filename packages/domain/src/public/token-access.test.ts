import { describe, expect, it } from 'vitest';
import { nextPublicFlowStep, type TokenAccessFacts, tokenAccessProblem } from './token-access';

const now = new Date('2026-03-01T12:00:00Z');
const open: TokenAccessFacts = {
  status: 'UNUSED',
  locked: false,
  activationTime: new Date('2026-03-01T00:00:00Z'),
  expiryTime: null,
  enrollmentStatus: 'ONGOING',
};

describe('Spec 002 §4, §8 token access', () => {
  it('lets an open, active, unexpired link through', () => {
    expect(tokenAccessProblem(open, now)).toBeNull();
    expect(tokenAccessProblem({ ...open, status: 'IN_USE' }, now)).toBeNull();
  });

  it('names each refusal of the catalogue', () => {
    expect(tokenAccessProblem({ ...open, status: 'DISABLED' }, now)).toBe('DISABLED');
    expect(tokenAccessProblem({ ...open, locked: true }, now)).toBe('DISABLED');
    expect(tokenAccessProblem({ ...open, enrollmentStatus: 'UNSUBSCRIBED' }, now)).toBe('DISABLED');
    expect(tokenAccessProblem({ ...open, status: 'COMPLETED' }, now)).toBe('COMPLETED');
    expect(tokenAccessProblem({ ...open, status: 'EXPIRED' }, now)).toBe('EXPIRED');
    expect(tokenAccessProblem({ ...open, expiryTime: now }, now)).toBe('EXPIRED');
    expect(tokenAccessProblem({ ...open, status: 'EXCLUDED' }, now)).toBe('EXCLUDED');
    expect(tokenAccessProblem({ ...open, enrollmentStatus: 'EXCLUDED' }, now)).toBe('EXCLUDED');
    expect(tokenAccessProblem({ ...open, status: 'NOT_ACTIVE' }, now)).toBe('NOT_ACTIVE');
    expect(tokenAccessProblem({ ...open, activationTime: new Date('2026-03-02T00:00:00Z') }, now)).toBe(
      'NOT_ACTIVE',
    );
  });

  it('opens a completed link for the update variant only', () => {
    expect(tokenAccessProblem({ ...open, status: 'COMPLETED' }, now, { forUpdate: true })).toBeNull();
  });
});

describe('Spec 002 §4 public flow order', () => {
  const base = {
    consentRequired: true,
    didAcceptConsent: false,
    requiredOneTimePass: true,
    hasValidatedOneTimePass: false,
    forceFormOrder: true,
    dataEventType: 'TYPE_PATIENT' as const,
  };
  it('goes consent, then one-time password, then the forms', () => {
    expect(nextPublicFlowStep(base)).toBe('CONSENT');
    expect(nextPublicFlowStep({ ...base, didAcceptConsent: true })).toBe('ONE_TIME_PASSWORD');
    const done = { ...base, didAcceptConsent: true, hasValidatedOneTimePass: true };
    expect(nextPublicFlowStep(done)).toBe('QUESTIONNAIRE_FILL');
    expect(nextPublicFlowStep({ ...done, forceFormOrder: false })).toBe('QUESTIONNAIRE_INDEX');
    expect(nextPublicFlowStep({ ...done, forUpdate: true })).toBe('QUESTIONNAIRE_UPDATE');
    expect(nextPublicFlowStep({ ...done, dataEventType: 'TYPE_ECONSENT' })).toBe('ECONSENT_SIGN');
  });
});
