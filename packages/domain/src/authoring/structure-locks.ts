/**
 * Spec 001 §4 / 000 §4: test and production lock the structure of forms; in an amendment only fully
 * editable questions change structure. Texts, help and labels stay editable throughout. One rule for
 * the builder (what it offers) and the server (what it accepts).
 */
import type { FieldIssue } from '../common/errors';
import type { FormTemplate, Question } from '../forms/model';
import type { StudyStatus } from '../studies/model';
import { studyEditScope } from '../studies/state-machine';

/** Spec 001 §4: may new questions be added to a form in this study status (build and amendment)? */
export function canAddFormQuestions(status: StudyStatus): boolean {
  return studyEditScope(status).structure !== 'NONE';
}

/**
 * Spec 001 §4: is this saved question's structure locked (no removal, no new type, no added or
 * removed possibilities, table rows or columns)? Always in test and production; in an amendment
 * unless the question is fully editable.
 */
export function isQuestionStructureLocked(
  status: StudyStatus,
  question: Pick<Question, 'fullyEditable'>,
): boolean {
  const scope = studyEditScope(status).structure;
  if (scope === 'ALL') return false;
  return scope === 'NONE' || !question.fullyEditable;
}

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

/**
 * Spec 001 §4: issues for the structural changes from `before` to `after` that the study status
 * does not allow, at the changed question's path (a removed question at `questions`).
 */
export function formStructureLockIssues(
  status: StudyStatus,
  before: Pick<FormTemplate, 'questions'>,
  after: Pick<FormTemplate, 'questions'>,
): FieldIssue[] {
  const afterById = new Map(after.questions.map((q, i) => [q.id, { q, i }]));
  const beforeIds = new Set(before.questions.map((q) => q.id));
  const issues: FieldIssue[] = [];
  for (const old of before.questions) {
    if (!isQuestionStructureLocked(status, old)) continue;
    const now = afterById.get(old.id);
    if (!now) {
      issues.push({ path: ['questions'], message: 'STRUCTURE_LOCKED', params: { questionId: old.id } });
    } else if (structureOf(old) !== structureOf(now.q)) {
      issues.push({ path: ['questions', now.i], message: 'STRUCTURE_LOCKED' });
    }
  }
  if (!canAddFormQuestions(status)) {
    after.questions.forEach((q, i) => {
      if (!beforeIds.has(q.id)) issues.push({ path: ['questions', i], message: 'STRUCTURE_LOCKED' });
    });
  }
  return issues;
}
