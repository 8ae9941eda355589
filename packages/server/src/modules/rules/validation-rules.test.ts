import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { issuePaths, rulesKit } from './rules-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());
const { member, call, question, setQuestions, auditActions, studyWithForm, buildForm } = rulesKit(() => t);

/** A valid "Q1 must be at most 10" rule on `formId` (spec 001 §3 shape). */
function numberRule(formId: string, extra: Record<string, unknown> = {}) {
  const at = { form: formId, question: 'q-number' };
  return {
    leftOperant: { ...at, type: 'QUESTION' },
    rightOperant: { ...at, type: 'CONST_VAL', value: '10' },
    operator: 'lte',
    action: { type: 'BLOCK', message: { en: 'At most {limit}' } },
    ...extra,
  };
}
const url = (studyId: string, rest = '') => `/api/studies/${studyId}/validationRules${rest}`;

describe(`POST /api/studies/:studyId/validationRules on ${engine}`, () => {
  it('creates a rule checked against the form draft, audited, listed with its columns', async () => {
    const { study, form } = await studyWithForm();
    const helper = await member(study.id, 'STUDY_HELPER');
    const res = await call('POST', url(study.id), helper, numberRule(form.id, { process: 'p1' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      formId: form.id,
      questionId: 'q-number',
      processId: 'p1',
      dataEventId: null,
      operator: 'lte',
      action: { type: 'BLOCK', message: { en: 'At most {limit}' } },
      issues: [],
    });
    expect(await auditActions(study.id, 'VALIDATION_RULE')).toEqual(['VALIDATION_RULE_CREATED']);
  });

  it('refuses an invalid rule with INVALID_VALIDATION_RULE and every field path, storing nothing', async () => {
    const { study, form } = await studyWithForm();
    const bad = numberRule(form.id, {
      operator: 'any',
      action: { type: null, message: {} },
      comment: 'x'.repeat(1025),
      rightOperant: { form: form.id, question: 'q-number', type: 'CONST_POS', possibilities: [1] },
    });
    const res = await call('POST', url(study.id), admin, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION', id: 'INVALID_VALIDATION_RULE' });
    expect(issuePaths(res.json())).toEqual(
      expect.arrayContaining(['action.type', 'action.message', 'comment', 'operator', 'rightOperant.type']),
    );
    expect((await call('GET', url(study.id, '/count'), admin)).json()).toEqual({ count: 0 });
    expect(await auditActions(study.id, 'VALIDATION_RULE')).toEqual([]);
  });

  it('refuses a rule on a question or form that does not exist, and incompatible question types', async () => {
    const { study, form } = await studyWithForm();
    const noQuestion = await call('POST', url(study.id), admin, {
      ...numberRule(form.id),
      leftOperant: { form: form.id, question: 'gone', type: 'QUESTION' },
    });
    expect(issuePaths(noQuestion.json())).toEqual(['leftOperant.question']);
    const noForm = await call('POST', url(study.id), admin, numberRule('a'.repeat(24)));
    expect(issuePaths(noForm.json())).toEqual(['leftOperant.form']);
    const incompatible = await call('POST', url(study.id), admin, {
      ...numberRule(form.id),
      rightOperant: { form: form.id, question: 'q-date', type: 'QUESTION' },
    });
    expect(incompatible.statusCode).toBe(400);
    expect(issuePaths(incompatible.json())).toEqual(['rightOperant.question']);
  });

  it('checks offsets: at most 3 elements, a number is required (NUMBER_REQUIRED)', async () => {
    const { study, form } = await studyWithForm();
    const offset = { mathOperator: '+', offsetNumber: 1, timeUnit: 'days' };
    const res = await call('POST', url(study.id), admin, {
      ...numberRule(form.id),
      leftOperant: { form: form.id, question: 'q-date', type: 'QUESTION' },
      rightOperant: {
        form: form.id,
        question: 'q-date',
        type: 'DATE_REF',
        referenceDate: 'enrollment',
        offsetElements: [offset, offset, { ...offset, offsetNumber: null }, offset],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().context.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['rightOperant', 'offsetElements'], message: 'TOO_MANY' }),
        expect.objectContaining({
          path: ['rightOperant', 'offsetElements', 2, 'offsetNumber'],
          message: 'NUMBER_REQUIRED',
        }),
      ]),
    );
  });

  it('refuses a malformed body with a 400 and field paths', async () => {
    const { study, form } = await studyWithForm();
    const res = await call('POST', url(study.id), admin, { ...numberRule(form.id), operator: 'bigger' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('operator');
  });

  it('refuses without a session (401), without form update permission (403) and in production', async () => {
    const { study, form } = await studyWithForm();
    expect((await call('POST', url(study.id), null, numberRule(form.id))).statusCode).toBe(401);
    const monitor = await member(study.id, 'MONITOR');
    expect((await call('POST', url(study.id), monitor, numberRule(form.id))).statusCode).toBe(403);
    const live = await studyWithForm('PRODUCTION');
    const res = await call('POST', url(live.study.id), admin, numberRule(live.form.id));
    expect(res.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH' });
    expect((await call('GET', url(study.id, '/count'), admin)).json()).toEqual({ count: 0 });
    expect((await call('GET', url(live.study.id, '/count'), admin)).json()).toEqual({ count: 0 });
  });
});

describe(`GET /api/studies/:studyId/validationRules on ${engine}`, () => {
  it('lists by form and data event, counts, and reports rules whose question was removed', async () => {
    const { study, form } = await studyWithForm();
    const other = await buildForm(study.id);
    await call(
      'POST',
      url(study.id),
      admin,
      numberRule(form.id, {
        leftOperant: { form: form.id, question: 'q-number', type: 'QUESTION', dataEvent: 'e1' },
      }),
    );
    await call('POST', url(study.id), admin, numberRule(other.id));
    const byForm = await call('GET', url(study.id, `?formId=${other.id}`), admin);
    expect(byForm.json().validationRules.map((r: { formId: string }) => r.formId)).toEqual([other.id]);
    expect((await call('GET', url(study.id, '/count?dataEventId=e1'), admin)).json()).toEqual({ count: 1 });
    await setQuestions(study.id, other, [question('q-text', 1, 'TEXT_SENTENCE')]);
    const after = await call('GET', url(study.id, `?formId=${other.id}`), admin);
    expect(after.json().validationRules[0].issues).toEqual([
      expect.objectContaining({ path: ['leftOperant', 'question'], message: 'UNKNOWN_REFERENCE' }),
    ]);
  });

  it('is readable with the form view permission, refused to roles without it and across studies', async () => {
    const { study, form } = await studyWithForm();
    const created = (await call('POST', url(study.id), admin, numberRule(form.id))).json();
    const helper = await member(study.id, 'STUDY_HELPER');
    expect((await call('GET', url(study.id, `/${created.id}`), helper)).json()).toMatchObject({
      id: created.id,
    });
    // docs/ROLES.md: the investigator reads the study design (rules too); OTHER reads nothing.
    const investigator = await member(study.id, 'INVESTIGATOR');
    expect((await call('GET', url(study.id), investigator)).statusCode).toBe(200);
    const other = await member(study.id, 'OTHER');
    expect((await call('GET', url(study.id), other)).statusCode).toBe(403);
    const elsewhere = await buildStudy(t.app);
    const outsider = await member(elsewhere.id, 'ADMIN');
    expect((await call('GET', url(study.id, `/${created.id}`), outsider)).statusCode).toBe(403);
    expect((await call('GET', url(elsewhere.id, `/${created.id}`), admin)).statusCode).toBe(404);
  });
});

describe(`PUT and DELETE /api/studies/:studyId/validationRules/:validationRuleId on ${engine}`, () => {
  it('edits a rule (audited before and after) and refuses a bad edit leaving it unchanged', async () => {
    const { study, form } = await studyWithForm();
    const created = (await call('POST', url(study.id), admin, numberRule(form.id))).json();
    const edited = await call('PUT', url(study.id, `/${created.id}`), admin, {
      ...numberRule(form.id),
      operator: 'gte',
      action: { type: 'WARNING', message: { en: 'At least {limit}' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ operator: 'gte', action: { type: 'WARNING' } });
    const refused = await call('PUT', url(study.id, `/${created.id}`), admin, {
      ...numberRule(form.id),
      operator: 'all',
    });
    expect(refused.json()).toMatchObject({ id: 'INVALID_VALIDATION_RULE' });
    expect((await call('GET', url(study.id, `/${created.id}`), admin)).json()).toMatchObject({
      operator: 'gte',
    });
    expect(await auditActions(study.id, 'VALIDATION_RULE')).toEqual([
      'VALIDATION_RULE_CREATED',
      'VALIDATION_RULE_UPDATED',
    ]);
  });

  it('deletes a rule, audited; refuses others and unknown ids without deleting', async () => {
    const { study, form } = await studyWithForm();
    const created = (await call('POST', url(study.id), admin, numberRule(form.id))).json();
    const monitor = await member(study.id, 'MONITOR');
    expect((await call('DELETE', url(study.id, `/${created.id}`), monitor)).statusCode).toBe(403);
    expect((await call('DELETE', url(study.id, `/${'b'.repeat(24)}`), admin)).statusCode).toBe(404);
    expect((await call('GET', url(study.id, '/count'), admin)).json()).toEqual({ count: 1 });
    const helper = await member(study.id, 'STUDY_HELPER');
    expect((await call('DELETE', url(study.id, `/${created.id}`), helper)).statusCode).toBe(204);
    expect((await call('GET', url(study.id, `/${created.id}`), admin)).statusCode).toBe(404);
    expect(await auditActions(study.id, 'VALIDATION_RULE')).toEqual([
      'VALIDATION_RULE_CREATED',
      'VALIDATION_RULE_DELETED',
    ]);
  });
});
