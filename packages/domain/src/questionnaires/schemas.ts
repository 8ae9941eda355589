/**
 * API contract of filled forms (spec 001 §7 "Filled forms (staff)", §2 form fill header and review,
 * §4 edit locks, §5 answers; issue 7 items 5 and 6). Server routes and the web client both use these.
 *
 * Design (ours, where the spec is silent):
 * - One answer set (questionnaire) per form of a token. `POST .../questionnaires` saves ONE form:
 *   `isFinal: false` keeps it open (the token moves to IN_USE), `isFinal: true` completes that form;
 *   when every mandatory form of the token is complete the token completes (the schedule advances).
 * - A completed form is corrected with `PUT .../questionnaires/{id}` and a reason (`comment`, required,
 *   max 2048) and the saved `version` (409 on mismatch). `PUT .../{id}/unfinished` saves a draft of a
 *   form that is not completed yet (no reason needed).
 * - Staff fill staff events (HP tokens) and may fill subject events on the subject's behalf
 *   (`filledOutByType` USER); the audit trail records the staff member.
 * - The server rebuilds and re-validates every answer set; BLOCK rules refuse with 400
 *   `VALIDATION_RULE_VIOLATION`, answer errors with 400 `VALIDATION` (paths `answers.{questionId}...`),
 *   WARNING and QUERY rules come back in `firedRules`; QUERY rules raise one query per rule and answer.
 */
import { z } from 'zod';
import { UPDATE_COMMENT_MAX } from '../authoring/limits';
import { IdSchema } from '../common/ids';
import { LocalizedTextSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { EnrollmentStatusSchema } from '../enrollments/model';
import { FORM_STATUSES, FormVersionSchema } from '../forms/model';
import { FormTemplateDocumentSchema } from '../forms/schemas';
import { DATA_EVENT_TYPES } from '../processes/model';
import { QueryStatusSchema } from '../queries/model';
import { RULE_ACTION_TYPES } from '../rules/model';
import { StudyVerificationTypeSchema, VerificationRoundSchema } from '../studies/model';
import { TokenViewSchema } from '../tokens/schemas';
import { AnswerSchema, ImageChartAnswerSchema, ImageChartMarkerSchema } from './model';

/** Spec 001 §2: the change log shows at most the latest 100 audit entries. */
export const CHANGE_LOG_LIMIT = 100;
/** Spec 001 §8 error id of a submission that breaks a BLOCK validation rule. */
export const VALIDATION_RULE_VIOLATION = 'VALIDATION_RULE_VIOLATION';

// ---------------------------------------------------------------- path parameters

export const TokenQuestionnairesParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
});
export const TokenQuestionnaireParamsSchema = TokenQuestionnairesParamsSchema.extend({
  questionnaireId: IdSchema,
});
export const CompletedQuestionnairesParamsSchema = TokenQuestionnairesParamsSchema.extend({
  dataEventId: z.string().min(1).max(64),
});
export const ReferenceRuleQuestionnairesParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
});
/** `tokenStringOrId`: the token's 24-character id or its 32-character link secret. */
export const ShowRuleResultParamsSchema = z.object({
  studyId: IdSchema,
  tokenStringOrId: z.string().min(1).max(64),
});
export const StudyQuestionnaireParamsSchema = z.object({ studyId: IdSchema, questionnaireId: IdSchema });
export const AnswerVerificationParamsSchema = StudyQuestionnaireParamsSchema.extend({
  answerId: IdSchema,
  verificationType: VerificationRoundSchema,
});
export const QuestionnaireVerificationParamsSchema = StudyQuestionnaireParamsSchema.extend({
  verificationType: VerificationRoundSchema,
});

// ---------------------------------------------------------------- answer sets as the API shows them

/** A stored answer: the domain Answer with its id and when it last changed. */
export const AnswerViewSchema = AnswerSchema.extend({
  id: IdSchema,
  verifiedTime: TimestampSchema.nullable(),
  secondaryVerifiedTime: TimestampSchema.nullable(),
  updatedTime: TimestampSchema,
});
export type AnswerView = z.infer<typeof AnswerViewSchema>;

/** Who filled an answer set: a staff user (healthcare professional) or the subject's link. */
export const FILLED_OUT_BY_TYPES = ['USER', 'SUBJECT_TOKEN'] as const;

/** Spec 001 §3 questionnaire answer set, as staff see it (header: filled-out-by, update time, saved version). */
export const AnswerSetViewSchema = z.object({
  id: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
  dataEventId: z.string(),
  formId: z.string(),
  /** The form version the answers were saved against (header "saved version"). */
  formVersion: FormVersionSchema,
  status: z.enum(FORM_STATUSES),
  /** True once the form was submitted as final (then it changes only by update with a reason). */
  isCompleted: z.boolean(),
  /** Saved-version counter for optimistic concurrency: send it back with an update. */
  version: z.number().int().min(0),
  score: z.number().nullable(),
  filledOutByType: z.enum(FILLED_OUT_BY_TYPES),
  /** Display name of the staff member, or null for the subject. */
  filledOutBy: z.string().nullable(),
  answers: z.array(AnswerViewSchema),
  imageChartMarkers: z.array(ImageChartMarkerSchema),
  imageChartAnswers: z.array(ImageChartAnswerSchema),
  verified: z.boolean(),
  verifiedTime: TimestampSchema.nullable(),
  secondaryVerified: z.boolean(),
  secondaryVerifiedTime: TimestampSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
  completedTime: TimestampSchema.nullable(),
});
export type AnswerSetView = z.infer<typeof AnswerSetViewSchema>;

/** One form of the token's data event, at the version the enrollment is tagged with. */
export const FillFormSchema = z.object({
  formId: z.string(),
  /** Optional forms of the event do not hold back the token's completion. */
  isOptional: z.boolean(),
  /** The form has been deleted since (spec 001 §4: a removed form cannot be edited). */
  isRemoved: z.boolean(),
  /** The template document at the tagged version (the current draft when never published). */
  form: FormTemplateDocumentSchema,
  /** Tagged version (what is filled) and the form's current version (header, spec 001 §2). */
  taggedVersion: FormVersionSchema,
  currentVersion: FormVersionSchema,
  answerSet: AnswerSetViewSchema.nullable(),
});
export type FillForm = z.infer<typeof FillFormSchema>;

/** What the caller may do on this token now, computed by the server (spec 001 §4 edit locks). */
export const FillAbilitiesSchema = z.object({
  /** Fill and submit forms not completed yet (token open, not locked, study capturing data). */
  canFill: z.boolean(),
  /** Update completed forms with a reason (production/test, not amendment, not locked). */
  canEdit: z.boolean(),
  /** Why editing is not possible (STUDY_STATUS_MISMATCH, TOKEN_LOCKED, ...), or null. */
  editBlockedReason: z.string().nullable(),
  canVerify: z.boolean(),
  canVerifySecondary: z.boolean(),
});
export type FillAbilities = z.infer<typeof FillAbilitiesSchema>;

/** GET .../tokens/{tokenId}/questionnaires: everything the staff fill screen needs. */
export const QuestionnaireFillSchema = z.object({
  token: TokenViewSchema,
  dataEvent: z.object({
    id: z.string(),
    name: LocalizedTextSchema,
    type: z.enum(DATA_EVENT_TYPES),
    forceFormOrder: z.boolean(),
  }),
  enrollment: z.object({
    id: IdSchema,
    subjectId: IdSchema,
    /** The subject identifier shown in the header. */
    patientId: z.string(),
    siteId: IdSchema,
    status: EnrollmentStatusSchema,
    language: z.string(),
    timeZone: z.string(),
  }),
  forms: z.array(FillFormSchema),
  abilities: FillAbilitiesSchema,
  /** The study's verification types (spec 001 §2: the buttons show by them). */
  verification: z.object({ primary: StudyVerificationTypeSchema, secondary: StudyVerificationTypeSchema }),
  /** Updates need the password in the Extended-Validation header. */
  extendedValidation: z.boolean(),
});
export type QuestionnaireFill = z.infer<typeof QuestionnaireFillSchema>;

/** A query on a question of a filled form (spec 001 §3 Query), as the review screen lists it. */
export const QuestionnaireQuerySchema = z.object({
  id: IdSchema,
  questionnaireId: IdSchema,
  questionId: z.string(),
  answerId: z.string().nullable(),
  status: QueryStatusSchema,
  queryText: z.string(),
  ruleId: z.string().nullable(),
  createdTime: TimestampSchema,
});
export type QuestionnaireQuery = z.infer<typeof QuestionnaireQuerySchema>;

/** GET .../questionnaireReviewData: the fill payload plus the queries on its forms. */
export const QuestionnaireReviewDataSchema = QuestionnaireFillSchema.extend({
  queries: z.array(QuestionnaireQuerySchema),
});
export type QuestionnaireReviewData = z.infer<typeof QuestionnaireReviewDataSchema>;

export const AnswerSetViewListSchema = z.array(AnswerSetViewSchema);

// ---------------------------------------------------------------- writes

const AnswersInputSchema = z.array(AnswerSchema).max(2000);

/** POST .../tokens/{tokenId}/questionnaires: save one form; `isFinal` completes it. */
export const SubmitQuestionnaireSchema = z.object({
  formId: z.string().min(1).max(64),
  answers: AnswersInputSchema,
  imageChartMarkers: z.array(ImageChartMarkerSchema).optional(),
  imageChartAnswers: z.array(ImageChartAnswerSchema).optional(),
  isFinal: z.boolean(),
});
export type SubmitQuestionnaire = z.infer<typeof SubmitQuestionnaireSchema>;
export type SubmitQuestionnaireInput = z.input<typeof SubmitQuestionnaireSchema>;

/** PUT .../questionnaires/{questionnaireId}: correct a completed form with a reason. */
export const UpdateQuestionnaireSchema = z.object({
  answers: AnswersInputSchema,
  imageChartMarkers: z.array(ImageChartMarkerSchema).optional(),
  imageChartAnswers: z.array(ImageChartAnswerSchema).optional(),
  comment: z.string().trim().min(1).max(UPDATE_COMMENT_MAX),
  version: z.number().int().min(0),
});
export type UpdateQuestionnaire = z.infer<typeof UpdateQuestionnaireSchema>;
export type UpdateQuestionnaireInput = z.input<typeof UpdateQuestionnaireSchema>;

/** PUT .../questionnaires/{questionnaireId}/unfinished: save a draft of a form not completed yet. */
export const SaveUnfinishedQuestionnaireSchema = z.object({
  answers: AnswersInputSchema,
  imageChartMarkers: z.array(ImageChartMarkerSchema).optional(),
  imageChartAnswers: z.array(ImageChartAnswerSchema).optional(),
  /** When given, must match the saved version (409 otherwise). */
  version: z.number().int().min(0).optional(),
});
export type SaveUnfinishedQuestionnaire = z.infer<typeof SaveUnfinishedQuestionnaireSchema>;

/**
 * The unscheduled variants (spec 001 §7: GET/POST .../tokens/{tokenId}/questionnaires/unscheduled and
 * PUT .../questionnaires/{questionnaireId}/unscheduled) take and give the same shapes as the plain calls,
 * but serve only tokens of unscheduled events (unexpected, discontinued, external); the plain POST and
 * PUT refuse those tokens with 409 `context.reason` UNSCHEDULED_EVENT, the unscheduled calls refuse a
 * scheduled token with NOT_UNSCHEDULED_EVENT. Reads (GET .../questionnaires, review data, completed,
 * change log), drafts (`.../unfinished`) and verification serve both kinds.
 */
export const SubmitUnscheduledQuestionnaireSchema = SubmitQuestionnaireSchema;
export const UpdateUnscheduledQuestionnaireSchema = UpdateQuestionnaireSchema;
/** `context.reason` of a filled-form call given a token of the other kind. */
export const EVENT_KIND_REFUSALS = ['UNSCHEDULED_EVENT', 'NOT_UNSCHEDULED_EVENT'] as const;

/** A WARNING or QUERY rule that fired on save (BLOCK rules refuse the save instead). */
export const FiredRuleViewSchema = z.object({
  questionId: z.string(),
  ruleId: z.string().nullable(),
  action: z.enum(RULE_ACTION_TYPES),
  message: LocalizedTextSchema,
  limit: z.string().nullable(),
});
export type FiredRuleView = z.infer<typeof FiredRuleViewSchema>;

/** The answer of every save, submit and update. */
export const QuestionnaireSaveResultSchema = z.object({
  answerSet: AnswerSetViewSchema,
  token: TokenViewSchema,
  /** True when this call completed the token (every mandatory form completed). */
  tokenCompleted: z.boolean(),
  firedRules: z.array(FiredRuleViewSchema),
  /** Queries raised by QUERY rules in this call (none twice for the same rule and answer). */
  queriesRaised: z.number().int().min(0),
});
export type QuestionnaireSaveResult = z.infer<typeof QuestionnaireSaveResultSchema>;

// ---------------------------------------------------------------- verification

/** Body of both verification calls: set or clear the mark. */
export const VerificationBodySchema = z.object({ verified: z.boolean() });
export type VerificationBody = z.infer<typeof VerificationBodySchema>;

// ---------------------------------------------------------------- cross-form data

/** One answer set of the enrollment that validation rules of other forms refer to (QUESTION_REF). */
export const ReferenceQuestionnaireSchema = z.object({
  questionnaireId: IdSchema,
  dataEventId: z.string(),
  formId: z.string(),
  form: FormTemplateDocumentSchema,
  answers: z.array(AnswerSchema),
});
export type ReferenceQuestionnaire = z.infer<typeof ReferenceQuestionnaireSchema>;
export const ReferenceQuestionnaireListSchema = z.array(ReferenceQuestionnaireSchema);

/** Per form of the token: what the form's own and the study's show rules hide, given the saved answers. */
export const ShowRuleResultSchema = z.object({
  tokenId: IdSchema,
  forms: z.array(
    z.object({
      formId: z.string(),
      hiddenQuestions: z.array(z.string()),
      hiddenPossibilities: z.array(z.string()),
    }),
  ),
});
export type ShowRuleResult = z.infer<typeof ShowRuleResultSchema>;

// ---------------------------------------------------------------- change log

export const CHANGE_LOG_KINDS = ['CREATED', 'SAVED', 'SUBMITTED', 'UPDATED', 'VERIFICATION'] as const;

/** One line of the change log (spec 001 §2): who, when, which question, old and new value, why. */
export const ChangeLogEntrySchema = z.object({
  auditId: z.string(),
  kind: z.enum(CHANGE_LOG_KINDS),
  action: z.string(),
  actorName: z.string().nullable(),
  occurredAt: TimestampSchema,
  /** The question changed; null for events of the whole form. */
  questionId: z.string().nullable(),
  oldValue: AnswerSchema.nullable(),
  newValue: AnswerSchema.nullable(),
  /** Readable value texts (possibility labels in the study's primary language). */
  oldText: z.string().nullable(),
  newText: z.string().nullable(),
  reason: z.string().nullable(),
  /** Verification entries (monitor view): which round and whether it was set or cleared. */
  verification: z.object({ type: VerificationRoundSchema, verified: z.boolean() }).nullable(),
});
export type ChangeLogEntry = z.infer<typeof ChangeLogEntrySchema>;
export const ChangeLogSchema = z.object({ entries: z.array(ChangeLogEntrySchema) });
export type ChangeLog = z.infer<typeof ChangeLogSchema>;
