// @module-tag concurrency
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { runCompiled } from '../../platform/db/prepared';
import { answers, questionnaires } from '../questionnaires/tables';
import { auditOf, buildLinkStudy, cookieOf, openEvent, tokenRowsOf } from './public-test-kit';
import { publicSubmissionInsert } from './repo';
import { keyReusedOf } from './service/submit';

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
  { id: 'a2', order: 2, type: 'TEXT_SENTENCE', question: { en: 'Anything else?' } },
  // Staff-only: required, but never asked of the participant.
  {
    id: 'a3',
    order: 3,
    type: 'TEXT_SENTENCE',
    required: true,
    hideFromSubjects: true,
    question: { en: 'Staff note' },
  },
];
const FORM_B = [{ id: 'b1', order: 1, type: 'NUMBER', required: true, question: { en: 'Pain 0-10' } }];

async function openLink(studyId: string, link: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/validateToken`,
    payload: { token: link },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res) as string;
}

/** A production study whose first event holds forms A and B in forced order, with the link opened. */
async function forcedOrderStudy() {
  const s = await buildLinkStudy(t.app, admin, {
    formQuestions: [FORM_A, FORM_B],
    events: (p, _f, ids) => [openEvent(p, { forms: ids, forceFormOrder: true })],
  });
  const cookie = await openLink(s.study.id, s.link);
  return { ...s, cookie };
}

function submit(studyId: string, cookie: string | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/questionnaire`,
    headers: cookie ? { cookie } : {},
    payload: { idempotencyKey: randomUUID(), isFinal: true, ...payload },
  });
}

const number = (question: string, value: string) => ({ question, answerStrings: [value] });

describe(`POST /api/public/studies/:studyId/questionnaire on ${engine}`, () => {
  it('saves a draft, submits forms in forced order and completes the token, audited by the link', async () => {
    const s = await forcedOrderStudy();
    const [formA, formB] = s.formIds as [string, string];
    const draft = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: formA,
      answers: [number('a1', '3')],
      isFinal: false,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      formId: formA,
      isFinal: false,
      status: 'IN_USE',
      isDone: false,
      nextFormId: formA,
      currentNumber: 0,
      total: 2,
    });
    // The staff-only required question does not hold the participant back.
    const first = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: formA,
      answers: [number('a1', '4'), { question: 'a2', answerStrings: ['fine'] }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      formStatus: 'STATUS_COMPLETED',
      status: 'IN_USE',
      nextFormId: formB,
      currentNumber: 1,
      isReplay: false,
    });
    const second = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: formB,
      answers: [number('b1', '7')],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'COMPLETED', isDone: true, nextFormId: null });

    const sets = await t.app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.studyId, s.study.id));
    expect(sets).toHaveLength(2);
    expect(
      sets.every((q) => q.filledOutByType === 'SUBJECT_TOKEN' && q.filledOutBy === s.tokens[0]?.id),
    ).toBe(true);
    const audit = await auditOf(t.app, s.study.id);
    const submitted = audit.filter((a) => a.action === 'QUESTIONNAIRE_SUBMITTED');
    expect(submitted).toHaveLength(2);
    expect(submitted.every((a) => a.actorType === 'SUBJECT_TOKEN')).toBe(true);

    // A completed link takes nothing more (spec 002 §8: 400, already filled).
    const again = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: formB,
      answers: [number('b1', '1')],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().context.messageKey).toBe('PUBLIC.QUESTIONNAIRE.ALREADY_FILL');
  });

  it('answers a retry with the same key once: one answer set, one audit event', async () => {
    const s = await forcedOrderStudy();
    const formA = s.formIds[0] as string;
    const payload = {
      token: s.link,
      formId: formA,
      answers: [number('a1', '5')],
      idempotencyKey: randomUUID(),
    };
    const [one, two] = await Promise.all([
      submit(s.study.id, s.cookie, payload),
      submit(s.study.id, s.cookie, payload),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(one.json().questionnaireId).toBe(two.json().questionnaireId);
    expect([one.json().isReplay, two.json().isReplay].sort()).toEqual([false, true]);
    const three = await submit(s.study.id, s.cookie, payload);
    expect(three.json()).toMatchObject({ questionnaireId: one.json().questionnaireId, isReplay: true });

    const sets = await t.app.database.db
      .select()
      .from(questionnaires)
      .where(and(eq(questionnaires.studyId, s.study.id), eq(questionnaires.formId, formA)));
    expect(sets).toHaveLength(1);
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.filter((a) => a.action === 'QUESTIONNAIRE_SUBMITTED')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'QUESTIONNAIRE_CREATED')).toHaveLength(1);

    // The same key with other answers is refused.
    const reused = await submit(s.study.id, s.cookie, { ...payload, answers: [number('a1', '6')] });
    expect(reused.statusCode).toBe(409);
  });

  it('answers a retried draft from its first call once a later draft changed the answers, and keeps the later answers', async () => {
    const s = await forcedOrderStudy();
    const formA = s.formIds[0] as string;
    const first = { token: s.link, formId: formA, isFinal: false, idempotencyKey: randomUUID() };
    const one = await submit(s.study.id, s.cookie, { ...first, answers: [number('a1', '1')] });
    expect(one.statusCode, one.body).toBe(200);
    const later = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: formA,
      isFinal: false,
      answers: [number('a1', '2')],
    });
    expect(later.statusCode, later.body).toBe(200);
    const formASet = async () => {
      const [set] = await t.app.database.db
        .select()
        .from(questionnaires)
        .where(and(eq(questionnaires.studyId, s.study.id), eq(questionnaires.formId, formA)));
      const rows = await t.app.database.db
        .select()
        .from(answers)
        .where(and(eq(answers.studyId, s.study.id), eq(answers.questionnaireId, set?.id ?? '')));
      return { version: set?.version, a1: rows.find((a) => a.questionId === 'a1')?.value };
    };
    const saved = await formASet();
    expect(saved.a1).toMatchObject({ answerStrings: ['2'] });
    const before = await auditOf(t.app, s.study.id);

    // The retry runs the save again; its key's insert fails, so nothing of it is kept.
    const retry = await submit(s.study.id, s.cookie, { ...first, answers: [number('a1', '1')] });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ questionnaireId: one.json().questionnaireId, isReplay: true });
    expect(await formASet()).toEqual(saved);
    expect(await auditOf(t.app, s.study.id)).toHaveLength(before.length);

    // Other answers under the first key are refused, and nothing is written either.
    const reused = await submit(s.study.id, s.cookie, { ...first, answers: [number('a1', '3')] });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ context: { reason: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await auditOf(t.app, s.study.id)).toHaveLength(before.length);
  });

  it('answers a key another call stored meanwhile as a reused key: the insert fails on the key’s index', async () => {
    // Under the enrollment lock this cannot happen through the API; the insert is run twice here to
    // get the engine's own error for the answer.
    const s = await forcedOrderStudy();
    const db = t.app.database.db;
    const row = {
      studyId: s.study.id,
      id: randomUUID(),
      tokenId: s.tokens[0]?.id ?? '',
      idempotencyKey: randomUUID(),
      questionnaireId: randomUUID(),
      fingerprint: 'f',
      result: {} as never,
      createdAt: now,
    };
    await runCompiled(db, publicSubmissionInsert(db, row));
    const error = await runCompiled(db, publicSubmissionInsert(db, { ...row, id: randomUUID() })).catch(
      (caught: unknown) => caught,
    );
    expect(keyReusedOf(error)).toMatchObject({
      type: 'CONFLICT',
      context: { reason: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(keyReusedOf(new Error('another failure'))).toBeNull();
  });

  it('rejects tampered answers with the contextual 400 and the question ids (spec 002 §8)', async () => {
    const s = await forcedOrderStudy();
    const formA = s.formIds[0] as string;
    const bad = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: formA,
      answers: [number('a1', 'not-a-number'), { question: 'zz', answerStrings: ['x'] }],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'VALIDATION', context: { isContextual: true } });
    expect(bad.json().context.questionIds.sort()).toEqual(['a1', 'zz']);
    // A final submit without the required answer names the question too.
    const missing = await submit(s.study.id, s.cookie, { token: s.link, formId: formA, answers: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().context.questionIds).toEqual(['a1']);
    // Nothing was written.
    const sets = await t.app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.studyId, s.study.id));
    expect(sets).toHaveLength(0);
  });

  it('refuses an answer to a question hidden from subjects', async () => {
    const s = await forcedOrderStudy();
    const res = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: s.formIds[0],
      answers: [number('a1', '2'), { question: 'a3', answerStrings: ['typed by the subject'] }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().context).toMatchObject({ isContextual: true, questionIds: ['a3'] });
    expect(res.json().context.issues[0].message).toBe('PUBLIC.VALIDATION.HIDDEN_QUESTION');
  });

  it('needs the session of this link: 401 without, 403 with another link of the study', async () => {
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [openEvent(p, { forms: [f] }), openEvent(`${p}x`, { forms: [f] })],
    });
    const [mine, sibling] = s.tokens;
    expect(sibling).toBeDefined();
    const payload = { token: mine?.token, formId: s.formId, answers: [number('q1', '1')] };
    expect((await submit(s.study.id, null, payload)).statusCode).toBe(401);
    const siblingCookie = await openLink(s.study.id, sibling?.token as string);
    const res = await submit(s.study.id, siblingCookie, payload);
    expect(res.statusCode, res.body).toBe(403);
    // A session of another study is no session here.
    const other = await buildLinkStudy(t.app, admin);
    const otherCookie = await openLink(other.study.id, other.link);
    expect((await submit(s.study.id, otherCookie, payload)).statusCode).toBe(401);
  });

  it('checks the session before anything else: a retry without the link’s session is refused, not answered from its stored result', async () => {
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [openEvent(p, { forms: [f] }), openEvent(`${p}x`, { forms: [f] })],
    });
    const [mine, sibling] = s.tokens;
    const cookie = await openLink(s.study.id, mine?.token as string);
    const payload = {
      token: mine?.token,
      formId: s.formId,
      answers: [number('q1', '1')],
      idempotencyKey: randomUUID(),
    };
    const first = await submit(s.study.id, cookie, payload);
    expect(first.statusCode, first.body).toBe(200);
    const before = await auditOf(t.app, s.study.id);
    // The same call again, with no session, an unknown one, and another link's: refused, nothing written.
    expect((await submit(s.study.id, null, payload)).statusCode).toBe(401);
    expect((await submit(s.study.id, 'tb_participant=not-a-session', payload)).statusCode).toBe(401);
    const siblingCookie = await openLink(s.study.id, sibling?.token as string);
    const other = await submit(s.study.id, siblingCookie, payload);
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json()).not.toHaveProperty('isReplay');
    const opened = 1; // the sibling link's opening
    expect(await auditOf(t.app, s.study.id)).toHaveLength(before.length + opened);
    // With the session, the retry is answered from the stored result.
    const retry = await submit(s.study.id, cookie, payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ isReplay: true, questionnaireId: first.json().questionnaireId });
  });

  it('refuses a staff (HP) visit filled through its link', async () => {
    const s = await buildLinkStudy(t.app, admin, {
      events: (p, f) => [openEvent(p, { type: 'TYPE_USER', forms: [f] })],
    });
    const rows = await tokenRowsOf(t.app, s.study.id, s.enrollmentId);
    expect(rows[0]?.type).toBe('HP');
    const cookie = await openLink(s.study.id, s.link);
    const res = await submit(s.study.id, cookie, {
      token: s.link,
      formId: s.formId,
      answers: [number('q1', '1')],
    });
    expect(res.statusCode, res.body).toBe(403);
  });
});

describe(`POST /api/public/studies/:studyId/token/:token/back on ${engine}`, () => {
  it('steps back one form, keeps the answers, and refuses at the first form', async () => {
    const s = await forcedOrderStudy();
    const [formA] = s.formIds as [string, string];
    const url = `/api/public/studies/${s.study.id}/token/${s.link}/back`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const atFirst = await t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie } });
    expect(atFirst.statusCode).toBe(409);
    await submit(s.study.id, s.cookie, { token: s.link, formId: formA, answers: [number('a1', '4')] });
    const back = await t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ currentNumber: 0, currentForm: formA, total: 2 });
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.find((a) => a.action === 'TOKEN_BACK')?.actorType).toBe('SUBJECT_TOKEN');
    // Form A was completed: going back shows it, it cannot be submitted twice.
    const again = await submit(s.study.id, s.cookie, {
      token: s.link,
      formId: formA,
      answers: [number('a1', '9')],
    });
    expect(again.statusCode).toBe(400);
  });
});
