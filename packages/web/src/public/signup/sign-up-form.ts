import {
  type FieldIssue,
  isKnownCallingCode,
  isKnownCountryCode,
  orderSignUpFields,
  type PublicSignUpBody,
  type PublicSiteInfo,
  SIGNUP_ADDRESS_PARTS,
  SIGNUP_INVESTIGATOR_FIELDS,
  SIGNUP_PHONE_FIELDS,
  type SignUpAddress,
  type SignUpConfig,
  type SignUpPatientField,
  type SignUpPhoneField,
  signUpAddressToSend,
  validateSignUp,
} from '@trialbase/domain';

/**
 * Spec 002 §3, §5: the sign-up form as flat text values keyed by the issue paths of
 * `validateSignUp` (`firstName`, `mobileNumber.0.number`, `address.0.city`), so a field problem
 * from the page or from the server lands on its control.
 */
export type SignUpValues = Record<string, string>;

/** A field's problem, kept untranslated so a language switch re-renders it. */
export type FieldError = { message: string; params?: Record<string, string | number> };
export type FieldErrors = Record<string, FieldError>;

const INVESTIGATOR = SIGNUP_INVESTIGATOR_FIELDS as readonly string[];

/** Spec 002 §3: the field names a site's sign-up asks for, investigator ones dropped when switched off. */
export function signUpConfigOf(info: PublicSiteInfo): SignUpConfig {
  const keep = (f: string) => !info.disableInvestigatorAttributesFields || !INVESTIGATOR.includes(f);
  return {
    patientFields: info.patientFields.filter(keep),
    patientOptionalFields: info.patientOptionalFields.filter(keep),
    languages: info.languages,
    consentRequired: info.consentRequired,
    // Spec 002 §5: the study's switches, so the page checks as the server does.
    checkEmailFormat: info.checkEmailFormat,
    requirePhoneCountryCode: info.requirePhoneCountryCode,
    enforceLanguage: info.enforceLanguage,
  };
}

/** Spec 002 §3: the patient fields in display order (required first) and the investigator ones asked. */
export function signUpFieldsOf(config: SignUpConfig): {
  patient: { field: SignUpPatientField; required: boolean }[];
  investigator: { field: (typeof SIGNUP_INVESTIGATOR_FIELDS)[number]; required: boolean }[];
} {
  const optional = config.patientOptionalFields ?? [];
  return {
    patient: orderSignUpFields(config),
    investigator: SIGNUP_INVESTIGATOR_FIELDS.filter(
      (f) => config.patientFields.includes(f) || optional.includes(f),
    ).map((field) => ({ field, required: config.patientFields.includes(field) })),
  };
}

const text = (values: SignUpValues, key: string): string | undefined => {
  const value = values[key]?.trim();
  return value ? value : undefined;
};

function phoneOf(values: SignUpValues, field: SignUpPhoneField) {
  const number = text(values, `${field}.0.number`);
  if (number === undefined) return undefined;
  const code = text(values, `${field}.0.countryCode`);
  return [{ number, countryCode: code === undefined ? 0 : Number(code) }];
}

/** The address item as typed (blank parts undefined). */
export function addressOf(values: SignUpValues): SignUpAddress {
  return Object.fromEntries(SIGNUP_ADDRESS_PARTS.map((p) => [p, text(values, `address.0.${p}`)]));
}

/**
 * Spec 002 §3 sign-up payload from the form: only the asked fields; phones as one item each;
 * the address as one item, sent only when all five parts are filled (a partial one is left out).
 */
export function buildSignUpPayload(
  values: SignUpValues,
  input: { config: SignUpConfig; siteId: string; studyId: string; pathwayId: string; consent: boolean },
): PublicSignUpBody {
  const asked = new Set([...input.config.patientFields, ...(input.config.patientOptionalFields ?? [])]);
  const body: Record<string, unknown> = {
    siteId: input.siteId,
    studyId: input.studyId,
    pathwayId: input.pathwayId,
    consent: input.consent,
  };
  for (const field of asked) {
    if ((SIGNUP_PHONE_FIELDS as readonly string[]).includes(field)) {
      body[field] = phoneOf(values, field as SignUpPhoneField);
    } else if (field === 'address') {
      body.address = signUpAddressToSend(addressOf(values));
    } else if (field === 'birthYear') {
      const year = text(values, field);
      body.birthYear = year !== undefined && /^\d{4}$/.test(year) ? Number(year) : year;
    } else if (field === 'gender') {
      const gender = text(values, field);
      body.gender = gender === undefined ? undefined : Number(gender);
    } else {
      body[field] = text(values, field);
    }
  }
  return body as PublicSignUpBody;
}

/** The form key of an issue path (`['address', 0, 'city']` → `address.0.city`). */
export function issueKey(path: FieldIssue['path']): string {
  return path.map(String).join('.');
}

/** Field problems as a map by form key (first problem per field). */
export function errorsOf(issues: readonly Pick<FieldIssue, 'path' | 'message' | 'params'>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issueKey(issue.path);
    if (!errors[key]) errors[key] = { message: issue.message, params: issue.params };
  }
  return errors;
}

/**
 * Spec 002 §5: the same checks as the server for the fields of one step (`investigator` or
 * `yourInformation`), with "today" from the browser clock.
 */
export function validateSignUpStep(
  step: 'investigator' | 'yourInformation',
  payload: PublicSignUpBody,
  config: SignUpConfig,
  now: Date,
): FieldErrors {
  const issues = validateSignUp(payload as Parameters<typeof validateSignUp>[0], config, now).filter(
    (issue) => {
      const head = String(issue.path[0]);
      if (head === 'consent') return false;
      return step === 'investigator' ? INVESTIGATOR.includes(head) : !INVESTIGATOR.includes(head);
    },
  );
  return errorsOf(issues);
}

/** Spec 002 §5: the known country codes, from the domain's own check (all two-letter pairs tested). */
export function knownCountryCodes(): string[] {
  const codes: string[] = [];
  for (let a = 65; a <= 90; a += 1)
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (isKnownCountryCode(code)) codes.push(code);
    }
  return codes;
}

/** Spec 002 §5: the known phone country calling codes ("area codes"), from the domain's check. */
export function knownCallingCodes(): number[] {
  const codes: number[] = [];
  for (let code = 1; code <= 999; code += 1) if (isKnownCallingCode(code)) codes.push(code);
  return codes;
}
