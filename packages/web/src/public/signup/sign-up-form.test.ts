import type { PublicSiteInfo } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from './field-messages';
import {
  buildSignUpPayload,
  errorsOf,
  knownCallingCodes,
  knownCountryCodes,
  signUpConfigOf,
  signUpFieldsOf,
  validateSignUpStep,
} from './sign-up-form';

const info = {
  patientFields: ['firstName', 'investigatorId'],
  patientOptionalFields: ['address', 'mobileNumber', 'birthYear', 'investigatorFirstName'],
  languages: ['en'],
  consentRequired: true,
  disableInvestigatorAttributesFields: false,
} as unknown as PublicSiteInfo;
const ids = { siteId: 'a'.repeat(24), studyId: 'b'.repeat(24), pathwayId: 'c'.repeat(24) };
const now = new Date('2026-06-01T12:00:00Z');

describe('Spec 002 §3 sign-up payload from the form', () => {
  const config = signUpConfigOf(info);

  it('sends only asked fields; phones as one item with a numeric country code', () => {
    const payload = buildSignUpPayload(
      {
        firstName: ' Karen ',
        'mobileNumber.0.number': '20123456',
        'mobileNumber.0.countryCode': '45',
        email: 'x',
      },
      { config, ...ids, consent: true },
    );
    expect(payload).toMatchObject({ ...ids, consent: true, firstName: 'Karen' });
    expect(payload.mobileNumber).toEqual([{ number: '20123456', countryCode: 45 }]);
    expect(payload.email).toBeUndefined();
    expect(payload.address).toBeUndefined();
  });

  it('spec 002 §3 address is sent only if all five parts are filled: a partial one is left out and blocks nothing', () => {
    const values = { firstName: 'Karen', 'address.0.city': 'Aarhus' };
    const payload = buildSignUpPayload(values, { config, ...ids, consent: true });
    expect(payload.address).toBeUndefined();
    expect(validateSignUpStep('yourInformation', payload, config, now)).toEqual({});
    const full = {
      ...values,
      'address.0.streetName': 'Nørregade',
      'address.0.streetNumber': '10',
      'address.0.zip': '8000',
      'address.0.country': 'DK',
    };
    expect(buildSignUpPayload(full, { config, ...ids, consent: true }).address).toEqual([
      { streetName: 'Nørregade', streetNumber: '10', zip: '8000', city: 'Aarhus', country: 'DK' },
    ]);
  });

  it('checks each step for its own fields only', () => {
    const payload = buildSignUpPayload({ birthYear: '1900' }, { config, ...ids, consent: false });
    expect(Object.keys(validateSignUpStep('investigator', payload, config, now))).toEqual(['investigatorId']);
    expect(Object.keys(validateSignUpStep('yourInformation', payload, config, now)).sort()).toEqual([
      'birthYear',
      'firstName',
    ]);
  });

  it('drops the investigator fields when the process switches them off', () => {
    const off = signUpConfigOf({ ...info, disableInvestigatorAttributesFields: true });
    expect(signUpFieldsOf(off).investigator).toEqual([]);
    expect(signUpFieldsOf(config).investigator.map((f) => f.field)).toEqual([
      'investigatorFirstName',
      'investigatorId',
    ]);
  });

  it('offers the known countries and calling codes of the shared rules', () => {
    expect(knownCountryCodes()).toEqual(expect.arrayContaining(['DK', 'SE', 'US']));
    expect(knownCountryCodes()).not.toContain('XX');
    expect(knownCallingCodes()).toEqual(expect.arrayContaining([1, 44, 45]));
    expect(knownCallingCodes()).not.toContain(999);
  });
});

describe('Spec 002 §5 field messages', () => {
  const t = ((key: string, params?: Record<string, unknown>) =>
    `${key}${params ? JSON.stringify(params) : ''}`) as never;
  it('maps the shared template keys to the page strings, "invalid" by field', () => {
    const errors = errorsOf([
      { path: ['firstName'], message: 'PUBLIC.VALIDATION.VALID', params: { field: 'firstName' } },
      {
        path: ['birthYear'],
        message: 'PUBLIC.VALIDATION.MIN_VALUE',
        params: { field: 'birthYear', min: 1901 },
      },
      { path: ['address', 0, 'country'], message: 'PUBLIC.VALIDATION.VALID' },
    ]);
    expect(fieldErrorText(t, 'firstName', errors.firstName)).toBe('SIGNUP.VALIDATION.NAME');
    expect(fieldErrorText(t, 'birthYear', errors.birthYear)).toBe('SIGNUP.VALIDATION.MIN_VALUE{"min":1901}');
    expect(fieldErrorText(t, 'address.0.country', errors['address.0.country'])).toBe(
      'SIGNUP.NO_COUNTRY_MATCH',
    );
  });
});
