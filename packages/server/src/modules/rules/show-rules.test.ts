import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { issuePaths, rulesKit } from './rules-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());
const { member, call, question, setQuestions, auditActions, studyWithForm } = rulesKit(() => t);

/** "Show Q3 when Q2 (yes/no) is Yes" on `formId`. */
function showRule(formId: string, extra: Record<string, unknown> = {}) {
  return { formId, target: { question: 'q-date' }, question: 'q-yesno', possibilities: ['p-yes'], ...extra };
}
const url = (studyId: string, rest = '') => `/api/studies/${studyId}/showRules${rest}`;

describe(`POST /api/studies/:studyId/showRules on ${engine}`, () => {
  it('creates a show rule on an earlier choice question, audited and listed by form', async () => {
    const { study, form } = await studyWithForm();
    const helper = await member(study.id, 'STUDY_HELPER');
    const res = await call('POST', url(study.id), helper, showRule(form.id, { dataEventId: 'e1' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ formId: form.id, dataEventId: 'e1', processId: null, issues: [] });
    const list = await call('GET', url(study.id, `?formId=${form.id}`), helper);
    expect(list.json().showRules).toHaveLength(1);
    expect((await call('GET', url(study.id, '/count?dataEventId=e1'), helper)).json()).toEqual({ count: 1 });
    expect(await auditActions(study.id, 'SHOW_RULE')).toEqual(['SHOW_RULE_CREATED']);
  });

  it('refuses a later, non-choice or unknown source with INVALID_SHOW_RULE and paths, storing nothing', async () => {
    const { study, form } = await studyWithForm();
    const later = await call(
      'POST',
      url(study.id),
      admin,
      showRule(form.id, { target: { question: 'q-number' } }),
    );
    expect(later.statusCode).toBe(400);
    expect(later.json()).toMatchObject({ type: 'VALIDATION', id: 'INVALID_SHOW_RULE' });
    expect(issuePaths(later.json())).toEqual(['question']);
    const notChoice = await call(
      'POST',
      url(study.id),
      admin,
      showRule(form.id, { question: 'q-number', possibilities: ['p-yes'] }),
    );
    expect(issuePaths(notChoice.json())).toEqual(['question', 'possibilities.0']);
    const empty = await call('POST', url(study.id), admin, showRule(form.id, { possibilities: [] }));
    expect(issuePaths(empty.json())).toEqual(['possibilities']);
    const badTarget = await call(
      'POST',
      url(study.id),
      admin,
      showRule(form.id, { target: { question: 'q-date', possibility: 'nope' } }),
    );
    expect(issuePaths(badTarget.json())).toEqual(['target.possibility']);
    const noForm = await call('POST', url(study.id), admin, showRule('c'.repeat(24)));
    expect(issuePaths(noForm.json())).toEqual(['formId']);
    expect((await call('GET', url(study.id, '/count'), admin)).json()).toEqual({ count: 0 });
    expect(await auditActions(study.id, 'SHOW_RULE')).toEqual([]);
  });

  it('refuses without a session (401) or form update permission (403)', async () => {
    const { study, form } = await studyWithForm();
    expect((await call('POST', url(study.id), null, showRule(form.id))).statusCode).toBe(401);
    const investigator = await member(study.id, 'INVESTIGATOR');
    expect((await call('POST', url(study.id), investigator, showRule(form.id))).statusCode).toBe(403);
    // docs/ROLES.md: the investigator reads the study design (rules too) but never changes it.
    expect((await call('GET', url(study.id), investigator)).statusCode).toBe(200);
    const other = await member(study.id, 'OTHER');
    expect((await call('GET', url(study.id), other)).statusCode).toBe(403);
    expect((await call('GET', url(study.id, '/count'), admin)).json()).toEqual({ count: 0 });
  });
});

describe(`PUT and DELETE /api/studies/:studyId/showRules/:showRuleId on ${engine}`, () => {
  it('edits, reports a removed source question, and deletes, each audited', async () => {
    const { study, form } = await studyWithForm();
    const created = (await call('POST', url(study.id), admin, showRule(form.id))).json();
    const edited = await call(
      'PUT',
      url(study.id, `/${created.id}`),
      admin,
      showRule(form.id, { possibilities: ['p-no'] }),
    );
    expect(edited.json()).toMatchObject({ possibilities: ['p-no'] });
    const refused = await call(
      'PUT',
      url(study.id, `/${created.id}`),
      admin,
      showRule(form.id, { possibilities: ['x'] }),
    );
    expect(refused.json()).toMatchObject({ id: 'INVALID_SHOW_RULE' });
    expect((await call('GET', url(study.id, `/${created.id}`), admin)).json()).toMatchObject({
      possibilities: ['p-no'],
    });
    await setQuestions(study.id, form, [question('q-date', 3, 'DATE')]);
    const broken = await call('GET', url(study.id, `/${created.id}`), admin);
    expect(broken.json().issues).toEqual([expect.objectContaining({ path: ['question'] })]);
    expect((await call('DELETE', url(study.id, `/${created.id}`), admin)).statusCode).toBe(204);
    expect(await auditActions(study.id, 'SHOW_RULE')).toEqual([
      'SHOW_RULE_CREATED',
      'SHOW_RULE_UPDATED',
      'SHOW_RULE_DELETED',
    ]);
  });
});

describe(`GET /api/studies/:studyId/referenceRules/forms on ${engine}`, () => {
  it('lists the current form drafts for the rule editors, to readers only', async () => {
    const { study, form } = await studyWithForm();
    const res = await call('GET', `/api/studies/${study.id}/referenceRules/forms`, admin);
    expect(res.json().forms.map((f: { id: string }) => f.id)).toEqual([form.id]);
    // docs/ROLES.md: a monitor reads the study design; OTHER holds nothing.
    const monitor = await member(study.id, 'MONITOR');
    expect((await call('GET', `/api/studies/${study.id}/referenceRules/forms`, monitor)).statusCode).toBe(
      200,
    );
    const other = await member(study.id, 'OTHER');
    expect((await call('GET', `/api/studies/${study.id}/referenceRules/forms`, other)).statusCode).toBe(403);
  });
});
