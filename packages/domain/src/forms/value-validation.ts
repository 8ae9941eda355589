/**
 * Checks of one textual answer value by its type (spec 001 §5 "Answers", 002 §5 "Fill answers"):
 * numbers, sliders, texts, times, dates, date-times and durations. Used for answers and table cells.
 */
import { assertNever } from '../common/assert';
import type { FieldIssue } from '../common/errors';
import { ANSWER_MESSAGES } from './answer-messages';
import { FORM_LIMITS } from './form-constants';
import type { Question } from './model';
import { isWithinNumberBounds, parseNumberAnswer } from './number-values';
import {
  isCalendarDate,
  isDateTimeValue,
  isOnOrAfterEarliestDate,
  isValidTimeValue,
  parseDuration,
} from './time-values';

/** Question types whose answer is one string in `answerStrings[0]`. */
export const SCALAR_VALUE_TYPES = [
  'CHECKBOX',
  'NUMBER',
  'TEXT_SENTENCE',
  'TEXT_FREE',
  'TIME',
  'DATE',
  'DATE_TIME',
  'TIME_DURATION',
  'SLIDER',
  'CALCULATED',
] as const;
export type ScalarValueType = (typeof SCALAR_VALUE_TYPES)[number];

export type ScalarValueSettings = Pick<
  Question,
  'floatingNumber' | 'minValue' | 'maxValue' | 'minLength' | 'maxLength'
>;

const NO_SETTINGS: ScalarValueSettings = { floatingNumber: false };

function invalid(path: (string | number)[], field: string): FieldIssue[] {
  return [{ path, message: ANSWER_MESSAGES.VALID, params: { field } }];
}

function boundIssues(path: (string | number)[], n: number): FieldIssue[] {
  if (isWithinNumberBounds(n)) return [];
  if (n > FORM_LIMITS.numberBound) {
    return [{ path, message: ANSWER_MESSAGES.MAX_VALUE, params: { max: FORM_LIMITS.numberBound } }];
  }
  if (n < -FORM_LIMITS.numberBound) {
    return [{ path, message: ANSWER_MESSAGES.MIN_VALUE, params: { min: -FORM_LIMITS.numberBound } }];
  }
  return [];
}

/** Spec 001 §5 NUMBER: syntax, ±9999999999999, and min/max (once touched) with MIN_MAX_MESSAGE. */
export function validateNumberValue(
  value: string,
  settings: ScalarValueSettings,
  path: (string | number)[],
  isTouched = true,
): FieldIssue[] {
  const n = parseNumberAnswer(value, settings.floatingNumber);
  if (n === null) return invalid(path, 'number');
  const bounds = boundIssues(path, n);
  if (bounds.length > 0 || !isTouched) return bounds;
  const { minValue: min, maxValue: max } = settings;
  if ((min != null && n < min) || (max != null && n > max)) {
    const params: Record<string, number> = {};
    if (min != null) params.min = min;
    if (max != null) params.max = max;
    return [{ path, message: ANSWER_MESSAGES.MIN_MAX, params }];
  }
  return [];
}

/** Spec 001 §5 SLIDER: an answer outside minValue..maxValue is an error. */
export function validateSliderValue(
  value: string,
  settings: ScalarValueSettings,
  path: (string | number)[],
): FieldIssue[] {
  const n = parseNumberAnswer(value, true);
  if (n === null) return invalid(path, 'slider');
  if (settings.minValue != null && n < settings.minValue) {
    return [{ path, message: ANSWER_MESSAGES.MIN_VALUE, params: { min: settings.minValue } }];
  }
  if (settings.maxValue != null && n > settings.maxValue) {
    return [{ path, message: ANSWER_MESSAGES.MAX_VALUE, params: { max: settings.maxValue } }];
  }
  return boundIssues(path, n);
}

/** Spec 001 §5 / DESIGN.md: text min/max length, capped at 10000 characters for answers. */
export function validateTextValue(
  value: string,
  settings: ScalarValueSettings,
  path: (string | number)[],
): FieldIssue[] {
  const length = [...value].length;
  const max = Math.min(settings.maxLength ?? FORM_LIMITS.textLengthCap, FORM_LIMITS.textLengthCap);
  if (length > max)
    return [{ path, message: ANSWER_MESSAGES.MAX_LENGTH, params: { field: 'answer', length: max } }];
  if (settings.minLength != null && length < settings.minLength) {
    return [
      { path, message: ANSWER_MESSAGES.MIN_LENGTH, params: { field: 'answer', length: settings.minLength } },
    ];
  }
  return [];
}

/** Spec 001 §5 "Other": dates are real calendar dates, not before 1901-01-01. */
export function validateDateValue(value: string, path: (string | number)[], withTime: boolean): FieldIssue[] {
  const ok = withTime ? isDateTimeValue(value) : isCalendarDate(value);
  if (!ok) return invalid(path, withTime ? 'dateTime' : 'date');
  if (!isOnOrAfterEarliestDate(value)) {
    return [{ path, message: ANSWER_MESSAGES.MIN_DATE, params: { date: FORM_LIMITS.earliestDate } }];
  }
  return [];
}

/** Validates one scalar answer value by type (spec 001 §5); empty values are the caller's concern. */
export function validateScalarValue(
  type: ScalarValueType,
  value: string,
  path: (string | number)[],
  settings: ScalarValueSettings = NO_SETTINGS,
  isTouched = true,
): FieldIssue[] {
  switch (type) {
    case 'CHECKBOX':
      return value === 'true' || value === 'false' ? [] : invalid(path, 'checkbox');
    case 'NUMBER':
      return validateNumberValue(value, settings, path, isTouched);
    case 'CALCULATED': {
      // Spec 001 §5: a non-finite result clears the answer, so a stored value is always a finite number.
      const isNumeric = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value);
      return isNumeric && Number.isFinite(Number(value))
        ? boundIssues(path, Number(value))
        : invalid(path, 'calculated');
    }
    case 'SLIDER':
      return validateSliderValue(value, settings, path);
    case 'TEXT_SENTENCE':
    case 'TEXT_FREE':
      return validateTextValue(value, settings, path);
    case 'TIME':
      return isValidTimeValue(value) ? [] : invalid(path, 'time');
    case 'DATE':
      return validateDateValue(value, path, false);
    case 'DATE_TIME':
      return validateDateValue(value, path, true);
    case 'TIME_DURATION':
      return parseDuration(value) === null ? invalid(path, 'duration') : [];
    default:
      return assertNever(type);
  }
}
