import { randomBytes, randomInt } from 'node:crypto';

let counter = randomInt(0, 0xffffff);
const processPart = randomBytes(5).toString('hex');

/**
 * A new 24-character lowercase hex id, time-prefixed like a MongoDB ObjectId
 * (DESIGN.md database: the spec's public URLs expect 24 characters).
 */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  counter = (counter + 1) % 0x1000000;
  return `${seconds}${processPart}${counter.toString(16).padStart(6, '0')}`;
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A participant link token: 32 characters drawn uniformly from a CSPRNG (DESIGN.md). */
export function newLinkToken(length = 32): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 62 * 4 = 248: reject bytes above to keep the draw uniform.
      if (byte < 248 && out.length < length) out += TOKEN_ALPHABET[byte % 62];
    }
  }
  return out;
}

/** An opaque secret (session ids, CSRF tokens, reset links): 256 bits, base64url. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
