import { describe, expect, it } from 'vitest';
import { buildTestForm, buildTestQuestion } from '../authoring/testing';
import { validateFormTemplate } from '../authoring/validate-form';
import { collectEmbeddedRules, validateEmbeddedRules } from './embedded';

function formWithRule(rule: unknown) {
  const question = buildTestQuestion({ id: 'q-cig', order: 1, type: 'NUMBER', validationRules: [rule] });
  return { form: buildTestForm({ id: 'f1', questions: [question] }), question };
}

const blockRule = {
  id: 'r1',
  leftOperant: { type: 'QUESTION', form: 'f1', question: 'q-cig' },
  operator: 'lte',
  rightOperant: { type: 'CONST_VAL', value: 60 },
  action: { type: 'BLOCK', message: { en: 'At most {limit} a day' } },
};

describe('Spec 001 §3, §5 validation rules inside a question', () => {
  it('accepts a complete in-form rule without process or data event coordinates', () => {
    const { form, question } = formWithRule(blockRule);
    expect(validateEmbeddedRules(form, question)).toEqual([]);
    expect(collectEmbeddedRules(form)).toHaveLength(1);
  });

  it('reports an unreadable rule and a rule without an operator, with paths under the question', () => {
    const broken = formWithRule({ nonsense: true });
    expect(validateEmbeddedRules(broken.form, broken.question)).toEqual([
      { path: ['validationRules', 0], message: 'INVALID_VALIDATION_RULE' },
    ]);
    const noOperator = formWithRule({ ...blockRule, operator: undefined });
    const issues = validateEmbeddedRules(noOperator.form, noOperator.question);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => issue.path[0] === 'validationRules' && issue.path[1] === 0)).toBe(true);
  });

  it('is part of the form authoring check the server and the builder share', () => {
    const { form } = formWithRule({ nonsense: true });
    expect(validateFormTemplate(form)).toContainEqual({
      path: ['questions', 0, 'validationRules', 0],
      message: 'INVALID_VALIDATION_RULE',
    });
  });
});
