/**
 * Question authoring limits (spec 001 §5 "Authoring limits"): ranges, text lengths,
 * multiple-response counts, possibilities, tables, formulas and show-rule sources.
 */
import { assertNever } from '../common/assert';
import type { FieldIssue } from '../common/errors';
import { type FormTemplate, isChoiceQuestionType, type Question } from '../forms/model';
import { validateFormula } from '../formulas/validate-formula';
import { authoringIssue, checkLocalizedText, checkPlainText, type IssuePath } from './issues';
import {
  CALCULATION_DECIMALS_MAX,
  EXPORT_LABEL_MAX,
  EXPORT_LABEL_PATTERN,
  NUMBER_BOUND,
  POSSIBILITY_TEXT_MAX,
  QUESTION_TEXT_MAX,
  RICH_TEXT_MAX,
  TEXT_LENGTH_MAX,
  TEXT_LENGTH_MIN,
} from './limits';
import { validateTable } from './validate-table';

type RangeKeys = ['minValue', 'maxValue'] | ['minLength', 'maxLength'] | ['minAnswer', 'maxAnswer'];
type RangeRules = {
  isInteger: boolean;
  lowest: number;
  highest: number;
  isRequired?: boolean;
  /** Spec 001 §5 text lengths: "with min below max", so min equal to max is refused too. */
  isMinBelowMax?: boolean;
};

/**
 * Spec 001 §5: min and max numeric (integer or decimal by type), within bounds, min not above
 * max (text lengths: min below max).
 */
function checkRange(question: Question, [minKey, maxKey]: RangeKeys, rules: RangeRules): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const valid: number[] = [];
  for (const key of [minKey, maxKey]) {
    const value = question[key];
    if (value == null) {
      if (rules.isRequired) issues.push(authoringIssue([key], 'REQUIRED'));
    } else if (!Number.isFinite(value)) issues.push(authoringIssue([key], 'NOT_NUMERIC'));
    else if (rules.isInteger && !Number.isInteger(value)) issues.push(authoringIssue([key], 'NOT_INTEGER'));
    else if (value < rules.lowest || value > rules.highest) {
      issues.push(authoringIssue([key], 'OUT_OF_RANGE', { min: rules.lowest, max: rules.highest }));
    } else valid.push(value);
  }
  const [min, max] = valid;
  if (valid.length === 2 && min !== undefined && max !== undefined) {
    if (min > max) issues.push(authoringIssue([minKey], 'MIN_ABOVE_MAX', { max }));
    else if (rules.isMinBelowMax && min === max) {
      issues.push(authoringIssue([minKey], 'MIN_NOT_BELOW_MAX', { max }));
    }
  }
  return issues;
}

/** Spec 001 §5: choice types need at least one possibility, each with a text of at most 1024 characters. */
function checkPossibilities(question: Question): FieldIssue[] {
  if (!isChoiceQuestionType(question.type)) return [];
  if (question.possibilities.length === 0) return [authoringIssue(['possibilities'], 'TOO_FEW', { min: 1 })];
  const seen = new Set<string>();
  return question.possibilities.flatMap((p, i) => {
    const path: IssuePath = ['possibilities', i];
    const issues = checkLocalizedText([...path, 'possibility'], p.possibility, {
      isRequired: true,
      max: POSSIBILITY_TEXT_MAX,
    });
    if (seen.has(p.id)) issues.push(authoringIssue([...path, 'id'], 'DUPLICATE'));
    seen.add(p.id);
    return issues;
  });
}

/** Spec 001 §5: show rules reference earlier choice questions and their own possibilities. */
function checkShowRules(form: FormTemplate, question: Question): FieldIssue[] {
  const rulesAt: { path: IssuePath; rules: Question['showRules'] }[] = [
    { path: ['showRules'], rules: question.showRules },
    ...question.possibilities.map((p, i) => ({
      path: ['possibilities', i, 'showRules'],
      rules: p.showRules,
    })),
  ];
  return rulesAt.flatMap(({ path, rules }) =>
    rules.flatMap((rule, r) => {
      const source = form.questions.find((q) => q.id === rule.question);
      // Spec 001 §5: rules pointing at removed questions are dropped, not refused.
      if (!source) return [];
      if (source.order >= question.order || !isChoiceQuestionType(source.type)) {
        return [authoringIssue([...path, r, 'question'], 'NOT_ALLOWED', { errorId: 'INVALID_SHOW_RULE' })];
      }
      return rule.possibilities.length === 0
        ? [authoringIssue([...path, r, 'possibilities'], 'REQUIRED')]
        : [];
    }),
  );
}

/** Spec 001 §5: type-specific limits. */
function checkByType(form: FormTemplate, question: Question): FieldIssue[] {
  switch (question.type) {
    case 'NUMBER':
      return checkRange(question, ['minValue', 'maxValue'], {
        isInteger: !question.floatingNumber,
        lowest: -NUMBER_BOUND,
        highest: NUMBER_BOUND,
      });
    case 'SLIDER':
      return checkRange(question, ['minValue', 'maxValue'], {
        isInteger: true,
        lowest: -NUMBER_BOUND,
        highest: NUMBER_BOUND,
        isRequired: true,
      });
    case 'TEXT_SENTENCE':
    case 'TEXT_FREE':
      return checkRange(question, ['minLength', 'maxLength'], {
        isInteger: true,
        lowest: TEXT_LENGTH_MIN,
        highest: TEXT_LENGTH_MAX,
        isMinBelowMax: true,
      });
    case 'MULTIPLE_RESPONSE':
      return checkRange(question, ['minAnswer', 'maxAnswer'], {
        isInteger: true,
        lowest: 0,
        highest: question.possibilities.length,
      });
    case 'TABLE':
      return validateTable(question);
    case 'CALCULATED': {
      const issues = validateFormula(form, question.calculationFormula);
      const decimals = question.calculationDecimals;
      if (!Number.isInteger(decimals) || decimals < 0 || decimals > CALCULATION_DECIMALS_MAX) {
        issues.push(
          authoringIssue(['calculationDecimals'], 'OUT_OF_RANGE', { min: 0, max: CALCULATION_DECIMALS_MAX }),
        );
      }
      return issues;
    }
    case 'CHECKBOX':
    case 'YES_NO':
    case 'TIME':
    case 'DATE':
    case 'DATE_TIME':
    case 'TIME_DURATION':
    case 'MULTIPLE_CHOICE':
    case 'SMILEY':
    case 'INFORMATION':
    case 'IMAGE':
    case 'MEDICATION_REF':
    case 'AE_REF':
    case 'AE_2_REF':
    case 'UNSCHEDULED_EVENT_REF':
    case 'FILE':
      return [];
    default:
      return assertNever(question.type);
  }
}

/**
 * Spec 001 §5: every authoring problem of one question of `form`, paths relative to the question.
 * Used by the question editor and by the server on every form save.
 */
export function validateQuestion(form: FormTemplate, question: Question): FieldIssue[] {
  const issues = checkLocalizedText(['question'], question.question, {
    isRequired: true,
    max: question.type === 'INFORMATION' ? RICH_TEXT_MAX : QUESTION_TEXT_MAX,
  });
  issues.push(
    ...checkByType(form, question),
    ...checkPossibilities(question),
    ...checkShowRules(form, question),
  );
  const label = question.exportLabel?.trim();
  if (label) {
    issues.push(...checkPlainText(['exportLabel'], label, { isRequired: false, max: EXPORT_LABEL_MAX }));
    if (!EXPORT_LABEL_PATTERN.test(label)) issues.push(authoringIssue(['exportLabel'], 'PATTERN'));
  }
  return issues;
}
