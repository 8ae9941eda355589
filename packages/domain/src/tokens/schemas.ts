/**
 * API shapes of tokens (spec 001 §7 Tokens (staff), Subjects and enrollments): the staff view of
 * a token, resend, reschedule and start. Server and web both use these.
 */
import { z } from 'zod';
import { IdSchema, LinkTokenSchema } from '../common/ids';
import { LocalizedTextSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { EConsentKeysSchema, TokenStatusSchema, TokenTypeSchema } from './model';

/** Path parameters of token routes. */
export const TokenParamsSchema = z.object({ studyId: IdSchema, tokenId: IdSchema });
export const EnrollmentTokenParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
});
export const StartAllParamsSchema = z.object({
  studyId: IdSchema,
  dataEventId: z.string().min(1).max(64),
  siteId: IdSchema,
});

/**
 * A token as staff see it: its data event, status and schedule. The link secret (`token`) is
 * only sent to callers holding TOKEN_VIEW; everyone else gets null.
 */
export const TokenViewSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  enrollmentId: IdSchema,
  processId: IdSchema,
  dataEventId: z.string(),
  position: z.number().int(),
  type: TokenTypeSchema,
  status: TokenStatusSchema,
  locked: z.boolean(),
  missingData: z.boolean(),
  activationTime: TimestampSchema.nullable(),
  expiryTime: TimestampSchema.nullable(),
  activatedAt: TimestampSchema.nullable(),
  completedTime: TimestampSchema.nullable(),
  /** When staff started a MANUAL event or the subject requested a REQUEST event. */
  startedAt: TimestampSchema.nullable(),
  token: LinkTokenSchema.nullable(),
  /** ECONSENT tokens only (spec 001 §3 token eConsentLanguage, eConsentKeys; issue 24): set once signed. */
  eConsentLanguage: z.string().nullable().optional(),
  eConsentKeys: EConsentKeysSchema.nullable().optional(),
});
export type TokenView = z.infer<typeof TokenViewSchema>;
export const TokenViewListSchema = z.array(TokenViewSchema);

/** One channel of a send-out: sent, or skipped because the subject has no address for it. */
export const SendOutResultSchema = z.object({
  channel: z.enum(['EMAIL', 'SMS']),
  sent: z.boolean(),
  reason: z.enum(['NO_ADDRESS']).nullable(),
});
export type SendOutResult = z.infer<typeof SendOutResultSchema>;

/** POST /studies/{studyId}/tokens/{tokenId}/resend answer. */
export const ResendResultSchema = z.object({
  token: TokenViewSchema,
  notification: z.string(),
  channels: z.array(SendOutResultSchema),
});
export type ResendResult = z.infer<typeof ResendResultSchema>;

/** Most tokens one reschedule call may move. */
export const RESCHEDULE_MAX_TOKENS = 500;

/**
 * POST /studies/{studyId}/tokens/reschedule body: new activation times. Only tokens that are not
 * active yet (NOT_ACTIVE) can be moved; the times that depend on them are recomputed.
 */
export const RescheduleBodySchema = z.object({
  tokens: z
    .array(z.object({ tokenId: IdSchema, activationTime: TimestampSchema }))
    .min(1)
    .max(RESCHEDULE_MAX_TOKENS),
});
export type RescheduleBody = z.infer<typeof RescheduleBodySchema>;

/** POST .../startAllForDataEvent answer: the tokens that were started. */
export const StartAllResultSchema = z.object({ started: z.number().int(), tokens: TokenViewListSchema });
export type StartAllResult = z.infer<typeof StartAllResultSchema>;

/** `GET /studies/{studyId}/token/{tokenId}` and `.../token/{token}/extendedValidation|back`: an id or a link secret. */
export const TokenRefParamsSchema = z.object({
  studyId: IdSchema,
  token: z.union([IdSchema, LinkTokenSchema]),
});
export const TokenIdParamsSchema = z.object({ studyId: IdSchema, tokenId: IdSchema });

/** The staff view of one token with its data event (spec 001 §7 GET token/{tokenId}). */
export const TokenDetailSchema = TokenViewSchema.extend({
  enrollmentStatus: z.string(),
  siteId: IdSchema,
  subjectId: IdSchema,
  dataEvent: z.object({
    id: z.string(),
    type: z.string().nullable(),
    name: LocalizedTextSchema,
    forms: z.array(z.string()),
    forceFormOrder: z.boolean(),
  }),
  /** Where a forced-order fill stands (zero-based), see `formPositionOf`. */
  currentFormIndex: z.number().int(),
});
export type TokenDetail = z.infer<typeof TokenDetailSchema>;

/** `GET .../token/{token}/extendedValidation`: must acting on this token send the password header? */
export const TokenExtendedValidationSchema = z.object({ required: z.boolean() });

/** `PUT .../tokens/{tokenId}/lock|unlock` body: an optional reason kept with the audit event. */
export const TokenLockBodySchema = z.object({ reason: z.string().trim().min(1).max(1024).nullish() });

/**
 * `PUT .../tokens/{tokenId}/status` body: the status wanted through the token state machine and
 * why. Reactivating needs the new window's end: `expiryTime` (null = never expires).
 */
export const TokenStatusBodySchema = z.object({
  status: TokenStatusSchema,
  reason: z.string().trim().min(1).max(1024),
  expiryTime: TimestampSchema.nullish(),
});
export type TokenStatusBody = z.infer<typeof TokenStatusBodySchema>;

/** `POST .../token/{token}/back` answer: the forced-order position after stepping back. */
export const FormPositionSchema = z.object({
  tokenId: IdSchema,
  forms: z.array(z.string()),
  currentNumber: z.number().int(),
  currentForm: z.string().nullable(),
  total: z.number().int(),
});
