import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { countStatements } from '../../../test/statement-counter';
import { rulesKit } from '../rules/rules-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());
const { member, call, question, buildForm, setQuestions } = rulesKit(() => t);

const checkUrl = (studyId: string) => `/api/study/${studyId}/buildCheck`;

/** A study with one form and a process whose one subject event uses it. */
async function designedStudy() {
  const study = await buildStudy(t.app);
  const form = await buildForm(study.id);
  const res = await call('POST', `/api/studies/${study.id}/pathway`, admin, {
    pathwayName: 'Main',
    dataEvents: [{ name: { en: 'Baseline' }, type: 'TYPE_USER', forms: [form.id] }],
  });
  expect(res.statusCode).toBe(201);
  return { study, form, process: res.json() as { id: string; dataEvents: { id: string }[] } };
}

describe(`GET /api/study/:studyId/buildCheck on ${engine}`, () => {
  it('answers a clean study with no diagnostics for a designer', async () => {
    const { study } = await designedStudy();
    const helper = await member(study.id, 'STUDY_HELPER');
    const res = await call('GET', checkUrl(study.id), helper);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ diagnostics: [], errorCount: 0, warningCount: 0, isBlocking: false });
  });

  it('reports a show rule on a removed possibility with its link, and drops it once the form is fixed', async () => {
    const { study, form } = await designedStudy();
    const yesNo = question('q-yesno', 2, 'YES_NO', {
      possibilities: [
        { id: 'p-yes', possibility: { en: 'Yes' } },
        { id: 'p-no', possibility: { en: 'No' } },
      ],
    });
    const broken = [
      question('q-number', 1, 'NUMBER'),
      yesNo,
      question('q-date', 3, 'DATE', { showRules: [{ question: 'q-yesno', possibilities: ['p-maybe'] }] }),
    ];
    await setQuestions(study.id, form, broken);
    const res = await call('GET', checkUrl(study.id), admin);
    expect(res.json()).toMatchObject({
      errorCount: 1,
      isBlocking: true,
      diagnostics: [
        {
          code: 'SHOW_RULE_NEVER_SATISFIED',
          severity: 'ERROR',
          messageKey: 'BUILD_CHECK.CODES.SHOW_RULE_NEVER_SATISFIED',
          params: { reason: 'POSSIBILITY_NOT_FOUND', question: 'Q3' },
          target: { screen: 'FORM', formId: form.id, questionId: 'q-date' },
        },
      ],
    });
    await setQuestions(study.id, form, [
      broken[0]!,
      yesNo,
      question('q-date', 3, 'DATE', { showRules: [{ question: 'q-yesno', possibilities: ['p-yes'] }] }),
    ]);
    expect((await call('GET', checkUrl(study.id), admin)).json().diagnostics).toEqual([]);
  });

  it('reads processes, rules and settings: a reference show rule placed in an event without its form, an empty process, a send-out without contact field', async () => {
    const { study, form, process } = await designedStudy();
    const other = await buildForm(study.id);
    const rule = await call('POST', `/api/studies/${study.id}/showRules`, admin, {
      processId: process.id,
      dataEventId: process.dataEvents[0]!.id,
      formId: form.id,
      target: { question: 'q-date' },
      question: 'q-yesno',
      possibilities: ['p-yes'],
    });
    expect(rule.statusCode).toBe(201);
    const empty = await call('POST', `/api/studies/${study.id}/pathway`, admin, {
      pathwayName: 'Empty',
      dataEvents: [],
    });
    expect(empty.statusCode).toBe(201);
    const sms = await call('POST', `/api/studies/${study.id}/pathway`, admin, {
      pathwayName: 'Texts',
      dataEvents: [
        {
          name: { en: 'Diary' },
          type: 'TYPE_PATIENT',
          forms: [other.id],
          sendAs: 'SEND_AS_SMS',
          smsText: { en: 'Fill {link}' },
        },
      ],
    });
    expect(sms.statusCode).toBe(201);
    // The event no longer holds the rule's form: the process was edited after the rule was placed.
    const forms = JSON.stringify([other.id]);
    await t.app.database.db.execute(
      sql`update process set document = jsonb_set(document, '{dataEvents,0,forms}', ${forms}::jsonb) where study_id = ${study.id} and id = ${process.id}`,
    );
    const body = (await call('GET', checkUrl(study.id), admin)).json();
    const found = body.diagnostics.map((d: { code: string; severity: string; target: object }) => [
      d.code,
      d.severity,
      d.target,
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['RULE_FORM_NOT_IN_PROCESS', 'ERROR', { screen: 'SHOW_RULE', ruleId: rule.json().id }],
        [
          'PROCESS_WITHOUT_EVENTS',
          'ERROR',
          { screen: 'PROCESS', processId: empty.json().id, dataEventId: null },
        ],
        [
          'SEND_OUT_WITHOUT_CONTACT',
          'WARNING',
          { screen: 'PROCESS', processId: sms.json().id, dataEventId: sms.json().dataEvents[0].id },
        ],
      ]),
    );
    expect(
      body.diagnostics.every(
        (d: { severity: string }, i: number, all: { severity: string }[]) =>
          i === 0 || all[i - 1]!.severity === 'ERROR' || d.severity === 'WARNING',
      ),
    ).toBe(true);
    const settings = await call('PUT', `/api/study/${study.id}/participantSettings`, admin, {
      ...(await call('GET', `/api/study/${study.id}/participantSettings`, admin)).json(),
      subjectRequiredFields: ['mobileNumber'],
    });
    expect(settings.statusCode).toBe(200);
    const after = (await call('GET', checkUrl(study.id), admin)).json();
    expect(after.diagnostics.map((d: { code: string }) => d.code)).not.toContain('SEND_OUT_WITHOUT_CONTACT');
  });

  it('loads everything in one statement', async () => {
    const { study } = await designedStudy();
    const counter = countStatements(t.app);
    counter.take();
    expect((await call('GET', checkUrl(study.id), admin)).statusCode).toBe(200);
    const log = counter.take();
    counter.stop();
    expect(log.statements.filter((s) => /form_template|validation_rule|show_rule/.test(s))).toHaveLength(1);
  });

  it('is refused without the form view permission, site-independent for those with it, 404 for an unknown study', async () => {
    const { study } = await designedStudy();
    const other = await member(study.id, 'OTHER');
    expect((await call('GET', checkUrl(study.id), other)).statusCode).toBe(403);
    const site = await buildSite(t.app, study.id);
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId: study.id, user, role: 'INVESTIGATOR', siteIds: [site.id] });
    const atOneSite = await loginAs(t.app, user.email, user.password);
    expect((await call('GET', checkUrl(study.id), atOneSite)).statusCode).toBe(200);
    expect((await call('GET', checkUrl('f'.repeat(24)), admin)).statusCode).toBe(404);
    expect((await call('GET', checkUrl(study.id), null)).statusCode).toBe(401);
  });
});
