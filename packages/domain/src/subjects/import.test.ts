import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { readSubjectImport, SUBJECT_IMPORT_MESSAGES } from './import';

const ctx = {
  now: new Date('2024-06-01T00:00:00Z'),
  studyLanguages: ['en', 'da'],
  automation: 'manual' as const,
};

describe('CSV reading (spec 000 §5 import files)', () => {
  it('reads quotes, escaped quotes, line breaks in cells, CRLF and a byte-order mark', () => {
    const records = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\r\n');
    expect(records.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3]);
  });

  it('detects a semicolon delimiter from the header', () => {
    expect(parseCsv('a;b\n1,5;2').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
  });
});

describe('Spec 000 §5 / 001 §5 subject import', () => {
  it('reads valid rows into subjects', () => {
    const csv = [
      'patientId,firstName,lastName,email,mobileCountryCode,mobileNumber,gender,dateOfBirth,streetName,streetNumber,zip,city,country,nationality',
      'P-1,Ana,Berg,ana@example.com,45,20123456,2,17-05-1980,Main,1,2100,Copenhagen,Denmark,DK',
      'P-2,Bo,Dahl,,,,1,,,,,,,',
    ].join('\n');
    const { subjects, issues } = readSubjectImport(csv, ctx);
    expect(issues).toEqual([]);
    expect(subjects).toHaveLength(2);
    const [ana] = subjects;
    expect(ana?.patientId).toBe('P-1');
    expect(ana?.attributes).toMatchObject({
      firstName: 'Ana',
      gender: 2,
      dateOfBirth: '1980-05-17',
      mobileNumber: [{ number: '20123456', countryCode: 45 }],
      address: [{ streetName: 'Main', streetNumber: '1', zip: '2100', city: 'Copenhagen', country: 'DK' }],
      nationality: 'DK',
      homeNumber: [],
    });
  });

  it('reports every bad row at [rowIndex, column] and returns no subjects at all', () => {
    const csv = [
      'patientId,firstName,email,mobileCountryCode,mobileNumber,gender',
      'P-1,Ana,ana@example.com,45,20123456,2',
      `P-2,${'x'.repeat(33)},not-an-email,45,123,7`,
      ',Cy,ana@example.com,,,',
    ].join('\n');
    const { subjects, issues } = readSubjectImport(csv, ctx);
    expect(subjects).toEqual([]);
    const paths = issues.map((i) => i.path.join('.'));
    expect(paths).toContain('1.firstName');
    expect(paths).toContain('2.patientId');
    expect(issues.find((i) => i.path.join('.') === '1.firstName')?.params).toMatchObject({
      length: 32,
      line: 3,
    });
    const row3 = issues.filter((i) => i.path[0] === 2).map((i) => i.message);
    expect(row3).toContain(SUBJECT_IMPORT_MESSAGES.missingId);
    expect(row3).toContain(SUBJECT_IMPORT_MESSAGES.duplicateEmail);
  });

  it('keeps the import limits of 000 §5 (last name 64, first name 32)', () => {
    const ok = readSubjectImport(`patientId,lastName\nP,${'x'.repeat(64)}`, ctx);
    expect(ok.issues).toEqual([]);
    const tooLong = readSubjectImport(`patientId,lastName\nP,${'x'.repeat(65)}`, ctx);
    expect(tooLong.issues.map((i) => i.path)).toEqual([[0, 'lastName']]);
  });

  it('checks attribute rules per cell: phone length per country, gender, dates, codes', () => {
    const csv =
      'patientId,mobileCountryCode,mobileNumber,gender,dateOfBirth,country,city\nP,45,123,9,31-02-1980,Atlantis,X';
    const { issues } = readSubjectImport(csv, ctx);
    const byColumn = Object.fromEntries(issues.map((i) => [i.path[1], i.message]));
    expect(byColumn.mobileNumber).toBe('INVALID_PHONENUMBER');
    expect(Object.keys(byColumn)).toEqual(expect.arrayContaining(['gender', 'dateOfBirth', 'country']));
  });

  it('refuses unknown header columns and empty files', () => {
    expect(readSubjectImport('patientId,shoeSize\nP,44', ctx).issues[0]).toMatchObject({
      path: ['header', 1],
      message: SUBJECT_IMPORT_MESSAGES.unknownColumn,
    });
    expect(readSubjectImport('patientId\n\n', ctx).issues[0]?.message).toBe(SUBJECT_IMPORT_MESSAGES.noRows);
  });

  it('ids come from the automation when the study assigns them', () => {
    const auto = { ...ctx, automation: 'studyNum' as const };
    expect(readSubjectImport('firstName\nAna', auto).issues).toEqual([]);
    expect(readSubjectImport('patientId,firstName\nP-1,Ana', auto).issues[0]?.message).toBe(
      SUBJECT_IMPORT_MESSAGES.idAssigned,
    );
  });

  it('a row with the wrong number of cells is reported', () => {
    expect(readSubjectImport('patientId,firstName\nP-1', ctx).issues[0]?.path).toEqual([0, '*']);
  });
});
