// @module-tag search
import { REDACTED } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
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

const people = [
  { patientId: 'P-03', firstName: 'Cleo', lastName: 'Dahl', email: 'cleo@example.com', birthYear: 1990 },
  { patientId: 'P-01', firstName: 'Ana', lastName: 'Berg', email: 'ana@example.com', birthYear: 1970 },
  { patientId: 'P-02', firstName: 'Bo', lastName: 'Ek', email: 'bo@example.com', birthYear: 1980 },
];

async function listed(studyId: string, who: Parameters<typeof call>[3], body: object) {
  const res = await call(kit, 'POST', `/api/studies/${studyId}/patient/list`, who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Record<string, unknown>[]; total: number; page: number; pageSize: number }>();
}

describe('POST /api/studies/:studyId/patient/list', () => {
  it('sorts by any column both ways and pages with the allowed page sizes', async () => {
    const { study, site1 } = await studyWithSites(kit);
    for (const p of people) await createSubject(kit, study.id, site1.id, p);
    const byId = await listed(study.id, kit.admin, {});
    expect(byId.items.map((s) => s.patientId)).toEqual(['P-01', 'P-02', 'P-03']);
    expect(byId).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    const byName = await listed(study.id, kit.admin, { sortBy: 'firstName', sortDirection: 'desc' });
    expect(byName.items.map((s) => s.firstName)).toEqual(['Cleo', 'Bo', 'Ana']);
    const byYear = await listed(study.id, kit.admin, { sortBy: 'birthYear' });
    expect(byYear.items.map((s) => s.birthYear)).toEqual([1970, 1980, 1990]);
    const page2 = await listed(study.id, kit.admin, { sortBy: 'lastName', pageSize: 5, page: 1 });
    expect(page2.items.map((s) => s.lastName)).toEqual(['Berg', 'Dahl', 'Ek']);
    for (let i = 0; i < 4; i += 1) await createSubject(kit, study.id, site1.id, { patientId: `Q-${i}` });
    const second = await listed(study.id, kit.admin, { pageSize: 5, page: 2 });
    expect(second.items.map((s) => s.patientId)).toEqual(['Q-2', 'Q-3']);
    expect(second.total).toBe(7);
    const bad = await call(kit, 'POST', `/api/studies/${study.id}/patient/list`, kit.admin, { pageSize: 20 });
    expect(bad.statusCode).toBe(400);
  });

  it('searches the subject id, names and email, at most 128 characters', async () => {
    const { study, site1 } = await studyWithSites(kit);
    for (const p of people) await createSubject(kit, study.id, site1.id, p);
    expect((await listed(study.id, kit.admin, { search: 'bo@' })).items.map((s) => s.patientId)).toEqual([
      'P-02',
    ]);
    expect((await listed(study.id, kit.admin, { search: 'ana berg' })).items).toHaveLength(1);
    expect((await listed(study.id, kit.admin, { search: 'p-0' })).total).toBe(3);
    expect((await listed(study.id, kit.admin, { search: '100%' })).total).toBe(0);
    const long = await call(kit, 'POST', `/api/studies/${study.id}/patient/list`, kit.admin, {
      search: 'x'.repeat(129),
    });
    expect(long.statusCode).toBe(400);
  });

  it('redacts in lists too, and never searches nor orders by fields the caller may not see', async () => {
    const { study, site1 } = await studyWithSites(kit);
    for (const p of people) await createSubject(kit, study.id, site1.id, p);
    // docs/ROLES.md: a MONITOR sees subjects pseudonymised; per-field extras show the fields.
    const monitor = await member(kit, study.id, 'MONITOR');
    const seeing = await member(kit, study.id, 'MONITOR', { extra: SEE_ALL });
    const hidden = await listed(study.id, monitor, {});
    expect(hidden.items.every((s) => s.firstName === REDACTED && s.email === REDACTED)).toBe(true);
    expect((await listed(study.id, monitor, { search: 'ana' })).total).toBe(0);
    expect((await listed(study.id, seeing, { search: 'ana' })).total).toBe(1);
    const blindOrder = await listed(study.id, monitor, { sortBy: 'firstName', sortDirection: 'desc' });
    expect(blindOrder.items.map((s) => s.patientId)).toEqual(['P-03', 'P-02', 'P-01']);
    const light = await call(kit, 'GET', `/api/studies/${study.id}/patient/lightList/${site1.id}`, monitor);
    expect(light.json()[0]).toMatchObject({ patientId: 'P-01', name: REDACTED });
    const lightSeen = await call(
      kit,
      'GET',
      `/api/studies/${study.id}/patient/lightList/${site1.id}`,
      seeing,
    );
    expect(lightSeen.json()[0]).toEqual({
      id: expect.any(String),
      patientId: 'P-01',
      siteId: site1.id,
      name: 'Ana Berg',
      archived: false,
    });
  });

  it('shows a site-limited caller only its sites, filters by site and by archived state', async () => {
    const { study, site1, site2 } = await studyWithSites(kit);
    await createSubject(kit, study.id, site1.id, { patientId: 'S1-A' });
    const archived = await createSubject(kit, study.id, site1.id, { patientId: 'S1-B' });
    await createSubject(kit, study.id, site2.id, { patientId: 'S2-A' });
    await call(kit, 'POST', `/api/studies/${study.id}/patient/${archived.id}/archive`, kit.admin);
    const local = await member(kit, study.id, 'DOCTOR', { siteIds: [site1.id] });
    expect((await listed(study.id, local, { archived: 'ALL' })).items.map((s) => s.patientId)).toEqual([
      'S1-A',
      'S1-B',
    ]);
    expect((await listed(study.id, local, { siteIds: [site2.id] })).total).toBe(0);
    expect((await listed(study.id, kit.admin, {})).total).toBe(2);
    expect(
      (await listed(study.id, kit.admin, { archived: 'ARCHIVED' })).items.map((s) => s.patientId),
    ).toEqual(['S1-B']);
    expect((await listed(study.id, kit.admin, { siteIds: [site2.id] })).items[0]).toMatchObject({
      patientId: 'S2-A',
      siteName: site2.name,
    });
    const lightOther = await call(
      kit,
      'GET',
      `/api/studies/${study.id}/patient/lightList/${site2.id}`,
      local,
    );
    expect(lightOther.statusCode).toBe(403);
  });

  it('lists the missing required fields the caller may see (the warning icon)', async () => {
    const { study, site1 } = await studyWithSites(kit, {
      settings: { subjectRequiredFields: ['email', 'birthYear'] },
    });
    await createSubject(kit, study.id, site1.id, { patientId: 'M' });
    const doctor = await member(kit, study.id, 'DOCTOR');
    const monitor = await member(kit, study.id, 'MONITOR');
    expect((await listed(study.id, kit.admin, {})).items[0]?.missingAttributes).toEqual([
      'email',
      'birthYear',
    ]);
    expect((await listed(study.id, doctor, {})).items[0]?.missingAttributes).toEqual(['email', 'birthYear']);
    expect((await listed(study.id, monitor, {})).items[0]?.missingAttributes).toEqual(['birthYear']);
  });
});
