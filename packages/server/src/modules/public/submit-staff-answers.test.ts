import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { answers } from '../questionnaires/tables';
import { auditOf, buildLinkStudy, cookieOf, openEvent } from './public-test-kit';

const now = new Date('2026-05-04T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const FORM_A = [
  { id: 'a1', order: 1, type: 'NUMBER', required: true, question: { en: 'How many?' } },
  { id: 'a2', order: 2, type: 'TEXT_SENTENCE', hideFromSubjects: true, question: { en: 'Staff note' } },
];
const FORM_B = [{ id: 'b1', order: 1, type: 'NUMBER', required: true, question: { en: 'Pain 0-10' } }];

async function setUp() {
  const s = await buildLinkStudy(t.app, admin, {
    formQuestions: [FORM_A, FORM_B],
    events: (p, _f, ids) => [openEvent(p, { forms: ids, forceFormOrder: true })],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${s.study.id}/token/validateToken`,
    payload: { token: s.link },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, cookie: cookieOf(res) as string };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

function submit(s: Setup, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${s.study.id}/questionnaire`,
    headers: { cookie: s.cookie },
    payload: { idempotencyKey: randomUUID(), isFinal: false, token: s.link, ...payload },
  });
}

async function savedAnswers(questionnaireId: string) {
  const rows = await t.app.database.db
    .select()
    .from(answers)
    .where(eq(answers.questionnaireId, questionnaireId));
  return Object.fromEntries(rows.map((r) => [r.questionId, r.value]));
}

describe(`POST /api/public/studies/:studyId/questionnaire keeps staff answers on ${engine}`, () => {
  it('a participant save leaves the answers of questions hidden from subjects as staff entered them', async () => {
    const s = await setUp();
    const formA = s.formIds[0] as string;
    const tokenId = s.tokens[0]?.id as string;
    const staffBase = `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${tokenId}`;
    const staff = await t.app.inject({
      method: 'POST',
      url: `${staffBase}/questionnaires`,
      headers: admin.headers,
      payload: {
        formId: formA,
        isFinal: false,
        answers: [{ question: 'a2', answerStrings: ['seen at the clinic'] }],
      },
    });
    expect(staff.statusCode, staff.body).toBe(200);

    const draft = await submit(s, { formId: formA, answers: [{ question: 'a1', answerStrings: ['3'] }] });
    expect(draft.statusCode, draft.body).toBe(200);
    const questionnaireId = draft.json().questionnaireId as string;
    expect(await savedAnswers(questionnaireId)).toMatchObject({
      a1: { answerStrings: ['3'] },
      a2: { answerStrings: ['seen at the clinic'] },
    });
    const final = await submit(s, {
      formId: formA,
      isFinal: true,
      answers: [{ question: 'a1', answerStrings: ['4'] }],
    });
    expect(final.statusCode, final.body).toBe(200);
    expect(await savedAnswers(questionnaireId)).toMatchObject({
      a1: { answerStrings: ['4'] },
      a2: { answerStrings: ['seen at the clinic'] },
    });
    // The participant's audit events do not claim the staff answer was cleared.
    const audit = await auditOf(t.app, s.study.id);
    const participantSaves = audit.filter(
      (a) => a.actorType === 'SUBJECT_TOKEN' && a.action.startsWith('QUESTIONNAIRE_S'),
    );
    expect(participantSaves.length).toBe(2);
    for (const event of participantSaves) {
      expect(Object.keys((event.after as { answers: object }).answers)).not.toContain('a2');
    }
  });

  it('continues past a completed form after Back with an empty final submit, and refuses changed answers', async () => {
    const s = await setUp();
    const [formA, formB] = s.formIds as [string, string];
    const fillState = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/studies/${s.study.id}/token/${s.link}/fillState`,
        headers: { cookie: s.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // A complete draft is not a submitted form.
    await submit(s, { formId: formA, answers: [{ question: 'a1', answerStrings: ['4'] }] });
    expect(await fillState()).toMatchObject({ currentForm: formA, completedFormIds: [], total: 2 });
    const first = await submit(s, {
      formId: formA,
      isFinal: true,
      answers: [{ question: 'a1', answerStrings: ['4'] }],
    });
    expect(first.json()).toMatchObject({ nextFormId: formB, currentNumber: 1 });
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${s.study.id}/token/${s.link}/back`,
      headers: { cookie: s.cookie },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await fillState()).toMatchObject({
      currentForm: formA,
      currentNumber: 0,
      completedFormIds: [formA],
    });
    const changed = await submit(s, {
      formId: formA,
      isFinal: true,
      answers: [{ question: 'a1', answerStrings: ['9'] }],
    });
    expect(changed.statusCode).toBe(400);
    const again = await submit(s, { formId: formA, isFinal: true, answers: [] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ formId: formA, nextFormId: formB, currentNumber: 1, isDone: false });
    expect(await savedAnswers(first.json().questionnaireId)).toMatchObject({ a1: { answerStrings: ['4'] } });
    // The step forward is audited, as the step back is.
    const moves = (await auditOf(t.app, s.study.id)).filter((a) => a.action.startsWith('TOKEN_'));
    expect(moves.map((a) => a.action).filter((a) => a === 'TOKEN_BACK' || a === 'TOKEN_FORWARD')).toEqual([
      'TOKEN_BACK',
      'TOKEN_FORWARD',
    ]);
    expect(moves.find((a) => a.action === 'TOKEN_FORWARD')?.after).toEqual({ formIndex: 1, formId: formB });
    // Not the current form any more: the same empty submit is now "already filled".
    const late = await submit(s, { formId: formA, isFinal: true, answers: [] });
    expect(late.statusCode).toBe(400);
    const last = await submit(s, {
      formId: formB,
      isFinal: true,
      answers: [{ question: 'b1', answerStrings: ['2'] }],
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ isDone: true, status: 'COMPLETED' });
  });
});
