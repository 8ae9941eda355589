import { describe, expect, it } from 'vitest';
import {
  isQuestionTypeAvailable,
  permissionsForQuestionType,
  requiredModuleForQuestionType,
} from '../access/modules';
import { validateQuestion } from '../authoring/validate-question';
import { answerValueKindOf, hasAnswerValue } from '../questionnaires/model';
import { ruleValueKind } from '../rules/values';
import { ANSWER_MESSAGES } from './answer-messages';
import { validateAnswer } from './answer-validation';
import { isReferenceQuestionType } from './model';
import { buildAnswer, buildForm, buildQuestion } from './test-fixtures';

/** Issue 21 item 4: the rules of a medication reference question (MEDICATION_REF). */
describe('Spec 000 §6, 001 §4 MEDICATION_REF questions', () => {
  const question = buildQuestion({ type: 'MEDICATION_REF', required: true });
  const refs = (medicationRefs: string[]) => buildAnswer('q1', { medicationRefs });

  it('keeps its value in medicationRefs: answered when it names a record, required when empty', () => {
    expect(isReferenceQuestionType('MEDICATION_REF')).toBe(true);
    expect(answerValueKindOf('MEDICATION_REF')).toBe('medicationRefs');
    expect(hasAnswerValue('MEDICATION_REF', refs([]))).toBe(false);
    expect(hasAnswerValue('MEDICATION_REF', refs(['m1']))).toBe(true);
    // AE ids in aeRefs do not answer a medication question.
    expect(hasAnswerValue('MEDICATION_REF', buildAnswer('q1', { aeRefs: ['a1'] }))).toBe(false);
    expect(validateAnswer(question, refs([]))).toEqual([{ path: [], message: ANSWER_MESSAGES.REQUIRED }]);
    expect(validateAnswer(question, refs(['m1', 'm2']))).toEqual([]);
    expect(validateAnswer(question, buildAnswer('q1', { answerUnavailable: true }))).toEqual([]);
    expect(validateAnswer({ ...question, required: false }, refs([]))).toEqual([]);
  });

  it('names each medication record once: a second mention is refused on its own path', () => {
    expect(validateAnswer(question, refs(['m1', 'm2', 'm1', 'm1']))).toEqual([
      { path: ['medicationRefs', 2], message: ANSWER_MESSAGES.DUPLICATE_ANSWER },
      { path: ['medicationRefs', 3], message: ANSWER_MESSAGES.DUPLICATE_ANSWER },
    ]);
  });

  it('has no value a rule compares and no authoring settings of its own', () => {
    expect(ruleValueKind('MEDICATION_REF')).toBeNull();
    const medication = buildQuestion({ type: 'MEDICATION_REF', question: { en: 'Medication' } });
    expect(validateQuestion(buildForm([medication]), medication)).toEqual([]);
  });

  it('needs the MEDICATION module or a medication permission of the caller; participants the module', () => {
    expect(requiredModuleForQuestionType('MEDICATION_REF')).toBe('MEDICATION');
    expect(permissionsForQuestionType('MEDICATION_REF')).toContain('PATIENT_LIST_MEDICATION');
    expect(isQuestionTypeAvailable({ modules: ['MEDICATION'] }, 'MEDICATION_REF')).toBe(true);
    expect(isQuestionTypeAvailable({ modules: ['ADVERSE_EVENTS'] }, 'MEDICATION_REF')).toBe(false);
    expect(
      isQuestionTypeAvailable(
        { modules: [], abilities: { PATIENT_LIST_MEDICATION: true } },
        'MEDICATION_REF',
      ),
    ).toBe(true);
    // AE permissions do not open medication, and a participant (no abilities) needs the module.
    expect(isQuestionTypeAvailable({ modules: [], abilities: { AE_VIEW: true } }, 'MEDICATION_REF')).toBe(
      false,
    );
    expect(isQuestionTypeAvailable({ modules: [], abilities: null }, 'MEDICATION_REF')).toBe(false);
  });
});
