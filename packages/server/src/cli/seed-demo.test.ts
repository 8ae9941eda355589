import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../test/harness';
import { seedDemoStudy } from './demo-study';

// Issue 7 item 7: the demo study is made through the API and shows subjects at every stage.

let now = new Date('2026-11-22T10:00:00Z');
const clock = {
  now: () => now,
  set: (next: Date) => {
    now = next;
  },
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
});
afterAll(async () => t?.close());

describe(`npm run seed:demo on ${engine}`, () => {
  it('builds a study in production with two sites, forms, a process and subjects at different stages', async () => {
    const result = await seedDemoStudy(t.app, { clock, subjects: 8, name: 'Demo study under test' });
    expect(result).toMatchObject({ studyName: 'Demo study under test', subjects: 8, enrollments: 8 });
    expect(clock.now().toISOString()).toBe('2026-11-22T10:00:00.000Z');
    const q = async (text: string) => (await t.app.database.query(text, [result.studyId])).rows;
    expect(await q('select status from study where id = $1')).toEqual([{ status: 'PRODUCTION' }]);
    expect(await q('select count(*)::int as n from site where study_id = $1')).toEqual([{ n: 2 }]);
    // The site report has targets to show (issue 25 item 5).
    expect(
      await q('select site_number, enrolment_target from site where study_id = $1 order by site_number'),
    ).toEqual([
      { site_number: 1, enrolment_target: 15 },
      { site_number: 2, enrolment_target: 10 },
    ]);
    const statuses = (await q('select distinct status from token where study_id = $1')).map((r) => r.status);
    expect(statuses).toEqual(expect.arrayContaining(['COMPLETED', 'NOT_ACTIVE']));
    const [filled] = await q(
      "select count(*)::int as n from questionnaire where study_id = $1 and status <> 'STATUS_NOT_STARTED'",
    );
    expect(filled?.n).toBe(result.filledForms);
    expect(result.filledForms).toBeGreaterThan(4);
    const [answered] = await q('select count(*)::int as n from answer where study_id = $1');
    expect(answered?.n).toBeGreaterThan(20);
  });
});
