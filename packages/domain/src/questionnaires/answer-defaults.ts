/**
 * The defaults of an answer (AnswerSchema) as plain data (issue 16: the fill page makes and reloads
 * answers without zod). answer-defaults.test.ts fails when this plan and the schema differ.
 */
import { type DefaultsPlan, withDefaults } from '../common/defaults-plan';
import type { Answer, AnswerInput } from './model';

/** Issue 16: AnswerSchema's fields and defaults (see common/defaults-plan.ts). */
export const ANSWER_DEFAULTS: DefaultsPlan = {
  keys: [
    'id',
    'question',
    'answerStrings',
    'timeZone',
    'possibilities',
    'aeRefs',
    'medicationRefs',
    'unscheduledEventRefs',
    'images',
    'files',
    'comment',
    'answerUnavailable',
    'answerSkipped',
    'visibleRowIndex',
    'tableCells',
    'tableCol',
    'tableRow',
    'verification',
    'secondaryVerification',
  ],
  defaults: {
    answerStrings: [],
    possibilities: [],
    aeRefs: [],
    medicationRefs: [],
    unscheduledEventRefs: [],
    images: [],
    files: [],
    answerUnavailable: false,
    answerSkipped: false,
    tableCells: [],
    tableCol: [],
    tableRow: [],
    verification: false,
    secondaryVerification: false,
  },
  fields: {
    images: { each: { keys: ['id', 'fileName', 'size', 'mimeType'] } },
    files: { each: { keys: ['id', 'fileName', 'size', 'mimeType'] } },
    tableCells: { each: { keys: ['row', 'col', 'value'] } },
  },
};

/** Spec 001 §3 answer: the answer as AnswerSchema parses it when valid (defaults filled in, unknown fields left out). */
export function answerWithDefaults(input: AnswerInput): Answer {
  return withDefaults(ANSWER_DEFAULTS, input) as Answer;
}

/**
 * An answer's stored value (issue 16): without the fields that hold their default, an empty list or
 * false (most of a stored answer: a one-string answer's jsonb is 73 bytes without them, 360 with
 * them, written and logged on every save). Nulls and every other value stay. Readers put the defaults back:
 * answerWithDefaults, AnswerSchema, and SQL that takes an absent field as empty (`coalesce`).
 */
export function withoutAnswerDefaults(value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const defaults = ANSWER_DEFAULTS.defaults ?? {};
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (field === undefined) continue;
    if (field === false && defaults[key] === false) continue;
    if (Array.isArray(field) && field.length === 0 && Array.isArray(defaults[key])) continue;
    kept[key] = field;
  }
  return kept;
}
