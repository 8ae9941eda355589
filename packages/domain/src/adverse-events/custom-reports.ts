import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';
import { VerificationMarkSchema } from '../studies/model';
import { AeStatusSchema } from './model';
import { AE_SIGN_ACTIONS, type AeSignAction } from './state-machine';

/**
 * Spec 000 §7 `{signType}` of a custom AE report; named like the AE mandatory-when
 * steps of spec 001 §3. Each maps to one lifecycle sign action.
 */
export const CUSTOM_AE_SIGN_TYPES = [
  'INVESTIGATOR_CLASSIFICATION',
  'SPONSOR_CLASSIFICATION',
  'FOLLOW_UP',
  'SPONSOR_FOLLOW_UP',
] as const;
export const CustomAeSignTypeSchema = z.enum(CUSTOM_AE_SIGN_TYPES);
export type CustomAeSignType = z.infer<typeof CustomAeSignTypeSchema>;

/** Spec 000 §4: the lifecycle sign action of each custom AE report sign type. */
export const CUSTOM_AE_SIGN_TYPE_ACTIONS = {
  INVESTIGATOR_CLASSIFICATION: 'classification',
  SPONSOR_CLASSIFICATION: 'initialSponsor',
  FOLLOW_UP: 'followUp',
  SPONSOR_FOLLOW_UP: 'finalSponsor',
} as const satisfies Record<CustomAeSignType, AeSignAction>;

/**
 * An electronic signature on an AE or custom AE report (DESIGN.md e-signatures, 21 CFR 11.50):
 * signer, printed name, time and meaning, linked to the signed record.
 */
export const AeSignatureSchema = z.object({
  action: z.enum(AE_SIGN_ACTIONS),
  signedBy: IdSchema,
  signedByName: z.string().trim().min(1).max(256),
  signedTime: TimestampSchema,
  meaning: z.string().trim().min(1).max(256),
});
export type AeSignature = z.infer<typeof AeSignatureSchema>;

/**
 * Spec 000 §2 / §7 custom AE report ("ae2"): an AE captured on a study-designed AE form
 * (form type TYPE_AE), moving through the same lifecycle.
 */
export const CustomAeReportSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  enrollmentId: IdSchema,
  subjectId: IdSchema,
  dataEventId: IdSchema.nullable(),
  tokenId: IdSchema.nullable(),
  formId: IdSchema,
  questionnaireId: IdSchema,
  status: AeStatusSchema,
  sae: z.boolean(),
  signatures: z.array(AeSignatureSchema),
  isRemoved: z.boolean(),
  verification: VerificationMarkSchema.nullable(),
  secondaryVerification: VerificationMarkSchema.nullable(),
  createdBy: IdSchema,
  createTime: TimestampSchema,
  updateTime: TimestampSchema,
});
export type CustomAeReport = z.infer<typeof CustomAeReportSchema>;

/** Spec 000 §7: the lifecycle sign action behind a custom AE report sign type. */
export function customAeSignAction(signType: CustomAeSignType): AeSignAction {
  return CUSTOM_AE_SIGN_TYPE_ACTIONS[signType];
}
