import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  grantAccess,
  setSubjectAttributes,
} from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { tokens } from '../enrollments/tokens/tables';
import { buildLinkStudy, cookieOf } from '../public/public-test-kit';
import { setUpEnrolled } from '../questionnaires/questionnaires-test-kit';
import { subjects } from '../subjects/tables';
import { studies } from './tables';

// Spec 000 §4 study lifecycle (issue 23 item 4): lock and unlock (data entry frozen), complete,
// anonymize; the domain's study state machine decides which step each status allows.

describe(`study lock, unlock, complete and anonymize on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const statusOf = async (id: string) =>
    (await t.app.database.db.select().from(studies).where(eq(studies.id, id)))[0]?.status;
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const reason = (text: string) => ({ reason: text });
  async function auditOf(studyId: string, action: string) {
    const res = await t.app.database.query<{ before: unknown; after: unknown; reason: string | null }>(
      'select before, after, reason from audit_event where study_id = $1 and action = $2 order by ticket',
      [studyId, action],
    );
    return res.rows;
  }
  async function withRole(studyId: string, role: 'ADMIN' | 'MONITOR', extra: string[] = []) {
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId, user, role, extraPermissions: extra as never });
    return loginAs(t.app, user.email, user.password);
  }

  describe('POST /api/study/:id/lock, /unlock, /complete', () => {
    it('locks, unlocks, locks again and completes, each step audited with its reason', async () => {
      const study = await buildStudy(t.app, { status: 'PRODUCTION' });
      const base = `/api/study/${study.id}`;
      const lock = await post(`${base}/lock`, admin.headers, reason('Database lock for interim analysis'));
      expect(lock.statusCode, lock.body).toBe(200);
      expect(lock.json().status).toBe('LOCKED');
      expect(
        (await post(`${base}/unlock`, admin.headers, reason('Late data from site 2'))).json().status,
      ).toBe('PRODUCTION');
      expect((await post(`${base}/lock`, admin.headers, reason('Final lock'))).json().status).toBe('LOCKED');
      const done = await post(`${base}/complete`, admin.headers, reason('Close-out'));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().status).toBe('COMPLETED');
      const audit = await auditOf(study.id, 'STUDY_STATUS_CHANGED');
      expect(
        audit.map((r) => [
          (r.before as { status: string }).status,
          (r.after as { status: string }).status,
          r.reason,
        ]),
      ).toEqual([
        ['PRODUCTION', 'LOCKED', 'Database lock for interim analysis'],
        ['LOCKED', 'PRODUCTION', 'Late data from site 2'],
        ['PRODUCTION', 'LOCKED', 'Final lock'],
        ['LOCKED', 'COMPLETED', 'Close-out'],
      ]);
    });

    it('refuses steps the state machine does not allow with STUDY_STATUS_MISMATCH and changes nothing', async () => {
      const cases: [string, string][] = [
        ['STUDY_STATUS_BUILD', 'lock'],
        ['TEST', 'lock'],
        ['PRODUCTION', 'unlock'],
        ['PRODUCTION', 'complete'],
        ['AMENDMENT', 'lock'],
        ['LOCKED', 'lock'],
        ['LOCKED', 'start'],
        ['LOCKED', 'stop'],
        ['COMPLETED', 'unlock'],
        ['COMPLETED', 'lock'],
        ['ANONYMIZED', 'complete'],
        ['DELETE', 'unlock'],
      ];
      for (const [status, action] of cases) {
        const study = await buildStudy(t.app, { status });
        const res = await post(`/api/study/${study.id}/${action}`, admin.headers, reason('try'));
        expect(res.statusCode, `${status} ${action}`).toBe(400);
        expect(res.json().id).toBe('STUDY_STATUS_MISMATCH');
        expect(await statusOf(study.id)).toBe(status);
      }
    });

    it('requires a reason', async () => {
      const study = await buildStudy(t.app, { status: 'PRODUCTION' });
      expect((await post(`/api/study/${study.id}/lock`, admin.headers)).statusCode).toBe(400);
      expect((await post(`/api/study/${study.id}/lock`, admin.headers, reason('  '))).statusCode).toBe(400);
      expect(await statusOf(study.id)).toBe('PRODUCTION');
    });

    it('needs STUDY_LOCK to lock or unlock and STUDY_STOP to complete (docs/ROLES.md: no role holds them)', async () => {
      const study = await buildStudy(t.app, { status: 'PRODUCTION' });
      const base = `/api/study/${study.id}`;
      const studyAdmin = await withRole(study.id, 'ADMIN');
      const monitor = await withRole(study.id, 'MONITOR');
      expect((await post(`${base}/lock`, studyAdmin.headers, reason('x'))).statusCode).toBe(403);
      expect((await post(`${base}/lock`, monitor.headers, reason('x'))).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: `${base}/lock`, payload: reason('x') })).statusCode,
      ).toBe(401);
      const locker = await withRole(study.id, 'ADMIN', ['STUDY_LOCK']);
      expect((await post(`${base}/lock`, locker.headers, reason('x'))).statusCode).toBe(200);
      expect((await post(`${base}/complete`, locker.headers, reason('x'))).statusCode).toBe(403);
      expect((await post(`${base}/unlock`, locker.headers, reason('x'))).statusCode).toBe(200);
      expect(await statusOf(study.id)).toBe('PRODUCTION');
    });
  });

  describe('data entry while the study is locked', () => {
    it('refuses the staff fill and update with STUDY_STATUS_MISMATCH and takes them again once unlocked', async () => {
      const s = await setUpEnrolled(t.app, admin);
      const [token] = await t.app.database.db
        .select()
        .from(tokens)
        .where(eq(tokens.enrollmentId, s.enrollmentId));
      const base = `${s.enrollmentBase}/tokens/${token?.id}/questionnaires`;
      const submitted = await t.app.inject({
        method: 'POST',
        url: base,
        headers: admin.headers,
        payload: { formId: s.formId, answers: [{ question: 'q1', answerStrings: ['70'] }], isFinal: true },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const set = submitted.json().answerSet as { id: string; version: number };
      const update = () =>
        t.app.inject({
          method: 'PUT',
          url: `${base}/${set.id}`,
          headers: admin.headers,
          payload: {
            answers: [{ question: 'q1', answerStrings: ['71'] }],
            version: set.version,
            comment: 'typo',
          },
        });
      expect((await post(`/api/study/${s.study.id}/lock`, admin.headers, reason('Lock'))).statusCode).toBe(
        200,
      );
      const refused = await update();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().id).toBe('STUDY_STATUS_MISMATCH');
      expect((await post(`/api/study/${s.study.id}/unlock`, admin.headers, reason('Fix'))).statusCode).toBe(
        200,
      );
      expect((await update()).statusCode).toBe(200);
    });

    it('refuses the participant submit with STUDY_STATUS_MISMATCH', async () => {
      const s = await buildLinkStudy(t.app, admin);
      const opened = await t.app.inject({
        method: 'POST',
        url: `/api/public/studies/${s.study.id}/token/validateToken`,
        payload: { token: s.link },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const cookie = cookieOf(opened) as string;
      expect((await post(`/api/study/${s.study.id}/lock`, admin.headers, reason('Lock'))).statusCode).toBe(
        200,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/studies/${s.study.id}/questionnaire`,
        headers: { cookie },
        payload: {
          idempotencyKey: randomUUID(),
          isFinal: true,
          token: s.link,
          formId: s.formId,
          answers: [{ question: 'q1', answerStrings: ['3'] }],
        },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().id).toBe('STUDY_STATUS_MISMATCH');
    });
  });

  describe('POST /api/study/:id/anonymize', () => {
    async function completedStudyWithSubject() {
      const study = await buildStudy(t.app, { status: 'COMPLETED' });
      const site = await buildSite(t.app, study.id);
      const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id });
      await setSubjectAttributes(t.app, study.id, subject.id, {
        firstName: 'Ana',
        lastName: 'Berg',
        email: 'ana@example.org',
        language: 'en',
      });
      return { study, subject };
    }
    const anonymize = (studyId: string, headers: Record<string, string>, password?: string) =>
      post(
        `/api/study/${studyId}/anonymize`,
        { ...headers, ...(password ? { 'extended-validation': password } : {}) },
        reason('Retention period over'),
      );

    it('erases identifying fields with the password, keeps the rest and the audit trail, and is final', async () => {
      const { study, subject } = await completedStudyWithSubject();
      expect((await anonymize(study.id, admin.headers)).json().type).toBe('EXTENDED_VALIDATION');
      expect((await anonymize(study.id, admin.headers, 'wrong-password')).json().type).toBe(
        'EXTENDED_VALIDATION',
      );
      expect(await statusOf(study.id)).toBe('COMPLETED');
      const res = await anonymize(study.id, admin.headers, ADMIN_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('ANONYMIZED');
      const [row] = await t.app.database.db.select().from(subjects).where(eq(subjects.id, subject.id));
      expect(row?.attributes).toEqual({ language: 'en' });
      expect(row?.patientId).toBe(subject.patientId);
      const erased = await auditOf(study.id, 'SUBJECT_ANONYMIZED');
      expect(erased).toHaveLength(1);
      expect(erased[0]?.reason).toBe('Retention period over');
      expect(JSON.stringify(erased[0])).not.toContain('Ana');
      expect([...((erased[0]?.before as { fields: string[] } | undefined)?.fields ?? [])].sort()).toEqual([
        'email',
        'firstName',
        'lastName',
      ]);
      // Irreversible: no step back; only deletion may follow.
      expect((await anonymize(study.id, admin.headers, ADMIN_PASSWORD)).json().id).toBe(
        'STUDY_STATUS_MISMATCH',
      );
      for (const action of ['unlock', 'start', 'complete']) {
        const again = await post(`/api/study/${study.id}/${action}`, admin.headers, reason('again'));
        expect(again.json().id, action).toBe('STUDY_STATUS_MISMATCH');
      }
    });

    it('refuses a study that is not completed and callers without STUDY_REQUEST_DELETE', async () => {
      const production = await buildStudy(t.app, { status: 'PRODUCTION' });
      const res = await anonymize(production.id, admin.headers, ADMIN_PASSWORD);
      expect(res.statusCode).toBe(400);
      expect(res.json().id).toBe('STUDY_STATUS_MISMATCH');
      const { study, subject } = await completedStudyWithSubject();
      const user = await buildUser(t.app);
      await grantAccess(t.app, { studyId: study.id, user, role: 'ADMIN' });
      const studyAdmin = await loginAs(t.app, user.email, user.password);
      expect((await anonymize(study.id, studyAdmin.headers, user.password)).statusCode).toBe(403);
      const [row] = await t.app.database.db.select().from(subjects).where(eq(subjects.id, subject.id));
      expect(row?.attributes).toMatchObject({ firstName: 'Ana' });
    });
  });
});
