import {
  type FormTemplate,
  type Question,
  type ValidationRule,
  ValidationRuleSchema,
} from '@trialbase/domain';

/** A new rule on `question` of its own form, the right side a constant (spec 001 §3 "Validation rule"). */
export function newEmbeddedRule(
  form: FormTemplate,
  question: Question,
  rightType: string | undefined,
): ValidationRule {
  return ValidationRuleSchema.parse({
    leftOperant: { type: 'QUESTION', form: form.id, question: question.id },
    rightOperant: { type: rightType ?? null },
    action: { type: 'BLOCK', message: {} },
  });
}
