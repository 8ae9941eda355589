import { describe, expect, it } from 'vitest';
import { parseTokenDetails } from './state';

describe('token details (issue 14 item 4: runtime state read through a schema)', () => {
  it('reads the stored keys and an empty object for a token with none', () => {
    expect(parseTokenDetails({})).toEqual({});
    expect(parseTokenDetails(null)).toEqual({});
    expect(
      parseTokenDetails({ formIndex: 2, startedAt: '2026-05-04T08:00:00.000Z', pinnedExpiry: true }),
    ).toEqual({ formIndex: 2, startedAt: '2026-05-04T08:00:00.000Z', pinnedExpiry: true });
  });

  it('refuses a stored value of the wrong shape instead of passing it on', () => {
    expect(() => parseTokenDetails({ formIndex: 'two' })).toThrow();
    expect(() => parseTokenDetails({ formIndex: -1 })).toThrow();
    expect(() => parseTokenDetails({ pinnedActivation: 'yes' })).toThrow();
  });
});
