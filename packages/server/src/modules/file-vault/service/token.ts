/**
 * The vault's direct-download token (spec 001 §7 `GET /fv/studies/{studyId}/getJWT`, issue 28
 * item 3): a JWT signed with HMAC-SHA256 by the installation's key (made on first use and kept in
 * `file_vault_secret`, like the e-consent signing key: no configuration needed, the same on every
 * server), bound to the user, the study and the documents the user saw when it was issued, valid
 * VAULT_TOKEN_TTL_SECONDS. The token is never logged (the request serializer masks long URL
 * segments) nor stored.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VAULT_TOKEN_TTL_SECONDS } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import { insertSecret, readSecret } from '../repo';

const SECRET_ID = 'download-token';
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

export type VaultTokenClaims = {
  iss: 'trialbase-file-vault';
  sub: string;
  study: string;
  docs: string[];
  iat: number;
  exp: number;
  jti: string;
};

const cached = new WeakMap<object, Promise<Buffer>>();

async function loadSecret(db: Executor, now: Date): Promise<Buffer> {
  const stored = await readSecret(db, SECRET_ID);
  if (stored) return stored;
  await insertSecret(db, SECRET_ID, randomBytes(32), now);
  const row = await readSecret(db, SECRET_ID);
  if (!row) throw new Error('The file vault key could not be stored.');
  return row;
}

/** The installation's token key, read once per database handle. */
export function vaultSecretOf(db: Executor, now: Date): Promise<Buffer> {
  let secret = cached.get(db);
  if (!secret) {
    secret = loadSecret(db, now);
    secret.catch(() => cached.delete(db));
    cached.set(db, secret);
  }
  return secret;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (secret: Buffer, input: string) => createHmac('sha256', secret).update(input).digest();

/** Issues a token for the user, the study and the documents the user sees now. */
export function issueVaultToken(
  secret: Buffer,
  input: { userId: string; studyId: string; documentIds: string[]; now: Date },
): { token: string; expiresAt: Date } {
  const iat = Math.floor(input.now.getTime() / 1000);
  const claims: VaultTokenClaims = {
    iss: 'trialbase-file-vault',
    sub: input.userId,
    study: input.studyId,
    docs: input.documentIds,
    iat,
    exp: iat + VAULT_TOKEN_TTL_SECONDS,
    jti: newId(input.now),
  };
  const body = `${encode(HEADER)}.${encode(claims)}`;
  return {
    token: `${body}.${sign(secret, body).toString('base64url')}`,
    expiresAt: new Date(claims.exp * 1000),
  };
}

function refused(message: string): AppError {
  return new AppError('SECURITY', message, { context: { reason: 'FILE_VAULT_TOKEN' } });
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function isClaims(value: unknown): value is VaultTokenClaims {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    c.iss === 'trialbase-file-vault' &&
    typeof c.sub === 'string' &&
    typeof c.study === 'string' &&
    Array.isArray(c.docs) &&
    c.docs.every((d) => typeof d === 'string') &&
    typeof c.exp === 'number' &&
    typeof c.iat === 'number'
  );
}

/**
 * Checks a token's signature (constant time), algorithm and expiry; its claims, or 401 SECURITY.
 * The study and the documents are the caller's to compare.
 */
export function verifyVaultToken(secret: Buffer, token: string, now: Date): VaultTokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw refused('The download link is not valid.');
  const [header, payload, signature] = parts as [string, string, string];
  const expected = sign(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refused('The download link is not valid.');
  }
  const head = parseJson(header) as { alg?: unknown } | null;
  const claims = parseJson(payload);
  if (head?.alg !== 'HS256' || !isClaims(claims)) throw refused('The download link is not valid.');
  if (now.getTime() >= claims.exp * 1000) throw refused('The download link has expired.');
  return claims;
}
