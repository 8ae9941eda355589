// @module-tag concurrency
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, loginAs } from '../../../test/harness';
import {
  buildRandomizedStudy,
  call,
  type Enrolled,
  enrolSubject,
  type Kit,
  randomizeUrl,
  sessionWithRole,
  signed,
} from './randomization-test-kit';
import { randomizationAllocations, randomizationListEntries } from './tables';

// Issue 22 must-show: concurrent allocations of one process never share or skip a slot. Each request
// locks the enrollment, then the process's randomization state FOR UPDATE (service/allocate.ts).

const kit = {} as Kit;
const N = 50;

beforeAll(async () => {
  kit.t = await createTestApp();
  kit.admin = await loginAs(kit.t.app);
});
afterAll(async () => kit.t?.close());

describe(`startRandomizationDataEvent under concurrency (${engine})`, () => {
  it(`${N} simultaneous randomizations give ${N} distinct consecutive allocations`, {
    timeout: 300_000,
  }, async () => {
    const s = await buildRandomizedStudy(kit, { config: { targetInclusion: '60' } });
    const subjects: Enrolled[] = [];
    for (let i = 0; i < N; i++) subjects.push(await enrolSubject(kit, s));
    // one doctor per request: the password check's attempt limit is per user
    const doctors: Awaited<ReturnType<typeof sessionWithRole>>[] = [];
    for (let i = 0; i < N; i++) doctors.push(await sessionWithRole(kit, s.studyId, 'DOCTOR'));

    const answers = await Promise.all(
      subjects.map((e, i) => {
        const doctor = doctors[i];
        if (!doctor) throw new Error('no doctor');
        return call(kit, 'POST', randomizeUrl(s, e), signed(doctor.headers, doctor.password));
      }),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const randomIds = answers.map((res) => res.json<{ randomId: string }>().randomId).sort();
    expect(randomIds).toEqual(Array.from({ length: N }, (_, i) => `R${String(i + 1).padStart(4, '0')}`));

    const db = kit.t.app.database.db;
    const allocations = await db
      .select()
      .from(randomizationAllocations)
      .where(eq(randomizationAllocations.processId, s.processId))
      .orderBy(asc(randomizationAllocations.sequence));
    expect(allocations.map((a) => a.sequence)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(new Set(allocations.map((a) => a.enrollmentId)).size).toBe(N);
    // the list's first N records are taken, each by one allocation, in order; none after them
    expect(allocations.map((a) => a.listSequence)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const entries = await db
      .select()
      .from(randomizationListEntries)
      .where(
        and(
          eq(randomizationListEntries.studyId, s.studyId),
          eq(randomizationListEntries.processId, s.processId),
        ),
      )
      .orderBy(asc(randomizationListEntries.sequence));
    const taken = entries.filter((e) => e.enrollmentId !== null);
    expect(taken.map((e) => e.sequence)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const bySequence = new Map(allocations.map((a) => [a.listSequence, a]));
    for (const entry of taken) {
      const allocation = bySequence.get(entry.sequence);
      expect(allocation?.enrollmentId).toBe(entry.enrollmentId);
      expect(allocation?.groupId).toBe(entry.groupId);
    }
    const state = await call(
      kit,
      'GET',
      `/studies/${s.studyId}/pathway/${s.processId}/randomization`,
      kit.admin.headers,
    );
    expect(state.json().status.allocations).toBe(N);
    expect(state.json().status.freeEntries).toBe(entries.length - N);
  });
});
