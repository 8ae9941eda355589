/**
 * Form templates (questionnaire templates) and their questions: spec 001 §3
 * "Form" / "Question" / "Show rule", spec 002 §3, spec 000 §3 forms summary.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';
import {
  AE_FORM_TEMPLATES,
  AE_MANDATORY_WHEN,
  FORM_LIMITS,
  FORM_TYPES,
  INVOLVEMENT_PERMISSIONS,
  QUESTION_TYPES,
  SPONSOR_INVOLVEMENTS,
  TABLE_COLUMN_TYPES,
} from './form-constants';

// The enumerations, limits and helpers without zod live in form-constants.ts, so the pages that
// need only them (the participant's fill page) do not pull the schema library in.
export * from './form-constants';

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
