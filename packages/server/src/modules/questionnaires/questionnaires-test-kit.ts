/** Set-up shared by the unscheduled-event and record-history tests: a production study, a form, a process. */
import type { FormTemplateDocumentInput } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildProcess, buildSite, buildStudy, buildSubject, setStudySchedule } from '../../../test/factories';
import type { LoggedIn } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { formTemplates } from '../forms/tables';
import { processes } from '../processes/tables';

/** A one-question form (weight, required, 0–300). */
export const WEIGHT_FORM = (id: string): FormTemplateDocumentInput => ({
  id,
  title: { en: `Weight ${id.slice(-6)}` },
  type: 'TYPE_FORM',
  questions: [
    {
      id: 'q1',
      order: 1,
      type: 'NUMBER',
      question: { en: 'Weight' },
      required: true,
      minValue: 0,
      maxValue: 300,
    },
  ],
});

async function insertForm(app: FastifyInstance, studyId: string, now: Date): Promise<string> {
  const id = newId(now);
  await app.database.db.insert(formTemplates).values({
    studyId,
    id,
    name: `Weight ${id.slice(-6)}`,
    type: 'TYPE_FORM',
    document: WEIGHT_FORM(id) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/**
 * A production study with a staff event (one form), optionally the unexpected visit switched on with a
 * mandatory and an optional form, and a subject enrolled through the API.
 */
export async function setUpEnrolled(
  app: FastifyInstance,
  admin: LoggedIn,
  options: { unexpected?: boolean } = {},
) {
  const study = await buildStudy(app);
  const site = await buildSite(app, study.id);
  const now = new Date();
  const formId = await insertForm(app, study.id, now);
  const unexpectedFormId = await insertForm(app, study.id, now);
  const optionalFormId = await insertForm(app, study.id, now);
  const prefix = `uv${formId.slice(-8)}`;
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: [{ id: `${prefix}-e1`, type: 'TYPE_USER', forms: [formId], referenceDate: 'REGISTRATION' }],
  });
  const selectionId = `${prefix}-unexpected`;
  if (options.unexpected) {
    const [row] = await app.database.db
      .select()
      .from(processes)
      .where(and(eq(processes.studyId, study.id), eq(processes.id, process.id)));
    await app.database.db
      .update(processes)
      .set({
        document: {
          ...(row?.document ?? {}),
          unexpected: true,
          unexpectedVisit: {
            id: selectionId,
            selectedQts: [unexpectedFormId],
            selectedOptionalQts: [optionalFormId],
          },
        },
      })
      .where(and(eq(processes.studyId, study.id), eq(processes.id, process.id)));
  }
  await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
  const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
  const res = await app.inject({
    method: 'POST',
    url: `/api/studies/${study.id}/enrollments`,
    headers: admin.headers,
    payload: { subjectId: subject.id, siteId: site.id, processId: process.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const enrollmentId = res.json<{ id: string }[]>()[0]?.id ?? '';
  return {
    study,
    site,
    subject,
    process,
    formId,
    unexpectedFormId,
    optionalFormId,
    selectionId,
    enrollmentId,
    enrollmentBase: `/api/studies/${study.id}/enrollments/${enrollmentId}`,
  };
}
