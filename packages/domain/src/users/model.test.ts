import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SKIN, StaffUserSchema, USER_SKINS, userDisplayName } from './model';

const t = '2024-01-01T00:00:00Z';
const user = {
  id: 'a'.repeat(24),
  email: 'Ana@Example.com',
  firstName: 'Ana',
  lastName: 'Berg',
  title: null,
  phone: null,
  language: 'en',
  skin: 'battleship-grey',
  status: 'ACTIVE',
  systemPermissions: [],
  ssoOnly: false,
  failedLoginCount: 0,
  lockedUntil: null,
  lastLoginTime: null,
  passwordChangedTime: null,
  createdTime: t,
  updatedTime: t,
};

describe('Spec 000 §9 staff user', () => {
  it('offers eight skins, battleship-grey by default', () => {
    expect(USER_SKINS).toHaveLength(8);
    expect(DEFAULT_USER_SKIN).toBe('battleship-grey');
  });
  it('normalises the email and keeps the sign-up name limits (64 / 32)', () => {
    expect(StaffUserSchema.parse(user).email).toBe('ana@example.com');
    expect(StaffUserSchema.safeParse({ ...user, email: 'nope' }).success).toBe(false);
    expect(StaffUserSchema.safeParse({ ...user, firstName: 'x'.repeat(64) }).success).toBe(true);
    expect(StaffUserSchema.safeParse({ ...user, lastName: 'x'.repeat(33) }).success).toBe(false);
  });
  it('prints the signer name from first and last name', () => {
    expect(userDisplayName({ firstName: 'Ana', lastName: 'Berg' })).toBe('Ana Berg');
  });
});
