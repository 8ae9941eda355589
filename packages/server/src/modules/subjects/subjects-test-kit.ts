/** Helpers of the subjects API tests: a logged-in app, studies with sites, members and subjects. */
import type { Permission, StudyRole, SubjectIdAutomationType } from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildSite, buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { studies, subscriptionPlans } from '../studies/tables';

export type Kit = { t: TestApp; admin: LoggedIn };

/** One app per test file; each test builds its own study. */
export function useSubjectsApp(): Kit {
  const kit = {} as Kit;
  beforeAll(async () => {
    kit.t = await createTestApp();
    kit.admin = await loginAs(kit.t.app);
  });
  afterAll(async () => kit.t?.close());
  return kit;
}

/** A study member with a role, study-wide or at some sites, plus study-level extra permissions. */
export async function member(
  kit: Kit,
  studyId: string,
  role: StudyRole,
  options: { siteIds?: 'ALL' | string[]; extra?: Permission[] } = {},
) {
  const user = await buildUser(kit.t.app);
  await grantAccess(kit.t.app, {
    studyId,
    user,
    role,
    siteIds: options.siteIds ?? 'ALL',
    extraPermissions: options.extra ?? [],
  });
  return loginAs(kit.t.app, user.email, user.password);
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

/** A study in production (subjects are registered in test and production) with two sites. */
export async function studyWithSites(
  kit: Kit,
  input: {
    status?: string;
    automation?: SubjectIdAutomationType;
    maxSubjects?: number;
    languages?: string[];
    settings?: Record<string, unknown>;
  } = {},
) {
  const study = await buildStudy(kit.t.app, { status: input.status ?? 'PRODUCTION' });
  const db = kit.t.app.database.db;
  let planId: string | null = null;
  if (input.maxSubjects !== undefined) {
    planId = newId();
    await db.insert(subscriptionPlans).values({
      id: planId,
      name: `Plan ${planId}`,
      currency: 'EUR',
      planClass: 'PUBLIC',
      type: 'TYPE_MONTH',
      status: 'ACTIVE',
      price: 0,
      modules: [],
      limits: { maxSubjects: input.maxSubjects },
      createdAt: new Date(),
    });
  }
  await db
    .update(studies)
    .set({
      subjectIdAutomation: input.automation ?? 'manual',
      languages: input.languages ?? ['en', 'da'],
      planId,
      settings: input.settings ?? {},
    })
    .where(eq(studies.id, study.id));
  const site1 = await buildSite(kit.t.app, study.id, { siteNumber: 1 });
  const site2 = await buildSite(kit.t.app, study.id, { siteNumber: 2 });
  return { study, site1, site2 };
}

/** Every restricted-field view permission and the trial group: a viewer who sees everything. */
export const SEE_ALL: Permission[] = [
  'PATIENT_VIEW_FIRST_NAME',
  'PATIENT_VIEW_LAST_NAME',
  'PATIENT_VIEW_ADDRESS',
  'PATIENT_VIEW_MOBILE',
  'PATIENT_VIEW_EMAIL',
  'PATIENT_VIEW_DATE_OF_BIRTH',
  'PATIENT_VIEW_CHECKSUM',
  'PATIENT_VIEW_GENDER',
  'PATIENT_VIEW_NATIONALITY',
  'PATIENT_VIEW_GUARDIANS',
  'PATIENT_VIEW_HOME_NUMBER',
  'PATIENT_VIEW_WORK_NUMBER',
  'PATIENT_VIEW_INITIALS',
  'TRIAL_GROUP_VIEW',
];

/** Registers a subject through the API as `who` (the system admin by default) and returns it. */
export async function createSubject(
  kit: Kit,
  studyId: string,
  siteId: string,
  body: Record<string, unknown>,
  who: LoggedIn = kit.admin,
) {
  const res = await call(kit, 'POST', `/api/studies/${studyId}/sites/${siteId}/patients`, who, body);
  if (res.statusCode !== 201) throw new Error(`create subject failed: ${res.statusCode} ${res.body}`);
  const [subject] = res.json<{ id: string; patientId: string }[]>();
  if (!subject) throw new Error('create returned no subject');
  return subject;
}
