import { z } from 'zod';
import { IdSchema, LinkTokenSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';

/** Spec 000 §3 / 002 §3 token types. */
export const TOKEN_TYPES = ['PATIENT', 'HP', 'UNEXPECTED', 'DISCONTINUED', 'EXTERNAL', 'ECONSENT'] as const;
export const TokenTypeSchema = z.enum(TOKEN_TYPES);
export type TokenType = z.infer<typeof TokenTypeSchema>;

/** Spec 000 §4 / 002 §4 token statuses. */
export const TOKEN_STATUSES = [
  'UNUSED',
  'IN_USE',
  'EXPIRED',
  'COMPLETED',
  'DISABLED',
  'EXCLUDED',
  'NOT_ACTIVE',
] as const;
export const TokenStatusSchema = z.enum(TOKEN_STATUSES);
export type TokenStatus = z.infer<typeof TokenStatusSchema>;

/** Spec 001 §3 / 002 §3 e-consent keys of a token. */
export const EConsentKeysSchema = z.object({
  subjectKeys: z.object({
    processKey: z.string().min(1).max(256),
    signeeKey: z.string().min(1).max(256),
  }),
});
export type EConsentKeys = z.infer<typeof EConsentKeysSchema>;

/**
 * Spec 001 §3 / 002 §3 token (data event registration): one personal link for one data
 * event of one enrollment, with its status, lock and e-consent data.
 */
export const TokenSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  token: LinkTokenSchema,
  pathwayRecord: IdSchema,
  dataEventId: IdSchema,
  type: TokenTypeSchema,
  status: TokenStatusSchema,
  locked: z.boolean(),
  /** DESIGN.md decisions: a token with missingData gives STATUS_MISSING_DATA. */
  missingData: z.boolean(),
  preferredLang: LanguageCodeSchema.nullable(),
  secondLang: LanguageCodeSchema.nullable(),
  eConsentLanguage: LanguageCodeSchema.nullable(),
  eConsentKeys: EConsentKeysSchema.nullable(),
  flowKey: z.string().max(256).nullable(),
  explicitConsent: z.boolean(),
  requiredOneTimePass: z.boolean(),
  forceFormOrder: z.boolean(),
  /** When the link becomes usable (activation) and stops being usable (expiry); null = never. */
  activationTime: TimestampSchema.nullable(),
  expiryTime: TimestampSchema.nullable(),
  completedTime: TimestampSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type Token = z.infer<typeof TokenSchema>;

/** Spec 002 §4: can the participant fill through this token now (status, lock, time window)? */
export function isTokenFillable(
  token: Pick<Token, 'status' | 'locked' | 'activationTime' | 'expiryTime'>,
  now: Date,
): boolean {
  if (token.locked) return false;
  if (token.status !== 'UNUSED' && token.status !== 'IN_USE') return false;
  const t = now.getTime();
  if (token.activationTime !== null && Date.parse(token.activationTime) > t) return false;
  return token.expiryTime === null || Date.parse(token.expiryTime) > t;
}
