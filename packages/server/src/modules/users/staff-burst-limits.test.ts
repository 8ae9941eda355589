// @module-tag concurrency
/**
 * Issue 17 item 1 and suite 6(c), the staff side: the sign-up, forgot-password, API-key and
 * extended-validation (and password-change) limits hold under a burst of concurrent requests.
 * Each burst goes over real HTTP to a listening server (one socket per request), so the requests
 * overlap on the database; before these limits reserved their use (they read the block, then
 * counted after the attempt) every request of a burst got through on PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, loginAs, type TestApp } from '../../../test/harness';
import { EXTENDED_VALIDATION_POLICY } from '../../platform/auth/extended-validation';
import { outboxMessages } from '../../platform/outbox/tables';

let t: TestApp;
let base = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

type Answer = { status: number; body: Record<string, unknown> };

async function send(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function burst(n: number, request: (i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => request(i)));
}

const statuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((acc, a) => {
    acc[a.status] = (acc[a.status] ?? 0) + 1;
    return acc;
  }, {});

const PASSWORD = 'Burst-Signer-Password-9';

/** A study with API keys and signatures, its admin signed in, and a live API key. */
async function signerStudy() {
  const study = await buildStudy(t.app, { modules: ['API_KEYS'], extendedValidation: true });
  const user = await buildUser(t.app, { password: PASSWORD });
  await grantAccess(t.app, { studyId: study.id, user, role: 'ADMIN' });
  const session = await loginAs(t.app, user.email, PASSWORD);
  const renew = (password: string) =>
    send('POST', `/api/studies/${study.id}/apiKey/renew`, undefined, {
      ...session.headers,
      'extended-validation': encodeURIComponent(password),
    });
  const first = await renew(PASSWORD);
  expect(first.status).toBe(200);
  return { study, user, session, renew, key: first.body.key as string };
}

describe(`staff limits under concurrent bursts over HTTP on ${engine}`, () => {
  it('accepts exactly the per-address limit of 20 among 30 concurrent staff sign-ups', async () => {
    const answers = await burst(30, (i) =>
      send('POST', '/api/auth/signup', {
        email: `burst-signup-${i}@example.org`,
        firstName: 'Burst',
        lastName: `Nr ${i}`,
        password: `Sign-Up-Burst-Password-${i}`,
      }),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 10 });
  });

  it('serves exactly the per-address limit of 20 among 30 concurrent reset requests, and mails exactly 3', async () => {
    const user = await buildUser(t.app, { email: 'burst-forgot@example.org' });
    const answers = await burst(30, () => send('POST', '/api/auth/forgot-password', { email: user.email }));
    expect(statuses(answers)).toEqual({ 204: 20, 429: 10 });
    const mails = await t.app.database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, user.email));
    expect(mails).toHaveLength(3);
  });

  it('answers exactly the per-address limit of 20 among 40 concurrent wrong API keys; a burst of good calls is never refused', async () => {
    const { study, key } = await signerStudy();
    const info = (bearer: string) =>
      send('GET', `/api/studies/${study.id}/apiKey/studyInfo`, undefined, {
        authorization: `Bearer ${bearer}`,
      });
    // Thirty simultaneous calls with the right key: none counts against the address.
    expect(statuses(await burst(30, () => info(key)))).toEqual({ 200: 30 });
    const wrong = await burst(40, (i) =>
      info(`tb_${key.slice(3, 11)}_wrongwrongwrongwrong${String(i).padStart(4, '0')}`),
    );
    expect(statuses(wrong)).toEqual({ 401: 20, 429: 20 });
    // The address is refused now, with the right key too, until the window ends.
    expect((await info(key)).status).toBe(429);
  });

  it('checks exactly the per-user limit of 5 among 30 concurrent wrong signature passwords', async () => {
    const { renew } = await signerStudy();
    const answers = await burst(30, (i) => renew(`Wrong-Password-${i}`));
    const types = answers.map((a) => a.body.type);
    expect(types.filter((x) => x === 'EXTENDED_VALIDATION')).toHaveLength(
      EXTENDED_VALIDATION_POLICY.maxFailures,
    );
    expect(types.filter((x) => x === 'EXCEED_NO_ATTEMPTS')).toHaveLength(
      30 - EXTENDED_VALIDATION_POLICY.maxFailures,
    );
  });

  it('checks exactly the per-user limit of 5 among 30 concurrent wrong current passwords on the password change', async () => {
    const { session, user } = await signerStudy();
    const answers = await burst(30, (i) =>
      send(
        'POST',
        `/api/user/${user.id}/changePassword`,
        { currentPassword: `Wrong-Password-${i}`, newPassword: 'Another-Strong-Password-5' },
        session.headers,
      ),
    );
    const types = answers.map((a) => a.body.type);
    expect(types.filter((x) => x === 'EXTENDED_VALIDATION')).toHaveLength(5);
    expect(types.filter((x) => x === 'EXCEED_NO_ATTEMPTS')).toHaveLength(25);
  });
});
