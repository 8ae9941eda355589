import type { FormTemplate } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http';
import { isVersionConflict, questionErrorsFrom } from './server-errors';

// Keys come back as they are, so the test sees which message was chosen.
const t = ((key: string, options?: { defaultValue?: string }) =>
  key.startsWith('RENDERER.VALIDATION.') || key.startsWith('QUESTIONNAIRES.')
    ? key
    : (options?.defaultValue ?? key)) as unknown as TFunction;

const form = {
  id: 'f1',
  title: { en: 'Vitals' },
  questions: [
    {
      id: 'q1',
      type: 'NUMBER',
      validationRules: [
        {
          id: 'r1',
          operator: 'lte',
          leftOperant: { type: 'QUESTION', question: 'q1' },
          rightOperant: { type: 'CONST_VAL', value: '250' },
          action: { type: 'BLOCK', message: { en: 'At most {limit}', da: 'Højst {limit}' } },
        },
      ],
    },
  ],
} as unknown as FormTemplate;

function badRequest(issues: object[]) {
  return new HttpError('POST', '/api/x', 400, {
    type: 'VALIDATION',
    message: 'Some answers are not valid.',
    context: { issues },
  } as never);
}

describe('questionErrorsFrom (spec 001 §5 server errors on their questions)', () => {
  it('puts answer issues on the question named by the path', () => {
    const errors = questionErrorsFrom(
      t,
      badRequest([
        { path: ['answers', 'q1', 'answerStrings', 0], message: 'PUBLIC.VALIDATION.REQUIRED' },
        { path: ['formId'], message: 'not here' },
      ]),
      form,
      'en',
    );
    expect(errors && [...errors]).toEqual([['q1', ['RENDERER.VALIDATION.REQUIRED']]]);
  });

  it("shows a BLOCK rule's own text in the form's language, with its limit", () => {
    const issue = {
      path: ['answers', 'q1'],
      message: 'VALIDATION_RULE_VIOLATION',
      params: { ruleId: 'r1', limit: '250' },
    };
    expect(questionErrorsFrom(t, badRequest([issue]), form, 'da')?.get('q1')).toEqual(['Højst 250']);
    const unknown = { ...issue, params: { ruleId: 'study-rule' } };
    expect(questionErrorsFrom(t, badRequest([unknown]), form, 'en')?.get('q1')).toEqual([
      'QUESTIONNAIRES.MESSAGES.RULE_VIOLATION',
    ]);
  });

  it("never shows an issue's plain text: it reads as not valid", () => {
    const issue = { path: ['answers', 'q1'], message: 'Server words the user must not see' };
    expect(questionErrorsFrom(t, badRequest([issue]), form, 'en')?.get('q1')).toEqual([
      'SERVER_ERRORS.INVALID_FIELD',
    ]);
  });

  it('ignores errors that are not a 400 with answer issues', () => {
    expect(questionErrorsFrom(t, new HttpError('PUT', '/api/x', 409, null), form, 'en')).toBeNull();
    expect(questionErrorsFrom(t, badRequest([{ path: ['comment'], message: 'x' }]), form, 'en')).toBeNull();
    expect(questionErrorsFrom(t, new Error('offline'), form, 'en')).toBeNull();
  });

  it('tells a version conflict (409) apart', () => {
    expect(isVersionConflict(new HttpError('PUT', '/api/x', 409, null))).toBe(true);
    expect(isVersionConflict(new HttpError('PUT', '/api/x', 400, null))).toBe(false);
  });
});
