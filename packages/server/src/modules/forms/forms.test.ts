import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import {
  auditActions,
  call,
  createForm,
  formDoc,
  formRows,
  issuePaths,
  member,
  newStudy,
  useFormsApp,
} from './forms-test-kit';

const kit = useFormsApp();
const base = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;

describe(`POST /api/studies/:studyId/questionnairetemplate on ${engine}`, () => {
  it('creates a form when the id is new (201), then updates the draft (200), audited', async () => {
    const study = await newStudy(kit);
    const created = await createForm(kit, study.id, { title: { en: 'Baseline' } });
    expect(created).toMatchObject({
      title: { en: 'Baseline' },
      version: { major: 1, minor: 0 },
      published: false,
    });
    expect(created.id).not.toBe('');
    expect(created.locks).toEqual({ isReadOnly: false, isTypeLocked: false, isAeTypeLocked: false });
    const res = await call(kit, 'POST', base(study.id), kit.admin, {
      ...created,
      title: { en: 'Baseline 2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toEqual({ en: 'Baseline 2' });
    expect(await auditActions(kit, study.id)).toEqual(['FORM_TEMPLATE_CREATED', 'FORM_TEMPLATE_UPDATED']);
    const list = await call(kit, 'GET', base(study.id), kit.admin);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: created.id,
        title: { en: 'Baseline 2' },
        type: 'TYPE_FORM',
        isUsedInProcess: false,
      }),
    ]);
  });

  it('creates with a client id that is unknown, and never touches a form of another study', async () => {
    const other = await newStudy(kit);
    const theirs = await createForm(kit, other.id);
    const study = await newStudy(kit);
    const res = await call(kit, 'POST', base(study.id), kit.admin, formDoc({ id: theirs.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(theirs.id);
    const again = await call(kit, 'GET', `${base(other.id)}/${theirs.id}`, kit.admin);
    expect(again.json().title).toEqual(theirs.title);
  });

  it('sanitises author rich text before saving', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id, {
      showInfoText: true,
      infoText: {
        en: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://e.org">e</a></p>',
      },
      customFooter: { en: '<img src=x onerror=alert(1)><b>Footer</b>' },
    });
    expect(form.infoText.en).toBe(
      '<p>Hi <a rel="noopener noreferrer nofollow" target="_blank">x</a><a href="https://e.org" rel="noopener noreferrer nofollow" target="_blank">e</a></p>',
    );
    expect(form.customFooter.en).toBe('<b>Footer</b>');
  });

  it('refuses a duplicate title with DUPLICATE_NAME on title, case-insensitive', async () => {
    const study = await newStudy(kit);
    await createForm(kit, study.id, { title: { en: 'Vitals' } });
    const res = await call(kit, 'POST', base(study.id), kit.admin, formDoc({ title: { en: 'VITALS' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'DUPLICATE_NAME' });
    expect(issuePaths(res.json())).toEqual(['title']);
    expect(await formRows(kit, study.id)).toHaveLength(1);
  });

  it('refuses a second EQ-5D form and a second default AE form with QUESTIONNAIRE_EXISTS', async () => {
    const study = await newStudy(kit);
    const eq = await call(kit, 'POST', `/api/study/${study.id}/forms/addEQ5DTemplateToStudy`, kit.admin);
    expect(eq.statusCode).toBe(201);
    const second = await call(kit, 'POST', `/api/study/${study.id}/forms/addEQ5DTemplateToStudy`, kit.admin);
    expect(second.statusCode).toBe(409);
    expect(second.json().id).toBe('QUESTIONNAIRE_EXISTS');
    await createForm(kit, study.id, { type: 'TYPE_AE', isDefaultAeForm: true });
    const ae = await call(
      kit,
      'POST',
      base(study.id),
      kit.admin,
      formDoc({ type: 'TYPE_AE', isDefaultAeForm: true }),
    );
    expect(ae.json().id).toBe('QUESTIONNAIRE_EXISTS');
    expect(await formRows(kit, study.id)).toHaveLength(2);
  });

  it('refuses edits of a locked or completed study with STUDY_STATUS_MISMATCH', async () => {
    for (const status of ['LOCKED', 'COMPLETED']) {
      const study = await newStudy(kit, { status });
      const res = await call(kit, 'POST', base(study.id), kit.admin, formDoc());
      expect(res.statusCode).toBe(400);
      expect(res.json().id).toBe('STUDY_STATUS_MISMATCH');
      expect(await formRows(kit, study.id)).toHaveLength(0);
    }
  });

  it('locks the type in production and when a question is used by stratification', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id, {});
    const strat = await createForm(kit, study.id, {});
    strat.questions[0].usedByStratification = true;
    const saved = (await call(kit, 'POST', base(study.id), kit.admin, strat)).json();
    expect(saved.locks.isTypeLocked).toBe(true);
    const res = await call(kit, 'POST', base(study.id), kit.admin, { ...saved, type: 'TYPE_HP' });
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toEqual(['type']);
    await kit.t.app.database.db.execute(`update study set status = 'PRODUCTION' where id = '${study.id}'`);
    const prod = await call(kit, 'POST', base(study.id), kit.admin, { ...form, type: 'TYPE_HP' });
    expect(prod.statusCode).toBe(400);
    expect(prod.json().context.issues).toEqual([{ path: ['type'], message: 'TYPE_LOCKED' }]);
    const title = await call(kit, 'POST', base(study.id), kit.admin, {
      ...form,
      title: { en: 'Renamed in production' },
    });
    expect(title.statusCode).toBe(200);
  });

  it('refuses reference question types whose paid module the study lacks', async () => {
    const study = await newStudy(kit);
    const doc = formDoc({
      questions: [{ id: 'm', order: 1, type: 'MEDICATION_REF', question: { en: 'Medication' } }],
    });
    const res = await call(kit, 'POST', base(study.id), kit.admin, doc);
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toEqual(['questions.0.type']);
    const withModule = await newStudy(kit, { modules: ['MEDICATION'] });
    expect((await call(kit, 'POST', base(withModule.id), kit.admin, doc)).statusCode).toBe(201);
  });

  it('needs a session (401), the permission (403) and creation rights for a new form', async () => {
    const study = await newStudy(kit);
    expect((await call(kit, 'POST', base(study.id), null, formDoc())).statusCode).toBe(401);
    const monitor = await member(kit, study.id, 'MONITOR');
    expect((await call(kit, 'POST', base(study.id), monitor.session, formDoc())).statusCode).toBe(403);
    // docs/ROLES.md: a monitor reads the forms (design read) but never changes them; OTHER reads nothing.
    expect((await call(kit, 'GET', base(study.id), monitor.session)).statusCode).toBe(200);
    const other = await member(kit, study.id, 'OTHER');
    expect((await call(kit, 'GET', base(study.id), other.session)).statusCode).toBe(403);
    const helper = await member(kit, study.id, 'STUDY_HELPER');
    expect((await call(kit, 'POST', base(study.id), helper.session, formDoc())).statusCode).toBe(201);
    const elsewhere = await newStudy(kit);
    expect((await call(kit, 'POST', base(elsewhere.id), helper.session, formDoc())).statusCode).toBe(403);
    expect(await formRows(kit, elsewhere.id)).toHaveLength(0);
  });
});

describe(`GET /api/studies/:studyId/questionnairetemplate on ${engine}`, () => {
  it('lists forms, leaving AE forms out with excludeAe', async () => {
    const study = await newStudy(kit);
    await createForm(kit, study.id, { title: { en: 'A' } });
    await createForm(kit, study.id, { title: { en: 'AE' }, type: 'TYPE_AE' });
    const all = (await call(kit, 'GET', base(study.id), kit.admin)).json();
    expect(all.map((f: { title: { en: string } }) => f.title.en)).toEqual(['A', 'AE']);
    const noAe = (await call(kit, 'GET', `${base(study.id)}?excludeAe=true`, kit.admin)).json();
    expect(noAe.map((f: { title: { en: string } }) => f.title.en)).toEqual(['A']);
  });

  it('returns 404 for a form of another study', async () => {
    const study = await newStudy(kit);
    const other = await newStudy(kit);
    const form = await createForm(kit, other.id);
    expect((await call(kit, 'GET', `${base(study.id)}/${form.id}`, kit.admin)).statusCode).toBe(404);
  });
});

describe(`DELETE /api/studies/:studyId/questionnairetemplate/:formId on ${engine}`, () => {
  it('soft-deletes a form, audited; the name becomes free again', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id, { title: { en: 'Gone' } });
    expect((await call(kit, 'DELETE', `${base(study.id)}/${form.id}`, kit.admin)).statusCode).toBe(204);
    expect((await call(kit, 'GET', `${base(study.id)}/${form.id}`, kit.admin)).statusCode).toBe(404);
    const rows = await formRows(kit, study.id);
    expect(rows[0]?.deletedAt).not.toBeNull();
    expect(await auditActions(kit, study.id)).toContain('FORM_TEMPLATE_DELETED');
    await createForm(kit, study.id, { title: { en: 'Gone' } });
  });

  it('refuses the default AE form with DELETE_ACTIVE_AE_FORM and a role without the right (403)', async () => {
    const study = await newStudy(kit);
    const ae = await createForm(kit, study.id, { type: 'TYPE_AE', isDefaultAeForm: true });
    const res = await call(kit, 'DELETE', `${base(study.id)}/${ae.id}`, kit.admin);
    expect(res.json().id).toBe('DELETE_ACTIVE_AE_FORM');
    // docs/ROLES.md: the helper removes its drafts, never the active AE form; a monitor removes nothing.
    const helper = await member(kit, study.id, 'STUDY_HELPER');
    expect((await call(kit, 'DELETE', `${base(study.id)}/${ae.id}`, helper.session)).json().id).toBe(
      'DELETE_ACTIVE_AE_FORM',
    );
    const monitor = await member(kit, study.id, 'MONITOR');
    const form = await createForm(kit, study.id);
    expect((await call(kit, 'DELETE', `${base(study.id)}/${form.id}`, monitor.session)).statusCode).toBe(403);
    expect((await formRows(kit, study.id)).every((r) => r.deletedAt === null)).toBe(true);
    expect((await call(kit, 'DELETE', `${base(study.id)}/${form.id}`, helper.session)).statusCode).toBe(204);
  });
});

describe(`POST /api/studies/:studyId/questionnairetemplate/:formId/duplicate on ${engine}`, () => {
  it('copies with a unique "(copy)" title and new ids, show rules remapped', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id, { title: { en: 'Intake' } });
    const first = (await call(kit, 'POST', `${base(study.id)}/${form.id}/duplicate`, kit.admin)).json();
    const second = (await call(kit, 'POST', `${base(study.id)}/${form.id}/duplicate`, kit.admin)).json();
    expect(first.title).toEqual({ en: 'Intake (copy)' });
    expect(second.title).toEqual({ en: 'Intake (copy 2)' });
    expect(first.id).not.toBe(form.id);
    const [q1, q2, q3] = first.questions;
    expect([q1.id, q2.id, q3.id]).not.toContain('q1');
    expect(q2.possibilities[1].id).not.toBe('p2');
    expect(q3.showRules).toEqual([{ question: q2.id, possibilities: [q2.possibilities[1].id] }]);
  });

  it('refuses to duplicate the EQ-5D form (QUESTIONNAIRE_EXISTS) and forms of another study (404)', async () => {
    const study = await newStudy(kit);
    const eq = (
      await call(kit, 'POST', `/api/study/${study.id}/forms/addEQ5DTemplateToStudy`, kit.admin)
    ).json();
    const res = await call(kit, 'POST', `${base(study.id)}/${eq.id}/duplicate`, kit.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().id).toBe('QUESTIONNAIRE_EXISTS');
    const other = await newStudy(kit);
    expect((await call(kit, 'POST', `${base(other.id)}/${eq.id}/duplicate`, kit.admin)).statusCode).toBe(404);
    expect(await formRows(kit, study.id)).toHaveLength(1);
  });
});
