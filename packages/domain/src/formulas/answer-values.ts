/**
 * The slice of a captured answer (spec 001 §3 "Answer") that the rule engine
 * reads. Structural, so the full answer type of the capture module fits it.
 */
import type { Question } from '../forms/model';

/** Spec 001 §3 Answer fields used by formulas and validation rules. */
export type EngineAnswer = {
  answerStrings?: readonly string[] | null;
  /** Chosen possibility ids. */
  possibilities?: readonly string[] | null;
  answerUnavailable?: boolean | null;
  answerSkipped?: boolean | null;
};

/** Answers of one filled form keyed by question id. */
export type EngineAnswers = Readonly<Record<string, EngineAnswer | undefined>>;

const NUMBER_TEXT = /^-?(\d+([.,]\d+)?|[.,]\d+)$/;

/** Spec 002 §5 number answers: optional minus, dot or comma decimals; anything else is not a number. */
export function parseAnswerNumber(text: string | null | undefined): number | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** Spec 001 §3 answer markers: an unavailable or skipped answer carries no value. */
export function isAnswerEmpty(answer: EngineAnswer | undefined): boolean {
  if (!answer || answer.answerUnavailable || answer.answerSkipped) return true;
  const hasText = (answer.answerStrings ?? []).some((s) => s.trim() !== '');
  return !hasText && (answer.possibilities ?? []).length === 0;
}

/** The first answer string of a question that holds a value, or null. */
export function readAnswerText(answer: EngineAnswer | undefined): string | null {
  if (isAnswerEmpty(answer)) return null;
  const text = answer?.answerStrings?.find((s) => s.trim() !== '');
  return text === undefined ? null : text.trim();
}

/** Chosen possibility ids, restricted to the question's own possibilities (stale ids are ignored). */
export function readChosenPossibilityIds(question: Question, answer: EngineAnswer | undefined): string[] {
  if (isAnswerEmpty(answer)) return [];
  const own = new Set(question.possibilities.map((p) => p.id));
  return [...new Set(answer?.possibilities ?? [])].filter((id) => own.has(id));
}
