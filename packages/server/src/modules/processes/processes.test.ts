/** Spec 001 §7 Processes through HTTP: CRUD, duplicate, data event and public look-ups, 001 §5 rules. */
import type { ProcessWrite } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { studies } from '../studies/tables';
import {
  addEnrollment,
  auditRows,
  buildForm,
  call,
  createProcess,
  issuesOf,
  member,
  pathwayUrl,
  processBody,
  setPlanLimit,
  studyWithForms,
  useProcessesApp,
  writeBodyOf,
} from './processes-test-kit';
import { processDataEvents } from './tables';

const kit = useProcessesApp();

async function dataEventRows(studyId: string) {
  return kit.t.app.database.db.select().from(processDataEvents).where(eq(processDataEvents.studyId, studyId));
}

describe(`processes API on ${engine}`, () => {
  describe('POST /api/studies/:studyId/pathway', () => {
    it('creates a process with server ids, derived flags and locks, indexes its data events and audits', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const body = {
        ...processBody({ f1, f2 }),
        fullyEditable: false,
        hasUnexpected: true,
        didUploadCustomRandomizationList: true,
      };
      const res = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, body);
      expect(res.statusCode).toBe(201);
      const detail = res.json();
      expect(detail).toMatchObject({
        studyId: study.id,
        pathwayName: body.pathwayName,
        type: 'DATA_COLLECTION',
        fullyEditable: true,
        hasUnexpected: false,
        didUploadCustomRandomizationList: false,
        enrollmentCount: 0,
        locks: { isReadOnly: false, isStructureLocked: false, canAddEvent: true, eventLimit: null },
      });
      expect(detail.id).toMatch(/^[0-9a-f]{24}$/);
      expect(detail.dataEvents.map((e: { id: string }) => e.id)).toEqual([
        expect.stringMatching(/^[0-9a-f]{24}$/),
        expect.stringMatching(/^[0-9a-f]{24}$/),
      ]);
      expect(detail.unexpectedVisit.id).toMatch(/^[0-9a-f]{24}$/);
      const index = await dataEventRows(study.id);
      expect(index.map((r) => r.dataEventId).sort()).toEqual(
        detail.dataEvents.map((e: { id: string }) => e.id).sort(),
      );
      const audit = await auditRows(kit, study.id);
      expect(audit.map((a) => a.action)).toEqual(['PROCESS_CREATED']);
      expect(audit[0]?.entityId).toBe(detail.id);
    });

    it('refuses a duplicate name (case-insensitive) with DUPLICATE_NAME at pathwayName', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      await createProcess(kit, study.id, processBody({ f1, f2 }, { pathwayName: 'Main' }));
      const res = await call(
        kit,
        'POST',
        pathwayUrl(study.id),
        kit.admin,
        processBody({ f1, f2 }, { pathwayName: ' MAIN ' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION', id: 'DUPLICATE_NAME' });
      expect(issuesOf(res.json())).toEqual([['pathwayName', 'DUPLICATE']]);
    });

    it('refuses unknown and AE forms at their field paths, writing nothing', {
      tags: ['transactions'],
    }, async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const ae = await buildForm(kit, study.id, 'TYPE_AE');
      const body = processBody({ f1, f2 });
      body.dataEvents = [
        { name: { en: 'A' }, type: 'TYPE_USER', forms: ['ffffffffffffffffffffffff'] },
        { name: { en: 'B' }, type: 'TYPE_USER', forms: [f1], optionalForms: [ae.id] },
      ];
      body.unexpected = true;
      body.unexpectedVisit = { selectedQts: ['nope'] };
      const res = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, body);
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res.json())).toEqual([
        ['dataEvents.0.forms', 'UNKNOWN_REFERENCE'],
        ['dataEvents.1.optionalForms', 'NOT_ALLOWED'],
        ['unexpectedVisit.selectedQts', 'UNKNOWN_REFERENCE'],
      ]);
      expect(await dataEventRows(study.id)).toEqual([]);
      expect(await auditRows(kit, study.id)).toEqual([]);
    });

    it('a user without PATHWAY_CREATE gets 403; without a session 401 (spec 000 §6 role table)', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const investigator = await member(kit, study.id, 'INVESTIGATOR');
      expect(
        (await call(kit, 'POST', pathwayUrl(study.id), investigator, processBody({ f1, f2 }))).statusCode,
      ).toBe(403);
      expect((await call(kit, 'POST', pathwayUrl(study.id), null, processBody({ f1, f2 }))).statusCode).toBe(
        401,
      );
      const helper = await member(kit, study.id, 'STUDY_HELPER');
      const created = await call(kit, 'POST', pathwayUrl(study.id), helper, processBody({ f1, f2 }));
      expect(created.statusCode).toBe(201);
      // docs/ROLES.md: the investigator lists (PATHWAY_LIST); the helper reads one (PATHWAY_VIEW); a
      // monitor reads the processes too (design read), but neither it nor OTHER changes them.
      expect((await call(kit, 'GET', pathwayUrl(study.id), investigator)).json()).toHaveLength(1);
      expect((await call(kit, 'GET', pathwayUrl(study.id, `/${created.json().id}`), helper)).statusCode).toBe(
        200,
      );
      const monitor = await member(kit, study.id, 'MONITOR');
      expect((await call(kit, 'GET', pathwayUrl(study.id), monitor)).statusCode).toBe(200);
      expect(
        (await call(kit, 'POST', pathwayUrl(study.id), monitor, processBody({ f1, f2 }))).statusCode,
      ).toBe(403);
      const other = await member(kit, study.id, 'OTHER');
      expect((await call(kit, 'GET', pathwayUrl(study.id), other)).statusCode).toBe(403);
      expect(await auditRows(kit, study.id)).toHaveLength(1);
    });

    it('counts the plan event limit across all live processes (TOO_MANY at dataEvents)', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      await setPlanLimit(kit, study.id, 3);
      const first = await createProcess(kit, study.id, processBody({ f1, f2 }));
      expect(first.locks.eventLimit).toEqual({ max: 3, used: 2, planName: 'Starter' });
      expect(first.locks.canAddEvent).toBe(true);
      const res = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, processBody({ f1, f2 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().context.issues).toEqual([
        { path: ['dataEvents'], message: 'TOO_MANY', params: { max: 3, used: 2, planName: 'Starter' } },
      ]);
      const one = processBody({ f1, f2 });
      one.dataEvents = one.dataEvents?.slice(0, 1);
      const second = await createProcess(kit, study.id, one);
      expect(second.locks).toMatchObject({ canAddEvent: false, addEventBlockedBy: 'PLAN_LIMIT' });
      expect(second.locks.eventLimit.used).toBe(3);
    });
  });

  describe('GET list and detail, PUT', () => {
    it('lists processes with counts, reads one, and updates it keeping event ids; audit before/after', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }, { pathwayName: 'Main' }));
      await addEnrollment(kit, study.id, created.id);
      const list = await call(kit, 'GET', pathwayUrl(study.id), kit.admin);
      expect(list.json()).toEqual([
        expect.objectContaining({
          id: created.id,
          pathwayName: 'Main',
          type: 'DATA_COLLECTION',
          dataEventCount: 2,
          enrollmentCount: 1,
        }),
      ]);
      const got = await call(kit, 'GET', pathwayUrl(study.id, `/${created.id}`), kit.admin);
      expect(got.statusCode).toBe(200);
      expect(got.json().enrollmentCount).toBe(1);

      const body = writeBodyOf(got.json());
      body.pathwayName = 'Main renamed';
      const week = body.dataEvents?.[1];
      if (week) week.referenceDate = 'REGISTRATION';
      body.dataEvents = [
        ...(body.dataEvents ?? []).reverse(),
        { name: { en: 'Staff' }, type: 'TYPE_USER', forms: [f2] },
      ];
      const put = await call(kit, 'PUT', pathwayUrl(study.id, `/${created.id}`), kit.admin, body);
      expect(put.statusCode).toBe(200);
      const ids = put.json().dataEvents.map((e: { id: string }) => e.id);
      expect(ids.slice(0, 2)).toEqual([created.dataEvents[1].id, created.dataEvents[0].id]);
      expect(ids[2]).not.toBe(created.dataEvents[0].id);
      expect((await dataEventRows(study.id)).map((r) => r.dataEventId).sort()).toEqual([...ids].sort());
      const audit = await auditRows(kit, study.id);
      expect(audit.map((a) => a.action)).toEqual(['PROCESS_CREATED', 'PROCESS_UPDATED']);
      expect(audit[1]?.before).toMatchObject({ name: 'Main' });
      expect(audit[1]?.after).toMatchObject({ name: 'Main renamed' });
    });

    it('an unchanged PUT writes no audit event; unknown ids are 404; other studies do not see it', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
      const same = await call(
        kit,
        'PUT',
        pathwayUrl(study.id, `/${created.id}`),
        kit.admin,
        writeBodyOf(created),
      );
      expect(same.statusCode).toBe(200);
      expect((await auditRows(kit, study.id)).map((a) => a.action)).toEqual(['PROCESS_CREATED']);
      const missing = 'ffffffffffffffffffffffff';
      expect((await call(kit, 'GET', pathwayUrl(study.id, `/${missing}`), kit.admin)).statusCode).toBe(404);
      expect(
        (await call(kit, 'PUT', pathwayUrl(study.id, `/${missing}`), kit.admin, writeBodyOf(created)))
          .statusCode,
      ).toBe(404);
      const other = await studyWithForms(kit);
      expect(
        (await call(kit, 'GET', pathwayUrl(other.study.id, `/${created.id}`), kit.admin)).statusCode,
      ).toBe(404);
    });

    it('a client id of a new event is replaced and the stratification naming it follows', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const form = await buildForm(kit, study.id, 'TYPE_FORM', ['age']);
      const body: ProcessWrite = {
        ...processBody({ f1, f2 }),
        randomization: true,
        targetInclusion: '10',
        stratifyBySite: false,
        trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' } }],
        dataEvents: [{ id: 'tmp-1', name: { en: 'Screening' }, type: 'TYPE_USER', forms: [form.id] }],
        questionStratifications: [{ dataEvent: 'tmp-1', form: form.id, question: 'age' }],
      };
      const created = await createProcess(kit, study.id, body);
      expect(created.dataEvents[0].id).not.toBe('tmp-1');
      expect(created.questionStratifications[0].dataEvent).toBe(created.dataEvents[0].id);
      const wrong = structuredClone(body);
      wrong.pathwayName = 'Other';
      wrong.questionStratifications = [{ dataEvent: 'tmp-1', form: f1, question: 'q1' }];
      const res = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, wrong);
      expect(issuesOf(res.json())).toEqual([['questionStratifications.0.form', 'NOT_IN_DATA_EVENT']]);
      wrong.questionStratifications = [{ dataEvent: 'tmp-1', form: form.id, question: 'height' }];
      const res2 = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, wrong);
      expect(issuesOf(res2.json())).toEqual([['questionStratifications.0.question', 'UNKNOWN_REFERENCE']]);
    });
  });

  describe('DELETE /api/studies/:studyId/pathway/:id', () => {
    it('soft deletes, frees the name and the data event index, and audits', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }, { pathwayName: 'Gone' }));
      const res = await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin);
      expect(res.statusCode).toBe(204);
      expect((await call(kit, 'GET', pathwayUrl(study.id, `/${created.id}`), kit.admin)).statusCode).toBe(
        404,
      );
      expect((await call(kit, 'GET', pathwayUrl(study.id), kit.admin)).json()).toEqual([]);
      expect(await dataEventRows(study.id)).toEqual([]);
      await createProcess(kit, study.id, processBody({ f1, f2 }, { pathwayName: 'Gone' }));
      expect((await auditRows(kit, study.id)).map((a) => a.action)).toEqual([
        'PROCESS_CREATED',
        'PROCESS_DELETED',
        'PROCESS_CREATED',
      ]);
    });

    it('refuses a process with enrollments (CONFLICT) and a user without PATHWAY_DELETE (403)', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
      const monitor = await member(kit, study.id, 'MONITOR');
      expect((await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), monitor)).statusCode).toBe(
        403,
      );
      await addEnrollment(kit, study.id, created.id);
      const res = await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ type: 'CONFLICT', context: { enrollments: 1 } });
      expect((await call(kit, 'GET', pathwayUrl(study.id, `/${created.id}`), kit.admin)).statusCode).toBe(
        200,
      );
    });
  });

  describe('POST /api/studies/:studyId/pathway/:id/duplicate', () => {
    it('copies as "<name> (copy)", then "(copy 2)", with new data event ids, audited', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const source = await createProcess(kit, study.id, processBody({ f1, f2 }, { pathwayName: 'Main' }));
      const url = pathwayUrl(study.id, `/${source.id}/duplicate`);
      const first = await call(kit, 'POST', url, kit.admin);
      expect(first.statusCode).toBe(201);
      expect(first.json().pathwayName).toBe('Main (copy)');
      const sourceIds = new Set(source.dataEvents.map((e: { id: string }) => e.id));
      for (const e of first.json().dataEvents) expect(sourceIds.has(e.id)).toBe(false);
      expect(first.json().dataEvents.map((e: { forms: string[] }) => e.forms)).toEqual([[f1], [f2]]);
      expect((await call(kit, 'POST', url, kit.admin)).json().pathwayName).toBe('Main (copy 2)');
      expect((await dataEventRows(study.id)).length).toBe(6);
      const audit = await auditRows(kit, study.id);
      expect(audit.map((a) => a.action)).toEqual([
        'PROCESS_CREATED',
        'PROCESS_DUPLICATED',
        'PROCESS_DUPLICATED',
      ]);
      expect(audit[1]?.before).toMatchObject({ duplicatedFrom: source.id });
    });

    it('keeps a long name within 64 characters and needs PATHWAY_DUPLICATE', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const source = await createProcess(
        kit,
        study.id,
        processBody({ f1, f2 }, { pathwayName: 'x'.repeat(64) }),
      );
      const url = pathwayUrl(study.id, `/${source.id}/duplicate`);
      const copy = (await call(kit, 'POST', url, kit.admin)).json();
      expect(copy.pathwayName).toBe(`${'x'.repeat(57)} (copy)`);
      const monitor = await member(kit, study.id, 'MONITOR');
      expect((await call(kit, 'POST', url, monitor)).statusCode).toBe(403);
    });
  });

  describe('GET /api/study/:studyId/dataEvent/:dataEventId', () => {
    it('returns the event with its process and position; 404 for unknown, deleted or other-study events', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }, { pathwayName: 'Main' }));
      const eventId = created.dataEvents[1].id;
      const res = await call(kit, 'GET', `/api/study/${study.id}/dataEvent/${eventId}`, kit.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        processId: created.id,
        pathwayName: 'Main',
        index: 1,
        dataEvent: { id: eventId, type: 'TYPE_PATIENT', forms: [f2], offsetDays: 7 },
      });
      const other = await studyWithForms(kit);
      expect(
        (await call(kit, 'GET', `/api/study/${other.study.id}/dataEvent/${eventId}`, kit.admin)).statusCode,
      ).toBe(404);
      await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin);
      expect(
        (await call(kit, 'GET', `/api/study/${study.id}/dataEvent/${eventId}`, kit.admin)).statusCode,
      ).toBe(404);
    });
  });

  describe('GET /api/public/study/:studyId/pathway/:pathwayId/getInfo', () => {
    it('answers without login with public-safe fields only; 404 for unknown and deleted processes', async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const created = await createProcess(
        kit,
        study.id,
        processBody(
          { f1, f2 },
          {
            pathwayName: 'Sign-up',
            public: true,
            consentRequired: true,
            consentText: { en: '<p>I agree</p><script>alert(1)</script>' },
            supportedLanguages: ['en', 'da'],
          },
        ),
      );
      const url = `/api/public/study/${study.id}/pathway/${created.id}/getInfo`;
      const res = await call(kit, 'GET', url, null);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        studyId: study.id,
        pathwayId: created.id,
        pathwayName: 'Sign-up',
        primaryLanguage: 'en',
        supportedLanguages: ['en', 'da'],
        public: true,
        publicReenroll: false,
        publicIntroTextEnabled: false,
        publicIntroText: null,
        consentRequired: true,
        consentText: { en: '<p>I agree</p>' },
        disableInvestigatorAttributesFields: false,
      });
      expect(res.body).not.toContain(f1);
      const unknown = `/api/public/study/${study.id}/pathway/ffffffffffffffffffffffff/getInfo`;
      expect((await call(kit, 'GET', unknown, null)).statusCode).toBe(404);
      await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin);
      expect((await call(kit, 'GET', url, null)).statusCode).toBe(404);
    });

    it("offers the study's languages when the process names none (the unsubscribe page's switch)", async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      await kit.t.app.database.db
        .update(studies)
        .set({ languages: ['en', 'ar', 'da'] })
        .where(eq(studies.id, study.id));
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }, { supportedLanguages: [] }));
      const res = await call(kit, 'GET', `/api/public/study/${study.id}/pathway/${created.id}/getInfo`, null);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ primaryLanguage: 'en', supportedLanguages: ['en', 'ar', 'da'] });
      const own = await createProcess(kit, study.id, processBody({ f1, f2 }, { supportedLanguages: ['da'] }));
      const ownRes = await call(kit, 'GET', `/api/public/study/${study.id}/pathway/${own.id}/getInfo`, null);
      expect(ownRes.json().supportedLanguages).toEqual(['da']);
    });
  });
});

describe(`spec 001 §5 process rules through POST /pathway on ${engine}`, () => {
  async function refused(input: Partial<ProcessWrite>) {
    const { study, f1, f2 } = await studyWithForms(kit);
    const res = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, processBody({ f1, f2 }, input));
    return { status: res.statusCode, type: res.json().type, issues: issuesOf(res.json()), forms: { f1, f2 } };
  }
  const randomised = {
    randomization: true,
    targetInclusion: '100',
    stratifyBySite: false,
    trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' } }],
  };

  it('name is required and at most 64 characters', async () => {
    expect(await refused({ pathwayName: '  ' })).toMatchObject({
      status: 400,
      type: 'VALIDATION',
      issues: [['pathwayName', 'REQUIRED']],
    });
    expect((await refused({ pathwayName: 'x'.repeat(65) })).issues).toEqual([['pathwayName', 'MAX_LENGTH']]);
    expect((await refused({ pathwayName: 'x'.repeat(64) })).status).toBe(201);
  });

  it('consent text is required when consent is required', async () => {
    expect((await refused({ consentRequired: true })).issues).toEqual([['consentText', 'REQUIRED']]);
    expect((await refused({ consentRequired: true, consentText: { en: 'Yes' } })).status).toBe(201);
  });

  it('public intro text is required when enabled', async () => {
    expect((await refused({ publicIntroTextEnabled: true })).issues).toEqual([
      ['publicIntroText', 'REQUIRED'],
    ]);
  });

  it('an unexpected event needs a mandatory or optional form; discontinued and external need selected forms', async () => {
    expect((await refused({ unexpected: true })).issues).toEqual([
      ['unexpectedVisit.selectedQts', 'REQUIRED'],
    ]);
    expect((await refused({ discontinued: true })).issues).toEqual([
      ['discontinueDataEvent.selectedQts', 'REQUIRED'],
    ]);
    expect((await refused({ externalDE: true })).issues).toEqual([
      ['externalDataEvent.selectedQts', 'REQUIRED'],
    ]);
  });

  it('targetInclusion: required with randomization, digits only, at least the number of trial groups', async () => {
    expect((await refused({ ...randomised, targetInclusion: '' })).issues).toEqual([
      ['targetInclusion', 'REQUIRED'],
    ]);
    expect((await refused({ ...randomised, targetInclusion: '1e3' })).issues).toEqual([
      ['targetInclusion', 'PATTERN'],
    ]);
    expect((await refused({ ...randomised, targetInclusion: '1' })).issues).toEqual([
      ['targetInclusion', 'MIN_TARGET_INCLUSION'],
    ]);
  });

  it('at least two trial groups, each with a title', async () => {
    expect((await refused({ ...randomised, trialGroups: [{ title: { en: 'A' } }] })).issues).toEqual([
      ['trialGroups', 'TOO_FEW'],
    ]);
    expect(
      (await refused({ ...randomised, trialGroups: [{ title: { en: 'A' } }, { title: {} }] })).issues,
    ).toEqual([['trialGroups.1.title', 'REQUIRED']]);
  });

  it('the site stratification choice is required', async () => {
    expect((await refused({ ...randomised, stratifyBySite: null })).issues).toEqual([
      ['stratifyBySite', 'REQUIRED'],
    ]);
  });

  it('each stratification needs a data event and a question; a question is used once; at most 5', async () => {
    expect((await refused({ ...randomised, questionStratifications: [{}] })).issues).toEqual([
      ['questionStratifications.0.dataEvent', 'REQUIRED'],
      ['questionStratifications.0.question', 'REQUIRED'],
    ]);
    const twice = await refused({
      ...randomised,
      dataEvents: [{ id: 'e', name: { en: 'E' }, type: 'TYPE_USER', forms: ['placeholder'] }],
    });
    expect(twice.issues).toEqual([['dataEvents.0.forms', 'UNKNOWN_REFERENCE']]);
    const { study, f1, f2 } = await studyWithForms(kit);
    const strat = { dataEvent: 'e', form: f1, question: 'q1' };
    const body = processBody(
      { f1, f2 },
      {
        ...randomised,
        dataEvents: [{ id: 'e', name: { en: 'E' }, type: 'TYPE_USER', forms: [f1] }],
        questionStratifications: [strat, strat],
      },
    );
    const dup = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, body);
    expect(issuesOf(dup.json())).toEqual([['questionStratifications.1.question', 'DUPLICATE']]);
    body.questionStratifications = Array.from({ length: 6 }, (_, i) => ({ ...strat, question: `q${i}` }));
    const many = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, body);
    expect(issuesOf(many.json())).toContainEqual(['questionStratifications', 'TOO_MANY']);
  });

  it('bad input shapes are a 400 with the field path, never a 500', async () => {
    const res = await refused({ dataEvents: [{ name: { en: 'X' }, type: 'TYPE_NOPE' as 'TYPE_USER' }] });
    expect(res.status).toBe(400);
    expect(res.type).toBe('VALIDATION');
  });
});

describe(`process data event index on ${engine}`, { tags: ['transactions'] }, () => {
  it('keeps process_data_event in the same transaction as the process (a refused save leaves it as it was)', async () => {
    const { study, f1, f2 } = await studyWithForms(kit);
    const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
    const body = writeBodyOf(created);
    body.dataEvents = [...(body.dataEvents ?? []), { name: { en: '' }, type: 'TYPE_USER', forms: [f1] }];
    expect((await call(kit, 'PUT', pathwayUrl(study.id, `/${created.id}`), kit.admin, body)).statusCode).toBe(
      400,
    );
    const rows = await kit.t.app.database.db
      .select()
      .from(processDataEvents)
      .where(and(eq(processDataEvents.studyId, study.id), eq(processDataEvents.processId, created.id)));
    expect(rows).toHaveLength(2);
  });
});
