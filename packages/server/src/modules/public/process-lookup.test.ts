import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FormTemplateDocumentSchema, PublicProcessSchema } from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { buildLinkStudy, cookieOf, fillPageReads, setProcessSettings } from './public-test-kit';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

/** 60 questions of a few types, with show rules, a staff-only question and staff-only settings. */
function questions(): Record<string, unknown>[] {
  return Array.from({ length: 60 }, (_, i) => {
    const n = i + 1;
    const base = { id: `q${n}`, order: n, question: { en: `Question ${n}` }, exportLabel: `Q${n}` };
    if (n % 3 === 1)
      return {
        ...base,
        type: 'YES_NO',
        required: true,
        possibilities: [
          { id: `q${n}-yes`, possibility: { en: 'Yes' }, scoreValue: 1 },
          { id: `q${n}-no`, possibility: { en: 'No' }, scoreValue: 0 },
        ],
      };
    if (n % 3 === 2)
      return {
        ...base,
        type: 'TEXT_SENTENCE',
        maxLength: 200,
        showRules: [{ question: `q${n - 1}`, possibilities: [`q${n - 1}-yes`] }],
      };
    return { ...base, type: 'NUMBER', minValue: 0, maxValue: 99, hideFromSubjects: n === 3 };
  });
}

async function openLink(s: { study: { id: string }; link: string }): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${s.study.id}/token/validateToken`,
    payload: { token: s.link },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res) as string;
}

describe(`GET /api/public/studies/:studyId/tokens/:tokenString/getProcess on ${engine} (issue 16 item 5)`, () => {
  it('sends the form without defaults and staff-only settings, compressed, and the page reads all it needs', async () => {
    const s = await buildLinkStudy(t.app, admin, { formQuestions: [questions()] });
    const cookie = await openLink(s);
    const url = `/api/public/studies/${s.study.id}/tokens/${s.link}/getProcess`;

    const plain = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    const wire = plain.json();
    const wireForm = wire.forms[0].form;
    // On the wire: no setting at its default, no staff-only setting.
    for (const key of ['published', 'isUsedInProcess', 'fullyEditable', 'colorLabels', 'questions.0.canSkip'])
      expect(JSON.stringify(wireForm)).not.toContain(`"${key.split('.').pop()}":`);
    expect(wireForm.questions[0]).not.toHaveProperty('exportLabel');
    expect(wireForm.questions[2]).toMatchObject({ hideFromSubjects: true });
    // The stored document with its defaults is more than three times the form sent.
    const stored = FormTemplateDocumentSchema.parse({
      ...wireForm,
      questions: questions(),
    });
    expect(JSON.stringify(wireForm).length).toBeLessThan(JSON.stringify(stored).length / 3);

    // What the fill page gets from its parse (callPublic parses with the endpoint's schema).
    const process = PublicProcessSchema.parse(wire);
    expect(process).toMatchObject({
      studyId: s.study.id,
      tokenStatus: 'UNUSED',
      enrollmentId: s.enrollmentId,
      primaryLanguage: 'en',
      languages: ['en'],
      dataEvent: { forceFormOrder: expect.any(Boolean) },
    });
    const form = process.forms[0]?.form;
    expect(process.forms[0]).toMatchObject({ formId: s.formId, status: 'STATUS_NOT_STARTED', answers: [] });
    expect(form?.questions).toHaveLength(60);
    expect(form?.questions[0]).toMatchObject({
      id: 'q1',
      type: 'YES_NO',
      required: true,
      canSkip: false,
      visibleInPublic: true,
      possibilities: [
        { id: 'q1-yes', scoreValue: 1, reqForInclusion: false, showRules: [] },
        { id: 'q1-no', scoreValue: 0 },
      ],
    });
    expect(form?.questions[1]).toMatchObject({
      type: 'TEXT_SENTENCE',
      maxLength: 200,
      required: false,
      showRules: [{ question: 'q1', possibilities: ['q1-yes'] }],
    });
    expect(form?.questions[2]).toMatchObject({
      type: 'NUMBER',
      minValue: 0,
      maxValue: 99,
      hideFromSubjects: true,
    });

    // Compressed for a browser that accepts it, the same JSON inside.
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(JSON.parse(body.toString('utf8'))).toEqual(wire);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
  });
});

describe(`the answer opening a link brings the next page's data on ${engine} (issue 16)`, () => {
  const validate = (s: { study: { id: string }; link: string }, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/token/validateToken`,
      payload: { token: s.link },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const pageReads = (s: { study: { id: string }; link: string }, cookie: string) =>
    fillPageReads(t.app, s, cookie);

  it('equal to getProcess and fillState, with the answers saved so far when the link is opened again', async () => {
    const s = await buildLinkStudy(t.app, admin, { formQuestions: [questions()] });
    const first = await validate(s);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const opened = first.json();
    expect(opened.next).toBe('QUESTIONNAIRE_INDEX');
    expect(opened.consent).toBeNull();
    const cookie = cookieOf(first) as string;
    expect(opened.fill).toEqual(await pageReads(s, cookie));
    expect(opened.fill.process.forms[0]).toMatchObject({ formId: s.formId, answers: [] });

    // A draft saved, then the link opened again: the saved answer comes with it.
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/questionnaire`,
      headers: { cookie },
      payload: {
        token: s.link,
        formId: s.formId,
        answers: [{ question: 'q1', answerStrings: [], possibilities: ['q1-yes'] }],
        isFinal: false,
        idempotencyKey: 'fill-with-open-1',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await validate(s);
    expect(again.statusCode, again.body).toBe(200);
    const reopened = again.json();
    expect(reopened.fill).toEqual(await pageReads(s, cookieOf(again) as string));
    expect(reopened.fill.process.forms[0].answers).toEqual([
      expect.objectContaining({
        questionId: 'q1',
        value: expect.objectContaining({ possibilities: ['q1-yes'] }),
      }),
    ]);
  });

  it('the consent text instead when consent comes first: no session, no fill data', async () => {
    const s = await buildLinkStudy(t.app, admin);
    await setProcessSettings(t.app, s.study.id, s.process.id, { consentRequired: true });
    const res = await validate(s);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ next: 'CONSENT', fill: null });
    expect(cookieOf(res)).toBeNull();
    // It brings the consent page's text instead: getInfo's answer.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/public/study/${s.study.id}/${s.link}/getInfo`,
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(res.json().consent).toEqual(info.json());
    expect(res.json().consent).toMatchObject({ consentRequired: true, didAcceptConsent: false });

    // Consent given: its answer opens the session and brings the data.
    const consent = await t.app.inject({
      method: 'POST',
      url: `/api/public/study/${s.study.id}/consent`,
      payload: { token: s.link, consent: true, pathwayRecordId: s.enrollmentId },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    const given = consent.json();
    expect(given.next).not.toBe('CONSENT');
    expect(given.fill).toEqual(await pageReads(s, cookieOf(consent) as string));
    expect(given.consent).toBeNull();
  });
});
