/** Forms used by processes (spec 001 §4 AE type lock, §7 DELETE_QT_FAIL, isUsedInProcess, process forms). */
import type { ProcessWrite } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { call, createForm, newStudy, useFormsApp } from './forms-test-kit';

const kit = useFormsApp();
const formsUrl = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;

async function createProcess(studyId: string, body: ProcessWrite) {
  const res = await call(kit, 'POST', `/api/studies/${studyId}/pathway`, kit.admin, body);
  if (res.statusCode !== 201) throw new Error(`process create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function updateProcess(studyId: string, detail: Record<string, unknown>, patch: Partial<ProcessWrite>) {
  const {
    id,
    studyId: _s,
    type: _t,
    locks: _l,
    enrollmentCount: _e,
    createdTime: _c,
    updatedTime: _u,
    ...rest
  } = detail;
  const res = await call(kit, 'PUT', `/api/studies/${studyId}/pathway/${id}`, kit.admin, {
    ...rest,
    ...patch,
  });
  if (res.statusCode !== 200) throw new Error(`process update failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe(`DELETE /api/studies/:studyId/questionnairetemplate/:formId with processes on ${engine}`, () => {
  it.each([
    [
      'a data event',
      (id: string) => ({ dataEvents: [{ name: { en: 'E' }, type: 'TYPE_USER' as const, forms: [id] }] }),
    ],
    [
      'optional forms',
      (id: string, other: string) => ({
        dataEvents: [{ name: { en: 'E' }, type: 'TYPE_USER' as const, forms: [other], optionalForms: [id] }],
      }),
    ],
    [
      'the unexpected selection',
      (id: string, other: string) => ({
        dataEvents: [{ name: { en: 'E' }, type: 'TYPE_USER' as const, forms: [other] }],
        unexpected: true,
        unexpectedVisit: { selectedQts: [], selectedOptionalQts: [id] },
      }),
    ],
  ])('refuses with DELETE_QT_FAIL while %s uses the form; deletes once it does not', async (_label, uses) => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id);
    const other = await createForm(kit, study.id);
    const process = await createProcess(study.id, { pathwayName: 'Main', ...uses(form.id, other.id) });
    const refused = await call(kit, 'DELETE', `${formsUrl(study.id)}/${form.id}`, kit.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'CONFLICT', id: 'DELETE_QT_FAIL' });
    await updateProcess(study.id, process, {
      dataEvents: [{ name: { en: 'E' }, type: 'TYPE_USER', forms: [other.id] }],
      unexpected: false,
      unexpectedVisit: { selectedQts: [], selectedOptionalQts: [] },
    });
    expect((await call(kit, 'DELETE', `${formsUrl(study.id)}/${form.id}`, kit.admin)).statusCode).toBe(204);
  });

  it('a deleted process no longer holds its forms', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id);
    const process = await createProcess(study.id, {
      pathwayName: 'Main',
      dataEvents: [{ name: { en: 'E' }, type: 'TYPE_USER', forms: [form.id] }],
    });
    await call(kit, 'DELETE', `/api/studies/${study.id}/pathway/${process.id}`, kit.admin);
    expect((await call(kit, 'DELETE', `${formsUrl(study.id)}/${form.id}`, kit.admin)).statusCode).toBe(204);
  });
});

describe(`isUsedInProcess and the AE type lock on ${engine}`, () => {
  it('the list and the form say isUsedInProcess; the AE type is locked while used', async () => {
    const study = await newStudy(kit);
    const used = await createForm(kit, study.id);
    const free = await createForm(kit, study.id);
    await createProcess(study.id, {
      pathwayName: 'Main',
      dataEvents: [{ name: { en: 'E' }, type: 'TYPE_USER', forms: [used.id] }],
    });
    const list = (await call(kit, 'GET', formsUrl(study.id), kit.admin)).json();
    const usedById = Object.fromEntries(
      list.map((f: { id: string; isUsedInProcess: boolean }) => [f.id, f.isUsedInProcess]),
    );
    expect(usedById).toEqual({ [used.id]: true, [free.id]: false });

    const view = (await call(kit, 'GET', `${formsUrl(study.id)}/${used.id}`, kit.admin)).json();
    expect(view.isUsedInProcess).toBe(true);
    expect(view.locks.isAeTypeLocked).toBe(true);
    const retyped = await call(kit, 'POST', formsUrl(study.id), kit.admin, { ...view, type: 'TYPE_AE' });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().context.issues).toEqual([{ path: ['type'], message: 'AE_TYPE_LOCKED' }]);

    const freeView = (await call(kit, 'GET', `${formsUrl(study.id)}/${free.id}`, kit.admin)).json();
    expect(freeView.locks.isAeTypeLocked).toBe(false);
  });
});

describe(`GET /api/study/:studyId/process/:processId/forms on ${engine}`, () => {
  it('returns the process forms in data-event order, each once, then the unscheduled selections', async () => {
    const study = await newStudy(kit);
    const [a, b, c, d] = [
      await createForm(kit, study.id),
      await createForm(kit, study.id),
      await createForm(kit, study.id),
      await createForm(kit, study.id),
    ];
    await createForm(kit, study.id); // not in the process
    const process = await createProcess(study.id, {
      pathwayName: 'Main',
      dataEvents: [
        { name: { en: 'One' }, type: 'TYPE_USER', forms: [c.id, a.id] },
        { name: { en: 'Two' }, type: 'TYPE_USER', forms: [a.id], optionalForms: [b.id] },
      ],
      discontinued: true,
      discontinueDataEvent: { selectedQts: [d.id, c.id] },
    });
    const res = await call(kit, 'GET', `/api/study/${study.id}/process/${process.id}/forms`, kit.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { id: string }) => f.id)).toEqual([c.id, a.id, b.id, d.id]);
    expect(res.json()[0].isUsedInProcess).toBe(true);
  });

  it('is 404 for an unknown, deleted or other-study process', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id);
    const process = await createProcess(study.id, {
      pathwayName: 'Main',
      dataEvents: [{ name: { en: 'E' }, type: 'TYPE_USER', forms: [form.id] }],
    });
    const other = await newStudy(kit);
    expect(
      (await call(kit, 'GET', `/api/study/${other.id}/process/${process.id}/forms`, kit.admin)).statusCode,
    ).toBe(404);
    await call(kit, 'DELETE', `/api/studies/${study.id}/pathway/${process.id}`, kit.admin);
    expect(
      (await call(kit, 'GET', `/api/study/${study.id}/process/${process.id}/forms`, kit.admin)).statusCode,
    ).toBe(404);
  });
});
