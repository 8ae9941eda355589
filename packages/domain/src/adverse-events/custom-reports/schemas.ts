/**
 * Custom AE report API contract (spec 000 §7 customaereports, 001 §7 filled forms
 * `.../customaereports`, issue 20 item 3): request and answer schemas shared by server and web.
 */
import { z } from 'zod';
import { IdSchema } from '../../common/ids';
import { LocalizedTextSchema } from '../../common/languages';
import { TimestampSchema } from '../../common/timestamps';
import { FormTemplateDocumentSchema } from '../../forms/schemas';
import { AnswerSchema } from '../../questionnaires/model';
import { AE_REPORT_STEPS } from './model';

export const AeReportStepSchema = z.enum(AE_REPORT_STEPS);

/** Amendments and reasons: the reason is required and kept with the audit event. */
export const AE_REPORT_REASON_MAX = 1000;

export const AeReportStudyParamsSchema = z.object({ studyId: IdSchema });
export const AeReportParamsSchema = z.object({ studyId: IdSchema, aeReportId: IdSchema });
export const AeReportEnrollmentParamsSchema = z.object({ studyId: IdSchema, enrollmentId: IdSchema });
export const AeReportTokenParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
});
export const AeReportQuestionnaireParamsSchema = AeReportTokenParamsSchema.extend({
  questionnaireId: IdSchema,
});
export const AeReportSignParamsSchema = z.object({
  studyId: IdSchema,
  siteId: IdSchema,
  aeReportId: IdSchema,
  signType: AeReportStepSchema,
});
export const AeReportImageParamsSchema = z.object({ studyId: IdSchema, imageId: IdSchema });
export const AeReportFileParamsSchema = z.object({
  studyId: IdSchema,
  tokenId: IdSchema,
  formId: z.string().min(1).max(64),
  questionId: z.string().min(1).max(64),
});
export const AeReportSiteFileParamsSchema = z.object({
  studyId: IdSchema,
  siteId: IdSchema,
  enrollmentId: IdSchema,
  formId: z.string().min(1).max(64),
  questionId: z.string().min(1).max(64),
});

const AnswersSchema = z.array(AnswerSchema).max(500);

/** POST .../customaereports/questionnaire: the AE form (the study's default AE form when left out). */
export const CreateAeReportSchema = z.object({
  formId: z.string().min(1).max(64).optional(),
  sae: z.boolean().default(false),
  answers: AnswersSchema.default([]),
});
export type CreateAeReport = z.infer<typeof CreateAeReportSchema>;

/** PUT .../questionnaires/{questionnaireId}/customaereports: save answers (and the serious flag before reporting). */
export const SaveAeReportSchema = z.object({
  answers: AnswersSchema,
  sae: z.boolean().optional(),
});
export type SaveAeReport = z.infer<typeof SaveAeReportSchema>;

/** PUT .../customaereports/amendment: changed answers of signed steps, with the reason. */
export const AmendAeReportSchema = z.object({
  answers: AnswersSchema,
  sae: z.boolean().optional(),
  reason: z.string().trim().min(1).max(AE_REPORT_REASON_MAX),
});
export type AmendAeReport = z.infer<typeof AmendAeReportSchema>;

/** PUT .../customaereports/{aeReportId}/{signType}?save=true: answers saved and signed in one step. */
export const SignAeReportQuerySchema = z.object({
  save: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const SignAeReportSchema = z.object({
  answers: AnswersSchema.optional(),
  sae: z.boolean().optional(),
});
export type SignAeReport = z.infer<typeof SignAeReportSchema>;

export const AeReportListQuerySchema = z.object({
  siteId: IdSchema.optional(),
  enrollmentId: IdSchema.optional(),
  includeRemoved: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** One signature (21 CFR 11.50): signer, printed name, time with zone, meaning, step. */
export const AeReportSignatureSchema = z.object({
  step: AeReportStepSchema,
  signedBy: z.string(),
  signedByName: z.string(),
  signedTime: TimestampSchema,
  meaning: z.string(),
});
export type AeReportSignature = z.infer<typeof AeReportSignatureSchema>;

export const AeReportAmendmentSchema = z.object({
  amendedBy: z.string(),
  amendedByName: z.string(),
  amendedTime: TimestampSchema,
  reason: z.string(),
  questionIds: z.array(z.string()),
});
export type AeReportAmendment = z.infer<typeof AeReportAmendmentSchema>;

/** What the caller may do with the report now (computed by the server, spec 000 §6). */
export const AeReportAbilitiesSchema = z.object({
  canSave: z.boolean(),
  canSign: z.boolean(),
  canAmend: z.boolean(),
  /** Question ids the caller may change with a plain save now. */
  editableQuestions: z.array(z.string()),
});

export const AeReportSummarySchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  siteName: z.string(),
  enrollmentId: IdSchema,
  subjectId: IdSchema,
  patientId: z.string(),
  tokenId: IdSchema,
  questionnaireId: IdSchema,
  formId: z.string(),
  formTitle: LocalizedTextSchema,
  sae: z.boolean(),
  sponsorInvolved: z.boolean(),
  signed: z.array(AeReportStepSchema),
  steps: z.array(AeReportStepSchema),
  nextStep: AeReportStepSchema.nullable(),
  isComplete: z.boolean(),
  isRemoved: z.boolean(),
  signatures: z.array(AeReportSignatureSchema),
  createdBy: z.string(),
  createTime: TimestampSchema,
  updateTime: TimestampSchema,
});
export type AeReportSummary = z.infer<typeof AeReportSummarySchema>;

export const AeReportViewSchema = AeReportSummarySchema.extend({
  form: FormTemplateDocumentSchema,
  answers: z.array(AnswerSchema),
  amendments: z.array(AeReportAmendmentSchema),
  abilities: AeReportAbilitiesSchema,
});
export type AeReportView = z.infer<typeof AeReportViewSchema>;

/** GET /studies/{studyId}/customaereports "returns an object" (spec 000 §7): the reports and the AE forms. */
export const AeReportListSchema = z.object({
  reports: z.array(AeReportSummarySchema),
  total: z.number().int(),
  forms: z.array(z.object({ id: z.string(), title: LocalizedTextSchema, isDefault: z.boolean() })),
});
export type AeReportList = z.infer<typeof AeReportListSchema>;
