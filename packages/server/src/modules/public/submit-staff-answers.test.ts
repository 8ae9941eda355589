import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { answers, questionnaires } from '../questionnaires/tables';
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

/**
 * Every row write on the answer and answer set tables, logged by a trigger in the test database, so a
 * test sees writes that leave a row as it was (an emptied-then-restored answer, a second set update).
 */
async function logRowWrites() {
  const db = t.app.database.db;
  await db.execute(
    sql`create table if not exists test_row_write (tbl text not null, row_id text not null, op text not null)`,
  );
  await db.execute(sql`create or replace function test_log_row_write() returns trigger language plpgsql as $$
    begin insert into test_row_write values (tg_table_name, new.id, tg_op); return new; end $$`);
  await db.execute(sql`drop trigger if exists test_answer_write on answer`);
  await db.execute(
    sql`create trigger test_answer_write after insert or update on answer for each row execute function test_log_row_write()`,
  );
  await db.execute(sql`drop trigger if exists test_questionnaire_write on questionnaire`);
  await db.execute(
    sql`create trigger test_questionnaire_write after insert or update on questionnaire for each row execute function test_log_row_write()`,
  );
  return {
    async take(): Promise<{ tbl: string; row_id: string; op: string }[]> {
      const result = await db.execute(sql`delete from test_row_write returning tbl, row_id, op`);
      return (result as unknown as { rows: { tbl: string; row_id: string; op: string }[] }).rows;
    },
    async stop() {
      await db.execute(sql`drop trigger if exists test_answer_write on answer`);
      await db.execute(sql`drop trigger if exists test_questionnaire_write on questionnaire`);
    },
  };
}

describe(`POST /api/public/studies/:studyId/questionnaire keeps staff answers on ${engine}`, () => {
  it('a participant save never writes the staff-only answer rows and writes the answer set once (issue 14 item 1)', async () => {
    const s = await setUp();
    const formA = s.formIds[0] as string;
    const tokenId = s.tokens[0]?.id as string;
    const staff = await t.app.inject({
      method: 'POST',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${tokenId}/questionnaires`,
      headers: admin.headers,
      payload: {
        formId: formA,
        isFinal: false,
        answers: [{ question: 'a2', answerStrings: ['seen at the clinic'] }],
      },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const questionnaireId = staff.json().answerSet.id as string;
    const rowsOf = () =>
      t.app.database.db.select().from(answers).where(eq(answers.questionnaireId, questionnaireId));
    const [staffRow] = await rowsOf();
    expect(staffRow?.questionId).toBe('a2');

    const writes = await logRowWrites();
    try {
      const draft = await submit(s, { formId: formA, answers: [{ question: 'a1', answerStrings: ['3'] }] });
      expect(draft.statusCode, draft.body).toBe(200);
      const a1 = (await rowsOf()).find((r) => r.questionId === 'a1');
      expect(await writes.take()).toEqual(
        expect.arrayContaining([
          { tbl: 'answer', row_id: a1?.id, op: 'INSERT' },
          { tbl: 'questionnaire', row_id: questionnaireId, op: 'UPDATE' },
        ]),
      );
      const final = await submit(s, {
        formId: formA,
        isFinal: true,
        answers: [{ question: 'a1', answerStrings: ['4'] }],
      });
      expect(final.statusCode, final.body).toBe(200);
      // Exactly one write of the set and one of the changed answer: the staff answer is not touched.
      expect(await writes.take()).toEqual([
        { tbl: 'answer', row_id: a1?.id, op: 'UPDATE' },
        { tbl: 'questionnaire', row_id: questionnaireId, op: 'UPDATE' },
      ]);
    } finally {
      await writes.stop();
    }
    const after = (await rowsOf()).find((r) => r.questionId === 'a2');
    expect(after).toEqual(staffRow);
    const [set] = await t.app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.id, questionnaireId));
    // Staff save (version 1), participant draft (2) and submit (3): one version per save.
    expect(set?.version).toBe(3);
  });

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
