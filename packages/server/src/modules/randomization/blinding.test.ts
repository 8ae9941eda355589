import { STUDY_ROLES } from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs } from '../../../test/harness';
import { studies } from '../studies/tables';
import {
  buildRandomizedStudy,
  call,
  type Enrolled,
  enrolSubject,
  type Kit,
  type RandomizedStudy,
  randomizeUrl,
  sessionWithRole,
  signed,
} from './randomization-test-kit';

// Issue 22 must-show: blinding per role of spec 000 §6 across every route that returns an enrollment
// or a subject. Only a holder of TRIAL_GROUP_VIEW (ADMIN) ever receives a group; every other role
// gets answers in which neither a group's id nor its title appears anywhere.

const kit = {} as Kit;
let s: RandomizedStudy;
let randomized: Enrolled;

beforeAll(async () => {
  kit.t = await createTestApp({ jobs: true });
  kit.admin = await loginAs(kit.t.app);
  s = await buildRandomizedStudy(kit);
  await kit.t.app.database.db
    .update(studies)
    .set({ modules: ['RANDOMIZATION', 'ADVERSE_EVENTS'] })
    .where(eq(studies.id, s.studyId));
  randomized = await enrolSubject(kit, s);
  const res = await call(kit, 'POST', randomizeUrl(s, randomized), signed(kit.admin.headers));
  expect(res.statusCode, res.body).toBe(200);
  // the break of a blind is in the record history too
  const investigator = await sessionWithRole(kit, s.studyId, 'INVESTIGATOR');
  const broken = await call(
    kit,
    'POST',
    `/studies/${s.studyId}/enrollments/${randomized.enrollmentId}/breakBlind`,
    signed(investigator.headers, investigator.password),
    { reason: 'Emergency' },
  );
  expect(broken.statusCode, broken.body).toBe(200);
}, 120_000);
afterAll(async () => kit.t?.close());

/** Every read that returns the subject or its enrollment (spec 001 §7 subjects and enrollments, feed). */
function reads(e: Enrolled): { name: string; method: 'GET' | 'POST'; url: string; body?: object }[] {
  const st = `/studies/${s.studyId}`;
  return [
    { name: 'subject list', method: 'POST', url: `${st}/patient/list`, body: {} },
    {
      name: 'subject list sorted by group',
      method: 'POST',
      url: `${st}/patient/list`,
      body: { sortBy: 'trialGroup' },
    },
    { name: 'subject', method: 'GET', url: `${st}/patient/${e.subjectId}` },
    { name: 'subject without study', method: 'GET', url: `/patient/${e.subjectId}` },
    { name: 'light list', method: 'GET', url: `${st}/patient/lightList/${e.siteId}` },
    { name: 'subject site', method: 'GET', url: `/study/${s.studyId}/site/${e.subjectId}/true` },
    { name: 'record history', method: 'GET', url: `${st}/patient/${e.subjectId}/audit` },
    { name: 'enrollment', method: 'GET', url: `${st}/enrollments/${e.enrollmentId}` },
    { name: 'enrollments of subject', method: 'GET', url: `${st}/enrollments/subjects/${e.subjectId}` },
    { name: 'enrollment tokens', method: 'GET', url: `${st}/enrollments/${e.enrollmentId}/tokens` },
    { name: 'random id', method: 'GET', url: `${st}/enrollments/${e.enrollmentId}/randomId` },
    { name: 'allocation', method: 'GET', url: `${st}/enrollments/${e.enrollmentId}/randomization` },
    { name: 'unscheduled events', method: 'GET', url: `${st}/enrollments/${e.enrollmentId}/unexpected` },
    { name: 'AEs of subject', method: 'GET', url: `${st}/subjects/${e.subjectId}/listAe` },
    { name: 'feed', method: 'GET', url: `${st}/feed` },
  ];
}

function leaks(text: string): string[] {
  return s.groups.flatMap((g) => [g.id, g.title.en]).filter((secret) => text.includes(secret));
}

describe('blinding across every route that returns a subject or an enrollment', () => {
  for (const role of STUDY_ROLES) {
    it(`${role}: ${role === 'ADMIN' ? 'sees the group' : 'never receives the group'}`, async () => {
      const who = await sessionWithRole(kit, s.studyId, role);
      let seen = 0;
      for (const read of reads(randomized)) {
        const res = await call(kit, read.method, read.url, who.headers, read.body);
        expect(res.statusCode, `${read.name}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 200) continue;
        if (role === 'ADMIN') {
          if (leaks(res.body).length > 0) seen++;
        } else {
          expect(leaks(res.body), `${role} ${read.name}`).toEqual([]);
        }
      }
      // a subject of their own randomized by the role itself, where it may
      const fresh = await enrolSubject(kit, s);
      const own = await call(kit, 'POST', randomizeUrl(s, fresh), signed(who.headers, who.password));
      if (role === 'ADMIN' || role === 'DOCTOR') expect(own.statusCode, own.body).toBe(200);
      else expect(own.statusCode).toBe(403);
      if (role === 'ADMIN') {
        expect(own.json().trialGroup).not.toBeNull();
        // subject list, subject, record history and the allocation view show the group
        expect(seen).toBeGreaterThanOrEqual(4);
      } else {
        expect(leaks(own.body)).toEqual([]);
        // a blinded user cannot write the group by hand either
        const put = await call(kit, 'PUT', `/studies/${s.studyId}/patient/${fresh.subjectId}`, who.headers, {
          trialGroup: 'guess',
        });
        expect([400, 403]).toContain(put.statusCode);
      }
    });
  }

  it('exports: a blinded monitor may not ask for the group, and the audit trail hides it', {
    timeout: 120_000,
  }, async () => {
    const monitor = await sessionWithRole(kit, s.studyId, 'MONITOR');
    const refused = await call(kit, 'POST', `/studies/${s.studyId}/exports`, monitor.headers, {
      includeTrialGroup: true,
    });
    expect(refused.statusCode).toBe(403);
    const started = await call(kit, 'POST', `/studies/${s.studyId}/exports`, monitor.headers, {
      includeAuditTrail: true,
    });
    expect(started.statusCode, started.body).toBe(202);
    const exportId = started.json<{ id: string }>().id;
    let status = '';
    for (let i = 0; i < 300 && status !== 'COMPLETED' && status !== 'FAILED'; i++) {
      const res = await call(kit, 'GET', `/studies/${s.studyId}/exports/${exportId}`, monitor.headers);
      status = res.json<{ status: string }>().status;
      if (status !== 'COMPLETED' && status !== 'FAILED') await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('COMPLETED');
    const zip = await call(kit, 'GET', `/studies/${s.studyId}/exports/${exportId}/download`, monitor.headers);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const trail = strFromU8(files['audit_trail.csv'] ?? new Uint8Array());
    // the configuration's events name the groups (the design is not secret); who is in which is
    const allocationRows = trail
      .split('\n')
      .filter((line) => line.includes('RANDOMIZATION_ALLOCATED') || line.includes('BLIND_BROKEN'));
    expect(allocationRows.length).toBeGreaterThanOrEqual(2);
    for (const row of allocationRows) {
      expect(leaks(row)).toEqual([]);
      expect(row).toContain('REDACTED');
    }
    for (const [name, data] of Object.entries(files)) {
      if (name !== 'audit_trail.csv') expect(leaks(strFromU8(data)), name).toEqual([]);
    }
  });

  it('a randomized subject’s group is not edited by hand, even by the administrator', async () => {
    const res = await call(
      kit,
      'PUT',
      `/studies/${s.studyId}/patient/${randomized.subjectId}`,
      kit.admin.headers,
      {
        trialGroup: 'Other',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().context.issues).toContainEqual({ path: ['trialGroup'], message: 'LOCKED' });
  });
});
