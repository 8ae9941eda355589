/** Helpers of the processes API tests: a logged-in app, studies with forms, process bodies, usage rows. */
import type { ProcessWrite, StudyRole } from '@trialbase/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId, newLinkToken } from '../../platform/ids';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { subscriptionPlans } from '../studies/tables';
import { processes } from './tables';

export type Kit = { t: TestApp; admin: LoggedIn };

/** One app per test file; each test builds its own study. */
export function useProcessesApp(): Kit {
  const kit = {} as Kit;
  beforeAll(async () => {
    kit.t = await createTestApp();
    kit.admin = await loginAs(kit.t.app);
  });
  afterAll(async () => kit.t?.close());
  return kit;
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

export async function member(kit: Kit, studyId: string, role: StudyRole) {
  const user = await buildUser(kit.t.app);
  await grantAccess(kit.t.app, { studyId, user, role });
  return loginAs(kit.t.app, user.email, user.password);
}

export const pathwayUrl = (studyId: string, rest = '') => `/api/studies/${studyId}/pathway${rest}`;

/** A form draft written straight into form_template (the forms API is tested elsewhere). */
export async function buildForm(kit: Kit, studyId: string, type = 'TYPE_FORM', questionIds = ['q1']) {
  const now = new Date();
  const id = newId(now);
  const document = {
    id,
    title: { en: `Form ${id.slice(-6)}` },
    type,
    questions: questionIds.map((q, i) => ({
      id: q,
      order: i + 1,
      type: 'NUMBER',
      question: { en: `Question ${i + 1}` },
    })),
  };
  await kit.t.app.database.db.insert(formTemplates).values({
    studyId,
    id,
    name: document.title.en,
    type,
    document,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  return { id };
}

/** A study (build unless told) with two forms. */
export async function studyWithForms(kit: Kit, status?: string) {
  const study = await buildStudy(kit.t.app);
  const f1 = await buildForm(kit, study.id);
  const f2 = await buildForm(kit, study.id);
  if (status) await setStatus(kit, study.id, status);
  return { study, f1: f1.id, f2: f2.id };
}

export async function setStatus(kit: Kit, studyId: string, status: string) {
  await kit.t.app.database.db.execute(sql`update study set status = ${status} where id = ${studyId}`);
}

let counter = 0;

/** A valid two-event process body: a staff event and an emailed subject event. */
export function processBody(
  forms: { f1: string; f2: string },
  input: Partial<ProcessWrite> = {},
): ProcessWrite {
  counter += 1;
  return {
    pathwayName: `Process ${counter}`,
    dataEvents: [
      { name: { en: 'Baseline' }, type: 'TYPE_USER', forms: [forms.f1] },
      {
        name: { en: 'Week 1' },
        type: 'TYPE_PATIENT',
        forms: [forms.f2],
        referenceDate: 'PREVIOUS_COMPLETE',
        offsetDays: 7,
        sendAs: 'SEND_AS_EMAIL',
        emailText: { en: 'Please fill {link}' },
      },
    ],
    ...input,
  };
}

/** Creates a process through the API and returns its detail. */
export async function createProcess(kit: Kit, studyId: string, body: ProcessWrite) {
  const res = await call(kit, 'POST', pathwayUrl(studyId), kit.admin, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The PUT body from a detail: the detail minus what the server derives or adds. */
export function writeBodyOf(detail: Record<string, unknown>): ProcessWrite {
  const {
    id: _id,
    studyId: _s,
    type: _t,
    locks: _l,
    enrollmentCount: _e,
    createdTime: _c,
    updatedTime: _u,
    revision: _r,
    ...rest
  } = detail;
  return structuredClone(rest) as ProcessWrite;
}

/** An enrollment of the process, straight into the table (the enrollments API is another module). */
export async function addEnrollment(kit: Kit, studyId: string, processId: string) {
  const now = new Date();
  const id = newId(now);
  await kit.t.app.database.db.insert(enrollments).values({
    studyId,
    id,
    siteId: newId(now),
    subjectId: newId(now),
    processId,
    status: 'ONGOING',
    registeredAt: now,
    timeZone: 'UTC',
    language: 'en',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** A recorded unscheduled event (token of type UNEXPECTED, DISCONTINUED or EXTERNAL). */
export async function addUnscheduledToken(
  kit: Kit,
  studyId: string,
  processId: string,
  type: 'UNEXPECTED' | 'DISCONTINUED' | 'EXTERNAL',
) {
  const now = new Date();
  const enrollmentId = await addEnrollment(kit, studyId, processId);
  await kit.t.app.database.db.insert(tokens).values({
    studyId,
    id: newId(now),
    token: newLinkToken(),
    enrollmentId,
    processId,
    dataEventId: newId(now),
    position: 0,
    type,
    status: 'UNUSED',
    createdAt: now,
    updatedAt: now,
  });
}

/** Gives the study a plan with an accumulated data event limit. */
export async function setPlanLimit(kit: Kit, studyId: string, maxDataEvents: number) {
  const id = newId();
  await kit.t.app.database.db.insert(subscriptionPlans).values({
    id,
    name: 'Starter',
    currency: 'EUR',
    planClass: 'STANDARD',
    type: 'TYPE_PAID',
    status: 'ACTIVE',
    price: 0,
    modules: [],
    limits: { maxDataEvents },
    createdAt: new Date(),
  });
  await kit.t.app.database.db.execute(sql`update study set plan_id = ${id} where id = ${studyId}`);
}

/** Changes a stored process document field the API never takes from a client. */
export async function patchStoredDocument(kit: Kit, studyId: string, processId: string, patch: object) {
  const db = kit.t.app.database.db;
  const where = and(eq(processes.studyId, studyId), eq(processes.id, processId));
  const [row] = await db.select().from(processes).where(where);
  await db
    .update(processes)
    .set({ document: { ...row?.document, ...patch } })
    .where(where);
}

export async function auditRows(kit: Kit, studyId: string) {
  return kit.t.app.database.db
    .select({
      action: auditEvents.action,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.entityType, 'PROCESS')))
    .orderBy(auditEvents.ticket);
}

/** Issues of a 400 body as [path, message] pairs. */
export function issuesOf(body: { context?: { issues?: { path: (string | number)[]; message: string }[] } }) {
  return (body.context?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}
