// @module-tag json
/**
 * Issue 16 item 2: process documents and form drafts are cached by revision and row version (xmin),
 * so any write to the row, even one that keeps the revision (a direct update), is seen at once; the
 * form rows a participant's calls read are kept under the study's design stamp, which any write to a
 * form row moves (migration 0037).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { setUpEnrolled, WEIGHT_FORM } from '../questionnaires/questionnaires-test-kit';
import { buildLinkStudy, cookieOf, setProcessSettings } from './public-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

function validate(studyId: string, link: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/validateToken`,
    payload: { token: link },
  });
}

describe(`cached documents on ${engine}`, () => {
  it('a process changed in place (same revision) is read anew by the next request', async () => {
    const s = await buildLinkStudy(t.app, admin);
    const first = await validate(s.study.id, s.link);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ consentRequired: false });
    // Straight to the table: the revision stays, only the row version (xmin) moves.
    await setProcessSettings(t.app, s.study.id, s.process.id, {
      consentRequired: true,
      consentText: { en: 'I agree.' },
    });
    const second = await validate(s.study.id, s.link);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ consentRequired: true, next: 'CONSENT' });
  });

  it('a draft form changed in place is filled with its new questions', async () => {
    // The form was never published: the fill reads its draft (cached by revision and xmin).
    const s = await setUpEnrolled(t.app, admin);
    const [token] = await t.app.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.enrollmentId, s.enrollmentId));
    const url = `${s.enrollmentBase}/tokens/${token?.id}/questionnaires`;
    const questionIds = async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().forms[0].form.questions.map((q: { id: string }) => q.id);
    };
    expect(await questionIds()).toEqual(['q1']);
    const document = WEIGHT_FORM(s.formId);
    const q1 = document.questions?.[0];
    if (!q1) throw new Error('no question');
    await t.app.database.db
      .update(formTemplates)
      .set({
        document: { ...document, questions: [q1, { ...q1, id: 'q2', order: 2 }] } as Record<string, unknown>,
      })
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.formId)));
    expect(await questionIds()).toEqual(['q1', 'q2']);
  });

  it('a form removed after the link was opened is left out of the next getProcess', async () => {
    const s = await buildLinkStudy(t.app, admin);
    const opened = await validate(s.study.id, s.link);
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = cookieOf(opened) as string;
    const formIds = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/studies/${s.study.id}/tokens/${s.link}/getProcess`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ forms: { formId: string }[] }>().forms.map((f) => f.formId);
    };
    expect(await formIds()).toEqual([s.formId]);
    // Straight to the table, as any writer of form rows: the study's design stamp moves with it.
    await t.app.database.db
      .update(formTemplates)
      .set({ deletedAt: new Date() })
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.formId)));
    expect(await formIds()).toEqual([]);
  });
});
