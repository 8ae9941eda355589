// @module-tag concurrency
/**
 * Issue 17 items 1 and 6(c): every participant and login limit holds under a burst of concurrent
 * requests. Each burst goes over real HTTP to a listening server (fetch, one socket per request),
 * so the requests overlap on the database; the test then counts how many attempts were really
 * checked (audit events, answers other than 429) and requires exactly the limit.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProcess, buildSite, buildStudy, buildUser } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { solveCaptcha } from './captcha';
import {
  auditOf,
  buildLinkStudy,
  buildPublishedForm,
  lastCodeTo,
  openEvent,
  outboxTo,
  setProcessSettings,
  setStudySettings,
} from './public-test-kit';
import {
  CODE_SUBJECT_POLICY,
  LINK_IP_POLICY,
  SIGNUP_EMAIL_POLICY,
  UNSUBSCRIBE_ENROLLMENT_POLICY,
} from './rate-limit';

let now = new Date('2026-09-01T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;
let base = '';

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/** A new day: the address's windows of the earlier tests are over. */
function nextDay() {
  now = new Date(now.getTime() + 24 * 3600_000);
}

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

/** Fires all requests at once and waits for every answer. */
function burst(n: number, request: (i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => request(i)));
}

const notLimited = (answers: Answer[]) => answers.filter((a) => a.status !== 429);

describe(`limits under concurrent bursts over HTTP on ${engine}`, () => {
  it('checks exactly the per-link limit of 60 concurrent wrong one-time codes (each with a solved captcha)', {
    timeout: 120_000,
  }, async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [openEvent(p, { forms: [f], otpAuthentication: 'EMAIL', forceFormOrder: true })],
    });
    const sent = await send('POST', `/api/public/studies/${s.study.id}/token/newOneTimePassword`, {
      token: s.link,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await lastCodeTo(t.app, s.email);
    const wrong = code === '111111' ? '222222' : '111111';
    const captchas: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const challenge = await send('GET', '/api/public/captcha/challenge');
      captchas.push(solveCaptcha(challenge.body as never) as string);
    }
    const answers = await burst(60, (i) =>
      send('POST', `/api/public/studies/${s.study.id}/token/validateOneTimePassword`, {
        token: s.link,
        password: wrong,
        captcha: captchas[i],
      }),
    );
    const checked = (await auditOf(t.app, s.study.id)).filter((a) => a.action === 'ONE_TIME_PASSWORD_FAILED');
    expect(checked).toHaveLength(CODE_SUBJECT_POLICY.maxFailures);
    expect(notLimited(answers)).toHaveLength(CODE_SUBJECT_POLICY.maxFailures);
    // The right code is refused too: the link is blocked.
    const right = await send('POST', `/api/public/studies/${s.study.id}/token/validateOneTimePassword`, {
      token: s.link,
      password: code,
    });
    expect(right.status).toBe(429);
  });

  it('checks exactly the per-address limit of 120 concurrent unknown links', async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin);
    const answers = await burst(120, (i) =>
      send('POST', `/api/public/studies/${s.study.id}/token/validateToken`, {
        token: `guess${String(i).padStart(27, '0')}`,
      }),
    );
    expect(answers.filter((a) => a.status === 404)).toHaveLength(LINK_IP_POLICY.maxFailures);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(120 - LINK_IP_POLICY.maxFailures);
  });

  it('counts exactly the limit of unknown links when a known link is opened in the same burst, and then refuses the known link too', async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin);
    const info = `/api/public/study/${s.study.id}/${s.link}/getInfo`;
    // The link is known from here on (issue 16 item 2: its requests only check the limit).
    expect((await send('GET', info)).status).toBe(200);
    const answers = await burst(120, (i) =>
      i % 2 === 0
        ? send('POST', `/api/public/studies/${s.study.id}/token/validateToken`, {
            token: `guess${String(i).padStart(27, '0')}`,
          })
        : send('GET', info),
    );
    const unknown = answers.filter((_, i) => i % 2 === 0);
    const known = answers.filter((_, i) => i % 2 === 1);
    // The known link's requests take no use of the address's limit, so all of it goes to unknown ones.
    expect(unknown.filter((a) => a.status === 404)).toHaveLength(LINK_IP_POLICY.maxFailures);
    expect(unknown.filter((a) => a.status === 429)).toHaveLength(60 - LINK_IP_POLICY.maxFailures);
    expect(known.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    // Over the limit, a known link is refused like any other: the answer tells nothing about it.
    const after = await send('GET', info);
    expect([after.status, after.body.type]).toEqual([429, 'RATE_LIMITED']);
  });

  it('accepts exactly the per-email limit of 30 concurrent sign-ups with one email', async () => {
    nextDay();
    const study = await buildStudy(t.app, { status: 'PRODUCTION' });
    const site = await buildSite(t.app, study.id, { isPublic: true });
    const formId = await buildPublishedForm(t.app, study.id);
    const process = await buildProcess(t.app, {
      studyId: study.id,
      dataEvents: [openEvent(`bu${study.id.slice(-6)}`, { forms: [formId] })],
    });
    await setProcessSettings(t.app, study.id, process.id, { public: true, consentRequired: false });
    await setStudySettings(t.app, study.id, {
      publicSignUpRequiredFields: ['firstName'],
      publicSignUpOptionalFields: ['email'],
    });
    const answers = await burst(30, () =>
      send('POST', `/api/public/studies/${study.id}/patient/${process.id}/pathwaySignUp`, {
        siteId: site.id,
        firstName: 'B',
        email: 'burst@example.org',
        consent: true,
      }),
    );
    // Every sign-up the limit lets through is checked (each counts, whatever its answer).
    expect(notLimited(answers), JSON.stringify(answers)).toHaveLength(SIGNUP_EMAIL_POLICY.maxFailures);
  });

  it('answers exactly the per-enrollment limit of 40 concurrent unsubscribe code requests', async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin);
    const answers = await burst(40, (i) =>
      send('POST', `/api/public/studies/${s.study.id}/patient/${s.enrollmentId}/requestOneTimePassword`, {
        email: `guess${i}@example.org`,
      }),
    );
    expect(notLimited(answers)).toHaveLength(UNSUBSCRIBE_ENROLLMENT_POLICY.maxFailures);
  });

  it('answers exactly the per-enrollment limit of 40 concurrent unsubscribes without a validated code', async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin);
    const answers = await burst(40, (i) =>
      send('POST', `/api/public/studies/${s.study.id}/enrollments/${s.enrollmentId}/unsubscribe`, {
        email: i === 0 ? s.email : `guess${i}@example.org`,
      }),
    );
    expect(notLimited(answers)).toHaveLength(UNSUBSCRIBE_ENROLLMENT_POLICY.maxFailures);
    expect(notLimited(answers).every((a) => a.status === 401)).toBe(true);
  });

  it('checks exactly the per-address limit of 70 concurrent code requests naming token ids without their links', async () => {
    nextDay();
    const s = await buildLinkStudy(t.app, admin);
    const tokenId = s.tokens[0]?.id as string;
    const answers = await burst(70, () =>
      send('GET', `/api/public/studies/${s.study.id}/tokens/${tokenId}/requestOneTimePassword`),
    );
    expect(answers.filter((a) => a.status === 404)).toHaveLength(LINK_IP_POLICY.maxFailures);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(70 - LINK_IP_POLICY.maxFailures);
    expect(await outboxTo(t.app, s.email)).toHaveLength(0);
  });

  it('checks exactly the account limit of 30 concurrent wrong passwords, for an account and an unknown email alike', async () => {
    const user = await buildUser(t.app);
    const max = t.app.config.loginMaxFailures;
    const failedChecks = async (email: string) =>
      (
        await t.app.database.query<{ n: number }>(
          `select count(*)::int as n from audit_event where action = 'USER_LOGIN_FAILED' and after->>'email' = $1`,
          [email],
        )
      ).rows[0]?.n;
    for (const email of [user.email, 'nobody-burst@example.org']) {
      const answers = await burst(30, (i) =>
        send('POST', '/api/auth/login', { email, password: `wrong-${i}` }),
      );
      expect(await failedChecks(email)).toBe(max);
      const locked = answers.filter((a) => a.body.type === 'ACCOUNT_LOCKED');
      expect(answers.length - locked.length).toBe(max - 1);
    }
  });
  it('a burst of 30 correct logins to one account locks nothing: a refused use sets no block', async () => {
    nextDay();
    const user = await buildUser(t.app, { password: 'Burst-Account-Password-7' });
    const login = () =>
      send('POST', '/api/auth/login', { email: user.email, password: 'Burst-Account-Password-7' });
    const answers = await burst(30, login);
    // Uses beyond the limit may be refused while others are in flight, but none is a failure.
    expect(answers.every((a) => [200, 423, 429].includes(a.status))).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    // Once the burst is over the account signs in at once.
    expect((await login()).status).toBe(200);
  });
});
