/** Builders for form tests (not exported from the barrel). */

import type { Answer } from '../questionnaires/model';
import { type AnswerInput, AnswerSchema } from '../questionnaires/model';
import {
  type FormTemplate,
  FormTemplateSchema,
  type Question,
  type QuestionInput,
  QuestionSchema,
} from './model';

/** A question with defaults; possibilities given as ids get an English text. */
export function buildQuestion(
  overrides: Partial<Omit<QuestionInput, 'possibilities'>> & {
    possibilities?: (NonNullable<QuestionInput['possibilities']>[number] | string)[];
  } = {},
): Question {
  const { possibilities, ...rest } = overrides;
  const order = rest.order ?? 1;
  return QuestionSchema.parse({
    id: `q${order}`,
    question: { en: `Question ${order}` },
    type: 'TEXT_SENTENCE',
    order,
    ...rest,
    possibilities: (possibilities ?? []).map((p) =>
      typeof p === 'string' ? { id: p, possibility: { en: p } } : p,
    ),
  });
}

/** A form of the given questions. */
export function buildForm(
  questions: Question[],
  overrides: Partial<Omit<FormTemplate, 'questions'>> = {},
): FormTemplate {
  return {
    ...FormTemplateSchema.parse({ id: 'form1', title: { en: 'Form' }, type: 'TYPE_FORM' }),
    ...overrides,
    questions,
  };
}

/** An answer to a question. */
export function buildAnswer(
  question: string,
  overrides: Omit<Partial<AnswerInput>, 'question'> = {},
): Answer {
  return AnswerSchema.parse({ question, ...overrides });
}
