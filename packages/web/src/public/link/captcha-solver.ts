import type { CaptchaChallenge } from '@trialbase/domain';

/** Hashes per batch: small enough that a slow phone stays responsive between batches. */
const BATCH_SIZE = 400;

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Lets the browser paint and handle input between batches. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The ALTCHA payload the server's captcha.verify reads: base64 of the challenge JSON with the number. */
export function encodeCaptchaSolution(challenge: CaptchaChallenge, number: number): string {
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}

/**
 * Issue 8 item 5, spec 002 §2: solves the proof of work (find n with SHA-256(salt + n) equal to
 * the challenge) with Web Crypto in small async batches, reporting progress (0..1). Null when no
 * number up to maxnumber fits; throws the signal's reason when aborted.
 */
export async function solveCaptchaChallenge(
  challenge: CaptchaChallenge,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<string | null> {
  const target = challenge.challenge.toLowerCase();
  for (let start = 0; start <= challenge.maxnumber; start += BATCH_SIZE) {
    options.signal?.throwIfAborted();
    const end = Math.min(start + BATCH_SIZE - 1, challenge.maxnumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, index) => start + index);
    const hashes = await Promise.all(numbers.map((n) => sha256Hex(`${challenge.salt}${n}`)));
    const found = hashes.indexOf(target);
    if (found >= 0) {
      options.onProgress?.(1);
      return encodeCaptchaSolution(challenge, start + found);
    }
    options.onProgress?.(Math.min(1, (end + 1) / (challenge.maxnumber + 1)));
    await yieldToBrowser();
  }
  return null;
}
