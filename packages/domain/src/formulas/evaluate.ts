/**
 * Calculated questions (spec 001 §5 CALCULATED, 002 §5 "Calculated answers"):
 * evaluation of `Q{n}` / `QMAX{n}` formulas and form scores from possibility score values.
 */
import { assertNever } from '../common/assert';
import { FORM_LIMITS, type QuestionType } from '../forms/form-constants';
import type { FormTemplate, Question } from '../forms/model';
import {
  type EngineAnswer,
  type EngineAnswers,
  parseAnswerNumber,
  readAnswerText,
  readChosenPossibilityIds,
} from './answer-values';
import { type FormulaNode, parseFormula } from './parser';

/** Spec 001 §5: types a formula may reference on any form. */
export const FORMULA_NUMERIC_TYPES = ['NUMBER', 'SLIDER'] as const;
/** Spec 001 §5: extra types a score form may reference (through possibility score values). */
export const FORMULA_SCORE_TYPES = ['SMILEY', 'MULTIPLE_CHOICE', 'YES_NO'] as const;
/** Highest number of decimals a calculated question may round to (the range `toFixed` accepts everywhere). */
export const FORMULA_MAX_DECIMALS = 20;

/** Spec 001 §5 CALCULATED: question types `Q{n}` may point at for this form (score forms allow more). */
export function listFormulaReferenceTypes(form: Pick<FormTemplate, 'score'>): readonly QuestionType[] {
  return form.score ? [...FORMULA_NUMERIC_TYPES, ...FORMULA_SCORE_TYPES] : FORMULA_NUMERIC_TYPES;
}

/** Spec 001 §5: the question with 1-based order n (DESIGN.md positions), if any. */
export function findQuestionByOrder(
  form: Pick<FormTemplate, 'questions'>,
  order: number,
): Question | undefined {
  return form.questions.find((q) => q.order === order);
}

/** Spec 001 §5 QMAX{n}: the highest score value among the question's possibilities, or null. */
export function questionMaxScore(question: Question): number | null {
  const scores = question.possibilities
    .map((p) => p.scoreValue)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  return scores.length === 0 ? null : Math.max(...scores);
}

/** Spec 001 §3 scoreValue: score of the chosen possibilities (summed), null when none is chosen or scored. */
export function questionAnswerScore(question: Question, answer: EngineAnswer | undefined): number | null {
  const chosen = readChosenPossibilityIds(question, answer);
  if (chosen.length === 0) return null;
  let total = 0;
  for (const id of chosen) {
    const score = question.possibilities.find((p) => p.id === id)?.scoreValue;
    if (typeof score !== 'number' || !Number.isFinite(score)) return null;
    total += score;
  }
  return total;
}

/** Spec 001 §3 form score: the sum of the score values of chosen possibilities; hidden questions count nothing. */
export function formScore(
  form: Pick<FormTemplate, 'questions'>,
  answers: EngineAnswers,
  visibility?: Readonly<Record<string, boolean>>,
): number {
  let total = 0;
  for (const question of form.questions) {
    if (visibility?.[question.id] === false) continue;
    total += questionAnswerScore(question, answers[question.id]) ?? 0;
  }
  return total;
}

/** Spec 002 §5: rounds to the configured decimals; a non-finite value clears the answer (null). */
export function roundFormulaResult(
  value: number,
  decimals: number = FORM_LIMITS.calculationDefaultDecimals,
): number | null {
  if (!Number.isFinite(value)) return null;
  const places = Math.min(
    FORMULA_MAX_DECIMALS,
    Math.max(0, Math.trunc(Number.isFinite(decimals) ? decimals : 0)),
  );
  const rounded = Number(value.toFixed(places));
  if (!Number.isFinite(rounded)) return null;
  return rounded === 0 ? 0 : rounded;
}

/** Value of a parsed formula given a resolver for references; null when any input is missing or a step is non-finite. */
export function computeFormulaValue(
  ast: FormulaNode,
  resolve: (ref: Extract<FormulaNode, { kind: 'ref' }>) => number | null,
): number | null {
  switch (ast.kind) {
    case 'number':
      return ast.value;
    case 'ref':
      return resolve(ast);
    case 'unary': {
      const arg = computeFormulaValue(ast.arg, resolve);
      return arg === null ? null : ast.op === '-' ? -arg : arg;
    }
    case 'binary': {
      const left = computeFormulaValue(ast.left, resolve);
      const right = computeFormulaValue(ast.right, resolve);
      if (left === null || right === null) return null;
      const result = applyBinary(ast.op, left, right);
      return Number.isFinite(result) ? result : null;
    }
    default:
      return assertNever(ast);
  }
}

function applyBinary(
  op: Extract<FormulaNode, { kind: 'binary' }>['op'],
  left: number,
  right: number,
): number {
  switch (op) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
    default:
      return assertNever(op);
  }
}

/** The numeric value `Q{n}` stands for: the number for NUMBER/SLIDER, the chosen possibility's score otherwise. */
function resolveQuestionValue(
  form: Pick<FormTemplate, 'score'>,
  question: Question,
  answer: EngineAnswer | undefined,
) {
  if (!listFormulaReferenceTypes(form).includes(question.type)) return null;
  if (question.type === 'NUMBER' || question.type === 'SLIDER')
    return parseAnswerNumber(readAnswerText(answer));
  return questionAnswerScore(question, answer);
}

/**
 * Spec 001 §5 / 002 §5 calculated answers: evaluates `formula` over the form's answers.
 * Never throws: an invalid formula, a missing input or a non-finite result gives null.
 */
export function evaluateFormula(
  form: Pick<FormTemplate, 'questions' | 'score'>,
  formula: string,
  answers: EngineAnswers,
  decimals: number = FORM_LIMITS.calculationDefaultDecimals,
): number | null {
  const parsed = parseFormula(formula);
  if (!parsed.ok) return null;
  const value = computeFormulaValue(parsed.ast, (ref) => {
    const question = findQuestionByOrder(form, ref.order);
    if (!question) return null;
    if (ref.ref === 'QMAX') return form.score ? questionMaxScore(question) : null;
    return resolveQuestionValue(form, question, answers[question.id]);
  });
  return value === null ? null : roundFormulaResult(value, decimals);
}

/** Spec 001 §5: the answer of a CALCULATED question from its formula and decimals (default 4). */
export function evaluateCalculatedQuestion(
  form: Pick<FormTemplate, 'questions' | 'score'>,
  question: Pick<Question, 'calculationFormula' | 'calculationDecimals'>,
  answers: EngineAnswers,
): number | null {
  if (!question.calculationFormula) return null;
  return evaluateFormula(form, question.calculationFormula, answers, question.calculationDecimals);
}
