import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNUP_INVESTIGATOR_FIELDS, SIGNUP_PATIENT_FIELDS } from './fields';
import {
  isPartialSignUpAddress,
  isSignUpLanguageLocked,
  type SignUpConfig,
  type SignUpInput,
  signUpAddressToSend,
  validateSignUp,
} from './validate';

const NOW = new Date('2024-06-15T12:00:00Z');
const optional: SignUpConfig = {
  patientFields: [],
  patientOptionalFields: [...SIGNUP_PATIENT_FIELDS, ...SIGNUP_INVESTIGATOR_FIELDS],
  languages: ['en', 'da'],
  consentRequired: false,
};
const allRequired: SignUpConfig = { ...optional, patientFields: optional.patientOptionalFields ?? [] };

const complete: SignUpInput = {
  language: 'da',
  firstName: 'Anne-Marie',
  lastName: 'St. Clair',
  initials: 'AMSC',
  email: 'anne@example.org',
  birthYear: 1980,
  ssChecksum: '1234',
  gender: 2,
  nationality: 'DK',
  guardian1: 'Parent One',
  guardian2: 'Parent Two',
  dateOfBirth: '1980-02-29',
  investigatorFirstName: 'Hans',
  investigatorLastName: 'Jensen',
  investigatorEmail: 'hans@example.org',
  investigatorId: 'INV-7',
  mobileNumber: [{ number: '20123456', countryCode: 45 }],
  homeNumber: [{ number: '44444444', countryCode: 45 }],
  workNumber: [{ number: '55555555', countryCode: 0 }],
  address: [{ streetName: 'Nørregade', streetNumber: '10B', zip: '1165', city: 'København', country: 'DK' }],
};

function issuesFor(input: SignUpInput, config: SignUpConfig = optional, now = NOW) {
  return validateSignUp(input, config, now);
}
function issueAt(input: SignUpInput, path: (string | number)[], config: SignUpConfig = optional, now = NOW) {
  return issuesFor(input, config, now).find((i) => JSON.stringify(i.path) === JSON.stringify(path));
}

describe('Spec 002 §5 sign-up field rules', () => {
  it('accepts a complete, valid sign-up with every field required', () => {
    expect(issuesFor(complete, allRequired)).toEqual([]);
  });

  it('accepts an empty sign-up when nothing is required', () => {
    expect(issuesFor({}, optional)).toEqual([]);
  });

  it('reports every required field that is missing, each at its path', () => {
    const paths = issuesFor({}, allRequired).map((i) => i.path.join('.'));
    for (const field of [...SIGNUP_PATIENT_FIELDS, ...SIGNUP_INVESTIGATOR_FIELDS]) {
      if (['mobileNumber', 'homeNumber', 'workNumber'].includes(field))
        expect(paths).toContain(`${field}.0.number`);
      else if (field === 'address') expect(paths).toContain('address.0.city');
      else expect(paths).toContain(field);
    }
    expect(issuesFor({}, allRequired).every((i) => i.message === 'PUBLIC.VALIDATION.REQUIRED')).toBe(true);
    expect(issueAt({ firstName: '   ' }, ['firstName'], allRequired)?.message).toBe(
      'PUBLIC.VALIDATION.REQUIRED',
    );
  });

  it('firstName: 64 pass, 65 fail with MAX_LENGTH (DESIGN.md: sign-up keeps its own limits)', () => {
    expect(issueAt({ firstName: 'a'.repeat(64) }, ['firstName'])).toBeUndefined();
    expect(issueAt({ firstName: 'a'.repeat(65) }, ['firstName'])).toEqual({
      path: ['firstName'],
      message: 'PUBLIC.VALIDATION.MAX_LENGTH',
      params: { field: 'firstName', length: 64 },
    });
  });

  it('lastName: 32 pass, 33 fail', () => {
    expect(issueAt({ lastName: 'b'.repeat(32) }, ['lastName'])).toBeUndefined();
    expect(issueAt({ lastName: 'b'.repeat(33) }, ['lastName'])?.params).toEqual({
      field: 'lastName',
      length: 32,
    });
  });

  it('investigator fields: first 64/65, last 32/33, id 64/65, email like the patient email', () => {
    expect(issueAt({ investigatorFirstName: 'a'.repeat(64) }, ['investigatorFirstName'])).toBeUndefined();
    expect(issueAt({ investigatorFirstName: 'a'.repeat(65) }, ['investigatorFirstName'])).toBeDefined();
    expect(issueAt({ investigatorLastName: 'a'.repeat(32) }, ['investigatorLastName'])).toBeUndefined();
    expect(issueAt({ investigatorLastName: 'a'.repeat(33) }, ['investigatorLastName'])).toBeDefined();
    expect(issueAt({ investigatorId: 'x'.repeat(64) }, ['investigatorId'])).toBeUndefined();
    expect(issueAt({ investigatorId: 'x'.repeat(65) }, ['investigatorId'])?.params).toEqual({
      field: 'investigatorId',
      length: 64,
    });
    const flagged = { ...optional, checkEmailFormat: true };
    expect(issueAt({ investigatorEmail: 'nope' }, ['investigatorEmail'], flagged)?.message).toBe(
      'PUBLIC.VALIDATION.VALID',
    );
  });

  it('names allow letters of any script, spaces, dots and hyphens only (spec 000 §5)', () => {
    for (const ok of ['Søren', 'Jean-Luc', 'J. R. R.', 'Ólafur', 'Мария', 'محمد', 'José']) {
      expect(issueAt({ firstName: ok }, ['firstName']), ok).toBeUndefined();
    }
    for (const bad of ['R2D2', 'a_b', 'x@y', "O'Brien", 'tab\there']) {
      expect(issueAt({ firstName: bad }, ['firstName'])?.message, bad).toBe('PUBLIC.VALIDATION.VALID');
    }
    expect(issueAt({ lastName: 'Smith!' }, ['lastName'])?.params).toEqual({ field: 'lastName' });
  });

  it('address parts: city 64/65, streetName 64/65, streetNumber 32/33, zip 10/11', () => {
    const base = complete.address?.[0] ?? {};
    const cases = [
      ['city', 64],
      ['streetName', 64],
      ['streetNumber', 32],
      ['zip', 10],
    ] as const;
    for (const [part, max] of cases) {
      expect(
        issueAt({ address: [{ ...base, [part]: 'x'.repeat(max) }] }, ['address', 0, part]),
      ).toBeUndefined();
      expect(
        issueAt({ address: [{ ...base, [part]: 'x'.repeat(max + 1) }] }, ['address', 0, part])?.params,
      ).toEqual({
        field: part,
        length: max,
      });
    }
  });

  it('spec 002 §3 address is sent only if all five parts are filled: a partial optional address blocks nothing', () => {
    expect(issuesFor({ address: [{ city: 'Aarhus' }] })).toEqual([]);
    expect(signUpAddressToSend({ city: 'Aarhus' })).toBeUndefined();
    expect(isPartialSignUpAddress({ city: 'Aarhus', zip: '' })).toBe(true);
    expect(isPartialSignUpAddress({})).toBe(false);
    const base = complete.address?.[0] ?? {};
    expect(signUpAddressToSend(base)).toEqual([base]);
    // A required address still needs every part.
    const paths = issuesFor({ address: [{ city: 'Aarhus' }] }, allRequired)
      .map((i) => i.path.join('.'))
      .filter((p) => p.startsWith('address'));
    expect(paths.sort()).toEqual([
      'address.0.country',
      'address.0.streetName',
      'address.0.streetNumber',
      'address.0.zip',
    ]);
  });

  it('spec 002 §5 switches: email format when flagged, phone country code when flagged', () => {
    expect(issueAt({ email: 'nope' }, ['email'])).toBeUndefined();
    expect(issueAt({ email: 'nope' }, ['email'], { ...optional, checkEmailFormat: true })?.message).toBe(
      'PUBLIC.VALIDATION.VALID',
    );
    const phone = { mobileNumber: [{ number: '20123456', countryCode: 0 }] };
    expect(issuesFor(phone).filter((i) => i.path[0] === 'mobileNumber')).toEqual([]);
    expect(
      issuesFor(phone, { ...optional, requirePhoneCountryCode: true }).filter(
        (i) => i.path[0] === 'mobileNumber',
      ),
    ).not.toEqual([]);
  });

  it('spec 002 §5 language selector disabled when language enforcement is on and enforceLanguage is present', () => {
    const lock = (enforceLanguage: boolean, enforceLanguageQuery: string | null, language = 'da') =>
      isSignUpLanguageLocked({ enforceLanguage, enforceLanguageQuery, language });
    expect(lock(true, 'true')).toBe(true);
    expect(lock(false, 'true')).toBe(false);
    expect(lock(true, null)).toBe(false);
    expect(lock(true, 'true', '')).toBe(false);
  });

  it('address: country must be a known two-letter code', () => {
    const base = complete.address?.[0] ?? {};
    for (const bad of ['XX', 'dk', 'DNK', 'Denmark', 'REDACTED', '**']) {
      expect(issueAt({ address: [{ ...base, country: bad }] }, ['address', 0, 'country'])?.message, bad).toBe(
        'PUBLIC.VALIDATION.VALID',
      );
    }
    expect(issueAt({ address: [base, base] }, ['address'])?.message).toBe('PUBLIC.VALIDATION.VALID');
  });

  it('birthYear: exactly four digits; 1901 passes, 1900 fails; current year passes, next fails', () => {
    expect(issueAt({ birthYear: 1901 }, ['birthYear'])).toBeUndefined();
    expect(issueAt({ birthYear: '1901' }, ['birthYear'])).toBeUndefined();
    expect(issueAt({ birthYear: 1900 }, ['birthYear'])).toEqual({
      path: ['birthYear'],
      message: 'PUBLIC.VALIDATION.MIN_VALUE',
      params: { field: 'birthYear', min: 1901 },
    });
    expect(issueAt({ birthYear: 2024 }, ['birthYear'])).toBeUndefined();
    expect(issueAt({ birthYear: 2025 }, ['birthYear'])).toEqual({
      path: ['birthYear'],
      message: 'PUBLIC.VALIDATION.MAX_VALUE',
      params: { field: 'birthYear', max: 2024 },
    });
    for (const bad of ['980', '19800', '19a0', 1980.5, ' 1980']) {
      expect(issueAt({ birthYear: bad }, ['birthYear'])?.message, String(bad)).toBe(
        'PUBLIC.VALIDATION.VALID',
      );
    }
  });

  it('birthYear follows the `now` passed in, in UTC', () => {
    const newYearUtc = new Date('2025-01-01T00:00:00Z');
    expect(issueAt({ birthYear: 2025 }, ['birthYear'], optional, newYearUtc)).toBeUndefined();
    const lastSecond = new Date('2024-12-31T23:59:59Z');
    expect(issueAt({ birthYear: 2025 }, ['birthYear'], optional, lastSecond)).toBeDefined();
  });

  it('dateOfBirth: 1901-01-01 passes, 1900-12-31 fails with MIN_VALUE', () => {
    expect(issueAt({ dateOfBirth: '1901-01-01' }, ['dateOfBirth'])).toBeUndefined();
    expect(issueAt({ dateOfBirth: '1900-12-31' }, ['dateOfBirth'])).toEqual({
      path: ['dateOfBirth'],
      message: 'PUBLIC.VALIDATION.MIN_VALUE',
      params: { field: 'dateOfBirth', min: '1901-01-01' },
    });
  });

  it('dateOfBirth: today passes, tomorrow fails with MAX_VALUE', () => {
    expect(issueAt({ dateOfBirth: '2024-06-15' }, ['dateOfBirth'])).toBeUndefined();
    expect(issueAt({ dateOfBirth: '2024-06-16' }, ['dateOfBirth'])).toEqual({
      path: ['dateOfBirth'],
      message: 'PUBLIC.VALIDATION.MAX_VALUE',
      params: { field: 'dateOfBirth', max: '2024-06-15' },
    });
    expect(issueAt({ dateOfBirth: '2024-06-15T00:00:00.000Z' }, ['dateOfBirth'])).toBeUndefined();
  });

  it('dateOfBirth: must be a real ISO date', () => {
    for (const bad of ['2023-02-29', '1990-13-01', '1990-00-10', '15-06-1990', '1990/06/15', 'yesterday']) {
      expect(issueAt({ dateOfBirth: bad }, ['dateOfBirth'])?.message, bad).toBe('PUBLIC.VALIDATION.VALID');
    }
    expect(issueAt({ dateOfBirth: '2024-02-29' }, ['dateOfBirth'])).toBeUndefined();
  });

  it('gender: 0, 1 and 2 pass (0 without further checks); anything else fails', () => {
    for (const ok of [0, 1, 2, '0', '2'])
      expect(issueAt({ gender: ok }, ['gender'], allRequired)).toBeUndefined();
    for (const bad of [3, -1, 1.5, 'male', 'F']) {
      expect(issueAt({ gender: bad }, ['gender'])?.message, String(bad)).toBe('PUBLIC.VALIDATION.VALID');
    }
  });

  it('guardians: 256 pass, 257 fail', () => {
    expect(issueAt({ guardian1: 'g'.repeat(256) }, ['guardian1'])).toBeUndefined();
    expect(issueAt({ guardian1: 'g'.repeat(257) }, ['guardian1'])?.params).toEqual({
      field: 'guardian1',
      length: 256,
    });
    expect(issueAt({ guardian2: 'g'.repeat(257) }, ['guardian2'])?.params).toEqual({
      field: 'guardian2',
      length: 256,
    });
  });

  it('initials: 6 pass, 7 fail', () => {
    expect(issueAt({ initials: 'ABCDEF' }, ['initials'])).toBeUndefined();
    expect(issueAt({ initials: 'ABCDEFG' }, ['initials'])?.params).toEqual({ field: 'initials', length: 6 });
  });

  it('ssChecksum: digits only; 128 pass, 129 fail', () => {
    expect(issueAt({ ssChecksum: '1'.repeat(128) }, ['ssChecksum'])).toBeUndefined();
    expect(issueAt({ ssChecksum: '1'.repeat(129) }, ['ssChecksum'])?.params).toEqual({
      field: 'ssChecksum',
      length: 128,
    });
    expect(issueAt({ ssChecksum: '12-34' }, ['ssChecksum'])?.message).toBe('PUBLIC.VALIDATION.VALID');
  });

  it('email: format checked only when the feature flag is on', () => {
    expect(issueAt({ email: 'not-an-email' }, ['email'])).toBeUndefined();
    const flagged = { ...optional, checkEmailFormat: true };
    expect(issueAt({ email: 'not-an-email' }, ['email'], flagged)?.message).toBe('PUBLIC.VALIDATION.VALID');
    expect(issueAt({ email: 'a@b' }, ['email'], flagged)).toBeDefined();
    expect(issueAt({ email: 'a.b@c.example.org' }, ['email'], flagged)).toBeUndefined();
    expect(issueAt({ email: `${'a'.repeat(123)}@b.dk` }, ['email'])).toBeUndefined();
    expect(issueAt({ email: `${'a'.repeat(124)}@b.dk` }, ['email'])?.params).toEqual({
      field: 'email',
      length: 128,
    });
  });

  it('language: a supported language the study offers', () => {
    expect(issueAt({ language: 'da' }, ['language'])).toBeUndefined();
    expect(issueAt({ language: 'de' }, ['language'])?.message).toBe('PUBLIC.VALIDATION.VALID');
    expect(issueAt({ language: 'xx' }, ['language'], { ...optional, languages: ['xx'] })).toBeDefined();
    expect(issueAt({ language: 'DA' }, ['language'])).toBeDefined();
  });

  it('nationality: a known two-letter code; masked placeholders fail', () => {
    expect(issueAt({ nationality: 'SE' }, ['nationality'])).toBeUndefined();
    for (const bad of ['ZZ', 'REDACTED', '***', 'Swedish']) {
      expect(issueAt({ nationality: bad }, ['nationality'])?.params, bad).toEqual({ field: 'nationality' });
    }
  });

  it('consent: must be ticked when required', () => {
    const withConsent = { ...optional, consentRequired: true };
    expect(issueAt({}, ['consent'], withConsent)?.message).toBe('PUBLIC.SIGNUP.CONSENT_REQUIRED');
    expect(issueAt({ consent: false }, ['consent'], withConsent)).toBeDefined();
    expect(issueAt({ consent: true }, ['consent'], withConsent)).toBeUndefined();
    expect(issueAt({}, ['consent'], optional)).toBeUndefined();
  });

  it('rejects values of the wrong type instead of throwing', () => {
    const junk = { firstName: 42, email: {}, mobileNumber: 'x', address: 'street' } as unknown as SignUpInput;
    const paths = issuesFor(junk).map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'email', 'mobileNumber', 'address']));
  });

  it('property: any first name of letters up to 64 passes, anything longer fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.constantFrom('a', 'é', 'ж', '-', '.'), (n, ch) => {
        const issue = issueAt({ firstName: `A${ch.repeat(n - 1)}` }, ['firstName']);
        expect(issue === undefined).toBe(n <= 64);
      }),
    );
  });

  it('property: every issue path starts with a payload field', () => {
    const fields = new Set<string>([...SIGNUP_PATIENT_FIELDS, ...SIGNUP_INVESTIGATOR_FIELDS, 'consent']);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...fields), fc.anything()), (input) => {
        for (const issue of issuesFor(input as SignUpInput, { ...allRequired, consentRequired: true })) {
          expect(fields.has(String(issue.path[0]))).toBe(true);
        }
      }),
    );
  });
});
