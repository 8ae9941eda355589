import { OTP_RESEND_COOLDOWN_SECONDS, PARTICIPANT_LINK_HEADER } from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { solveCaptcha } from './captcha';
import {
  auditOf,
  buildLinkStudy,
  cookieOf,
  lastCodeTo,
  openEvent,
  outboxTo,
  setTokenStatus,
} from './public-test-kit';

let now = new Date('2026-06-01T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

async function otpStudy(otpAuthentication: 'EMAIL' | 'SMS' | 'BOTH' = 'EMAIL') {
  return buildLinkStudy(t.app, admin, {
    events: (p, f) => [openEvent(p, { forms: [f], otpAuthentication, forceFormOrder: true })],
  });
}

/** The first code of a link by its token id: the link travels in its header (issue 17 item 2). */
const request = (studyId: string, tokenId: string, link: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/studies/${studyId}/tokens/${tokenId}/requestOneTimePassword`,
    headers: { [PARTICIPANT_LINK_HEADER]: link },
  });
const resend = (studyId: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/newOneTimePassword`,
    payload: { token },
  });
const check = (studyId: string, token: string, password: number | string, captcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/validateOneTimePassword`,
    payload: { token, password, ...(captcha ? { captcha } : {}) },
  });
const wrong = (code: string) => (code === '111111' ? '222222' : '111111');

describe(`one-time password of a link on ${engine}`, () => {
  it('asks for a code, sends it by the outbox, holds resends for the cooldown (412), and opens the session', async () => {
    now = new Date('2026-06-01T08:00:00Z');
    const s = await otpStudy('BOTH');
    const tokenId = s.tokens[0]?.id as string;
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/token/validateToken`,
      payload: { token: s.link },
    });
    expect([first.json().next, first.json().requiredOneTimePass, cookieOf(first)]).toEqual([
      'ONE_TIME_PASSWORD',
      true,
      null,
    ]);
    // The forms stay closed without the code.
    const closed = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.link}/getProcess`,
    });
    expect(closed.statusCode).toBe(401);

    const sent = await request(s.study.id, tokenId, s.link);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      channels: ['EMAIL', 'SMS'],
      cooldownTime: OTP_RESEND_COOLDOWN_SECONDS,
    });
    const sms = await outboxTo(t.app, '+4520304050');
    expect(sms).toHaveLength(1);
    const code = await lastCodeTo(t.app, s.email);

    later(20);
    const early = await resend(s.study.id, s.link);
    expect([early.statusCode, early.json().context]).toEqual([412, { cooldownTime: 40 }]);
    later(40);
    expect((await resend(s.study.id, s.link)).statusCode).toBe(200);
    const newCode = await lastCodeTo(t.app, s.email);
    // The first code stopped working when the new one was sent.
    if (newCode !== code) expect((await check(s.study.id, s.link, code)).statusCode).toBe(400);

    const ok = await check(s.study.id, s.link, Number(newCode));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().next).toBe('QUESTIONNAIRE_FILL');
    const cookie = cookieOf(ok) as string;
    const proc = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.link}/getProcess`,
      headers: { cookie },
    });
    expect(proc.statusCode).toBe(200);
    // Single use.
    const again = await check(s.study.id, s.link, newCode);
    expect(again.json().context.issues).toEqual([
      { path: ['password'], message: 'PUBLIC.ONE_TIME_PASSWORD.EXPIRED' },
    ]);

    const audit = await auditOf(t.app, s.study.id);
    const sentEvents = audit.filter((a) => a.action === 'ONE_TIME_PASSWORD_SENT');
    expect(sentEvents).toHaveLength(2);
    // No code in the audit trail.
    expect(JSON.stringify(audit)).not.toContain(newCode);
  });

  it('requires a captcha after the 4th failure, and accepts a solved one once', async () => {
    now = new Date('2026-06-02T08:00:00Z');
    const s = await otpStudy();
    await request(s.study.id, s.tokens[0]?.id as string, s.link);
    const code = await lastCodeTo(t.app, s.email);
    const flags: boolean[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await check(s.study.id, s.link, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().context.issues).toEqual([
        { path: ['password'], message: 'PUBLIC.ONE_TIME_PASSWORD.INVALID' },
      ]);
      flags.push(res.json().context.captchaRequired);
    }
    expect(flags).toEqual([false, false, false, true]);
    // Now even the right code needs the captcha.
    const noCaptcha = await check(s.study.id, s.link, code);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().context.issues[0].path).toEqual(['captcha']);
    const challenge = noCaptcha.json().context.captcha;
    expect(challenge.algorithm).toBe('SHA-256');
    const solution = solveCaptcha(challenge) as string;
    const tampered = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(solution, 'base64').toString()),
        signature: 'f'.repeat(64),
      }),
    ).toString('base64');
    expect((await check(s.study.id, s.link, code, tampered)).json().context.issues[0].path).toEqual([
      'captcha',
    ]);
    // A solved challenge is accepted once: here it lets a (wrong) attempt through, then never again.
    expect((await check(s.study.id, s.link, wrong(code), solution)).json().context.issues[0].path).toEqual([
      'password',
    ]);
    expect((await check(s.study.id, s.link, code, solution)).json().context.issues[0].path).toEqual([
      'captcha',
    ]);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/public/captcha/challenge' });
    const ok = await check(s.study.id, s.link, code, solveCaptcha(fresh.json()) as string);
    expect(ok.statusCode, ok.body).toBe(200);

    // After a right code the count starts again for the next code.
    now = new Date('2026-06-02T09:00:00Z');
    await request(s.study.id, s.tokens[0]?.id as string, s.link);
    const next = await lastCodeTo(t.app, s.email);
    expect((await check(s.study.id, s.link, wrong(next))).json().context.captchaRequired).toBe(false);
  });

  it('refuses an expired code, a disabled link (TOKEN_DISABLED) and too many wrong codes (429)', async () => {
    now = new Date('2026-06-03T08:00:00Z');
    const s = await otpStudy();
    const tokenId = s.tokens[0]?.id as string;
    await request(s.study.id, tokenId, s.link);
    const code = await lastCodeTo(t.app, s.email);
    later(10 * 60 + 1);
    const expired = await check(s.study.id, s.link, code);
    expect(expired.json().context.issues[0].message).toBe('PUBLIC.ONE_TIME_PASSWORD.EXPIRED');

    await setTokenStatus(t.app, s.study.id, tokenId, { status: 'DISABLED' });
    const disabled = await check(s.study.id, s.link, code);
    expect([disabled.statusCode, disabled.json().type]).toEqual([410, 'TOKEN_DISABLED']);
    expect((await request(s.study.id, tokenId, s.link)).json().type).toBe('TOKEN_DISABLED');
    await setTokenStatus(t.app, s.study.id, tokenId, { status: 'UNUSED' });

    later(120);
    await request(s.study.id, tokenId, s.link);
    const fresh = await lastCodeTo(t.app, s.email);
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      const payload: Record<string, unknown> = { token: s.link, password: wrong(fresh) };
      if (i >= 4) {
        const ch = await t.app.inject({ method: 'GET', url: '/api/public/captcha/challenge' });
        payload.captcha = solveCaptcha(ch.json());
      }
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/studies/${s.study.id}/token/validateOneTimePassword`,
        payload,
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('answers EX_COMM when the subject has no address for the code', async () => {
    now = new Date('2026-06-04T08:00:00Z');
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [openEvent(p, { forms: [f], otpAuthentication: 'SMS' })],
    });
    await t.app.database.db.execute(
      `update subject set attributes = '{"email":"x@example.org"}'::jsonb where id = '${s.subject.id}'` as never,
    );
    const res = await request(s.study.id, s.tokens[0]?.id as string, s.link);
    expect([res.statusCode, res.json().type]).toEqual([502, 'EX_COMM']);
  });
});
