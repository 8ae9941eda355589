import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { auditActions, call, createForm, member, newStudy, useFormsApp } from './forms-test-kit';
import { formTemplateVersions } from './tables';

const kit = useFormsApp();
const promote = (studyId: string) => `/api/studies/${studyId}/forms/promoteFormVersion`;
const form = (studyId: string, formId: string) => `/api/studies/${studyId}/questionnairetemplate/${formId}`;

describe(`POST /api/studies/:studyId/forms/promoteFormVersion on ${engine}`, () => {
  it('publishes 1.0, then 1.1 (minor) and 2.0 (major); older versions stay readable with isOldVersion', async () => {
    const study = await newStudy(kit);
    const draft = await createForm(kit, study.id, { title: { en: 'Versioned' } });
    const v1 = await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'major' });
    expect(v1.statusCode).toBe(201);
    expect(v1.json().version).toMatchObject({ major: 1, minor: 0 });
    expect((await call(kit, 'GET', form(study.id, draft.id), kit.admin)).json()).toMatchObject({
      published: true,
    });

    const edited = await call(kit, 'POST', `/api/studies/${study.id}/questionnairetemplate`, kit.admin, {
      ...draft,
      title: { en: 'Versioned, edited' },
    });
    expect(edited.json()).toMatchObject({ published: false, version: { major: 1, minor: 0 } });
    const v11 = await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'minor' });
    expect(v11.json().version).toMatchObject({ major: 1, minor: 1 });
    const v2 = await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'major' });
    expect(v2.json().version).toMatchObject({ major: 2, minor: 0 });

    const old = await call(
      kit,
      'GET',
      `${form(study.id, draft.id)}?isOldVersion=true&major=1&minor=0`,
      kit.admin,
    );
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({
      title: { en: 'Versioned' },
      version: { major: 1, minor: 0 },
      published: true,
      locks: { isReadOnly: true },
    });
    const current = (await call(kit, 'GET', form(study.id, draft.id), kit.admin)).json();
    expect(current).toMatchObject({ title: { en: 'Versioned, edited' }, version: { major: 2, minor: 0 } });

    const list = (
      await call(kit, 'GET', `/api/studies/${study.id}/questionnairetemplate?withVersions=true`, kit.admin)
    ).json();
    expect(list[0].versions.map((v: { major: number; minor: number }) => `${v.major}.${v.minor}`)).toEqual([
      '1.0',
      '1.1',
      '2.0',
    ]);
    expect(await auditActions(kit, study.id, 'FORM_TEMPLATE_VERSION')).toEqual([
      'FORM_VERSION_PUBLISHED',
      'FORM_VERSION_PUBLISHED',
      'FORM_VERSION_PUBLISHED',
    ]);
  });

  it('keeps published versions immutable: the database refuses update and delete', async () => {
    const study = await newStudy(kit);
    const draft = await createForm(kit, study.id);
    await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'major' });
    const db = kit.t.app.database.db;
    await expect(
      db.update(formTemplateVersions).set({ document: {} }).where(eq(formTemplateVersions.formId, draft.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(formTemplateVersions).where(eq(formTemplateVersions.formId, draft.id)),
    ).rejects.toThrow();
    const old = await call(
      kit,
      'GET',
      `${form(study.id, draft.id)}?isOldVersion=true&major=1&minor=0`,
      kit.admin,
    );
    expect(old.json().questions).toHaveLength(3);
  });

  it('refuses an invalid draft with its issue paths and publishes nothing', async () => {
    const study = await newStudy(kit);
    const draft = await createForm(kit, study.id);
    // A draft saved before a rule tightened: written straight to the table.
    await kit.t.app.database.db.execute(
      `update form_template set document = jsonb_set(document, '{title}', '{"en": ""}') where id = '${draft.id}'`,
    );
    const res = await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'major' });
    expect(res.statusCode).toBe(400);
    expect(res.json().context.issues[0].path).toEqual(['title']);
    const rows = await kit.t.app.database.db
      .select()
      .from(formTemplateVersions)
      .where(eq(formTemplateVersions.formId, draft.id));
    expect(rows).toHaveLength(0);
  });

  it('asks for major and minor with isOldVersion, 404 for a version never published, 403 without the right', async () => {
    const study = await newStudy(kit);
    const draft = await createForm(kit, study.id);
    const noNumbers = await call(kit, 'GET', `${form(study.id, draft.id)}?isOldVersion=true`, kit.admin);
    expect(noNumbers.statusCode).toBe(400);
    const missing = await call(
      kit,
      'GET',
      `${form(study.id, draft.id)}?isOldVersion=true&major=3&minor=0`,
      kit.admin,
    );
    expect(missing.statusCode).toBe(404);
    const monitor = await member(kit, study.id, 'MONITOR');
    const res = await call(kit, 'POST', promote(study.id), monitor.session, {
      formId: draft.id,
      kind: 'major',
    });
    expect(res.statusCode).toBe(403);
    const bad = await call(kit, 'POST', promote(study.id), kit.admin, { formId: draft.id, kind: 'patch' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().context.issues[0].path).toEqual(['kind']);
  });
});

describe(`process and enrollment forms on ${engine}`, () => {
  it('GET /api/study/:studyId/process/:processId/forms is 404 for an unknown process, 400 for a malformed id', async () => {
    const study = await newStudy(kit);
    const unknown = 'f'.repeat(24);
    expect(
      (await call(kit, 'GET', `/api/study/${study.id}/process/${unknown}/forms`, kit.admin)).statusCode,
    ).toBe(404);
    // Issue 17 item 4: a record id of the wrong shape is refused at the edge.
    expect((await call(kit, 'GET', `/api/study/${study.id}/process/nope/forms`, kit.admin)).statusCode).toBe(
      400,
    );
  });

  it('GET tagged forms answer INVALID_ENROLLMENT for an unknown enrollment', async () => {
    const study = await newStudy(kit);
    const draft = await createForm(kit, study.id);
    const all = await call(kit, 'GET', `/api/study/${study.id}/questionnairetemplate/tagged/nope`, kit.admin);
    expect(all.statusCode).toBe(404);
    expect(all.json().id).toBe('INVALID_ENROLLMENT');
    const one = await call(
      kit,
      'GET',
      `/api/study/${study.id}/questionnairetemplate/${draft.id}/tagged/nope`,
      kit.admin,
    );
    expect(one.json().id).toBe('INVALID_ENROLLMENT');
  });
});
