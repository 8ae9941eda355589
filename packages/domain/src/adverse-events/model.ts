import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { IsoDateSchema, TimestampSchema } from '../common/timestamps';
import {
  AdministrationRouteSchema,
  DosingFrequencySchema,
  MedicationDoseUnitSchema,
} from '../medication/model';
import { VerificationMarkSchema } from '../studies/model';

/** Spec 000 §3 serious-event type. */
export const AE_SERIOUS_TYPES = ['SUSAR', 'SAR', 'SAE'] as const;
export const AeSeriousTypeSchema = z.enum(AE_SERIOUS_TYPES);
export type AeSeriousType = z.infer<typeof AeSeriousTypeSchema>;

/** Spec 000 §3 AE outcome. */
export const AE_OUTCOMES = [
  'RECOVERED',
  'RECOVERING',
  'RECOVERED_W_SEQUELA',
  'NOT_RECOVERED',
  'FATAL',
  'UNKNOWN',
] as const;
export const AeOutcomeSchema = z.enum(AE_OUTCOMES);
export type AeOutcome = z.infer<typeof AeOutcomeSchema>;

/** Spec 000 §3 severity. */
export const AE_SEVERITIES = ['MILD', 'MODERATE', 'SEVERE'] as const;
export const AeSeveritySchema = z.enum(AE_SEVERITIES);
export type AeSeverity = z.infer<typeof AeSeveritySchema>;

/** Spec 000 §3 action regarding the investigational product. */
export const AE_PRODUCT_ACTIONS = ['NONE', 'DISCONTINUE', 'INTERRUPT', 'DOSE_ADJUST', 'UNKNOWN'] as const;
export const AeProductActionSchema = z.enum(AE_PRODUCT_ACTIONS);
export type AeProductAction = z.infer<typeof AeProductActionSchema>;

/** Spec 000 §3 relation to the investigational product; the older set also has UNKNOWN. */
export const AE_PRODUCT_RELATIONS = ['UNRELATED', 'UNLIKELY', 'POSSIBLE', 'PROBABLE', 'RELATED'] as const;
export const AE_PRODUCT_RELATIONS_LEGACY = [...AE_PRODUCT_RELATIONS, 'UNKNOWN'] as const;
export const AeProductRelationSchema = z.enum(AE_PRODUCT_RELATIONS_LEGACY);
export type AeProductRelation = z.infer<typeof AeProductRelationSchema>;

/** Spec 000 §3 relation to the investigator's brochure (expectedness). */
export const AE_BROCHURE_RELATIONS = ['YES', 'NO', 'NOT_APPLICABLE'] as const;
export const AeBrochureRelationSchema = z.enum(AE_BROCHURE_RELATIONS);
export type AeBrochureRelation = z.infer<typeof AeBrochureRelationSchema>;

/** Spec 000 §3 SAR action taken. */
export const SAR_ACTIONS_TAKEN = ['NONE', 'PERMANENT_DISCONTINUE', 'INTERRUPTED', 'DOSE_ADJUST'] as const;
export const SarActionTakenSchema = z.enum(SAR_ACTIONS_TAKEN);
export type SarActionTaken = z.infer<typeof SarActionTakenSchema>;

/** Spec 000 §3 SAR event abate (did the event abate after stopping the product). */
export const SAR_EVENT_ABATE = ['YES', 'NO', 'NOT_APPLICABLE'] as const;
export const SarEventAbateSchema = z.enum(SAR_EVENT_ABATE);
export type SarEventAbate = z.infer<typeof SarEventAbateSchema>;

/** Spec 000 §3 SAR outcome. */
export const SAR_OUTCOMES = [
  'RECOVERED_NO_SEQUELAE',
  'RECOVERED_SEQUELAE',
  'NOT_RECOVERED',
  'FATAL',
  'UNKNOWN',
] as const;
export const SarOutcomeSchema = z.enum(SAR_OUTCOMES);
export type SarOutcome = z.infer<typeof SarOutcomeSchema>;

/** ICH E2A seriousness criteria for the serious-event form (the spec names seForm, not its content). */
export const SAE_CRITERIA = [
  'DEATH',
  'LIFE_THREATENING',
  'HOSPITALISATION',
  'DISABILITY',
  'CONGENITAL_ANOMALY',
  'IMPORTANT_MEDICAL_EVENT',
] as const;
export const SaeCriterionSchema = z.enum(SAE_CRITERIA);
export type SaeCriterion = z.infer<typeof SaeCriterionSchema>;

/** Spec 000 §4 AE lifecycle, in order. */
export const AE_STATUSES = [
  'AE_REPORTED',
  'AE_CLASSIFIED',
  'AE_SPONSOR_INITIAL_EVALUATION',
  'AE_FOLLOWED_UP',
  'AE_SPONSOR_FINAL_EVALUATION',
] as const;
export const AeStatusSchema = z.enum(AE_STATUSES);
export type AeStatus = z.infer<typeof AeStatusSchema>;

/** Spec 000 §4 other (older) AE status values, kept for imported records. */
export const AE_LEGACY_STATUSES = ['NEW', 'REPORTED', 'FOLLOW_UP', 'FOLLOWED_UP', 'COMPLETED'] as const;
export const AeLegacyStatusSchema = z.enum(AE_LEGACY_STATUSES);
export type AeLegacyStatus = z.infer<typeof AeLegacyStatusSchema>;

const text = (max: number) => z.string().max(max).nullable();

/** The clinical details of an AE (spec 000 §3 `details` and the enumerations above). */
export const AeDetailsSchema = z.object({
  startDate: IsoDateSchema.nullable(),
  endDate: IsoDateSchema.nullable(),
  awarenessDate: IsoDateSchema.nullable(),
  ongoing: z.boolean(),
  severity: AeSeveritySchema.nullable(),
  outcome: AeOutcomeSchema.nullable(),
  productAction: AeProductActionSchema.nullable(),
  productRelation: AeProductRelationSchema.nullable(),
  brochureRelation: AeBrochureRelationSchema.nullable(),
  seriousType: AeSeriousTypeSchema.nullable(),
  comment: text(10000),
});
export type AeDetails = z.infer<typeof AeDetailsSchema>;

/** Spec 000 §3 safety-report form (SAR): the suspected product and what happened to it. */
export const SarFormSchema = z.object({
  productName: text(256),
  dose: z.number().positive().nullable(),
  doseUnit: MedicationDoseUnitSchema.nullable(),
  route: AdministrationRouteSchema.nullable(),
  routeOther: text(64),
  frequency: DosingFrequencySchema.nullable(),
  frequencyOther: text(64),
  therapyStartDate: IsoDateSchema.nullable(),
  therapyEndDate: IsoDateSchema.nullable(),
  indication: text(1024),
  actionTaken: SarActionTakenSchema.nullable(),
  eventAbate: SarEventAbateSchema.nullable(),
  outcome: SarOutcomeSchema.nullable(),
});
export type SarForm = z.infer<typeof SarFormSchema>;

/** Spec 000 §3 serious-event form (seForm): why the event is serious. */
export const SeFormSchema = z.object({
  criteria: z.array(SaeCriterionSchema),
  hospitalisationStart: IsoDateSchema.nullable(),
  hospitalisationEnd: IsoDateSchema.nullable(),
  dateOfDeath: IsoDateSchema.nullable(),
  causeOfDeath: text(1024),
  autopsyPerformed: z.boolean().nullable(),
  narrative: text(10000),
});
export type SeForm = z.infer<typeof SeFormSchema>;

/** Spec 000 §3 investigator attributes on an AE. */
export const AeInvestigatorSchema = z.object({
  investigatorName: z.string().max(128),
  investigatorEmail: z.string().max(128).nullable(),
  investigatorId: z.string().max(64).nullable(),
});
export type AeInvestigator = z.infer<typeof AeInvestigatorSchema>;

/** Spec 000 §7 amend: a signed change to an AE after it was reported, with its reason. */
export const AeAmendmentSchema = z.object({
  amendedBy: IdSchema,
  amendedTime: TimestampSchema,
  reason: z.string().trim().min(1).max(1024),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AeAmendment = z.infer<typeof AeAmendmentSchema>;

/** Spec 000 §3 adverse event with every field the spec names (sign fields per lifecycle step). */
export const AdverseEventSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  subjectId: IdSchema,
  enrollmentId: IdSchema.nullable(),
  status: AeStatusSchema,
  createTime: TimestampSchema,
  createdBy: IdSchema,
  classificationSignedBy: IdSchema.nullable(),
  classificationSignedTime: TimestampSchema.nullable(),
  initialSponsorSignedBy: IdSchema.nullable(),
  initialSponsorSignedTime: TimestampSchema.nullable(),
  followUpSignedBy: IdSchema.nullable(),
  followUpSignedTime: TimestampSchema.nullable(),
  finalSponsorSignedBy: IdSchema.nullable(),
  finalSponsorSignedTime: TimestampSchema.nullable(),
  eventDescription: z.string().trim().min(1).max(10000),
  sae: z.boolean(),
  details: AeDetailsSchema,
  sarForm: SarFormSchema.nullable(),
  seForm: SeFormSchema.nullable(),
  investigator: AeInvestigatorSchema.nullable(),
  followedUpBy: IdSchema.nullable(),
  amendments: z.array(AeAmendmentSchema),
  /** The answer that referenced this AE when created from a question (000 §2 create: qId, qAnswer). */
  sourceQuestionId: IdSchema.nullable(),
  isRemoved: z.boolean(),
  verification: VerificationMarkSchema.nullable(),
  secondaryVerification: VerificationMarkSchema.nullable(),
  updateTime: TimestampSchema,
});
export type AdverseEvent = z.infer<typeof AdverseEventSchema>;
