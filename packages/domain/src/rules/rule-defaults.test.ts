import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultsPlanOf } from '../common/defaults-plan-of';
import { ValidationRuleSchema } from './model';
import { readValidationRule, VALIDATION_RULE_DEFAULTS } from './rule-defaults';

/** Values near a rule's shape: right and wrong types, known and unknown words, missing fields. */
const word = fc.constantFrom(
  'QUESTION',
  'CONST_VAL',
  'lte',
  'BLOCK',
  'years',
  '+',
  'fillout',
  'nonsense',
  '',
);
const scalar = fc.oneof(word, fc.integer(), fc.constant(null), fc.constant(undefined), fc.boolean());
const offset = fc.record(
  { mathOperator: scalar, offsetNumber: scalar, timeUnit: scalar },
  { requiredKeys: [] },
);
const operant = fc.oneof(
  fc.record(
    {
      type: scalar,
      form: fc.oneof(fc.string(), scalar),
      question: scalar,
      value: fc.oneof(fc.string(), scalar),
      possibilities: fc.oneof(fc.array(fc.integer()), fc.array(scalar), scalar),
      referenceDate: scalar,
      offset: fc.oneof(offset, scalar),
      offsetElements: fc.oneof(fc.array(offset), scalar),
      stray: scalar,
    },
    { requiredKeys: [] },
  ),
  scalar,
);
const message = fc.oneof(
  fc.dictionary(fc.constantFrom('en', 'da', 'xx'), fc.oneof(fc.string(), scalar)),
  scalar,
);
const rule = fc.record(
  {
    id: scalar,
    process: scalar,
    leftOperant: operant,
    rightOperant: operant,
    operator: scalar,
    action: fc.oneof(fc.record({ type: scalar, message }, { requiredKeys: [] }), scalar),
    comment: fc.oneof(fc.string(), scalar),
    stray: scalar,
  },
  { requiredKeys: [] },
);

describe('Spec 001 §3 embedded validation rules read without zod (issue 16)', () => {
  it("VALIDATION_RULE_DEFAULTS is ValidationRuleSchema's plan", () => {
    // On a failure, write the received plan into rules/rule-defaults.ts.
    expect(VALIDATION_RULE_DEFAULTS).toEqual(defaultsPlanOf(ValidationRuleSchema));
  });

  it('reads a complete rule as the schema does', () => {
    const complete = {
      id: 'r1',
      leftOperant: { type: 'QUESTION', form: 'f1', question: 'q1', offsetElements: [{ offsetNumber: 2 }] },
      operator: 'lte',
      rightOperant: { type: 'DATE_REF', referenceDate: 'fillout', offset: { mathOperator: '+' } },
      action: { type: 'BLOCK', message: { en: 'At most {limit}' } },
    };
    expect(readValidationRule(complete)).toEqual(ValidationRuleSchema.parse(complete));
  });

  it('accepts and refuses what ValidationRuleSchema does, and reads the same rule', () => {
    fc.assert(
      fc.property(rule, (raw) => {
        const parsed = ValidationRuleSchema.safeParse(raw);
        expect(readValidationRule(raw)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
