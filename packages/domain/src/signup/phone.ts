import { getCountries, getCountryCallingCode, validatePhoneNumberLength } from 'libphonenumber-js';
import { type FieldProblem, isBlankValue, SIGNUP_MESSAGES as M, SIGNUP_LIMITS } from './fields';

/** Spec 002 §3: one phone entry of the sign-up payload; countryCode 0 means none chosen. */
export type SignUpPhone = { number?: string | null; countryCode?: number | string | null };

/** Spec 002 §3: the phone fields of the sign-up payload. */
export const SIGNUP_PHONE_FIELDS = ['mobileNumber', 'homeNumber', 'workNumber'] as const;
export type SignUpPhoneField = (typeof SIGNUP_PHONE_FIELDS)[number];

/** A problem at a path relative to the phone field (`[0, 'number']`). */
export type PhoneProblem = { at: (string | number)[] } & FieldProblem;

const CALLING_CODES: ReadonlySet<string> = new Set(getCountries().map((c) => getCountryCallingCode(c)));

function isPhoneObject(value: unknown): value is SignUpPhone {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The calling code as digits; undefined for "none" (0 or empty), null for anything else. */
function callingCodeOf(value: SignUpPhone['countryCode']): string | undefined | null {
  if (value === undefined || value === null || value === 0 || value === '' || value === '0') return undefined;
  const digits = String(value).replace(/^\+/, '');
  return /^\d{1,3}$/.test(digits) ? digits : null;
}

/** Spec 002 §5: is this a known country calling code ("area code"), with or without "+"? */
export function isKnownCallingCode(code: string | number): boolean {
  return CALLING_CODES.has(String(code).replace(/^\+/, ''));
}

/** Spec 002 §5, 000 §8: does the national number have a length valid for its calling code? */
export function isPhoneLengthValidForCallingCode(nationalNumber: string, callingCode: string): boolean {
  return validatePhoneNumberLength(nationalNumber, { defaultCallingCode: callingCode }) === undefined;
}

function entryProblems(field: SignUpPhoneField, index: number, entry: SignUpPhone, requireCode: boolean) {
  const problems: PhoneProblem[] = [];
  const { number } = entry;
  if (isBlankValue(number)) return problems;
  const code = callingCodeOf(entry.countryCode);
  const knownCode = typeof code === 'string' && isKnownCallingCode(code);
  if (code === undefined && requireCode) problems.push({ at: [index, 'countryCode'], message: M.required });
  if (code !== undefined && !knownCode) {
    problems.push({ at: [index, 'countryCode'], message: M.valid, params: { field: 'countryCode' } });
  }
  const at = [index, 'number'];
  if (typeof number !== 'string') problems.push({ at, message: M.valid, params: { field } });
  else if (number.length > SIGNUP_LIMITS.phone) {
    problems.push({ at, message: M.maxLength, params: { field, length: SIGNUP_LIMITS.phone } });
  } else if (!/^\d+$/.test(number)) {
    // The spec says digits only for mobile numbers; home and work numbers are stored as digits too.
    problems.push({ at, message: M.valid, params: { field } });
  } else if (field === 'mobileNumber' && knownCode && !isPhoneLengthValidForCallingCode(number, code)) {
    problems.push({ at, message: M.invalidPhoneNumber, params: { field } });
  }
  return problems;
}

/**
 * Spec 002 §5 phone rules: country code required when flagged and known; every number
 * digits only, at most 32 characters; a mobile number with a length valid for its country.
 */
export function phoneProblems(
  field: SignUpPhoneField,
  entries: unknown,
  rule: { required: boolean; requireCountryCode: boolean },
): PhoneProblem[] {
  const requiredProblem: PhoneProblem = { at: [0, 'number'], message: M.required };
  if (!Array.isArray(entries)) {
    if (!isBlankValue(entries)) return [{ at: [], message: M.valid, params: { field } }];
    return rule.required ? [requiredProblem] : [];
  }
  const list: unknown[] = entries;
  const hasNumber = list.some((e) => isPhoneObject(e) && !isBlankValue(e.number));
  const problems: PhoneProblem[] = !hasNumber && rule.required ? [requiredProblem] : [];
  list.forEach((entry, index) => {
    if (!isPhoneObject(entry)) problems.push({ at: [index], message: M.valid, params: { field } });
    else problems.push(...entryProblems(field, index, entry, rule.requireCountryCode));
  });
  return problems;
}
