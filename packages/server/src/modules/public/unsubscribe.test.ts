import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import {
  auditOf,
  buildLinkStudy,
  enrollmentRow,
  lastCodeTo,
  openEvent,
  outboxTo,
  tokenRowsOf,
} from './public-test-kit';

let now = new Date('2026-08-01T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe(`unsubscribe (spec 002 §2, §7, §8) on ${engine}`, () => {
  it('email, wrong code, right code, then unsubscribed with its links switched off', async () => {
    now = new Date('2026-08-01T08:00:00Z');
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [
        openEvent(p, { forms: [f] }),
        { id: `${p}-e2`, type: 'TYPE_PATIENT', forms: [f], referenceDate: 'MANUAL' },
      ],
    });
    const base = `/api/public/studies/${s.study.id}`;
    // A wrong email and an unknown enrollment get the answer the right email gets (issue 17
    // item 2), but no code.
    const unknown = await post(`${base}/patient/${s.enrollmentId}/requestOneTimePassword`, {
      email: 'nobody@example.org',
    });
    expect([unknown.statusCode, Object.keys(unknown.json()).sort()]).toEqual([
      200,
      ['channels', 'cooldownTime', 'expiresAt'],
    ]);
    expect((await outboxTo(t.app, 'nobody@example.org')).length).toBe(0);
    const otherEnrollment = await post(`${base}/patient/${s.study.id}/requestOneTimePassword`, {
      email: s.email,
    });
    expect(otherEnrollment.statusCode).toBe(200);
    expect((await outboxTo(t.app, s.email)).length).toBe(0);

    // Unsubscribing before the code is validated is refused (401).
    expect(
      (await post(`${base}/enrollments/${s.enrollmentId}/unsubscribe`, { email: s.email })).statusCode,
    ).toBe(401);

    const sent = await post(`${base}/patient/${s.enrollmentId}/requestOneTimePassword`, {
      email: s.email.toUpperCase(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const early = await post(`${base}/patient/${s.enrollmentId}/requestOneTimePassword`, { email: s.email });
    expect([early.statusCode, early.json().context.cooldownTime]).toEqual([412, 60]);
    const code = await lastCodeTo(t.app, s.email);

    const bad = await post(`${base}/patient/${s.enrollmentId}/validateOneTimePassword`, {
      password: code === '000000' ? 1 : 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().context.issues).toEqual([
      { path: ['password'], message: 'PUBLIC.UNSUBSCRIBE.INVALID_OTP' },
    ]);
    const good = await post(`${base}/patient/${s.enrollmentId}/validateOneTimePassword`, {
      password: Number(code),
    });
    expect([good.statusCode, good.json()]).toEqual([200, { validated: true }]);

    const wrongEmail = await post(`${base}/enrollments/${s.enrollmentId}/unsubscribe`, {
      email: 'x@example.org',
    });
    expect(wrongEmail.statusCode).toBe(400);
    const done = await post(`${base}/enrollments/${s.enrollmentId}/unsubscribe`, { email: s.email });
    expect([done.statusCode, done.json()]).toEqual([200, { status: 'UNSUBSCRIBED' }]);
    expect((await enrollmentRow(t.app, s.study.id, s.enrollmentId))?.status).toBe('UNSUBSCRIBED');
    expect((await tokenRowsOf(t.app, s.study.id, s.enrollmentId)).map((r) => r.status)).toEqual([
      'DISABLED',
      'DISABLED',
    ]);
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.filter((a) => a.action === 'ENROLLMENT_UNSUBSCRIBED')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'TOKEN_STATUS_CHANGED')).toHaveLength(2);

    // The link is now switched off, and a second unsubscribe is refused by the state machine.
    const link = await post(`${base}/token/validateToken`, { token: s.link });
    expect(link.json().type).toBe('TOKEN_DISABLED');
    expect(
      (await post(`${base}/enrollments/${s.enrollmentId}/unsubscribe`, { email: s.email })).statusCode,
    ).not.toBe(200);
  });

  it('expires a validated code after the grace period and limits code requests (429)', async () => {
    now = new Date('2026-08-02T08:00:00Z');
    const s = await buildLinkStudy(t.app, admin);
    const base = `/api/public/studies/${s.study.id}`;
    await post(`${base}/patient/${s.enrollmentId}/requestOneTimePassword`, { email: s.email });
    await post(`${base}/patient/${s.enrollmentId}/validateOneTimePassword`, {
      password: await lastCodeTo(t.app, s.email),
    });
    now = new Date('2026-08-02T08:16:00Z');
    expect(
      (await post(`${base}/enrollments/${s.enrollmentId}/unsubscribe`, { email: s.email })).statusCode,
    ).toBe(401);

    // Every request counts, whatever the email, and so does a refused unsubscribe (5 per
    // enrollment per hour): two were made above.
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      now = new Date(now.getTime() + 61_000);
      const r = await post(`${base}/patient/${s.enrollmentId}/requestOneTimePassword`, {
        email: `guess${i}@example.org`,
      });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
