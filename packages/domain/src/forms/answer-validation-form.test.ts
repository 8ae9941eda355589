import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES } from './answer-messages';
import { validateAnswers } from './answer-validation';
import { buildAnswer, buildForm, buildQuestion } from './test-fixtures';

describe('Spec 002 §5 validating a whole form', () => {
  const q1 = buildQuestion({ order: 1, type: 'YES_NO', possibilities: ['yes', 'no'] });
  const q2 = buildQuestion({
    order: 2,
    required: true,
    showRules: [{ question: 'q1', possibilities: ['yes'] }],
  });
  const q3 = buildQuestion({ order: 3, required: true, hideFromSubjects: true });
  const form = buildForm([q1, q2, q3]);

  it('reports issues under answers.<questionId> and skips questions hidden by show rules', () => {
    const issues = validateAnswers(form, [buildAnswer('q1', { possibilities: ['no'] })]);
    expect(issues).toEqual([{ path: ['answers', 'q3'], message: ANSWER_MESSAGES.REQUIRED }]);
    const shown = validateAnswers(form, [buildAnswer('q1', { possibilities: ['yes'] })]);
    expect(shown.map((i) => i.path)).toEqual([
      ['answers', 'q2'],
      ['answers', 'q3'],
    ]);
  });

  it('does not ask subjects the subject-hidden questions on the public fill', () => {
    const issues = validateAnswers(form, [buildAnswer('q1', { possibilities: ['no'] })], {
      audience: 'public',
    });
    expect(issues).toEqual([]);
  });

  it('rejects answers to unknown questions and a second answer to one question', () => {
    const issues = validateAnswers(form, [
      buildAnswer('q1', { possibilities: ['no'] }),
      buildAnswer('q1', { possibilities: ['no'] }),
      buildAnswer('zz'),
      buildAnswer('q3', { answerStrings: ['x'] }),
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      ANSWER_MESSAGES.DUPLICATE_ANSWER,
      ANSWER_MESSAGES.UNKNOWN_QUESTION,
    ]);
  });

  it('takes the inclusion flag from the form', () => {
    const inc = buildQuestion({
      type: 'YES_NO',
      possibilities: [
        { id: 'yes', possibility: { en: 'Yes' }, reqForInclusion: true },
        { id: 'no', possibility: { en: 'No' } },
      ],
    });
    const incForm = buildForm([inc], { inclusion: true });
    expect(validateAnswers(incForm, [buildAnswer('q1', { possibilities: ['no'] })])[0]?.message).toBe(
      ANSWER_MESSAGES.INCLUSION,
    );
  });
});
