/**
 * Country, nationality and phone number checks on answers (spec 001 §5 "Other" and
 * "Answers", spec 002 §5 "Phone"). Countries are ISO 3166-1 alpha-2 codes. The known-code
 * lists are the sign-up ones (`signup/`), so both flows accept exactly the same values.
 */
import type { FieldIssue } from '../common/errors';
import { isKnownCountryCode } from '../signup/field-rules';
import { isKnownCallingCode, isPhoneLengthValidForCallingCode } from '../signup/phone';
import { ANSWER_MESSAGES } from './answer-messages';

/** Spec 002 §5: phone numbers are at most 32 characters. */
export const ANSWER_PHONE_MAX_LENGTH = 32;

/** Spec 001 §3: the masked placeholder entry (REDACTED or asterisks) is never a real choice. */
export function isMaskedCountryEntry(value: string): boolean {
  return value === 'REDACTED' || /^\*+$/.test(value);
}

/** Spec 001 §5: country autocomplete must be picked from the list (a two-letter code). */
export function validateAnswerCountry(value: string, field = 'country'): FieldIssue[] {
  return isKnownCountryCode(value)
    ? []
    : [{ path: [field], message: ANSWER_MESSAGES.VALID, params: { field } }];
}

/** Spec 001 §5 / 002 §5: nationality from the known list; the masked placeholder is excluded. */
export function validateAnswerNationality(value: string, field = 'nationality'): FieldIssue[] {
  if (isMaskedCountryEntry(value) || !isKnownCountryCode(value)) {
    return [{ path: [field], message: ANSWER_MESSAGES.VALID, params: { field } }];
  }
  return [];
}

export type AnswerPhoneNumber = { countryCode: string | number; number: string };
export const ANSWER_PHONE_KINDS = ['mobile', 'home', 'work'] as const;
export type AnswerPhoneKind = (typeof ANSWER_PHONE_KINDS)[number];

/**
 * Spec 001 §5 / 002 §5 phone: known area code; mobile digits only, max 32, length per
 * country (INVALID_PHONENUMBER); work and home max 32.
 */
export function validateAnswerPhoneNumber(phone: AnswerPhoneNumber, kind: AnswerPhoneKind): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const code = String(phone.countryCode).replace(/^\+/, '');
  const isKnownCode = isKnownCallingCode(code);
  if (!isKnownCode) {
    issues.push({ path: ['countryCode'], message: ANSWER_MESSAGES.VALID, params: { field: 'countryCode' } });
  }
  if (phone.number.length > ANSWER_PHONE_MAX_LENGTH) {
    issues.push({
      path: ['number'],
      message: ANSWER_MESSAGES.MAX_LENGTH,
      params: { field: 'number', length: ANSWER_PHONE_MAX_LENGTH },
    });
    return issues;
  }
  if (kind !== 'mobile') return issues;
  if (!/^\d+$/.test(phone.number)) {
    issues.push({ path: ['number'], message: ANSWER_MESSAGES.INVALID_PHONENUMBER });
  } else if (isKnownCode && !isPhoneLengthValidForCallingCode(phone.number, code)) {
    issues.push({ path: ['number'], message: ANSWER_MESSAGES.INVALID_PHONENUMBER });
  }
  return issues;
}
