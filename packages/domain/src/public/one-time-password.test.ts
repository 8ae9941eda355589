import { describe, expect, it } from 'vitest';
import {
  formatCooldown,
  isCaptchaRequired,
  normalizeOtpCode,
  OTP_RESEND_COOLDOWN_SECONDS,
  otpChannels,
  otpCooldownRemaining,
} from './one-time-password';

describe('Spec 002 §2, §9 one-time password', () => {
  it('counts the resend cooldown down in whole seconds', () => {
    const sent = new Date('2026-01-01T10:00:00Z');
    expect(otpCooldownRemaining(null, sent)).toBe(0);
    expect(otpCooldownRemaining(sent, sent)).toBe(OTP_RESEND_COOLDOWN_SECONDS);
    expect(otpCooldownRemaining(sent, new Date(sent.getTime() + 59_500))).toBe(1);
    expect(otpCooldownRemaining(sent, new Date(sent.getTime() + 60_000))).toBe(0);
  });

  it('shows the cooldown as mm:ss', () => {
    expect(formatCooldown(60)).toBe('01:00');
    expect(formatCooldown(9)).toBe('00:09');
    expect(formatCooldown(0)).toBe('00:00');
  });

  it('asks for a captcha only after more than 3 failures (DESIGN.md: from the 4th)', () => {
    expect([0, 1, 2, 3, 4, 5].map(isCaptchaRequired)).toEqual([false, false, false, false, true, true]);
  });

  it('reads the code sent as an integer, restoring lost leading zeros', () => {
    expect(normalizeOtpCode(12345)).toBe('012345');
    expect(normalizeOtpCode('123456')).toBe('123456');
    expect(normalizeOtpCode('12a456')).toBeNull();
    expect(normalizeOtpCode(1234567)).toBeNull();
    expect(normalizeOtpCode(undefined)).toBeNull();
  });

  it('sends codes on the channels of the data event', () => {
    expect(otpChannels('BOTH')).toEqual(['EMAIL', 'SMS']);
    expect(otpChannels('NONE')).toEqual([]);
  });
});
