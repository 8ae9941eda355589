// @module-tag json
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProcess, buildSite, buildStudy } from '../../../test/factories';
import { createTestApp, engine, type TestApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { enrollments } from '../enrollments/tables';
import { studyImages } from '../forms/tables';
import { subjects } from '../subjects/tables';
import {
  auditOf,
  buildPublishedForm,
  openEvent,
  outboxTo,
  setProcessSettings,
  setStudySettings,
} from './public-test-kit';

let now = new Date('2026-07-01T08:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(async () => t?.close());

let n = 0;
async function publicStudy(options: { sendAs?: 'NO_SEND_OUT' | 'SEND_AS_EMAIL'; isPublic?: boolean } = {}) {
  const study = await buildStudy(t.app, { status: 'PRODUCTION' });
  const site = await buildSite(t.app, study.id, { isPublic: true });
  const formId = await buildPublishedForm(t.app, study.id);
  const process = await buildProcess(t.app, {
    studyId: study.id,
    dataEvents: [
      openEvent(`su${n++}${study.id.slice(-6)}`, {
        forms: [formId],
        sendAs: options.sendAs ?? 'NO_SEND_OUT',
      }),
    ],
  });
  await setProcessSettings(t.app, study.id, process.id, {
    public: options.isPublic ?? true,
    consentRequired: true,
    consentText: { en: 'I agree.' },
    publicIntroTextEnabled: true,
    publicIntroText: { en: 'Welcome to the study.' },
  });
  await setStudySettings(t.app, study.id, {
    publicSignUpRequiredFields: ['firstName', 'birthYear'],
    publicSignUpOptionalFields: ['lastName', 'email', 'investigatorId'],
  });
  return { study, site, process };
}

const signUp = (studyId: string, pathwayId: string, payload: object, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/patient/${pathwayId}/pathwaySignUp${query}`,
    payload,
  });

describe(`GET /api/public/study/:studyId/site/:siteId/getInfo on ${engine}`, () => {
  it('describes the sign-up of a public site and its public process', async () => {
    now = new Date('2026-07-01T08:00:00Z');
    const { study, site, process } = await publicStudy();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/study/${study.id}/site/${site.id}/getInfo`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      studyName: study.name,
      studyStatus: 'PRODUCTION',
      public: true,
      pathwayId: process.id,
      patientFields: ['firstName', 'birthYear'],
      patientOptionalFields: ['lastName', 'email', 'investigatorId'],
      languages: ['en'],
      consentRequired: true,
      publicIntroTextEnabled: true,
      publicIntroText: { en: 'Welcome to the study.' },
      primaryLanguage: 'en',
      signUpAllowed: true,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/study/${study.id}/site/${study.id}/getInfo` }))
        .statusCode,
    ).toBe(404);
  });
});

describe(`POST /api/public/studies/:studyId/patient/:pathwayId/pathwaySignUp on ${engine}`, () => {
  it('registers and enrols a participant; without an email the answer carries the open link', async () => {
    now = new Date('2026-07-02T08:00:00Z');
    const { study, site, process } = await publicStudy();
    const res = await signUp(
      study.id,
      process.id,
      { siteId: site.id, firstName: 'Ada', birthYear: 1980, consent: true, language: 'en' },
      '?investigatorId=INV-7',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const [subject] = await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, study.id));
    expect(subject?.attributes).toMatchObject({ firstName: 'Ada', birthYear: 1980, investigatorId: 'INV-7' });
    // Language was not asked for, so it is not stored.
    expect(subject?.attributes.language ?? null).toBeNull();
    const [enrollment] = await t.app.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.studyId, study.id), eq(enrollments.subjectId, subject?.id as string)));
    expect(enrollment?.details).toMatchObject({ didAcceptConsent: true });
    const audit = await auditOf(t.app, study.id);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['SUBJECT_CREATED', 'ENROLLMENT_CREATED', 'CONSENT_ACCEPTED', 'PUBLIC_SIGNUP']),
    );
    // The link opens straight away.
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/public/studies/${study.id}/token/validateToken`,
      payload: { token },
    });
    expect(validated.json().next).toBe('QUESTIONNAIRE_INDEX');
  });

  it('reports every field problem at its path with the spec 002 §5 messages, writing nothing', async () => {
    now = new Date('2026-07-03T08:00:00Z');
    const { study, site, process } = await publicStudy();
    const res = await signUp(study.id, process.id, {
      siteId: site.id,
      firstName: 'A'.repeat(65),
      lastName: 'B'.repeat(33),
      birthYear: 1800,
      consent: false,
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .context.issues.map((i: { path: string[]; message: string }) => `${i.path.join('.')}:${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'firstName:PUBLIC.VALIDATION.MAX_LENGTH',
        'lastName:PUBLIC.VALIDATION.MAX_LENGTH',
        'consent:PUBLIC.SIGNUP.CONSENT_REQUIRED',
      ]),
    );
    expect(paths.some((p: string) => p.startsWith('birthYear:'))).toBe(true);
    const missing = await signUp(study.id, process.id, { siteId: site.id, consent: true });
    expect(missing.json().context.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual([
      'firstName',
      'birthYear',
    ]);
    expect(
      await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, study.id)),
    ).toHaveLength(0);
  });

  it('spec 002 §3 address is sent only if all five parts are filled: a partial address blocks nothing and is not kept', async () => {
    now = new Date('2026-07-03T09:00:00Z');
    const { study, site, process } = await publicStudy();
    await setStudySettings(t.app, study.id, {
      publicSignUpRequiredFields: ['firstName', 'birthYear'],
      publicSignUpOptionalFields: ['address'],
    });
    const res = await signUp(study.id, process.id, {
      siteId: site.id,
      firstName: 'Ada',
      birthYear: 1980,
      consent: true,
      address: [{ city: 'Aarhus' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [subject] = await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, study.id));
    expect(subject?.attributes.address ?? []).toEqual([]);
  });

  it('spec 002 §5 switches from the participant settings: email format check and phone country code when flagged', async () => {
    now = new Date('2026-07-03T10:00:00Z');
    const { study, site, process } = await publicStudy();
    const fields = {
      publicSignUpRequiredFields: ['firstName', 'birthYear'],
      publicSignUpOptionalFields: ['email', 'mobileNumber'],
    };
    const body = {
      siteId: site.id,
      firstName: 'Ada',
      birthYear: 1980,
      consent: true,
      email: 'not-an-email',
      mobileNumber: [{ number: '20123456', countryCode: 0 }],
    };
    const pathsOf = (res: { json(): { context: { issues: { path: string[] }[] } } }) =>
      res.json().context.issues.map((i) => i.path.join('.'));
    await setStudySettings(t.app, study.id, {
      ...fields,
      checkSignUpEmailFormat: true,
      requireSignUpPhoneCountryCode: true,
      enforceSignUpLanguage: true,
    });
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/public/study/${study.id}/site/${site.id}/getInfo`,
    });
    expect(info.json()).toMatchObject({
      checkEmailFormat: true,
      requirePhoneCountryCode: true,
      enforceLanguage: true,
    });
    const refused = await signUp(study.id, process.id, body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(pathsOf(refused)).toEqual(expect.arrayContaining(['email', 'mobileNumber.0.countryCode']));
    // Refused by the sign-up check itself (the page's own rules), before any subject is made.
    expect(refused.json().message).toBe('Some answers need another look.');

    await setStudySettings(t.app, study.id, fields);
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/public/study/${study.id}/site/${site.id}/getInfo`,
    });
    expect(open.json()).toMatchObject({
      checkEmailFormat: false,
      requirePhoneCountryCode: false,
      enforceLanguage: false,
    });
  });

  it('with an email answers the same whether the address is new or known, and mails the link or a note', async () => {
    now = new Date('2026-07-04T08:00:00Z');
    const { study, site, process } = await publicStudy();
    const body = {
      siteId: site.id,
      firstName: 'Bo',
      birthYear: 1990,
      consent: true,
      email: 'bo@example.org',
    };
    const first = await signUp(study.id, process.id, body);
    expect([first.statusCode, first.json()]).toEqual([200, {}]);
    const second = await signUp(study.id, process.id, { ...body, email: 'BO@example.org' });
    expect([second.statusCode, second.json()]).toEqual([200, {}]);
    const mails = await outboxTo(t.app, 'bo@example.org');
    expect(mails[0]?.body).toContain(`/public/${study.id}/`);
    expect((await outboxTo(t.app, 'BO@example.org'))[0]?.subject).toBe('You are already registered');
    expect(
      await t.app.database.db.select().from(subjects).where(eq(subjects.studyId, study.id)),
    ).toHaveLength(1);
  });

  it('refuses a closed sign-up without an error id (the failure screen) and limits sign-ups per email', async () => {
    now = new Date('2026-07-05T08:00:00Z');
    const closed = await publicStudy({ isPublic: false });
    const res = await signUp(closed.study.id, closed.process.id, {
      siteId: closed.site.id,
      firstName: 'C',
      birthYear: 1990,
      consent: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBeUndefined();

    const { study, site, process } = await publicStudy();
    await setStudySettings(t.app, study.id, {
      publicSignUpRequiredFields: ['firstName'],
      publicSignUpOptionalFields: ['email'],
      disallowEnrollmentWhenPublicSignUpDisabled: true,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const r = await signUp(study.id, process.id, {
        siteId: site.id,
        firstName: 'D',
        email: 'd@example.org',
        consent: true,
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe(`GET /api/public/study/:studyId/logo on ${engine}`, () => {
  it('answers null without a logo, else a url serving the image', async () => {
    const study = await buildStudy(t.app);
    const url = `/api/public/study/${study.id}/logo`;
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ url: null });
    const imageId = newId();
    await t.app.database.db.insert(studyImages).values({
      studyId: study.id,
      id: imageId,
      fileName: 'logo.png',
      contentType: 'image/png',
      size: 4,
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      createdBy: 'factory',
      createdAt: new Date(),
    });
    await setStudySettings(t.app, study.id, { logo: imageId });
    const logo = (await t.app.inject({ method: 'GET', url })).json();
    expect(logo.url).toBe(`/api/public/study/${study.id}/logo/image`);
    const image = await t.app.inject({ method: 'GET', url: logo.url });
    expect([image.statusCode, image.headers['content-type'], image.rawPayload.length]).toEqual([
      200,
      'image/png',
      4,
    ]);
  });
});
