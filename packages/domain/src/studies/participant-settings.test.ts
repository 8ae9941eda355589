import { describe, expect, it } from 'vitest';
import { SIGNUP_PATIENT_FIELDS } from '../signup/fields';
import {
  orderParticipantFields,
  PARTICIPANT_SIGNUP_FIELDS,
  validateParticipantSettings,
} from './participant-settings';

const empty = { publicSignUpRequiredFields: [], publicSignUpOptionalFields: [], subjectRequiredFields: [] };

describe('Spec 002 §3 participant settings', () => {
  it('offers the patient fields in their fixed order, then the investigator fields', () => {
    expect(PARTICIPANT_SIGNUP_FIELDS.slice(0, SIGNUP_PATIENT_FIELDS.length)).toEqual([
      ...SIGNUP_PATIENT_FIELDS,
    ]);
    expect(PARTICIPANT_SIGNUP_FIELDS.at(-1)).toBe('investigatorId');
  });

  it('accepts known fields and reports unknown ones at their index', () => {
    expect(
      validateParticipantSettings({ ...empty, publicSignUpRequiredFields: ['email', 'investigatorId'] }),
    ).toEqual([]);
    expect(
      validateParticipantSettings({
        ...empty,
        publicSignUpRequiredFields: ['email', 'shoeSize'],
        subjectRequiredFields: ['investigatorId'],
      }),
    ).toEqual([
      {
        path: ['publicSignUpRequiredFields', 1],
        message: 'STUDY.ERRORS.UNKNOWN_FIELD',
        params: { name: 'shoeSize' },
      },
      {
        path: ['subjectRequiredFields', 0],
        message: 'STUDY.ERRORS.UNKNOWN_FIELD',
        params: { name: 'investigatorId' },
      },
    ]);
  });

  it('refuses a field that is both required and optional', () => {
    expect(
      validateParticipantSettings({
        ...empty,
        publicSignUpRequiredFields: ['email'],
        publicSignUpOptionalFields: ['firstName', 'email'],
      }),
    ).toEqual([
      {
        path: ['publicSignUpOptionalFields', 1],
        message: 'STUDY.ERRORS.FIELD_REQUIRED_AND_OPTIONAL',
        params: { name: 'email' },
      },
    ]);
  });

  it('orders a stored list and drops unknown names and repeats', () => {
    expect(orderParticipantFields(['address', 'email', 'x', 'firstName', 'email'])).toEqual([
      'firstName',
      'email',
      'address',
    ]);
  });
});
