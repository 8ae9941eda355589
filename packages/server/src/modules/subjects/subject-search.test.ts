// @module-tag search
// Issue 16 item 4: the subject list searched through its trigram indexes, paged by cursor, counted
// from the per-site counts or up to a cap; the same answers as a scan would give.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSubject } from '../../../test/factories';
import type { LoggedIn } from '../../../test/harness';
import { SEARCH_COUNT_WINDOW } from './list-repo';
import {
  call,
  createSubject,
  type Kit,
  member,
  SEE_ALL,
  studyWithSites,
  useSubjectsApp,
} from './subjects-test-kit';
import { subjectCounts, subjects } from './tables';

const kit: Kit = useSubjectsApp();

type ListAnswer = {
  items: { id: string; patientId: string; firstName: unknown }[];
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
};

async function listed(studyId: string, who: LoggedIn, body: object): Promise<ListAnswer> {
  const res = await call(kit, 'POST', `/api/studies/${studyId}/patient/list`, who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListAnswer>();
}

const ids = (answer: ListAnswer) => answer.items.map((s) => s.patientId);

const ana = {
  patientId: 'P-100',
  firstName: 'Ana',
  lastName: 'Lindqvist',
  initials: 'AXL',
  email: 'a.l@mail.example',
};
const others = [
  { patientId: 'P-200', firstName: 'Bo', lastName: 'Ek', initials: 'BE', email: 'bo@other.example' },
  { patientId: 'P-300', firstName: 'Cleo', lastName: 'Dahl', initials: 'CD', email: 'cleo@other.example' },
];

async function searchStudy() {
  const { study, site1, site2 } = await studyWithSites(kit);
  await createSubject(kit, study.id, site1.id, ana);
  for (const p of others) await createSubject(kit, study.id, site2.id, p);
  return { study, site1, site2 };
}

/** Every search by an identifiable field that finds Ana for someone who sees everything. */
const byField = {
  firstName: 'ana',
  lastName: 'LINDQ',
  fullName: 'ana lindqvist',
  initials: 'axl',
  email: 'a.l@mail',
};

describe('POST /api/studies/:studyId/patient/list: search through the index', () => {
  it('finds a subject by its id, first name, last name, full name, initials and email', async () => {
    const { study } = await searchStudy();
    expect(ids(await listed(study.id, kit.admin, { search: '100' }))).toEqual(['P-100']);
    for (const [field, search] of Object.entries(byField)) {
      const found = await listed(study.id, kit.admin, { search });
      expect(ids(found), field).toEqual(['P-100']);
      expect(found).toMatchObject({ total: 1, totalIsLowerBound: false, nextCursor: null });
    }
    // A search never spans two fields (only first and last name together).
    expect((await listed(study.id, kit.admin, { search: 'lindqvist axl' })).total).toBe(0);
    expect((await listed(study.id, kit.admin, { search: '100 ana' })).total).toBe(0);
    expect((await listed(study.id, kit.admin, { search: 'other.example' })).total).toBe(2);
    // Like-pattern characters are taken literally.
    expect((await listed(study.id, kit.admin, { search: 'a_l' })).total).toBe(0);
    expect((await listed(study.id, kit.admin, { search: '%' })).total).toBe(0);
  });

  it('MONITOR and STUDY_HELPER find subjects by id only, until a field is granted to them', async () => {
    const { study } = await searchStudy();
    for (const role of ['MONITOR', 'STUDY_HELPER'] as const) {
      const pseudonymised = await member(kit, study.id, role);
      expect(ids(await listed(study.id, pseudonymised, { search: 'p-100' })), role).toEqual(['P-100']);
      for (const [field, search] of Object.entries(byField)) {
        const answer = await listed(study.id, pseudonymised, { search });
        expect(answer, `${role} by ${field}`).toMatchObject({ items: [], total: 0, nextCursor: null });
      }
    }
    const seesEmail = await member(kit, study.id, 'MONITOR', { extra: ['PATIENT_VIEW_EMAIL'] });
    expect(ids(await listed(study.id, seesEmail, { search: byField.email }))).toEqual(['P-100']);
    expect((await listed(study.id, seesEmail, { search: byField.lastName })).total).toBe(0);
    const seesFirst = await member(kit, study.id, 'MONITOR', { extra: ['PATIENT_VIEW_FIRST_NAME'] });
    const first = await listed(study.id, seesFirst, { search: byField.firstName });
    expect(first.items).toEqual([expect.objectContaining({ patientId: 'P-100', firstName: 'Ana' })]);
    // The full name needs both names: with the first name alone it neither matches nor reveals one.
    expect((await listed(study.id, seesFirst, { search: byField.fullName })).total).toBe(0);
    const seesAll = await member(kit, study.id, 'MONITOR', { extra: SEE_ALL });
    for (const [field, search] of Object.entries(byField))
      expect(ids(await listed(study.id, seesAll, { search })), field).toEqual(['P-100']);
  });

  it('a site-limited caller finds nothing at the other sites, whatever it searches', async () => {
    const { study, site1 } = await searchStudy();
    const local = await member(kit, study.id, 'DOCTOR', { siteIds: [site1.id] });
    expect((await listed(study.id, local, { search: 'bo' })).total).toBe(0);
    expect((await listed(study.id, local, { search: 'p-' })).total).toBe(1);
    expect((await listed(study.id, local, { search: byField.email })).total).toBe(1);
  });
});

describe('POST /api/studies/:studyId/patient/list: paging by cursor', () => {
  async function walk(studyId: string, body: object, between?: (page: number) => Promise<void>) {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const answer = await listed(studyId, kit.admin, { ...body, pageSize: 5, ...(after ? { after } : {}) });
      seen.push(...ids(answer));
      after = answer.nextCursor;
      if (!after) return seen;
      await between?.(page);
    }
    throw new Error('the cursor never ended');
  }

  it('returns every subject exactly once across pages while subjects are added', async () => {
    const { study, site1, site2 } = await studyWithSites(kit);
    const first = Array.from({ length: 12 }, (_, i) => `P-${String(i * 10 + 10).padStart(3, '0')}`);
    for (const [i, patientId] of first.entries())
      await buildSubject(kit.t.app, { studyId: study.id, siteId: i % 2 ? site1.id : site2.id, patientId });
    const added: string[] = [];
    const seen = await walk(study.id, {}, async (page) => {
      // One before the cursor (not seen: it sorts before what was read), one after it (seen).
      for (const patientId of [`P-00${page}`, `P-${page}99`]) {
        await buildSubject(kit.t.app, { studyId: study.id, siteId: site1.id, patientId });
        added.push(patientId);
      }
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const patientId of first)
      expect(
        seen.filter((s) => s === patientId),
        patientId,
      ).toHaveLength(1);
    expect(seen).toEqual([...seen].sort((a, b) => a.localeCompare(b)));
    expect(seen).toContain('P-099');
    expect(seen).not.toContain('P-000');
    // Page numbers still work, and agree with the cursor on a list that stands still.
    const total = first.length + added.length;
    const byNumber: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 5); page += 1)
      byNumber.push(...ids(await listed(study.id, kit.admin, { pageSize: 5, page })));
    expect(byNumber).toEqual(await walk(study.id, {}));
    expect(byNumber).toHaveLength(total);
  });

  it('walks every sort, both directions, empty values last, each subject once', async () => {
    const { study, site1, site2 } = await studyWithSites(kit);
    const names = ['Ana', 'bo', 'Ana', null, 'Cleo', null, 'ana', 'Dag'];
    for (const [i, firstName] of names.entries())
      await createSubject(kit, study.id, i % 3 ? site1.id : site2.id, {
        patientId: `S-${i}`,
        ...(firstName ? { firstName } : {}),
        ...(i % 2 ? { birthYear: 1950 + (i % 3) } : {}),
      });
    for (const sortBy of ['firstName', 'birthYear', 'createdTime', 'site', 'archived', 'patientId'])
      for (const sortDirection of ['asc', 'desc']) {
        const byCursor = await walk(study.id, { sortBy, sortDirection });
        const all = await listed(study.id, kit.admin, { sortBy, sortDirection, pageSize: 100 });
        expect(byCursor, `${sortBy} ${sortDirection}`).toEqual(ids(all));
        expect(new Set(byCursor).size).toBe(names.length);
      }
    const monitor = await member(kit, study.id, 'MONITOR');
    const blind = await listed(study.id, monitor, { sortBy: 'firstName', pageSize: 5 });
    const rest = await listed(study.id, monitor, {
      sortBy: 'firstName',
      pageSize: 5,
      after: blind.nextCursor,
    });
    expect([...ids(blind), ...ids(rest)]).toEqual(names.map((_, i) => `S-${i}`));
  });

  it('refuses a cursor of another sort, or none at all', async () => {
    const { study, site1 } = await studyWithSites(kit);
    for (let i = 0; i < 6; i += 1) await buildSubject(kit.t.app, { studyId: study.id, siteId: site1.id });
    const { nextCursor } = await listed(study.id, kit.admin, { pageSize: 5 });
    expect(nextCursor).toEqual(expect.any(String));
    const url = `/api/studies/${study.id}/patient/list`;
    for (const body of [
      { pageSize: 5, sortBy: 'firstName', after: nextCursor },
      { pageSize: 5, sortDirection: 'desc', after: nextCursor },
      { pageSize: 5, after: 'not-a-cursor' },
    ]) {
      const res = await call(kit, 'POST', url, kit.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /api/studies/:studyId/patient/list: counts', () => {
  async function storedCounts(studyId: string) {
    const counted = await kit.t.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subjects)
      .where(eq(subjects.studyId, studyId));
    const kept = await kit.t.app.database.db
      .select({ n: sql<number>`coalesce(sum(${subjectCounts.n}), 0)::int` })
      .from(subjectCounts)
      .where(eq(subjectCounts.studyId, studyId));
    return { counted: counted[0]?.n, kept: kept[0]?.n };
  }

  it('follows create, import, archive, unarchive, delete and the filters without counting rows', async () => {
    const { study, site1, site2 } = await studyWithSites(kit);
    const a = await createSubject(kit, study.id, site1.id, { patientId: 'A' });
    await createSubject(kit, study.id, site1.id, { patientId: 'B' });
    const c = await createSubject(kit, study.id, site2.id, { patientId: 'C' });
    const imported = await call(
      kit,
      'POST',
      `/api/studies/${study.id}/sites/${site2.id}/patients/import`,
      kit.admin,
      {
        csv: 'patientId\nD\nE',
      },
    );
    expect(imported.statusCode).toBe(201);
    const total = async (body: object = {}) => (await listed(study.id, kit.admin, body)).total;
    expect(await total()).toBe(5);
    await call(kit, 'POST', `/api/studies/${study.id}/patient/${a.id}/archive`, kit.admin);
    await call(kit, 'POST', `/api/studies/${study.id}/patient/${c.id}/archive`, kit.admin);
    expect([await total(), await total({ archived: 'ARCHIVED' }), await total({ archived: 'ALL' })]).toEqual([
      3, 2, 5,
    ]);
    expect(await total({ siteIds: [site2.id] })).toBe(2);
    await call(kit, 'POST', `/api/studies/${study.id}/patient/${a.id}/unarchive`, kit.admin);
    const deleted = await call(kit, 'DELETE', `/api/studies/${study.id}/patient/${c.id}`, kit.admin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect([
      await total(),
      await total({ archived: 'ARCHIVED' }),
      await total({ siteIds: [site1.id] }),
    ]).toEqual([4, 0, 2]);
    const local = await member(kit, study.id, 'DOCTOR', { siteIds: [site2.id] });
    expect((await listed(study.id, local, {})).total).toBe(2);
    // An edit that moves nothing leaves the counts alone; they always agree with the rows.
    await call(kit, 'PUT', `/api/studies/${study.id}/patient/${a.id}`, kit.admin, { firstName: 'Ana' });
    const counts = await storedCounts(study.id);
    expect(counts).toEqual({ counted: 4, kept: 4 });
    const [row] = await kit.t.app.database.db
      .select({ n: subjectCounts.n })
      .from(subjectCounts)
      .where(
        and(
          eq(subjectCounts.studyId, study.id),
          eq(subjectCounts.siteId, site1.id),
          eq(subjectCounts.archived, false),
        ),
      );
    expect(row?.n).toBe(2);
  });

  it('counts a search up to a window past the page and says when the total is a lower bound', async () => {
    const { study, site1 } = await studyWithSites(kit);
    const many = SEARCH_COUNT_WINDOW + 30;
    await kit.t.app.database.query(
      `insert into subject (study_id, id, site_id, patient_id, attributes, created_at, updated_at)
       select $1, substr(md5($1 || g::text), 1, 24), $2, 'BULK-' || lpad(g::text, 5, '0'), '{}'::jsonb, now(), now()
         from generate_series(1, $3::int) g`,
      [study.id, site1.id, many],
    );
    await buildSubject(kit.t.app, { studyId: study.id, siteId: site1.id, patientId: 'OTHER' });
    expect(await listed(study.id, kit.admin, {})).toMatchObject({
      total: many + 1,
      totalIsLowerBound: false,
    });
    const first = await listed(study.id, kit.admin, { search: 'bulk' });
    expect(first).toMatchObject({ total: SEARCH_COUNT_WINDOW, totalIsLowerBound: true });
    expect(ids(first)[0]).toBe('BULK-00001');
    const second = await listed(study.id, kit.admin, { search: 'bulk', page: 2 });
    expect(second).toMatchObject({ total: SEARCH_COUNT_WINDOW + 25, totalIsLowerBound: true });
    expect(ids(second)[0]).toBe('BULK-00026');
    const third = await listed(study.id, kit.admin, { search: 'bulk', page: 3 });
    expect(third).toMatchObject({ total: many, totalIsLowerBound: false });
    expect(ids(third)[0]).toBe('BULK-00051');
    expect(await listed(study.id, kit.admin, { search: 'other' })).toMatchObject({
      total: 1,
      totalIsLowerBound: false,
    });
  });
});
