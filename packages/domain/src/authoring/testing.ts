/**
 * Builders of forms and questions for the domain tests of rules, formulas and
 * authoring (not exported from the barrel). Defaults come from the zod schemas.
 */
import {
  type FormTemplate,
  type FormTemplateInput,
  FormTemplateSchema,
  type Possibility,
  PossibilitySchema,
  type Question,
  type QuestionInput,
  QuestionSchema,
} from '../forms/model';

/** A question with English text "Question {order}" unless given. */
export function buildTestQuestion(input: Omit<QuestionInput, 'question'> & Partial<QuestionInput>): Question {
  return QuestionSchema.parse({ question: { en: `Question ${input.order}` }, ...input });
}

/** Possibilities `{id}-p1…` with English texts and optional score values. */
export function buildTestPossibilities(
  id: string,
  count: number,
  scores: readonly number[] = [],
): Possibility[] {
  return Array.from({ length: count }, (_, i) =>
    PossibilitySchema.parse({
      id: `${id}-p${i + 1}`,
      possibility: { en: `Option ${i + 1}`, da: `Valg ${i + 1}` },
      scoreValue: scores[i] ?? null,
    }),
  );
}

/** A form "f1" titled "Form" holding the given questions. */
export function buildTestForm(input: Partial<FormTemplateInput> = {}): FormTemplate {
  return FormTemplateSchema.parse({ id: 'f1', title: { en: 'Form' }, type: 'TYPE_FORM', ...input });
}
