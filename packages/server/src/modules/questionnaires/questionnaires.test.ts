// @module-tag locking
import { type FormTemplateDocumentInput, isQuestionTypeAvailable, type StudyRole } from '@trialbase/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  grantAccess,
  setStudySchedule,
} from '../../../test/factories';
import { ADMIN_PASSWORD, createTestApp, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { queries } from '../queries/tables';
import { validationRules } from '../rules/tables';
import { studies } from '../studies/tables';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn, payload?: object) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

const FORM_DOC = (id: string): FormTemplateDocumentInput => ({
  id,
  title: { en: `Vitals ${id.slice(-6)}` },
  type: 'TYPE_FORM',
  questions: [
    {
      id: 'q1',
      order: 1,
      type: 'NUMBER',
      question: { en: 'Weight' },
      required: true,
      minValue: 0,
      maxValue: 300,
    },
    {
      id: 'q2',
      order: 2,
      type: 'MULTIPLE_CHOICE',
      question: { en: 'Smoker' },
      possibilities: [
        { id: 'p1', possibility: { en: 'No' } },
        { id: 'p2', possibility: { en: 'Yes' } },
      ],
    },
    {
      id: 'q3',
      order: 3,
      type: 'TEXT_FREE',
      question: { en: 'How much?' },
      showRules: [{ question: 'q2', possibilities: ['p2'] }],
    },
  ],
});

/** A production study with one staff event holding one form, a subject enrolled through the API. */
/** A rule on q1 (weight below 200) written straight into the table, as any writer of rules. */
async function insertWeightRule(studyId: string, formId: string, type: 'BLOCK' | 'QUERY') {
  const now = new Date();
  await t.app.database.db.insert(validationRules).values({
    studyId,
    id: newId(now),
    formId,
    questionId: 'q1',
    document: {
      leftOperant: { form: formId, question: 'q1' },
      rightOperant: { type: 'CONST_VAL', value: 200 },
      operator: 'lt',
      action: { type, message: { en: 'Weight must be below {limit}' } },
    },
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
}

async function setUp(
  options: { verificationTypes?: string[]; rule?: 'BLOCK' | 'QUERY'; secondFormInOrder?: boolean } = {},
) {
  const app = t.app;
  const study = await buildStudy(app);
  const site = await buildSite(app, study.id);
  const now = new Date();
  const formId = newId(now);
  await app.database.db.insert(formTemplates).values({
    studyId: study.id,
    id: formId,
    name: `Vitals ${formId.slice(-6)}`,
    type: 'TYPE_FORM',
    document: FORM_DOC(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const secondFormId = newId(now);
  if (options.secondFormInOrder) {
    await app.database.db.insert(formTemplates).values({
      studyId: study.id,
      id: secondFormId,
      name: `Vitals 2 ${secondFormId.slice(-6)}`,
      type: 'TYPE_FORM',
      document: FORM_DOC(secondFormId) as Record<string, unknown>,
      createdBy: 'factory',
      createdAt: now,
      updatedAt: now,
    });
  }
  const prefix = `qe${formId.slice(-8)}`;
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: [
      {
        id: `${prefix}-e1`,
        type: 'TYPE_USER',
        forms: options.secondFormInOrder ? [formId, secondFormId] : [formId],
        forceFormOrder: options.secondFormInOrder ?? false,
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  if (options.rule) await insertWeightRule(study.id, formId, options.rule);
  await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
  if (options.verificationTypes) {
    await app.database.db.execute(
      sql`update study set verification_types = ${JSON.stringify(options.verificationTypes)}::jsonb where id = ${study.id}`,
    );
  }
  const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
  const res = await call('POST', `/api/studies/${study.id}/enrollments`, admin, {
    subjectId: subject.id,
    siteId: site.id,
    processId: process.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  const enrollment = res.json<{ id: string }[]>()[0];
  if (!enrollment) throw new Error('no enrollment');
  const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollment.id));
  if (!token) throw new Error('no token');
  const base = `/api/studies/${study.id}/enrollments/${enrollment.id}/tokens/${token.id}`;
  return { study, site, formId, secondFormId, subject, enrollment, token, base };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
const answers = (weight: string, extra: object[] = []) => [
  { question: 'q1', answerStrings: [weight] },
  ...extra,
];

async function submit(s: Setup, body: object = {}) {
  return call('POST', `${s.base}/questionnaires`, admin, {
    formId: s.formId,
    answers: answers('70'),
    isFinal: true,
    ...body,
  });
}

async function member(studyId: string, role: StudyRole) {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role });
  return loginAs(t.app, user.email, user.password);
}

describe('GET/POST /api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/questionnaires', () => {
  it('gives the fill payload, saves a draft, submits, and completes the token', async () => {
    const s = await setUp();
    const payload = await call('GET', `${s.base}/questionnaires`, admin);
    expect(payload.statusCode, payload.body).toBe(200);
    const fill = payload.json();
    expect(fill.forms).toHaveLength(1);
    expect(fill.forms[0].form.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'q2', 'q3']);
    expect(fill.forms[0].answerSet).toBeNull();
    expect(fill.enrollment.patientId).toBe(s.subject.patientId);
    expect(fill.abilities.canFill).toBe(true);

    const draft = await submit(s, { answers: [], isFinal: false });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().answerSet.isCompleted).toBe(false);
    expect(draft.json().token.status).toBe('IN_USE');

    const done = await submit(s);
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json();
    expect(result.tokenCompleted).toBe(true);
    expect(result.token.status).toBe('COMPLETED');
    expect(result.answerSet.status).toBe('STATUS_COMPLETED');
    expect(result.answerSet.filledOutBy).toBeTruthy();
    expect(result.answerSet.answers[0].answerStrings).toEqual(['70']);

    const again = await submit(s);
    expect(again.statusCode).toBe(409);
    expect(again.json().id).toBe('QUESTIONNAIRE_EXISTS');

    const completed = await call(
      'GET',
      `/api/studies/${s.study.id}/enrollments/${s.enrollment.id}/dataEvents/${s.token.dataEventId}/tokens/${s.token.id}/questionnaires/completed`,
      admin,
    );
    expect(completed.json()).toHaveLength(1);
  });

  it('spec 001 §4 form status: a token with missingData gives missing data, on save and on read', async () => {
    const s = await setUp();
    const draft = await submit(s, { isFinal: false });
    expect(draft.json().answerSet.status).toBe('STATUS_COMPLETED');
    await t.app.database.db.update(tokens).set({ missingData: true }).where(eq(tokens.id, s.token.id));
    // Marked after the save: the read shows missing data.
    const read = await call('GET', `${s.base}/questionnaires`, admin);
    expect(read.json().forms[0].answerSet.status).toBe('STATUS_MISSING_DATA');
    // Every required question answered, and still missing data (DESIGN.md decisions).
    const done = await submit(s);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().answerSet.status).toBe('STATUS_MISSING_DATA');
    const review = await call('GET', `${s.base}/questionnaireReviewData`, admin);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().forms[0].answerSet.status).toBe('STATUS_MISSING_DATA');
  });

  it('keeps a forced form order: a later form waits for the earlier one; back steps the filler back', async () => {
    const s = await setUp({ secondFormInOrder: true });
    const early = await submit(s, { formId: s.secondFormId });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().context).toMatchObject({ reason: 'FORM_ORDER', currentForm: s.formId });
    expect((await submit(s)).statusCode).toBe(200);
    const [moved] = await t.app.database.db.select().from(tokens).where(eq(tokens.id, s.token.id));
    expect(moved?.details).toMatchObject({ formIndex: 1 });
    const back = await call('POST', `/api/studies/${s.study.id}/token/${s.token.id}/back`, admin, {});
    expect(back.statusCode, back.body).toBe(200);
    expect((await submit(s, { formId: s.secondFormId })).statusCode).toBe(409);
    await t.app.database.db
      .update(tokens)
      .set({ details: { formIndex: 1 } })
      .where(eq(tokens.id, s.token.id));
    const done = await submit(s, { formId: s.secondFormId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().tokenCompleted ?? done.json().token?.status).toBeTruthy();
  });

  it('rejects a tampered submission with the paths of the bad answers', async () => {
    const s = await setUp();
    const res = await submit(s, {
      answers: answers('999', [
        { question: 'q2', possibilities: ['p1'] },
        { question: 'q3', answerStrings: ['hidden'] },
        { question: 'qX', answerStrings: ['x'] },
      ]),
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().context.issues.map((i: { path: string[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['answers.q3', 'answers.qX']));
    expect(paths.some((p: string) => p.startsWith('answers.q1'))).toBe(true);
    const unknown = await submit(s, {
      answers: answers('70', [{ question: 'q2', possibilities: ['nope'] }]),
    });
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', `${s.base}/questionnaires`, admin)).json().forms[0].answerSet).toBeNull();
  });

  it('refuses a BLOCK rule violation with VALIDATION_RULE_VIOLATION', async () => {
    const s = await setUp({ rule: 'BLOCK' });
    const res = await submit(s, { answers: answers('250') });
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('VALIDATION_RULE_VIOLATION');
    expect((await submit(s, { answers: answers('150') })).statusCode).toBe(200);
  });

  it('checks a BLOCK rule added after a save at the next save (rules are kept under the study design stamp)', async () => {
    const s = await setUp();
    const draft = await submit(s, { answers: answers('250'), isFinal: false });
    expect(draft.statusCode, draft.body).toBe(200);
    // The study's design stamp moves with the rule written (migration 0037).
    await insertWeightRule(s.study.id, s.formId, 'BLOCK');
    const res = await submit(s, { answers: answers('260') });
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('VALIDATION_RULE_VIOLATION');
  });

  it('raises one query for a QUERY rule, not again on re-save', async () => {
    const s = await setUp({ rule: 'QUERY' });
    const first = await submit(s, { answers: answers('250'), isFinal: false });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().queriesRaised).toBe(1);
    expect(first.json().firedRules[0].action).toBe('QUERY');
    const id = first.json().answerSet.id;
    const second = await call('PUT', `${s.base}/questionnaires/${id}/unfinished`, admin, {
      answers: answers('260'),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().queriesRaised).toBe(0);
    const rows = await t.app.database.db
      .select()
      .from(queries)
      .where(and(eq(queries.studyId, s.study.id), eq(queries.questionnaireId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('OPEN');
    expect(second.json().answerSet.status).toBe('STATUS_QUERY');
  });

  it('refuses a locked token and a study in amendment, and callers without the permission', async () => {
    const s = await setUp();
    const monitor = await member(s.study.id, 'MONITOR');
    expect(
      (
        await call('POST', `${s.base}/questionnaires`, monitor, {
          formId: s.formId,
          answers: [],
          isFinal: false,
        })
      ).statusCode,
    ).toBe(403);
    await t.app.database.db.update(tokens).set({ locked: true }).where(eq(tokens.id, s.token.id));
    expect((await submit(s)).statusCode).toBe(409);
    await t.app.database.db.update(tokens).set({ locked: false }).where(eq(tokens.id, s.token.id));
    await setStudySchedule(t.app, s.study.id, { status: 'AMENDMENT' });
    const amendment = await submit(s);
    expect(amendment.statusCode).toBe(409);
    expect(amendment.json().id).toBe('STUDY_STATUS_MISMATCH');
  });
});

describe('PUT .../questionnaires/:questionnaireId (update with reason) and the change log', () => {
  it('updates with a comment, shows old/new/reason in the change log, refuses stale versions and no comment', async () => {
    const s = await setUp();
    const set = (await submit(s)).json().answerSet;
    const url = `${s.base}/questionnaires/${set.id}`;
    expect((await call('PUT', url, admin, { answers: answers('71'), version: set.version })).statusCode).toBe(
      400,
    );
    expect(
      (await call('PUT', url, admin, { answers: answers('71'), version: set.version, comment: ' ' }))
        .statusCode,
    ).toBe(400);
    const stale = await call('PUT', url, admin, {
      answers: answers('71'),
      version: set.version + 5,
      comment: 'typo',
    });
    expect(stale.statusCode).toBe(409);
    const ok = await call('PUT', url, admin, {
      answers: answers('72'),
      version: set.version,
      comment: 'Transcription error',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().answerSet.version).toBe(set.version + 1);

    const log = await call('GET', `/api/studies/${s.study.id}/token/questionnaires/${set.id}/audit`, admin);
    expect(log.statusCode, log.body).toBe(200);
    const update = log.json().entries.find((e: { kind: string }) => e.kind === 'UPDATED');
    expect(update).toMatchObject({
      questionId: 'q1',
      oldText: '70',
      newText: '72',
      reason: 'Transcription error',
    });
    expect(update.actorName).toBeTruthy();

    const doctor = await member(s.study.id, 'DOCTOR');
    const noPermission = await call(
      'GET',
      `/api/studies/${s.study.id}/token/questionnaires/${set.id}/monitor`,
      doctor,
    );
    expect(noPermission.statusCode).toBe(403);
  });

  it('names the user who filled the form, whoever saves it afterwards (the saver’s own name is not read again)', async () => {
    const s = await setUp();
    const grace = await buildUser(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    await grantAccess(t.app, { studyId: s.study.id, user: grace, role: 'DOCTOR' });
    const doctor = await loginAs(t.app, grace.email, grace.password);
    const filled = await call('POST', `${s.base}/questionnaires`, doctor, {
      formId: s.formId,
      answers: answers('70'),
      isFinal: true,
    });
    expect(filled.statusCode, filled.body).toBe(200);
    let set = filled.json().answerSet;
    expect(set.filledOutBy).toBe('Grace Hopper');
    const url = `${s.base}/questionnaires/${set.id}`;
    const byAdmin = await call('PUT', url, admin, {
      answers: answers('71'),
      version: set.version,
      comment: 'typo',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    set = byAdmin.json().answerSet;
    expect(set.filledOutBy).toBe('Grace Hopper');
    const byFiller = await call('PUT', url, doctor, {
      answers: answers('72'),
      version: set.version,
      comment: 'typo again',
    });
    expect(byFiller.statusCode, byFiller.body).toBe(200);
    expect(byFiller.json().answerSet.filledOutBy).toBe('Grace Hopper');
  });

  it('keeps the form in query status when an update leaves its open query, and writes only the changed answer', async () => {
    const s = await setUp({ rule: 'QUERY' });
    const first = await submit(s, { answers: answers('250') });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().queriesRaised).toBe(1);
    const set = first.json().answerSet;
    expect(set.status).toBe('STATUS_QUERY');
    const updated = await call('PUT', `${s.base}/questionnaires/${set.id}`, admin, {
      answers: answers('80'),
      version: set.version,
      comment: 'Re-measured',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().queriesRaised).toBe(0);
    expect(updated.json().answerSet.status).toBe('STATUS_QUERY');
    const [event] = await t.app.database.db
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, set.id), eq(auditEvents.action, 'QUESTIONNAIRE_UPDATED')));
    const changed = (side: unknown) => Object.keys((side as { answers: Record<string, unknown> }).answers);
    expect(changed(event?.after)).toEqual(['q1']);
    expect(changed(event?.before)).toEqual(['q1']);
  });

  it('asks for the password when the study enables extended validation (spec 001 §6): none, wrong, right', async () => {
    const s = await setUp();
    const set = (await submit(s)).json().answerSet;
    const url = `${s.base}/questionnaires/${set.id}`;
    await t.app.database.db
      .update(studies)
      .set({ extendedValidation: true })
      .where(eq(studies.id, s.study.id));
    const body = { answers: answers('73'), version: set.version, comment: 'Transcription error' };
    const put = (password?: string) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { ...admin.headers, ...(password === undefined ? {} : { 'extended-validation': password }) },
        payload: body,
      });
    const none = await put();
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    const wrong = await put('Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    const unchanged = await call('GET', `${s.base}/questionnaires`, admin);
    expect(unchanged.json().forms[0].answerSet.version).toBe(set.version);
    const signed = await put(ADMIN_PASSWORD);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().answerSet.version).toBe(set.version + 1);
    const [event] = await t.app.database.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, set.id), eq(auditEvents.action, 'QUESTIONNAIRE_UPDATED')));
    const after = event?.after as { signature?: { meaning: string } } | undefined;
    expect(after?.signature?.meaning).toBe('Filled form updated');
  });

  it('refuses an update in an amendment (edit locks, spec 001 §4) and on a locked token', async () => {
    const s = await setUp();
    const set = (await submit(s)).json().answerSet;
    const url = `${s.base}/questionnaires/${set.id}`;
    const body = { answers: answers('75'), version: set.version, comment: 'fix' };
    await t.app.database.db.update(tokens).set({ locked: true }).where(eq(tokens.id, s.token.id));
    const locked = await call('PUT', url, admin, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().context.reason).toBe('TOKEN_LOCKED');
    await t.app.database.db.update(tokens).set({ locked: false }).where(eq(tokens.id, s.token.id));
    await setStudySchedule(t.app, s.study.id, { status: 'AMENDMENT' });
    const amendment = await call('PUT', url, admin, body);
    expect(amendment.statusCode).toBe(409);
    expect(amendment.json().id).toBe('STUDY_STATUS_MISMATCH');
  });
});

describe('PUT /api/studies/:studyId/questionnaires/:questionnaireId/.../verification/:verificationType', () => {
  it('verifies per answer and per form; a change clears the verification; secondary needs its type', async () => {
    const s = await setUp({ verificationTypes: ['QUESTION', 'NONE'] });
    const set = (await submit(s)).json().answerSet;
    const answerId = set.answers[0].id;
    const vUrl = `/api/studies/${s.study.id}/questionnaires/${set.id}`;
    const monitor = await member(s.study.id, 'MONITOR');
    const doctor = await member(s.study.id, 'DOCTOR');

    expect(
      (await call('PUT', `${vUrl}/answers/${answerId}/verification/primary`, doctor, { verified: true }))
        .statusCode,
    ).toBe(403);
    const one = await call('PUT', `${vUrl}/answers/${answerId}/verification/primary`, monitor, {
      verified: true,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().answers[0].verification).toBe(true);
    expect(one.json().verified).toBe(false);
    const secondary = await call('PUT', `${vUrl}/verification/secondary`, monitor, { verified: true });
    expect(secondary.statusCode).toBe(409);
    const form = await call('PUT', `${vUrl}/verification/primary`, monitor, { verified: true });
    expect(form.json().verified).toBe(true);

    const changed = await call('PUT', `${s.base}/questionnaires/${set.id}`, admin, {
      answers: answers('80'),
      version: set.version,
      comment: 'Re-measured',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().answerSet.verified).toBe(false);
    expect(changed.json().answerSet.answers[0].verification).toBe(false);

    const monitorLog = await call(
      'GET',
      `/api/studies/${s.study.id}/token/questionnaires/${set.id}/monitor`,
      monitor,
    );
    expect(monitorLog.statusCode, monitorLog.body).toBe(200);
    expect(monitorLog.json().entries.some((e: { kind: string }) => e.kind === 'VERIFICATION')).toBe(true);
  });
});

describe('GET review data, show-rule result and reference questionnaires', () => {
  it('lists queries in review data and evaluates show rules from the saved answers', async () => {
    const s = await setUp({ rule: 'QUERY' });
    await submit(s, { answers: answers('250', [{ question: 'q2', possibilities: ['p1'] }]), isFinal: false });
    const review = await call('GET', `${s.base}/questionnaireReviewData`, admin);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().queries).toHaveLength(1);
    const shown = await call(
      'GET',
      `/api/studies/${s.study.id}/tokens/${s.token.id}/referenceShowRules/constructShowRuleResultForSubjectBasedCriteria`,
      admin,
    );
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().forms[0].hiddenQuestions).toEqual(['q3']);
    const refs = await call(
      'GET',
      `/api/studies/${s.study.id}/enrollment/${s.enrollment.id}/referenceRuleQuestionnaires`,
      admin,
    );
    expect(refs.statusCode, refs.body).toBe(200);
    expect(refs.json()).toEqual([]);
  });
});

describe('spec 000 §6 reference questions need the matching module or permission', () => {
  it('GET /api/study/:id gives the reference permissions, which open the question without its module', async () => {
    const study = await buildStudy(t.app, { modules: [] });
    const investigator = await member(study.id, 'INVESTIGATOR');
    const res = await call('GET', `/api/study/${study.id}`, investigator);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ modules: string[]; abilities: Record<string, boolean> }>();
    expect(detail.modules).toEqual([]);
    expect(detail.abilities.AE_VIEW).toBe(true);
    expect(detail.abilities.PATIENT_LIST_MEDICATION).toBe(true);
    expect(isQuestionTypeAvailable(detail, 'AE_REF')).toBe(true);
    expect(isQuestionTypeAvailable(detail, 'MEDICATION_REF')).toBe(true);
    // Without the permission and without the module: the unsupported card.
    // (Any AE permission opens AE_REF: issue 20 item 4.)
    const noPermission = {
      ...detail,
      abilities: { ...detail.abilities, AE_VIEW: false, AE_LIST: false, AE_CREATE: false, AE_UPDATE: false },
    };
    expect(isQuestionTypeAvailable(noPermission, 'AE_REF')).toBe(false);
  });
});
