import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStudySchedule } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { tokens } from '../enrollments/tokens/tables';
import { setUpEnrolled } from './questionnaires-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
}

const weight = (value: string) => [{ question: 'q1', answerStrings: [value] }];

/** Records an unexpected visit through the API and returns its token's filled-form base URL. */
async function recordVisit(s: Awaited<ReturnType<typeof setUpEnrolled>>) {
  const visit = await call('POST', `${s.enrollmentBase}/unexpected`, { type: 'TYPE_UNEXPECTED' });
  expect(visit.statusCode, visit.body).toBe(201);
  const tokenId = visit.json<{ tokenId: string }>().tokenId;
  return { tokenId, base: `${s.enrollmentBase}/tokens/${tokenId}` };
}

describe(`GET/POST .../tokens/:tokenId/questionnaires/unscheduled and PUT .../:questionnaireId/unscheduled (${engine})`, () => {
  it('fills, submits and updates the form of an unexpected visit; the change log shows the reason', async () => {
    const s = await setUpEnrolled(t.app, admin, { unexpected: true });
    const { tokenId, base } = await recordVisit(s);

    const payload = await call('GET', `${base}/questionnaires/unscheduled`);
    expect(payload.statusCode, payload.body).toBe(200);
    const fill = payload.json();
    expect(fill.dataEvent).toMatchObject({
      id: s.selectionId,
      type: 'TYPE_UNEXPECTED',
      forceFormOrder: false,
    });
    expect(fill.forms.map((f: { formId: string; isOptional: boolean }) => [f.formId, f.isOptional])).toEqual([
      [s.unexpectedFormId, false],
      [s.optionalFormId, true],
    ]);
    expect(fill.abilities.canFill).toBe(true);

    // The server re-validates as for scheduled events: a form outside the selection, a bad answer.
    const outside = await call('POST', `${base}/questionnaires/unscheduled`, {
      formId: s.formId,
      answers: weight('70'),
      isFinal: true,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().context.issues[0].path).toEqual(['formId']);
    const bad = await call('POST', `${base}/questionnaires/unscheduled`, {
      formId: s.unexpectedFormId,
      answers: weight('999'),
      isFinal: true,
    });
    expect(bad.statusCode).toBe(400);

    const done = await call('POST', `${base}/questionnaires/unscheduled`, {
      formId: s.unexpectedFormId,
      answers: weight('70'),
      isFinal: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Only the mandatory form completes the event; the optional one may stay empty.
    expect(done.json()).toMatchObject({ tokenCompleted: true, token: { status: 'COMPLETED' } });
    const set = done.json().answerSet;
    expect(set).toMatchObject({ formId: s.unexpectedFormId, dataEventId: s.selectionId, isCompleted: true });

    const url = `${base}/questionnaires/${set.id}/unscheduled`;
    const noComment = await call('PUT', url, { answers: weight('71'), version: set.version });
    expect(noComment.statusCode).toBe(400);
    const updated = await call('PUT', url, {
      answers: weight('72'),
      version: set.version,
      comment: 'Scale recalibrated',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().answerSet.version).toBe(set.version + 1);

    const log = await call('GET', `/api/studies/${s.study.id}/token/questionnaires/${set.id}/audit`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().entries.find((e: { kind: string }) => e.kind === 'UPDATED')).toMatchObject({
      questionId: 'q1',
      oldText: '70',
      newText: '72',
      reason: 'Scale recalibrated',
    });
    const events = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, s.study.id), eq(auditEvents.entityId, tokenId)));
    expect(events.map((e) => e.action)).toContain('TOKEN_COMPLETED');

    // Reads serve both kinds of token: the review data of the unscheduled event.
    const review = await call('GET', `${base}/questionnaireReviewData`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().forms[0].answerSet.id).toBe(set.id);
  });

  it('keeps the edit locks: a locked token and a study in amendment refuse the update', async () => {
    const s = await setUpEnrolled(t.app, admin, { unexpected: true });
    const { tokenId, base } = await recordVisit(s);
    const set = (
      await call('POST', `${base}/questionnaires/unscheduled`, {
        formId: s.unexpectedFormId,
        answers: weight('70'),
        isFinal: true,
      })
    ).json().answerSet;
    const url = `${base}/questionnaires/${set.id}/unscheduled`;
    const body = { answers: weight('75'), version: set.version, comment: 'fix' };
    await t.app.database.db.update(tokens).set({ locked: true }).where(eq(tokens.id, tokenId));
    const locked = await call('PUT', url, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().context.reason).toBe('TOKEN_LOCKED');
    await t.app.database.db.update(tokens).set({ locked: false }).where(eq(tokens.id, tokenId));
    await setStudySchedule(t.app, s.study.id, { status: 'AMENDMENT' });
    const amendment = await call('PUT', url, body);
    expect(amendment.statusCode).toBe(409);
    expect(amendment.json().id).toBe('STUDY_STATUS_MISMATCH');
  });

  it('keeps the two kinds apart: plain writes refuse unscheduled tokens and the reverse', async () => {
    const s = await setUpEnrolled(t.app, admin, { unexpected: true });
    const { base } = await recordVisit(s);
    const plain = await call('POST', `${base}/questionnaires`, {
      formId: s.unexpectedFormId,
      answers: weight('70'),
      isFinal: true,
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().context.reason).toBe('UNSCHEDULED_EVENT');

    const [scheduled] = await t.app.database.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.enrollmentId, s.enrollmentId), eq(tokens.type, 'HP')));
    expect(scheduled).toBeDefined();
    const scheduledBase = `${s.enrollmentBase}/tokens/${scheduled?.id}`;
    const wrongGet = await call('GET', `${scheduledBase}/questionnaires/unscheduled`);
    expect(wrongGet.statusCode).toBe(409);
    expect(wrongGet.json().context.reason).toBe('NOT_UNSCHEDULED_EVENT');
    const wrongPost = await call('POST', `${scheduledBase}/questionnaires/unscheduled`, {
      formId: s.formId,
      answers: weight('70'),
      isFinal: true,
    });
    expect(wrongPost.statusCode).toBe(409);
    expect(wrongPost.json().context.reason).toBe('NOT_UNSCHEDULED_EVENT');
    const done = await call('POST', `${scheduledBase}/questionnaires`, {
      formId: s.formId,
      answers: weight('70'),
      isFinal: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const wrongPut = await call(
      'PUT',
      `${scheduledBase}/questionnaires/${done.json().answerSet.id}/unscheduled`,
      {
        answers: weight('71'),
        version: done.json().answerSet.version,
        comment: 'fix',
      },
    );
    expect(wrongPut.statusCode).toBe(409);
    expect(wrongPut.json().context.reason).toBe('NOT_UNSCHEDULED_EVENT');
  });

  it('refuses PROCESS_MISSING_UNSCHEDULED when the process has no unscheduled events', async () => {
    const s = await setUpEnrolled(t.app, admin);
    const res = await call('POST', `${s.enrollmentBase}/unexpected`, { type: 'TYPE_UNEXPECTED' });
    expect(res.statusCode).toBe(409);
    expect(res.json().id).toBe('PROCESS_MISSING_UNSCHEDULED');
  });
});
