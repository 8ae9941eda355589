/** Spec 001 §4 "Process locks" through HTTP: production, amendment, usage, recruitment, randomization, events. */
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import {
  addEnrollment,
  addUnscheduledToken,
  auditRows,
  call,
  createProcess,
  issuesOf,
  type Kit,
  patchStoredDocument,
  pathwayUrl,
  processBody,
  setStatus,
  studyWithForms,
  useProcessesApp,
  writeBodyOf,
} from './processes-test-kit';

const kit = useProcessesApp();

async function start(k: Kit, studyId: string) {
  const res = await call(k, 'POST', `/api/study/${studyId}/start`, k.admin);
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
}

const put = (studyId: string, id: string, body: object) =>
  call(kit, 'PUT', pathwayUrl(studyId, `/${id}`), kit.admin, body);
const get = async (studyId: string, id: string) =>
  (await call(kit, 'GET', pathwayUrl(studyId, `/${id}`), kit.admin)).json();

/** A process created in build, then the study started (production). */
async function inProduction(input: Parameters<typeof processBody>[1] = {}) {
  const { study, f1, f2 } = await studyWithForms(kit);
  const created = await createProcess(kit, study.id, processBody({ f1, f2 }, input));
  await start(kit, study.id);
  return { study, f1, f2, created, body: writeBodyOf(await get(study.id, created.id)) };
}

describe(`process locks in production on ${engine}`, () => {
  it('shows the structure locked and adding events blocked by PRODUCTION', async () => {
    const { study, created } = await inProduction();
    const detail = await get(study.id, created.id);
    expect(detail.fullyEditable).toBe(false);
    expect(detail.locks).toMatchObject({
      isReadOnly: false,
      isStructureLocked: true,
      canAddEvent: false,
      addEventBlockedBy: 'PRODUCTION',
      canRemoveEvents: false,
      canReorderEvents: false,
      canChangeTrialGroups: false,
    });
    expect(detail.locks.lockedFields).toEqual(
      expect.arrayContaining(['recruitment', 'unexpected', 'discontinued', 'externalDE', 'randomization']),
    );
  });

  it('texts stay editable: names, consent and event texts', async () => {
    const { study, created, body } = await inProduction();
    body.pathwayName = 'Renamed in production';
    body.consentRequired = true;
    body.consentText = { en: 'Consent' };
    const week = body.dataEvents?.[1];
    if (week) {
      week.emailText = { en: 'New mail {link}' };
      week.name = { en: 'Week one' };
    }
    const res = await put(study.id, created.id, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().pathwayName).toBe('Renamed in production');
    expect((await auditRows(kit, study.id)).map((a) => a.action)).toEqual([
      'PROCESS_CREATED',
      'PROCESS_UPDATED',
    ]);
  });

  it('event type, forms, reference date, offsets, expiry and send-out are LOCKED at their paths', async () => {
    const { study, created, body, f1 } = await inProduction();
    const [first, second] = body.dataEvents ?? [];
    if (!first || !second) throw new Error('two events expected');
    first.type = 'TYPE_PATIENT';
    first.forms = [f1, ...(second.forms ?? [])];
    second.referenceDate = 'MANUAL';
    second.offsetDays = 1;
    second.offsetHours = 2;
    second.expiry = { type: 'EXPIRE_AFTER_ACTIVATION', days: 2, hours: 0 };
    second.sendAs = 'SEND_AS_SMS';
    const res = await put(study.id, created.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('VALIDATION');
    expect(res.json().id).toBeUndefined();
    expect(issuesOf(res.json())).toEqual([
      ['dataEvents.0.type', 'LOCKED'],
      ['dataEvents.0.forms', 'LOCKED'],
      ['dataEvents.1.referenceDate', 'LOCKED'],
      ['dataEvents.1.offsetDays', 'LOCKED'],
      ['dataEvents.1.offsetHours', 'LOCKED'],
      ['dataEvents.1.expiry', 'LOCKED'],
      ['dataEvents.1.sendAs', 'LOCKED'],
    ]);
    expect((await get(study.id, created.id)).dataEvents[1].referenceDate).toBe('PREVIOUS_COMPLETE');
  });

  it('switches, recruitment, randomization and their forms are LOCKED', async () => {
    const { study, created, body, f1 } = await inProduction();
    body.unexpected = true;
    body.unexpectedVisit = { selectedQts: [f1] };
    body.discontinued = true;
    body.discontinueDataEvent = { selectedQts: [f1] };
    body.externalDE = true;
    body.externalDataEvent = { selectedQts: [f1] };
    body.recruitment = true;
    body.randomization = true;
    const res = await put(study.id, created.id, body);
    expect(issuesOf(res.json())).toEqual([
      ['recruitment', 'LOCKED'],
      ['unexpected', 'LOCKED'],
      ['unexpectedVisit', 'LOCKED'],
      ['discontinued', 'LOCKED'],
      ['discontinueDataEvent', 'LOCKED'],
      ['externalDE', 'LOCKED'],
      ['externalDataEvent', 'LOCKED'],
      ['randomization', 'LOCKED'],
    ]);
  });

  it('adding, removing or reordering events is LOCKED at dataEvents', async () => {
    const { study, created, body, f1 } = await inProduction();
    const events = body.dataEvents ?? [];
    const added = await put(study.id, created.id, {
      ...body,
      dataEvents: [...events, { name: { en: 'Extra' }, type: 'TYPE_USER', forms: [f1] }],
    });
    expect(added.json().context.issues).toEqual([
      { path: ['dataEvents'], message: 'LOCKED', params: { change: 'ADD', reason: 'PRODUCTION' } },
    ]);
    const removed = await put(study.id, created.id, { ...body, dataEvents: events.slice(0, 1) });
    expect(removed.json().context.issues).toEqual([
      { path: ['dataEvents'], message: 'LOCKED', params: { change: 'REMOVE' } },
    ]);
    const second = events[1];
    if (second) second.referenceDate = 'REGISTRATION';
    const reordered = await put(study.id, created.id, { ...body, dataEvents: [...events].reverse() });
    expect(issuesOf(reordered.json())).toEqual([
      ['dataEvents', 'LOCKED'],
      ['dataEvents.0.referenceDate', 'LOCKED'],
    ]);
  });

  it('creating, duplicating and deleting processes is refused with STUDY_STATUS_MISMATCH', async () => {
    const { study, created, f1, f2 } = await inProduction();
    const create = await call(kit, 'POST', pathwayUrl(study.id), kit.admin, processBody({ f1, f2 }));
    expect(create.json()).toMatchObject({ type: 'VALIDATION', id: 'STUDY_STATUS_MISMATCH' });
    const dup = await call(kit, 'POST', pathwayUrl(study.id, `/${created.id}/duplicate`), kit.admin);
    expect(dup.json().id).toBe('STUDY_STATUS_MISMATCH');
    const del = await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin);
    expect(del.json().id).toBe('STUDY_STATUS_MISMATCH');
    expect((await call(kit, 'GET', pathwayUrl(study.id), kit.admin)).json()).toHaveLength(1);
  });
});

describe(`process locks in an amendment on ${engine}`, () => {
  it('a process from before the amendment is locked like production (adding blocked by AMENDMENT)', async () => {
    const { study, created, body, f1 } = await inProduction();
    await setStatus(kit, study.id, 'AMENDMENT');
    const detail = await get(study.id, created.id);
    expect(detail.fullyEditable).toBe(false);
    expect(detail.locks).toMatchObject({ isStructureLocked: true, addEventBlockedBy: 'AMENDMENT' });
    const res = await put(study.id, created.id, {
      ...body,
      dataEvents: [...(body.dataEvents ?? []), { name: { en: 'Extra' }, type: 'TYPE_USER', forms: [f1] }],
    });
    expect(res.json().context.issues).toEqual([
      { path: ['dataEvents'], message: 'LOCKED', params: { change: 'ADD', reason: 'AMENDMENT' } },
    ]);
    const del = await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin);
    expect(del.json().id).toBe('STUDY_STATUS_MISMATCH');
  });

  it('a process created in the amendment is fully editable until someone is enrolled', async () => {
    const { study, f1, f2 } = await studyWithForms(kit, 'AMENDMENT');
    const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
    expect(created.fullyEditable).toBe(true);
    expect(created.locks).toMatchObject({ isStructureLocked: false, canAddEvent: true });
    const body = writeBodyOf(created);
    const events = body.dataEvents ?? [];
    const second = events[1];
    if (second) second.offsetDays = 14;
    body.dataEvents = [...events, { name: { en: 'Extra' }, type: 'TYPE_USER', forms: [f1] }];
    body.unexpected = true;
    body.unexpectedVisit = { selectedQts: [f2] };
    const res = await put(study.id, created.id, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataEvents).toHaveLength(3);

    await addEnrollment(kit, study.id, created.id);
    const after = await get(study.id, created.id);
    expect(after.fullyEditable).toBe(false);
    expect(after.locks.isStructureLocked).toBe(true);
    const again = writeBodyOf(after);
    again.unexpected = false;
    expect(issuesOf((await put(study.id, created.id, again)).json())).toEqual([['unexpected', 'LOCKED']]);
  });

  it('a fully editable process can be deleted in an amendment', async () => {
    const { study, f1, f2 } = await studyWithForms(kit, 'AMENDMENT');
    const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
    expect((await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin)).statusCode).toBe(
      204,
    );
  });

  it('trial groups cannot be added or removed with randomization; their titles can change', async () => {
    const { study, f1, f2 } = await studyWithForms(kit, 'AMENDMENT');
    const created = await createProcess(
      kit,
      study.id,
      processBody(
        { f1, f2 },
        {
          randomization: true,
          targetInclusion: '10',
          stratifyBySite: true,
          trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' } }],
        },
      ),
    );
    expect(created.locks).toMatchObject({ canChangeTrialGroups: false, isStructureLocked: false });
    const body = writeBodyOf(created);
    body.trialGroups = [{ title: { en: 'Arm A' } }, { title: { en: 'Arm B' } }];
    expect((await put(study.id, created.id, body)).statusCode).toBe(200);
    body.trialGroups = [...body.trialGroups, { title: { en: 'Arm C' } }];
    expect(issuesOf((await put(study.id, created.id, body)).json())).toEqual([['trialGroups', 'LOCKED']]);
  });
});

describe(`process locks from data and process type on ${engine}`, () => {
  it.each([
    ['UNEXPECTED', 'unexpected', 'hasUnexpected'],
    ['DISCONTINUED', 'discontinued', 'hasDiscontinued'],
    ['EXTERNAL', 'externalDE', 'hasExternalEvent'],
  ] as const)(
    'a recorded %s event locks the %s switch of a process that is not fully editable',
    async (type, field, flag) => {
      const { study, f1, f2 } = await studyWithForms(kit, 'AMENDMENT');
      const created = await createProcess(
        kit,
        study.id,
        processBody(
          { f1, f2 },
          {
            unexpected: true,
            unexpectedVisit: { selectedQts: [f1] },
            discontinued: true,
            discontinueDataEvent: { selectedQts: [f1] },
            externalDE: true,
            externalDataEvent: { selectedQts: [f1] },
          },
        ),
      );
      await addUnscheduledToken(kit, study.id, created.id, type);
      const detail = await get(study.id, created.id);
      expect(detail[flag]).toBe(true);
      expect(detail.locks.lockedFields).toContain(field);
      const body = writeBodyOf(detail);
      (body as Record<string, unknown>)[field] = false;
      expect(issuesOf((await put(study.id, created.id, body)).json())).toEqual([[field, 'LOCKED']]);
    },
  );

  it('a recruitment process locks the unscheduled switches and the public switch, even in build', async () => {
    const { study, f1, f2 } = await studyWithForms(kit);
    const created = await createProcess(kit, study.id, processBody({ f1, f2 }, { recruitment: true }));
    expect(created.type).toBe('RECRUITMENT');
    expect(created.locks.lockedFields).toEqual(['unexpected', 'discontinued', 'externalDE', 'public']);
    const body = writeBodyOf(created);
    body.public = true;
    body.discontinued = true;
    body.discontinueDataEvent = { selectedQts: [f1] };
    expect(issuesOf((await put(study.id, created.id, body)).json())).toEqual([
      ['discontinued', 'LOCKED'],
      ['public', 'LOCKED'],
    ]);
  });

  it('randomization is locked once a custom randomization list was uploaded', async () => {
    const { study, f1, f2 } = await studyWithForms(kit);
    const created = await createProcess(
      kit,
      study.id,
      processBody(
        { f1, f2 },
        {
          randomization: true,
          targetInclusion: '10',
          stratifyBySite: false,
          trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' } }],
        },
      ),
    );
    await patchStoredDocument(kit, study.id, created.id, { didUploadCustomRandomizationList: true });
    const detail = await get(study.id, created.id);
    expect(detail.didUploadCustomRandomizationList).toBe(true);
    expect(detail.locks.lockedFields).toEqual(['randomization']);
    const body = writeBodyOf(detail);
    body.randomization = false;
    body.didUploadCustomRandomizationList = false;
    expect(issuesOf((await put(study.id, created.id, body)).json())).toEqual([['randomization', 'LOCKED']]);
    // The client cannot clear the server-held flag either.
    body.randomization = true;
    body.pathwayName = 'Still randomised';
    expect((await put(study.id, created.id, body)).json().didUploadCustomRandomizationList).toBe(true);
  });

  it('adding an event is disabled while the stored process is invalid', async () => {
    const { study, f1, f2 } = await studyWithForms(kit);
    const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
    await patchStoredDocument(kit, study.id, created.id, { consentRequired: true });
    expect((await get(study.id, created.id)).locks).toMatchObject({
      canAddEvent: false,
      addEventBlockedBy: 'INVALID',
    });
  });
});

describe(`read-only studies on ${engine}`, () => {
  it.each(['LOCKED', 'COMPLETED'])('%s: reads work, every write is STUDY_STATUS_MISMATCH', async (status) => {
    const { study, f1, f2 } = await studyWithForms(kit);
    const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
    await setStatus(kit, study.id, status);
    const detail = await get(study.id, created.id);
    expect(detail.locks).toMatchObject({ isReadOnly: true, addEventBlockedBy: 'READ_ONLY' });
    const body = writeBodyOf(detail);
    body.pathwayName = 'Changed';
    const res = await put(study.id, created.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION', id: 'STUDY_STATUS_MISMATCH' });
    const del = await call(kit, 'DELETE', pathwayUrl(study.id, `/${created.id}`), kit.admin);
    expect(del.json().id).toBe('STUDY_STATUS_MISMATCH');
    expect((await get(study.id, created.id)).pathwayName).toBe(created.pathwayName);
  });
});
