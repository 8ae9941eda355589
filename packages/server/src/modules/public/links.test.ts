import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import {
  auditOf,
  buildLinkStudy,
  cookieOf,
  enrollmentRow,
  openEvent,
  setTokenStatus,
} from './public-test-kit';
import { LINK_IP_POLICY } from './rate-limit';

let now = new Date('2026-05-04T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const validate = (studyId: string, token: string, update = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/${update ? 'validateTokenUpdate' : 'validateToken'}`,
    payload: { token },
  });

describe(`POST /api/public/studies/:studyId/token/validateToken on ${engine}`, () => {
  it('opens a usable link: session cookie, next step, audit by the subject token', async () => {
    now = new Date('2026-05-04T08:00:00Z');
    const s = await buildLinkStudy(t.app, admin);
    const res = await validate(s.study.id, s.link);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      studyId: s.study.id,
      token: { id: s.tokens[0]?.id, pathwayRecord: s.enrollmentId, status: 'UNUSED' },
      requiredOneTimePass: false,
      consentRequired: false,
      next: 'QUESTIONNAIRE_INDEX',
      preferredLang: 'en',
    });
    expect(body.sessionExpiresAt).not.toBeNull();
    const cookie = cookieOf(res);
    expect(cookie).not.toBeNull();
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.find((a) => a.action === 'TOKEN_VALIDATED')).toMatchObject({
      entityId: s.tokens[0]?.id,
      actorType: 'SUBJECT_TOKEN',
    });

    // getProcess needs the session of this link.
    const url = `/api/public/studies/${s.study.id}/tokens/${s.link}/getProcess`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const proc = await t.app.inject({ method: 'GET', url, headers: { cookie: cookie as string } });
    expect(proc.statusCode, proc.body).toBe(200);
    expect(proc.json()).toMatchObject({
      tokenId: s.tokens[0]?.id,
      enrollmentId: s.enrollmentId,
      forms: [
        {
          formId: s.formId,
          order: 1,
          version: { major: 1, minor: 0 },
          status: 'STATUS_NOT_STARTED',
          answers: [],
        },
      ],
    });
    // A removed form takes no answers (the submit refuses it), so the participant is not offered it.
    await t.app.database.query(
      'update form_template set deleted_at = now() where study_id = $1 and id = $2',
      [s.study.id, s.formId],
    );
    const afterRemoval = await t.app.inject({ method: 'GET', url, headers: { cookie: cookie as string } });
    expect(afterRemoval.json().forms).toEqual([]);
  });

  it('refuses unknown, disabled, completed, expired, excluded and not yet active links (spec 002 §8)', async () => {
    now = new Date('2026-05-04T08:00:00Z');
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [
        openEvent(p, { forms: [f], expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 1, hours: 0 } }),
        { id: `${p}-e2`, type: 'TYPE_PATIENT', forms: [f], referenceDate: 'MANUAL' },
      ],
    });
    const id = s.tokens[0]?.id as string;
    expect((await validate(s.study.id, 'x'.repeat(32))).statusCode).toBe(404);
    expect((await validate(s.study.id, 'short')).statusCode).toBe(400);

    const waiting = await validate(s.study.id, s.tokens[1]?.token as string);
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().context.reason).toBe('NOT_ACTIVE');

    await setTokenStatus(t.app, s.study.id, id, { locked: true });
    const locked = await validate(s.study.id, s.link);
    expect([locked.statusCode, locked.json().type]).toEqual([410, 'TOKEN_DISABLED']);
    await setTokenStatus(t.app, s.study.id, id, { locked: false, status: 'DISABLED' });
    expect((await validate(s.study.id, s.link)).json().type).toBe('TOKEN_DISABLED');

    await setTokenStatus(t.app, s.study.id, id, { status: 'COMPLETED' });
    const done = await validate(s.study.id, s.link);
    expect([done.statusCode, done.json().context]).toEqual([
      400,
      { reason: 'COMPLETED', messageKey: 'PUBLIC.QUESTIONNAIRE.ALREADY_FILL' },
    ]);
    const update = await validate(s.study.id, s.link, true);
    expect([update.statusCode, update.json().next]).toEqual([200, 'QUESTIONNAIRE_UPDATE']);

    await setTokenStatus(t.app, s.study.id, id, { status: 'EXCLUDED' });
    expect((await validate(s.study.id, s.link)).json().context.reason).toBe('EXCLUDED');

    // Past the expiry time, even before the schedule job marks it.
    await setTokenStatus(t.app, s.study.id, id, { status: 'UNUSED' });
    expect((await validate(s.study.id, s.link)).statusCode).toBe(200);
    now = new Date('2026-05-05T08:00:01Z');
    const late = await validate(s.study.id, s.link);
    expect([late.statusCode, late.json().context.reason]).toEqual([400, 'EXPIRED']);
  });

  it('limits unknown links per address (429)', async () => {
    now = new Date('2026-05-06T08:00:00Z');
    const s = await buildLinkStudy(t.app, admin);
    const inject = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/studies/${s.study.id}/token/validateToken`,
        payload: { token: 'y'.repeat(32) },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < LINK_IP_POLICY.maxFailures; i += 1) expect((await inject()).statusCode).toBe(404);
    const blocked = await inject();
    expect([blocked.statusCode, blocked.json().type]).toEqual([429, 'RATE_LIMITED']);
    // The study's real link, opened for the first time from there, is refused alike: its look-up
    // reads the address's limit in the same statement (issue 16), and the answer tells nothing.
    const real = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/token/validateToken`,
      payload: { token: s.link },
      remoteAddress: '203.0.113.9',
    });
    expect([real.statusCode, real.json().type]).toEqual([429, 'RATE_LIMITED']);
    // Another address is not affected.
    expect((await validate(s.study.id, s.link)).statusCode).toBe(200);
  });
});

describe(`consent: GET getInfo and POST /api/public/study/:studyId/consent on ${engine}`, () => {
  it('shows the consent text, requires the tick, records acceptance once and then opens the session', async () => {
    now = new Date('2026-05-07T08:00:00Z');
    const s = await buildLinkStudy(t.app, admin, {
      process: { consentRequired: true, consentText: { en: 'I agree to take part.', da: 'Jeg deltager.' } },
    });
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/public/study/${s.study.id}/${s.link}/getInfo`,
    });
    expect(info.json()).toEqual({
      primaryLanguage: 'en',
      consentRequired: true,
      didAcceptConsent: false,
      consentText: [{ en: 'I agree to take part.', da: 'Jeg deltager.' }],
    });
    const first = await validate(s.study.id, s.link);
    expect([first.json().next, cookieOf(first)]).toEqual(['CONSENT', null]);

    const url = `/api/public/study/${s.study.id}/consent`;
    const refused = await t.app.inject({
      method: 'POST',
      url,
      payload: { consent: false, pathwayRecordId: s.enrollmentId, token: s.link },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().context.issues).toEqual([
      { path: ['consent'], message: 'PUBLIC.SIGNUP.CONSENT_REQUIRED' },
    ]);
    const other = await t.app.inject({
      method: 'POST',
      url,
      payload: { consent: true, pathwayRecordId: s.study.id, token: s.link },
    });
    expect(other.statusCode).toBe(404);

    const ok = await t.app.inject({
      method: 'POST',
      url,
      payload: { consent: true, pathwayRecordId: s.enrollmentId, token: s.link },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ didAcceptConsent: true, next: 'QUESTIONNAIRE_INDEX' });
    expect(cookieOf(ok)).not.toBeNull();
    const row = await enrollmentRow(t.app, s.study.id, s.enrollmentId);
    expect(row?.details).toEqual({ didAcceptConsent: true, consentTime: now.toISOString() });
    await t.app.inject({
      method: 'POST',
      url,
      payload: { consent: true, pathwayRecordId: s.enrollmentId, token: s.link },
    });
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.filter((a) => a.action === 'CONSENT_ACCEPTED')).toHaveLength(1);
    expect((await validate(s.study.id, s.link)).json().next).toBe('QUESTIONNAIRE_INDEX');
  });
});
