/**
 * Form templates (questionnaire templates) and their questions: spec 001 §3
 * "Form" / "Question" / "Show rule", spec 002 §3, spec 000 §3 forms summary.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';

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

/** Spec 001 §3 "Show rule": shown when one of these possibilities of an earlier question is chosen. */
export const ShowRuleSchema = z.object({
  question: z.string(),
  possibilities: z.array(z.string()),
});
export type ShowRule = z.infer<typeof ShowRuleSchema>;

/** Spec 001 §3 possibility: text per language, score value, required-for-inclusion, order. */
export const PossibilitySchema = z.object({
  id: z.string(),
  possibility: LocalizedTextSchema,
  order: z.number().int().min(1).optional(),
  image: z.string().nullish(),
  scoreValue: z.number().nullish(),
  reqForInclusion: z.boolean().default(false),
  showRules: z.array(ShowRuleSchema).default([]),
});
export type Possibility = z.infer<typeof PossibilitySchema>;

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

/** Spec 001 §3/§5 table row: title required, export label letters and digits only. */
export const TableRowSchema = z.object({
  id: z.string(),
  title: LocalizedTextSchema,
  exportLabel: z.string().regex(/^[A-Za-z0-9]*$/),
});
export type TableRow = z.infer<typeof TableRowSchema>;

/** Spec 001 §3/§5 table column: type and title required. */
export const TableColumnSchema = z.object({
  id: z.string(),
  title: LocalizedTextSchema,
  type: z.enum(TABLE_COLUMN_TYPES),
  exportLabel: z.string().regex(/^[A-Za-z0-9]*$/),
  floatingNumber: z.boolean().default(false),
});
export type TableColumn = z.infer<typeof TableColumnSchema>;

/** Spec 001 §3 question, with every setting the spec names. `order` is the 1-based position. */
export const QuestionSchema = z.object({
  id: z.string(),
  question: LocalizedTextSchema,
  type: z.enum(QUESTION_TYPES),
  order: z.number().int().min(1),
  required: z.boolean().default(false),
  canSkip: z.boolean().default(false),
  skipText: LocalizedTextSchema.optional(),
  helpText: LocalizedTextSchema.optional(),
  customLabels: z.boolean().default(false),
  leftLabel: LocalizedTextSchema.optional(),
  rightLabel: LocalizedTextSchema.optional(),
  sliderTexts: z.array(LocalizedTextSchema).default([]),
  questionTypeVersion: z.number().int().optional(),
  minAnswer: z.number().int().nullish(),
  maxAnswer: z.number().int().nullish(),
  minLength: z.number().int().nullish(),
  maxLength: z.number().int().nullish(),
  minValue: z.number().nullish(),
  maxValue: z.number().nullish(),
  floatingNumber: z.boolean().default(false),
  calculationFormula: z.string().nullish(),
  calculationDecimals: z.number().int().min(0).default(FORM_LIMITS.calculationDefaultDecimals),
  calcRefQuestions: z.array(z.string()).default([]),
  possibilities: z.array(PossibilitySchema).default([]),
  showRules: z.array(ShowRuleSchema).default([]),
  // Validation rules are owned by the rules module (spec 001 §3 "Validation rule"); opaque here.
  validationRules: z.array(z.unknown()).default([]),
  tableRow: z.array(TableRowSchema).default([]),
  tableCol: z.array(TableColumnSchema).default([]),
  dynamicTable: z.boolean().default(false),
  tableMaxRowCount: z.number().int().min(1).nullish(),
  exportLabel: z.string().optional(),
  hideFromSubjects: z.boolean().default(false),
  visibleInPublic: z.boolean().default(true),
  isHorizontal: z.boolean().default(false),
  isDropdown: z.boolean().default(false),
  posImage: z.boolean().default(false),
  numericRatingScale: z.boolean().default(false),
  mandatoryWhen: z.enum(AE_MANDATORY_WHEN).optional(),
  /** Spec 001 §3 AE form fill-out permissions: who fills the question (none listed: anyone editing the report). */
  fillOutPermissions: z.array(z.enum(INVOLVEMENT_PERMISSIONS)).optional(),
  fixedPossibilities: z.boolean().default(false),
  notEditable: z.boolean().default(false),
  usedByStratification: z.boolean().default(false),
  fullyEditable: z.boolean().default(true),
});
export type Question = z.infer<typeof QuestionSchema>;
export type QuestionInput = z.input<typeof QuestionSchema>;

/** Spec 001 §3 image chart colour label. */
export const ColorLabelSchema = z.object({ color: z.string(), label: LocalizedTextSchema });
export type ColorLabel = z.infer<typeof ColorLabelSchema>;

/** Spec 001 §3 form version, major and minor. */
export const FormVersionSchema = z.object({
  major: z.number().int().min(0),
  minor: z.number().int().min(0),
});
export type FormVersion = z.infer<typeof FormVersionSchema>;

/** Spec 001 §3 form (questionnaire template). `title` is the form name (max 64). */
export const FormTemplateSchema = z.object({
  id: z.string(),
  title: LocalizedTextSchema,
  type: z.enum(FORM_TYPES),
  infoText: LocalizedTextSchema.optional(),
  showInfoText: z.boolean().default(false),
  inclusion: z.boolean().default(false),
  score: z.boolean().default(false),
  /**
   * Whether the participant sees the form's score while filling it (issue 18 item 7). Off by
   * default: a PRO score shown to the patient can bias later answers. Staff always see it.
   */
  showScoreToParticipant: z.boolean().default(false),
  singleQuestionFillout: z.boolean().default(false),
  customFooter: LocalizedTextSchema.optional(),
  exportLabel: z.string().optional(),
  labelUnique: z.boolean().default(true),
  aeFormTemplate: z.enum(AE_FORM_TEMPLATES).optional(),
  sponsorInvolvement: z.enum(SPONSOR_INVOLVEMENTS).optional(),
  questions: z.array(QuestionSchema).default([]),
  imageChart: z.string().nullish(),
  imageData: z.string().nullish(),
  colorLabels: z.array(ColorLabelSchema).default([]),
  version: FormVersionSchema.default({ major: 1, minor: 0 }),
  published: z.boolean().default(false),
  fullyEditable: z.boolean().default(true),
  isUsedInProcess: z.boolean().default(false),
  isDefaultAeForm: z.boolean().default(false),
  language: z.string().optional(),
});
export type FormTemplate = z.infer<typeof FormTemplateSchema>;
export type FormTemplateInput = z.input<typeof FormTemplateSchema>;

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
