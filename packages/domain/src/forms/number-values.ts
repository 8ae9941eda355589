/**
 * NUMBER answers (spec 001 §5, 002 §5): with floatingNumber an optionally negative
 * decimal with dot or comma, otherwise an optionally negative integer; bounds ±9999999999999.
 */
import { FORM_LIMITS } from './form-constants';

const INTEGER_PATTERN = /^-?\d+$/;
const DECIMAL_PATTERN = /^-?\d+(?:[.,]\d+)?$/;

/** Whether the text is a number in the accepted syntax (spec 001 §5 NUMBER). */
export function isNumberSyntax(value: string, floatingNumber: boolean): boolean {
  return (floatingNumber ? DECIMAL_PATTERN : INTEGER_PATTERN).test(value.trim());
}

/** Parses a number answer, accepting a comma as decimal separator; null when not a number (spec 001 §5). */
export function parseNumberAnswer(value: string, floatingNumber: boolean): number | null {
  if (!isNumberSyntax(value, floatingNumber)) return null;
  const parsed = Number(value.trim().replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : null;
}

/** Spec 001 §5/§9: numbers lie within ±9999999999999 inclusive. */
export function isWithinNumberBounds(value: number): boolean {
  return value >= -FORM_LIMITS.numberBound && value <= FORM_LIMITS.numberBound;
}
