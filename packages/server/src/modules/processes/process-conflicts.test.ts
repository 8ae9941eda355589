// @module-tag locking
/**
 * Issue 13 item 8 through HTTP: concurrent edits of a process. A save names the revision it
 * started from (409 when stale), and the row lock keeps a first enrolment from slipping past the
 * process lock check while a save is in flight (PostgreSQL: two real connections).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildSite, buildSubject } from '../../../test/factories';
import { engine } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { enrollments } from '../enrollments/tables';
import {
  call,
  createProcess,
  issuesOf,
  type Kit,
  pathwayUrl,
  processBody,
  setStatus,
  studyWithForms,
  useProcessesApp,
  writeBodyOf,
} from './processes-test-kit';

const kit = useProcessesApp();

const put = (studyId: string, id: string, body: object) =>
  call(kit, 'PUT', pathwayUrl(studyId, `/${id}`), kit.admin, body);
const get = async (studyId: string, id: string) =>
  (await call(kit, 'GET', pathwayUrl(studyId, `/${id}`), kit.admin)).json();

/** A second connection to the test database, for a transaction the app does not own. */
async function otherConnection(k: Kit) {
  const client = new pg.Client({ connectionString: k.t.database.config.databaseUrl ?? '' });
  await client.connect();
  return client;
}

/** Settles a promise into a flag, so a test can see that a request is still waiting. */
function track<T>(promise: Promise<T>) {
  const state = { isSettled: false, result: promise };
  void promise.finally(() => {
    state.isSettled = true;
  });
  return state;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`concurrent process edits (issue 13 item 8) on ${engine}`, () => {
  it('PUT pathway naming a stale revision gets 409 VERSION_MISMATCH and writes nothing', async () => {
    const { study, f1, f2 } = await studyWithForms(kit);
    const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
    expect(created.revision).toBe(0);
    const first = { ...writeBodyOf(created), revision: 0, pathwayName: 'First builder' };
    const second = { ...writeBodyOf(created), revision: 0, pathwayName: 'Second builder' };

    const saved = await put(study.id, created.id, first);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().revision).toBe(1);

    const stale = await put(study.id, created.id, second);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      type: 'CONFLICT',
      context: { reason: 'VERSION_MISMATCH', expected: 1, received: 0 },
    });
    expect((await get(study.id, created.id)).pathwayName).toBe('First builder');

    // Starting again from the stored revision saves.
    const again = await put(study.id, created.id, { ...second, revision: 1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ pathwayName: 'Second builder', revision: 2 });
  });

  it.skipIf(engine !== 'postgres')(
    'a save waits for a first enrolment in flight, then refuses the change the enrolment locks',
    async () => {
      const { study, f1, f2 } = await studyWithForms(kit, 'AMENDMENT');
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
      expect(created.fullyEditable).toBe(true);
      const body = writeBodyOf(created);
      body.dataEvents = [
        ...(body.dataEvents ?? []),
        { name: { en: 'Extra' }, type: 'TYPE_USER', forms: [f1] },
      ];

      const enrolment = await otherConnection(kit);
      try {
        await enrolment.query('begin');
        // What enrolSubject does first: hold the process row, then write the enrolment.
        await enrolment.query('select id from process where study_id = $1 and id = $2 for share', [
          study.id,
          created.id,
        ]);
        const now = new Date();
        await drizzle(enrolment)
          .insert(enrollments)
          .values({
            studyId: study.id,
            id: newId(now),
            siteId: newId(now),
            subjectId: newId(now),
            processId: created.id,
            status: 'ONGOING',
            registeredAt: now,
            timeZone: 'UTC',
            language: 'en',
            createdAt: now,
            updatedAt: now,
          });
        const save = track(put(study.id, created.id, { ...body, revision: created.revision }));
        await pause(700);
        expect(save.isSettled).toBe(false);
        await enrolment.query('commit');
        const res = await save.result;
        expect(res.statusCode, res.body).toBe(400);
        expect(issuesOf(res.json())).toContainEqual(['dataEvents', 'LOCKED']);
      } finally {
        await enrolment.end();
      }
    },
  );

  it.skipIf(engine !== 'postgres')(
    'POST enrollments takes the same row lock: it waits while a save holds the process',
    async () => {
      const { study, f1, f2 } = await studyWithForms(kit);
      const created = await createProcess(kit, study.id, processBody({ f1, f2 }));
      await setStatus(kit, study.id, 'PRODUCTION');
      const site = await buildSite(kit.t.app, study.id);
      const subject = await buildSubject(kit.t.app, { studyId: study.id, siteId: site.id });

      const save = await otherConnection(kit);
      try {
        await save.query('begin');
        await save.query('select id from process where study_id = $1 and id = $2 for update', [
          study.id,
          created.id,
        ]);
        const enrol = track(
          call(kit, 'POST', `/api/studies/${study.id}/enrollments`, kit.admin, {
            subjectId: subject.id,
            siteId: site.id,
            processId: created.id,
          }),
        );
        await pause(700);
        expect(enrol.isSettled).toBe(false);
        await save.query('commit');
        const res = await enrol.result;
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        await save.end();
      }
    },
  );
});
