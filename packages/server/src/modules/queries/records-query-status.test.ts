/**
 * Issue 19 item 2 (spec 001 §4 "query overrides the others" in the subject's records): the subject's
 * enrollments call carries per token the statuses of its non-closed queries, on the real server and
 * database (PGlite and PostgreSQL): empty, OPEN once raised, RESPONDED once answered, empty once
 * closed, OPEN again once reopened; a doctor of another site is still refused.
 */
import type { EnrollmentDetail, FormTemplateDocumentInput } from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  DEFAULT_PASSWORD,
  grantAccess,
  setStudySchedule,
} from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn, payload?: object, extra = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...extra },
    ...(payload ? { payload } : {}),
  });
}

const FORM_DOC = (id: string): FormTemplateDocumentInput => ({
  id,
  title: { en: `Vitals ${id.slice(-6)}` },
  type: 'TYPE_FORM',
  questions: [{ id: 'q1', order: 1, type: 'NUMBER', question: { en: 'Weight' }, required: true }],
});

async function member(studyId: string, role: 'MONITOR' | 'DOCTOR', siteIds: 'ALL' | string[]) {
  const user = await buildUser(t.app, { email: `${role.toLowerCase()}-${newId()}@example.org` });
  await grantAccess(t.app, { studyId, user, role, siteIds });
  return loginAs(t.app, user.email, user.password);
}

describe(`the subject's records show the query status on ${engine}`, () => {
  it('flips the token’s queryStatuses with a raised, answered, closed and reopened query', async () => {
    const app = t.app;
    const study = await buildStudy(app);
    const siteA = await buildSite(app, study.id, { name: `Alpha ${newId().slice(-5)}` });
    const siteB = await buildSite(app, study.id, { name: `Beta ${newId().slice(-5)}` });
    const now = new Date();
    const formId = newId(now);
    await app.database.db.insert(formTemplates).values({
      studyId: study.id,
      id: formId,
      name: `Vitals ${formId.slice(-6)}`,
      type: 'TYPE_FORM',
      document: FORM_DOC(formId) as Record<string, unknown>,
      createdBy: 'factory',
      createdAt: now,
      updatedAt: now,
    });
    const process = await buildProcess(app, {
      studyId: study.id,
      dataEvents: [
        {
          id: `rq${formId.slice(-8)}-e1`,
          type: 'TYPE_USER',
          forms: [formId],
          referenceDate: 'REGISTRATION',
          sendAs: 'NO_SEND_OUT',
        },
      ],
    });
    await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
    const monitor = await member(study.id, 'MONITOR', 'ALL');
    const doctorA = await member(study.id, 'DOCTOR', [siteA.id]);
    const doctorB = await member(study.id, 'DOCTOR', [siteB.id]);

    const subject = await buildSubject(app, { studyId: study.id, siteId: siteA.id });
    const enrolled = await call('POST', `/api/studies/${study.id}/enrollments`, admin, {
      subjectId: subject.id,
      siteId: siteA.id,
      processId: process.id,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const enrollmentId = enrolled.json<{ id: string }[]>()[0]?.id ?? '';
    const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
    if (!token) throw new Error('no token');
    const base = `/api/studies/${study.id}/enrollments/${enrollmentId}/tokens/${token.id}`;

    const records = `/api/studies/${study.id}/enrollments/subjects/${subject.id}`;
    async function statuses(who: LoggedIn = doctorA) {
      const res = await call('GET', records, who);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json<EnrollmentDetail[]>();
      expect(list).toHaveLength(1);
      const row = list[0]?.tokens.find((x) => x.id === token?.id);
      return row?.queryStatuses;
    }
    // Not filled yet: the field is there and empty.
    expect(await statuses()).toEqual([]);

    const saved = await call('POST', `${base}/questionnaires`, admin, {
      formId,
      answers: [{ question: 'q1', answerStrings: ['70'] }],
      isFinal: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const queries = `${base}/questionnaires/${saved.json().answerSet.id as string}/queries`;
    expect(await statuses()).toEqual([]);

    const raised = await call('POST', queries, monitor, { questionId: 'q1', text: 'Weight 70 kg?' });
    expect(raised.statusCode, raised.body).toBe(201);
    const url = `${queries}/${raised.json().query.id as string}`;
    expect(await statuses()).toEqual(['OPEN']);
    expect(await statuses(monitor)).toEqual(['OPEN']);

    const responded = await call(
      'PUT',
      `${url}/respond`,
      doctorA,
      { text: 'Confirmed in the source.' },
      { 'extended-validation': DEFAULT_PASSWORD },
    );
    expect(responded.statusCode, responded.body).toBe(200);
    expect(await statuses()).toEqual(['RESPONDED']);

    const closed = await call('POST', `${url}/close`, monitor, { text: 'Thanks.' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await statuses()).toEqual([]);

    const reopened = await call('POST', `${url}/reopen`, monitor, { text: 'One more look, please.' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await statuses()).toEqual(['OPEN']);

    // Site scope unchanged: a doctor of the other site still cannot read this subject's records.
    const other = await call('GET', records, doctorB);
    expect(other.statusCode).toBe(403);
  });
});
