/**
 * The runtime state a token keeps beside its columns (issue 14 item 4): the forced-order position
 * (spec 000 §3), what staff pinned in its schedule (spec 001 §7 start, activate, reopen), and who
 * recorded a staff-created (unscheduled or repeated) token. Stored as jsonb, read through this schema.
 */
import { z } from 'zod';

export const TokenDetailsSchema = z.object({
  /** Forced form order: the 0-based index of the form the filler is on (see `formPositionOf`). */
  formIndex: z.number().int().min(0).optional(),
  /** When staff started the token (ISO time); the schedule counts from it. */
  startedAt: z.string().optional(),
  /** Staff activated the token by hand: the schedule keeps its activation. */
  pinnedActivation: z.boolean().optional(),
  /** Staff gave the link a new window (reactivate, reopen): the schedule keeps its expiry. */
  pinnedExpiry: z.boolean().optional(),
  /** Who recorded a staff-created token (spec 001 §3 unscheduled events). */
  recordedBy: z.string().nullable().optional(),
  /** A further occurrence of a data event names the token it repeats. */
  repeatOf: z.string().optional(),
  /** The import an unscheduled (external) event came from (spec 001 §7 unscheduled events list). */
  importId: z.string().optional(),
  /** E-consent (spec 001 §3, 002 §3; issue 24): the language signed and the keys of the signing. */
  eConsentLanguage: z.string().optional(),
  eConsentKeys: z
    .object({ subjectKeys: z.object({ processKey: z.string(), signeeKey: z.string() }) })
    .optional(),
  /** A re-consent token (issue 24 item 5): the e-consent token whose older document version it replaces. */
  reconsentOf: z.string().optional(),
});
export type TokenDetails = z.infer<typeof TokenDetailsSchema>;

/** Spec 000 §3: the token's details as stored; an empty object for a token with none. */
export function parseTokenDetails(value: unknown): TokenDetails {
  return TokenDetailsSchema.parse(value ?? {});
}
