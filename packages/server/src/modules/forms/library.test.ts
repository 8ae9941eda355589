// @module-tag json
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { engine, loginAs } from '../../../test/harness';
import { auditActions, call, createForm, formRows, member, newStudy, useFormsApp } from './forms-test-kit';

const kit = useFormsApp();

describe(`GET /api/system/formTemplates/active on ${engine}`, () => {
  it('seeds the library once with EQ-5D-5L, PHQ-9 and GAD-7, filtered by type', async () => {
    const all = await call(kit, 'GET', '/api/system/formTemplates/active', kit.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((t: { name: string }) => t.name)).toEqual(['EQ-5D-5L', 'GAD-7', 'PHQ-9']);
    const again = await call(kit, 'GET', '/api/system/formTemplates/active', kit.admin);
    expect(again.json()).toHaveLength(3);
    const eq = await call(kit, 'GET', '/api/system/formTemplates/active?type=TYPE_EQ_5D', kit.admin);
    expect(eq.json().map((t: { name: string }) => t.name)).toEqual(['EQ-5D-5L']);
    const phq = all.json().find((t: { name: string }) => t.name === 'PHQ-9');
    expect(phq.questionCount).toBe(11);
    expect(phq.document.questions[10]).toMatchObject({
      type: 'CALCULATED',
      calculationFormula: 'Q1+Q2+Q3+Q4+Q5+Q6+Q7+Q8+Q9',
    });
    expect((await call(kit, 'GET', '/api/system/formTemplates/active', null)).statusCode).toBe(401);
  });
});

describe(`POST /api/study/:studyId/forms/addEQ5DTemplateToStudy on ${engine}`, () => {
  it('adds the EQ-5D-5L form: five dimensions of five levels, the 0-100 VAS and the device classes', async () => {
    const study = await newStudy(kit);
    const res = await call(kit, 'POST', `/api/study/${study.id}/forms/addEQ5DTemplateToStudy`, kit.admin);
    expect(res.statusCode).toBe(201);
    const form = res.json();
    expect(form.type).toBe('TYPE_EQ_5D');
    expect(
      form.questions.slice(0, 5).every((q: { possibilities: unknown[] }) => q.possibilities.length === 5),
    ).toBe(true);
    expect(form.questions[5]).toMatchObject({ type: 'SLIDER', minValue: 0, maxValue: 100 });
    expect(form.deviceClasses).toEqual([
      { deviceClass: 'MOBILE', minWidth: 0, maxWidth: 540 },
      { deviceClass: 'TABLET', minWidth: 540, maxWidth: 1024 },
      { deviceClass: 'DESKTOP', minWidth: 1024, maxWidth: null },
    ]);
    const monitor = await member(kit, study.id, 'MONITOR');
    const refused = await call(
      kit,
      'POST',
      `/api/study/${study.id}/forms/addEQ5DTemplateToStudy`,
      monitor.session,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe(`user templates on ${engine}`, () => {
  it('saves a form to the caller’s templates, loads it into another study with new ids, and deletes it', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id, { title: { en: 'Reusable' } });
    const saved = await call(
      kit,
      'POST',
      `/api/studies/${study.id}/questionnairetemplate/${form.id}/userSave`,
      kit.admin,
    );
    expect(saved.statusCode).toBe(201);
    const mine = (await call(kit, 'GET', '/api/questionnairetemplate/userTemplates', kit.admin)).json();
    expect(mine.map((t: { id: string }) => t.id)).toContain(saved.json().id);

    const target = await newStudy(kit);
    const loaded = await call(kit, 'POST', `/api/study/${target.id}/forms/loadFromProfile`, kit.admin, {
      templateId: saved.json().id,
    });
    expect(loaded.statusCode, loaded.body).toBe(201);
    expect(loaded.json().title).toEqual({ en: 'Reusable' });
    expect(loaded.json().id).not.toBe(form.id);
    expect(loaded.json().questions[0].id).not.toBe('q1');
    const again = await call(kit, 'POST', `/api/study/${target.id}/forms/loadFromProfile`, kit.admin, {
      templateId: saved.json().id,
    });
    expect(again.json().title).toEqual({ en: 'Reusable (copy)' });
    expect(await auditActions(kit, target.id)).toEqual(['FORM_TEMPLATE_CREATED', 'FORM_TEMPLATE_CREATED']);

    const other = await buildUser(kit.t.app);
    const otherSession = await loginAs(kit.t.app, other.email, other.password);
    const theirs = await call(
      kit,
      'DELETE',
      `/api/questionnairetemplate/userTemplate/${saved.json().id}`,
      otherSession,
    );
    expect(theirs.statusCode).toBe(404);
    const stolen = await call(kit, 'POST', `/api/study/${target.id}/forms/loadFromProfile`, otherSession, {
      templateId: saved.json().id,
    });
    expect(stolen.statusCode).toBe(403);
    const del = await call(
      kit,
      'DELETE',
      `/api/questionnairetemplate/userTemplate/${saved.json().id}`,
      kit.admin,
    );
    expect(del.statusCode).toBe(204);
    expect(
      (await call(kit, 'GET', '/api/questionnairetemplate/userTemplates', kit.admin)).json(),
    ).toHaveLength(mine.length - 1);
  });

  it('loads a system template (PHQ-9) into a study', async () => {
    const study = await newStudy(kit);
    const res = await call(kit, 'POST', `/api/study/${study.id}/forms/loadFromProfile`, kit.admin, {
      templateId: 'system-phq9',
      source: 'SYSTEM',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: { en: 'PHQ-9' }, score: true });
    expect(await formRows(kit, study.id)).toHaveLength(1);
  });
});

describe(`/api/studies/:studyId/questiontemplate on ${engine}`, () => {
  const question = {
    id: 'q',
    order: 4,
    type: 'NUMBER',
    question: { en: 'Weight (kg)' },
    minValue: 0,
    maxValue: 500,
  };

  it('saves a question template and lists it; invalid questions are refused with paths', async () => {
    const study = await newStudy(kit);
    const url = `/api/studies/${study.id}/questiontemplate`;
    const res = await call(kit, 'POST', url, kit.admin, { name: 'Weight', question });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().question).toMatchObject({ order: 1, minValue: 0, maxValue: 500 });
    const bad = await call(kit, 'POST', url, kit.admin, {
      name: 'Bad',
      question: { ...question, minValue: 9, maxValue: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().context.issues[0].path).toEqual(['question', 'minValue']);
    const list = (await call(kit, 'GET', url, kit.admin)).json();
    expect(list.map((t: { name: string }) => t.name)).toEqual(['Weight']);
    expect(await auditActions(kit, study.id, 'QUESTION_TEMPLATE')).toEqual(['QUESTION_TEMPLATE_CREATED']);
    const monitor = await member(kit, study.id, 'MONITOR');
    expect((await call(kit, 'GET', url, monitor.session)).statusCode).toBe(403);
  });
});
