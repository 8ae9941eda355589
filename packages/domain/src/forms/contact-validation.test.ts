import { describe, expect, it } from 'vitest';
import { isKnownCallingCode } from '../signup/phone';
import { ANSWER_MESSAGES } from './answer-messages';
import {
  validateAnswerCountry as validateCountry,
  validateAnswerNationality as validateNationality,
  validateAnswerPhoneNumber as validatePhoneNumber,
} from './contact-validation';

describe('Spec 001 §5 country and nationality', () => {
  it('accepts two-letter codes from the known list only', () => {
    expect(validateCountry('DK')).toEqual([]);
    expect(validateCountry('de')).toHaveLength(1);
    expect(validateCountry('XX')).toEqual([
      { path: ['country'], message: ANSWER_MESSAGES.VALID, params: { field: 'country' } },
    ]);
    expect(validateCountry('DNK')).toHaveLength(1);
    expect(validateCountry('208')).toHaveLength(1);
  });

  it('excludes the masked placeholder from nationality choices', () => {
    expect(validateNationality('SE')).toEqual([]);
    expect(validateNationality('REDACTED')).toHaveLength(1);
    expect(validateNationality('*****')).toHaveLength(1);
  });
});

describe('Spec 002 §5 phone numbers', () => {
  it('requires a known area code', () => {
    expect(isKnownCallingCode('45')).toBe(true);
    expect(isKnownCallingCode('+44')).toBe(true);
    expect(isKnownCallingCode(999)).toBe(false);
    expect(validatePhoneNumber({ countryCode: '999', number: '12345678' }, 'home')[0]?.path).toEqual([
      'countryCode',
    ]);
  });

  it('checks mobile numbers for digits only and the per-country length', () => {
    expect(validatePhoneNumber({ countryCode: 45, number: '20123456' }, 'mobile')).toEqual([]);
    expect(validatePhoneNumber({ countryCode: 45, number: '2012345' }, 'mobile')[0]?.message).toBe(
      'INVALID_PHONENUMBER',
    );
    expect(validatePhoneNumber({ countryCode: 45, number: '201234567' }, 'mobile')[0]?.message).toBe(
      'INVALID_PHONENUMBER',
    );
    expect(validatePhoneNumber({ countryCode: 45, number: '2012 3456' }, 'mobile')[0]?.message).toBe(
      'INVALID_PHONENUMBER',
    );
  });

  it('limits every number to 32 characters', () => {
    expect(validatePhoneNumber({ countryCode: 45, number: '1'.repeat(32) }, 'work')).toEqual([]);
    expect(validatePhoneNumber({ countryCode: 45, number: '1'.repeat(33) }, 'work')[0]).toMatchObject({
      message: ANSWER_MESSAGES.MAX_LENGTH,
      params: { length: 32 },
    });
  });
});
