import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError, unauthenticated } from '../errors';
import { verifyPassword } from './passwords';
import { blockedUntil, clearFailures, recordFailure } from './throttle';

/** The header that carries the signer's password (spec 000 §6). */
export const EXTENDED_VALIDATION_HEADER = 'extended-validation';

/** What the audit trail records of an electronic signature (DESIGN.md, STANDARDS.md ES-1). */
export type Signature = { signerId: string; printedName: string; signedAt: string; meaning: string };

const POLICY = { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 };

/**
 * Extended validation (spec 000 §6, 001 §6): when the study enables it, a sensitive action
 * needs the caller's password again in the `Extended-Validation` header. Checked with
 * argon2, rate limited per user; a wrong password is `EXTENDED_VALIDATION` and the caller
 * must change nothing. Returns the signature to record with the change (null when the
 * study does not ask for it).
 */
export async function checkExtendedValidation(
  db: Db,
  req: FastifyRequest,
  input: { required: boolean; meaning: string; now?: Date },
): Promise<Signature | null> {
  if (!input.required) return null;
  const auth = req.auth;
  if (!auth) throw unauthenticated();
  const now = input.now ?? new Date();
  const key = `ev:${auth.user.id}`;
  if (await blockedUntil(db, key, now)) {
    throw new AppError('EXCEED_NO_ATTEMPTS', 'Too many wrong passwords. Wait a few minutes and try again.');
  }
  const header = req.headers[EXTENDED_VALIDATION_HEADER];
  const password = Array.isArray(header) ? header[0] : header;
  if (!password || !(await verifyPassword(auth.user.passwordHash, password))) {
    await recordFailure(db, key, now, POLICY);
    throw new AppError('EXTENDED_VALIDATION', 'The password is not correct. Nothing was changed.');
  }
  await clearFailures(db, key);
  return {
    signerId: auth.user.id,
    printedName: `${auth.user.firstName} ${auth.user.lastName}`,
    signedAt: now.toISOString(),
    meaning: input.meaning,
  };
}
