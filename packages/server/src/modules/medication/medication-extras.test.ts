/**
 * Issue 21 additions over HTTP on the engine of the run: the dose schedule stored with an IMP record
 * (compliance without a query schedule; the query still overrides), accounting corrections (signed,
 * the original kept and marked, audited before and after), and the study-wide listing with its
 * filters, site scope and CSV export (formula guard).
 */
import type {
  AccountingEntryView,
  MedicationAuditEntry,
  MedicationStudyList,
  SubjectAccounting,
} from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubject } from '../../../test/factories';
import { createTestApp, engine, type TestApp } from '../../../test/harness';
import { users } from '../users/tables';
import {
  type MedicationCaller as Caller,
  medicationContent as content,
  accountingEntry as entry,
  MedicationTestKit,
} from './medication-test-kit';

let t: TestApp;
let studyId: string;
let siteA: string;
let siteB: string;
let subjectA: string;
let subjectA2: string;
let subjectB: string;
const callers = {} as Record<'doctorA' | 'doctor' | 'monitor' | 'helper' | 'other', Caller>;
const kit = new MedicationTestKit();
const { call, user, createMed, medUrl, accUrl, listUrl } = kit;

/** Posts an accounting entry (201 expected). */
async function post(who: Caller, subjectId: string, body: unknown) {
  const res = await kit.postAccounting(who, subjectId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AccountingEntryView>();
}

beforeAll(async () => {
  t = await createTestApp();
  await kit.setUp(t, ['MEDICATION']);
  ({ studyId, siteA, siteB, subjectA, subjectB } = kit);
  subjectA2 = (await buildSubject(t.app, { studyId, siteId: siteA, patientId: 'A-002' })).id;
  callers.doctorA = await user('DOCTOR', [siteA]);
  callers.doctor = await user('DOCTOR');
  callers.monitor = await user('MONITOR');
  callers.helper = await user('STUDY_HELPER');
  callers.other = await user('OTHER');
}, 120_000);

afterAll(async () => t?.close());

describe(`medication additions over HTTP on ${engine}`, () => {
  it('an IMP dose schedule is stored with the record and gives the compliance without a query', async () => {
    const refused = async (over: Record<string, unknown>, path: string) => {
      const res = await call(callers.doctorA, {
        method: 'POST',
        url: medUrl(subjectA),
        payload: content(over),
      });
      expect(res.statusCode, res.body).toBe(400);
      const issues = res.json<{ context: { issues: { path: string[]; message: string }[] } }>().context
        .issues;
      expect(issues.map((i) => i.path.join('.'))).toContain(path);
    };
    await refused({ schedulePackage: 'PILL', scheduleUnitsPerDay: 2 }, 'schedulePackage');
    await refused({ registrationType: 'IMP', schedulePackage: 'PILL' }, 'scheduleUnitsPerDay');
    await refused(
      { registrationType: 'IMP', schedulePackage: 'PILL', scheduleUnitsPerDay: 2, startDate: null },
      'startDate',
    );

    const imp = await createMed(callers.doctorA, subjectA, {
      registrationType: 'IMP',
      name: 'Study drug',
      startDate: '2024-01-01',
      endDate: '2024-01-10',
      ongoing: false,
      schedulePackage: 'PILL',
      scheduleUnitsPerDay: 2,
    });
    expect(imp).toMatchObject({ schedulePackage: 'PILL', scheduleUnitsPerDay: 2 });
    // Older clients that leave the schedule out store none.
    expect(await createMed(callers.doctorA, subjectA)).toMatchObject({
      schedulePackage: null,
      scheduleUnitsPerDay: null,
    });
    await post(callers.doctorA, subjectA, entry('DELIVERED', 30, '2024-01-01'));
    await post(callers.doctorA, subjectA, entry('RETURNED', 8, '2024-01-11'));

    const acc = (
      await call(callers.monitor, { method: 'GET', url: accUrl(subjectA) })
    ).json<SubjectAccounting>();
    // 2 a day for 10 days (both ends) = 20 expected; 30 − 8 = 22 used: 110 %.
    const expected = { package: 'PILL', days: 10, expected: 20, actual: 22, percent: 110 };
    expect(acc.scheduled).toEqual([expected]);
    expect(acc.compliance).toEqual(expected);
    const override = await call(callers.monitor, {
      method: 'GET',
      url: `${accUrl(subjectA)}?package=PILL&unitsPerDay=1&from=2024-01-01&to=2024-01-22`,
    });
    expect(override.json<SubjectAccounting>().compliance).toEqual({
      package: 'PILL',
      days: 22,
      expected: 22,
      actual: 22,
      percent: 100,
    });

    // A change of the schedule moves the compliance; the record history keeps before and after.
    const put = await call(callers.doctorA, {
      method: 'PUT',
      url: medUrl(subjectA),
      payload: {
        ...content({
          registrationType: 'IMP',
          name: 'Study drug',
          startDate: '2024-01-01',
          endDate: '2024-01-10',
          ongoing: false,
          schedulePackage: 'PILL',
          scheduleUnitsPerDay: 4,
        }),
        id: imp.id,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = (
      await call(callers.monitor, { method: 'GET', url: accUrl(subjectA) })
    ).json<SubjectAccounting>();
    expect(after.scheduled).toEqual([{ package: 'PILL', days: 10, expected: 40, actual: 22, percent: 55 }]);
  });

  it('POST .../medicationAccounting/{entryId}/correction: signed, the original kept and marked, audited', async () => {
    const wrong = await post(callers.doctorA, subjectA2, entry('DELIVERED', 60, '2024-02-01'));
    const url = `${accUrl(subjectA2)}/${wrong.id}/correction`;
    const body = { ...entry('DELIVERED', 50, '2024-02-01'), reason: 'Counted twice' };

    const noPassword = await call(callers.doctorA, { method: 'POST', url, payload: body }, null);
    expect(noPassword.json().type).toBe('EXTENDED_VALIDATION');
    for (const who of [callers.monitor, callers.helper, callers.other]) {
      expect((await call(who, { method: 'POST', url, payload: body })).statusCode).toBe(403);
    }
    const noReason = await call(callers.doctorA, { method: 'POST', url, payload: { ...body, reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const unchanged = await call(callers.doctorA, {
      method: 'POST',
      url,
      payload: { ...entry('DELIVERED', 60, '2024-02-01'), reason: 'Nothing' },
    });
    expect(unchanged.statusCode).toBe(400);
    // An entry of another subject through this subject's address is not found.
    const other = await post(callers.doctor, subjectB, entry('DELIVERED', 5, '2024-02-01'));
    const cross = await call(callers.doctorA, {
      method: 'POST',
      url: `${accUrl(subjectA2)}/${other.id}/correction`,
      payload: body,
    });
    expect(cross.statusCode).toBe(404);

    const res = await call(callers.doctorA, { method: 'POST', url, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const fixed = res.json<AccountingEntryView>();
    expect(fixed).toMatchObject({ quantity: 50, correctsId: wrong.id, correctionReason: 'Counted twice' });

    const acc = (
      await call(callers.monitor, { method: 'GET', url: accUrl(subjectA2) })
    ).json<SubjectAccounting>();
    expect(acc.entries).toHaveLength(2);
    expect(acc.entries.find((e) => e.id === wrong.id)).toMatchObject({
      quantity: 60,
      correctedById: fixed.id,
    });
    expect(acc.balance).toEqual([{ package: 'PILL', delivered: 50, returned: 0, lost: 0, balance: 50 }]);

    const again = await call(callers.doctorA, { method: 'POST', url, payload: body });
    expect(again.statusCode).toBe(409);
    expect(again.json().context.reason).toBe('MEDICATION_ACCOUNTING_NOT_CORRECTABLE');

    const audit = await call(callers.monitor, {
      method: 'POST',
      url: `/api/studies/${studyId}/patient/audit/medication/all`,
      payload: { subjectId: subjectA2 },
    });
    const corrected = audit
      .json<MedicationAuditEntry[]>()
      .find((e) => e.action === 'MEDICATION_ACCOUNTING_CORRECTED');
    expect(corrected).toMatchObject({
      entityId: wrong.id,
      before: { quantity: 60, date: '2024-02-01' },
      after: { quantity: 50, correctionId: fixed.id, reason: 'Counted twice' },
    });
  });

  it('GET /studies/{studyId}/medication: filters, pages and the caller sites; CSV export guarded', async () => {
    const onB = await createMed(callers.doctor, subjectB, {
      name: '=HYPERLINK("x")',
      ongoing: false,
      startDate: '2023-05-01',
      endDate: '2023-05-10',
    });
    const list = async (who: Caller, query = '') => {
      const res = await call(who, { method: 'GET', url: listUrl(query) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MedicationStudyList>();
    };
    const all = await list(callers.monitor);
    expect(all.total).toBe(3);
    expect(all.items.map((m) => m.subjectLabel).sort()).toEqual(['A-001', 'A-001', 'B-001']);
    expect(all.items.find((m) => m.id === onB.id)).toMatchObject({
      siteName: 'Bergen',
      subjectLabel: 'B-001',
    });
    // The doctor of site A sees site A only.
    expect((await list(callers.doctorA)).items.every((m) => m.siteId === siteA)).toBe(true);
    expect((await list(callers.monitor, '?registrationType=IMP')).items.map((m) => m.name)).toEqual([
      'Study drug',
    ]);
    expect((await list(callers.monitor, '?q=para')).total).toBe(1);
    expect((await list(callers.monitor, '?q=b-001')).total).toBe(1);
    expect((await list(callers.monitor, '?ongoing=false')).total).toBe(2);
    expect((await list(callers.monitor, `?siteId=${siteB}`)).items.map((m) => m.id)).toEqual([onB.id]);
    // Taken at some time in May 2023: only the record of site B.
    expect((await list(callers.monitor, '?from=2023-05-05&to=2023-06-01')).items.map((m) => m.id)).toEqual([
      onB.id,
    ]);
    const verify = await call(callers.monitor, {
      method: 'PUT',
      url: `/api/studies/${studyId}/subjects/${subjectB}/medications/${onB.id}/verification/primary`,
      payload: { verified: true },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await list(callers.monitor, '?verification=PRIMARY')).items.map((m) => m.id)).toEqual([onB.id]);
    expect((await list(callers.monitor, '?verification=NONE')).total).toBe(2);
    const page2 = await list(callers.monitor, '?pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);
    for (const who of [callers.helper, callers.other]) {
      expect((await call(who, { method: 'GET', url: listUrl() })).statusCode).toBe(403);
    }

    const csvLines = async (who: Caller) => {
      const csv = await call(who, { method: 'GET', url: listUrl(`/export?siteId=${siteB}`) });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      return csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    // Headed and worded in the requester's language as the queries CSV is; the record id first.
    const lines = await csvLines(callers.monitor);
    expect(
      lines[0]?.startsWith('Record id,Site,Subject,Type,Medication name,Indication,Dose,Dose unit,'),
    ).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${onB.id},Bergen,B-001,Concomitant,`)).toBe(true);
    expect(lines[1]).toContain(',Milligram (mg),Oral,As needed,2023-05-01,2023-05-10,No,');
    // The name is read as text by a spreadsheet, not run as a formula.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const arabic = await user('MONITOR');
    await t.app.database.db.update(users).set({ language: 'ar' }).where(eq(users.id, arabic.id));
    const [head, row] = await csvLines(arabic);
    expect(head?.split(',').slice(0, 4)).toEqual(['معرّف السجل', 'الموقع', 'المشارك', 'النوع']);
    expect(row).toContain(`${onB.id},Bergen,B-001,دواء مصاحب,`);
    expect(row).toContain(',لا,');
    expect((await call(callers.helper, { method: 'GET', url: listUrl('/export') })).statusCode).toBe(403);
  });
});
