/**
 * Issue 20 items 1, 4 and 5 over HTTP on the engine of the run: AE report, list, view with audit,
 * update, verification, the four signatures in and out of order by each study role of spec 000 §6,
 * missing and wrong passwords, the four date rules, amendments kept in the audit trail with their
 * reason, soft delete, site scoping, and the serious-event clock with its safety emails read from
 * a real SMTP server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type AeList,
  type AeStudySettings,
  type AeView,
  type CreateAeRequest,
  EXTENDED_VALIDATION_HEADER,
  type StudyRole,
} from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  DEFAULT_PASSWORD,
  grantAccess,
} from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { readMail } from '../../../test/mail';
import { startSmtp, waitFor } from '../../../test/smtp';
import { resolveLocalesDir } from '../../platform/i18n/i18n';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { setUpEnrolled, WEIGHT_FORM } from '../questionnaires/questionnaires-test-kit';
import { studies } from '../studies/tables';
import { users } from '../users/tables';
import { AE_CLOCK_QUEUE } from './api';

const HOUR = 3_600_000;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const day = (deltaDays: number) =>
  new Date(now().getTime() + deltaDays * 24 * HOUR).toISOString().slice(0, 10);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: LoggedIn;
let studyId: string;
let studyName: string;
let siteA: string;
let siteB: string;
let subjectA: string;
let subjectB: string;
type Caller = { session: LoggedIn; password: string; id: string; name: string };
const callers = {} as Record<'investigator' | 'doctorA' | 'helper' | 'monitor' | 'sponsor', Caller>;
let germanContact: string;

async function user(role: StudyRole, name: string, siteIds: 'ALL' | string[] = 'ALL'): Promise<Caller> {
  const u = await buildUser(t.app, { firstName: name, lastName: 'Tester' });
  await grantAccess(t.app, { studyId, user: u, role, siteIds });
  return {
    session: await loginAs(t.app, u.email, DEFAULT_PASSWORD),
    password: DEFAULT_PASSWORD,
    id: u.id,
    name: `${name} Tester`,
  };
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
async function call(who: Caller | 'admin', req: Call, password: string | null | 'default' = 'default') {
  const caller = who === 'admin' ? { session: admin, password: ADMIN_PASSWORD } : who;
  const headers: Record<string, string> = { ...caller.session.headers };
  const pw = password === 'default' ? caller.password : password;
  if (pw !== null) headers[EXTENDED_VALIDATION_HEADER] = encodeURIComponent(pw);
  return t.app.inject({
    method: req.method,
    url: req.url,
    headers,
    payload: req.payload as object | undefined,
  });
}

function content(over: Record<string, unknown> & { details?: Record<string, unknown> } = {}) {
  const { details, ...rest } = over;
  return {
    subjectId: subjectA,
    eventDescription: 'Headache after the second dose',
    sae: false,
    sarForm: null,
    seForm: null,
    investigator: null,
    ...rest,
    details: {
      startDate: day(-2),
      endDate: null,
      awarenessDate: day(-1),
      ongoing: true,
      severity: 'MILD',
      outcome: 'RECOVERING',
      productAction: 'NONE',
      productRelation: 'POSSIBLE',
      brochureRelation: 'YES',
      seriousType: null,
      comment: null,
      ...details,
    },
  } as CreateAeRequest;
}

const SE_FORM = {
  criteria: ['HOSPITALISATION'],
  hospitalisationStart: null,
  hospitalisationEnd: null,
  dateOfDeath: null,
  causeOfDeath: null,
  autopsyPerformed: null,
  narrative: 'Admitted for observation',
};

async function report(who: Caller | 'admin', body: CreateAeRequest): Promise<AeView> {
  const res = await call(who, { method: 'POST', url: `/api/studies/${studyId}/ae`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AeView>();
}

const SIGN_CALL = {
  classification: 'signClassification',
  followUp: 'signFollowUp',
  initialSponsor: 'signInitialSponsor',
  finalSponsor: 'signFinalSponsor',
} as const;
function sign(
  who: Caller | 'admin',
  aeId: string,
  action: keyof typeof SIGN_CALL,
  password: string | null | 'default' = 'default',
) {
  return call(
    who,
    { method: 'PUT', url: `/api/studies/${studyId}/ae/${aeId}/${SIGN_CALL[action]}`, payload: {} },
    password,
  );
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ jobs: true, smtpUrl: smtp.url }, { clock: now });
  admin = await loginAs(t.app);
  const study = await buildStudy(t.app, { modules: ['ADVERSE_EVENTS'], status: 'PRODUCTION' });
  studyId = study.id;
  studyName = study.name;
  siteA = (await buildSite(t.app, studyId, { name: 'Aarhus' })).id;
  siteB = (await buildSite(t.app, studyId, { name: 'Bergen' })).id;
  subjectA = (await buildSubject(t.app, { studyId, siteId: siteA, patientId: 'A-001' })).id;
  subjectB = (await buildSubject(t.app, { studyId, siteId: siteB, patientId: 'B-001' })).id;
  callers.investigator = await user('INVESTIGATOR', 'Ivy');
  callers.doctorA = await user('DOCTOR', 'Dan', [siteA]);
  callers.helper = await user('STUDY_HELPER', 'Hal');
  callers.monitor = await user('MONITOR', 'Mona');
  callers.sponsor = await user('ADMIN', 'Sam');
  // A safety contact who is a staff user with German as UI language, and one outside the system.
  const german = await buildUser(t.app, { firstName: 'Greta', lastName: 'Safety' });
  await t.app.database.db.update(users).set({ language: 'de' }).where(eq(users.id, german.id));
  germanContact = german.email;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe(`adverse events over HTTP on ${engine}`, () => {
  it('create asks for the password: missing and wrong are refused and nothing is stored', async () => {
    const url = `/api/studies/${studyId}/ae`;
    const missing = await call(callers.doctorA, { method: 'POST', url, payload: content() }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().type).toBe('EXTENDED_VALIDATION');
    const wrong = await call(callers.doctorA, { method: 'POST', url, payload: content() }, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
    const list = await call(callers.doctorA, { method: 'GET', url });
    expect(list.json<AeList>().filter((a) => a.subjectId === subjectA)).toHaveLength(0);
    const ae = await report(callers.doctorA, content());
    expect(ae).toMatchObject({
      status: 'AE_REPORTED',
      siteId: siteA,
      siteName: 'Aarhus',
      subjectLabel: 'A-001',
      createdBy: callers.doctorA.id,
      createdByName: 'Dan Tester',
      sponsorInvolved: false,
      nextSignAction: 'classification',
      clock: null,
      fillOutDate: day(0),
    });
    expect(ae.abilities.sign.classification).toBe(false);
  });

  it('refuses each of the four date rules with its error id', async () => {
    const cases = [
      [{ startDate: day(1), awarenessDate: day(0) }, 'START_DATE_BEFORE_FILL_OUT_DATE'],
      [{ startDate: day(-2), awarenessDate: day(-3) }, 'AWARENESS_DATE_AFTER_START_DATE'],
      [{ startDate: day(-2), awarenessDate: day(2) }, 'AWARENESS_DATE_BEFORE_FILL_OUT_DATE'],
      [{ startDate: day(-2), endDate: day(-3), ongoing: false }, 'END_DATE_AFTER_START_DATE'],
    ] as const;
    for (const [details, id] of cases) {
      const res = await call(callers.doctorA, {
        method: 'POST',
        url: `/api/studies/${studyId}/ae`,
        payload: content({ details }),
      });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION', id });
    }
    // The same rules hold on update.
    const ae = await report(callers.doctorA, content());
    const res = await call(callers.doctorA, {
      method: 'PUT',
      url: `/api/studies/${studyId}/ae/${ae.id}`,
      payload: { ...content({ details: { endDate: day(-5), ongoing: false } }), subjectId: undefined },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('END_DATE_AFTER_START_DATE');
  });

  it('lets only AE_CREATE holders at the subject’s site report (site scoping)', async () => {
    const other = await call(callers.doctorA, {
      method: 'POST',
      url: `/api/studies/${studyId}/ae`,
      payload: content({ subjectId: subjectB }),
    });
    expect(other.statusCode).toBe(403);
    const monitor = await call(callers.monitor, {
      method: 'POST',
      url: `/api/studies/${studyId}/ae`,
      payload: content(),
    });
    expect(monitor.statusCode).toBe(403);
    // STUDY_HELPER holds AE_CREATE (spec 000 §6).
    await report(callers.helper, content({ subjectId: subjectB }));
  });

  it('signs a serious AE in order by the roles of spec 000 §6, refusing the wrong order, role and password', async () => {
    const ae = await report(
      callers.doctorA,
      content({ sae: true, seForm: SE_FORM, details: { seriousType: 'SAE' } }),
    );
    expect(ae.sponsorInvolved).toBe(true);
    const id = ae.id;
    // Out of order: nothing before classification.
    for (const action of ['followUp', 'initialSponsor', 'finalSponsor'] as const) {
      const res = await sign('admin', id, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().context.reason).toBe('AE_OUT_OF_ORDER');
    }
    // Roles without the classification permission.
    for (const who of [callers.doctorA, callers.helper, callers.monitor]) {
      expect((await sign(who, id, 'classification')).statusCode).toBe(403);
    }
    // Missing and wrong password.
    expect((await sign(callers.investigator, id, 'classification', null)).json().type).toBe(
      'EXTENDED_VALIDATION',
    );
    expect((await sign(callers.investigator, id, 'classification', 'wrong-one')).json().type).toBe(
      'EXTENDED_VALIDATION',
    );
    const classified = await sign(callers.investigator, id, 'classification');
    expect(classified.statusCode, classified.body).toBe(200);
    const c = classified.json<AeView>();
    expect(c.status).toBe('AE_CLASSIFIED');
    expect(c.classificationSignedBy).toBe(callers.investigator.id);
    expect(c.signatures).toEqual([
      expect.objectContaining({
        action: 'classification',
        aeId: id,
        signedBy: callers.investigator.id,
        signedByName: 'Ivy Tester',
        meaning: 'Investigator classification of the adverse event',
        intact: true,
      }),
    ]);
    expect(c.signatures[0]?.signedTime).toBe(c.classificationSignedTime);
    expect((await sign(callers.investigator, id, 'classification')).json().context.reason).toBe(
      'AE_ALREADY_SIGNED',
    );
    // With the sponsor involved, the initial sponsor evaluation comes before follow-up.
    expect((await sign(callers.investigator, id, 'followUp')).json().context.reason).toBe('AE_OUT_OF_ORDER');
    for (const who of [callers.investigator, callers.doctorA, callers.helper, callers.monitor]) {
      expect((await sign(who, id, 'initialSponsor')).statusCode).toBe(403);
    }
    expect((await sign(callers.sponsor, id, 'initialSponsor', 'wrong-one')).statusCode).toBe(400);
    const initial = await sign(callers.sponsor, id, 'initialSponsor');
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json<AeView>()).toMatchObject({
      status: 'AE_SPONSOR_INITIAL_EVALUATION',
      initialSponsorSignedBy: callers.sponsor.id,
    });
    // The sponsor's signature stops the clock, within its 24 hours.
    expect(initial.json<AeView>().clock).toMatchObject({ kind: 'SAE_24H', status: 'MET' });
    expect((await sign(callers.sponsor, id, 'finalSponsor')).json().context.reason).toBe('AE_OUT_OF_ORDER');
    for (const who of [callers.doctorA, callers.helper, callers.monitor]) {
      expect((await sign(who, id, 'followUp')).statusCode).toBe(403);
    }
    const followed = await sign(callers.investigator, id, 'followUp');
    expect(followed.json<AeView>()).toMatchObject({
      status: 'AE_FOLLOWED_UP',
      followedUpBy: callers.investigator.id,
    });
    for (const who of [callers.investigator, callers.doctorA, callers.helper, callers.monitor]) {
      expect((await sign(who, id, 'finalSponsor')).statusCode).toBe(403);
    }
    expect((await sign(callers.sponsor, id, 'finalSponsor', null)).statusCode).toBe(400);
    const final = await sign(callers.sponsor, id, 'finalSponsor');
    const f = final.json<AeView>();
    expect(f).toMatchObject({ status: 'AE_SPONSOR_FINAL_EVALUATION', nextSignAction: null });
    expect(f.signatures.map((s) => [s.action, s.signedByName])).toEqual([
      ['classification', 'Ivy Tester'],
      ['initialSponsor', 'Sam Tester'],
      ['followUp', 'Ivy Tester'],
      ['finalSponsor', 'Sam Tester'],
    ]);
    // Each signature is in the audit trail, linked to the AE.
    const audit = await call(callers.sponsor, {
      method: 'GET',
      url: `/api/studies/${studyId}/ae/${id}?isAudit=true`,
    });
    const signed = audit.json<AeView>().audit?.filter((e) => e.action === 'AE_SIGNED') ?? [];
    expect(signed.map((e) => (e.after as { action: string }).action)).toEqual([
      'classification',
      'initialSponsor',
      'followUp',
      'finalSponsor',
    ]);
  });

  it('a non-serious AE skips the sponsor: sponsor signatures are refused', async () => {
    const ae = await report(callers.doctorA, content());
    await sign(callers.investigator, ae.id, 'classification');
    expect((await sign(callers.sponsor, ae.id, 'initialSponsor')).json().context.reason).toBe(
      'AE_SPONSOR_NOT_INVOLVED',
    );
    const done = await sign(callers.investigator, ae.id, 'followUp');
    expect(done.json<AeView>()).toMatchObject({ status: 'AE_FOLLOWED_UP', nextSignAction: null });
    expect((await sign(callers.sponsor, ae.id, 'finalSponsor')).json().context.reason).toBe(
      'AE_SPONSOR_NOT_INVOLVED',
    );
  });

  it('update before the first signature; after it only amendments, which keep the previous values with the reason', async () => {
    const ae = await report(callers.doctorA, content());
    const url = `/api/studies/${studyId}/ae/${ae.id}`;
    const body = { ...content({ eventDescription: 'Severe headache' }), subjectId: undefined };
    expect((await call(callers.doctorA, { method: 'PUT', url, payload: body }, null)).statusCode).toBe(400);
    expect((await call(callers.monitor, { method: 'PUT', url, payload: body })).statusCode).toBe(403);
    const updated = await call(callers.doctorA, { method: 'PUT', url, payload: body });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<AeView>().eventDescription).toBe('Severe headache');
    const amendUrl = `/api/study/${studyId}/ae/${ae.id}/amend`;
    const early = await call(callers.doctorA, {
      method: 'POST',
      url: amendUrl,
      payload: { reason: 'x', changes: { eventDescription: 'y' } },
    });
    expect(early.statusCode).toBe(409);
    await sign(callers.investigator, ae.id, 'classification');
    const late = await call(callers.doctorA, { method: 'PUT', url, payload: body });
    expect(late.statusCode).toBe(409);
    expect(late.json().context.reason).toBe('AE_SIGNED_USE_AMEND');
    const amendment = {
      reason: 'Transcription error in the source',
      changes: { eventDescription: 'Migraine' },
    };
    expect(
      (await call(callers.doctorA, { method: 'POST', url: amendUrl, payload: amendment }, 'wrong-one'))
        .statusCode,
    ).toBe(400);
    const amended = await call(callers.doctorA, { method: 'POST', url: amendUrl, payload: amendment });
    expect(amended.statusCode, amended.body).toBe(200);
    const v = amended.json<AeView>();
    expect(v.eventDescription).toBe('Migraine');
    expect(v.amendments).toEqual([
      expect.objectContaining({
        amendedBy: callers.doctorA.id,
        amendedByName: 'Dan Tester',
        reason: 'Transcription error in the source',
        changes: { eventDescription: { before: 'Severe headache', after: 'Migraine' } },
      }),
    ]);
    // The classification signed other content: it shows as no longer intact (21 CFR 11.70).
    expect(v.signatures[0]?.intact).toBe(false);
    const audit =
      (await call(callers.doctorA, { method: 'GET', url: `${url}?isAudit=true` })).json<AeView>().audit ?? [];
    expect(audit.map((e) => e.action)).toEqual(['AE_CREATED', 'AE_UPDATED', 'AE_SIGNED', 'AE_AMENDED']);
    const entry = audit.find((e) => e.action === 'AE_AMENDED');
    expect(entry).toMatchObject({
      reason: 'Transcription error in the source',
      actorId: callers.doctorA.id,
      before: { eventDescription: 'Severe headache' },
      after: expect.objectContaining({ eventDescription: 'Migraine' }),
    });
    expect(audit.find((e) => e.action === 'AE_UPDATED')?.before).toMatchObject({
      eventDescription: 'Headache after the second dose',
    });
    // Without isAudit the history is left out.
    expect((await call(callers.doctorA, { method: 'GET', url })).json<AeView>().audit).toBeNull();
  });

  it('primary and secondary verification by permission at the site', async () => {
    const ae = await report(callers.doctorA, content());
    const url = (round: string) => `/api/studies/${studyId}/aes/${ae.id}/verification/${round}`;
    expect(
      (await call(callers.doctorA, { method: 'PUT', url: url('primary'), payload: { verified: true } }))
        .statusCode,
    ).toBe(403);
    const primary = await call(callers.sponsor, {
      method: 'PUT',
      url: url('primary'),
      payload: { verified: true },
    });
    expect(primary.statusCode, primary.body).toBe(200);
    expect(primary.json<AeView>().verification?.verifiedBy).toBe(callers.sponsor.id);
    const secondary = await call('admin', {
      method: 'PUT',
      url: url('secondary'),
      payload: { verified: true },
    });
    expect(secondary.json<AeView>().secondaryVerification).not.toBeNull();
    const cleared = await call(callers.sponsor, {
      method: 'PUT',
      url: url('primary'),
      payload: { verified: false },
    });
    expect(cleared.json<AeView>().verification).toBeNull();
    expect(
      (await call(callers.sponsor, { method: 'PUT', url: url('tertiary'), payload: { verified: true } }))
        .statusCode,
    ).toBe(400);
  });

  it('soft delete (type ae, the study storage) keeps the AE with its reason; the list leaves it out unless asked', async () => {
    const ae = await report(callers.doctorA, content({ eventDescription: 'Entered on the wrong subject' }));
    const url = `/api/study/${studyId}/ae/${ae.id}?reason=${encodeURIComponent('Wrong subject')}`;
    expect((await call(callers.doctorA, { method: 'DELETE', url })).statusCode).toBe(403);
    const removed = await call('admin', { method: 'DELETE', url });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ type: 'ae', id: ae.id, siteId: siteA, subjectId: subjectA });
    const view = (
      await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae/${ae.id}?isAudit=true` })
    ).json<AeView>();
    expect(view).toMatchObject({ isRemoved: true, nextSignAction: null });
    expect(view.audit?.map((e) => e.action)).toContain('AE_REMOVED');
    const storage = (await call('admin', { method: 'GET', url: `/api/study/${studyId}/storage` })).json();
    expect(JSON.stringify(storage)).toContain('Wrong subject');
    const list = (await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae` })).json<AeList>();
    expect(list.some((a) => a.id === ae.id)).toBe(false);
    const all = (
      await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae?includeRemoved=true` })
    ).json<AeList>();
    expect(all.some((a) => a.id === ae.id)).toBe(true);
    expect((await sign(callers.investigator, ae.id, 'classification')).json().context.reason).toBe(
      'AE_REMOVED',
    );
  });

  it('lists by filters, only the caller’s sites; a subject’s listAe; 404 for an unknown AE', async () => {
    const list = async (who: Caller | 'admin', query = '') => {
      const res = await call(who, { method: 'GET', url: `/api/studies/${studyId}/ae${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AeList>();
    };
    const everything = await list('admin');
    expect(everything.some((a) => a.siteId === siteB)).toBe(true);
    const doctors = await list(callers.doctorA);
    expect(doctors.length).toBeGreaterThan(0);
    expect(doctors.every((a) => a.siteId === siteA)).toBe(true);
    expect(await list(callers.doctorA, `?siteId=${siteB}`)).toEqual([]);
    expect((await list('admin', `?siteId=${siteB}`)).every((a) => a.siteId === siteB)).toBe(true);
    expect((await list('admin', '?serious=true')).every((a) => a.sae)).toBe(true);
    expect((await list('admin', '?serious=true')).length).toBeGreaterThan(0);
    expect((await list('admin', '?serious=false')).every((a) => !a.sae)).toBe(true);
    const classified = await list('admin', '?status=AE_FOLLOWED_UP');
    expect(classified.length).toBeGreaterThan(0);
    expect(classified.every((a) => a.status === 'AE_FOLLOWED_UP')).toBe(true);
    expect((await list('admin', '?outcome=RECOVERING')).every((a) => a.outcome === 'RECOVERING')).toBe(true);
    expect((await list('admin', `?subjectId=${subjectB}`)).every((a) => a.subjectId === subjectB)).toBe(true);
    expect(
      (await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae?status=DONE` })).statusCode,
    ).toBe(400);
    const ofSubject = await call(callers.investigator, {
      method: 'GET',
      url: `/api/studies/${studyId}/subjects/${subjectB}/listAe`,
    });
    expect(ofSubject.statusCode).toBe(200);
    expect(ofSubject.json<AeList>().every((a) => a.subjectId === subjectB)).toBe(true);
    expect(
      (
        await call(callers.doctorA, {
          method: 'GET',
          url: `/api/studies/${studyId}/subjects/${subjectB}/listAe`,
        })
      ).statusCode,
    ).toBe(403);
    const bAe = everything.find((a) => a.siteId === siteB);
    expect(
      (await call(callers.doctorA, { method: 'GET', url: `/api/studies/${studyId}/ae/${bAe?.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae/0123456789abcdef01234567` }))
        .statusCode,
    ).toBe(404);
  });
});

describe(`each sign call by each study role of spec 000 §6 on ${engine}`, () => {
  // A study of its own where the sponsor signs every AE (sponsor involvement ALWAYS), so no
  // serious event (and no clock) is needed for the sponsor steps.
  const ROLES = ['INVESTIGATOR', 'STUDY_HELPER', 'MONITOR', 'DOCTOR', 'ADMIN', 'OTHER'] as const;
  /** Spec 000 §6: the investigator signs classification and follow-up; the ADMIN (union, AE sponsor) all four. */
  const MAY_SIGN: Record<keyof typeof SIGN_CALL, readonly StudyRole[]> = {
    classification: ['INVESTIGATOR', 'ADMIN'],
    initialSponsor: ['ADMIN'],
    followUp: ['INVESTIGATOR', 'ADMIN'],
    finalSponsor: ['ADMIN'],
  };
  const ORDER = ['classification', 'initialSponsor', 'followUp', 'finalSponsor'] as const;
  let roleStudy: string;
  let roleSubject: string;
  const byRole = {} as Record<(typeof ROLES)[number], Caller>;
  beforeAll(async () => {
    roleStudy = (await buildStudy(t.app, { modules: ['ADVERSE_EVENTS'], status: 'PRODUCTION' })).id;
    const site = await buildSite(t.app, roleStudy);
    roleSubject = (await buildSubject(t.app, { studyId: roleStudy, siteId: site.id })).id;
    for (const role of ROLES) {
      const u = await buildUser(t.app, { firstName: role, lastName: 'Signer' });
      await grantAccess(t.app, { studyId: roleStudy, user: u, role, siteIds: 'ALL' });
      const session = await loginAs(t.app, u.email, DEFAULT_PASSWORD);
      byRole[role] = { session, password: DEFAULT_PASSWORD, id: u.id, name: `${role} Signer` };
    }
    const settings = await call('admin', {
      method: 'PUT',
      url: `/api/studies/${roleStudy}/aeSettings`,
      payload: { safetyContacts: [], sponsorInvolvement: 'ALWAYS' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  const signIn = (
    who: Caller | 'admin',
    aeId: string,
    action: keyof typeof SIGN_CALL,
    pw: string | null | 'default' = 'default',
  ) =>
    call(
      who,
      { method: 'PUT', url: `/api/studies/${roleStudy}/ae/${aeId}/${SIGN_CALL[action]}`, payload: {} },
      pw,
    );
  /** A fresh AE with every step before `action` signed (by the system admin). */
  async function aeAt(action: keyof typeof SIGN_CALL): Promise<string> {
    const res = await call('admin', {
      method: 'POST',
      url: `/api/studies/${roleStudy}/ae`,
      payload: { ...content(), subjectId: roleSubject },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<AeView>().id;
    for (const step of ORDER.slice(0, ORDER.indexOf(action))) {
      expect((await signIn('admin', id, step)).statusCode, step).toBe(200);
    }
    return id;
  }

  for (const action of ORDER) {
    it(`${SIGN_CALL[action]}: refused to roles without its permission, needs the password, refused out of order, signed by each role that holds it`, async () => {
      const id = await aeAt(action);
      for (const role of ROLES.filter((r) => !MAY_SIGN[action].includes(r))) {
        const res = await signIn(byRole[role], id, action);
        expect(res.statusCode, `${role} ${action}`).toBe(403);
      }
      for (const role of MAY_SIGN[action]) {
        const missing = await signIn(byRole[role], id, action, null);
        expect(missing.statusCode, `${role} no password`).toBe(400);
        expect(missing.json().type).toBe('EXTENDED_VALIDATION');
        const wrong = await signIn(byRole[role], id, action, 'not-the-password');
        expect(wrong.statusCode, `${role} wrong password`).toBe(400);
        expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
      }
      // Nothing was signed by the refused calls.
      const untouched = (
        await call('admin', { method: 'GET', url: `/api/studies/${roleStudy}/ae/${id}` })
      ).json<AeView>();
      expect(untouched.signatures.map((x) => x.action)).toEqual(ORDER.slice(0, ORDER.indexOf(action)));
      for (const [i, role] of MAY_SIGN[action].entries()) {
        const target = i === 0 ? id : await aeAt(action);
        // Out of order: a step after this one, by the same role, while this one is not signed.
        const later = ORDER.slice(ORDER.indexOf(action) + 1).find((a) => MAY_SIGN[a].includes(role));
        if (later) {
          const early = await signIn(byRole[role], target, later);
          expect(early.statusCode, `${role} ${later} before ${action}`).toBe(409);
          expect(early.json().context.reason).toBe('AE_OUT_OF_ORDER');
        }
        const signed = await signIn(byRole[role], target, action);
        expect(signed.statusCode, `${role} ${action}: ${signed.body}`).toBe(200);
        const v = signed.json<AeView>();
        expect(v.signatures.at(-1)).toMatchObject({
          action,
          signedBy: byRole[role].id,
          signedByName: `${role} Signer`,
        });
        // In order only once: the same step again is refused.
        expect((await signIn(byRole[role], target, action)).json().context.reason).toBe('AE_ALREADY_SIGNED');
      }
    });
  }

  it('update and amend refuse a missing and a wrong password; the OTHER role reads and writes nothing', async () => {
    const id = await aeAt('classification');
    const body = { ...content({ eventDescription: 'Changed' }), subjectId: undefined };
    const url = `/api/studies/${roleStudy}/ae/${id}`;
    for (const pw of [null, 'not-the-password']) {
      const res = await call(byRole.ADMIN, { method: 'PUT', url, payload: body }, pw);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('EXTENDED_VALIDATION');
    }
    expect((await signIn(byRole.INVESTIGATOR, id, 'classification')).statusCode).toBe(200);
    const amendUrl = `/api/study/${roleStudy}/ae/${id}/amend`;
    const amendment = { reason: 'Source corrected', changes: { eventDescription: 'Migraine' } };
    for (const pw of [null, 'not-the-password']) {
      const res = await call(byRole.ADMIN, { method: 'POST', url: amendUrl, payload: amendment }, pw);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('EXTENDED_VALIDATION');
    }
    const other = byRole.OTHER;
    expect((await call(other, { method: 'GET', url })).statusCode).toBe(403);
    expect((await call(other, { method: 'GET', url: `/api/studies/${roleStudy}/ae` })).statusCode).toBe(403);
    expect(
      (
        await call(other, {
          method: 'POST',
          url: `/api/studies/${roleStudy}/ae`,
          payload: { ...content(), subjectId: roleSubject },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(other, { method: 'PUT', url, payload: body })).statusCode).toBe(403);
    expect((await call(other, { method: 'POST', url: amendUrl, payload: amendment })).statusCode).toBe(403);
    const after = (await call('admin', { method: 'GET', url })).json<AeView>();
    expect(after.eventDescription).toBe('Headache after the second dose');
    expect(after.amendments).toEqual([]);
  });
});

describe(`the safety-report form (SAR, spec 000 §3) on ${engine}`, () => {
  // A study of its own: its serious AEs' clocks must not add mails to the clock tests' contacts.
  let sarStudy: string;
  let sarSubject: string;
  beforeAll(async () => {
    sarStudy = (await buildStudy(t.app, { modules: ['ADVERSE_EVENTS'], status: 'PRODUCTION' })).id;
    const site = await buildSite(t.app, sarStudy);
    sarSubject = (await buildSubject(t.app, { studyId: sarStudy, siteId: site.id })).id;
  });
  const SAR = {
    productName: 'Study drug',
    dose: 2.5,
    doseUnit: 'MILLIGRAM',
    route: 'SUBCUTANEOUS',
    routeOther: null,
    frequency: 'TWICE_WEEKLY',
    frequencyOther: null,
    therapyStartDate: day(-30),
    therapyEndDate: null,
    indication: 'Psoriasis',
    actionTaken: 'INTERRUPTED',
    eventAbate: 'YES',
    outcome: 'RECOVERED_NO_SEQUELAE',
  };
  const sarAe = (sarForm: Record<string, unknown>) => ({
    ...content({ sae: true, seForm: SE_FORM, sarForm, details: { seriousType: 'SAR' } } as never),
    subjectId: sarSubject,
  });
  const post = (body: unknown) =>
    call('admin', { method: 'POST', url: `/api/studies/${sarStudy}/ae`, payload: body });
  const reported = async (body: unknown) => {
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AeView>();
  };

  it('keeps dose with its unit, route and frequency, and amends them keeping the previous values', async () => {
    const ae = await reported(sarAe(SAR));
    expect(ae.sarForm).toMatchObject({
      dose: 2.5,
      doseUnit: 'MILLIGRAM',
      route: 'SUBCUTANEOUS',
      frequency: 'TWICE_WEEKLY',
    });
    expect(ae.clock?.status).toBe('RUNNING');
    const other = await reported(
      sarAe({
        ...SAR,
        route: 'OTHER',
        routeOther: 'Intrathecal',
        frequency: 'OTHER',
        frequencyOther: 'Every 5 days',
      }),
    );
    expect(other.sarForm).toMatchObject({ routeOther: 'Intrathecal', frequencyOther: 'Every 5 days' });
    const signed = await call('admin', {
      method: 'PUT',
      url: `/api/studies/${sarStudy}/ae/${ae.id}/signClassification`,
      payload: {},
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // Amended while its serious-event clock runs: the new values are stored, the old ones kept.
    const changed = { ...SAR, dose: 5, doseUnit: 'MICROGRAM', route: 'INTRAVENOUS', frequency: 'WEEKLY' };
    const amended = await call('admin', {
      method: 'POST',
      url: `/api/study/${sarStudy}/ae/${ae.id}/amend`,
      payload: { reason: 'Dose per the pharmacy record', changes: { sarForm: changed } },
    });
    expect(amended.statusCode, amended.body).toBe(200);
    const stored = (
      await call('admin', { method: 'GET', url: `/api/studies/${sarStudy}/ae/${ae.id}?isAudit=true` })
    ).json<AeView>();
    expect(stored.sarForm).toMatchObject({
      dose: 5,
      doseUnit: 'MICROGRAM',
      route: 'INTRAVENOUS',
      frequency: 'WEEKLY',
    });
    expect(stored.clock).toMatchObject({ status: 'RUNNING', startedAt: ae.clock?.startedAt });
    expect(stored.amendments[0]?.changes.sarForm).toMatchObject({
      before: { doseUnit: 'MILLIGRAM', route: 'SUBCUTANEOUS', frequency: 'TWICE_WEEKLY' },
      after: { doseUnit: 'MICROGRAM', route: 'INTRAVENOUS', frequency: 'WEEKLY' },
    });
    expect(stored.audit?.find((e) => e.action === 'AE_AMENDED')).toMatchObject({
      reason: 'Dose per the pharmacy record',
      before: { sarForm: { dose: 2.5, doseUnit: 'MILLIGRAM' } },
    });
  });

  it('refuses unknown units, routes and frequencies, a dose without unit, OTHER without its text and a therapy ending before it starts', async () => {
    for (const [field, value] of [
      ['doseUnit', 'KILOGRAM'],
      ['route', 'ORALLY'],
      ['frequency', 'HOURLY'],
    ] as const) {
      const res = await post(sarAe({ ...SAR, [field]: value }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().context.issues[0].path).toEqual(['sarForm', field]);
    }
    const cases = [
      [{ doseUnit: null }, 'doseUnit', 'AE_SAR_DOSE_UNIT_REQUIRED'],
      [{ route: 'OTHER' }, 'routeOther', 'AE_SAR_OTHER_REQUIRED'],
      [{ routeOther: 'Intrathecal' }, 'routeOther', 'AE_SAR_OTHER_ONLY_WITH_OTHER'],
      [{ frequency: 'OTHER', frequencyOther: ' ' }, 'frequencyOther', 'AE_SAR_OTHER_REQUIRED'],
      [{ therapyEndDate: day(-31) }, 'therapyEndDate', 'AE_SAR_THERAPY_END_BEFORE_START'],
    ] as const;
    for (const [change, field, reason] of cases) {
      const res = await post(sarAe({ ...SAR, ...change }));
      expect(res.statusCode, reason).toBe(400);
      expect(res.json().context.issues).toEqual([
        expect.objectContaining({ path: ['sarForm', field], message: `SERVER_ERRORS.REASON.${reason}` }),
      ]);
    }
    const list = (await call('admin', { method: 'GET', url: `/api/studies/${sarStudy}/ae` })).json<AeList>();
    expect(list).toHaveLength(2);
  });
});

describe(`AE writes follow the study status (spec 000 §4) on ${engine}`, () => {
  it('a locked, completed or anonymized study refuses report, update, sign, amend and verification with STUDY_STATUS_MISMATCH, and changes nothing', async () => {
    const study = await buildStudy(t.app, { modules: ['ADVERSE_EVENTS'], status: 'PRODUCTION' });
    const site = await buildSite(t.app, study.id);
    const subject = await buildSubject(t.app, { studyId: study.id, siteId: site.id });
    const base = `/api/studies/${study.id}`;
    const body = { ...content(), subjectId: subject.id };
    const made = async () => {
      const res = await call('admin', { method: 'POST', url: `${base}/ae`, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AeView>();
    };
    const reported = await made();
    const signed = await made();
    const first = await call('admin', {
      method: 'PUT',
      url: `${base}/ae/${signed.id}/signClassification`,
      payload: {},
    });
    expect(first.statusCode, first.body).toBe(200);
    const writes: [string, Call][] = [
      ['create', { method: 'POST', url: `${base}/ae`, payload: body }],
      [
        'update',
        {
          method: 'PUT',
          url: `${base}/ae/${reported.id}`,
          payload: { ...body, subjectId: undefined, eventDescription: 'Changed while locked' },
        },
      ],
      ['sign', { method: 'PUT', url: `${base}/ae/${reported.id}/signClassification`, payload: {} }],
      ['sign follow-up', { method: 'PUT', url: `${base}/ae/${signed.id}/signFollowUp`, payload: {} }],
      [
        'amend',
        {
          method: 'POST',
          url: `/api/study/${study.id}/ae/${signed.id}/amend`,
          payload: { reason: 'Late correction', changes: { eventDescription: 'Amended while locked' } },
        },
      ],
      [
        'verify',
        {
          method: 'PUT',
          url: `${base}/aes/${reported.id}/verification/primary`,
          payload: { verified: true },
        },
      ],
    ];
    const refuseAll = async (status: string) => {
      for (const [name, req] of writes) {
        const res = await call('admin', req);
        expect(res.statusCode, `${status} ${name}: ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH', context: { status } });
      }
      const list = (await call('admin', { method: 'GET', url: `${base}/ae` })).json<AeList>();
      expect(list).toHaveLength(2);
      const r = list.find((a) => a.id === reported.id);
      const v = list.find((a) => a.id === signed.id);
      expect(r).toMatchObject({ status: 'AE_REPORTED', eventDescription: body.eventDescription });
      expect(v).toMatchObject({ status: 'AE_CLASSIFIED', eventDescription: body.eventDescription });
      const view = (await call('admin', { method: 'GET', url: `${base}/ae/${reported.id}` })).json<AeView>();
      expect(view.verification).toBeNull();
    };
    // Locked through the lifecycle call; unlocked, the AE is signed again.
    const lock = await call('admin', {
      method: 'POST',
      url: `/api/study/${study.id}/lock`,
      payload: { reason: 'Interim analysis' },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    await refuseAll('LOCKED');
    const unlock = await call('admin', {
      method: 'POST',
      url: `/api/study/${study.id}/unlock`,
      payload: { reason: 'Late safety data' },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    const again = await call('admin', {
      method: 'PUT',
      url: `${base}/aes/${reported.id}/verification/primary`,
      payload: { verified: false },
    });
    expect(again.statusCode, again.body).toBe(200);
    for (const status of ['COMPLETED', 'ANONYMIZED']) {
      await t.app.database.db.update(studies).set({ status }).where(eq(studies.id, study.id));
      await refuseAll(status);
    }
  });
});

describe(`the serious-event clock on ${engine}`, () => {
  const catalog = (lng: string) =>
    JSON.parse(readFileSync(path.join(resolveLocalesDir(), lng, 'adverse-events.json'), 'utf8')) as {
      SERIOUS: { SUBJECT: string };
      REMINDER: { SUBJECT: string };
      OVERDUE: { SUBJECT: string };
    };
  const fill = (text: string, vars: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => vars[k] ?? '');
  const mailsTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email)).map((m) => readMail(m.data));

  it('safety contacts are study settings; only STUDY_UPDATE changes them', async () => {
    const settings: AeStudySettings = {
      safetyContacts: [
        { name: 'Greta Safety', email: germanContact, language: null },
        { name: 'Pharmacovigilance desk', email: 'pv-desk@example.org', language: 'en' },
      ],
      sponsorInvolvement: 'SAE_ONLY',
    };
    const url = `/api/studies/${studyId}/aeSettings`;
    expect((await call(callers.investigator, { method: 'PUT', url, payload: settings })).statusCode).toBe(
      403,
    );
    const saved = await call(callers.sponsor, { method: 'PUT', url, payload: settings });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(callers.investigator, { method: 'GET', url })).json()).toEqual(settings);
  });

  it('marking an AE serious emails the contacts at once in their language, and starts a 24-hour clock', async () => {
    const ae = await report(callers.doctorA, content());
    expect(ae.clock).toBeNull();
    const body = {
      ...content({ sae: true, seForm: SE_FORM, details: { seriousType: 'SAE' } }),
      subjectId: undefined,
    };
    const res = await call(callers.doctorA, {
      method: 'PUT',
      url: `/api/studies/${studyId}/ae/${ae.id}`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const clock = res.json<AeView>().clock;
    expect(clock).toMatchObject({ kind: 'SAE_24H', status: 'RUNNING', stoppedAt: null });
    expect(Date.parse(clock?.deadline ?? '') - Date.parse(clock?.startedAt ?? '')).toBe(24 * HOUR);
    await waitFor(() => mailsTo(germanContact).length > 0 && mailsTo('pv-desk@example.org').length > 0);
    expect(mailsTo(germanContact)[0]?.subject).toBe(
      fill(catalog('de').SERIOUS.SUBJECT, { study: studyName, subject: 'A-001' }),
    );
    expect(mailsTo('pv-desk@example.org')[0]?.subject).toBe(
      fill(catalog('en').SERIOUS.SUBJECT, { study: studyName, subject: 'A-001' }),
    );
    expect(mailsTo('pv-desk@example.org')[0]?.text).toContain(`/study/${studyId}/ae/${ae.id}/edit`);
    // The list shows the clock too.
    const listed = (
      await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae?serious=true` })
    ).json<AeList>();
    expect(listed.find((a) => a.id === ae.id)?.clock?.status).toBe('RUNNING');

    // 19 hours later the reminder goes out through the job queue; 25 hours later the AE is overdue.
    offsetMs = 19 * HOUR;
    await t.app.jobs?.send(AE_CLOCK_QUEUE);
    await waitFor(() => mailsTo('pv-desk@example.org').length >= 2);
    expect(mailsTo('pv-desk@example.org')[1]?.subject).toContain('Reminder');
    const dueSoon = (
      await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae/${ae.id}` })
    ).json<AeView>();
    expect(dueSoon.clock?.status).toBe('DUE_SOON');
    offsetMs = 25 * HOUR;
    await t.app.jobs?.send(AE_CLOCK_QUEUE);
    await waitFor(() => mailsTo('pv-desk@example.org').length >= 3);
    expect(
      mailsTo(germanContact)[2]?.subject.startsWith(catalog('de').OVERDUE.SUBJECT.split(':')[0] ?? '?'),
    ).toBe(true);
    const overdue = (
      await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae?overdue=true` })
    ).json<AeList>();
    expect(overdue.map((a) => a.id)).toContain(ae.id);
    expect(overdue.every((a) => a.clock?.status === 'OVERDUE')).toBe(true);
    const notOverdue = (
      await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae?overdue=false` })
    ).json<AeList>();
    expect(notOverdue.map((a) => a.id)).not.toContain(ae.id);
    // No second notice for the same step.
    await t.app.jobs?.send(AE_CLOCK_QUEUE);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo('pv-desk@example.org')).toHaveLength(3);
    // The sponsor's signature stops the clock, late: MISSED, and no longer overdue.
    await sign(callers.investigator, ae.id, 'classification');
    const stopped = (await sign(callers.sponsor, ae.id, 'initialSponsor')).json<AeView>();
    expect(stopped.clock).toMatchObject({ status: 'MISSED', remainingMs: null });
    const after = (
      await call('admin', { method: 'GET', url: `/api/studies/${studyId}/ae?overdue=true` })
    ).json<AeList>();
    expect(after.map((a) => a.id)).not.toContain(ae.id);
    offsetMs = 0;
  });

  it('a fatal SUSAR runs 7 days, another SUSAR 15 days', async () => {
    const fatal = await report(
      callers.doctorA,
      content({
        sae: true,
        seForm: { ...SE_FORM, criteria: ['DEATH'] },
        sarForm: {
          productName: 'Study drug',
          dose: 10,
          doseUnit: 'MILLIGRAM',
          route: 'ORAL',
          routeOther: null,
          frequency: 'ONCE_DAILY',
          frequencyOther: null,
          therapyStartDate: null,
          therapyEndDate: null,
          indication: null,
          actionTaken: 'PERMANENT_DISCONTINUE',
          eventAbate: 'NOT_APPLICABLE',
          outcome: 'FATAL',
        },
        details: { seriousType: 'SUSAR', outcome: 'FATAL' },
      }),
    );
    expect(fatal.clock?.kind).toBe('SUSAR_7D');
    expect(Date.parse(fatal.clock?.deadline ?? '') - Date.parse(fatal.clock?.startedAt ?? '')).toBe(
      7 * 24 * HOUR,
    );
    // A SAR or SUSAR needs its safety report.
    const missing = await call(callers.doctorA, {
      method: 'POST',
      url: `/api/studies/${studyId}/ae`,
      payload: content({ sae: true, seForm: SE_FORM, details: { seriousType: 'SUSAR' } }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().context.issues[0].path).toEqual(['sarForm']);
    const other = await report(
      callers.doctorA,
      content({ sae: true, seForm: SE_FORM, sarForm: fatal.sarForm, details: { seriousType: 'SUSAR' } }),
    );
    expect(other.clock?.kind).toBe('SUSAR_15D');
  });
});

describe(`AE reference questions (issue 20 item 4) on ${engine}`, () => {
  it('an AE_REF answer links the subject’s own AEs; another subject’s or a removed AE is refused', async () => {
    const s = await setUpEnrolled(t.app, admin);
    const weight = WEIGHT_FORM(s.formId);
    await t.app.database.db
      .update(formTemplates)
      .set({
        document: {
          ...weight,
          questions: [
            ...(weight.questions ?? []),
            { id: 'q2', order: 2, type: 'AE_REF', question: { en: 'Adverse events' }, required: false },
          ],
        } as Record<string, unknown>,
      })
      .where(and(eq(formTemplates.studyId, s.study.id), eq(formTemplates.id, s.formId)));
    const [token] = await t.app.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.enrollmentId, s.enrollmentId));
    const aeOf = async (subjectId: string) => {
      const res = await call('admin', {
        method: 'POST',
        url: `/api/studies/${s.study.id}/ae`,
        payload: { ...content(), subjectId },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AeView>().id;
    };
    const own = await aeOf(s.subject.id);
    const other = await aeOf((await buildSubject(t.app, { studyId: s.study.id, siteId: s.site.id })).id);
    const save = (aeRefs: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `${s.enrollmentBase}/tokens/${token?.id}/questionnaires`,
        headers: admin.headers,
        payload: {
          formId: s.formId,
          answers: [
            { question: 'q1', answerStrings: ['70'] },
            { question: 'q2', aeRefs },
          ],
          isFinal: false,
        },
      });
    for (const refs of [[other], ['0123456789abcdef01234567']]) {
      const refused = await save(refs);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().context.issues[0].path).toEqual(['answers', 'q2', 'aeRefs', 0]);
    }
    const linked = await save([own]);
    expect(linked.statusCode, linked.body).toBe(200);
    const removed = await call('admin', {
      method: 'DELETE',
      url: `/api/study/${s.study.id}/ae/${own}?reason=${encodeURIComponent('Duplicate')}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await save([own])).statusCode).toBe(400);
  });
});
