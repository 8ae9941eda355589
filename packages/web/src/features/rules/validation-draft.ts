import {
  checkValidationRule,
  type FieldIssue,
  type FormTemplate,
  type OffsetMathOperator,
  type OffsetTimeUnit,
  type OperantType,
  type Process,
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
  /** A cross-form rule names its process and, per operant, a data event (spec 001 §3, §5). */
  processId: string | null;
  dataEventId: string | null;
  formId: string | null;
  questionId: string | null;
  operator: RuleOperator | null;
  rightType: OperantType | null;
  value: string;
  possibilities: string[];
  referenceDate: RuleReferenceDate | null;
  rightDataEventId: string | null;
  rightFormId: string | null;
  rightQuestionId: string | null;
  offsets: OffsetDraft[];
  actionType: RuleActionType | null;
  messages: Record<string, string>;
  comment: string;
};

export const EMPTY_DRAFT: RuleDraft = {
  processId: null,
  dataEventId: null,
  formId: null,
  questionId: null,
  operator: null,
  rightType: null,
  value: '',
  possibilities: [],
  referenceDate: null,
  rightDataEventId: null,
  rightFormId: null,
  rightQuestionId: null,
  offsets: [],
  actionType: 'BLOCK',
  messages: {},
  comment: '',
};

const isQuestionOperand = (type: OperantType | null) => type === 'QUESTION' || type === 'QUESTION_REF';

/**
 * The rule body sent to the server: constants sit on the rule's own question and data event
 * (spec 001 §5 coordinates); a question in another form may sit in another data event.
 */
export function toRuleBody(draft: RuleDraft, forms: readonly FormTemplate[]): ValidationRuleDraft {
  const processId = draft.processId;
  const rightEvent = draft.rightType === 'QUESTION_REF' ? draft.rightDataEventId : draft.dataEventId;
  const left = forms.find((f) => f.id === draft.formId)?.questions.find((q) => q.id === draft.questionId);
  const isDuration = left?.type === 'TIME_DURATION';
  const messages = Object.fromEntries(
    Object.entries(draft.messages).filter(([, text]) => text.trim() !== ''),
  );
  return {
    process: processId,
    leftOperant: {
      type: 'QUESTION',
      form: draft.formId,
      question: draft.questionId,
      pathway: processId,
      dataEvent: processId ? draft.dataEventId : null,
    },
    rightOperant: {
      type: draft.rightType,
      pathway: processId,
      dataEvent: processId ? rightEvent : null,
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
  const isOther = right.type === 'QUESTION_REF';
  return {
    processId: rule.process ?? rule.processId ?? rule.leftOperant.pathway ?? null,
    dataEventId: rule.leftOperant.dataEvent ?? null,
    formId: rule.leftOperant.form ?? null,
    questionId: rule.leftOperant.question ?? null,
    operator: rule.operator ?? null,
    rightType: right.type ?? null,
    value: String(right.duration ?? right.value ?? ''),
    possibilities: right.possibilities.map(String),
    referenceDate: right.referenceDate ?? null,
    rightDataEventId: isOther ? (right.dataEvent ?? null) : null,
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

/**
 * Live validity: the same domain check the server runs (CONVENTIONS.md web forms). A rule that
 * names a process is checked against it (the form is part of the data event, spec 001 §5); until
 * the process is loaded it is reported unknown rather than passed.
 */
export function draftIssues(
  body: ValidationRuleDraft,
  forms: readonly FormTemplate[],
  process?: Process,
): FieldIssue[] {
  const parsed = ValidationRuleBodySchema.safeParse(body);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({
      path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: 'INVALID',
    }));
  }
  if (!parsed.data.process) return checkValidationRule(parsed.data, forms);
  return checkValidationRule(parsed.data, forms, { processes: process ? [process] : [] });
}

/** Issues that are conflicts between choices, not missing input: shown before the first save. */
export function isConflict(issue: FieldIssue): boolean {
  return issue.message === 'NOT_IN_DATA_EVENT' || issue.message === 'INCOMPATIBLE_TYPES';
}

export type RuleCondition = { key: 'COORDINATES' | 'FORM_IN_EVENT' | 'TYPES'; isMet: boolean };

const SIDES = ['leftOperant', 'rightOperant'];
const COORDINATES = ['pathway', 'dataEvent', 'form', 'question'];

/**
 * The validity conditions of spec 001 §5 read off the domain issues: both operants have their
 * process, data event, form and question; each form is part of its data event; the two question
 * types are compatible. The later ones are met only once the coordinates are.
 */
export function ruleConditions(issues: readonly FieldIssue[], hasProcess: boolean): RuleCondition[] {
  const isCoordinate = (i: FieldIssue) =>
    SIDES.includes(String(i.path[0])) &&
    COORDINATES.includes(String(i.path[1])) &&
    (i.message === 'REQUIRED' || i.message === 'UNKNOWN_REFERENCE');
  const hasCoordinates = !issues.some(isCoordinate);
  const conditions: RuleCondition[] = [{ key: 'COORDINATES', isMet: hasCoordinates }];
  if (hasProcess) {
    const isInEvent = !issues.some((i) => i.message === 'NOT_IN_DATA_EVENT');
    conditions.push({ key: 'FORM_IN_EVENT', isMet: hasCoordinates && isInEvent });
  }
  const isCompatible = !issues.some((i) => i.message === 'INCOMPATIBLE_TYPES');
  conditions.push({ key: 'TYPES', isMet: hasCoordinates && isCompatible });
  return conditions;
}
