/**
 * Standard Webhooks delivery rules (issue 28 item 1, https://www.standardwebhooks.com): the signed
 * content, the secret's format, the retry schedule and when an endpoint is switched off. Pure: the
 * HMAC itself is computed by the server (no crypto in the domain).
 */

/** The prefix of a Standard Webhooks secret; the rest is base64 of 24 to 64 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The content that is signed: `${msgId}.${timestamp}.${body}` (timestamp in whole seconds). */
export function webhookSignedContent(messageId: string, timestampSeconds: number, body: string): string {
  return `${messageId}.${timestampSeconds}.${body}`;
}

/** The secret's key bytes as base64 (the part after `whsec_`), or null when it is not a webhook secret. */
export function webhookSecretKeyBase64(secret: string): string | null {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return null;
  const key = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  return /^[A-Za-z0-9+/]{32,}={0,2}$/.test(key) ? key : null;
}

/** The webhook-signature header value for one signature: `v1,<base64 HMAC-SHA256>`. */
export function webhookSignatureHeader(signaturesBase64: readonly string[]): string {
  return signaturesBase64.map((s) => `v1,${s}`).join(' ');
}

/**
 * Delay before each retry, in seconds (after the first attempt fails, after the second...), the
 * Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A message gets at most
 * 1 + WEBHOOK_RETRY_DELAYS.length attempts.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
export const WEBHOOK_MAX_ATTEMPTS = 1 + WEBHOOK_RETRY_DELAYS_SECONDS.length;

/** When to try again after `attempts` failed attempts, or null when the message has had them all. */
export function nextWebhookAttemptAt(attempts: number, failedAt: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return null;
  return new Date(failedAt.getTime() + delay * 1000);
}

/** Consecutive failed attempts after which an endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 10;
/** Or: failing without one success for this long. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an endpoint is to be disabled after a failed attempt (issue 28 item 1): 10 failures in a
 * row, or failures only since 24 hours or more.
 */
export function shouldDisableWebhook(input: {
  consecutiveFailures: number;
  failingSince: Date | null;
  now: Date;
}): boolean {
  if (input.consecutiveFailures >= WEBHOOK_DISABLE_AFTER_FAILURES) return true;
  return (
    input.failingSince !== null &&
    input.now.getTime() - input.failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS
  );
}

/** How long one attempt may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** A success is any 2xx answer; a redirect is not followed and counts as a failure. */
export function isWebhookSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
