import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { newId } from '../../platform/ids';
import { enterpriseCodes, studies, subscriptionPlans } from './tables';

describe(`study lifecycle API on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const statusOf = async (id: string) =>
    (await t.app.database.db.select().from(studies).where(eq(studies.id, id)))[0]?.status;
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers = admin.headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  async function studyAdmin(studyId: string) {
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId, user, role: 'ADMIN' });
    return loginAs(t.app, user.email, user.password);
  }

  describe('POST and PUT /api/study/:id/testDrive, POST /start, /stop', () => {
    it('moves build → test → build → production → completed, auditing each step', async () => {
      const study = await buildStudy(t.app);
      const test = await call('POST', `/api/study/${study.id}/testDrive`);
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ status: 'TEST', test: true });
      expect((await call('PUT', `/api/study/${study.id}/testDrive`)).json().status).toBe(
        'STUDY_STATUS_BUILD',
      );
      expect((await call('POST', `/api/study/${study.id}/start`)).json().status).toBe('PRODUCTION');
      expect((await call('POST', `/api/study/${study.id}/stop`)).json().status).toBe('COMPLETED');
      const audit = await t.app.database.query<{ before: { status: string }; after: { status: string } }>(
        "select before, after from audit_event where study_id = $1 and action = 'STUDY_STATUS_CHANGED' order by ticket",
        [study.id],
      );
      expect(audit.rows.map((r) => `${r.before.status}>${r.after.status}`)).toEqual([
        'STUDY_STATUS_BUILD>TEST',
        'TEST>STUDY_STATUS_BUILD',
        'STUDY_STATUS_BUILD>PRODUCTION',
        'PRODUCTION>COMPLETED',
      ]);
    });

    it('refuses a transition the state machine does not allow with STUDY_STATUS_MISMATCH', async () => {
      const study = await buildStudy(t.app, { status: 'PRODUCTION' });
      const res = await call('POST', `/api/study/${study.id}/testDrive`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH' });
      expect(await statusOf(study.id)).toBe('PRODUCTION');
    });

    it('lets a study ADMIN test drive but not start (spec 000 §6 role table); others get 403', async () => {
      const study = await buildStudy(t.app);
      const session = await studyAdmin(study.id);
      expect((await call('POST', `/api/study/${study.id}/start`, session.headers)).statusCode).toBe(403);
      expect((await call('POST', `/api/study/${study.id}/testDrive`, session.headers)).statusCode).toBe(200);
      const monitor = await buildUser(t.app);
      await grantAccess(t.app, { studyId: study.id, user: monitor, role: 'MONITOR' });
      const m = await loginAs(t.app, monitor.email, monitor.password);
      expect((await call('PUT', `/api/study/${study.id}/testDrive`, m.headers)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/study/${study.id}/start` })).statusCode).toBe(
        401,
      );
      expect(await statusOf(study.id)).toBe('TEST');
    });
  });

  describe('PUT /api/study/:id', () => {
    it('changes settings in build, and only name-like settings once running', async () => {
      const study = await buildStudy(t.app);
      const session = await studyAdmin(study.id);
      const ok = await call('PUT', `/api/study/${study.id}`, session.headers, {
        studyName: `Renamed ${study.id}`,
        languages: ['en', 'de'],
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ studyName: `Renamed ${study.id}`, languages: ['en', 'de'] });
      await t.app.database.db.update(studies).set({ status: 'PRODUCTION' }).where(eq(studies.id, study.id));
      const locked = await call('PUT', `/api/study/${study.id}`, session.headers, {
        dateFormat: 'YYYY-MM-DD',
        description: 'ignored too',
      });
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toMatchObject({ type: 'VALIDATION_BUILD_MODE', id: 'STUDY_STATUS_MISMATCH' });
      expect(locked.json().context.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['dateFormat']);
      const desc = await call('PUT', `/api/study/${study.id}`, session.headers, {
        description: 'Now running',
      });
      expect(desc.json()).toMatchObject({ description: 'Now running', dateFormat: 'DD-MM-YYYY' });
    });

    it('refuses a duplicate name, a monitor, and a wrong extended-validation password', async () => {
      const taken = await buildStudy(t.app);
      const study = await buildStudy(t.app, { extendedValidation: true });
      const dup = await call(
        'PUT',
        `/api/study/${study.id}`,
        { ...admin.headers, 'extended-validation': ADMIN_PASSWORD },
        {
          studyName: taken.name,
        },
      );
      expect(dup.json()).toMatchObject({ id: 'DUPLICATE_NAME' });
      const wrong = await call(
        'PUT',
        `/api/study/${study.id}`,
        { ...admin.headers, 'extended-validation': 'nope' },
        {
          studyName: 'Never saved',
        },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
      const monitor = await buildUser(t.app);
      await grantAccess(t.app, { studyId: study.id, user: monitor, role: 'MONITOR' });
      const m = await loginAs(t.app, monitor.email, monitor.password);
      expect((await call('PUT', `/api/study/${study.id}`, m.headers, { studyName: 'Nope' })).statusCode).toBe(
        403,
      );
      const [row] = await t.app.database.db.select().from(studies).where(eq(studies.id, study.id));
      expect(row?.name).toBe(study.name);
      const signed = await call(
        'PUT',
        `/api/study/${study.id}`,
        { ...admin.headers, 'extended-validation': ADMIN_PASSWORD },
        {
          studyName: `Signed ${study.id}`,
        },
      );
      expect(signed.statusCode).toBe(200);
      const audit = await t.app.database.query<{ after: { signature: { meaning: string } } }>(
        "select after from audit_event where study_id = $1 and action = 'STUDY_UPDATED'",
        [study.id],
      );
      expect(audit.rows[0]?.after.signature.meaning).toBe('Study settings changed');
    });
  });

  describe('POST /api/study/:id/requestDelete and DELETE /api/study/:id', () => {
    it('deletes only after the 240-hour delay, with the signature when the study asks for it', async () => {
      const study = await buildStudy(t.app, { extendedValidation: true });
      const ev = { ...admin.headers, 'extended-validation': ADMIN_PASSWORD };
      const early = await call('DELETE', `/api/study/${study.id}`, ev);
      expect(early.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH' });
      const wrong = await call('POST', `/api/study/${study.id}/requestDelete`, {
        ...admin.headers,
        'extended-validation': 'x',
      });
      expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
      expect(await statusOf(study.id)).toBe('STUDY_STATUS_BUILD');
      const requested = await call('POST', `/api/study/${study.id}/requestDelete`, ev);
      expect(requested.statusCode).toBe(200);
      const body = requested.json();
      expect(body).toMatchObject({ status: 'DELETE', statusBeforeDelete: 'STUDY_STATUS_BUILD' });
      expect(Date.parse(body.deleteDueTime) - Date.parse(body.deleteRequestedTime)).toBe(240 * 3_600_000);
      const tooSoon = await call('DELETE', `/api/study/${study.id}`, ev);
      expect(tooSoon.statusCode).toBe(409);
      expect(tooSoon.json().type).toBe('PRECONDITION');
      await t.app.database.db
        .update(studies)
        .set({ deleteDueAt: new Date(Date.now() - 1000) })
        .where(eq(studies.id, study.id));
      expect(
        (await call('DELETE', `/api/study/${study.id}`, { ...admin.headers, 'extended-validation': 'x' }))
          .statusCode,
      ).toBe(400);
      expect((await call('DELETE', `/api/study/${study.id}`, ev)).statusCode).toBe(204);
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/study/${study.id}`,
        headers: admin.headers,
      });
      expect(gone.statusCode).toBe(404);
      const audit = await t.app.database.query<{ action: string; after: { signature: { meaning: string } } }>(
        "select action, after from audit_event where study_id = $1 and action like 'STUDY_DELETE%' order by ticket",
        [study.id],
      );
      expect(audit.rows.map((r) => [r.action, r.after.signature.meaning])).toEqual([
        ['STUDY_DELETE_REQUESTED', 'Study deletion requested'],
        ['STUDY_DELETED', 'Study deleted'],
      ]);
    });

    it('refuses a running study and a study ADMIN (no request-delete permission)', async () => {
      const running = await buildStudy(t.app, { status: 'PRODUCTION' });
      expect((await call('POST', `/api/study/${running.id}/requestDelete`)).json().id).toBe(
        'STUDY_STATUS_MISMATCH',
      );
      const study = await buildStudy(t.app);
      const session = await studyAdmin(study.id);
      expect((await call('POST', `/api/study/${study.id}/requestDelete`, session.headers)).statusCode).toBe(
        403,
      );
      expect(await statusOf(study.id)).toBe('STUDY_STATUS_BUILD');
    });
  });

  describe('paid modules: POST /api/studies/:studyId/addons, applyEnterpriseCode, GET subscriptionPlan', () => {
    it('lets only a system admin enable modules, and refuses unknown ones', async () => {
      const study = await buildStudy(t.app);
      const session = await studyAdmin(study.id);
      const url = `/api/studies/${study.id}/addons`;
      expect((await call('POST', url, session.headers, { modules: ['MEDICATION'] })).statusCode).toBe(403);
      const bad = await call('POST', url, admin.headers, { modules: ['TELEPORT'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().context.issues[0].path).toEqual(['modules', 0]);
      const ok = await call('POST', url, admin.headers, { modules: ['RANDOMIZATION', 'MEDICATION'] });
      expect(ok.json().modules).toEqual(['MEDICATION', 'RANDOMIZATION']);
      const plan = await t.app.inject({
        method: 'GET',
        url: `/api/study/${study.id}/subscriptionPlan`,
        headers: session.headers,
      });
      expect(plan.json()).toEqual({
        plan: null,
        modules: ['MEDICATION', 'RANDOMIZATION'],
        hasEnterpriseCode: false,
      });
    });

    it('redeems an enterprise code once per study and per code', async () => {
      const now = new Date();
      const planId = newId(now);
      await t.app.database.db.insert(subscriptionPlans).values({
        id: planId,
        name: 'Enterprise',
        currency: 'EUR',
        planClass: 'ENTERPRISE',
        type: 'TYPE_MONTH',
        status: 'ACTIVE',
        price: 0,
        modules: ['ADVERSE_EVENTS'],
        createdAt: now,
      });
      const sha = (code: string) => createHash('sha256').update(code).digest('hex');
      await t.app.database.db.insert(enterpriseCodes).values([
        {
          codeHash: sha('ACME-2024'),
          label: 'Acme',
          modules: ['ADVERSE_EVENTS', 'ECONSENT'],
          planId,
          createdAt: now,
        },
        { codeHash: sha('OTHER-2024'), label: 'Other', modules: ['SMS'], createdAt: now },
        {
          codeHash: sha('OLD-2020'),
          label: 'Old',
          modules: ['SMS'],
          expiresAt: new Date(2020, 0, 1),
          createdAt: now,
        },
      ]);
      const study = await buildStudy(t.app);
      const other = await buildStudy(t.app);
      const session = await studyAdmin(study.id);
      const apply = (id: string, code: string, headers = session.headers) =>
        call('POST', `/api/study/${id}/${code}/applyEnterpriseCode`, headers);
      expect((await apply(study.id, 'WRONG')).json().type).toBe('INVALID_ENTERPRISE_CODE');
      expect((await apply(study.id, 'OLD-2020')).json().type).toBe('INVALID_ENTERPRISE_CODE');
      const ok = await apply(study.id, 'ACME-2024');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        modules: ['ADVERSE_EVENTS', 'ECONSENT'],
        hasEnterpriseCode: true,
        planId,
      });
      const again = await apply(study.id, 'OTHER-2024');
      expect(again.statusCode).toBe(409);
      expect(again.json().type).toBe('STUDY_HAS_CODE');
      const taken = await apply(other.id, 'ACME-2024', admin.headers);
      expect(taken.json().type).toBe('CODE_REDEEMED');
      expect((await apply(other.id, 'OTHER-2024', session.headers)).statusCode).toBe(403);
      const plan = await t.app.inject({
        method: 'GET',
        url: `/api/study/${study.id}/subscriptionPlan`,
        headers: session.headers,
      });
      expect(plan.json().plan).toMatchObject({ id: planId, name: 'Enterprise', planClass: 'ENTERPRISE' });
    });
  });
});
