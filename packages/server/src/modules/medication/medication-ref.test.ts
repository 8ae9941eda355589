/**
 * Issue 21 item 4 over HTTP on the engine of the run: a MEDICATION_REF answer links only medication
 * records of the form's subject in this study that are not removed (400 with the reference's path
 * otherwise); a valid one is stored and read back.
 */
import { EXTENDED_VALIDATION_HEADER, type MedicationView } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildSubject } from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { setUpEnrolled, WEIGHT_FORM } from '../questionnaires/questionnaires-test-kit';
import { medicationContent } from './medication-test-kit';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
}, 120_000);

afterAll(async () => t?.close());

function signed(method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
    ...(payload ? { payload } : {}),
  });
}

async function recordMedication(studyId: string, subjectId: string, name: string): Promise<string> {
  const res = await signed(
    'POST',
    `/api/studies/${studyId}/patient/${subjectId}/medication`,
    medicationContent({ name, indication: null, dose: 10, frequency: 'ONCE_DAILY', startDate: '2024-03-01' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MedicationView>().id;
}

describe(`MEDICATION_REF answers (issue 21 item 4) on ${engine}`, () => {
  it('refuses another subject’s, another study’s, an unknown and a removed record with the field path; stores the own', async () => {
    const s = await setUpEnrolled(t.app, admin);
    const weight = WEIGHT_FORM(s.formId);
    await t.app.database.db
      .update(formTemplates)
      .set({
        document: {
          ...weight,
          questions: [
            ...(weight.questions ?? []),
            { id: 'q2', order: 2, type: 'MEDICATION_REF', question: { en: 'Medication' }, required: false },
          ],
        } as Record<string, unknown>,
      })
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.formId)));
    const [token] = await t.app.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.enrollmentId, s.enrollmentId));

    const own = await recordMedication(s.study.id, s.subject.id, 'Metformin');
    const otherSubject = (await buildSubject(t.app, { studyId: s.study.id, siteId: s.site.id })).id;
    const ofOtherSubject = await recordMedication(s.study.id, otherSubject, 'Aspirin');
    const foreignStudy = (await buildStudy(t.app, { status: 'PRODUCTION' })).id;
    const foreignSite = (await buildSite(t.app, foreignStudy)).id;
    const foreignSubject = (await buildSubject(t.app, { studyId: foreignStudy, siteId: foreignSite })).id;
    const ofOtherStudy = await recordMedication(foreignStudy, foreignSubject, 'Ibuprofen');
    const removed = await recordMedication(s.study.id, s.subject.id, 'Removed later');
    const del = await signed(
      'DELETE',
      `/api/study/${s.study.id}/medication/${removed}?reason=${encodeURIComponent('Entered twice')}`,
    );
    expect(del.statusCode, del.body).toBe(200);

    const save = (medicationRefs: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `${s.enrollmentBase}/tokens/${token?.id}/questionnaires`,
        headers: admin.headers,
        payload: {
          formId: s.formId,
          answers: [
            { question: 'q1', answerStrings: ['70'] },
            { question: 'q2', medicationRefs },
          ],
          isFinal: false,
        },
      });

    for (const refs of [
      [ofOtherSubject],
      [ofOtherStudy],
      ['0123456789abcdef01234567'],
      [removed],
      [own, removed],
    ]) {
      const refused = await save(refs);
      expect(refused.statusCode, refused.body).toBe(400);
      const issues = refused.json<{ context: { issues: { path: unknown[] }[] } }>().context.issues;
      expect(issues.map((i) => i.path)).toEqual([['answers', 'q2', 'medicationRefs', refs.length - 1]]);
    }

    const stored = await save([own]);
    expect(stored.statusCode, stored.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `${s.enrollmentBase}/tokens/${token?.id}/questionnaires`,
      headers: admin.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    const answers = JSON.stringify(read.json());
    expect(answers).toContain(`"medicationRefs":["${own}"]`);
  });
});
