/** Set-up shared by the randomization tests: a randomized study built through the API where the API builds it. */
import type { RandomizationConfigInput, StudyRole } from '@trialbase/domain';
import { expect } from 'vitest';
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
import { ADMIN_PASSWORD, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';

let counter = 0;

/** Distinct group titles and ids, so a leak is found by searching an answer's text. */
export function secretGroups(tag: string) {
  return [
    { id: `arm-${tag}-a`, title: { en: `Verum ${tag} Alpha` }, ratio: 1 },
    { id: `arm-${tag}-b`, title: { en: `Placebo ${tag} Beta` }, ratio: 1 },
  ];
}

export type Kit = {
  t: TestApp;
  admin: LoggedIn;
};

export type RandomizedStudy = {
  studyId: string;
  siteIds: string[];
  processId: string;
  randomizationEventId: string;
  otherEventId: string;
  firstEventId: string;
  groups: ReturnType<typeof secretGroups>;
  tag: string;
};

export function call(
  kit: Kit,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return kit.t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

export const signed = (headers: Record<string, string>, password = ADMIN_PASSWORD) => ({
  ...headers,
  'extended-validation': encodeURIComponent(password),
});

/**
 * A study with the RANDOMIZATION module and `sites` sites, a process with a manual
 * TYPE_RANDOMIZATION event and a manual TYPE_USER event, configured through
 * PUT .../randomization while in build, then put in production (unless `status` says otherwise).
 */
export async function buildRandomizedStudy(
  kit: Kit,
  options: {
    sites?: number;
    config?: Partial<RandomizationConfigInput>;
    status?: string;
    modules?: string[];
    /** An existing study (its forms made first). */
    studyId?: string;
    /** Forms of a REGISTRATION event before the randomization event (stratification questions). */
    firstEventForms?: string[];
  } = {},
): Promise<RandomizedStudy> {
  const tag = `${(counter++).toString(36)}${Date.now().toString(36).slice(-4)}`;
  const study = options.studyId
    ? { id: options.studyId }
    : await buildStudy(kit.t.app, { modules: options.modules ?? ['RANDOMIZATION'] });
  const siteIds: string[] = [];
  for (let i = 0; i < (options.sites ?? 1); i++) siteIds.push((await buildSite(kit.t.app, study.id)).id);
  const randomizationEventId = `rz${tag}-rand`;
  const otherEventId = `rz${tag}-user`;
  const process = await buildProcess(kit.t.app, {
    studyId: study.id,
    dataEvents: [
      ...(options.firstEventForms
        ? [
            {
              id: `rz${tag}-first`,
              type: 'TYPE_USER' as const,
              forms: options.firstEventForms,
              referenceDate: 'REGISTRATION' as const,
              sendAs: 'NO_SEND_OUT' as const,
            },
          ]
        : []),
      {
        id: randomizationEventId,
        type: 'TYPE_RANDOMIZATION',
        referenceDate: 'MANUAL',
        sendAs: 'NO_SEND_OUT',
      },
      { id: otherEventId, type: 'TYPE_USER', referenceDate: 'MANUAL', sendAs: 'NO_SEND_OUT' },
    ],
  });
  const groups = secretGroups(tag);
  const res = await call(
    kit,
    'PUT',
    `/studies/${study.id}/pathway/${process.id}/randomization`,
    kit.admin.headers,
    {
      config: {
        randomization: true,
        method: 'PERMUTED_BLOCKS',
        targetInclusion: '60',
        trialGroups: groups,
        stratifyBySite: false,
        questionStratifications: [],
        blocks: { blockMultipliers: [1, 2] },
        ...options.config,
      },
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  await setStudySchedule(kit.t.app, study.id, { status: options.status ?? 'PRODUCTION' });
  return {
    studyId: study.id,
    siteIds,
    processId: process.id,
    randomizationEventId,
    otherEventId,
    firstEventId: `rz${tag}-first`,
    groups,
    tag,
  };
}

/** A subject enrolled through the API at a site; the tokens of its two events. */
export async function enrolSubject(kit: Kit, s: RandomizedStudy, siteId = s.siteIds[0] ?? '') {
  const subject = await buildSubject(kit.t.app, { studyId: s.studyId, siteId });
  const res = await call(kit, 'POST', `/studies/${s.studyId}/enrollments`, kit.admin.headers, {
    subjectId: subject.id,
    siteId,
    processId: s.processId,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [enrollment] = res.json<{ id: string; tokens: { id: string; dataEventId: string }[] }[]>();
  if (!enrollment) throw new Error('no enrollment');
  const tokenOf = (eventId: string) => enrollment.tokens.find((tk) => tk.dataEventId === eventId)?.id ?? '';
  return {
    subjectId: subject.id,
    patientId: subject.patientId,
    siteId,
    enrollmentId: enrollment.id,
    randomizationTokenId: tokenOf(s.randomizationEventId),
    otherTokenId: tokenOf(s.otherEventId),
  };
}

export type Enrolled = Awaited<ReturnType<typeof enrolSubject>>;

/** The URL of startRandomizationDataEvent for an enrolled subject. */
export function randomizeUrl(s: RandomizedStudy, e: Enrolled, tokenId = e.randomizationTokenId): string {
  return `/studies/${s.studyId}/enrollments/${e.enrollmentId}/tokens/${tokenId}/startRandomizationDataEvent`;
}

/** A signed-in user with a role in the study (study-wide unless sites are given). */
export async function sessionWithRole(
  kit: Kit,
  studyId: string,
  role: StudyRole,
  options: { siteIds?: 'ALL' | string[]; firstName?: string } = {},
) {
  const user = await buildUser(kit.t.app, { firstName: options.firstName ?? role });
  await grantAccess(kit.t.app, { studyId, user, role, siteIds: options.siteIds ?? 'ALL' });
  const session = await loginAs(kit.t.app, user.email, DEFAULT_PASSWORD);
  return { ...session, user, password: DEFAULT_PASSWORD };
}
