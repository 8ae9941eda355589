/**
 * Captured data: questionnaire answer sets and answers (spec 001 §3 "Questionnaire
 * answer set" / "Answer", spec 002 §3). One answer per question of the form.
 */
import { z } from 'zod';
import { assertNever } from '../common/assert';
import { FORM_LIMITS, FORM_STATUSES, type QuestionType } from '../forms/model';
import { answerWithDefaults } from './answer-defaults';

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

/** An uploaded file attached to an answer (FILE or IMAGE questions; spec 001 §5 upload). */
export const AnswerFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int().min(0),
  mimeType: z.string().optional(),
});
export type AnswerFile = z.infer<typeof AnswerFileSchema>;

/**
 * One table cell: `row` is the 0-based row index (static tables: index into the
 * question's tableRow; dynamic tables: the added row), `col` the column id.
 */
export const TableCellSchema = z.object({
  row: z.number().int().min(0),
  col: z.string(),
  value: z.string().max(FORM_LIMITS.textLengthCap),
});
export type TableCell = z.infer<typeof TableCellSchema>;

/** Spec 001 §3 answer. The filler's time zone is kept on each answer (DESIGN.md database). */
export const AnswerSchema = z.object({
  id: z.string().optional(),
  question: z.string(),
  answerStrings: z.array(z.string()).default([]),
  timeZone: z.string().nullish(),
  possibilities: z.array(z.string()).default([]),
  aeRefs: z.array(z.string()).default([]),
  medicationRefs: z.array(z.string()).default([]),
  unscheduledEventRefs: z.array(z.string()).default([]),
  images: z.array(AnswerFileSchema).default([]),
  files: z.array(AnswerFileSchema).default([]),
  comment: z.string().max(FORM_LIMITS.questionComment).nullish(),
  answerUnavailable: z.boolean().default(false),
  answerSkipped: z.boolean().default(false),
  /** Dynamic tables: how many rows are shown (rows 0..visibleRowIndex-1). */
  visibleRowIndex: z.number().int().min(0).nullish(),
  tableCells: z.array(TableCellSchema).default([]),
  tableCol: z.array(z.string()).default([]),
  tableRow: z.array(z.string()).default([]),
  verification: z.boolean().default(false),
  secondaryVerification: z.boolean().default(false),
});
export type Answer = z.infer<typeof AnswerSchema>;
export type AnswerInput = z.input<typeof AnswerSchema>;

/** Spec 001 §3 image chart marker. */
export const ImageChartMarkerSchema = z.object({
  localId: z.string(),
  order: z.number().int(),
  color: z.string(),
  markedPoints: z.array(z.object({ x: z.number(), y: z.number() })),
});
export type ImageChartMarker = z.infer<typeof ImageChartMarkerSchema>;

/** Spec 001 §3 image chart answers per colour. */
export const ImageChartAnswerSchema = z.object({ color: z.string(), answers: z.array(AnswerSchema) });
export type ImageChartAnswer = z.infer<typeof ImageChartAnswerSchema>;

/** Spec 001 §3 edit comment (update comment max 2048, spec 001 §5). */
export const EditCommentSchema = z.object({
  commentedBy: z.string(),
  timeStamp: z.string(),
  comment: z.string().min(1).max(2048),
  auditId: z.string().nullish(),
});
export type EditComment = z.infer<typeof EditCommentSchema>;

/** Spec 001 §3 questionnaire answer set: the answers of one form for one data event. */
export const AnswerSetSchema = z.object({
  id: z.string(),
  dataEvent: z.string(),
  questionnaireTemplate: z.string(),
  formVersion: z.object({ major: z.number().int(), minor: z.number().int() }).optional(),
  pathwayRecord: z.string(),
  token: z.string().nullish(),
  editMessage: z.string().nullish(),
  answers: z.array(AnswerSchema).default([]),
  imageChartMarkers: z.array(ImageChartMarkerSchema).default([]),
  imageChartAnswers: z.array(ImageChartAnswerSchema).default([]),
  createTime: z.string(),
  filledOutBy: z.string().nullish(),
  score: z.number().nullish(),
  status: z.enum(FORM_STATUSES),
  version: z.number().int().min(0).default(0),
  editComments: z.array(EditCommentSchema).default([]),
  verified: z.boolean().default(false),
  secondaryVerified: z.boolean().default(false),
});
export type AnswerSet = z.infer<typeof AnswerSetSchema>;

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
