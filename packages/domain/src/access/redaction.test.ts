import { describe, expect, it } from 'vitest';
import { REDACTED } from '../subjects/model';
import type { AccessUser } from './check';
import { canViewSubjectField, redactSubject, SUBJECT_RESTRICTED_FIELDS } from './redaction';

const STUDY = 'c'.repeat(24);
const scope = { studyId: STUDY, siteId: 's1' };

const subject = {
  _id: 'd'.repeat(24),
  patientId: 'P-001',
  trialGroup: 'A',
  birthYear: 1980,
  language: 'da',
  firstName: 'Karen',
  lastName: 'Blixen',
  address: [{ streetName: 'Rungstedvej', streetNumber: '111', zip: '2960', city: 'Rungsted', country: 'DK' }],
  mobileNumber: [{ number: '20123456', countryCode: 45 }],
  email: 'karen@example.org',
  dateOfBirth: '1885-04-17',
  ssChecksum: '1234',
  gender: 2,
  nationality: 'DK',
  guardian1: 'G1',
  guardian2: 'G2',
  homeNumber: [{ number: '44444444', countryCode: 45 }],
  workNumber: [{ number: '55555555', countryCode: 45 }],
  initials: 'KB',
  name: 'Karen Blixen',
};

/** docs/ROLES.md: a MONITOR sees subjects pseudonymised; per-field permissions come as extras. */
function monitorWith(permissions: AccessUser['systemPermissions']): AccessUser {
  return {
    systemPermissions: [],
    studyAccess: [{ studyId: STUDY, role: 'MONITOR', permissions, siteIds: ['s1'] }],
  };
}

describe('Spec 000 §6 per-field subject view (redaction)', () => {
  it('redacts every restricted field, and only those, without the field permissions', () => {
    const redacted = redactSubject(subject, monitorWith([]), scope);
    for (const field of Object.keys(SUBJECT_RESTRICTED_FIELDS)) {
      expect(redacted[field as keyof typeof redacted], field).toBe(REDACTED);
    }
    expect(redacted.name).toBe('REDACTED');
    expect(redacted._id).toBe(subject._id);
    expect(redacted.patientId).toBe('P-001');
    expect(redacted.trialGroup).toBe('A');
    expect(redacted.language).toBe('da');
    expect(subject.firstName).toBe('Karen');
  });

  for (const [field, permission] of Object.entries(SUBJECT_RESTRICTED_FIELDS)) {
    it(`${field} shows with ${permission} and is REDACTED without it`, () => {
      const shown = redactSubject(subject, monitorWith([permission]), scope);
      expect(shown[field as keyof typeof shown]).toEqual(subject[field as keyof typeof subject]);
      const hidden = redactSubject(subject, monitorWith([]), scope);
      expect(hidden[field as keyof typeof hidden]).toBe(REDACTED);
    });
  }

  it('guardian1 and guardian2 share one permission', () => {
    const shown = redactSubject(subject, monitorWith(['PATIENT_VIEW_GUARDIANS']), scope);
    expect([shown.guardian1, shown.guardian2]).toEqual(['G1', 'G2']);
  });

  it('the merged name needs both first and last name permissions', () => {
    expect(redactSubject(subject, monitorWith(['PATIENT_VIEW_FIRST_NAME']), scope).name).toBe(REDACTED);
    expect(
      redactSubject(subject, monitorWith(['PATIENT_VIEW_FIRST_NAME', 'PATIENT_VIEW_LAST_NAME']), scope).name,
    ).toBe('Karen Blixen');
  });

  it('a field permission held at system level, or SYSTEM_ALL, shows the field', () => {
    const system: AccessUser = { systemPermissions: ['PATIENT_VIEW_EMAIL'], studyAccess: [] };
    expect(redactSubject(subject, system, scope).email).toBe('karen@example.org');
    expect(redactSubject(subject, { systemPermissions: ['SYSTEM_ALL'], studyAccess: [] }, scope)).toEqual(
      subject,
    );
  });

  it('leaves absent fields absent and unrestricted fields visible', () => {
    const partial = redactSubject({ patientId: 'x', email: undefined }, monitorWith([]), scope);
    expect(partial).toEqual({ patientId: 'x', email: undefined });
    expect(canViewSubjectField(monitorWith([]), 'patientId', scope)).toBe(true);
    expect(canViewSubjectField(monitorWith([]), 'email', scope)).toBe(false);
  });

  it('docs/ROLES.md: a DOCTOR of the site sees every field; of another site, none', () => {
    const doctor: AccessUser = {
      systemPermissions: [],
      studyAccess: [{ studyId: STUDY, role: 'DOCTOR', siteIds: ['s1'] }],
    };
    expect(redactSubject(subject, doctor, scope)).toEqual(subject);
    const elsewhere = redactSubject(subject, doctor, { studyId: STUDY, siteId: 's2' });
    for (const field of Object.keys(SUBJECT_RESTRICTED_FIELDS)) {
      expect(elsewhere[field as keyof typeof elsewhere], field).toBe(REDACTED);
    }
  });

  it('a field permission for one study does not show the field in another', () => {
    expect(
      redactSubject(subject, monitorWith(['PATIENT_VIEW_EMAIL']), { studyId: 'e'.repeat(24) }).email,
    ).toBe(REDACTED);
  });
});
