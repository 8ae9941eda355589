/**
 * Exports for statisticians and regulators (issue 26): what may be asked, the codebook (data
 * dictionary) and its variable names, the special answer markers of spec 001 §3, and who may
 * export what (spec 000 §6). Pure rules: the server streams the rows, this decides their shape.
 */
import { z } from 'zod';
import { type AccessUser, type hasPermission, sitesWithPermission } from '../access/check';
import { SUBJECT_RESTRICTED_FIELDS, type SubjectRestrictedField } from '../access/subject-fields';
import type { LocalizedText } from '../common/languages';
import type { Question, QuestionType } from '../forms/model';
import type { Answer } from '../questionnaires/model';

/** The formats of issue 26; the zip always holds the CSV files and the codebook. */
export const EXPORT_FORMATS = ['CSV', 'XLSX', 'SPSS', 'SAS', 'R', 'STATA', 'ODM'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Issue 26 export states; progress is counted in filled forms written. */
export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const IdSchema = z.string().regex(/^[0-9a-f]{24}$/);
const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** Issue 26 item 1: the export builder's choices. Empty lists mean "all" (of what the caller may see). */
export const ExportRequestSchema = z
  .object({
    forms: z.array(IdSchema).max(500).default([]),
    dataEvents: z.array(IdSchema).max(500).default([]),
    sites: z.array(IdSchema).max(500).default([]),
    /** Filled forms created from this day (UTC, inclusive). */
    from: DateSchema.nullish(),
    /** Filled forms created up to this day (UTC, inclusive). */
    to: DateSchema.nullish(),
    includeUnscheduled: z.boolean().default(true),
    includeAes: z.boolean().default(false),
    includeMedication: z.boolean().default(false),
    includeQueries: z.boolean().default(false),
    includeAuditTrail: z.boolean().default(false),
    /** Identifiable subject fields asked for; each needs its per-field permission at every exported site. */
    subjectFields: z
      .array(z.enum(Object.keys(SUBJECT_RESTRICTED_FIELDS) as [SubjectRestrictedField]))
      .default([]),
    includeTrialGroup: z.boolean().default(false),
    formats: z.array(z.enum(EXPORT_FORMATS)).min(1).max(EXPORT_FORMATS.length).default(['CSV']),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['to'] });
export type ExportRequest = z.infer<typeof ExportRequestSchema>;
export type ExportRequestInput = z.input<typeof ExportRequestSchema>;

/**
 * Spec 001 §3 special answer markers, as they are written in every export and listed in the
 * codebook: a value that is not data says why it is missing.
 */
export const SPECIAL_MARKERS = {
  '.b': 'Not answered: the form was opened but the question has no answer',
  '.na': 'Skipped: the question was skipped (answer skipped)',
  '.n': 'Unavailable: the answer was marked unavailable',
  '.c': 'Cancelled: the subject’s participation was cancelled before the form was filled',
  '.d': 'Discontinued: the subject discontinued before the form was filled',
  '.e': 'Excluded: the subject or the data event was excluded',
} as const;
export type SpecialMarker = keyof typeof SPECIAL_MARKERS;

/** What decides a marker besides the answer: the enrolment's and the data event's state. */
export type MarkerContext = {
  enrollmentStatus?: string | null;
  isDiscontinued?: boolean;
  tokenStatus?: string | null;
};

/**
 * Spec 001 §3: the marker for a missing value, or null when the answer holds data. An answer's own
 * state wins (skipped, unavailable); without data, the subject's state says why (excluded,
 * discontinued, cancelled); otherwise it was not answered.
 */
export function answerMarker(
  answer: Answer | null | undefined,
  context: MarkerContext = {},
): SpecialMarker | null {
  if (answer?.answerSkipped) return '.na';
  if (answer?.answerUnavailable) return '.n';
  if (answer && hasData(answer)) return null;
  if (context.enrollmentStatus === 'EXCLUDED' || context.tokenStatus === 'EXCLUDED') return '.e';
  if (context.isDiscontinued) return '.d';
  if (context.enrollmentStatus === 'CANCELLED' || context.enrollmentStatus === 'UNSUBSCRIBED') return '.c';
  return '.b';
}

function hasData(answer: Answer): boolean {
  return (
    answer.answerStrings.some((s) => s.trim() !== '') ||
    answer.possibilities.length > 0 ||
    answer.tableCells.some((c) => c.value.trim() !== '') ||
    answer.aeRefs.length > 0 ||
    answer.medicationRefs.length > 0 ||
    answer.unscheduledEventRefs.length > 0 ||
    answer.files.length > 0 ||
    answer.images.length > 0
  );
}

/**
 * CSV and formula injection (OWASP "CSV Injection"): a spreadsheet opening an export runs a cell
 * that begins with = + - @ (and a tab or carriage return before them) as a formula. Every text
 * cell of the CSV and XLSX files that begins with one of them is written with a leading
 * apostrophe, which spreadsheets show as text; a plain number in a numeric column (e.g. -5, +1.5,
 * -2e3) is data and stays as it is. The codebook and the README say so.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;
export const FORMULA_GUARD_PREFIX = "'";
/** What the codebook says about the guard, by variable kind. */
export const FORMULA_GUARD_NOTE = {
  text: "a value beginning with = + - @ tab or CR has a leading ' (apostrophe) added",
  numeric: "numbers as they are; any other value beginning with = + - @ tab or CR has a leading ' added",
} as const;
const PLAIN_NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Whether a cell's text would be read as a formula by a spreadsheet. */
export function isFormulaLike(text: string, numeric = false): boolean {
  const c = text.charCodeAt(0);
  // = + - @ tab CR
  if (c !== 61 && c !== 43 && c !== 45 && c !== 64 && c !== 9 && c !== 13) return false;
  return !(numeric && PLAIN_NUMBER.test(text));
}

/** The cell's text as written to CSV or XLSX: neutralised when it is formula-like. */
export function guardFormula(text: string, numeric = false): string {
  return isFormulaLike(text, numeric) ? FORMULA_GUARD_PREFIX + text : text;
}

/** Codebook types: what a statistics package reads the column as. */
export const VARIABLE_TYPES = ['numeric', 'string', 'date', 'datetime', 'time'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export type ValueLabel = { value: string; label: string };

/** One variable of the codebook (the data dictionary). */
export type CodebookVariable = {
  variable: string;
  formId: string;
  questionId: string;
  label: string;
  type: VariableType;
  questionType: QuestionType;
  valueLabels: ValueLabel[];
  /** How to read one answer into this variable's cell. */
  source:
    | { kind: 'value' }
    | { kind: 'choice' }
    | { kind: 'checkbox' }
    | { kind: 'response'; possibilityId: string }
    | { kind: 'cell'; row: number; colId: string };
};

/** The longest name SAS and Stata take; SPSS takes 64. */
export const VARIABLE_NAME_MAX = 32;

/**
 * A variable name from an export label (issue 26: columns by export label): letters, digits and
 * underscores, starting with a letter, at most 32 characters; the fallback when the label leaves
 * nothing. Case is kept (R and Stata are case-sensitive, SAS and SPSS are not: `uniqueNames`
 * compares without case).
 */
export function variableName(label: string | null | undefined, fallback: string): string {
  const clean = (text: string) =>
    text
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^_+|_+$/g, '');
  let name = clean(label ?? '');
  if (name === '') name = clean(fallback) || 'V';
  if (!/^[A-Za-z]/.test(name)) name = `V${name}`;
  return name.slice(0, VARIABLE_NAME_MAX);
}

/** Makes names unique without regard to case: a repeated name gets _2, _3 … (shortened to fit). */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const suffix = `_${n}`;
      candidate = `${name.slice(0, VARIABLE_NAME_MAX - suffix.length)}${suffix}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

function textIn(text: LocalizedText | undefined, language: string): string {
  if (!text) return '';
  return (
    (text as Record<string, string | undefined>)[language] ??
    Object.values(text).find((v) => typeof v === 'string' && v !== '') ??
    ''
  );
}

function variableTypeOf(type: QuestionType): VariableType {
  switch (type) {
    case 'NUMBER':
    case 'SLIDER':
    case 'CALCULATED':
    case 'MULTIPLE_CHOICE':
    case 'YES_NO':
    case 'SMILEY':
    case 'MULTIPLE_RESPONSE':
      return 'numeric';
    case 'DATE':
      return 'date';
    case 'DATE_TIME':
      return 'datetime';
    case 'TIME':
      return 'time';
    default:
      return 'string';
  }
}

const NO_VARIABLE: ReadonlySet<QuestionType> = new Set(['INFORMATION']);

/**
 * The codebook variables of one form, in question order: one per question; multiple response one
 * 0/1 variable per possibility; tables one per row and column (dynamic tables up to their row
 * limit); a checkbox is 0/1. Choices are coded by their 1-based position (DESIGN.md positions) with value labels.
 */
export function formVariables(
  form: { id: string; exportLabel?: string | null; title: LocalizedText },
  questions: readonly Question[],
  language: string,
): CodebookVariable[] {
  const prefix = variableName(form.exportLabel, 'F');
  const out: Omit<CodebookVariable, 'variable'>[] = [];
  const names: string[] = [];
  for (const q of [...questions].sort((a, b) => a.order - b.order)) {
    if (NO_VARIABLE.has(q.type)) continue;
    const base = variableName(q.exportLabel, `${prefix}_Q${q.order}`);
    const label =
      textIn(q.question, language)
        .replace(/<[^>]*>/g, '')
        .trim() || base;
    const common = { formId: form.id, questionId: q.id, questionType: q.type };
    const choices = q.possibilities.map((p, i) => ({
      value: String(i + 1),
      label: textIn(p.possibility, language),
    }));
    if (q.type === 'MULTIPLE_RESPONSE') {
      q.possibilities.forEach((p, i) => {
        names.push(`${base.slice(0, VARIABLE_NAME_MAX - 4)}_${i + 1}`);
        out.push({
          ...common,
          label: `${label}: ${textIn(p.possibility, language)}`,
          type: 'numeric',
          valueLabels: [
            { value: '0', label: 'Not chosen' },
            { value: '1', label: 'Chosen' },
          ],
          source: { kind: 'response', possibilityId: p.id },
        });
      });
    } else if (q.type === 'TABLE') {
      const rows = q.dynamicTable
        ? Array.from({ length: q.tableMaxRowCount ?? 10 }, (_, i) => ({
            label: String(i + 1),
            title: String(i + 1),
          }))
        : q.tableRow.map((r, i) => ({
            label: r.exportLabel || String(i + 1),
            title: textIn(r.title, language),
          }));
      rows.forEach((row, rowIndex) => {
        q.tableCol.forEach((col, colIndex) => {
          names.push(`${base}_${row.label}_${col.exportLabel || colIndex + 1}`);
          out.push({
            ...common,
            label: `${label}: ${row.title} / ${textIn(col.title, language)}`,
            type: col.type === 'NUMBER' ? 'numeric' : 'string',
            valueLabels: [],
            source: { kind: 'cell', row: rowIndex, colId: col.id },
          });
        });
      });
    } else if (q.type === 'CHECKBOX') {
      names.push(base);
      out.push({
        ...common,
        label,
        type: 'numeric',
        valueLabels: [
          { value: '0', label: 'Not ticked' },
          { value: '1', label: 'Ticked' },
        ],
        source: { kind: 'checkbox' },
      });
    } else {
      const isChoice = choices.length > 0 && ['MULTIPLE_CHOICE', 'YES_NO', 'SMILEY'].includes(q.type);
      names.push(base);
      out.push({
        ...common,
        label,
        type: isChoice ? 'numeric' : variableTypeOf(q.type),
        valueLabels: isChoice ? choices : [],
        source: isChoice ? { kind: 'choice' } : { kind: 'value' },
      });
    }
  }
  const unique = uniqueNames(names.map((n) => variableName(n, 'V')));
  return out.map((v, i) => ({ ...v, variable: unique[i] ?? v.questionId }));
}

/**
 * The cell of one variable for one answer: data, or the special marker saying why there is none
 * (spec 001 §3). Choices are their 1-based positions; several values are joined with "|".
 */
export function cellValue(
  variable: CodebookVariable,
  question: Pick<Question, 'possibilities'>,
  answer: Answer | null | undefined,
  context: MarkerContext = {},
): string {
  const marker = answerMarker(answer, context);
  if (marker || !answer) return marker ?? '.b';
  switch (variable.source.kind) {
    case 'choice': {
      const positions = answer.possibilities
        .map((id) => question.possibilities.findIndex((p) => p.id === id) + 1)
        .filter((n) => n > 0);
      return positions.length > 0 ? positions.join('|') : '.b';
    }
    case 'checkbox': {
      const value = answer.answerStrings[0];
      return value === 'true' ? '1' : value === 'false' ? '0' : '.b';
    }
    case 'response': {
      return answer.possibilities.includes(variable.source.possibilityId) ? '1' : '0';
    }
    case 'cell': {
      const { row, colId } = variable.source;
      const cell = answer.tableCells.find((c) => c.row === row && c.col === colId);
      return cell && cell.value !== '' ? cell.value : '.b';
    }
    default: {
      const parts = [
        ...answer.answerStrings.filter((s) => s !== ''),
        ...answer.files.map((f) => f.fileName),
        ...answer.images.map((f) => f.fileName),
        ...answer.aeRefs,
        ...answer.medicationRefs,
        ...answer.unscheduledEventRefs,
      ].filter((s) => s !== '');
      return parts.length > 0 ? parts.join('|') : '.b';
    }
  }
}

/** What one export may hold for its requester (spec 000 §6): decided once, before any row is read. */
export type ExportScope = {
  /** The sites exported: 'ALL' or the ids. */
  sites: 'ALL' | string[];
  subjectFields: SubjectRestrictedField[];
  includeTrialGroup: boolean;
  includeAes: boolean;
  includeMedication: boolean;
  includeQueries: boolean;
  includeAuditTrail: boolean;
};

export type ExportRefusal = {
  refused: 'NO_EXPORT_PERMISSION' | 'SITE_NOT_ALLOWED' | 'FIELD_NOT_ALLOWED';
  detail?: string;
};

function coversAll(
  user: AccessUser,
  permission: Parameters<typeof hasPermission>[1],
  studyId: string,
  sites: 'ALL' | string[],
): boolean {
  const held = sitesWithPermission(user, permission, studyId);
  if (held === 'ALL') return true;
  if (sites === 'ALL') return false;
  return sites.every((s) => held.includes(s));
}

/**
 * Spec 000 §6 and issue 26: who may export what. The export permission (REPORTING_EXPORT) decides
 * the sites: a site-limited user exports only its sites (all of them when none is named, a
 * refusal when another is named). Identifiable subject fields need their per-field permission at
 * every exported site; blinded users (no TRIAL_GROUP_VIEW at every exported site) never get trial
 * groups; AEs, medication, queries and the audit trail each need their own view permission.
 * Fields and groups asked without the permission are refused, never silently left out.
 */
export function planExportScope(
  user: AccessUser,
  studyId: string,
  request: ExportRequest,
): ExportScope | ExportRefusal {
  const held = sitesWithPermission(user, 'REPORTING_EXPORT', studyId);
  if (held !== 'ALL' && held.length === 0) return { refused: 'NO_EXPORT_PERMISSION' };
  let sites: 'ALL' | string[];
  if (request.sites.length === 0) sites = held === 'ALL' ? 'ALL' : [...held];
  else {
    const outside = held === 'ALL' ? [] : request.sites.filter((s) => !held.includes(s));
    if (outside.length > 0) return { refused: 'SITE_NOT_ALLOWED', detail: outside.join(',') };
    sites = [...new Set(request.sites)];
  }
  for (const field of request.subjectFields) {
    if (!coversAll(user, SUBJECT_RESTRICTED_FIELDS[field], studyId, sites))
      return { refused: 'FIELD_NOT_ALLOWED', detail: field };
  }
  if (request.includeTrialGroup && !coversAll(user, 'TRIAL_GROUP_VIEW', studyId, sites)) {
    return { refused: 'FIELD_NOT_ALLOWED', detail: 'trialGroup' };
  }
  const optional = [
    ['includeAes', 'AE_VIEW'],
    ['includeMedication', 'PATIENT_LIST_MEDICATION'],
    ['includeQueries', 'QUERY_VIEW'],
    ['includeAuditTrail', 'AUDIT_VIEW'],
  ] as const;
  for (const [flag, permission] of optional) {
    if (request[flag] && !coversAll(user, permission, studyId, sites))
      return { refused: 'FIELD_NOT_ALLOWED', detail: flag };
  }
  return {
    sites,
    subjectFields: [...new Set(request.subjectFields)],
    includeTrialGroup: request.includeTrialGroup,
    includeAes: request.includeAes,
    includeMedication: request.includeMedication,
    includeQueries: request.includeQueries,
    includeAuditTrail: request.includeAuditTrail,
  };
}

/** Whether a plan is a refusal. */
export function isExportRefusal(plan: ExportScope | ExportRefusal): plan is ExportRefusal {
  return 'refused' in plan;
}

/** Issue 26 item 3: how long an export is kept, in days, when the configuration says nothing. */
export const EXPORT_DEFAULT_RETENTION_DAYS = 7;
