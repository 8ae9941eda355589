/**
 * API shapes of enrollments (spec 001 §7 Subjects and enrollments): creating enrollments
 * ("returns a list") and the enrollment view with its tagged form versions.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LocalizedTextSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { UNSCHEDULED_DATA_EVENT_TYPES } from '../processes/model';
import { QueryStatusSchema } from '../queries/model';
import { TokenStatusSchema, TokenTypeSchema } from '../tokens/model';
import { TokenViewListSchema } from '../tokens/schemas';
import { DiscontinuationReasonSchema, EnrollmentStatusSchema } from './model';

/** Most enrollments one POST may create. */
export const ENROLLMENT_BATCH_MAX = 100;

export const EnrollmentCreateItemSchema = z.object({
  subjectId: IdSchema,
  siteId: IdSchema,
  processId: IdSchema,
});
export type EnrollmentCreateItem = z.infer<typeof EnrollmentCreateItemSchema>;

/**
 * POST /studies/{studyId}/enrollments body: one enrollment, or a list of them (all or none are
 * created). The answer is always a list, in the order given.
 */
export const EnrollmentCreateBodySchema = z.union([
  EnrollmentCreateItemSchema,
  z.array(EnrollmentCreateItemSchema).min(1).max(ENROLLMENT_BATCH_MAX),
]);
export type EnrollmentCreateBody = z.infer<typeof EnrollmentCreateBodySchema>;

export const EnrollmentParamsSchema = z.object({ studyId: IdSchema, enrollmentId: IdSchema });
export const StudyEnrollmentsParamsSchema = z.object({ studyId: IdSchema });

/** An enrollment (pathway record) with its schedule's tokens. */
export const EnrollmentViewSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  subjectId: IdSchema,
  processId: IdSchema,
  status: EnrollmentStatusSchema,
  registeredAt: TimestampSchema,
  timeZone: z.string(),
  language: z.string(),
  formVersions: z.array(z.object({ formId: z.string(), major: z.number().int(), minor: z.number().int() })),
  tokens: TokenViewListSchema,
});
export type EnrollmentView = z.infer<typeof EnrollmentViewSchema>;
export const EnrollmentViewListSchema = z.array(EnrollmentViewSchema);

/** Spec 001 §7 counts: `GET .../enrollments/count` and `GET .../sites/{siteId}/enrollments/count`. */
export const EnrollmentCountSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(EnrollmentStatusSchema, z.number().int()),
});
export type EnrollmentCount = z.infer<typeof EnrollmentCountSchema>;
export const SiteEnrollmentsParamsSchema = z.object({ studyId: IdSchema, siteId: IdSchema });
export const SubjectEnrollmentsParamsSchema = z.object({ studyId: IdSchema, subjectId: IdSchema });

/** What the enrollment view shows of a token: its event and state (the link secret never). */
export const EnrollmentTokenSummarySchema = z.object({
  id: IdSchema,
  dataEventId: z.string(),
  dataEventName: LocalizedTextSchema,
  type: TokenTypeSchema,
  status: TokenStatusSchema,
  locked: z.boolean(),
  activationTime: TimestampSchema.nullable(),
  expiryTime: TimestampSchema.nullable(),
  completedTime: TimestampSchema.nullable(),
  /** The event's reference date (MANUAL and REQUEST events are started by hand); null for unscheduled ones. */
  referenceDate: z.string().nullable(),
  /** When staff started a MANUAL event or the subject requested a REQUEST event. */
  startedAt: TimestampSchema.nullable(),
  /**
   * Spec 001 §4 (issue 19): the distinct statuses of the token's non-closed queries (OPEN,
   * RESPONDED), empty when none; the subject's records show the query status through
   * `formStatusWithQueries`. Absent where the answer does not read queries.
   */
  queryStatuses: z.array(QueryStatusSchema).optional(),
});

/** A signature kept on the enrollment (sign-off, deactivation). */
export const EnrollmentSignatureViewSchema = z.object({
  signedBy: z.string(),
  signedByName: z.string(),
  signedTime: TimestampSchema,
  reason: z.string().nullable(),
});

/**
 * `GET /studies/{studyId}/enrollments/{enrollmentId}` (spec 001 §3 pathway record): the enrollment
 * with its process name, site, subject id and a summary of its tokens.
 */
export const EnrollmentDetailSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  status: EnrollmentStatusSchema,
  process: z.object({ id: IdSchema, name: z.string() }),
  site: z.object({ id: IdSchema, name: z.string() }),
  subject: z.object({ id: IdSchema, patientId: z.string() }),
  registeredAt: TimestampSchema,
  timeZone: z.string(),
  language: z.string(),
  randomId: z.string().nullable(),
  signOff: EnrollmentSignatureViewSchema.nullable(),
  deactivation: EnrollmentSignatureViewSchema.nullable(),
  discontinuation: z
    .object({
      reason: DiscontinuationReasonSchema,
      otherReason: z.string().nullable(),
      time: TimestampSchema,
    })
    .nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  tokens: z.array(EnrollmentTokenSummarySchema),
});
export type EnrollmentDetail = z.infer<typeof EnrollmentDetailSchema>;
export const EnrollmentDetailListSchema = z.array(EnrollmentDetailSchema);

/** `GET .../enrollments/{enrollmentId}/randomId`: null until the subject is randomized. */
export const RandomIdSchema = z.object({ randomId: z.string().nullable() });

/** A reason staff give for a change (kept with the audit event). */
export const ChangeReasonSchema = z.string().trim().min(1).max(1024);

/** `PUT .../enrollments/{enrollmentId}/status` body: the status wanted and why. */
export const EnrollmentStatusBodySchema = z.object({
  status: EnrollmentStatusSchema,
  reason: ChangeReasonSchema,
});
export type EnrollmentStatusBody = z.infer<typeof EnrollmentStatusBodySchema>;

/** `POST .../deactivate` body (password in the Extended-Validation header). */
export const DeactivateEnrollmentBodySchema = z.object({ reason: ChangeReasonSchema });

/**
 * Spec 000 §6 / 001 §6, 21 CFR 11.50: the meaning of the enrollment sign-off signature. The server
 * stores it with the signature; the web dialog shows the same sentence (in the reader's language).
 */
export const ENROLLMENT_SIGN_OFF_MEANING =
  'I have reviewed the data of this enrollment and confirm it is complete and accurate.';

/** `PUT .../signOff` body (password in the Extended-Validation header); the reason is optional. */
export const SignOffEnrollmentBodySchema = z.object({ reason: ChangeReasonSchema.nullish() });

/** `POST .../unexpected` body: which unscheduled event; a discontinuation takes its reason. */
export const UnscheduledEventBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TYPE_UNEXPECTED') }),
  z.object({ type: z.literal('TYPE_EXTERNAL') }),
  z.object({
    type: z.literal('TYPE_DISCONTINUED'),
    reason: DiscontinuationReasonSchema,
    otherReason: z.string().trim().max(1024).nullish(),
  }),
]);
export type UnscheduledEventBody = z.infer<typeof UnscheduledEventBodySchema>;

/** One recorded unscheduled event (an UNEXPECTED, DISCONTINUED or EXTERNAL token). */
export const UnscheduledEventSchema = z.object({
  tokenId: IdSchema,
  dataEventId: z.string(),
  type: z.enum(UNSCHEDULED_DATA_EVENT_TYPES),
  status: TokenStatusSchema,
  recordedAt: TimestampSchema,
  recordedBy: z.string().nullable(),
});
export const UnscheduledEventListSchema = z.array(UnscheduledEventSchema);

/** `GET .../unscheduled/getForms`: per unscheduled type, whether it is on and its forms. */
export const UnscheduledFormsViewSchema = z.array(
  z.object({
    type: z.enum(UNSCHEDULED_DATA_EVENT_TYPES),
    enabled: z.boolean(),
    dataEventId: z.string().nullable(),
    forms: z.array(
      z.object({
        formId: z.string(),
        name: z.string().nullable(),
        optional: z.boolean(),
        version: z.object({ major: z.number().int(), minor: z.number().int() }).nullable(),
      }),
    ),
  }),
);
export const ProcessEnrollmentParamsSchema = z.object({
  studyId: IdSchema,
  processId: IdSchema,
  enrollmentId: IdSchema,
});

/** `GET /study/{studyId}/site/{siteId}/token/unscheduled/getImportedDates`. */
export const ImportedDatesQuerySchema = z.object({ type: z.enum(UNSCHEDULED_DATA_EVENT_TYPES).optional() });
export const ImportedDateSchema = z.object({
  enrollmentId: IdSchema,
  subjectId: IdSchema,
  tokenId: IdSchema,
  type: z.enum(UNSCHEDULED_DATA_EVENT_TYPES),
  date: TimestampSchema,
  importId: z.string().nullable(),
});
export const ImportedDateListSchema = z.array(ImportedDateSchema);

/** `POST .../dataEvents/{dataEventId}/multiple` params. */
export const RepeatDataEventParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  dataEventId: z.string().min(1).max(64),
});

/** `GET /study/{studyId}/canreenroll?subjectId&processId`. */
export const CanReenrollQuerySchema = z.object({
  subjectId: IdSchema,
  processId: IdSchema,
  channel: z.enum(['STAFF', 'PUBLIC']).default('STAFF'),
});
export const CanReenrollSchema = z.object({
  canReenroll: z.boolean(),
  reason: z.enum(['ALREADY_ENROLLED', 'EXCLUDED', 'SUBJECT_ARCHIVED', 'PUBLIC_REENROLL_OFF']).nullable(),
  previousEnrollments: z.number().int(),
});
