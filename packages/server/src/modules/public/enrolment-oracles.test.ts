/**
 * Issue 17 item 2: the unsubscribe calls answer the same for a wrong email and the right one
 * (the code goes only to the address on file) and count every attempt; a code for a link named
 * by its token id needs the link itself (or the link's participant session).
 */
import { PARTICIPANT_LINK_HEADER } from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { buildLinkStudy, lastCodeTo, openEvent, outboxTo } from './public-test-kit';
import { LINK_IP_POLICY, UNSUBSCRIBE_ENROLLMENT_POLICY } from './rate-limit';

let now = new Date('2026-10-01T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const nextDay = () => {
  now = new Date(now.getTime() + 24 * 3600_000);
};
const post = (url: string, payload: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
/** What an answer shows: its status, its error type and the names of its fields. */
const shape = (res: { statusCode: number; json(): Record<string, unknown> }) => {
  const body = res.json();
  return [
    res.statusCode,
    body.type ?? null,
    Object.keys(body).sort(),
    Object.keys(body.context ?? {}).sort(),
  ];
};

describe(`unsubscribe answers tell nothing about who takes part, on ${engine}`, () => {
  it('asking for a code: the same answer and the same cooldown for a wrong email as for the right one', async () => {
    nextDay();
    const a = await buildLinkStudy(t.app, admin);
    const b = await buildLinkStudy(t.app, admin);
    const ask = (s: typeof a, email: string) =>
      post(`/api/public/studies/${s.study.id}/patient/${s.enrollmentId}/requestOneTimePassword`, { email });
    const right = await ask(a, a.email);
    const wrong = await ask(b, 'not-on-file@example.org');
    expect(shape(wrong)).toEqual(shape(right));
    expect(wrong.json().channels).toEqual(right.json().channels);
    expect(wrong.json().cooldownTime).toBe(right.json().cooldownTime);
    // Only the real address gets a code.
    expect(await outboxTo(t.app, 'not-on-file@example.org')).toHaveLength(0);
    expect(await lastCodeTo(t.app, a.email)).toMatch(/^\d{6}$/);
    // Asking again meets the same cooldown either way.
    const again = await ask(a, a.email);
    expect(again.statusCode).toBe(412);
    const wrongAgain = await ask(b, 'not-on-file@example.org');
    expect([shape(wrongAgain), wrongAgain.json().context]).toEqual([shape(again), again.json().context]);
  });

  it('checking a code after a wrong email counts and asks for a captcha as after the right one', async () => {
    nextDay();
    const a = await buildLinkStudy(t.app, admin);
    const b = await buildLinkStudy(t.app, admin);
    const trail = async (s: typeof a, email: string) => {
      await post(`/api/public/studies/${s.study.id}/patient/${s.enrollmentId}/requestOneTimePassword`, {
        email,
      });
      const seen = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await post(
          `/api/public/studies/${s.study.id}/patient/${s.enrollmentId}/validateOneTimePassword`,
          {
            password: 'abc',
          },
        );
        const { failures, captchaRequired, issues } = res.json().context;
        seen.push([res.statusCode, failures, captchaRequired, issues]);
      }
      return seen;
    };
    expect(await trail(b, 'not-on-file@example.org')).toEqual(await trail(a, a.email));
  });

  it('unsubscribing without a validated code: 401 for a wrong email and the right one, counted and limited', async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin);
    const url = `/api/public/studies/${s.study.id}/enrollments/${s.enrollmentId}/unsubscribe`;
    const right = await post(url, { email: s.email });
    const wrong = await post(url, { email: 'not-on-file@example.org' });
    expect(shape(wrong)).toEqual(shape(right));
    expect(right.statusCode).toBe(401);
    const statuses: number[] = [];
    // Two counted above; the limit lets three more through.
    for (let i = 3; i <= UNSUBSCRIBE_ENROLLMENT_POLICY.maxFailures + 1; i += 1) {
      statuses.push((await post(url, { email: `guess${i}@example.org` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
  });
});

describe(`a code for a link named by its token id needs the link, on ${engine}`, () => {
  it('refuses without the link or with another link (404, counted), sends with the link in the header', async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [openEvent(p, { forms: [f], otpAuthentication: 'EMAIL', forceFormOrder: true })],
    });
    const other = await buildLinkStudy(t.app, admin);
    const tokenId = s.tokens[0]?.id as string;
    const ask = (headers: Record<string, string>, remoteAddress = '192.0.2.50') =>
      t.app.inject({
        method: 'GET',
        url: `/api/public/studies/${s.study.id}/tokens/${tokenId}/requestOneTimePassword`,
        headers,
        remoteAddress,
      });
    const bare = await ask({});
    expect([bare.statusCode, bare.json().type]).toEqual([404, 'NOT_FOUND']);
    expect((await ask({ [PARTICIPANT_LINK_HEADER]: other.link })).statusCode).toBe(404);
    expect((await ask({ [PARTICIPANT_LINK_HEADER]: 'x'.repeat(32) })).statusCode).toBe(404);
    expect(await outboxTo(t.app, s.email)).toHaveLength(0);
    const sent = await ask({ [PARTICIPANT_LINK_HEADER]: s.link });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await lastCodeTo(t.app, s.email)).toMatch(/^\d{6}$/);

    // Scanning token ids without their links is counted against the address.
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_IP_POLICY.maxFailures; i += 1)
      statuses.push((await ask({}, '192.0.2.51')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 404)).toHaveLength(LINK_IP_POLICY.maxFailures);
  });
});
