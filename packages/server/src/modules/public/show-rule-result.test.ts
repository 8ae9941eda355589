import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { buildLinkStudy, cookieOf } from './public-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const QUESTIONS = [
  {
    id: 'q1',
    order: 1,
    type: 'YES_NO',
    question: { en: 'Any pain?' },
    possibilities: [
      { id: 'p-yes', order: 1, possibility: { en: 'Yes' } },
      { id: 'p-no', order: 2, possibility: { en: 'No' } },
    ],
  },
  {
    id: 'q2',
    order: 2,
    type: 'TEXT_SENTENCE',
    question: { en: 'Where?' },
    showRules: [{ question: 'q1', possibilities: ['p-yes'] }],
  },
];

async function openLink(studyId: string, link: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/validateToken`,
    payload: { token: link },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res) as string;
}

describe(`GET /api/public/studies/:studyId/tokens/:tokenStringOrId/referenceShowRules/... on ${engine}`, () => {
  it("answers what show rules hide in the participant's own forms, by link or token id, with the session only", async () => {
    const s = await buildLinkStudy(t.app, admin, { formQuestions: [QUESTIONS] });
    const tokenId = s.tokens[0]?.id as string;
    const path = (key: string) =>
      `/api/public/studies/${s.study.id}/tokens/${key}/referenceShowRules/constructShowRuleResultForSubjectBasedCriteria`;
    expect((await t.app.inject({ method: 'GET', url: path(s.link) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: path(tokenId) })).statusCode).toBe(401);

    const cookie = await openLink(s.study.id, s.link);
    const before = await t.app.inject({ method: 'GET', url: path(s.link), headers: { cookie } });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ tokenId, forms: [{ formId: s.formId, hiddenQuestions: ['q2'] }] });

    // After the participant answers "Yes" (a draft), the question shows.
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/questionnaire`,
      headers: { cookie },
      payload: {
        idempotencyKey: randomUUID(),
        isFinal: false,
        token: s.link,
        formId: s.formId,
        answers: [{ question: 'q1', possibilities: ['p-yes'] }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: path(tokenId), headers: { cookie } });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().forms[0].hiddenQuestions).toEqual([]);

    // Another link of another subject in the study cannot read this one.
    const other = await buildLinkStudy(t.app, admin, { formQuestions: [QUESTIONS] });
    const otherCookie = await openLink(other.study.id, other.link);
    expect(
      (await t.app.inject({ method: 'GET', url: path(tokenId), headers: { cookie: otherCookie } }))
        .statusCode,
    ).toBe(401);
  });
});
