import { hash, verify } from '@node-rs/argon2';

// OWASP ASVS 2.4.1 / argon2id with the RFC 9106 second recommended parameter set, scaled for a web login.
const OPTIONS = {
  algorithm: 2 /* Argon2id (const enum value in @node-rs/argon2) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a staff password with argon2id (DESIGN.md security model). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password against its stored hash; never throws on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps the time of a login for an unknown email close to a known one.
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}
