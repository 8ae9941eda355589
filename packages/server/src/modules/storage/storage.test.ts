import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { setUpEnrolled } from '../questionnaires/questionnaires-test-kit';

// Spec 001 §7 soft delete and the storage (issue 23 item 5): DELETE /study/{studyId}/{type}/{id},
// PUT .../isRemoved, GET /study/{studyId}/storage, for the types modules registered.

describe(`soft delete and the study storage on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: LoggedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const remove = (
    studyId: string,
    type: string,
    id: string,
    who: LoggedIn,
    reason = 'Entered on the wrong subject',
  ) => call('DELETE', `/api/study/${studyId}/${type}/${id}?reason=${encodeURIComponent(reason)}`, who);
  const restore = (studyId: string, type: string, id: string, who: LoggedIn) =>
    call('PUT', `/api/study/${studyId}/${type}/${id}/isRemoved`, who, { reason: 'Removed by mistake' });

  async function withVisit() {
    const s = await setUpEnrolled(t.app, admin, { unexpected: true });
    const visit = await call('POST', `${s.enrollmentBase}/unexpected`, admin, { type: 'TYPE_UNEXPECTED' });
    expect(visit.statusCode, visit.body).toBe(201);
    return { ...s, tokenId: visit.json<{ tokenId: string }>().tokenId };
  }
  async function staff(studyId: string, role: 'ADMIN' | 'DOCTOR', extra: string[], siteIds?: string[]) {
    const user = await buildUser(t.app);
    await grantAccess(t.app, {
      studyId,
      user,
      role,
      extraPermissions: extra as never,
      ...(siteIds ? { siteIds } : {}),
    });
    return { ...(await loginAs(t.app, user.email, user.password)), user };
  }
  const listed = async (s: { enrollmentBase: string }) =>
    JSON.stringify((await call('GET', `${s.enrollmentBase}/unexpected`, admin)).json());

  it('removes an unscheduled event with a reason, lists it in the storage with who, when and why, and restores it', async () => {
    const s = await withVisit();
    const cleaner = await staff(s.study.id, 'ADMIN', ['SOFT_DELETE', 'SOFT_DELETE_RESTORE']);
    expect(await listed(s)).toContain(s.tokenId);

    const removed = await remove(s.study.id, 'unscheduledevent', s.tokenId, cleaner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      type: 'unscheduledevent',
      id: s.tokenId,
      siteId: s.site.id,
      subjectId: s.subject.id,
      reason: 'Entered on the wrong subject',
      removedBy: { id: cleaner.user.id, name: `${cleaner.user.firstName} ${cleaner.user.lastName}`.trim() },
      canRestore: true,
    });
    expect(removed.json().label).toContain(s.subject.patientId);
    expect(await listed(s)).not.toContain(s.tokenId);

    const storage = await call('GET', `/api/study/${s.study.id}/storage`, cleaner);
    expect(storage.statusCode, storage.body).toBe(200);
    expect(storage.json().items.map((i: { id: string }) => i.id)).toEqual([s.tokenId]);

    const twice = await remove(s.study.id, 'unscheduledevent', s.tokenId, cleaner);
    expect(twice.statusCode).toBe(409);

    const back = await restore(s.study.id, 'unscheduledevent', s.tokenId, cleaner);
    expect(back.statusCode, back.body).toBe(204);
    expect(await listed(s)).toContain(s.tokenId);
    expect((await call('GET', `/api/study/${s.study.id}/storage`, cleaner)).json().items).toEqual([]);
    expect((await restore(s.study.id, 'unscheduledevent', s.tokenId, cleaner)).statusCode).toBe(409);

    const audit = await t.app.database.query<{ action: string; reason: string; entity_id: string }>(
      "select action, reason, entity_id from audit_event where study_id = $1 and action in ('ITEM_REMOVED', 'ITEM_RESTORED') order by ticket",
      [s.study.id],
    );
    expect(audit.rows.map((r) => [r.action, r.entity_id, r.reason])).toEqual([
      ['ITEM_REMOVED', s.tokenId, 'Entered on the wrong subject'],
      ['ITEM_RESTORED', s.tokenId, 'Removed by mistake'],
    ]);
  });

  it('answers 404 for an unknown type, a type the item is not, and another study; 400 without a reason', async () => {
    const s = await withVisit();
    const other = await withVisit();
    expect((await remove(s.study.id, 'nonsense', s.tokenId, admin)).statusCode).toBe(404);
    expect((await remove(s.study.id, 'discontinueEvent', s.tokenId, admin)).statusCode).toBe(404);
    expect((await remove(other.study.id, 'unscheduledevent', s.tokenId, admin)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/study/${s.study.id}/unscheduledevent/${s.tokenId}`, admin)).statusCode,
    ).toBe(400);
    expect(
      (await call('DELETE', `/api/study/${s.study.id}/unscheduledevent/${s.tokenId}?reason=%20`, admin))
        .statusCode,
    ).toBe(400);
    expect(await listed(s)).toContain(s.tokenId);
  });

  it('needs SOFT_DELETE to remove and list, SOFT_DELETE_RESTORE to restore; the study admin holds both (docs/ROLES.md)', async () => {
    const s = await withVisit();
    const doctor = await staff(s.study.id, 'DOCTOR', [], [s.site.id]);
    expect((await remove(s.study.id, 'unscheduledevent', s.tokenId, doctor)).statusCode).toBe(403);
    expect((await call('GET', `/api/study/${s.study.id}/storage`, doctor)).statusCode).toBe(403);
    // Extras are study-wide (access/check.ts), so the site check of the use case only bites for roles.
    const remover = await staff(s.study.id, 'DOCTOR', ['SOFT_DELETE'], [s.site.id]);
    expect((await remove(s.study.id, 'unscheduledevent', s.tokenId, remover)).statusCode).toBe(200);
    expect((await call('GET', `/api/study/${s.study.id}/storage`, remover)).json().items[0]).toMatchObject({
      id: s.tokenId,
      canRestore: false,
    });
    expect((await restore(s.study.id, 'unscheduledevent', s.tokenId, remover)).statusCode).toBe(403);
    expect(await listed(s)).not.toContain(s.tokenId);
    const studyAdmin = await staff(s.study.id, 'ADMIN', []);
    expect((await call('GET', `/api/study/${s.study.id}/storage`, studyAdmin)).json().items[0]).toMatchObject(
      {
        id: s.tokenId,
        canRestore: true,
      },
    );
    expect((await restore(s.study.id, 'unscheduledevent', s.tokenId, studyAdmin)).statusCode).toBe(204);
    expect(await listed(s)).toContain(s.tokenId);
  });

  it('refuses removing and restoring while the study is locked (STUDY_STATUS_MISMATCH)', async () => {
    const s = await withVisit();
    expect((await remove(s.study.id, 'unscheduledevent', s.tokenId, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/study/${s.study.id}/lock`, admin, { reason: 'Lock' })).statusCode).toBe(
      200,
    );
    const refused = await restore(s.study.id, 'unscheduledevent', s.tokenId, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().id).toBe('STUDY_STATUS_MISMATCH');
    expect((await call('GET', `/api/study/${s.study.id}/storage`, admin)).json().items).toHaveLength(1);
  });
});
