import { describe, expect, it } from 'vitest';
import { isKnownCallingCode, isPhoneLengthValidForCallingCode, phoneProblems } from './phone';

const optional = { required: false, requireCountryCode: false };

describe('Spec 002 §5 phone numbers', () => {
  it('knows country calling codes', () => {
    for (const code of [45, '45', '+46', 1, 44, 358])
      expect(isKnownCallingCode(code), String(code)).toBe(true);
    for (const code of [0, 999, 'abc', '']) expect(isKnownCallingCode(code), String(code)).toBe(false);
  });

  it('checks the mobile number length against its country with libphonenumber-js', () => {
    expect(isPhoneLengthValidForCallingCode('20123456', '45')).toBe(true);
    expect(isPhoneLengthValidForCallingCode('2012345', '45')).toBe(false);
    expect(isPhoneLengthValidForCallingCode('201234567', '45')).toBe(false);
    expect(phoneProblems('mobileNumber', [{ number: '2012345', countryCode: 45 }], optional)).toEqual([
      { at: [0, 'number'], message: 'INVALID_PHONENUMBER', params: { field: 'mobileNumber' } },
    ]);
    expect(phoneProblems('mobileNumber', [{ number: '20123456', countryCode: 45 }], optional)).toEqual([]);
    expect(phoneProblems('mobileNumber', [{ number: '07700900123', countryCode: '+44' }], optional)).toEqual(
      [],
    );
  });

  it('numbers: digits only', () => {
    expect(phoneProblems('homeNumber', [{ number: '+45 44 44 44 44' }], optional)[0]?.message).toBe(
      'PUBLIC.VALIDATION.VALID',
    );
    expect(
      phoneProblems('mobileNumber', [{ number: '+4520123456', countryCode: 45 }], optional)[0]?.message,
    ).toBe('PUBLIC.VALIDATION.VALID');
    expect(
      phoneProblems('mobileNumber', [{ number: '20 12 34 56', countryCode: 45 }], optional),
    ).toHaveLength(1);
  });

  it('every number: 32 characters pass, 33 fail', () => {
    expect(phoneProblems('homeNumber', [{ number: '1'.repeat(32) }], optional)).toEqual([]);
    expect(phoneProblems('workNumber', [{ number: '1'.repeat(33) }], optional)).toEqual([
      {
        at: [0, 'number'],
        message: 'PUBLIC.VALIDATION.MAX_LENGTH',
        params: { field: 'workNumber', length: 32 },
      },
    ]);
    expect(phoneProblems('mobileNumber', [{ number: '1'.repeat(33) }], optional)[0]?.message).toBe(
      'PUBLIC.VALIDATION.MAX_LENGTH',
    );
  });

  it('country code: required only when flagged (0 means none), and must be known', () => {
    expect(phoneProblems('mobileNumber', [{ number: '20123456', countryCode: 0 }], optional)).toEqual([]);
    expect(
      phoneProblems('mobileNumber', [{ number: '20123456', countryCode: 0 }], {
        ...optional,
        requireCountryCode: true,
      }),
    ).toEqual([{ at: [0, 'countryCode'], message: 'PUBLIC.VALIDATION.REQUIRED' }]);
    expect(phoneProblems('homeNumber', [{ number: '12345678', countryCode: 999 }], optional)).toEqual([
      { at: [0, 'countryCode'], message: 'PUBLIC.VALIDATION.VALID', params: { field: 'countryCode' } },
    ]);
  });

  it('required: at least one entry with a number', () => {
    const required = { ...optional, required: true };
    const missing = [{ at: [0, 'number'], message: 'PUBLIC.VALIDATION.REQUIRED' }];
    expect(phoneProblems('mobileNumber', undefined, required)).toEqual(missing);
    expect(phoneProblems('mobileNumber', [], required)).toEqual(missing);
    expect(phoneProblems('mobileNumber', [{ number: '', countryCode: 45 }], required)).toEqual(missing);
    expect(phoneProblems('mobileNumber', [{ number: '20123456', countryCode: 45 }], required)).toEqual([]);
  });

  it('reports each entry at its own index', () => {
    const problems = phoneProblems(
      'mobileNumber',
      [
        { number: '20123456', countryCode: 45 },
        { number: '1', countryCode: 45 },
      ],
      optional,
    );
    expect(problems.map((p) => p.at)).toEqual([[1, 'number']]);
  });
});
