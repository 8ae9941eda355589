import {
  EXTENDED_VALIDATION_HEADER,
  EXTERNAL_DATA_MESSAGES,
  type FormTemplateDocumentInput,
} from '@trialbase/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  DEFAULT_PASSWORD,
  grantAccess,
  setStudySchedule,
} from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { processes } from '../processes/tables';
import { answers, questionnaires } from '../questionnaires/tables';
import { validationRules } from '../rules/tables';
import { studies } from '../studies/tables';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

/** A lab form: haemoglobin (required, 0–25, decimals), a comment and a yes/no "fasting". */
const LAB_FORM = (id: string): FormTemplateDocumentInput => ({
  id,
  title: { en: 'Lab' },
  type: 'TYPE_FORM',
  questions: [
    {
      id: 'hb',
      order: 1,
      type: 'NUMBER',
      question: { en: 'Haemoglobin' },
      required: true,
      floatingNumber: true,
      minValue: 0,
      maxValue: 25,
      // A BLOCK rule as the fill applies it: at most 20.
      validationRules: [
        {
          id: 'r-hb',
          leftOperant: { type: 'QUESTION', form: id, question: 'hb' },
          operator: 'lte',
          rightOperant: { type: 'CONST_VAL', value: 20 },
          action: { type: 'BLOCK', message: { en: 'At most {limit}', ar: 'لا يزيد على {limit}' } },
        },
      ],
    },
    { id: 'note', order: 2, type: 'TEXT_SENTENCE', question: { en: 'Note' } },
    {
      id: 'fasting',
      order: 3,
      type: 'YES_NO',
      question: { en: 'Fasting' },
      possibilities: [
        { id: 'y', possibility: { en: 'Yes' }, order: 1 },
        { id: 'n', possibility: { en: 'No' }, order: 2 },
      ],
    },
  ],
});

const MAPPING = {
  subjectIdColumn: 'Patient',
  eventDateColumn: 'Drawn',
  questions: { hb: 'Hb', note: 'Note', fasting: 'Fasting' },
};

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

/** A production study, two sites, a process with the external event on the lab form, three enrolled subjects. */
async function setUp() {
  const study = await buildStudy(t.app, { modules: ['EXTERNAL_DATA'] });
  const site1 = await buildSite(t.app, study.id);
  const site2 = await buildSite(t.app, study.id);
  const now = new Date();
  const formId = newId(now);
  await t.app.database.db.insert(formTemplates).values({
    studyId: study.id,
    id: formId,
    name: 'Lab',
    type: 'TYPE_FORM',
    document: LAB_FORM(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const prefix = `ed${formId.slice(-8)}`;
  const process = await buildProcess(t.app, {
    studyId: study.id,
    dataEvents: [{ id: `${prefix}-e1`, type: 'TYPE_USER', forms: [formId], referenceDate: 'REGISTRATION' }],
  });
  const [row] = await t.app.database.db
    .select()
    .from(processes)
    .where(and(eq(processes.studyId, study.id), eq(processes.id, process.id)));
  const externalEventId = `${prefix}-external`;
  await t.app.database.db
    .update(processes)
    .set({
      document: {
        ...(row?.document ?? {}),
        externalDE: true,
        externalDataEvent: { id: externalEventId, selectedQts: [formId], selectedOptionalQts: [] },
      },
    })
    .where(and(eq(processes.studyId, study.id), eq(processes.id, process.id)));
  await setStudySchedule(t.app, study.id, { status: 'PRODUCTION' });
  const subjects = [];
  for (const [patientId, site] of [
    [`A-${prefix}`, site1],
    [`B-${prefix}`, site1],
    [`C-${prefix}`, site2],
  ] as const) {
    const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id, patientId });
    const res = await call('POST', `/studies/${study.id}/enrollments`, admin.headers, {
      subjectId: subject.id,
      siteId: site.id,
      processId: process.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    subjects.push({ ...subject, enrollmentId: res.json<{ id: string }[]>()[0]?.id ?? '' });
  }
  const [a, b, c] = subjects as [(typeof subjects)[0], (typeof subjects)[0], (typeof subjects)[0]];
  const request = (csv: string, siteId = site1.id) => ({
    siteId,
    processId: process.id,
    formId,
    mapping: MAPPING,
    csv,
  });
  return { study, site1, site2, formId, process, externalEventId, a, b, c, request };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

async function externalTokens(s: Setup) {
  return t.app.database.db
    .select()
    .from(tokens)
    .where(and(eq(tokens.studyId, s.study.id), eq(tokens.type, 'EXTERNAL')));
}

async function importedDates(s: Setup, siteId = s.site1.id, headers = admin.headers) {
  return call('GET', `/study/${s.study.id}/site/${siteId}/token/unscheduled/getImportedDates`, headers);
}

describe(`POST /api/studies/:studyId/externalData/preview and /import (${engine})`, () => {
  it('imports every row as an external event with its submitted form and the exact answers', async () => {
    const s = await setUp();
    const csv = `Patient;Drawn;Hb;Note;Fasting\n${s.a.patientId};2026-03-01;13,5;after lunch;No\n${s.b.patientId};2026-03-02;9.8;;yes\n`;
    const choices = await call('GET', `/studies/${s.study.id}/externalData/choices`, admin.headers);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json()).toMatchObject({
      isProduction: true,
      events: [{ processId: s.process.id, dataEventId: s.externalEventId, forms: [{ formId: s.formId }] }],
    });

    const preview = await call(
      'POST',
      `/studies/${s.study.id}/externalData/preview`,
      admin.headers,
      s.request(csv),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      ok: true,
      header: ['Patient', 'Drawn', 'Hb', 'Note', 'Fasting'],
      rowCount: 2,
      issues: [],
    });
    expect(await externalTokens(s)).toHaveLength(0);

    const done = await call(
      'POST',
      `/studies/${s.study.id}/externalData/import`,
      admin.headers,
      s.request(csv),
    );
    expect(done.statusCode, done.body).toBe(201);
    const result = done.json();
    expect(result.rowCount).toBe(2);
    expect(result.rows.map((r: { line: number; patientId: string }) => [r.line, r.patientId])).toEqual([
      [2, s.a.patientId],
      [3, s.b.patientId],
    ]);
    const rows = await t.app.database.db
      .select({
        questionnaireId: answers.questionnaireId,
        questionId: answers.questionId,
        value: answers.value,
      })
      .from(answers)
      .where(
        and(
          eq(answers.studyId, s.study.id),
          inArray(
            answers.questionnaireId,
            result.rows.map((r: { questionnaireId: string }) => r.questionnaireId),
          ),
        ),
      );
    const storedAnswer = (line: number, questionId: string) => {
      const id = result.rows.find((r: { line: number }) => r.line === line).questionnaireId;
      return rows.find((r) => r.questionnaireId === id && r.questionId === questionId)?.value ?? null;
    };
    expect(storedAnswer(2, 'hb')).toMatchObject({ answerStrings: ['13,5'] });
    expect(storedAnswer(2, 'note')).toMatchObject({ answerStrings: ['after lunch'] });
    expect(storedAnswer(2, 'fasting')).toMatchObject({ possibilities: ['n'] });
    expect(storedAnswer(3, 'hb')).toMatchObject({ answerStrings: ['9.8'] });
    expect(storedAnswer(3, 'fasting')).toMatchObject({ possibilities: ['y'] });
    const sets = await t.app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.studyId, s.study.id));
    expect(sets.map((q) => [q.formId, q.dataEventId, q.completedAt !== null])).toEqual([
      [s.formId, s.externalEventId, true],
      [s.formId, s.externalEventId, true],
    ]);
    const created = await externalTokens(s);
    expect(created.map((tk) => [tk.status, (tk.details as { importId?: string }).importId])).toEqual([
      ['COMPLETED', result.importId],
      ['COMPLETED', result.importId],
    ]);

    const dates = await importedDates(s);
    expect(dates.statusCode, dates.body).toBe(200);
    expect(dates.json()).toEqual([
      expect.objectContaining({
        subjectId: s.a.id,
        type: 'TYPE_EXTERNAL',
        date: '2026-03-01T12:00:00.000Z',
        importId: result.importId,
      }),
      expect.objectContaining({
        subjectId: s.b.id,
        type: 'TYPE_EXTERNAL',
        date: '2026-03-02T12:00:00.000Z',
        importId: result.importId,
      }),
    ]);
    const audit = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, s.study.id), eq(auditEvents.action, 'EXTERNAL_DATA_IMPORTED')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.entityId).toBe(result.importId);
  });

  it('refuses the whole file when one row is bad, naming its line and column; the fixed file imports', async () => {
    const s = await setUp();
    const bad = `Patient,Drawn,Hb,Note,Fasting\n${s.a.patientId},2026-03-01,12.1,,\n${s.b.patientId},2026-03-02,99,,maybe\nNOBODY,2026-03-03,10,,\n${s.a.patientId},2026-03-04,,,\n${s.b.patientId},2026-03-05,22,,\n`;
    const preview = await call(
      'POST',
      `/studies/${s.study.id}/externalData/preview`,
      admin.headers,
      s.request(bad),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.ok).toBe(false);
    expect(
      body.issues.map((i: { line: number; column: string; message: string }) => [
        i.line,
        i.column,
        i.message,
      ]),
    ).toEqual([
      [3, 'Hb', 'PUBLIC.VALIDATION.MIN_MAX_MESSAGE'],
      [3, 'Fasting', 'PUBLIC.VALIDATION.VALID'],
      [4, 'Patient', EXTERNAL_DATA_MESSAGES.UNKNOWN_SUBJECT],
      [5, 'Hb', 'PUBLIC.VALIDATION.REQUIRED'],
      [6, 'Hb', 'VALIDATION_RULE_VIOLATION'],
    ]);
    // The BLOCK rule's own text, in every language the author wrote, its limit filled in; other issues have none.
    expect(body.issues.at(-1).ruleMessage).toEqual({ en: 'At most 20', ar: 'لا يزيد على 20' });
    expect(
      body.issues.slice(0, -1).every((i: { ruleMessage?: unknown }) => i.ruleMessage === undefined),
    ).toBe(true);
    const refused = await call(
      'POST',
      `/studies/${s.study.id}/externalData/import`,
      admin.headers,
      s.request(bad),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().context.rowIssues).toEqual(body.issues);
    expect(await externalTokens(s)).toHaveLength(0);
    expect((await importedDates(s)).json()).toEqual([]);

    const fixed = `Patient,Drawn,Hb,Note,Fasting\n${s.a.patientId},2026-03-01,12.1,,\n${s.b.patientId},2026-03-02,9,,no\n`;
    const done = await call(
      'POST',
      `/studies/${s.study.id}/externalData/import`,
      admin.headers,
      s.request(fixed),
    );
    expect(done.statusCode, done.body).toBe(201);
    expect((await importedDates(s)).json()).toHaveLength(2);
  });

  it("shows a stand-alone BLOCK rule's own message too, in the languages its author wrote", async () => {
    const s = await setUp();
    // Rules are not changed in production through the API: the rule as the rules page would have stored it.
    const now = new Date();
    await t.app.database.db.insert(validationRules).values({
      studyId: s.study.id,
      id: newId(now),
      processId: null,
      dataEventId: null,
      formId: s.formId,
      questionId: 'hb',
      document: {
        leftOperant: { form: s.formId, question: 'hb', type: 'QUESTION' },
        rightOperant: { form: s.formId, question: 'hb', type: 'CONST_VAL', value: '15' },
        operator: 'lte',
        action: {
          type: 'BLOCK',
          message: { en: 'Hb over {limit}: repeat the draw', da: 'Hb over {limit}: gentag prøven' },
        },
      },
      createdBy: 'factory',
      createdAt: now,
      updatedAt: now,
    });
    const preview = await call(
      'POST',
      `/studies/${s.study.id}/externalData/preview`,
      admin.headers,
      s.request(`Patient,Drawn,Hb,Note,Fasting\n${s.a.patientId},2026-03-01,17,,\n`),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().issues).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'Hb',
        message: 'VALIDATION_RULE_VIOLATION',
        ruleMessage: { en: 'Hb over 15: repeat the draw', da: 'Hb over 15: gentag prøven' },
      }),
    ]);
  });

  it('keeps a site-limited user to the subjects of the chosen site, and to their own sites', async () => {
    const s = await setUp();
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId: s.study.id, user, role: 'ADMIN', siteIds: [s.site1.id] });
    const limited = await loginAs(t.app, user.email, DEFAULT_PASSWORD);
    const csv = `Patient,Drawn,Hb\n${s.a.patientId},2026-03-01,12\n${s.c.patientId},2026-03-01,12\n`;
    const mapping = { ...MAPPING, questions: { hb: 'Hb' } };
    const preview = await call('POST', `/studies/${s.study.id}/externalData/preview`, limited.headers, {
      ...s.request(csv),
      mapping,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().issues).toEqual([
      expect.objectContaining({ line: 3, column: 'Patient', message: EXTERNAL_DATA_MESSAGES.OTHER_SITE }),
    ]);
    const otherSite = await call('POST', `/studies/${s.study.id}/externalData/import`, limited.headers, {
      ...s.request(csv, s.site2.id),
      mapping,
    });
    expect(otherSite.statusCode).toBe(403);
    expect((await importedDates(s, s.site2.id, limited.headers)).statusCode).toBe(403);
    const doctor = await buildUser(t.app);
    await grantAccess(t.app, { studyId: s.study.id, user: doctor, role: 'DOCTOR' });
    const doctorSession = await loginAs(t.app, doctor.email, DEFAULT_PASSWORD);
    const noPermission = await call(
      'POST',
      `/studies/${s.study.id}/externalData/preview`,
      doctorSession.headers,
      {
        ...s.request(csv),
        mapping,
      },
    );
    expect(noPermission.statusCode).toBe(403);
  });
});

describe(`DELETE /api/studies/:studyId/externalData/imports/:importId (${engine})`, () => {
  it('imports only in production; deletes only in production, with the password and a reason, audited', async () => {
    const s = await setUp();
    const csv = `Patient,Drawn,Hb\n${s.a.patientId},2026-03-01,12\n`;
    const request = { ...s.request(csv), mapping: { ...MAPPING, questions: { hb: 'Hb' } } };
    await setStudySchedule(t.app, s.study.id, { status: 'TEST' });
    const notYet = await call('POST', `/studies/${s.study.id}/externalData/import`, admin.headers, request);
    expect(notYet.statusCode, notYet.body).toBe(409);
    expect(notYet.json().id).toBe('STUDY_STATUS_MISMATCH');
    await setStudySchedule(t.app, s.study.id, { status: 'PRODUCTION' });
    const done = await call('POST', `/studies/${s.study.id}/externalData/import`, admin.headers, request);
    expect(done.statusCode, done.body).toBe(201);
    const { importId } = done.json();
    const url = `/studies/${s.study.id}/externalData/imports/${importId}?reason=${encodeURIComponent('Wrong lab file')}`;
    const signed = { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) };

    await setStudySchedule(t.app, s.study.id, { status: 'TEST' });
    const outside = await call('DELETE', url, signed);
    expect(outside.statusCode, outside.body).toBe(409);
    expect(outside.json().id).toBe('STUDY_STATUS_MISMATCH');
    await setStudySchedule(t.app, s.study.id, { status: 'PRODUCTION' });

    const unsigned = await call('DELETE', url, admin.headers);
    expect(unsigned.json().type).toBe('EXTENDED_VALIDATION');
    const noReason = await call('DELETE', `/studies/${s.study.id}/externalData/imports/${importId}`, signed);
    expect(noReason.statusCode).toBe(400);
    expect((await importedDates(s)).json()).toHaveLength(1);

    const deleted = await call('DELETE', url, signed);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await importedDates(s)).json()).toEqual([]);
    expect((await externalTokens(s)).map((tk) => tk.removedAt !== null)).toEqual([true]);
    const again = await call('DELETE', url, signed);
    expect(again.statusCode).toBe(404);
    const [audit] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, s.study.id), eq(auditEvents.action, 'EXTERNAL_DATA_DELETED')));
    expect(audit).toMatchObject({ entityId: importId, reason: 'Wrong lab file' });
  });
});

describe(`the EXTERNAL_DATA module (${engine})`, () => {
  it('answers 409 on every external-data route in a study without the module (spec 000 §6 paid modules)', async () => {
    const s = await setUp();
    const csv = `Patient,Drawn,Hb\n${s.a.patientId},2026-03-01,12\n`;
    const request = { ...s.request(csv), mapping: { ...MAPPING, questions: { hb: 'Hb' } } };
    const done = await call('POST', `/studies/${s.study.id}/externalData/import`, admin.headers, request);
    expect(done.statusCode, done.body).toBe(201);
    const { importId } = done.json();
    await t.app.database.db.update(studies).set({ modules: [] }).where(eq(studies.id, s.study.id));

    const signed = { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) };
    const base = `/studies/${s.study.id}/externalData`;
    const refused = [
      await call('GET', `${base}/choices`, admin.headers),
      await call('POST', `${base}/preview`, admin.headers, request),
      await call('POST', `${base}/import`, admin.headers, request),
      await call('DELETE', `${base}/imports/${importId}?reason=${encodeURIComponent('Wrong file')}`, signed),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ type: 'PRECONDITION', context: { module: 'EXTERNAL_DATA' } });
    }
    // Nothing was imported or deleted: the one import of the study is still there.
    expect((await externalTokens(s)).map((tk) => tk.removedAt)).toEqual([null]);
  });
});
