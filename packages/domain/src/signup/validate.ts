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
  /** Spec 002 §5: the email format check runs when this feature flag is on. */
  checkEmailFormat?: boolean;
  /** Spec 002 §5: phone country codes are required when flagged. */
  requirePhoneCountryCode?: boolean;
};

type Report = (path: FieldIssue['path'], problem: FieldProblem | undefined) => void;

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
  // All five parts or none: once one part is filled the others are required too.
  const all = isRequired || SIGNUP_ADDRESS_PARTS.some((part) => !isBlankValue(address[part]));
  const at = (part: string) => ['address', 0, part];
  report(
    at('streetName'),
    textProblem('streetName', address.streetName, { required: all, max: L.streetName }),
  );
  report(
    at('streetNumber'),
    textProblem('streetNumber', address.streetNumber, { required: all, max: L.streetNumber }),
  );
  report(at('zip'), textProblem('zip', address.zip, { required: all, max: L.zip }));
  report(at('city'), textProblem('city', address.city, { required: all, max: L.city }));
  report(at('country'), countryProblem('country', address.country, all));
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
