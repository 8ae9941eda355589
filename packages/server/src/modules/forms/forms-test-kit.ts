/** Helpers of the forms API tests: a logged-in app, study members and form documents. */
import type { FormTemplateDocumentInput, StudyRole } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { formTemplates } from './tables';

export type Kit = { t: TestApp; admin: LoggedIn };

/** One app per test file; each test builds its own study. */
export function useFormsApp(): Kit {
  const kit = {} as Kit;
  beforeAll(async () => {
    kit.t = await createTestApp();
    kit.admin = await loginAs(kit.t.app);
  });
  afterAll(async () => kit.t?.close());
  return kit;
}

export async function member(kit: Kit, studyId: string, role: StudyRole) {
  const user = await buildUser(kit.t.app);
  await grantAccess(kit.t.app, { studyId, user, role });
  return { user, session: await loginAs(kit.t.app, user.email, user.password) };
}

export function call(
  kit: Kit,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: LoggedIn | null,
  payload?: object,
) {
  return kit.t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
}

export async function newStudy(kit: Kit, input: { status?: string; modules?: string[] } = {}) {
  return buildStudy(kit.t.app, input);
}

let counter = 0;

/** A valid form document with one text question and one multiple-choice question. */
export function formDoc(input: Partial<FormTemplateDocumentInput> = {}): FormTemplateDocumentInput {
  counter += 1;
  return {
    id: '',
    title: { en: `Form ${counter}` },
    type: 'TYPE_FORM',
    questions: [
      { id: 'q1', order: 1, type: 'TEXT_SENTENCE', question: { en: 'Your name' } },
      {
        id: 'q2',
        order: 2,
        type: 'MULTIPLE_CHOICE',
        question: { en: 'Colour' },
        possibilities: [
          { id: 'p1', possibility: { en: 'Red' } },
          { id: 'p2', possibility: { en: 'Blue' } },
        ],
      },
      {
        id: 'q3',
        order: 3,
        type: 'TEXT_FREE',
        question: { en: 'Why blue?' },
        showRules: [{ question: 'q2', possibilities: ['p2'] }],
      },
    ],
    ...input,
  };
}

/** Creates a form through the API and returns its view. */
export async function createForm(kit: Kit, studyId: string, input: Partial<FormTemplateDocumentInput> = {}) {
  const res = await call(
    kit,
    'POST',
    `/api/studies/${studyId}/questionnairetemplate`,
    kit.admin,
    formDoc(input),
  );
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function formRows(kit: Kit, studyId: string) {
  return kit.t.app.database.db.select().from(formTemplates).where(eq(formTemplates.studyId, studyId));
}

export async function auditActions(kit: Kit, studyId: string, entityType = 'FORM_TEMPLATE') {
  const rows = await kit.t.app.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityType, entityType)))
    .orderBy(auditEvents.ticket);
  return rows.map((r) => r.action);
}

/** The issue paths of a 400 body, joined with dots. */
export function issuePaths(body: { context?: { issues?: { path: (string | number)[] }[] } }): string[] {
  return (body.context?.issues ?? []).map((i) => i.path.join('.'));
}
