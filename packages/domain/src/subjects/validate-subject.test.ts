import { describe, expect, it } from 'vitest';
import { REDACTED } from './model';
import {
  hasInvalidPhoneNumber,
  mergeSubjectAttributes,
  mergeSubjectName,
  missingSubjectAttributes,
  normalizeSubjectAttributes,
  validateSubjectAttributes,
} from './validate-subject';

const ctx = { now: new Date('2024-06-01T00:00:00Z'), studyLanguages: ['en', 'da'] };

describe('Spec 001 §5 / 002 §5 staff subject attribute rules', () => {
  it('accepts a full, valid subject', () => {
    const a = normalizeSubjectAttributes({
      firstName: 'Ana',
      email: 'ana@example.com',
      mobileNumber: [{ number: '20123456', countryCode: 45 }],
      dateOfBirth: '1980-05-17',
      birthYear: 1980,
      nationality: 'DK',
      language: 'da',
      address: [{ streetName: 'Main', streetNumber: '1', zip: '2100', city: 'Copenhagen', country: 'DK' }],
    });
    expect(validateSubjectAttributes(a, ctx)).toEqual([]);
  });

  it('INVALID_PHONENUMBER: a Danish mobile number must have 8 digits', () => {
    const a = normalizeSubjectAttributes({ mobileNumber: [{ number: '123', countryCode: 45 }] });
    const issues = validateSubjectAttributes(a, ctx);
    expect(issues.map((i) => i.path)).toEqual([['mobileNumber', 0, 'number']]);
    expect(hasInvalidPhoneNumber(issues)).toBe(true);
  });

  it('refuses unknown dialling codes, bad emails, future dates, mismatched birth year, unoffered languages', () => {
    const a = normalizeSubjectAttributes({
      homeNumber: [{ number: '1234', countryCode: 999 }],
      email: 'nope',
      dateOfBirth: '2030-01-01',
      birthYear: 1990,
      language: 'de',
      nationality: 'XX',
    });
    const paths = validateSubjectAttributes(a, ctx).map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'homeNumber.0.countryCode',
        'email',
        'dateOfBirth',
        'birthYear',
        'language',
        'nationality',
      ]),
    );
  });

  it('an update keeps absent and REDACTED fields and clears null ones', () => {
    const stored = normalizeSubjectAttributes({ firstName: 'Ana', lastName: 'Berg', email: 'a@example.com' });
    const merged = mergeSubjectAttributes(stored, { firstName: REDACTED, lastName: null, initials: 'AB' });
    expect(merged).toMatchObject({
      firstName: 'Ana',
      lastName: null,
      email: 'a@example.com',
      initials: 'AB',
    });
  });

  it('missingAttributes lists required fields left empty', () => {
    const a = normalizeSubjectAttributes({ firstName: 'Ana', mobileNumber: [] });
    expect(missingSubjectAttributes(a, ['firstName', 'email', 'mobileNumber'])).toEqual([
      'email',
      'mobileNumber',
    ]);
  });

  it('merges first and last name for the light list', () => {
    expect(mergeSubjectName('Ana', 'Berg')).toBe('Ana Berg');
    expect(mergeSubjectName(null, 'Berg')).toBe('Berg');
  });
});
