import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http';
import serverErrorsDe from '../../locales/de/server-errors.json';
import serverErrorsEn from '../../locales/en/server-errors.json';
import { describeLoginError } from './login-errors';

beforeAll(async () => {
  await i18next.init({
    resources: { en: { translation: serverErrorsEn }, de: { translation: serverErrorsDe } },
    lng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

describe('login error display (spec 000 §8, issue 14 item 7)', () => {
  it('shows the translated default, not the server text, for a refused password (401 SECURITY)', () => {
    const error = new HttpError('POST', '/api/auth/login', 401, {
      type: 'SECURITY',
      message: 'Wrong email or password',
    });
    expect(describeLoginError(error)).toEqual({ kind: 'message', text: null });
  });

  it('says the email is not confirmed yet, from the catalog, in the user’s language', async () => {
    const error = new HttpError('POST', '/api/auth/login', 401, {
      type: 'SECURITY',
      message: 'Server text',
      context: { reason: 'EMAIL_NOT_VERIFIED' },
    });
    expect(describeLoginError(error)).toEqual({
      kind: 'message',
      text: 'Please confirm your email address first: open the link we sent you when you signed up.',
    });
    await i18next.changeLanguage('de');
    expect(describeLoginError(error)).toMatchObject({ text: expect.stringMatching(/^Bitte bestätigen Sie/) });
    await i18next.changeLanguage('en');
  });

  it('shows the lock time for ACCOUNT_LOCKED (423)', () => {
    const error = new HttpError('POST', '/api/auth/login', 423, {
      type: 'ACCOUNT_LOCKED',
      message: 'Locked',
      context: { lockedUntil: '2030-01-01T10:00:00.000Z' },
    });
    expect(describeLoginError(error)).toEqual({ kind: 'locked', until: '2030-01-01T10:00:00.000Z' });
  });

  it('puts 400 issues on their fields with the catalog’s words', () => {
    const error = new HttpError('POST', '/api/auth/login', 400, {
      type: 'VALIDATION',
      message: 'Invalid',
      context: { issues: [{ path: ['email'], message: 'Invalid email' }] },
    });
    expect(describeLoginError(error)).toEqual({
      kind: 'fields',
      fields: { email: 'This value is not valid.' },
      text: null,
    });
  });

  it('does not blame the password when the server failed or was unreachable', () => {
    expect(describeLoginError(new HttpError('POST', '/api/auth/login', 502, null))).toEqual({
      kind: 'server',
    });
    expect(describeLoginError(new HttpError('POST', '/api/auth/login', 0, null))).toEqual({ kind: 'none' });
  });

  it('falls back to the translated default when a refusal has no body', () => {
    expect(describeLoginError(new HttpError('POST', '/api/auth/login', 401, null))).toEqual({
      kind: 'message',
      text: null,
    });
  });
});
