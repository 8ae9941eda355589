/**
 * The record history of a subject (spec 001 §2 subject view tab "record history", §6 "record history"
 * permission): audit entries about the subject, its enrollments, tokens and filled forms, each with a
 * short readable summary of what changed. Restricted subject fields are redacted for viewers without
 * the per-field view permission (spec 000 §6), wherever they appear in an entry.
 */
import { type AccessScope, type AccessUser, hasPermission } from '../access/check';
import {
  canViewSubjectField,
  SUBJECT_COMPOSITE_FIELDS,
  SUBJECT_RESTRICTED_FIELDS,
} from '../access/redaction';
import { hasOwn } from '../common/has-own';
import { REDACTED } from './model';

/** Spec 001 §2 record history: the latest 200 entries (our number; the spec names the tab only). */
export const SUBJECT_HISTORY_LIMIT = 200;
/** At most this many changed fields per entry, each value cut to `HISTORY_VALUE_MAX` characters. */
export const HISTORY_CHANGES_MAX = 50;
export const HISTORY_VALUE_MAX = 200;
const SUMMARY_MAX = 500;
const DEPTH_MAX = 3;

export type HistoryChange = { field: string; before: string | null; after: string | null };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec 000 §6: a deep copy of an audit value with every restricted subject field (and the trial group,
 * which can unblind) the viewer may not see replaced by REDACTED; `withName` also covers the merged
 * `name` (only meaningful in a subject's own entries, where `name` is the subject's).
 */
export function redactHistoryValue(
  value: unknown,
  viewer: AccessUser,
  scope: AccessScope,
  options: { withName: boolean },
): unknown {
  const hidden = (key: string) => {
    if (key === 'trialGroup') return !hasPermission(viewer, 'TRIAL_GROUP_VIEW', scope);
    if (hasOwn(SUBJECT_RESTRICTED_FIELDS, key)) return !canViewSubjectField(viewer, key, scope);
    if (options.withName && hasOwn(SUBJECT_COMPOSITE_FIELDS, key)) {
      return !canViewSubjectField(viewer, key, scope);
    }
    return false;
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlainObject(v)) return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, inner]) => [
        k,
        hidden(k) && inner !== null && inner !== undefined ? REDACTED : walk(inner),
      ]),
    );
  };
  return walk(value);
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return s.length > HISTORY_VALUE_MAX ? `${s.slice(0, HISTORY_VALUE_MAX - 1)}…` : s;
}

/** Leaf paths of an audit value, objects flattened to `DEPTH_MAX` levels (deeper values as JSON). */
function leaves(value: unknown, prefix: string, depth: number, out: Map<string, unknown>): void {
  if (isPlainObject(value) && depth < DEPTH_MAX && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, depth + 1, out);
    return;
  }
  out.set(prefix || 'value', value);
}

/**
 * Spec 001 §2 record history: what changed between an audit entry's before and after, field by field
 * (dotted paths; unchanged fields left out; values as short text).
 */
export function summarizeHistoryChanges(before: unknown, after: unknown): HistoryChange[] {
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (before !== null && before !== undefined) leaves(before, '', 0, b);
  if (after !== null && after !== undefined) leaves(after, '', 0, a);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    const was = text(b.get(field));
    const is = text(a.get(field));
    if (was === is) continue;
    changes.push({ field, before: was, after: is });
    if (changes.length >= HISTORY_CHANGES_MAX) break;
  }
  return changes;
}

/** The changes in one line: `field: before → after; …`, cut to 500 characters. */
export function historySummaryText(changes: readonly HistoryChange[]): string {
  const line = changes
    .map((c) => {
      if (c.before === null) return `${c.field}: ${c.after}`;
      return `${c.field}: ${c.before} → ${c.after ?? '∅'}`;
    })
    .join('; ');
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}
