/**
 * Allocation from a list (generated permuted blocks or an uploaded list, issue 22 methods a and c), and
 * the uploaded list's CSV (sequence, stratum, group) with per-row errors.
 */
import type { FieldIssue } from '../common/errors';
import type { AllocationListEntry } from './blocks';
import type { RandomizationGroup } from './config';
import { RandomizationError } from './errors';
import { UNSTRATIFIED_KEY } from './strata';

/** A list record with the enrollment it went to (null while free). */
export type AllocationListRecord = AllocationListEntry & { enrollmentId: string | null };

/** One allocation as stored: who, which group, in which stratum, at which place. */
export type Allocation = {
  enrollmentId: string;
  groupId: string;
  stratum: string;
  /** Factor levels in factor order (for marginal balance and minimization). */
  levels: readonly string[];
  /** The list sequence (list methods) or the study-wide allocation number (minimization). */
  sequence: number;
};

/** RANDOMIZATION_RECORD_ALREADY_ASSIGNED when the enrollment holds an allocation. */
export function assertNotYetAllocated(
  enrollmentId: string,
  allocated: Iterable<{ enrollmentId: string | null }>,
): void {
  for (const a of allocated) {
    if (a.enrollmentId === enrollmentId)
      throw new RandomizationError('RANDOMIZATION_RECORD_ALREADY_ASSIGNED', { enrollmentId });
  }
}

/**
 * The next free record of the stratum, lowest sequence first, given to the enrollment. Pure: returns
 * the record to store; the caller writes it under a lock so no two allocations share or skip a slot.
 * NO_RANDOMIZATION_RECORD when the stratum's list is exhausted (or absent).
 */
export function allocateFromList(
  records: readonly AllocationListRecord[],
  stratum: string,
  enrollmentId: string,
): AllocationListRecord {
  assertNotYetAllocated(enrollmentId, records);
  let next: AllocationListRecord | null = null;
  for (const r of records) {
    if (r.stratum === stratum && r.enrollmentId === null && (next === null || r.sequence < next.sequence))
      next = r;
  }
  if (!next) throw new RandomizationError('NO_RANDOMIZATION_RECORD', { stratum });
  return { ...next, enrollmentId };
}

/** Codes of uploaded-list problems (the web maps them to texts; `row` is 1-based in the file). */
export const ALLOCATION_LIST_ISSUES = [
  'EMPTY_LIST',
  'MISSING_COLUMN',
  'REQUIRED',
  'NOT_INTEGER',
  'DUPLICATE',
  'UNKNOWN_GROUP',
  'UNKNOWN_STRATUM',
  'GAP',
  'TOO_MANY_COLUMNS',
] as const;
export type AllocationListIssue = (typeof ALLOCATION_LIST_ISSUES)[number];

const COLUMNS = ['sequence', 'stratum', 'group'] as const;

/** Splits CSV text into rows of cells (RFC 4180 quotes; comma, semicolon or tab as found in the first line). */
export function parseCsvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce(
    (best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best),
    ',',
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export type ParsedAllocationList = {
  entries: AllocationListEntry[];
  /** Per-row issues: path [row (1-based in the file), column name], message = issue code. */
  issues: FieldIssue[];
};

/**
 * An uploaded allocation list: columns sequence, stratum, group (a header line naming them in any order
 * is optional). Group is a group id or its 1-based number; an empty stratum or `*` is the unstratified
 * stratum; sequences are whole numbers, unique and without gaps (1, 2, 3 …) within each stratum. When
 * `knownStrata` is given, other strata are errors. The list is usable only when `issues` is empty.
 */
export function parseAllocationListCsv(
  text: string,
  groups: readonly Pick<RandomizationGroup, 'id'>[],
  knownStrata?: ReadonlySet<string>,
): ParsedAllocationList {
  const rows = parseCsvRows(text);
  const issues: FieldIssue[] = [];
  const issue = (
    row: number,
    column: string,
    code: AllocationListIssue,
    params?: Record<string, string | number>,
  ) =>
    issues.push(
      params ? { path: [row, column], message: code, params } : { path: [row, column], message: code },
    );
  let columnAt: Record<(typeof COLUMNS)[number], number> = { sequence: 0, stratum: 1, group: 2 };
  let start = 0;
  const first = (rows[0] ?? []).map((c) => c.trim().toLowerCase());
  if (first.some((c) => (COLUMNS as readonly string[]).includes(c))) {
    start = 1;
    const at = Object.fromEntries(COLUMNS.map((c) => [c, first.indexOf(c)])) as typeof columnAt;
    for (const c of COLUMNS) if (at[c] < 0) issue(1, c, 'MISSING_COLUMN');
    if (issues.length > 0) return { entries: [], issues };
    columnAt = at;
  }
  const groupIds = new Set(groups.map((g) => g.id));
  const entries: AllocationListEntry[] = [];
  const seen = new Map<string, Set<number>>();
  for (let r = start; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    const line = r + 1;
    if (cells.every((c) => c.trim() === '')) continue;
    if (start === 0 && cells.length > COLUMNS.length) issue(line, 'group', 'TOO_MANY_COLUMNS');
    const cell = (c: (typeof COLUMNS)[number]) => (cells[columnAt[c]] ?? '').trim();
    const rawSequence = cell('sequence');
    const rawStratum = cell('stratum');
    const rawGroup = cell('group');
    let ok = true;
    if (rawSequence === '') {
      issue(line, 'sequence', 'REQUIRED');
      ok = false;
    } else if (!/^\d+$/.test(rawSequence) || Number(rawSequence) < 1) {
      issue(line, 'sequence', 'NOT_INTEGER');
      ok = false;
    }
    const stratum = rawStratum === '' ? UNSTRATIFIED_KEY : rawStratum;
    if (knownStrata && !knownStrata.has(stratum)) {
      issue(line, 'stratum', 'UNKNOWN_STRATUM', { stratum });
      ok = false;
    }
    let groupId: string | null = null;
    if (rawGroup === '') issue(line, 'group', 'REQUIRED');
    else if (groupIds.has(rawGroup)) groupId = rawGroup;
    else if (/^\d+$/.test(rawGroup) && Number(rawGroup) >= 1 && Number(rawGroup) <= groups.length) {
      groupId = groups[Number(rawGroup) - 1]?.id ?? null;
    } else issue(line, 'group', 'UNKNOWN_GROUP', { group: rawGroup });
    if (!ok || groupId === null) continue;
    const sequence = Number(rawSequence);
    const inStratum = seen.get(stratum) ?? new Set<number>();
    seen.set(stratum, inStratum);
    if (inStratum.has(sequence)) {
      issue(line, 'sequence', 'DUPLICATE', { sequence, stratum });
      continue;
    }
    inStratum.add(sequence);
    entries.push({ sequence, stratum, groupId, block: null, blockSize: null });
  }
  if (entries.length === 0 && issues.length === 0) issue(1, 'sequence', 'EMPTY_LIST');
  for (const [stratum, sequences] of seen) {
    for (let s = 1; s <= sequences.size; s++) {
      if (!sequences.has(s)) {
        issue(1, 'sequence', 'GAP', { sequence: s, stratum });
        break;
      }
    }
  }
  entries.sort((a, b) => (a.stratum < b.stratum ? -1 : a.stratum > b.stratum ? 1 : a.sequence - b.sequence));
  return { entries, issues };
}

/** The allocation list as CSV (sequence, stratum, group, block, block size, enrollment), for the audited ADMIN export. */
export function allocationListToCsv(
  records: readonly (AllocationListEntry & { enrollmentId?: string | null })[],
): string {
  const quote = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = ['sequence,stratum,group,block,blockSize,enrollmentId'];
  for (const r of records) {
    lines.push(
      [
        String(r.sequence),
        quote(r.stratum),
        quote(r.groupId),
        r.block == null ? '' : String(r.block),
        r.blockSize == null ? '' : String(r.blockSize),
        quote(r.enrollmentId ?? ''),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
