/**
 * Where an answer's value lives and whether it holds one (spec 001 §3 "Answer", §4), without zod:
 * the participant's fill page uses these and no schema (issue 16, the slow phone); model.ts, which
 * re-exports them, adds the schemas.
 */
import { assertNever } from '../common/assert';
import type { QuestionType } from '../forms/form-constants';
import { answerWithDefaults } from './answer-defaults';
import type { Answer } from './model';

/** Spec 001 §3 special answer markers, used where a value is absent (exports, data views). */
export const ANSWER_MARKERS = {
  NOT_ANSWERED: '.b',
  SKIPPED: '.na',
  UNAVAILABLE: '.n',
  CANCELLED: '.c',
  DISCONTINUED: '.d',
  EXCLUDED: '.e',
} as const;
export type AnswerMarker = (typeof ANSWER_MARKERS)[keyof typeof ANSWER_MARKERS];
export const ANSWER_MARKER_VALUES = Object.values(ANSWER_MARKERS) as AnswerMarker[];

/** Where the value of an answer lives, by question type (spec 001 §3 answer fields). */
export const ANSWER_VALUE_KINDS = [
  'boolean',
  'string',
  'possibilities',
  'images',
  'files',
  'table',
  'aeRefs',
  'medicationRefs',
  'unscheduledEventRefs',
  'none',
] as const;
export type AnswerValueKind = (typeof ANSWER_VALUE_KINDS)[number];

/** The answer field that carries a question type's value (spec 001 §3). */
export function answerValueKindOf(type: QuestionType): AnswerValueKind {
  switch (type) {
    case 'CHECKBOX':
      return 'boolean';
    case 'NUMBER':
    case 'TEXT_SENTENCE':
    case 'TEXT_FREE':
    case 'TIME':
    case 'DATE':
    case 'DATE_TIME':
    case 'TIME_DURATION':
    case 'SLIDER':
    case 'CALCULATED':
      return 'string';
    case 'YES_NO':
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
    case 'SMILEY':
      return 'possibilities';
    case 'IMAGE':
      return 'images';
    case 'FILE':
      return 'files';
    case 'TABLE':
      return 'table';
    case 'AE_REF':
    case 'AE_2_REF':
      return 'aeRefs';
    case 'MEDICATION_REF':
      return 'medicationRefs';
    case 'UNSCHEDULED_EVENT_REF':
      return 'unscheduledEventRefs';
    case 'INFORMATION':
      return 'none';
    default:
      return assertNever(type);
  }
}

/** An answer with no value for a question of this type (spec 001 §4 reset). */
export function createEmptyAnswer(questionId: string, timeZone?: string | null): Answer {
  // Without zod (issue 16: the fill page); answer-defaults.test.ts checks the plan against AnswerSchema.
  return answerWithDefaults({ question: questionId, timeZone: timeZone ?? null });
}

/** Whether the answer holds a value for its question type; markers do not count (spec 001 §4). */
export function hasAnswerValue(type: QuestionType, answer: Answer | undefined): boolean {
  if (!answer) return false;
  const kind = answerValueKindOf(type);
  switch (kind) {
    case 'boolean':
      return answer.answerStrings[0] === 'true';
    case 'string':
      return (answer.answerStrings[0] ?? '').trim() !== '';
    case 'possibilities':
      return answer.possibilities.length > 0;
    case 'images':
      return answer.images.length > 0;
    case 'files':
      return answer.files.length > 0;
    case 'table':
      return answer.tableCells.some((c) => c.value.trim() !== '');
    case 'aeRefs':
      return answer.aeRefs.length > 0;
    case 'medicationRefs':
      return answer.medicationRefs.length > 0;
    case 'unscheduledEventRefs':
      return answer.unscheduledEventRefs.length > 0;
    case 'none':
      return false;
    default:
      return assertNever(kind);
  }
}

/** The export marker of an answer without a value: unavailable, skipped or not answered (spec 001 §3). */
export function answerMarkerOf(type: QuestionType, answer: Answer | undefined): AnswerMarker | null {
  if (answer?.answerUnavailable) return ANSWER_MARKERS.UNAVAILABLE;
  if (answer?.answerSkipped) return ANSWER_MARKERS.SKIPPED;
  return hasAnswerValue(type, answer) ? null : ANSWER_MARKERS.NOT_ANSWERED;
}
