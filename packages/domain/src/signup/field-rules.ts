import countries from 'i18n-iso-countries';
import { isSupportedLanguage } from '../common/language-codes';
import { GENDER_CODES } from '../subjects/subject-fields';
import {
  type FieldProblem,
  isBlankValue,
  SIGNUP_MESSAGES as M,
  SIGNUP_MIN_BIRTH_YEAR,
  SIGNUP_MIN_DATE,
} from './fields';

/** Spec 000 §5: names are limited to letters, spaces, dots and hyphens (any script). */
const NAME_PATTERN = /^[\p{L}\p{M} .-]+$/u;
/** Spec 002 §5: a simple shape check; the server also checks the top-level domain (INVALID_TLD). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ALPHA2_CODES: ReadonlySet<string> = new Set(Object.keys(countries.getAlpha2Codes()));
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

const required: FieldProblem = { message: M.required };
const invalid = (field: string): FieldProblem => ({ message: M.valid, params: { field } });

/** Spec 002 §5: a known ISO 3166-1 alpha-2 code in capitals; masked and redacted placeholders are not. */
export function isKnownCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && ALPHA2_CODES.has(value);
}

/** Spec 000 §5: only letters, spaces, dots and hyphens. */
export function isValidPersonName(value: string): boolean {
  return NAME_PATTERN.test(value);
}

/** Spec 002 §5 text fields: required if marked; at most `max` long; optionally a name, digits or an email. */
export function textProblem(
  field: string,
  value: unknown,
  rule: { required: boolean; max: number; name?: boolean; digits?: boolean; email?: boolean },
): FieldProblem | undefined {
  if (isBlankValue(value)) return rule.required ? required : undefined;
  if (typeof value !== 'string') return invalid(field);
  if (value.length > rule.max) return { message: M.maxLength, params: { field, length: rule.max } };
  if (rule.name && !isValidPersonName(value)) return invalid(field);
  if (rule.digits && !/^\d+$/.test(value)) return invalid(field);
  if (rule.email && !EMAIL_PATTERN.test(value)) return invalid(field);
  return undefined;
}

/** Spec 002 §5: birth year is exactly four digits, not before 1901, not after the current year (UTC). */
export function birthYearProblem(value: unknown, isRequired: boolean, now: Date): FieldProblem | undefined {
  const field = 'birthYear';
  if (isBlankValue(value)) return isRequired ? required : undefined;
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text)) return invalid(field);
  const year = Number(text);
  const currentYear = now.getUTCFullYear();
  if (year < SIGNUP_MIN_BIRTH_YEAR)
    return { message: M.minValue, params: { field, min: SIGNUP_MIN_BIRTH_YEAR } };
  if (year > currentYear) return { message: M.maxValue, params: { field, max: currentYear } };
  return undefined;
}

/** The calendar date `YYYY-MM-DD` of an ISO date or date-time, or undefined when it is not a real date. */
export function isoCalendarDate(value: string): string | undefined {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCFullYear(y);
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real ? value.slice(0, 10) : undefined;
}

/** Spec 002 §5: date of birth is a valid date, not before 1901-01-01 and not after today (UTC). */
export function dateOfBirthProblem(value: unknown, isRequired: boolean, now: Date): FieldProblem | undefined {
  const field = 'dateOfBirth';
  if (isBlankValue(value)) return isRequired ? required : undefined;
  const date = typeof value === 'string' ? isoCalendarDate(value) : undefined;
  if (date === undefined) return invalid(field);
  const today = now.toISOString().slice(0, 10);
  if (date < SIGNUP_MIN_DATE) return { message: M.minValue, params: { field, min: SIGNUP_MIN_DATE } };
  if (date > today) return { message: M.maxValue, params: { field, max: today } };
  return undefined;
}

/** Spec 002 §3, §5: gender is one of the codes 0, 1, 2; 0 (unknown) passes. */
export function genderProblem(value: unknown, isRequired: boolean): FieldProblem | undefined {
  if (isBlankValue(value)) return isRequired ? required : undefined;
  const code = typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value;
  return (GENDER_CODES as readonly unknown[]).includes(code) ? undefined : invalid('gender');
}

/** Spec 002 §5: the language is a supported one and among those the study offers. */
export function languageProblem(
  value: unknown,
  isRequired: boolean,
  offered: readonly string[],
): FieldProblem | undefined {
  if (isBlankValue(value)) return isRequired ? required : undefined;
  const known = typeof value === 'string' && isSupportedLanguage(value) && offered.includes(value);
  return known ? undefined : invalid('language');
}

/** Spec 002 §5: country or nationality is a known two-letter code (masked entry excluded). */
export function countryProblem(field: string, value: unknown, isRequired: boolean): FieldProblem | undefined {
  if (isBlankValue(value)) return isRequired ? required : undefined;
  return typeof value === 'string' && isKnownCountryCode(value) ? undefined : invalid(field);
}
