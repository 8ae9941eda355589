import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http';
import { describeLoginError } from './login-errors';

describe('login error display (spec 000 §8)', () => {
  it('shows the server message for a refused password (401 SECURITY)', () => {
    const error = new HttpError('POST', '/api/auth/login', 401, {
      type: 'SECURITY',
      message: 'Wrong email or password',
    });
    expect(describeLoginError(error)).toEqual({ kind: 'message', text: 'Wrong email or password' });
  });

  it('shows the lock time for ACCOUNT_LOCKED (423)', () => {
    const error = new HttpError('POST', '/api/auth/login', 423, {
      type: 'ACCOUNT_LOCKED',
      message: 'Locked',
      context: { lockedUntil: '2030-01-01T10:00:00.000Z' },
    });
    expect(describeLoginError(error)).toEqual({ kind: 'locked', until: '2030-01-01T10:00:00.000Z' });
  });

  it('puts 400 issues on their fields', () => {
    const error = new HttpError('POST', '/api/auth/login', 400, {
      type: 'VALIDATION',
      message: 'Invalid',
      context: { issues: [{ path: ['email'], message: 'Invalid email' }] },
    });
    expect(describeLoginError(error)).toEqual({
      kind: 'fields',
      fields: { email: 'Invalid email' },
      text: null,
    });
  });

  it('does not blame the password when the server failed or was unreachable', () => {
    expect(describeLoginError(new HttpError('POST', '/api/auth/login', 502, null))).toEqual({
      kind: 'server',
    });
    expect(describeLoginError(new HttpError('POST', '/api/auth/login', 0, null))).toEqual({ kind: 'none' });
  });

  it('falls back to the translated default when a refusal has no message', () => {
    expect(describeLoginError(new HttpError('POST', '/api/auth/login', 401, null))).toEqual({
      kind: 'message',
      text: null,
    });
  });
});
