/** Spec 002 §3/§4 participant settings through HTTP: round trip, each refusal, audit, permission, public reading. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProcess, buildSite, buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { buildPublishedForm, openEvent, setProcessSettings } from '../public/public-test-kit';

let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const url = (studyId: string) => `/api/study/${studyId}/participantSettings`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const valid = (over: Record<string, unknown> = {}) => ({
  publicSignUpRequiredFields: ['email', 'firstName'],
  publicSignUpOptionalFields: ['mobileNumber', 'investigatorId'],
  subjectRequiredFields: ['lastName'],
  disallowEnrollmentWhenStudyNotOngoing: false,
  disallowEnrollmentWhenPublicSignUpDisabled: true,
  logo: null,
  checkSignUpEmailFormat: false,
  requireSignUpPhoneCountryCode: false,
  enforceSignUpLanguage: false,
  ...over,
});

function put(studyId: string, body: unknown, session: LoggedIn | null = admin) {
  return t.app.inject({
    method: 'PUT',
    url: url(studyId),
    headers: session?.headers ?? {},
    payload: body as object,
  });
}
function get(studyId: string, session: LoggedIn = admin) {
  return t.app.inject({ method: 'GET', url: url(studyId), headers: session.headers });
}
async function uploadImage(studyId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/image`,
    headers: admin.headers,
    payload: { fileName: 'logo.png', contentType: 'image/png', dataBase64: PNG.toString('base64') },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function auditOf(studyId: string) {
  const res = await t.app.database.query<{ action: string; before: unknown; after: unknown }>(
    "select action, before, after from audit_event where study_id = $1 and action = 'STUDY_UPDATED' order by ticket",
    [studyId],
  );
  return res.rows;
}

/** A production study with a site and a public process, so the site getInfo can allow a sign-up. */
async function signUpStudy(isPublic: boolean) {
  const study = await buildStudy(t.app, { status: 'PRODUCTION' });
  const site = await buildSite(t.app, study.id, { isPublic });
  const formId = await buildPublishedForm(t.app, study.id);
  const process = await buildProcess(t.app, {
    studyId: study.id,
    dataEvents: [openEvent(`ps${study.id.slice(-8)}`, { forms: [formId] })],
  });
  await setProcessSettings(t.app, study.id, process.id, { public: true });
  return { study, site };
}

describe(`GET/PUT /api/study/:studyId/participantSettings on ${engine}`, () => {
  it('reads the fallbacks of the sign-up page before anything is chosen', async () => {
    const study = await buildStudy(t.app);
    const res = await get(study.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      publicSignUpRequiredFields: [],
      publicSignUpOptionalFields: ['firstName', 'lastName', 'email', 'mobileNumber', 'language'],
      subjectRequiredFields: [],
      disallowEnrollmentWhenStudyNotOngoing: false,
      disallowEnrollmentWhenPublicSignUpDisabled: false,
      logo: null,
      // Spec 002 §5 sign-up switches: off until the study sets them.
      checkSignUpEmailFormat: false,
      requireSignUpPhoneCountryCode: false,
      enforceSignUpLanguage: false,
    });
  });

  it('round trip: stores the lists in the fixed order, keeps other settings, audits the changed keys', async () => {
    const study = await buildStudy(t.app);
    await t.app.database.query(`update study set settings = '{"other": 1}'::jsonb where id = $1`, [study.id]);
    const res = await put(study.id, valid());
    expect(res.statusCode, res.body).toBe(200);
    const expected = valid({ publicSignUpRequiredFields: ['firstName', 'email'] });
    expect(res.json()).toEqual(expected);
    expect((await get(study.id)).json()).toEqual(expected);
    const stored = await t.app.database.query<{ settings: Record<string, unknown> }>(
      'select settings from study where id = $1',
      [study.id],
    );
    expect(stored.rows[0]?.settings).toMatchObject({ other: 1, subjectRequiredFields: ['lastName'] });
    const [event] = await auditOf(study.id);
    expect(event?.before).toMatchObject({ disallowEnrollmentWhenPublicSignUpDisabled: false });
    expect(event?.after).toMatchObject({
      publicSignUpRequiredFields: ['firstName', 'email'],
      disallowEnrollmentWhenPublicSignUpDisabled: true,
    });
    // The same settings again change nothing and add no audit event.
    expect((await put(study.id, expected)).statusCode).toBe(200);
    expect(await auditOf(study.id)).toHaveLength(1);
    const next = await put(study.id, { ...expected, disallowEnrollmentWhenStudyNotOngoing: true });
    expect(next.json().disallowEnrollmentWhenStudyNotOngoing).toBe(true);
    const events = await auditOf(study.id);
    expect(events[1]?.after).toEqual({ disallowEnrollmentWhenStudyNotOngoing: true });
  });

  it('refuses unknown fields, a field in both lists and a logo that is not an image of this study', async () => {
    const study = await buildStudy(t.app);
    const other = await buildStudy(t.app);
    const foreign = await uploadImage(other.id);
    const res = await put(
      study.id,
      valid({
        publicSignUpRequiredFields: ['email', 'shoeSize'],
        publicSignUpOptionalFields: ['firstName', 'email'],
        subjectRequiredFields: ['investigatorEmail'],
        logo: foreign,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('VALIDATION');
    expect(
      res.json().context.issues.map((i: { path: unknown[]; message: string }) => [i.path, i.message]),
    ).toEqual([
      [['publicSignUpRequiredFields', 1], 'STUDY.ERRORS.UNKNOWN_FIELD'],
      [['subjectRequiredFields', 0], 'STUDY.ERRORS.UNKNOWN_FIELD'],
      [['publicSignUpOptionalFields', 1], 'STUDY.ERRORS.FIELD_REQUIRED_AND_OPTIONAL'],
      [['logo'], 'STUDY.ERRORS.UNKNOWN_LOGO'],
    ]);
    const malformed = await put(
      study.id,
      valid({ logo: 'not-an-id', disallowEnrollmentWhenStudyNotOngoing: 'yes' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().type).toBe('VALIDATION');
    expect(await auditOf(study.id)).toHaveLength(0);
  });

  it('is refused once the study is locked; 404 for an unknown study', async () => {
    const study = await buildStudy(t.app, { status: 'LOCKED' });
    const res = await put(study.id, valid());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ type: 'VALIDATION_BUILD_MODE', id: 'STUDY_STATUS_MISMATCH' });
    expect((await get(study.id)).statusCode).toBe(200);
    expect((await get('ffffffffffffffffffffffff')).statusCode).toBe(404);
  });

  it('a MONITOR may read but not change them; without a session 401', async () => {
    const study = await buildStudy(t.app);
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId: study.id, user, role: 'MONITOR' });
    const monitor = await loginAs(t.app, user.email, user.password);
    expect((await get(study.id, monitor)).statusCode).toBe(200);
    expect((await put(study.id, valid(), monitor)).statusCode).toBe(403);
    expect((await put(study.id, valid(), null)).statusCode).toBe(401);
  });

  it('the public site getInfo follows the fields and the gate; the logo url appears once chosen', async () => {
    const { study, site } = await signUpStudy(false);
    const info = () =>
      t.app.inject({ method: 'GET', url: `/api/public/study/${study.id}/site/${site.id}/getInfo` });
    const logo = () => t.app.inject({ method: 'GET', url: `/api/public/study/${study.id}/logo` });
    expect((await info()).json().signUpAllowed).toBe(true);
    expect((await logo()).json()).toEqual({ url: null });
    const imageId = await uploadImage(study.id);
    const res = await put(study.id, valid({ logo: imageId }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await info()).json()).toMatchObject({
      public: false,
      patientFields: ['firstName', 'email'],
      patientOptionalFields: ['mobileNumber', 'investigatorId'],
      signUpAllowed: false,
    });
    expect((await logo()).json()).toEqual({ url: `/api/public/study/${study.id}/logo/image` });
    const bytes = await t.app.inject({ method: 'GET', url: `/api/public/study/${study.id}/logo/image` });
    expect(bytes.statusCode).toBe(200);
    await put(study.id, valid({ logo: null, disallowEnrollmentWhenPublicSignUpDisabled: false }));
    expect((await info()).json().signUpAllowed).toBe(true);
    expect((await logo()).json()).toEqual({ url: null });
  });
});
