import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import type { TokenStatus } from '../tokens/model';

/** Spec 000 §9 / DESIGN.md: a consent PDF is at most 10,240,000 bytes. */
export const ECONSENT_FILE_MAX_BYTES = 10_240_000;

/** Spec 000 §7 eConsentFile: one consent PDF per language of a data event. */
export const EConsentFileSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  dataEventId: IdSchema.nullable(),
  language: LanguageCodeSchema,
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/\.pdf$/i),
  contentType: z.literal('application/pdf'),
  size: z.number().int().positive().max(ECONSENT_FILE_MAX_BYTES),
  uploadedBy: IdSchema,
  uploadedTime: TimestampSchema,
});
export type EConsentFile = z.infer<typeof EConsentFileSchema>;

/** Who marked an e-consent signed: the participant (public) or staff (001 §7 setEconsentSigned). */
export const ECONSENT_SIGNERS = ['SUBJECT', 'STAFF'] as const;
export const EConsentSignerSchema = z.enum(ECONSENT_SIGNERS);
export type EConsentSigner = z.infer<typeof EConsentSignerSchema>;

/** Spec 000 §7 / 002 §4: a signed e-consent, kept with the token and its signed file. */
export const SignedEConsentSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
  language: LanguageCodeSchema,
  consentFileId: IdSchema,
  signedFileId: IdSchema.nullable(),
  signedBy: EConsentSignerSchema,
  /** Staff user who marked it signed; null when the subject signed. */
  markedBy: IdSchema.nullable(),
  signeeKey: z.string().max(256).nullable(),
  processKey: z.string().max(256).nullable(),
  signedTime: TimestampSchema,
});
export type SignedEConsent = z.infer<typeof SignedEConsentSchema>;

/** What the e-consent page shows (spec 002 §4). */
export const ECONSENT_VIEWS = ['SIGNED_DOWNLOAD', 'SIGNING_FRAME', 'UNAVAILABLE'] as const;
export type EConsentView = (typeof ECONSENT_VIEWS)[number];

/**
 * Spec 002 §4: a completed token shows the downloadable signed file; otherwise the signing
 * frame shows when a consent file for the language and the flow key exist.
 */
export function econsentView(args: {
  status: TokenStatus;
  hasConsentFileForLanguage: boolean;
  flowKey: string | null;
}): EConsentView {
  if (args.status === 'COMPLETED') return 'SIGNED_DOWNLOAD';
  if (args.hasConsentFileForLanguage && args.flowKey) return 'SIGNING_FRAME';
  return 'UNAVAILABLE';
}

/** Spec 002 §4: for an e-consent token, COMPLETED means already signed. */
export function isEConsentSigned(status: TokenStatus): boolean {
  return status === 'COMPLETED';
}
