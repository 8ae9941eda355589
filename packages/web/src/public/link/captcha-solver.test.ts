import type { CaptchaChallenge } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { solveCaptchaChallenge } from './captcha-solver';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function challengeFor(number: number, maxnumber = 5_000): Promise<CaptchaChallenge> {
  const salt = 'abc123?expires=1999999999';
  return {
    algorithm: 'SHA-256',
    challenge: await sha256Hex(`${salt}${number}`),
    maxnumber,
    salt,
    signature: 'f'.repeat(64),
  };
}

describe('captcha proof of work (spec 002 §2, issue 8 item 5)', () => {
  it('finds the number and encodes the ALTCHA payload the server verifies', async () => {
    const challenge = await challengeFor(1234);
    const progress: number[] = [];
    const solution = await solveCaptchaChallenge(challenge, { onProgress: (p) => progress.push(p) });
    expect(solution).not.toBeNull();
    const payload = JSON.parse(atob(solution as string)) as Record<string, unknown>;
    expect(payload).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
    });
    // It worked in batches, reporting progress up to done.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
  });

  it('answers null when no number up to maxnumber fits', async () => {
    const challenge = await challengeFor(900, 500);
    expect(await solveCaptchaChallenge(challenge)).toBeNull();
  });

  it('stops when aborted', async () => {
    const challenge = await challengeFor(4_900);
    const controller = new AbortController();
    controller.abort();
    await expect(solveCaptchaChallenge(challenge, { signal: controller.signal })).rejects.toThrow();
  });
});
