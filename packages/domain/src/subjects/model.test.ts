import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GENDER_CODES,
  GenderSchema,
  genderName,
  isRedactedValue,
  REDACTED,
  SELECTABLE_SUBJECT_FIELDS,
  SUBJECT_ID_AUTOMATION_TYPES,
  SUBJECT_IMPORT_COLUMNS,
  SUBJECT_IMPORT_MAX_LENGTHS,
  SubjectAddressSchema,
  SubjectImportRowSchema,
  SubjectPhoneSchema,
  SubjectSchema,
  SubjectViewSchema,
} from './model';

const id = (n: number) => n.toString(16).padStart(24, '0');
const t = '2024-01-01T00:00:00Z';
const subject = {
  id: id(1),
  studyId: id(2),
  siteId: id(3),
  patientId: '01-001',
  firstName: 'Ana',
  lastName: 'Berg',
  initials: 'AB',
  email: 'ana@example.com',
  address: [{ streetName: 'Main', streetNumber: '1', zip: '2100', city: 'Copenhagen', country: 'DK' }],
  mobileNumber: [{ number: '12345678', countryCode: 45 }],
  homeNumber: [],
  workNumber: [],
  dateOfBirth: '1980-05-17',
  birthYear: 1980,
  ssChecksum: '1234',
  gender: 2,
  nationality: 'DK',
  guardian1: null,
  guardian2: null,
  language: 'da',
  trialGroup: null,
  investigatorName: null,
  investigatorEmail: null,
  investigatorId: null,
  archived: false,
  missingAttributes: [],
  createdBy: null,
  createdTime: t,
  updatedTime: t,
};

describe('Spec 000 §3 subject attributes', () => {
  it('accepts a subject with every attribute', () => {
    expect(SubjectSchema.safeParse(subject).success).toBe(true);
  });

  it('gender codes are 0 unknown, 1 male, 2 female and nothing else', () => {
    expect([...GENDER_CODES]).toEqual([0, 1, 2]);
    expect(genderName(0)).toBe('UNKNOWN');
    expect(genderName(1)).toBe('MALE');
    expect(genderName(2)).toBe('FEMALE');
    expect(GenderSchema.safeParse(3).success).toBe(false);
    expect(GenderSchema.safeParse('1').success).toBe(false);
  });

  it('subject id automation types are those of the spec', () => {
    expect([...SUBJECT_ID_AUTOMATION_TYPES]).toEqual([
      'siteIdSiteNum',
      'siteIdStudyNum',
      'studyNum',
      'manual',
    ]);
  });

  it('keeps the fixed display order of selectable fields (002 §3)', () => {
    expect(SELECTABLE_SUBJECT_FIELDS[0]).toBe('firstName');
    expect(SELECTABLE_SUBJECT_FIELDS.at(-1)).toBe('address');
    expect(SELECTABLE_SUBJECT_FIELDS).toHaveLength(16);
  });

  it('refuses bad attribute values', () => {
    expect(SubjectSchema.safeParse({ ...subject, initials: 'ABCDEFG' }).success).toBe(false);
    expect(SubjectSchema.safeParse({ ...subject, ssChecksum: '12a' }).success).toBe(false);
    expect(SubjectSchema.safeParse({ ...subject, birthYear: 1900 }).success).toBe(false);
    expect(SubjectSchema.safeParse({ ...subject, dateOfBirth: '17-05-1980' }).success).toBe(false);
    expect(SubjectSchema.safeParse({ ...subject, patientId: '' }).success).toBe(false);
  });

  it('phone items: digits only, max 32, country code defaults to 0', () => {
    expect(SubjectPhoneSchema.parse({ number: '123' })).toEqual({ number: '123', countryCode: 0 });
    expect(SubjectPhoneSchema.safeParse({ number: '1'.repeat(32) }).success).toBe(true);
    expect(SubjectPhoneSchema.safeParse({ number: '1'.repeat(33) }).success).toBe(false);
    expect(SubjectPhoneSchema.safeParse({ number: '+4512' }).success).toBe(false);
  });

  it('address: five parts within their limits, two-letter country', () => {
    const a = subject.address[0]!;
    expect(SubjectAddressSchema.safeParse({ ...a, zip: '1'.repeat(10) }).success).toBe(true);
    expect(SubjectAddressSchema.safeParse({ ...a, zip: '1'.repeat(11) }).success).toBe(false);
    expect(SubjectAddressSchema.safeParse({ ...a, country: 'Denmark' }).success).toBe(false);
  });
});

describe('Spec 000 §3 / 001 §3 redaction', () => {
  it('recognises REDACTED and strings of asterisks only', () => {
    expect(isRedactedValue(REDACTED)).toBe(true);
    expect(isRedactedValue('****')).toBe(true);
    expect(isRedactedValue('')).toBe(false);
    expect(isRedactedValue('Ana')).toBe(false);
    expect(isRedactedValue('**a')).toBe(false);
    expect(isRedactedValue(0)).toBe(false);
  });

  it('the view accepts redacted restricted fields, the stored entity does not', () => {
    const redacted = {
      ...subject,
      firstName: REDACTED,
      gender: REDACTED,
      mobileNumber: REDACTED,
      email: '*****',
    };
    expect(SubjectViewSchema.safeParse(redacted).success).toBe(true);
    expect(SubjectSchema.safeParse(redacted).success).toBe(false);
    expect(SubjectViewSchema.safeParse({ ...subject, patientId: REDACTED }).success).toBe(true);
    expect(SubjectViewSchema.safeParse({ ...subject, archived: REDACTED }).success).toBe(false);
  });

  it('property: any non-empty asterisk string is obstructed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (n) => {
        expect(isRedactedValue('*'.repeat(n))).toBe(true);
      }),
    );
  });
});

describe('Spec 000 §5 subject import maximum lengths', () => {
  it('has the limits of the spec', () => {
    expect(SUBJECT_IMPORT_MAX_LENGTHS).toEqual({
      firstName: 32,
      lastName: 64,
      email: 128,
      city: 64,
      country: 32,
      streetName: 64,
      streetNumber: 32,
      zip: 10,
      guardian1: 256,
      guardian2: 256,
      nationality: 32,
      trialGroup: 32,
    });
  });

  it('has a column for every limited field and for each country code', () => {
    for (const c of Object.keys(SUBJECT_IMPORT_MAX_LENGTHS)) expect(SUBJECT_IMPORT_COLUMNS).toContain(c);
    for (const c of ['mobileCountryCode', 'homeCountryCode', 'workCountryCode'])
      expect(SUBJECT_IMPORT_COLUMNS).toContain(c);
  });

  it('property: each limited column accepts its maximum and refuses one more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ...(Object.keys(SUBJECT_IMPORT_MAX_LENGTHS) as (keyof typeof SUBJECT_IMPORT_MAX_LENGTHS)[]),
        ),
        (col) => {
          const max = SUBJECT_IMPORT_MAX_LENGTHS[col];
          expect(SubjectImportRowSchema.safeParse({ [col]: 'x'.repeat(max) }).success).toBe(true);
          expect(SubjectImportRowSchema.safeParse({ [col]: 'x'.repeat(max + 1) }).success).toBe(false);
        },
      ),
    );
  });

  it('import keeps its own first-name limit of 32 (DESIGN.md: each flow keeps its own limits)', () => {
    expect(SubjectImportRowSchema.safeParse({ firstName: 'x'.repeat(33) }).success).toBe(false);
    expect(SubjectSchema.safeParse({ ...subject, firstName: 'x'.repeat(64) }).success).toBe(true);
  });
});
