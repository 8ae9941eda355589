import type { FieldIssue } from '../common/errors';
import {
  birthYearProblem,
  countryProblem,
  dateOfBirthProblem,
  genderProblem,
  languageProblem,
  textProblem,
} from './field-rules';
import {
  type FieldProblem,
  isBlankValue,
  SIGNUP_LIMITS as L,
  SIGNUP_MESSAGES as M,
  SIGNUP_ADDRESS_PARTS,
  type SignUpAddressPart,
  type SignUpFieldConfig,
} from './fields';
import { phoneProblems, SIGNUP_PHONE_FIELDS, type SignUpPhone } from './phone';

/** Spec 002 §3: one address item; sent only when all five parts are filled. */
export type SignUpAddress = Partial<Record<SignUpAddressPart, string | null>>;

/** Spec 002 §3 sign-up payload, as received: every field optional, types not yet trusted. */
export type SignUpInput = {
  language?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  initials?: string | null;
  email?: string | null;
  birthYear?: number | string | null;
  ssChecksum?: string | null;
  gender?: number | string | null;
  nationality?: string | null;
  guardian1?: string | null;
  guardian2?: string | null;
  dateOfBirth?: string | null;
  consent?: boolean | null;
  investigatorFirstName?: string | null;
  investigatorLastName?: string | null;
  investigatorEmail?: string | null;
  investigatorId?: string | null;
  mobileNumber?: SignUpPhone[] | null;
  homeNumber?: SignUpPhone[] | null;
  workNumber?: SignUpPhone[] | null;
  address?: SignUpAddress[] | null;
};

/** Spec 002 §3, §5: what the site's sign-up asks for and the flags its checks follow. */
export type SignUpConfig = SignUpFieldConfig & {
  /** Languages the study offers. */
  languages: readonly string[];
  consentRequired: boolean;
} & Partial<SignUpSwitches>;

/**
 * Spec 002 §5 sign-up switches, kept with the study's participant settings and sent to the
 * sign-up page with the site info, so both sides check the same way.
 */
export type SignUpSwitches = {
  /** Spec 002 §5: the email format check runs when this feature flag is on. */
  checkEmailFormat: boolean;
  /** Spec 002 §5: phone country codes are required when flagged. */
  requirePhoneCountryCode: boolean;
  /** Spec 002 §5: the language selector is disabled when this is on and the link has enforceLanguage. */
  enforceLanguage: boolean;
};

/**
 * Spec 002 §5 language: the selector is disabled when language enforcement is on and the link
 * carries `enforceLanguage` (and a language is preselected to keep).
 */
export function isSignUpLanguageLocked(input: {
  enforceLanguage: boolean;
  enforceLanguageQuery: string | null;
  language: string | null | undefined;
}): boolean {
  return (
    input.enforceLanguage &&
    input.enforceLanguageQuery !== null &&
    input.enforceLanguageQuery !== 'false' &&
    Boolean(input.language)
  );
}

type Report = (path: FieldIssue['path'], problem: FieldProblem | undefined) => void;

/** Spec 002 §3: every one of the five parts of this address item is filled. */
export function isCompleteSignUpAddress(item: SignUpAddress | null | undefined): boolean {
  return item != null && SIGNUP_ADDRESS_PARTS.every((part) => !isBlankValue(item[part]));
}

/** Spec 002 §3: some but not all five parts are filled (the page may hint that it will not be sent). */
export function isPartialSignUpAddress(item: SignUpAddress | null | undefined): boolean {
  return (
    item != null &&
    !isCompleteSignUpAddress(item) &&
    SIGNUP_ADDRESS_PARTS.some((part) => !isBlankValue(item[part]))
  );
}

/**
 * Spec 002 §3 "Address is sent only if all five parts are filled": the address list to send, one
 * complete item, or undefined when the address is empty or partial (left out of the payload).
 */
export function signUpAddressToSend(item: SignUpAddress | null | undefined): SignUpAddress[] | undefined {
  return item && isCompleteSignUpAddress(item) ? [item] : undefined;
}

function checkAddress(report: Report, value: unknown, isRequired: boolean): void {
  if (isBlankValue(value) || (Array.isArray(value) && value.length === 0)) {
    if (isRequired)
      for (const part of SIGNUP_ADDRESS_PARTS) report(['address', 0, part], { message: M.required });
    return;
  }
  const item: unknown = Array.isArray(value) && value.length === 1 ? value[0] : undefined;
  if (typeof item !== 'object' || item === null) {
    report(['address'], { message: M.valid, params: { field: 'address' } });
    return;
  }
  const address = item as SignUpAddress;
  // Spec 002 §3: an optional address that is not complete is not sent (and not kept when it
  // arrives), so it blocks nothing. A required one needs all five parts.
  if (!isRequired && !isCompleteSignUpAddress(address)) return;
  const at = (part: string) => ['address', 0, part];
  report(
    at('streetName'),
    textProblem('streetName', address.streetName, { required: true, max: L.streetName }),
  );
  report(
    at('streetNumber'),
    textProblem('streetNumber', address.streetNumber, { required: true, max: L.streetNumber }),
  );
  report(at('zip'), textProblem('zip', address.zip, { required: true, max: L.zip }));
  report(at('city'), textProblem('city', address.city, { required: true, max: L.city }));
  report(at('country'), countryProblem('country', address.country, true));
}

/**
 * Spec 002 §5: every issue with a public sign-up, each at its field path with the
 * spec's message template key. `now` gives "today" and the current year (UTC).
 */
export function validateSignUp(input: SignUpInput, config: SignUpConfig, now: Date): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const report: Report = (path, problem) => {
    if (problem) issues.push({ path, ...problem });
  };
  const req = (field: string) => config.patientFields.includes(field);
  const email = config.checkEmailFormat === true;
  const text = (
    field: keyof SignUpInput,
    rule: { max: number; name?: boolean; digits?: boolean; email?: boolean },
  ) => report([field], textProblem(field, input[field], { required: req(field), ...rule }));

  text('firstName', { max: L.firstName, name: true });
  text('lastName', { max: L.lastName, name: true });
  text('initials', { max: L.initials, name: true });
  text('email', { max: L.email, email });
  for (const field of SIGNUP_PHONE_FIELDS) {
    const rule = { required: req(field), requireCountryCode: config.requirePhoneCountryCode === true };
    for (const { at, ...problem } of phoneProblems(field, input[field], rule)) {
      report([field, ...at], problem);
    }
  }
  report(['birthYear'], birthYearProblem(input.birthYear, req('birthYear'), now));
  text('ssChecksum', { max: L.ssChecksum, digits: true });
  report(['gender'], genderProblem(input.gender, req('gender')));
  report(['nationality'], countryProblem('nationality', input.nationality, req('nationality')));
  text('guardian1', { max: L.guardian });
  text('guardian2', { max: L.guardian });
  report(['language'], languageProblem(input.language, req('language'), config.languages));
  report(['dateOfBirth'], dateOfBirthProblem(input.dateOfBirth, req('dateOfBirth'), now));
  checkAddress(report, input.address, req('address'));
  text('investigatorFirstName', { max: L.investigatorFirstName, name: true });
  text('investigatorLastName', { max: L.investigatorLastName, name: true });
  text('investigatorEmail', { max: L.email, email });
  text('investigatorId', { max: L.investigatorId });
  if (config.consentRequired && input.consent !== true) report(['consent'], { message: M.consentRequired });
  return issues;
}
