// @module-tag locking
/** Spec 001 §4 form editing locks and the per-study form limit, through POST questionnairetemplate. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { call, createForm, formDoc, formRows, newStudy, useFormsApp } from './forms-test-kit';
import { formTemplates } from './tables';

const kit = useFormsApp();
const url = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;
const setStatus = (studyId: string, status: string) =>
  kit.t.app.database.db.execute(sql`update study set status = ${status} where id = ${studyId}`);

describe(`form editing locks on ${engine}`, () => {
  it('production: texts change, structure does not (new, removed or retyped questions, possibilities)', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id);
    await setStatus(study.id, 'PRODUCTION');
    const texts = structuredClone(form);
    texts.questions[0].question = { en: 'Your full name' };
    texts.questions[1].possibilities[0].possibility = { en: 'Crimson' };
    const textsSaved = await call(kit, 'POST', url(study.id), kit.admin, texts);
    expect(textsSaved.statusCode, textsSaved.body).toBe(200);
    texts.revision = textsSaved.json().revision; // the next saves build on this one

    const retyped = structuredClone(texts);
    retyped.questions[0].type = 'TEXT_FREE';
    const added = structuredClone(texts);
    added.questions.push({ ...texts.questions[0], id: 'new', order: 4 });
    const removed = { ...texts, questions: texts.questions.slice(1) };
    const extraChoice = structuredClone(texts);
    extraChoice.questions[1].possibilities.push({ id: 'p3', possibility: { en: 'Green' } });
    for (const [doc, path] of [
      [retyped, ['questions', 0]],
      [added, ['questions', 3]],
      [removed, ['questions']],
      [extraChoice, ['questions', 1]],
    ] as const) {
      const res = await call(kit, 'POST', url(study.id), kit.admin, doc);
      expect(res.statusCode).toBe(400);
      expect(res.json().context.issues).toEqual([
        expect.objectContaining({ path, message: 'STRUCTURE_LOCKED' }),
      ]);
    }
    const [row] = await formRows(kit, study.id);
    expect((row?.document as { questions?: unknown[] } | undefined)?.questions).toHaveLength(3);
  });

  it('production refuses new forms and deletions with STUDY_STATUS_MISMATCH', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id);
    await setStatus(study.id, 'PRODUCTION');
    const created = await call(kit, 'POST', url(study.id), kit.admin, formDoc());
    expect(created.json().id).toBe('STUDY_STATUS_MISMATCH');
    const deleted = await call(kit, 'DELETE', `${url(study.id)}/${form.id}`, kit.admin);
    expect(deleted.json().id).toBe('STUDY_STATUS_MISMATCH');
    expect(await formRows(kit, study.id)).toHaveLength(1);
  });

  it('amendment: only fully editable questions change structure; the type of a not fully editable form is locked', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id);
    form.questions[1].fullyEditable = false;
    const saved = (await call(kit, 'POST', url(study.id), kit.admin, form)).json();
    await setStatus(study.id, 'AMENDMENT');
    const free = structuredClone(saved);
    free.questions[0].type = 'TEXT_FREE';
    const freeSaved = await call(kit, 'POST', url(study.id), kit.admin, free);
    expect(freeSaved.statusCode).toBe(200);
    const locked = structuredClone(freeSaved.json());
    locked.questions[1].possibilities.pop();
    const res = await call(kit, 'POST', url(study.id), kit.admin, locked);
    expect(res.json().context.issues).toEqual([{ path: ['questions', 1], message: 'STRUCTURE_LOCKED' }]);

    const fixedForm = await createForm(kit, study.id, { fullyEditable: false });
    expect(fixedForm.locks.isTypeLocked).toBe(true);
    const retyped = await call(kit, 'POST', url(study.id), kit.admin, { ...fixedForm, type: 'TYPE_HP' });
    expect(retyped.json().context.issues).toEqual([{ path: ['type'], message: 'TYPE_LOCKED' }]);
  });
});

describe(`per-study form limit on ${engine}`, () => {
  it('refuses the 501st form with TOO_MANY_QUESTIONNAIRES', async () => {
    const study = await newStudy(kit);
    const now = new Date();
    const rows = Array.from({ length: 500 }, (_, i) => ({
      studyId: study.id,
      id: `${study.id}-f${i}`,
      name: `Bulk ${i}`,
      type: 'TYPE_FORM',
      document: { id: `${study.id}-f${i}`, title: { en: `Bulk ${i}` }, type: 'TYPE_FORM' },
      createdBy: 'test',
      createdAt: now,
      updatedAt: now,
    }));
    await kit.t.app.database.db.insert(formTemplates).values(rows);
    const res = await call(kit, 'POST', url(study.id), kit.admin, formDoc());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ id: 'TOO_MANY_QUESTIONNAIRES', context: { max: 500 } });
    expect(await formRows(kit, study.id)).toHaveLength(500);
  });
});
