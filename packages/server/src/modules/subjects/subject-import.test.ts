// @module-tag transactions
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/tables';
import { call, createSubject, type Kit, member, studyWithSites, useSubjectsApp } from './subjects-test-kit';
import { subjects } from './tables';

const kit: Kit = useSubjectsApp();

const header =
  'patientId,firstName,lastName,email,mobileCountryCode,mobileNumber,gender,dateOfBirth,streetName,streetNumber,zip,city,country';

async function subjectCount(studyId: string) {
  const rows = await kit.t.app.database.db.select().from(subjects).where(eq(subjects.studyId, studyId));
  return rows.length;
}

function importUrl(studyId: string, siteId: string) {
  return `/api/studies/${studyId}/sites/${siteId}/patients/import`;
}

describe('POST /api/studies/:studyId/sites/:siteId/patients/import', () => {
  it('imports every row of a good file, each audited', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const csv = [
      header,
      'P-1,Ana,Berg,ana@example.com,45,20123456,2,17-05-1980,Main,1,2100,Copenhagen,Denmark',
      '"P-2","Bo, Jr.",Ek,,,,1,1975-01-02,,,,,',
    ].join('\r\n');
    const res = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, { csv });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().imported).toBe(2);
    const [first] = res.json().subjects;
    expect(first).toMatchObject({
      patientId: 'P-1',
      dateOfBirth: '1980-05-17',
      address: [{ city: 'Copenhagen', country: 'DK' }],
      mobileNumber: [{ number: '20123456', countryCode: 45 }],
    });
    expect(res.json().subjects[1].firstName).toBe('Bo, Jr.');
    const events = await kit.t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.studyId, study.id));
    expect(events.filter((e) => e.action === 'SUBJECT_CREATED')).toHaveLength(2);
    expect(events.filter((e) => e.action === 'SUBJECTS_IMPORTED')).toHaveLength(1);
  });

  it('a file with a bad row writes nothing and lists every problem per row and column', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const csv = [
      header,
      'P-1,Ana,Berg,ana@example.com,45,20123456,2,1980-05-17,,,,,',
      `P-2,${'x'.repeat(33)},Ek,not-an-email,45,123,5,,,,,,`,
      'P-3,Cleo,Dahl,cleo@example.com,,,,,,,,,',
    ].join('\n');
    const res = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, { csv });
    expect(res.statusCode).toBe(400);
    const issues: { path: [number, string]; message: string; params: { line: number } }[] =
      res.json().context.issues;
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining([
        [1, 'firstName'],
        [1, 'gender'],
      ]),
    );
    expect(issues.every((i) => i.path[0] === 1 && i.params.line === 3)).toBe(true);
    expect(await subjectCount(study.id)).toBe(0);
  });

  it('refuses rows whose id or email the study already has, and the plan limit, writing nothing', async () => {
    const { study, site1, site2 } = await studyWithSites(kit, { maxSubjects: 3 });
    await createSubject(kit, study.id, site2.id, { patientId: 'P-1', email: 'ana@example.com' });
    const clash = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, {
      csv: 'patientId;email\nP-9;ANA@example.com\np-1;new@example.com',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().context.issues).toEqual([
      expect.objectContaining({ path: [0, 'email'], message: 'SUBJECT_EMAIL_DUPLICATE' }),
      expect.objectContaining({ path: [1, 'patientId'], message: 'SUBJECT_ID_DUPLICATE' }),
    ]);
    const tooMany = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, {
      csv: 'patientId\nA\nB\nC',
    });
    expect(tooMany.json().id).toBe('MAXIMUM_SUBJECTS');
    expect(await subjectCount(study.id)).toBe(1);
  });

  it('assigns ids by the automation after the ones in use', async () => {
    const { study, site1 } = await studyWithSites(kit, { automation: 'siteIdSiteNum' });
    await createSubject(kit, study.id, site1.id, {});
    const res = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, {
      csv: 'firstName\nAna\nBo',
    });
    expect(res.json().subjects.map((s: { patientId: string }) => s.patientId)).toEqual(['01-002', '01-003']);
  });

  it('needs the import permission at the site, and a study taking subjects', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const doctor = await member(kit, study.id, 'DOCTOR');
    const refused = await call(kit, 'POST', importUrl(study.id, site1.id), doctor, { csv: 'patientId\nA' });
    expect(refused.statusCode).toBe(403);
    const importer = await member(kit, study.id, 'DOCTOR', { extra: ['PATIENT_IMPORT'] });
    expect(
      (await call(kit, 'POST', importUrl(study.id, site1.id), importer, { csv: 'patientId\nA' })).statusCode,
    ).toBe(201);
    const completed = await studyWithSites(kit, { status: 'COMPLETED' });
    const closed = await call(kit, 'POST', importUrl(completed.study.id, completed.site1.id), kit.admin, {
      csv: 'patientId\nA',
    });
    expect(closed.json().id).toBe('STUDY_STATUS_MISMATCH');
  });

  it('imports a large file in one statement, each row audited, and a bad last row writes nothing', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `L-${from + i},Name${from + i},Last,l${from + i}@example.com,1`);
    const csvOf = (lines: string[]) => ['patientId,firstName,lastName,email,gender', ...lines].join('\n');
    const good = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, {
      csv: csvOf(rows(0, 1500)),
    });
    expect(good.statusCode, good.body.slice(0, 300)).toBe(201);
    expect(good.json().imported).toBe(1500);
    expect(good.json().subjects[1499]).toMatchObject({ patientId: 'L-1499', email: 'l1499@example.com' });
    expect(await subjectCount(study.id)).toBe(1500);
    const list = await call(kit, 'POST', `/api/studies/${study.id}/patient/list`, kit.admin, {
      search: 'l1234@',
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ patientId: 'L-1234', firstName: 'Name1234' }] });
    const events = async () =>
      (await kit.t.app.database.db.select().from(auditEvents).where(eq(auditEvents.studyId, study.id)))
        .length;
    expect(await events()).toBe(1501);

    // 1,500 more, the last one clashing with a subject in the study and one bad in the middle.
    const next = rows(1500, 1500);
    next[700] = 'L-X,Name,Last,not-an-email,1';
    next[1499] = 'L-0,Again,Last,again@example.com,1';
    const bad = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, { csv: csvOf(next) });
    expect(bad.statusCode).toBe(400);
    const issues: { path: [number, string] }[] = bad.json().context.issues;
    expect(issues.map((i) => i.path)).toEqual([[700, 'email']]);
    const clash = await call(kit, 'POST', importUrl(study.id, site1.id), kit.admin, {
      csv: csvOf(next.map((line, i) => (i === 700 ? 'L-X,Name,Last,x@example.com,1' : line))),
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().context.issues).toEqual([
      expect.objectContaining({ path: [1499, 'patientId'], message: 'SUBJECT_ID_DUPLICATE' }),
    ]);
    expect(await subjectCount(study.id)).toBe(1500);
    expect(await events()).toBe(1501);
    const total = await call(kit, 'POST', `/api/studies/${study.id}/patient/list`, kit.admin, {});
    expect(total.json().total).toBe(1500);
  });
});
