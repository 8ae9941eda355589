import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  WEBHOOK_TIMEOUT_MS,
  webhookSecretKeyBase64,
  webhookSignatureHeader,
  webhookSignedContent,
} from '@trialbase/domain';
import { ForbiddenAddressError, resolveAllowedAddress } from './ssrf';

/** The Standard Webhooks signature of one message: base64 HMAC-SHA256 over the signed content with the secret's bytes. */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = webhookSecretKeyBase64(secret);
  if (!key) throw new Error('not a webhook secret');
  return createHmac('sha256', Buffer.from(key, 'base64'))
    .update(webhookSignedContent(messageId, timestampSeconds, body))
    .digest('base64');
}

export type AttemptOutcome = { statusCode: number | null; durationMs: number; error: string | null };

/**
 * One attempt: POST the body with the webhook-id, webhook-timestamp and webhook-signature headers to
 * the checked address, no redirect followed, within WEBHOOK_TIMEOUT_MS (issue 28 item 1). Never throws.
 */
export async function sendWebhook(input: {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  now: Date;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: { address: string; family: 4 | 6 };
  const url = new URL(input.url);
  try {
    target = await resolveAllowedAddress(url, input.allowPrivate);
  } catch (err) {
    return {
      statusCode: null,
      durationMs: elapsed(),
      error: err instanceof ForbiddenAddressError ? 'ADDRESS_NOT_ALLOWED' : `DNS: ${errorText(err)}`,
    };
  }
  const timestamp = Math.floor(input.now.getTime() / 1000);
  const signature = signWebhook(input.secret, input.messageId, timestamp, input.body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        // The socket goes to the address checked above, whatever DNS says now.
        lookup: (_host, _options, callback) => callback(null, target.address, target.family),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Trialbase-Webhooks',
          'webhook-id': input.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignatureHeader([signature]),
        },
        timeout: input.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      },
      (res) => {
        // The answer's body is not kept; read it to free the socket.
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const redirect = status >= 300 && status < 400;
          resolve({
            statusCode: status,
            durationMs: elapsed(),
            error: redirect
              ? 'REDIRECT_NOT_FOLLOWED'
              : status >= 200 && status < 300
                ? null
                : `HTTP ${status}`,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('TIMEOUT')));
    req.on('error', (err) => resolve({ statusCode: null, durationMs: elapsed(), error: errorText(err) }));
    req.end(input.body);
  });
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}
