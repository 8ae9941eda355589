/**
 * Spec 001 §5 cross-form rules across the data events of a process: "both operants have dataEvent,
 * pathway, form and question, the form is part of the data event, and the two question types are
 * compatible"; show rules placed in a process must name one of its data events holding their form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { rulesKit } from './rules-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());
const { call, buildForm, studyWithForm } = rulesKit(() => t);

const issuesOf = (body: { context?: { issues?: { path: (string | number)[]; message: string }[] } }) =>
  (body.context?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

/** A study with forms A and B and a process: event e1 fills A, event e2 fills B; a second process fills A. */
async function setUp() {
  const { study, form: a } = await studyWithForm();
  const b = await buildForm(study.id);
  const create = async (name: string, dataEvents: object[]) => {
    const res = await call('POST', `/api/studies/${study.id}/pathway`, admin, {
      pathwayName: name,
      dataEvents,
    });
    if (res.statusCode !== 201) throw new Error(`process create failed: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; dataEvents: { id: string }[] };
  };
  const main = await create('Main', [
    { name: { en: 'Baseline' }, type: 'TYPE_USER', forms: [a.id] },
    { name: { en: 'Follow-up' }, type: 'TYPE_USER', forms: [b.id] },
  ]);
  const other = await create('Other', [{ name: { en: 'Only' }, type: 'TYPE_USER', forms: [a.id] }]);
  const [e1, e2] = main.dataEvents.map((e) => e.id) as [string, string];
  return {
    study,
    a: a.id,
    b: b.id,
    main: main.id,
    e1,
    e2,
    other: other.id,
    otherEvent: other.dataEvents[0]?.id,
  };
}

/** "Follow-up weight (form B, e2) at most baseline weight (form A, e1)". */
function crossRule(s: Awaited<ReturnType<typeof setUp>>, left: object = {}, right: object = {}) {
  return {
    process: s.main,
    leftOperant: {
      pathway: s.main,
      dataEvent: s.e2,
      form: s.b,
      question: 'q-number',
      type: 'QUESTION',
      ...left,
    },
    rightOperant: {
      pathway: s.main,
      dataEvent: s.e1,
      form: s.a,
      question: 'q-number',
      type: 'QUESTION_REF',
      ...right,
    },
    operator: 'lte',
    action: { type: 'WARNING', message: { en: 'Higher than at baseline' } },
  };
}
const vrUrl = (studyId: string, rest = '') => `/api/studies/${studyId}/validationRules${rest}`;
const srUrl = (studyId: string, rest = '') => `/api/studies/${studyId}/showRules${rest}`;

describe(`cross-form validation rules on ${engine}`, () => {
  it('accepts a rule across two data events of a process and lists it by data event', async () => {
    const s = await setUp();
    const res = await call('POST', vrUrl(s.study.id), admin, crossRule(s));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ processId: s.main, dataEventId: s.e2, formId: s.b, issues: [] });
    const list = await call('GET', vrUrl(s.study.id, `?dataEventId=${s.e2}`), admin);
    expect(list.json().validationRules).toHaveLength(1);
  });

  it('refuses a form that is not part of its data event (NOT_IN_DATA_EVENT at the operant form)', async () => {
    const s = await setUp();
    const res = await call('POST', vrUrl(s.study.id), admin, crossRule(s, {}, { dataEvent: s.e2 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION', id: 'INVALID_VALIDATION_RULE' });
    expect(issuesOf(res.json())).toEqual([['rightOperant.form', 'NOT_IN_DATA_EVENT']]);
  });

  it('refuses an unknown or deleted pathway and a data event of another process', async () => {
    const s = await setUp();
    const unknown = await call(
      'POST',
      vrUrl(s.study.id),
      admin,
      crossRule(s, { pathway: 'ffffffffffffffffffffffff' }),
    );
    expect(issuesOf(unknown.json())).toEqual([['leftOperant.pathway', 'UNKNOWN_REFERENCE']]);
    const foreign = await call(
      'POST',
      vrUrl(s.study.id),
      admin,
      crossRule(s, {}, { dataEvent: s.otherEvent }),
    );
    expect(issuesOf(foreign.json())).toEqual([['rightOperant.dataEvent', 'UNKNOWN_REFERENCE']]);
    await call('DELETE', `/api/studies/${s.study.id}/pathway/${s.other}`, admin);
    const deleted = await call(
      'POST',
      vrUrl(s.study.id),
      admin,
      crossRule(s, {}, { pathway: s.other, dataEvent: s.otherEvent }),
    );
    expect(issuesOf(deleted.json())).toEqual([['rightOperant.pathway', 'UNKNOWN_REFERENCE']]);
  });

  it('once a pathway is named, both operants need dataEvent, pathway, form and question', async () => {
    const s = await setUp();
    const res = await call(
      'POST',
      vrUrl(s.study.id),
      admin,
      crossRule(s, {}, { pathway: null, dataEvent: null }),
    );
    expect(issuesOf(res.json())).toEqual([
      ['rightOperant.dataEvent', 'REQUIRED'],
      ['rightOperant.pathway', 'REQUIRED'],
    ]);
  });

  it('refuses incompatible question types across forms', async () => {
    const s = await setUp();
    const res = await call('POST', vrUrl(s.study.id), admin, crossRule(s, {}, { question: 'q-date' }));
    expect(issuesOf(res.json())).toEqual([['rightOperant.question', 'INCOMPATIBLE_TYPES']]);
  });

  it('PUT is checked the same way, and the list reports a rule broken by a later process change', async () => {
    const s = await setUp();
    const created = (await call('POST', vrUrl(s.study.id), admin, crossRule(s))).json();
    const put = await call(
      'PUT',
      vrUrl(s.study.id, `/${created.id}`),
      admin,
      crossRule(s, { dataEvent: s.e1 }),
    );
    expect(issuesOf(put.json())).toEqual([['leftOperant.form', 'NOT_IN_DATA_EVENT']]);

    const detail = (await call('GET', `/api/studies/${s.study.id}/pathway/${s.main}`, admin)).json();
    const { id, studyId, type, locks, enrollmentCount, createdTime, updatedTime, ...body } = detail;
    body.dataEvents[1].forms = [s.a];
    expect((await call('PUT', `/api/studies/${s.study.id}/pathway/${s.main}`, admin, body)).statusCode).toBe(
      200,
    );
    const view = (await call('GET', vrUrl(s.study.id, `/${created.id}`), admin)).json();
    expect(view.issues).toEqual([{ path: ['leftOperant', 'form'], message: 'NOT_IN_DATA_EVENT' }]);
  });

  it('rules that name no pathway are still checked against the forms only', async () => {
    const s = await setUp();
    const at = { form: s.a, question: 'q-number' };
    const res = await call('POST', vrUrl(s.study.id), admin, {
      leftOperant: { ...at, type: 'QUESTION' },
      rightOperant: { ...at, type: 'CONST_VAL', value: '10' },
      operator: 'lte',
      action: { type: 'BLOCK', message: { en: 'At most {limit}' } },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe(`show rules in a process on ${engine}`, () => {
  const showRule = (formId: string, extra: object) => ({
    formId,
    target: { question: 'q-date' },
    question: 'q-yesno',
    possibilities: ['p-yes'],
    ...extra,
  });

  it('accepts a rule on a data event holding its form', async () => {
    const s = await setUp();
    const res = await call(
      'POST',
      srUrl(s.study.id),
      admin,
      showRule(s.b, { processId: s.main, dataEventId: s.e2 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ processId: s.main, dataEventId: s.e2, issues: [] });
  });

  it('refuses an unknown process, a data event of another process, and a form outside the data event', async () => {
    const s = await setUp();
    const post = (extra: object, formId = s.b) =>
      call('POST', srUrl(s.study.id), admin, showRule(formId, extra));
    const unknown = await post({ processId: 'ffffffffffffffffffffffff', dataEventId: s.e2 });
    expect(unknown.json()).toMatchObject({ type: 'VALIDATION', id: 'INVALID_SHOW_RULE' });
    expect(issuesOf(unknown.json())).toEqual([['processId', 'UNKNOWN_REFERENCE']]);
    const foreign = await post({ processId: s.main, dataEventId: s.otherEvent }, s.a);
    expect(issuesOf(foreign.json())).toEqual([['dataEventId', 'UNKNOWN_REFERENCE']]);
    const outside = await post({ processId: s.main, dataEventId: s.e1 });
    expect(issuesOf(outside.json())).toEqual([['formId', 'NOT_IN_DATA_EVENT']]);
    expect((await call('GET', srUrl(s.study.id, '/count'), admin)).json()).toEqual({ count: 0 });
  });
});
