import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  grantAccess,
} from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { studyAccess } from '../access/tables';
import { enrollments } from '../enrollments/tables';
import { formTemplates } from '../forms/tables';
import { sites } from '../sites/tables';
import { studies } from './tables';

const validStudy = (over: Record<string, unknown> = {}) => ({
  studyName: `Heart ${Math.random().toString(36).slice(2)}`,
  primaryLanguage: 'en',
  languages: ['en', 'da'],
  dateFormat: 'DD-MM-YYYY',
  dateTimeFormat: 'DD-MM-YYYY HH:mm',
  subjectIdAutomation: 'siteIdSiteNum',
  extendedValidation: false,
  verificationType: 'FORM',
  secondaryVerificationType: 'NONE',
  ...over,
});

describe(`studies API on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  async function userWith(role?: Parameters<typeof grantAccess>[1]['role'], studyId?: string) {
    const user = await buildUser(t.app);
    if (role && studyId) await grantAccess(t.app, { studyId, user, role });
    return { user, session: await loginAs(t.app, user.email, user.password) };
  }

  const countStudies = async () => (await t.app.database.db.select().from(studies)).length;

  describe('POST /api/study', () => {
    it('creates a study in build and makes the creator its ADMIN', async () => {
      const body = validStudy({ extendedValidation: true });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/study',
        headers: admin.headers,
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      const study = res.json();
      expect(study).toMatchObject({
        studyName: body.studyName,
        status: 'STUDY_STATUS_BUILD',
        languages: ['en', 'da'],
        verificationType: 'FORM',
        extendedValidation: true,
        modules: [],
        editScope: { structure: 'ALL', settings: true, dataCapture: false },
      });
      expect(study.abilities).toMatchObject({ STUDY_UPDATE: true, STUDY_TEST: true });
      const rows = await t.app.database.db
        .select()
        .from(studyAccess)
        .where(eq(studyAccess.studyId, study.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ role: 'ADMIN', siteIds: 'ALL', status: 'ACTIVE' });
      const audit = await t.app.database.query<{ action: string }>(
        'select action from audit_event where study_id = $1 order by action',
        [study.id],
      );
      expect(audit.rows.map((r) => r.action)).toEqual(['STUDY_CREATED', 'STUDY_CREATOR_ACCESS_GRANTED']);
    });

    it('refuses a name already used by a live study, case-insensitively, with DUPLICATE_NAME', {
      tags: ['search'],
    }, async () => {
      const existing = await buildStudy(t.app, { name: 'Duplicate Me' });
      const before = await countStudies();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/study',
        headers: admin.headers,
        payload: validStudy({ studyName: existing.name.toUpperCase() }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION', id: 'DUPLICATE_NAME' });
      expect(res.json().context.issues[0].path).toEqual(['studyName']);
      expect(await countStudies()).toBe(before);
    });

    it('refuses bad input with every field path and creates nothing', async () => {
      const before = await countStudies();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/study',
        headers: admin.headers,
        payload: validStudy({ studyName: 'x'.repeat(257), primaryLanguage: 'xx', dateFormat: 'YY' }),
      });
      expect(res.statusCode).toBe(400);
      const paths = res.json().context.issues.map((i: { path: string[] }) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['studyName', 'primaryLanguage', 'dateFormat']));
      const inconsistent = await t.app.inject({
        method: 'POST',
        url: '/api/study',
        headers: admin.headers,
        payload: validStudy({ primaryLanguage: 'de' }),
      });
      expect(inconsistent.statusCode).toBe(400);
      expect(inconsistent.json().context.issues[0].path).toEqual(['primaryLanguage']);
      expect(await countStudies()).toBe(before);
    });

    it('is refused without a session (401) and to users without the create right (403)', async () => {
      const anon = await t.app.inject({ method: 'POST', url: '/api/study', payload: validStudy() });
      expect(anon.statusCode).toBe(401);
      const study = await buildStudy(t.app);
      const { session } = await userWith('ADMIN', study.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/study',
        headers: session.headers,
        payload: validStudy(),
      });
      expect(res.statusCode).toBe(403);
    });

    it('lets an admin-lite user create studies', async () => {
      const user = await buildUser(t.app, { systemPermissions: ['SYSTEM_STUDY_LIST', 'SYSTEM_USER_LIST'] });
      const session = await loginAs(t.app, user.email, user.password);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/study',
        headers: session.headers,
        payload: validStudy(),
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('GET /api/study', { tags: ['search'] }, () => {
    it('lists only the studies a user has access to, filtered by search and status', async () => {
      const mine = await buildStudy(t.app, { name: 'Cardio 100% sure' });
      const mineRunning = await buildStudy(t.app, { name: 'Cardio running', status: 'PRODUCTION' });
      const other = await buildStudy(t.app, { name: 'Cardio other' });
      const { user, session } = await userWith('MONITOR', mine.id);
      await grantAccess(t.app, { studyId: mineRunning.id, user, role: 'DOCTOR' });
      const all = await t.app.inject({ method: 'GET', url: '/api/study', headers: session.headers });
      expect(all.statusCode).toBe(200);
      const ids = all.json().map((s: { id: string }) => s.id);
      expect(ids).toEqual(expect.arrayContaining([mine.id, mineRunning.id]));
      expect(ids).not.toContain(other.id);
      const running = await t.app.inject({
        method: 'GET',
        url: '/api/study?status=PRODUCTION',
        headers: session.headers,
      });
      expect(running.json().map((s: { id: string }) => s.id)).toEqual([mineRunning.id]);
      const search = await t.app.inject({
        method: 'GET',
        url: `/api/study?q=${encodeURIComponent('100%')}`,
        headers: session.headers,
      });
      expect(search.json().map((s: { id: string }) => s.id)).toEqual([mine.id]);
    });

    it('shows every study to a system admin, and refuses a search over 128 characters', async () => {
      const study = await buildStudy(t.app);
      const res = await t.app.inject({ method: 'GET', url: '/api/study', headers: admin.headers });
      expect(res.json().map((s: { id: string }) => s.id)).toContain(study.id);
      const long = await t.app.inject({
        method: 'GET',
        url: `/api/study?q=${'a'.repeat(129)}`,
        headers: admin.headers,
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().context.issues[0].path).toEqual(['querystring', 'q']);
      expect((await t.app.inject({ method: 'GET', url: '/api/study' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/study/:id and overview', () => {
    it('gives a study member the study with abilities of its role', async () => {
      const study = await buildStudy(t.app);
      const { session } = await userWith('DOCTOR', study.id);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/study/${study.id}`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().abilities).toMatchObject({
        PATIENT_LIST: true,
        STUDY_UPDATE: false,
        STUDY_START: false,
      });
    });

    it('is 403 for a user of another study and 404 for a study that does not exist', async () => {
      const study = await buildStudy(t.app);
      const elsewhere = await buildStudy(t.app);
      const { session } = await userWith('ADMIN', elsewhere.id);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/study/${study.id}`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(403);
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/study/0123456789abcdef01234567',
        headers: admin.headers,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('counts live forms and processes, sites, subjects and subjects with an enrollment', async () => {
      const study = await buildStudy(t.app);
      const site = await buildSite(t.app, study.id);
      await buildSite(t.app, study.id);
      const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id });
      await buildSubject(t.app, { studyId: study.id, siteId: site.id });
      const now = new Date();
      const form = (name: string, deletedAt: Date | null) => ({
        studyId: study.id,
        id: newId(now),
        name,
        type: 'TYPE_FORM',
        document: { title: { en: name } },
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
        deletedAt,
      });
      await t.app.database.db
        .insert(formTemplates)
        .values([form('Baseline', null), form('Week 1', null), form('Gone', now)]);
      const process = await buildProcess(t.app, { studyId: study.id, dataEvents: [] });
      await buildProcess(t.app, { studyId: study.id, dataEvents: [] });
      await t.app.database.db.insert(enrollments).values(
        [1, 2].map(() => ({
          studyId: study.id,
          id: newId(now),
          siteId: site.id,
          subjectId: subject.id,
          processId: process.id,
          status: 'ONGOING',
          registeredAt: now,
          timeZone: 'UTC',
          language: 'en',
          createdAt: now,
          updatedAt: now,
        })),
      );
      const { session } = await userWith('INVESTIGATOR', study.id);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/study/${study.id}/overview`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        counts: { sites: 2, subjects: 2, startedStudies: 1, forms: 2, processes: 2 },
        amendments: { total: 0, latest: null },
      });
    });
  });

  describe('POST /api/study/:studyId/generateNewMongoIds', () => {
    it('gives 10 fresh ids by default and the number asked for up to 100', async () => {
      const study = await buildStudy(t.app);
      const url = `/api/study/${study.id}/generateNewMongoIds`;
      const byDefault = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: {} });
      expect(byDefault.statusCode).toBe(200);
      expect(byDefault.json().ids).toHaveLength(10);
      const many = await t.app.inject({
        method: 'POST',
        url,
        headers: admin.headers,
        payload: { countOfIds: 100 },
      });
      const ids: string[] = many.json().ids;
      expect(new Set(ids).size).toBe(100);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
      const tooMany = await t.app.inject({
        method: 'POST',
        url,
        headers: admin.headers,
        payload: { countOfIds: 101 },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().context.issues[0].path).toEqual(['countOfIds']);
    });
  });

  describe('POST /api/study/:studyId/duplicate', () => {
    it('copies settings and sites, never subjects or other access, under a free name', async () => {
      const study = await buildStudy(t.app, { name: 'Original design', modules: ['MEDICATION'] });
      const site = await buildSite(t.app, study.id, { name: 'Aarhus', siteNumber: 7 });
      await buildSubject(t.app, { studyId: study.id, siteId: site.id });
      const { user } = await userWith('DOCTOR', study.id);
      await t.app.database.db
        .update(studies)
        .set({ name: 'Original design' })
        .where(eq(studies.id, study.id));
      const url = `/api/study/${study.id}/duplicate`;
      const first = await t.app.inject({ method: 'POST', url, headers: admin.headers });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        studyName: 'Original design (copy)',
        status: 'STUDY_STATUS_BUILD',
      });
      const second = await t.app.inject({ method: 'POST', url, headers: admin.headers });
      expect(second.json().studyName).toBe('Original design (copy 2)');
      const copyId = first.json().id;
      const copiedSites = await t.app.database.db.select().from(sites).where(eq(sites.studyId, copyId));
      expect(copiedSites.map((s) => [s.name, s.siteNumber])).toEqual([['Aarhus', 7]]);
      expect(copiedSites[0]?.id).not.toBe(site.id);
      const overview = await t.app.inject({
        method: 'GET',
        url: `/api/study/${copyId}/overview`,
        headers: admin.headers,
      });
      expect(overview.json().counts.subjects).toBe(0);
      const access = await t.app.database.db
        .select()
        .from(studyAccess)
        .where(eq(studyAccess.studyId, copyId));
      expect(access.map((a) => a.role)).toEqual(['ADMIN']);
      expect(access.map((a) => a.userId)).not.toContain(user.id);
    });

    it('is refused to a study ADMIN without the right to create studies', async () => {
      const study = await buildStudy(t.app);
      const { session } = await userWith('ADMIN', study.id);
      const before = await countStudies();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/study/${study.id}/duplicate`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(403);
      expect(await countStudies()).toBe(before);
    });
  });
});
