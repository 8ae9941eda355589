import { describe, expect, it } from 'vitest';
import { parseEnrollmentDetails } from './state';

const signature = {
  signedBy: 'u1',
  signedByName: 'Dr Ada Lovelace',
  signedTime: '2026-05-04T08:00:00.000Z',
  reason: null,
  meaning: 'Sign off',
};

describe('enrollment details (issue 14 item 4: runtime state read through a schema)', () => {
  it('reads signatures, discontinuation and consent as stored', () => {
    const details = {
      signOff: signature,
      deactivation: null,
      discontinuation: {
        reason: 'DEATH',
        otherReason: null,
        discontinuedBy: 'u1',
        discontinuedTime: '2026-05-04T08:00:00.000Z',
        tokenId: 't1',
      },
      disabledTokens: [{ id: 't2', status: 'UNUSED' }],
      didAcceptConsent: true,
      consentTime: '2026-05-04T08:00:00.000Z',
    };
    expect(parseEnrollmentDetails(details)).toEqual(details);
    expect(parseEnrollmentDetails({})).toEqual({});
  });

  it('refuses a signature without its printed name or a discontinuation with an unknown reason', () => {
    expect(() => parseEnrollmentDetails({ signOff: { ...signature, signedByName: undefined } })).toThrow();
    expect(() =>
      parseEnrollmentDetails({
        discontinuation: {
          reason: 'BORED',
          otherReason: null,
          discontinuedBy: null,
          discontinuedTime: '2026-05-04T08:00:00.000Z',
          tokenId: 't1',
        },
      }),
    ).toThrow();
  });
});
