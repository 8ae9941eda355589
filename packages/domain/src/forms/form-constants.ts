/**
 * Form and question enumerations, limits and the helpers over them (spec 001 §3, §5, §9), without
 * zod: the participant pages use these and no schema (issue 16, the slow phone), and model.ts,
 * which re-exports them, adds the schemas.
 */
import type { Question } from './model';

/** Spec 001 §3 form types. */
export const FORM_TYPES = [
  'TYPE_FORM',
  'TYPE_HP',
  'TYPE_PATIENT',
  'TYPE_IMAGE_CHART',
  'TYPE_EQ_5D',
  'TYPE_AE',
  'TYPE_SUBJECT',
] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** Spec 001 §3 question types (22), in the spec's order. */
export const QUESTION_TYPES = [
  'CHECKBOX',
  'YES_NO',
  'NUMBER',
  'TEXT_SENTENCE',
  'TEXT_FREE',
  'TIME',
  'DATE',
  'DATE_TIME',
  'TIME_DURATION',
  'MULTIPLE_CHOICE',
  'MULTIPLE_RESPONSE',
  'SMILEY',
  'SLIDER',
  'INFORMATION',
  'TABLE',
  'IMAGE',
  'CALCULATED',
  'MEDICATION_REF',
  'AE_REF',
  'AE_2_REF',
  'UNSCHEDULED_EVENT_REF',
  'FILE',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Spec 001 §5: types whose answer is one or more possibilities; the only show-rule sources. */
export const CHOICE_QUESTION_TYPES = ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'YES_NO', 'SMILEY'] as const;
export type ChoiceQuestionType = (typeof CHOICE_QUESTION_TYPES)[number];

/** Spec 001 §4: reference types, skipped by single-question fill-out. */
export const REFERENCE_QUESTION_TYPES = [
  'MEDICATION_REF',
  'AE_REF',
  'AE_2_REF',
  'UNSCHEDULED_EVENT_REF',
] as const;
export type ReferenceQuestionType = (typeof REFERENCE_QUESTION_TYPES)[number];

/** Types that hold no answer of their own (information text; computed values). */
export const NON_INPUT_QUESTION_TYPES = ['INFORMATION', 'CALCULATED'] as const;

/** Spec 001 §5 authoring limits: text min/max length apply to these types. */
export const TEXT_QUESTION_TYPES = ['TEXT_SENTENCE', 'TEXT_FREE'] as const;

/** Spec 001 §3 editor sections. */
export const FORM_SECTIONS = [
  'ADVANCED_OPTIONS',
  'POSSIBILITIES',
  'SHOW_RULES',
  'SLIDER',
  'SLIDER_SETTINGS',
  'TABLE_COL',
  'TABLE_ROW',
  'TABLE_OPTIONS',
  'VALIDATION',
  'FILLOUT_PERMISSIONS',
] as const;
export const SPONSOR_INVOLVEMENTS = ['ALWAYS', 'SAE_ONLY', 'NEVER'] as const;
export const AE_MANDATORY_WHEN = [
  'NEVER',
  'REPORTED',
  'INVESTIGATOR_CLASSIFICATION',
  'SPONSOR_CLASSIFICATION',
  'FOLLOW_UP',
  'SPONSOR_FOLLOW_UP',
] as const;
export const INVOLVEMENT_PERMISSIONS = ['REPORTERS', 'INVESTIGATOR', 'SPONSOR'] as const;
export const AE_FORM_TEMPLATES = ['EMPTY', 'CUSTOM'] as const;

/** Spec 001 §4 stored form statuses; review statuses exclude not-started. */
export const FORM_STATUSES = [
  'STATUS_NOT_STARTED',
  'STATUS_QUERY',
  'STATUS_COMPLETED',
  'STATUS_INCOMPLETE',
  'STATUS_MISSING_DATA',
] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const REVIEW_FORM_STATUSES = [
  'STATUS_QUERY',
  'STATUS_COMPLETED',
  'STATUS_INCOMPLETE',
  'STATUS_MISSING_DATA',
] as const;
export type ReviewFormStatus = (typeof REVIEW_FORM_STATUSES)[number];

/** Spec 001 §9 / 002 §9 business constants used by form rules. */
export const FORM_LIMITS = {
  numberBound: 9999999999999,
  textLengthCap: 10000,
  formName: 64,
  introText: 20000,
  possibilityText: 1024,
  questionComment: 256,
  dynamicTableDefaultMaxRows: 10,
  calculationDefaultDecimals: 4,
  uploadMaxBytes: 1_024_000,
  consentPdfMaxBytes: 10_240_000,
  earliestDate: '1901-01-01',
} as const;

/** Cell types a table column may have (spec 001 §5 TABLE: column type is required). */
export const TABLE_COLUMN_TYPES = [
  'CHECKBOX',
  'NUMBER',
  'TEXT_SENTENCE',
  'TEXT_FREE',
  'TIME',
  'DATE',
  'DATE_TIME',
  'TIME_DURATION',
] as const;
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number];

/** True for MULTIPLE_CHOICE, MULTIPLE_RESPONSE, YES_NO and SMILEY (spec 001 §5). */
export function isChoiceQuestionType(type: QuestionType): type is ChoiceQuestionType {
  return (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);
}

/** True for the reference types skipped by single-question fill-out (spec 001 §4). */
export function isReferenceQuestionType(type: QuestionType): type is ReferenceQuestionType {
  return (REFERENCE_QUESTION_TYPES as readonly string[]).includes(type);
}

/** Questions of a form sorted by their 1-based order (spec 001 §3, DESIGN.md positions). */
export function sortQuestionsByOrder(questions: readonly Question[]): Question[] {
  return [...questions].sort((a, b) => a.order - b.order);
}

/** Spec 001 §5 / 002 §4: a dynamic table's max row count defaults to the existing row count or 10. */
export function resolveTableMaxRows(question: Pick<Question, 'tableMaxRowCount' | 'tableRow'>): number {
  if (question.tableMaxRowCount != null) return question.tableMaxRowCount;
  return question.tableRow.length > 0 ? question.tableRow.length : FORM_LIMITS.dynamicTableDefaultMaxRows;
}
