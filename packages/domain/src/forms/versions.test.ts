import { describe, expect, it } from 'vitest';
import { formatFormVersion, nextFormVersion } from './versions';

describe('Spec 001 §3 form versions', () => {
  it('publishes 1.0 first, then minor and major steps', () => {
    expect(nextFormVersion(null, 'minor')).toEqual({ major: 1, minor: 0 });
    expect(nextFormVersion(null, 'major')).toEqual({ major: 1, minor: 0 });
    expect(nextFormVersion({ major: 1, minor: 0 }, 'minor')).toEqual({ major: 1, minor: 1 });
    expect(nextFormVersion({ major: 1, minor: 4 }, 'major')).toEqual({ major: 2, minor: 0 });
    expect(formatFormVersion({ major: 2, minor: 10 })).toBe('2.10');
  });
});
