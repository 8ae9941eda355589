import { formatCooldown } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { pickConsentText } from './consent-text';
import { linkProblemOf } from './link-errors';
import { codeMessageOf, sentMessageKey } from './otp-state';
import { secondsUntil } from './use-countdown';

describe('consent text language (spec 002 §2 consent page)', () => {
  const texts = [{ en: 'I agree.', da: 'Jeg accepterer.', de: '' }];
  it("uses the participant's language first", () => {
    expect(pickConsentText(texts, 'da', 'en')).toBe('Jeg accepterer.');
  });
  it('falls back to the primary language, then English', () => {
    expect(pickConsentText([{ en: 'I agree.', fr: "J'accepte." }], 'ar', 'fr')).toBe("J'accepte.");
    expect(pickConsentText(texts, 'ar', 'fr')).toBe('I agree.');
    // An empty translation counts as missing.
    expect(pickConsentText(texts, 'de', null)).toBe('I agree.');
  });
  it('gives null without any text', () => {
    expect(pickConsentText([], 'en', 'en')).toBeNull();
    expect(pickConsentText([{ da: 'x' }], 'en', 'fr')).toBeNull();
  });
});

describe('resend cooldown as mm:ss (spec 002 §7 412, §9)', () => {
  it('counts whole seconds down to zero and formats them', () => {
    expect(secondsUntil(null, 1_000)).toBe(0);
    expect(secondsUntil(61_000, 1_000)).toBe(60);
    expect(secondsUntil(1_500, 1_000)).toBe(1);
    expect(secondsUntil(500, 1_000)).toBe(0);
    expect(formatCooldown(secondsUntil(43_000, 1_000))).toBe('00:42');
    expect(formatCooldown(secondsUntil(126_000, 1_000))).toBe('02:05');
  });
});

describe('link errors (spec 002 §8)', () => {
  const error = (status: number, type: string | null, context: Record<string, unknown> = {}) => ({
    status,
    type,
    context,
  });
  it('names each refused link by its reason', () => {
    expect(linkProblemOf(error(410, 'TOKEN_DISABLED', { reason: 'DISABLED' }))).toBe('DISABLED');
    expect(linkProblemOf(error(400, 'PRECONDITION', { reason: 'COMPLETED' }))).toBe('COMPLETED');
    expect(linkProblemOf(error(400, 'PRECONDITION', { reason: 'EXPIRED' }))).toBe('EXPIRED');
    expect(linkProblemOf(error(400, 'PRECONDITION', { reason: 'EXCLUDED' }))).toBe('EXCLUDED');
    expect(linkProblemOf(error(400, 'PRECONDITION', { reason: 'NOT_ACTIVE' }))).toBe('NOT_ACTIVE');
  });
  it('tells unknown links, limits, connection and send-out failures apart', () => {
    expect(linkProblemOf(error(404, 'NOT_FOUND'))).toBe('UNKNOWN');
    expect(linkProblemOf(error(400, 'VALIDATION'))).toBe('UNKNOWN');
    expect(linkProblemOf(error(429, 'RATE_LIMITED'))).toBe('RATE_LIMITED');
    expect(linkProblemOf(error(0, null))).toBe('OFFLINE');
    expect(linkProblemOf(error(502, 'EX_COMM'))).toBe('SENDOUT');
    expect(linkProblemOf(error(500, 'INTERNAL'))).toBe('ERROR');
  });
});

describe('where the code went (spec 002 §2)', () => {
  it('names the channels', () => {
    expect(sentMessageKey({ kind: 'sent', channels: ['EMAIL'] })).toBe('LINK.OTP.SENT_EMAIL');
    expect(sentMessageKey({ kind: 'sent', channels: ['SMS'] })).toBe('LINK.OTP.SENT_SMS');
    expect(sentMessageKey({ kind: 'sent', channels: ['EMAIL', 'SMS'] })).toBe('LINK.OTP.SENT_BOTH');
    expect(sentMessageKey({ kind: 'recent' })).toBe('LINK.OTP.SENT_RECENTLY');
    expect(sentMessageKey({ kind: 'sending' })).toBeNull();
  });
});

describe('a refused code (spec 002 §8 one-time password)', () => {
  it('marks the field with the reason the server gave', () => {
    const issue = (path: string, message: string) => ({ issues: [{ path: [path], message }] });
    expect(codeMessageOf(issue('password', 'PUBLIC.ONE_TIME_PASSWORD.INVALID'))).toBe('LINK.OTP.INVALID');
    expect(codeMessageOf(issue('password', 'PUBLIC.ONE_TIME_PASSWORD.EXPIRED'))).toBe('LINK.OTP.EXPIRED');
    expect(codeMessageOf(issue('captcha', 'PUBLIC.ONE_TIME_PASSWORD.CAPTCHA_REQUIRED'))).toBe(
      'LINK.OTP.CAPTCHA_REQUIRED',
    );
    expect(codeMessageOf({})).toBe('LINK.OTP.INVALID');
  });
});
