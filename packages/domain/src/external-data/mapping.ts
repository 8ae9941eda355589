/**
 * External data import (issue 28 item 4, spec 001 §4): a CSV file (lab results and the like)
 * for a TYPE_EXTERNAL data event is mapped column by column to the subject id, the event date
 * and the form's questions. This module only reads and maps the file: the answers of each row
 * are then checked by the same answer validation as a fill (forms/value-validation) and saved
 * by the staff save services on the server, all or nothing.
 * Row numbers are the physical lines of the file (the header is line 1).
 */
import type { FieldIssue } from '../common/errors';
import type { LocalizedText } from '../common/languages';
import { validateDateValue } from '../forms/value-validation';
import { type CsvRecord, isBlankCsvRecord, parseCsv } from '../subjects/csv';

/** Which CSV column (by header name) holds what. */
export type ExternalDataMapping = {
  subjectIdColumn: string;
  eventDateColumn: string;
  /** question id → header name of the column holding its answer */
  questions: Record<string, string>;
};

export type ExternalDataRow = {
  /** line of the file the row starts on */
  line: number;
  subjectId: string;
  eventDate: string;
  /** question id → raw answer text (empty cells are left out) */
  answers: Record<string, string>;
};

/** A problem of the file: its line (the header is 1), the column, and the question when it is one's. */
export type ExternalDataRowIssue = FieldIssue & {
  line: number;
  column: string;
  questionId?: string;
  /** A BLOCK rule's own message (the study author's text, its limit filled in), per language. */
  ruleMessage?: LocalizedText;
};

export type ExternalDataReadResult =
  | { ok: true; header: string[]; rows: ExternalDataRow[] }
  | { ok: false; header: string[]; issues: ExternalDataRowIssue[] };

export const EXTERNAL_DATA_MESSAGES = {
  EMPTY_FILE: 'external-data.empty-file',
  MISSING_COLUMN: 'external-data.missing-column',
  REQUIRED: 'external-data.required',
  DUPLICATE_ROW: 'external-data.duplicate-row',
  UNKNOWN_QUESTION: 'external-data.unknown-question',
  UNSUPPORTED_QUESTION: 'external-data.unsupported-question',
  UNKNOWN_SUBJECT: 'external-data.unknown-subject',
  OTHER_SITE: 'external-data.other-site',
  NOT_ENROLLED: 'external-data.not-enrolled',
  FUTURE_DATE: 'external-data.future-date',
  TOO_MANY_ROWS: 'external-data.too-many-rows',
} as const;
export type ExternalDataMessage = (typeof EXTERNAL_DATA_MESSAGES)[keyof typeof EXTERNAL_DATA_MESSAGES];

/** The header names of a CSV file (the first record), trimmed. */
export function readExternalDataHeader(text: string): string[] {
  const first = parseCsv(text)[0];
  return first ? first.cells.map((c) => c.trim()) : [];
}

/**
 * Reads a CSV file with a mapping. Every problem is reported with its line and column so the
 * whole file can be fixed at once; a file with any issue imports nothing.
 */
export function readExternalDataCsv(text: string, mapping: ExternalDataMapping): ExternalDataReadResult {
  const records = parseCsv(text);
  const headerRecord = records[0];
  const header = headerRecord ? headerRecord.cells.map((c) => c.trim()) : [];
  const issues: ExternalDataRowIssue[] = [];
  const body = records.slice(1).filter((r) => !isBlankCsvRecord(r));
  if (!headerRecord || body.length === 0) {
    return { ok: false, header, issues: [issue(1, '', [], EXTERNAL_DATA_MESSAGES.EMPTY_FILE)] };
  }
  const index = new Map(header.map((name, i) => [name, i] as const));
  const wanted = [mapping.subjectIdColumn, mapping.eventDateColumn, ...Object.values(mapping.questions)];
  for (const column of new Set(wanted)) {
    if (!index.has(column)) issues.push(issue(1, column, [], EXTERNAL_DATA_MESSAGES.MISSING_COLUMN));
  }
  if (issues.length > 0) return { ok: false, header, issues };

  const cell = (record: CsvRecord, column: string) =>
    (record.cells[index.get(column) as number] ?? '').trim();
  const rows: ExternalDataRow[] = [];
  const seen = new Set<string>();
  for (const record of body) {
    const subjectId = cell(record, mapping.subjectIdColumn);
    const eventDate = cell(record, mapping.eventDateColumn);
    if (subjectId === '') {
      issues.push(
        issue(record.line, mapping.subjectIdColumn, ['subjectId'], EXTERNAL_DATA_MESSAGES.REQUIRED),
      );
    }
    if (eventDate === '') {
      issues.push(
        issue(record.line, mapping.eventDateColumn, ['eventDate'], EXTERNAL_DATA_MESSAGES.REQUIRED),
      );
    } else {
      for (const i of validateDateValue(eventDate, ['eventDate'], false)) {
        issues.push({ ...i, line: record.line, column: mapping.eventDateColumn });
      }
    }
    const key = `${subjectId}\u0000${eventDate}`;
    if (subjectId !== '' && eventDate !== '' && seen.has(key)) {
      issues.push(
        issue(record.line, mapping.subjectIdColumn, ['subjectId'], EXTERNAL_DATA_MESSAGES.DUPLICATE_ROW),
      );
    }
    seen.add(key);
    const answers: Record<string, string> = {};
    for (const [questionId, column] of Object.entries(mapping.questions)) {
      const value = cell(record, column);
      if (value !== '') answers[questionId] = value;
    }
    rows.push({ line: record.line, subjectId, eventDate, answers });
  }
  return issues.length > 0 ? { ok: false, header, issues } : { ok: true, header, rows };
}

function issue(
  line: number,
  column: string,
  path: (string | number)[],
  message: string,
): ExternalDataRowIssue {
  return { line, column, path, message };
}
