import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';
import { DISCONTINUATION_REASONS } from '../processes/model';

/** Spec 000 §4 / 001 §4 / 002 §3 enrollment (pathway record) statuses. */
export const ENROLLMENT_STATUSES = [
  'REGISTERED',
  'ONGOING',
  'COMPLETED',
  'CANCELLED',
  'EXCLUDED',
  'UNSUBSCRIBED',
] as const;
export const EnrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES);
export type EnrollmentStatus = z.infer<typeof EnrollmentStatusSchema>;

/** Spec 000 §3 discontinuation reasons (the list lives with the processes' discontinued event). */
export const DiscontinuationReasonSchema = z.enum(DISCONTINUATION_REASONS);

/** A signed act on an enrollment (sign-off, break blind, deactivation; DESIGN.md e-signatures). */
export const EnrollmentSignatureSchema = z.object({
  signedBy: IdSchema,
  signedByName: z.string().min(1).max(256),
  signedTime: TimestampSchema,
  reason: z.string().max(1024).nullable(),
});
export type EnrollmentSignature = z.infer<typeof EnrollmentSignatureSchema>;

/** Spec 000 §3 discontinuation: a reason, free text when OTHER. */
export const DiscontinuationSchema = z
  .object({
    reason: DiscontinuationReasonSchema,
    otherReason: z.string().trim().max(1024).nullable(),
    discontinuedBy: IdSchema,
    discontinuedTime: TimestampSchema,
  })
  .refine((d) => d.reason !== 'OTHER' || (d.otherReason ?? '').length > 0, {
    message: 'otherReason is required when reason is OTHER',
    path: ['otherReason'],
  });
export type Discontinuation = z.infer<typeof DiscontinuationSchema>;

/**
 * Spec 000 §3 / 001 §3 enrollment (pathway record): a subject in a process, with its
 * status, token list and random id; unexpected (unscheduled) events recorded per enrollment.
 */
export const EnrollmentSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  subjectId: IdSchema,
  pathwayId: IdSchema,
  status: EnrollmentStatusSchema,
  tokens: z.array(IdSchema),
  /** Randomization id, null until randomized (spec 001 §7 `.../randomId`). */
  randomId: z.string().max(64).nullable(),
  trialGroup: z.string().max(32).nullable(),
  unexpectedEvents: z.array(IdSchema),
  consentRequired: z.boolean(),
  didAcceptConsent: z.boolean(),
  consentTime: TimestampSchema.nullable(),
  signOff: EnrollmentSignatureSchema.nullable(),
  blindBroken: EnrollmentSignatureSchema.nullable(),
  deactivation: EnrollmentSignatureSchema.nullable(),
  discontinuation: DiscontinuationSchema.nullable(),
  statusChangedTime: TimestampSchema,
  createdBy: IdSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type Enrollment = z.infer<typeof EnrollmentSchema>;
