/**
 * Captured data: questionnaire answer sets and answers (spec 001 §3 "Questionnaire
 * answer set" / "Answer", spec 002 §3). One answer per question of the form.
 */
import { z } from 'zod';
import { FORM_LIMITS, FORM_STATUSES } from '../forms/form-constants';

// What an answer's value is, without zod, lives in answer-kinds.ts, so the pages that need only
// that (the participant's fill page) do not pull the schema library in.
export * from './answer-kinds';

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
