/**
 * Spec 001 §4 / 000 §4: test and production lock the structure of forms; in an amendment only
 * fully editable questions change structure. Texts, help and labels stay editable throughout.
 */
import type { FieldIssue, FormTemplateDocument, Question, StudyStatus } from '@trialbase/domain';
import { studyEditScope } from '@trialbase/domain';

/** What makes up a question's structure: its type, possibilities and table rows and columns (by id). */
function structureOf(q: Question): string {
  return JSON.stringify([
    q.type,
    q.possibilities.map((p) => p.id),
    q.tableRow.map((r) => r.id),
    q.tableCol.map((c) => [c.id, c.type]),
    q.dynamicTable,
  ]);
}

/** Issues for structural changes the study status does not allow, at the changed question's path. */
export function structureLockIssues(
  status: StudyStatus,
  before: FormTemplateDocument,
  after: FormTemplateDocument,
): FieldIssue[] {
  const scope = studyEditScope(status).structure;
  if (scope === 'ALL') return [];
  const isLocked = (q: Question) => scope === 'NONE' || !q.fullyEditable;
  const afterById = new Map(after.questions.map((q, i) => [q.id, { q, i }]));
  const beforeIds = new Set(before.questions.map((q) => q.id));
  const issues: FieldIssue[] = [];
  for (const old of before.questions) {
    const now = afterById.get(old.id);
    if (!isLocked(old)) continue;
    if (!now)
      issues.push({ path: ['questions'], message: 'STRUCTURE_LOCKED', params: { questionId: old.id } });
    else if (structureOf(old) !== structureOf(now.q)) {
      issues.push({ path: ['questions', now.i], message: 'STRUCTURE_LOCKED' });
    }
  }
  if (scope === 'NONE') {
    after.questions.forEach((q, i) => {
      if (!beforeIds.has(q.id)) issues.push({ path: ['questions', i], message: 'STRUCTURE_LOCKED' });
    });
  }
  return issues;
}
