/**
 * Subject import (spec 000 §3 import columns, §5 maximum lengths; 001 §5 "Subject import"):
 * every row is read and checked before anything is written, and every problem is reported
 * at `[rowIndex, column]` (rowIndex counts data rows from 0; `params.line` is the file line).
 * The checks that need the database (ids and emails already used, the plan's subject limit)
 * are the server's.
 */
import countries from 'i18n-iso-countries';
import type { FieldIssue } from '../common/errors';
import { ANSWER_MESSAGES } from '../forms/answer-messages';
import { isKnownCountryCode } from '../signup/field-rules';
import { type CsvRecord, isBlankCsvRecord, parseCsv } from './csv';
import {
  GENDER_NAMES,
  SUBJECT_IMPORT_COLUMNS,
  type SubjectIdAutomationType,
  type SubjectImportColumn,
  type SubjectImportRow,
  SubjectImportRowSchema,
} from './model';
import { SUBJECT_IMPORT_MAX_ROWS, type SubjectAttributesInput } from './schemas';
import {
  normalizeSubjectAttributes,
  type SubjectAttributes,
  type SubjectRuleContext,
  validateSubjectAttributes,
} from './validate-subject';

/** Message keys of import problems (the web translates them). */
export const SUBJECT_IMPORT_MESSAGES = {
  unknownColumn: 'SUBJECTS.IMPORT.UNKNOWN_COLUMN',
  duplicateColumn: 'SUBJECTS.IMPORT.DUPLICATE_COLUMN',
  noRows: 'SUBJECTS.IMPORT.NO_ROWS',
  tooManyRows: 'SUBJECTS.IMPORT.TOO_MANY_ROWS',
  cellCount: 'SUBJECTS.IMPORT.CELL_COUNT',
  missingId: 'MISSING_IMPORT_ID',
  idAssigned: 'SUBJECTS.IMPORT.ID_ASSIGNED_BY_AUTOMATION',
  duplicateId: 'SUBJECT_ID_DUPLICATE',
  duplicateEmail: 'SUBJECT_EMAIL_DUPLICATE',
} as const;

/** One subject read from an import file, ready to be stored. */
export type ImportedSubject = {
  rowIndex: number;
  line: number;
  /** The id from the file; null when the study's automation assigns it. */
  patientId: string | null;
  attributes: SubjectAttributes;
};

export type SubjectImportContext = SubjectRuleContext & { automation: SubjectIdAutomationType };

const COLUMN_BY_LOWER = new Map<string, SubjectImportColumn>(
  SUBJECT_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]),
);

const VALID = (field: string) => ({ message: ANSWER_MESSAGES.VALID, params: { field } });

function headerColumns(header: CsvRecord): { columns: (SubjectImportColumn | null)[]; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const seen = new Set<SubjectImportColumn>();
  const columns = header.cells.map((name, index) => {
    const column = COLUMN_BY_LOWER.get(name.trim().toLowerCase()) ?? null;
    if (column === null) {
      issues.push({
        path: ['header', index],
        message: SUBJECT_IMPORT_MESSAGES.unknownColumn,
        params: { column: name },
      });
    } else if (seen.has(column)) {
      issues.push({
        path: ['header', index],
        message: SUBJECT_IMPORT_MESSAGES.duplicateColumn,
        params: { column },
      });
    }
    if (column) seen.add(column);
    return column;
  });
  return { columns, issues };
}

/** Country or nationality as a two-letter code: the code itself, or its English name. */
function countryCodeOf(value: string): string | null {
  const upper = value.trim().toUpperCase();
  if (isKnownCountryCode(upper)) return upper;
  return countries.getAlpha2Code(value.trim(), 'en') ?? null;
}

/** `DD-MM-YYYY` (the spec's date format) or ISO `YYYY-MM-DD`, as ISO. */
function isoDateOf(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return value;
  const dmy = /^(\d{2})[-./](\d{2})[-./](\d{4})$/.exec(value);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : null;
}

function genderOf(value: string): 0 | 1 | 2 | null {
  if (/^[012]$/.test(value)) return Number(value) as 0 | 1 | 2;
  const entry = Object.entries(GENDER_NAMES).find(([, name]) => name === value.toUpperCase());
  return entry ? (Number(entry[0]) as 0 | 1 | 2) : null;
}

type Cell = {
  column: SubjectImportColumn;
  problem: { message: string; params?: Record<string, string | number> };
};

function phoneOf(
  number: string | undefined,
  code: string | undefined,
  codeColumn: SubjectImportColumn,
  bad: Cell[],
) {
  if (!number) return [];
  const digits = code?.replace(/^\+/, '') ?? '';
  if (digits !== '' && !/^\d{1,4}$/.test(digits))
    bad.push({ column: codeColumn, problem: VALID(codeColumn) });
  return [{ number: number.replace(/[\s-]/g, ''), countryCode: digits === '' ? 0 : Number(digits) }];
}

/** Turns the text cells of a row into subject attributes, noting cells that cannot be read. */
function attributesOf(row: SubjectImportRow, bad: Cell[]): SubjectAttributesInput {
  const optional = (column: SubjectImportColumn, read: (v: string) => unknown) => {
    const value = row[column];
    if (!value) return null;
    const result = read(value);
    if (result === null) bad.push({ column, problem: VALID(column) });
    return result;
  };
  const hasAddress = (['streetName', 'streetNumber', 'zip', 'city', 'country'] as const).some((c) => row[c]);
  const country = hasAddress ? optional('country', countryCodeOf) : null;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    initials: row.initials,
    email: row.email,
    mobileNumber: phoneOf(row.mobileNumber, row.mobileCountryCode, 'mobileCountryCode', bad),
    homeNumber: phoneOf(row.homeNumber, row.homeCountryCode, 'homeCountryCode', bad),
    workNumber: phoneOf(row.workNumber, row.workCountryCode, 'workCountryCode', bad),
    dateOfBirth: optional('dateOfBirth', isoDateOf) as string | null,
    birthYear: optional('birthYear', (v) => (/^\d{4}$/.test(v) ? Number(v) : null)) as number | null,
    ssChecksum: row.ssChecksum,
    gender: optional('gender', genderOf) as 0 | 1 | 2 | null,
    nationality: optional('nationality', countryCodeOf) as string | null,
    language: (row.language ?? null) as SubjectAttributesInput['language'],
    guardian1: row.guardian1,
    guardian2: row.guardian2,
    trialGroup: row.trialGroup,
    address: hasAddress
      ? [
          {
            streetName: row.streetName ?? '',
            streetNumber: row.streetNumber ?? '',
            zip: row.zip ?? '',
            city: row.city ?? '',
            country: (country as string | null) ?? '',
          },
        ]
      : [],
  };
}

/** The import column an attribute issue belongs to (`['mobileNumber', 0, 'countryCode']` → mobileCountryCode). */
function columnOfIssue(path: FieldIssue['path']): string {
  const [field, , part] = path;
  if (field === 'address' && typeof part === 'string') return part;
  if (typeof field === 'string' && field.endsWith('Number') && part === 'countryCode') {
    return `${field.slice(0, -'Number'.length)}CountryCode`;
  }
  return String(field);
}

function rowObject(record: CsvRecord, columns: (SubjectImportColumn | null)[]): Record<string, string> {
  const row: Record<string, string> = {};
  columns.forEach((column, index) => {
    const value = record.cells[index]?.trim() ?? '';
    if (column && value !== '') row[column] = value;
  });
  return row;
}

function readRow(
  record: CsvRecord,
  rowIndex: number,
  columns: (SubjectImportColumn | null)[],
  ctx: SubjectImportContext,
): { subject: ImportedSubject | null; issues: FieldIssue[] } {
  const at = (column: string | number, problem: Cell['problem']): FieldIssue => ({
    path: [rowIndex, column],
    message: problem.message,
    params: { ...problem.params, line: record.line },
  });
  if (record.cells.length !== columns.length) {
    const problem = {
      message: SUBJECT_IMPORT_MESSAGES.cellCount,
      params: { expected: columns.length, found: record.cells.length },
    };
    return { subject: null, issues: [at('*', problem)] };
  }
  const cells = rowObject(record, columns);
  const parsed = SubjectImportRowSchema.safeParse(cells);
  const issues: FieldIssue[] = [];
  const badColumns = new Set<string>();
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      const column = String(i.path[0]);
      badColumns.add(column);
      issues.push(
        at(
          column,
          i.code === 'too_big'
            ? { message: ANSWER_MESSAGES.MAX_LENGTH, params: { field: column, length: Number(i.maximum) } }
            : VALID(column),
        ),
      );
    }
  }
  // The other cells are still checked, so one pass reports every problem of the row (a good row's
  // parse is taken as it is: parsing it again was 1 % of a 5,000-row import's CPU).
  const row = parsed.success
    ? parsed.data
    : SubjectImportRowSchema.parse(
        Object.fromEntries(Object.entries(cells).filter(([column]) => !badColumns.has(column))),
      );
  const bad: Cell[] = [];
  const attributes = normalizeSubjectAttributes(attributesOf(row, bad));
  for (const b of bad) {
    badColumns.add(b.column);
    issues.push(at(b.column, b.problem));
  }
  for (const issue of validateSubjectAttributes(attributes, ctx)) {
    const column = columnOfIssue(issue.path);
    if (!badColumns.has(column)) issues.push(at(column, issue));
  }
  const patientId = row.patientId ?? null;
  if (ctx.automation === 'manual' && patientId === null && !badColumns.has('patientId')) {
    issues.push(at('patientId', { message: SUBJECT_IMPORT_MESSAGES.missingId }));
  }
  if (ctx.automation !== 'manual' && patientId !== null) {
    issues.push(
      at('patientId', {
        message: SUBJECT_IMPORT_MESSAGES.idAssigned,
        params: { automation: ctx.automation },
      }),
    );
  }
  return { subject: { rowIndex, line: record.line, patientId, attributes }, issues };
}

/** Spec 000 §8: an id or email used twice in the same file is reported on every later row. */
function duplicateIssues(subjects: readonly ImportedSubject[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const ids = new Map<string, number>();
  const emails = new Map<string, number>();
  for (const s of subjects) {
    const params = { line: s.line };
    if (s.patientId !== null) {
      const first = ids.get(s.patientId.toLowerCase());
      if (first !== undefined)
        issues.push({
          path: [s.rowIndex, 'patientId'],
          message: SUBJECT_IMPORT_MESSAGES.duplicateId,
          params: { ...params, firstRow: first },
        });
      else ids.set(s.patientId.toLowerCase(), s.rowIndex);
    }
    const email = s.attributes.email?.toLowerCase();
    if (email) {
      const first = emails.get(email);
      if (first !== undefined)
        issues.push({
          path: [s.rowIndex, 'email'],
          message: SUBJECT_IMPORT_MESSAGES.duplicateEmail,
          params: { ...params, firstRow: first },
        });
      else emails.set(email, s.rowIndex);
    }
  }
  return issues;
}

/**
 * Spec 000 §5 / 001 §5 subject import: reads the CSV, checks every row (columns, maximum
 * lengths, attribute rules, ids by the study's automation, duplicates within the file) and
 * returns either the subjects to store or every problem found. Never half a file.
 */
export function readSubjectImport(
  csv: string,
  ctx: SubjectImportContext,
): { subjects: ImportedSubject[]; issues: FieldIssue[] } {
  const [header, ...records] = parseCsv(csv).filter((record) => !isBlankCsvRecord(record));
  if (!header) return { subjects: [], issues: [{ path: ['rows'], message: SUBJECT_IMPORT_MESSAGES.noRows }] };
  const { columns, issues } = headerColumns(header);
  if (issues.length > 0) return { subjects: [], issues };
  if (records.length === 0)
    return { subjects: [], issues: [{ path: ['rows'], message: SUBJECT_IMPORT_MESSAGES.noRows }] };
  if (records.length > SUBJECT_IMPORT_MAX_ROWS) {
    const params = { max: SUBJECT_IMPORT_MAX_ROWS, found: records.length };
    return {
      subjects: [],
      issues: [{ path: ['rows'], message: SUBJECT_IMPORT_MESSAGES.tooManyRows, params }],
    };
  }
  const subjects: ImportedSubject[] = [];
  const rowIssues: FieldIssue[] = [];
  records.forEach((record, rowIndex) => {
    const result = readRow(record, rowIndex, columns, ctx);
    rowIssues.push(...result.issues);
    if (result.subject) subjects.push(result.subject);
  });
  rowIssues.push(...duplicateIssues(subjects));
  rowIssues.sort((a, b) => Number(a.path[0]) - Number(b.path[0]));
  return rowIssues.length > 0 ? { subjects: [], issues: rowIssues } : { subjects, issues: [] };
}
