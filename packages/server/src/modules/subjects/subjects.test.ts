import { REDACTED } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { enrollments } from '../enrollments/tables';
import {
  call,
  createSubject,
  type Kit,
  member,
  SEE_ALL,
  studyWithSites,
  useSubjectsApp,
} from './subjects-test-kit';

const kit: Kit = useSubjectsApp();

const ana = {
  patientId: 'P-001',
  firstName: 'Ana',
  lastName: 'Berg',
  initials: 'AB',
  email: 'Ana@Example.com',
  mobileNumber: [{ number: '20123456', countryCode: 45 }],
  dateOfBirth: '1980-05-17',
  birthYear: 1980,
  gender: 2,
  nationality: 'DK',
  language: 'da',
  trialGroup: 'A',
  address: [{ streetName: 'Main', streetNumber: '1', zip: '2100', city: 'Copenhagen', country: 'DK' }],
};

async function auditOf(subjectId: string, action: string) {
  return kit.t.app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, subjectId), eq(auditEvents.action, action)));
}

describe('POST /api/studies/:studyId/sites/:siteId/patients', () => {
  it('registers a subject with every attribute, returns a list, and audits it', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const res = await call(
      kit,
      'POST',
      `/api/studies/${study.id}/sites/${site1.id}/patients`,
      kit.admin,
      ana,
    );
    expect(res.statusCode).toBe(201);
    const [created] = res.json();
    expect(created).toMatchObject({ ...ana, siteId: site1.id, archived: false, homeNumber: [] });
    const [event] = await auditOf(created.id, 'SUBJECT_CREATED');
    expect(event?.after).toMatchObject({ patientId: 'P-001', attributes: { email: 'Ana@Example.com' } });
  });

  it('needs a typed id when the study assigns ids by hand, and refuses outside test and production', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const res = await call(kit, 'POST', `/api/studies/${study.id}/sites/${site1.id}/patients`, kit.admin, {
      firstName: 'X',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().context.issues[0].path).toEqual(['patientId']);
    const build = await studyWithSites(kit, { status: 'STUDY_STATUS_BUILD' });
    const refused = await call(
      kit,
      'POST',
      `/api/studies/${build.study.id}/sites/${build.site1.id}/patients`,
      kit.admin,
      { patientId: 'X' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().id).toBe('STUDY_STATUS_MISMATCH');
  });

  it('assigns ids by the study automation and tells the next one (siteIdSiteNum)', async () => {
    const { study, site1, site2 } = await studyWithSites(kit, { automation: 'siteIdSiteNum' });
    const expected = await call(
      kit,
      'GET',
      `/api/studies/${study.id}/sites/${site2.id}/expectedSubjectId`,
      kit.admin,
    );
    expect(expected.json()).toEqual({ automation: 'siteIdSiteNum', expectedSubjectId: '02-001' });
    expect((await createSubject(kit, study.id, site1.id, {})).patientId).toBe('01-001');
    expect((await createSubject(kit, study.id, site1.id, {})).patientId).toBe('01-002');
    expect((await createSubject(kit, study.id, site2.id, {})).patientId).toBe('02-001');
    const typed = await call(kit, 'POST', `/api/studies/${study.id}/sites/${site1.id}/patients`, kit.admin, {
      patientId: 'MINE',
    });
    expect(typed.statusCode).toBe(400);
  });

  it('studyNum counts across the sites', async () => {
    const { study, site1, site2 } = await studyWithSites(kit, { automation: 'studyNum' });
    await createSubject(kit, study.id, site1.id, {});
    expect((await createSubject(kit, study.id, site2.id, {})).patientId).toBe('0002');
  });

  it('SUBJECT_ID_DUPLICATE and SUBJECT_EMAIL_DUPLICATE (email compared without case)', {
    tags: ['json'],
  }, async () => {
    const { study, site1, site2 } = await studyWithSites(kit);
    await createSubject(kit, study.id, site1.id, ana);
    const url = `/api/studies/${study.id}/sites/${site2.id}/patients`;
    const sameId = await call(kit, 'POST', url, kit.admin, { patientId: 'p-001' });
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().id).toBe('SUBJECT_ID_DUPLICATE');
    const sameEmail = await call(kit, 'POST', url, kit.admin, {
      patientId: 'P-002',
      email: 'ana@example.COM',
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().id).toBe('SUBJECT_EMAIL_DUPLICATE');
    // Another study may hold the same id and email.
    const other = await studyWithSites(kit);
    await createSubject(kit, other.study.id, other.site1.id, ana);
  });

  it('INVALID_PHONENUMBER for a mobile number of the wrong length for its country', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const res = await call(kit, 'POST', `/api/studies/${study.id}/sites/${site1.id}/patients`, kit.admin, {
      patientId: 'P-1',
      mobileNumber: [{ number: '123', countryCode: 45 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'INVALID_PHONENUMBER' });
    expect(res.json().context.issues[0].path).toEqual(['mobileNumber', 0, 'number']);
  });

  it('MAXIMUM_SUBJECTS when the plan limit is reached', async () => {
    const { study, site1, site2 } = await studyWithSites(kit, { maxSubjects: 2, automation: 'studyNum' });
    await createSubject(kit, study.id, site1.id, {});
    await createSubject(kit, study.id, site2.id, {});
    const res = await call(kit, 'POST', `/api/studies/${study.id}/sites/${site1.id}/patients`, kit.admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('MAXIMUM_SUBJECTS');
  });
});

describe('GET /api/patient/:id and /api/studies/:studyId/patient/:id: redaction per permission', () => {
  it('docs/ROLES.md: a MONITOR sees the subject pseudonymised, a DOCTOR its identity (not the trial group), extras add fields', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const subject = await createSubject(kit, study.id, site1.id, ana);
    const monitor = await member(kit, study.id, 'MONITOR');
    const doctor = await member(kit, study.id, 'DOCTOR');
    const seeing = await member(kit, study.id, 'MONITOR', { extra: SEE_ALL });
    const hidden = (await call(kit, 'GET', `/api/studies/${study.id}/patient/${subject.id}`, monitor)).json();
    for (const field of [
      'firstName',
      'lastName',
      'initials',
      'email',
      'mobileNumber',
      'address',
      'dateOfBirth',
      'gender',
      'nationality',
      'trialGroup',
    ]) {
      expect(hidden[field], field).toBe(REDACTED);
    }
    expect(hidden.patientId).toBe('P-001');
    expect(hidden.birthYear).toBe(1980);
    expect(hidden.abilities).toEqual({ update: false, delete: false, archive: false, unarchive: false });
    expect((await call(kit, 'GET', `/api/patient/${subject.id}`, monitor)).json().firstName).toBe(REDACTED);
    const treated = (await call(kit, 'GET', `/api/studies/${study.id}/patient/${subject.id}`, doctor)).json();
    expect(treated).toMatchObject({
      firstName: 'Ana',
      lastName: 'Berg',
      email: 'Ana@Example.com',
      dateOfBirth: '1980-05-17',
      mobileNumber: ana.mobileNumber,
      trialGroup: REDACTED,
    });
    expect(treated.abilities).toEqual({ update: true, delete: false, archive: true, unarchive: false });
    const shown = (await call(kit, 'GET', `/api/patient/${subject.id}`, seeing)).json();
    expect(shown).toMatchObject({
      firstName: 'Ana',
      email: 'Ana@Example.com',
      trialGroup: 'A',
      studyId: study.id,
    });
  });

  it('a site-limited doctor cannot read another site’s subject (403), nor a study it is not in', async () => {
    const { study, site1, site2 } = await studyWithSites(kit);
    const there = await createSubject(kit, study.id, site2.id, { patientId: 'S2' });
    const here = await createSubject(kit, study.id, site1.id, { patientId: 'S1' });
    const doctor = await member(kit, study.id, 'DOCTOR', { siteIds: [site1.id] });
    expect((await call(kit, 'GET', `/api/studies/${study.id}/patient/${here.id}`, doctor)).statusCode).toBe(
      200,
    );
    expect((await call(kit, 'GET', `/api/studies/${study.id}/patient/${there.id}`, doctor)).statusCode).toBe(
      403,
    );
    expect((await call(kit, 'GET', `/api/patient/${there.id}`, doctor)).statusCode).toBe(403);
    expect(
      (await call(kit, 'PUT', `/api/studies/${study.id}/patient/${there.id}`, doctor, {})).statusCode,
    ).toBe(403);
    const create = await call(kit, 'POST', `/api/studies/${study.id}/sites/${site2.id}/patients`, doctor, {
      patientId: 'S3',
    });
    expect(create.statusCode).toBe(403);
    const outsider = await member(kit, (await studyWithSites(kit)).study.id, 'ADMIN');
    expect((await call(kit, 'GET', `/api/patient/${here.id}`, outsider)).statusCode).toBe(403);
    expect((await call(kit, 'GET', `/api/patient/${newId()}`, outsider)).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /api/studies/:studyId/patient/:id', () => {
  it('updates some fields, keeps absent and REDACTED ones, and audits before and after', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const subject = await createSubject(kit, study.id, site1.id, ana);
    // docs/ROLES.md: a helper sees subjects pseudonymised; given update and one field as extras.
    const helper = await member(kit, study.id, 'STUDY_HELPER', {
      extra: ['PATIENT_UPDATE', 'PATIENT_VIEW_FIRST_NAME'],
    });
    const res = await call(kit, 'PUT', `/api/studies/${study.id}/patient/${subject.id}`, helper, {
      firstName: 'Anna',
      lastName: REDACTED,
      initials: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Anna', lastName: REDACTED, initials: REDACTED });
    const stored = (
      await call(kit, 'GET', `/api/studies/${study.id}/patient/${subject.id}`, kit.admin)
    ).json();
    expect(stored).toMatchObject({
      firstName: 'Anna',
      lastName: 'Berg',
      initials: null,
      email: 'Ana@Example.com',
    });
    const [event] = await auditOf(subject.id, 'SUBJECT_UPDATED');
    expect(event?.before).toMatchObject({ attributes: { firstName: 'Ana' } });
    expect(event?.after).toMatchObject({ attributes: { firstName: 'Anna', initials: null } });
  });

  it('refuses an email another subject has, and a bad phone number', { tags: ['json'] }, async () => {
    const { study, site1 } = await studyWithSites(kit);
    await createSubject(kit, study.id, site1.id, ana);
    const bo = await createSubject(kit, study.id, site1.id, { patientId: 'P-002', email: 'bo@example.com' });
    const url = `/api/studies/${study.id}/patient/${bo.id}`;
    const clash = await call(kit, 'PUT', url, kit.admin, { email: 'ANA@example.com' });
    expect(clash.json().id).toBe('SUBJECT_EMAIL_DUPLICATE');
    const own = await call(kit, 'PUT', url, kit.admin, { email: 'BO@example.com' });
    expect(own.statusCode).toBe(200);
    const phone = await call(kit, 'PUT', url, kit.admin, { workNumber: [{ number: '1', countryCode: 999 }] });
    expect(phone.statusCode).toBe(400);
  });

  it('deletes a subject without enrollments, refuses one with, and audits', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const gone = await createSubject(kit, study.id, site1.id, { patientId: 'G' });
    const kept = await createSubject(kit, study.id, site1.id, { patientId: 'K' });
    const now = new Date();
    await kit.t.app.database.db.insert(enrollments).values({
      studyId: study.id,
      id: newId(),
      siteId: site1.id,
      subjectId: kept.id,
      processId: newId(),
      status: 'ONGOING',
      registeredAt: now,
      timeZone: 'UTC',
      language: 'en',
      createdAt: now,
      updatedAt: now,
    });
    const refused = await call(kit, 'DELETE', `/api/studies/${study.id}/patient/${kept.id}`, kit.admin);
    expect(refused.statusCode).toBe(409);
    const doctor = await member(kit, study.id, 'DOCTOR');
    expect(
      (await call(kit, 'DELETE', `/api/studies/${study.id}/patient/${gone.id}`, doctor)).statusCode,
    ).toBe(403);
    expect(
      (await call(kit, 'DELETE', `/api/studies/${study.id}/patient/${gone.id}`, kit.admin)).statusCode,
    ).toBe(204);
    expect(
      (await call(kit, 'GET', `/api/studies/${study.id}/patient/${gone.id}`, kit.admin)).statusCode,
    ).toBe(404);
    expect(await auditOf(gone.id, 'SUBJECT_DELETED')).toHaveLength(1);

    const sites = await call(kit, 'GET', `/api/study/${study.id}/site/${kept.id}/true`, kit.admin);
    expect(sites.json()).toEqual([expect.objectContaining({ id: site1.id, isHome: true, active: true })]);
  });
});

describe('POST /api/studies/:studyId/patient/:id/archive and /unarchive', () => {
  it('archives, refuses twice, unarchives; each audited; sites of an archived subject are inactive', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const subject = await createSubject(kit, study.id, site1.id, { patientId: 'A' });
    const doctor = await member(kit, study.id, 'DOCTOR');
    const base = `/api/studies/${study.id}/patient/${subject.id}`;
    const archived = await call(kit, 'POST', `${base}/archive`, doctor);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, abilities: { archive: false, unarchive: true } });
    expect((await call(kit, 'POST', `${base}/archive`, doctor)).statusCode).toBe(409);
    expect((await call(kit, 'GET', `/api/study/${study.id}/site/${subject.id}/true`, doctor)).json()).toEqual(
      [],
    );
    expect(
      (await call(kit, 'GET', `/api/study/${study.id}/site/${subject.id}/false`, doctor)).json(),
    ).toHaveLength(1);
    expect((await call(kit, 'POST', `${base}/unarchive`, doctor)).json().archived).toBe(false);
    expect(await auditOf(subject.id, 'SUBJECT_ARCHIVED')).toHaveLength(1);
    expect(await auditOf(subject.id, 'SUBJECT_UNARCHIVED')).toHaveLength(1);
  });

  it('refuses changes once the study is locked', async () => {
    const { study, site1 } = await studyWithSites(kit, { status: 'LOCKED' });
    const { subjects } = await import('./tables');
    const now = new Date();
    const id = newId();
    await kit.t.app.database.db
      .insert(subjects)
      .values({ studyId: study.id, id, siteId: site1.id, patientId: 'L', createdAt: now, updatedAt: now });
    const res = await call(kit, 'POST', `/api/studies/${study.id}/patient/${id}/archive`, kit.admin);
    expect(res.json().id).toBe('STUDY_STATUS_MISMATCH');
  });
});
