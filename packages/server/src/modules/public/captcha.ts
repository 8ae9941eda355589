/**
 * A self-hosted proof-of-work captcha in the ALTCHA format (spec 002 §2: a captcha after more
 * than 3 failed codes; issue 8 item 5). The server issues `{algorithm, challenge, salt,
 * signature}`: the challenge is SHA-256(salt + secret number), signed with an HMAC so the server
 * keeps no state; the browser's widget finds the number and sends the payload back as base64
 * JSON. The salt carries its expiry (`?expires=`), and a solved challenge is accepted once.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaChallenge } from '@trialbase/domain';
import { blockedUntil, recordFailure } from '../../platform/auth/throttle';
import type { Executor } from '../../platform/db/client';

/** Work for a phone: on average maxnumber/2 hashes, well under a second. */
export const CAPTCHA_MAX_NUMBER = 50_000;
export const CAPTCHA_TTL_MINUTES = 10;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type Captcha = {
  issue(now: Date): CaptchaChallenge;
  /** True when the payload solves a challenge this server signed, unexpired and not used before. */
  verify(db: Executor, payload: string | undefined, now: Date): Promise<boolean>;
};

/** The captcha with its HMAC key (TRIALBASE_CAPTCHA_SECRET; a random key per process without it). */
export function createCaptcha(secret: string = randomBytes(32).toString('hex')): Captcha {
  const sign = (challenge: string) => createHmac('sha256', secret).update(challenge).digest('hex');
  return {
    issue(now) {
      const expires = Math.floor(now.getTime() / 1000) + CAPTCHA_TTL_MINUTES * 60;
      const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
      const challenge = sha256(`${salt}${randomInt(0, CAPTCHA_MAX_NUMBER + 1)}`);
      return {
        algorithm: 'SHA-256',
        challenge,
        maxnumber: CAPTCHA_MAX_NUMBER,
        salt,
        signature: sign(challenge),
      };
    },
    async verify(db, payload, now) {
      if (!payload) return false;
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;
      } catch {
        return false;
      }
      const { algorithm, challenge, number, salt, signature } = parsed;
      if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string') return false;
      if (typeof signature !== 'string' || typeof number !== 'number' || !Number.isInteger(number))
        return false;
      const expires = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('expires'));
      if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(challenge));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      if (sha256(`${salt}${number}`) !== challenge) return false;
      // Single use: the solved challenge is remembered (as a blocked throttle key) until it expires.
      const key = `captcha:${challenge}`;
      if (await blockedUntil(db, key, now)) return false;
      await recordFailure(db, key, now, {
        maxFailures: 1,
        windowMinutes: 1,
        blockMinutes: CAPTCHA_TTL_MINUTES,
      });
      return true;
    },
  };
}

/** What a browser widget does: finds the number (tests use it to solve challenges for real). */
export function solveCaptcha(challenge: CaptchaChallenge): string | null {
  for (let n = 0; n <= challenge.maxnumber; n += 1) {
    if (sha256(`${challenge.salt}${n}`) === challenge.challenge) {
      const payload = { ...challenge, number: n };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  return null;
}
