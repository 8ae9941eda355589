import { type ExtendedValidationSignature, EXTENDED_VALIDATION_HEADER as HEADER } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError, unauthenticated } from '../errors';
import { verifyPassword } from './passwords';
import { clearFailures, reserve } from './throttle';

/** The header that carries the signer's password (spec 000 §6). */
export const EXTENDED_VALIDATION_HEADER = HEADER;

/** What the audit trail records of an electronic signature (DESIGN.md, STANDARDS.md ES-1). */
export type Signature = ExtendedValidationSignature;

/** ES-2 and DESIGN.md security: five wrong passwords in 15 minutes block signing for 15 minutes. */
export const EXTENDED_VALIDATION_POLICY = { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 };

/**
 * The password candidates of the header: as sent, and percent-decoded. Header values are
 * Latin-1 on the wire, so the web app percent-encodes the password; API clients may send it raw.
 */
function headerPasswords(req: FastifyRequest): string[] {
  const header = req.headers[EXTENDED_VALIDATION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return [];
  try {
    const decoded = decodeURIComponent(value);
    return decoded === value ? [value] : [decoded, value];
  } catch {
    return [value];
  }
}

async function matchesAny(hash: string, candidates: string[]): Promise<boolean> {
  for (const candidate of candidates) if (await verifyPassword(hash, candidate)) return true;
  return false;
}

/**
 * Extended validation (spec 000 §6, 001 §6): when the study enables it, a sensitive action
 * needs the caller's password again in the `Extended-Validation` header. Checked with
 * argon2, rate limited per user; a wrong password is `EXTENDED_VALIDATION` and the caller
 * must change nothing. Returns the signature to record with the change (null when the
 * study does not ask for it). Call it before opening the use case's transaction, so a
 * failure is counted even though the change is refused.
 */
/** Whether the request carries a password in the `Extended-Validation` header. */
export function carriesPassword(req: FastifyRequest): boolean {
  return headerPasswords(req).length > 0;
}

/**
 * The refusal of a sensitive action sent without a password when its study asks for one, for a use
 * case that learns whether the study asks as it loads the study (the route read no study: issue 16).
 */
export function passwordMissing(): AppError {
  return new AppError(
    'EXTENDED_VALIDATION',
    'This action needs your password (extended validation). Nothing was changed.',
  );
}

export async function checkExtendedValidation(
  db: Db,
  req: FastifyRequest,
  input: { required: boolean; meaning: string; now?: Date },
): Promise<Signature | null> {
  if (!input.required) return null;
  const auth = req.auth;
  // An API key cannot sign: a signature belongs to a person (STANDARDS.md ES-1).
  if (!auth) throw unauthenticated('A signature needs a signed-in user.');
  const now = input.now ?? new Date();
  const key = `ev:${auth.user.id}`;
  // Issue 17: the attempt reserves its use before the password is checked (one statement), so a
  // burst of wrong passwords gets exactly the limit checked; a right password clears the count.
  const attempt = await reserve(db, key, now, EXTENDED_VALIDATION_POLICY);
  if (!attempt.allowed) {
    throw new AppError('EXCEED_NO_ATTEMPTS', 'Too many wrong passwords. Wait a few minutes and try again.');
  }
  const candidates = headerPasswords(req);
  if (!(await matchesAny(auth.user.passwordHash, candidates))) {
    if (candidates.length === 0) throw passwordMissing();
    throw new AppError('EXTENDED_VALIDATION', 'The password is not correct. Nothing was changed.');
  }
  await clearFailures(db, key);
  return {
    signerId: auth.user.id,
    printedName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
    signedAt: now.toISOString(),
    meaning: input.meaning,
  };
}
