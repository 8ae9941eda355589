import {
  checkValidationRule,
  type FieldIssue,
  type FormTemplate,
  type OffsetMathOperator,
  type OffsetTimeUnit,
  type OperantType,
  type RuleActionType,
  type RuleOperator,
  type RuleReferenceDate,
  ValidationRuleBodySchema,
  type ValidationRuleDraft,
  type ValidationRuleView,
} from '@trialbase/domain';

export type OffsetDraft = {
  mathOperator: OffsetMathOperator | null;
  offsetNumber: number | null;
  timeUnit: OffsetTimeUnit | null;
};

/** What the validation-rule editor edits; `toRuleBody` turns it into the domain rule (spec 001 §3). */
export type RuleDraft = {
  formId: string | null;
  questionId: string | null;
  operator: RuleOperator | null;
  rightType: OperantType | null;
  value: string;
  possibilities: string[];
  referenceDate: RuleReferenceDate | null;
  rightFormId: string | null;
  rightQuestionId: string | null;
  offsets: OffsetDraft[];
  actionType: RuleActionType | null;
  messages: Record<string, string>;
  comment: string;
};

export const EMPTY_DRAFT: RuleDraft = {
  formId: null,
  questionId: null,
  operator: null,
  rightType: null,
  value: '',
  possibilities: [],
  referenceDate: null,
  rightFormId: null,
  rightQuestionId: null,
  offsets: [],
  actionType: 'BLOCK',
  messages: {},
  comment: '',
};

const isQuestionOperand = (type: OperantType | null) => type === 'QUESTION' || type === 'QUESTION_REF';

/** The rule body sent to the server: constants sit on the rule's own question (spec 001 §5 coordinates). */
export function toRuleBody(
  draft: RuleDraft,
  forms: readonly FormTemplate[],
  processId?: string,
): ValidationRuleDraft {
  const left = forms.find((f) => f.id === draft.formId)?.questions.find((q) => q.id === draft.questionId);
  const isDuration = left?.type === 'TIME_DURATION';
  const messages = Object.fromEntries(
    Object.entries(draft.messages).filter(([, text]) => text.trim() !== ''),
  );
  return {
    process: processId ?? null,
    leftOperant: {
      type: 'QUESTION',
      form: draft.formId,
      question: draft.questionId,
      pathway: processId ?? null,
    },
    rightOperant: {
      type: draft.rightType,
      pathway: processId ?? null,
      form: isQuestionOperand(draft.rightType) ? draft.rightFormId : draft.formId,
      question: isQuestionOperand(draft.rightType) ? draft.rightQuestionId : draft.questionId,
      value: draft.rightType === 'CONST_VAL' && !isDuration ? draft.value : null,
      duration: draft.rightType === 'CONST_VAL' && isDuration ? draft.value : null,
      possibilities: draft.rightType === 'CONST_POS' ? draft.possibilities.map(Number) : [],
      referenceDate: draft.rightType === 'DATE_REF' ? draft.referenceDate : null,
      offsetElements: draft.offsets,
    },
    operator: draft.operator,
    action: { type: draft.actionType, message: messages },
    comment: draft.comment.trim() === '' ? null : draft.comment,
  };
}

/** The editor's draft of a stored rule. */
export function fromRuleView(rule: ValidationRuleView): RuleDraft {
  const right = rule.rightOperant;
  return {
    formId: rule.leftOperant.form ?? null,
    questionId: rule.leftOperant.question ?? null,
    operator: rule.operator ?? null,
    rightType: right.type ?? null,
    value: String(right.duration ?? right.value ?? ''),
    possibilities: right.possibilities.map(String),
    referenceDate: right.referenceDate ?? null,
    rightFormId: isQuestionOperand(right.type ?? null) ? (right.form ?? null) : null,
    rightQuestionId: isQuestionOperand(right.type ?? null) ? (right.question ?? null) : null,
    offsets: right.offsetElements.map((o) => ({
      mathOperator: o.mathOperator ?? null,
      offsetNumber: o.offsetNumber ?? null,
      timeUnit: o.timeUnit ?? null,
    })),
    actionType: rule.action.type ?? null,
    messages: Object.fromEntries(Object.entries(rule.action.message).map(([k, v]) => [k, v ?? ''])),
    comment: rule.comment ?? '',
  };
}

/** Live validity: the same domain check the server runs (CONVENTIONS.md web forms). */
export function draftIssues(body: ValidationRuleDraft, forms: readonly FormTemplate[]): FieldIssue[] {
  const parsed = ValidationRuleBodySchema.safeParse(body);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({
      path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: 'INVALID',
    }));
  }
  return checkValidationRule(parsed.data, forms);
}
