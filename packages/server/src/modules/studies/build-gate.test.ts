import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProcess, buildStudy } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { processes } from '../processes/tables';
import { buildPublishedForm } from '../public/public-test-kit';
import { runDueAmendments } from './api';
import { studies } from './tables';

// Issue 23 item 3: going to production or test, and finishing or scheduling an amendment, run the
// study-build check; errors refuse the step (409 STUDY_BUILD_CHECK_FAILED listing them), warnings do not.

describe(`build check on lifecycle transitions on ${engine}`, () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const rowOf = async (id: string) =>
    (await t.app.database.db.select().from(studies).where(eq(studies.id, id)))[0];
  const missingFormId = 'f'.repeat(24);

  /** A study whose process's event names `formId` (a missing id makes DATA_EVENT_FORM_MISSING, an error). */
  async function studyWithEventForm(status: string) {
    const study = await buildStudy(t.app, { status });
    const formId = await buildPublishedForm(t.app, study.id);
    // An unused form without questions: a warning only.
    await buildPublishedForm(t.app, study.id, []);
    const process = await buildProcess(t.app, {
      studyId: study.id,
      dataEvents: [
        {
          id: `bg${formId.slice(-10)}-e1`,
          type: 'TYPE_USER',
          forms: [missingFormId],
          referenceDate: 'REGISTRATION',
        },
      ],
    });
    const setEventForms = async (forms: string[]) => {
      const [row] = await t.app.database.db
        .select()
        .from(processes)
        .where(and(eq(processes.studyId, study.id), eq(processes.id, process.id)));
      const document = row?.document as { dataEvents: { forms: string[] }[] };
      const dataEvents = document.dataEvents.map((e) => ({ ...e, forms }));
      await t.app.database.db
        .update(processes)
        .set({
          document: { ...document, dataEvents },
          revision: (row?.revision ?? 0) + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(processes.studyId, study.id), eq(processes.id, process.id)));
    };
    return { study, formId, setEventForms, base: `/api/study/${study.id}` };
  }

  const expectRefused = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(409);
    const body = res.json() as {
      type: string;
      id: string;
      context: {
        errorCount: number;
        warningCount: number;
        diagnostics: { code: string; severity: string }[];
      };
    };
    expect(body).toMatchObject({ type: 'VALIDATION_BUILD_MODE', id: 'STUDY_BUILD_CHECK_FAILED' });
    expect(body.context.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['DATA_EVENT_FORM_MISSING', 'ERROR'],
    ]);
    expect(body.context.errorCount).toBe(1);
    expect(body.context.warningCount).toBeGreaterThanOrEqual(1);
  };

  it('refuses test drive and start while the check has errors; warnings alone let the study go live', async () => {
    const s = await studyWithEventForm('STUDY_STATUS_BUILD');
    expectRefused(await call('POST', `${s.base}/testDrive`));
    expectRefused(await call('POST', `${s.base}/start`));
    expect((await rowOf(s.study.id))?.status).toBe('STUDY_STATUS_BUILD');
    await s.setEventForms([s.formId]);
    const tested = await call('POST', `${s.base}/testDrive`);
    expect(tested.statusCode, tested.body).toBe(200);
    const started = await call('POST', `${s.base}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('PRODUCTION');
  });

  it('refuses to finish or schedule an amendment with errors; the scheduled finish cancels its schedule instead of going live', async () => {
    const s = await studyWithEventForm('PRODUCTION');
    await s.setEventForms([s.formId]);
    expect((await call('POST', `${s.base}/nonBlockingAmendment`, { reason: 'v2' })).statusCode).toBe(200);
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await call('POST', `${s.base}/scheduleAmendment`, {
      reason: 'Go-live',
      scheduledTime: at.toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    await s.setEventForms([missingFormId]);
    expectRefused(await call('POST', `${s.base}/finishAmendment`, { reason: 'Approved' }));
    expectRefused(
      await call('POST', `${s.base}/rescheduleAmendment`, {
        reason: 'Later',
        scheduledTime: new Date(Date.now() + 7_200_000).toISOString(),
      }),
    );
    expect((await rowOf(s.study.id))?.status).toBe('AMENDMENT');

    // The job's sweep after the scheduled time: nothing goes live, the schedule is cancelled (audited).
    expect(await runDueAmendments(t.app.database.db, new Date(at.getTime() + 60_000))).toBe(0);
    const row = await rowOf(s.study.id);
    expect(row?.status).toBe('AMENDMENT');
    expect(row?.amendmentScheduledAt).toBeNull();
    const audit = await t.app.database.query<{
      actor_type: string;
      after: { action: string };
      reason: string;
    }>(
      "select actor_type, after, reason from audit_event where study_id = $1 and action = 'STUDY_AMENDMENT_CHANGED' order by ticket",
      [s.study.id],
    );
    expect(audit.rows.map((r) => [r.actor_type, r.after.action, r.reason]).at(-1)).toEqual([
      'SYSTEM',
      'cancelAmendmentSchedule',
      'Scheduled finish refused by the study-build check',
    ]);

    await s.setEventForms([s.formId]);
    const finished = await call('POST', `${s.base}/finishAmendment`, { reason: 'Approved' });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().status).toBe('PRODUCTION');
  });
});
