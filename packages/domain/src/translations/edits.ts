/**
 * Checking and applying translated texts (spec 001 §5 translation limits; issue 18 items 4 and 5):
 * every edit is checked against the unit it names before anything is written, so a save or an
 * XLIFF file is taken whole or not at all. Counting gives the overview's numbers (spec 001 §3).
 */
import type { FieldIssue } from '../common/errors';
import type { LocalizedText } from '../common/languages';
import type {
  TranslationCounts,
  TranslationUnit,
  TranslationUnitEdit,
  TranslationUnitError,
} from './schemas';
import type { TranslationSlot } from './units';

/** Spec 001 §3 summary: total units with a source, completed with a non-blank target, progress in whole percent. */
export function countUnits(units: readonly Pick<TranslationUnit, 'target'>[]): TranslationCounts {
  const total = units.length;
  const completed = units.filter((u) => u.target.trim() !== '').length;
  return addCounts([{ total, completed }]);
}

/** Sums counts and derives untranslated and progress (floor, so 100 only when all are done). */
export function addCounts(
  parts: readonly Pick<TranslationCounts, 'total' | 'completed'>[],
): TranslationCounts {
  const total = parts.reduce((n, p) => n + p.total, 0);
  const completed = parts.reduce((n, p) => n + p.completed, 0);
  return {
    total,
    completed,
    untranslated: total - completed,
    progress: total === 0 ? 100 : Math.floor((completed * 100) / total),
  };
}

/** One refused edit: the unit, why, and where in the request (`units.<i>.id` or `.target`). */
export type TranslationEditProblem = {
  index: number;
  unitId: string;
  field: 'id' | 'target';
  message: TranslationUnitError;
  params?: Record<string, string | number>;
};

/**
 * Spec 001 §5 and issue 18 item 5, per edit: the unit exists (UNKNOWN_UNIT) and is named once
 * (DUPLICATE_UNIT); the target keeps to the unit's limit (MAX_LENGTH), is not empty where a
 * translation is required (REQUIRED) and keeps every placeholder of the source (PLACEHOLDER_MISSING).
 */
export function checkTranslationEdits(
  units: readonly TranslationUnit[],
  edits: readonly TranslationUnitEdit[],
): TranslationEditProblem[] {
  const byId = new Map(units.map((u) => [u.id, u]));
  const seen = new Set<string>();
  const problems: TranslationEditProblem[] = [];
  edits.forEach((edit, index) => {
    const unitId = edit.id;
    const unit = byId.get(unitId);
    if (!unit) {
      problems.push({ index, unitId, field: 'id', message: 'UNKNOWN_UNIT' });
      return;
    }
    if (seen.has(unitId)) {
      problems.push({ index, unitId, field: 'id', message: 'DUPLICATE_UNIT' });
      return;
    }
    seen.add(unitId);
    const target = edit.target;
    if (target.length > unit.maxLength) {
      problems.push({
        index,
        unitId,
        field: 'target',
        message: 'MAX_LENGTH',
        params: { max: unit.maxLength },
      });
    }
    if (target.trim() === '') {
      if (unit.isRequired) problems.push({ index, unitId, field: 'target', message: 'REQUIRED' });
      return;
    }
    for (const placeholder of unit.placeholders) {
      if (!target.includes(placeholder)) {
        problems.push({
          index,
          unitId,
          field: 'target',
          message: 'PLACEHOLDER_MISSING',
          params: { placeholder },
        });
      }
    }
  });
  return problems;
}

/** The problems as field issues of a save request (`units.<i>.id|target`, the unit id in params). */
export function editProblemsAsIssues(problems: readonly TranslationEditProblem[]): FieldIssue[] {
  return problems.map((p) => ({
    path: ['units', p.index, p.field],
    message: p.message,
    params: { ...p.params, unitId: p.unitId },
  }));
}

/** One text that changed: what the language had before and has now (null: no text). */
export type TranslationChange = { id: string; before: string | null; after: string | null };

/**
 * Writes checked targets into the slots' documents: '' (or blank) removes the language's text, any
 * other target replaces it. Returns only the texts that really changed, for the audit trail.
 */
export function applyTranslationEdits(
  slots: readonly TranslationSlot[],
  language: string,
  targets: ReadonlyMap<string, string>,
): TranslationChange[] {
  const changes: TranslationChange[] = [];
  for (const s of slots) {
    const target = targets.get(s.id);
    if (target === undefined) continue;
    const current = { ...(s.text ?? {}) } as Record<string, string | undefined>;
    const before = typeof current[language] === 'string' ? (current[language] as string) : null;
    const after = target.trim() === '' ? null : target;
    if (before === after) continue;
    if (after === null) delete current[language];
    else current[language] = after;
    s.assign(current as LocalizedText);
    changes.push({ id: s.id, before, after });
  }
  return changes;
}
