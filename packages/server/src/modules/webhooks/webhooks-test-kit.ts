/** Helpers of the webhook tests: a real HTTP receiver on 127.0.0.1 and an independent signature check. */
import { webcrypto } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildSite, buildStudy } from '../../../test/factories';
import type { LoggedIn } from '../../../test/harness';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A receiver that records every request and answers `status()` (200 unless changed). */
export async function startReceiver(initialStatus = 200) {
  const received: Received[] = [];
  let status = initialStatus;
  let headers: Record<string, string> = {};
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, headers);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(next: number, nextHeaders: Record<string, string> = {}) {
      status = next;
      headers = nextHeaders;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Verifies a Standard Webhooks request the way a receiver would, written apart from the server's code
 * (WebCrypto HMAC, not node:crypto createHmac): the secret's base64 after `whsec_` is the key, the
 * signed content `${id}.${timestamp}.${body}`, any `v1,` signature in the header may match.
 */
export async function verifyStandardWebhook(secret: string, received: Received): Promise<boolean> {
  const id = String(received.headers['webhook-id'] ?? '');
  const timestamp = String(received.headers['webhook-timestamp'] ?? '');
  const header = String(received.headers['webhook-signature'] ?? '');
  if (!id || !/^\d+$/.test(timestamp) || !header) return false;
  const keyBytes = Uint8Array.from(atob(secret.split('_')[1] ?? ''), (c) => c.charCodeAt(0));
  const key = await webcrypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const content = new TextEncoder().encode(`${id}.${timestamp}.${received.body}`);
  for (const part of header.split(' ')) {
    const [version, signature] = part.split(',');
    if (version !== 'v1' || !signature) continue;
    const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
    if (await webcrypto.subtle.verify('HMAC', key, bytes, content)) return true;
  }
  return false;
}

/** A production study with the webhooks module and a site; subject ids are typed by hand. */
export async function productionStudy(app: FastifyInstance) {
  const study = await buildStudy(app, { status: 'PRODUCTION', modules: ['WEBHOOKS'] });
  const site = await buildSite(app, study.id, { siteNumber: 1 });
  return { study, site };
}

export function createSubject(
  app: FastifyInstance,
  who: LoggedIn,
  studyId: string,
  siteId: string,
  patientId: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/sites/${siteId}/patients`,
    headers: who.headers,
    payload: { patientId, firstName: 'Ana', lastName: 'Identifiable' },
  });
}

export async function registerWebhook(
  app: FastifyInstance,
  who: LoggedIn,
  studyId: string,
  body: { url: string; eventTypes: string[]; description?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/webhooks`,
    headers: who.headers,
    payload: body,
  });
}
