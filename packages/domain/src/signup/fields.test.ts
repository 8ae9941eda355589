import { describe, expect, it } from 'vitest';
import { asksForInvestigator, orderSignUpFields } from './fields';

describe('Spec 002 §3 selectable patient fields', () => {
  it('shows required fields first, then optional ones, each in the fixed display order', () => {
    const fields = orderSignUpFields({
      patientFields: ['language', 'email'],
      patientOptionalFields: ['address', 'firstName', 'email', 'investigatorId', 'unknown'],
    });
    expect(fields).toEqual([
      { field: 'email', required: true },
      { field: 'language', required: true },
      { field: 'firstName', required: false },
      { field: 'address', required: false },
    ]);
  });

  it('asks for the investigator when any investigator field is required or optional', () => {
    expect(asksForInvestigator({ patientFields: ['firstName'] })).toBe(false);
    expect(asksForInvestigator({ patientFields: [], patientOptionalFields: ['investigatorLastName'] })).toBe(
      true,
    );
    expect(asksForInvestigator({ patientFields: ['investigatorFirstName'] })).toBe(true);
  });
});
