import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { IsoDateSchema, TimestampSchema } from '../common/timestamps';
import { SPONSOR_INVOLVEMENTS } from '../forms/model';
import { VerificationMarkSchema, VerificationRoundSchema } from '../studies/model';
import { AeClockSchema } from './clock';
import {
  AeDetailsSchema,
  AeInvestigatorSchema,
  AeOutcomeSchema,
  AeStatusSchema,
  SarFormSchema,
  SeFormSchema,
} from './model';
import { AE_SIGN_ACTIONS } from './state-machine';

// ---------------------------------------------------------------- params

export const AeStudyParamsSchema = z.object({ studyId: IdSchema });
export const AeParamsSchema = z.object({ studyId: IdSchema, aeId: IdSchema });
export const AeVerificationParamsSchema = AeParamsSchema.extend({
  verificationType: VerificationRoundSchema,
});
export const AeSubjectParamsSchema = z.object({ studyId: IdSchema, subjectId: IdSchema });

const BooleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /studies/{studyId}/ae/{aeId}?isAudit=true`: the record with its audit history. */
export const AeGetQuerySchema = z.object({ isAudit: BooleanQuery.optional() });

/** `GET /studies/{studyId}/ae` filters (issue 20 item 2): each left out means any. */
export const AeListQuerySchema = z.object({
  siteId: IdSchema.optional(),
  subjectId: IdSchema.optional(),
  serious: BooleanQuery.optional(),
  status: AeStatusSchema.optional(),
  outcome: AeOutcomeSchema.optional(),
  /** true: only AEs whose serious-event clock runs past its deadline. */
  overdue: BooleanQuery.optional(),
  /** true: removed (soft-deleted) AEs are listed too. */
  includeRemoved: BooleanQuery.optional(),
});
export type AeListQuery = z.input<typeof AeListQuerySchema>;

// ---------------------------------------------------------------- requests

/** The fields a reporter fills (spec 000 §3): every create and update sends all of them. */
export const AeContentSchema = z.object({
  eventDescription: z.string().trim().min(1).max(10000),
  sae: z.boolean(),
  details: AeDetailsSchema,
  /** The safety-report form; sent for serious events of type SAR or SUSAR. */
  sarForm: SarFormSchema.nullable(),
  /** The serious-event form (why the event is serious); sent when `sae`. */
  seForm: SeFormSchema.nullable(),
  investigator: AeInvestigatorSchema.nullable(),
});
export type AeContent = z.infer<typeof AeContentSchema>;

/** The answer of an AE reference question the AE was created from (000 §2 create: qId, qAnswer, isQuery). */
export const AeSourceSchema = z.object({
  questionnaireId: IdSchema,
  questionId: IdSchema,
});
export type AeSource = z.infer<typeof AeSourceSchema>;

/** `POST /studies/{studyId}/ae` (Extended-Validation header): report an AE for a subject. */
export const CreateAeRequestSchema = AeContentSchema.extend({
  subjectId: IdSchema,
  enrollmentId: IdSchema.nullable().optional(),
  source: AeSourceSchema.nullable().optional(),
});
export type CreateAeRequest = z.input<typeof CreateAeRequestSchema>;

/** `PUT /studies/{studyId}/ae/{aeId}` (Extended-Validation header): change an AE before its first signature. */
export const UpdateAeRequestSchema = AeContentSchema;
export type UpdateAeRequest = z.input<typeof UpdateAeRequestSchema>;

/** `PUT .../signClassification|signFollowUp|signInitialSponsor|signFinalSponsor` (Extended-Validation header). */
export const SignAeRequestSchema = z.object({
  /** An optional note kept with the signature. */
  comment: z.string().trim().max(1024).nullable().optional(),
});
export type SignAeRequest = z.input<typeof SignAeRequestSchema>;

/**
 * `POST /study/{studyId}/ae/{aeId}/amend` (Extended-Validation header): a signed change after the
 * first signature, with its reason. `changes` holds the new content; the previous values stay in
 * the amendment and the audit trail.
 */
export const AmendAeRequestSchema = z.object({
  reason: z.string().trim().min(1).max(1024),
  changes: AeContentSchema.partial(),
});
export type AmendAeRequest = z.input<typeof AmendAeRequestSchema>;

/** `PUT /studies/{studyId}/aes/{aeId}/verification/{verificationType}`: set or clear a verification. */
export const AeVerificationBodySchema = z.object({ verified: z.boolean() });
export type AeVerificationBody = z.infer<typeof AeVerificationBodySchema>;

// ---------------------------------------------------------------- safety settings

/** A person told at once when an AE is marked serious (issue 20 item 5). */
export const SafetyContactSchema = z.object({
  name: z.string().trim().min(1).max(256),
  email: z.string().trim().toLowerCase().max(128).pipe(z.email()),
  /** The language of the emails; a staff user with this email gets their own UI language instead. */
  language: LanguageCodeSchema.nullable(),
});
export type SafetyContact = z.infer<typeof SafetyContactSchema>;

/** The study's AE settings: safety contacts, and when the sponsor signs a plain AE (default SAE_ONLY). */
export const AeStudySettingsSchema = z.object({
  safetyContacts: z.array(SafetyContactSchema).max(50),
  sponsorInvolvement: z.enum(SPONSOR_INVOLVEMENTS),
});
export type AeStudySettings = z.infer<typeof AeStudySettingsSchema>;

// ---------------------------------------------------------------- answers

/**
 * One electronic signature on an AE (21 CFR 11.50, 11.70; STANDARDS.md ES items): the signer, the
 * printed name at signing, the server time and the meaning, linked to the AE by `aeId` and to the
 * signed content by its hash. `intact` is false once an amendment changed the signed content.
 */
export const AeSignatureViewSchema = z.object({
  action: z.enum(AE_SIGN_ACTIONS),
  aeId: IdSchema,
  signedBy: IdSchema,
  signedByName: z.string(),
  signedTime: TimestampSchema,
  meaning: z.string(),
  comment: z.string().nullable(),
  contentHash: z.string(),
  intact: z.boolean(),
});
export type AeSignatureView = z.infer<typeof AeSignatureViewSchema>;

/** An amendment as shown: who, when, why, and each changed field before and after. */
export const AeAmendmentViewSchema = z.object({
  amendedBy: IdSchema,
  amendedByName: z.string(),
  amendedTime: TimestampSchema,
  reason: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AeAmendmentView = z.infer<typeof AeAmendmentViewSchema>;

/** What the caller may do with this AE now (the screens show only these). */
export const AeAbilitiesSchema = z.object({
  update: z.boolean(),
  amend: z.boolean(),
  remove: z.boolean(),
  verify: z.boolean(),
  verifySecondary: z.boolean(),
  sign: z.object({
    classification: z.boolean(),
    initialSponsor: z.boolean(),
    followUp: z.boolean(),
    finalSponsor: z.boolean(),
  }),
});
export type AeAbilities = z.infer<typeof AeAbilitiesSchema>;

/** One audit entry of the AE (`isAudit=true`). */
export const AeAuditEntrySchema = z.object({
  time: TimestampSchema,
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AeAuditEntry = z.infer<typeof AeAuditEntrySchema>;

/** The fields both the list and the full AE carry. */
const AeSummaryShape = {
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  siteName: z.string(),
  subjectId: IdSchema,
  /** The subject's number as the site shows it. */
  subjectLabel: z.string(),
  enrollmentId: IdSchema.nullable(),
  status: AeStatusSchema,
  eventDescription: z.string(),
  sae: z.boolean(),
  seriousType: z.enum(['SUSAR', 'SAR', 'SAE']).nullable(),
  outcome: AeOutcomeSchema.nullable(),
  severity: z.enum(['MILD', 'MODERATE', 'SEVERE']).nullable(),
  startDate: IsoDateSchema.nullable(),
  createTime: TimestampSchema,
  createdBy: IdSchema,
  createdByName: z.string(),
  updateTime: TimestampSchema,
  isRemoved: z.boolean(),
  /** Whether the sponsor signs this AE (the sponsor tiles of the status bar show). */
  sponsorInvolved: z.boolean(),
  /** The sign action that comes next, null when every signature of its path is there. */
  nextSignAction: z.enum(AE_SIGN_ACTIONS).nullable(),
  /** The serious-event clock, null for an AE never marked serious. */
  clock: AeClockSchema.nullable(),
  classificationSignedBy: IdSchema.nullable(),
  classificationSignedTime: TimestampSchema.nullable(),
  initialSponsorSignedBy: IdSchema.nullable(),
  initialSponsorSignedTime: TimestampSchema.nullable(),
  followUpSignedBy: IdSchema.nullable(),
  followUpSignedTime: TimestampSchema.nullable(),
  finalSponsorSignedBy: IdSchema.nullable(),
  finalSponsorSignedTime: TimestampSchema.nullable(),
};

/** One row of `GET /studies/{studyId}/ae` and `GET .../subjects/{subjectId}/listAe`. */
export const AeSummarySchema = z.object(AeSummaryShape);
export type AeSummary = z.infer<typeof AeSummarySchema>;
export const AeListSchema = z.array(AeSummarySchema);
export type AeList = z.infer<typeof AeListSchema>;

/** One AE with every spec 000 §3 field, its signatures, amendments and the caller's abilities. */
export const AeViewSchema = z.object({
  ...AeSummaryShape,
  /** The date the report was filled out (the dates of `details` are checked against it). */
  fillOutDate: IsoDateSchema,
  details: AeDetailsSchema,
  sarForm: SarFormSchema.nullable(),
  seForm: SeFormSchema.nullable(),
  investigator: AeInvestigatorSchema.nullable(),
  followedUpBy: IdSchema.nullable(),
  source: AeSourceSchema.nullable(),
  signatures: z.array(AeSignatureViewSchema),
  amendments: z.array(AeAmendmentViewSchema),
  verification: VerificationMarkSchema.nullable(),
  secondaryVerification: VerificationMarkSchema.nullable(),
  removedReason: z.string().nullable(),
  abilities: AeAbilitiesSchema,
  /** The record's audit history, only with `isAudit=true` (null otherwise). */
  audit: z.array(AeAuditEntrySchema).nullable(),
});
export type AeView = z.infer<typeof AeViewSchema>;
