/**
 * The runtime state an enrollment keeps beside its columns (issue 14 item 4): the random id, the
 * sign-off and deactivation signatures (DESIGN.md e-signatures), the discontinuation, the links a
 * deactivation switched off and the participant's consent (spec 002 §3).
 * Stored as jsonb, read through this schema.
 */
import { z } from 'zod';
import { DiscontinuationReasonSchema } from './model';

/** A signature kept on the enrollment (DESIGN.md e-signatures: who, printed name, when, why). */
export const StoredSignatureSchema = z.object({
  signedBy: z.string(),
  signedByName: z.string(),
  signedTime: z.string(),
  reason: z.string().nullable(),
  meaning: z.string(),
});
export type StoredSignature = z.infer<typeof StoredSignatureSchema>;

export const StoredDiscontinuationSchema = z.object({
  reason: DiscontinuationReasonSchema,
  otherReason: z.string().nullable(),
  discontinuedBy: z.string().nullable(),
  discontinuedTime: z.string(),
  tokenId: z.string(),
});
export type StoredDiscontinuation = z.infer<typeof StoredDiscontinuationSchema>;

export const EnrollmentDetailsSchema = z.object({
  randomId: z.string().nullable().optional(),
  signOff: StoredSignatureSchema.nullable().optional(),
  deactivation: StoredSignatureSchema.nullable().optional(),
  discontinuation: StoredDiscontinuationSchema.nullable().optional(),
  /**
   * The links the last deactivation or discontinuation switched off, with their status before:
   * a reactivation gives them back (waiting ones wait again, open ones reopen).
   */
  disabledTokens: z.array(z.object({ id: z.string(), status: z.string() })).optional(),
  /** Spec 002 §3: the participant ticked the consent box, and when (ISO time). */
  didAcceptConsent: z.boolean().optional(),
  consentTime: z.string().nullable().optional(),
});
export type EnrollmentDetails = z.infer<typeof EnrollmentDetailsSchema>;

/** The enrollment's details as stored; an empty object for one with none. */
export function parseEnrollmentDetails(value: unknown): EnrollmentDetails {
  return EnrollmentDetailsSchema.parse(value ?? {});
}
