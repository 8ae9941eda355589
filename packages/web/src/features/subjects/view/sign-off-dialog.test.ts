import { ENROLLMENT_SIGN_OFF_MEANING, type Permission } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/subjects.json';
import { isSignOffOffered } from './sign-off-dialog';

const only =
  (...granted: Permission[]) =>
  (permission: Permission) =>
    granted.includes(permission);
const signature = {
  signedBy: 'u'.repeat(24),
  signedByName: 'Ina Vestigator',
  signedTime: '2026-11-26T01:00:00.000Z',
  reason: null,
};

describe('enrollment sign-off on the subject records (issue 12 item 3, spec 001 §4 / §7 PUT .../signOff)', () => {
  it('is offered on an ended, unsigned enrollment to a caller with STUDY_SIGN_OFF only', () => {
    const can = only('STUDY_SIGN_OFF');
    expect(isSignOffOffered(can, { status: 'COMPLETED', signOff: null })).toBe(true);
    expect(isSignOffOffered(can, { status: 'CANCELLED', signOff: null })).toBe(true);
    expect(isSignOffOffered(can, { status: 'ONGOING', signOff: null })).toBe(false);
    expect(isSignOffOffered(can, { status: 'REGISTERED', signOff: null })).toBe(false);
    expect(isSignOffOffered(can, { status: 'COMPLETED', signOff: signature })).toBe(false);
    expect(isSignOffOffered(only('PATHWAY_RECORD_VIEW'), { status: 'COMPLETED', signOff: null })).toBe(false);
  });

  it('shows the meaning the server stores with the signature (21 CFR 11.50)', () => {
    expect(en.SUBJECTS.SIGN_OFF.MEANING).toBe(ENROLLMENT_SIGN_OFF_MEANING);
  });
});
