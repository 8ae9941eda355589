import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STUDY_STATUSES, type StudyStatus } from '../studies/model';
import { studyEditScope } from '../studies/state-machine';
import { canAddFormQuestions, formStructureLockIssues, isQuestionStructureLocked } from './structure-locks';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from './testing';

const text = buildTestQuestion({ id: 'q1', type: 'TEXT_SENTENCE', order: 1 });
const choice = buildTestQuestion({
  id: 'q2',
  type: 'MULTIPLE_CHOICE',
  order: 2,
  possibilities: buildTestPossibilities('q2', 2),
});
const form = buildTestForm({ questions: [text, choice] });
const paths = (status: StudyStatus, after: typeof form) =>
  formStructureLockIssues(status, form, after).map((i) => i.path.join('.'));

describe('Spec 001 §4 form structure locks (what the builder offers, what the server accepts)', () => {
  it('build changes anything; test and production add, remove and retype nothing', () => {
    const removed = { ...form, questions: [choice] };
    const added = { ...form, questions: [text, choice, { ...text, id: 'q3', order: 3 }] };
    const retyped = { ...form, questions: [{ ...text, type: 'TEXT_FREE' as const }, choice] };
    const extraChoice = {
      ...form,
      questions: [text, { ...choice, possibilities: buildTestPossibilities('q2', 3) }],
    };
    for (const after of [removed, added, retyped, extraChoice]) {
      expect(paths('STUDY_STATUS_BUILD', after)).toEqual([]);
    }
    for (const status of ['TEST', 'PRODUCTION'] as const) {
      expect(canAddFormQuestions(status)).toBe(false);
      expect(isQuestionStructureLocked(status, text)).toBe(true);
      expect(paths(status, removed)).toEqual(['questions']);
      expect(paths(status, added)).toEqual(['questions.2']);
      expect(paths(status, retyped)).toEqual(['questions.0']);
      expect(paths(status, extraChoice)).toEqual(['questions.1']);
    }
  });

  it('texts are never structure: renaming passes the lock check in every status', () => {
    const renamed = { ...form, questions: [{ ...text, question: { en: 'Your name' } }, choice] };
    for (const status of STUDY_STATUSES) expect(paths(status, renamed)).toEqual([]);
  });

  it('amendment: questions may be added; only fully editable questions are removed or restructured', () => {
    const locked = { ...choice, fullyEditable: false };
    const before = { questions: [text, locked] };
    expect(canAddFormQuestions('AMENDMENT')).toBe(true);
    expect(isQuestionStructureLocked('AMENDMENT', text)).toBe(false);
    expect(isQuestionStructureLocked('AMENDMENT', locked)).toBe(true);
    expect(formStructureLockIssues('AMENDMENT', before, { questions: [locked] })).toEqual([]);
    expect(formStructureLockIssues('AMENDMENT', before, { questions: [text] })).toEqual([
      { path: ['questions'], message: 'STRUCTURE_LOCKED', params: { questionId: 'q2' } },
    ]);
  });

  it('the builder offers adding exactly where the study edit scope allows structure changes', () => {
    fc.assert(
      fc.property(fc.constantFrom<StudyStatus>(...STUDY_STATUSES), (status) => {
        expect(canAddFormQuestions(status)).toBe(studyEditScope(status).structure !== 'NONE');
      }),
    );
  });
});
