/**
 * Issue 21 items 1, 2 and 5 over HTTP on the engine of the run: every medication call of spec 001 §7,
 * permission and password refusals, site scope, date rules, verification cleared by a change, the
 * audit with before and after, drug accounting balance and compliance on a known example, per-site
 * totals, soft delete of both types, and the study-status write lock.
 */
import type {
  AccountingEntryView,
  MedicationAuditEntry,
  MedicationView,
  SiteAccounting,
  SubjectAccounting,
} from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildStudy, buildSubject } from '../../../test/factories';
import { createTestApp, engine, type TestApp } from '../../../test/harness';
import {
  accountingEntry,
  type MedicationCaller as Caller,
  medicationContent as content,
  MedicationTestKit,
  type Who,
} from './medication-test-kit';

let t: TestApp;
let studyId: string;
let siteA: string;
let siteB: string;
let subjectA: string;
let subjectB: string;
let aeA: string;
let aeB: string;
const callers = {} as Record<'doctorA' | 'doctor' | 'monitor' | 'helper' | 'investigator' | 'other', Caller>;
const kit = new MedicationTestKit();
const { call, user, createMed, medUrl, oneUrl, accUrl } = kit;

async function reportAe(subjectId: string): Promise<string> {
  const res = await call('admin', {
    method: 'POST',
    url: `/api/studies/${studyId}/ae`,
    payload: {
      subjectId,
      eventDescription: 'Headache',
      sae: false,
      sarForm: null,
      seForm: null,
      investigator: null,
      details: {
        startDate: '2024-01-01',
        endDate: null,
        awarenessDate: '2024-01-02',
        ongoing: true,
        severity: 'MILD',
        outcome: 'RECOVERING',
        productAction: 'NONE',
        productRelation: 'POSSIBLE',
        brochureRelation: 'YES',
        seriousType: null,
        comment: null,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  t = await createTestApp();
  await kit.setUp(t, ['ADVERSE_EVENTS', 'MEDICATION']);
  ({ studyId, siteA, siteB, subjectA, subjectB } = kit);
  callers.doctorA = await user('DOCTOR', [siteA]);
  callers.doctor = await user('DOCTOR');
  callers.monitor = await user('MONITOR');
  callers.helper = await user('STUDY_HELPER');
  callers.investigator = await user('INVESTIGATOR');
  callers.other = await user('OTHER');
  aeA = await reportAe(subjectA);
  aeB = await reportAe(subjectB);
}, 120_000);

afterAll(async () => t?.close());

describe(`medication over HTTP on ${engine}`, () => {
  it('POST asks for the password: missing and wrong are refused and nothing is stored', async () => {
    const missing = await call(
      callers.doctorA,
      { method: 'POST', url: medUrl(subjectA), payload: content() },
      null,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().type).toBe('EXTENDED_VALIDATION');
    const wrong = await call(
      callers.doctorA,
      { method: 'POST', url: medUrl(subjectA), payload: content() },
      'nope',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
    const list = await call(callers.doctorA, { method: 'GET', url: medUrl(subjectA) });
    expect(list.statusCode).toBe(200);
    expect(list.json<MedicationView[]>()).toEqual([]);
  });

  it('POST, GET list and GET one: who may, at which site', async () => {
    for (const who of [callers.monitor, callers.helper, callers.investigator, callers.other]) {
      const res = await call(who, { method: 'POST', url: medUrl(subjectA), payload: content() });
      expect(res.statusCode, res.body).toBe(403);
    }
    // The doctor of site A acts at site A only.
    const atB = await call(callers.doctorA, { method: 'POST', url: medUrl(subjectB), payload: content() });
    expect(atB.statusCode).toBe(403);
    expect((await call(callers.doctorA, { method: 'GET', url: medUrl(subjectB) })).statusCode).toBe(403);

    const med = await createMed(callers.doctorA, subjectA, { aeId: aeA });
    expect(med).toMatchObject({
      subjectId: subjectA,
      siteId: siteA,
      name: 'Paracetamol',
      dose: 500,
      doseUnit: 'MILLIGRAM',
      route: 'ORAL',
      frequency: 'AS_NEEDED',
      aeId: aeA,
      ongoing: true,
      createdBy: callers.doctorA.id,
      verification: null,
      secondaryVerification: null,
      isRemoved: false,
      audit: null,
    });
    // Readers: monitor and investigator list; helper and OTHER do not.
    for (const who of [callers.monitor, callers.investigator, callers.doctor]) {
      const list = await call(who, { method: 'GET', url: medUrl(subjectA) });
      expect(list.statusCode).toBe(200);
      expect(list.json<MedicationView[]>().map((m) => m.id)).toContain(med.id);
      const one = await call(who, { method: 'GET', url: oneUrl(subjectA, med.id) });
      expect(one.statusCode).toBe(200);
      expect(one.json<MedicationView>().name).toBe('Paracetamol');
    }
    for (const who of [callers.helper, callers.other]) {
      expect((await call(who, { method: 'GET', url: medUrl(subjectA) })).statusCode).toBe(403);
      expect((await call(who, { method: 'GET', url: oneUrl(subjectA, med.id) })).statusCode).toBe(403);
    }
    // The record under another subject of the study is not found.
    expect((await call('admin', { method: 'GET', url: oneUrl(subjectB, med.id) })).statusCode).toBe(404);
  });

  it('POST refuses the date rules, OTHER without its name and an AE of another subject', async () => {
    const bad = await call(callers.doctorA, {
      method: 'POST',
      url: medUrl(subjectA),
      payload: content({
        startDate: '1900-12-31',
        endDate: '2024-01-01',
        ongoing: true,
        route: 'OTHER',
        aeId: aeB,
      }),
    });
    expect(bad.statusCode).toBe(400);
    const issues = bad.json<{ context: { issues: { path: string[]; message: string }[] } }>().context.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['startDate'], message: 'SERVER_ERRORS.REASON.MEDICATION_DATE_TOO_EARLY' },
        { path: ['endDate'], message: 'SERVER_ERRORS.REASON.MEDICATION_ONGOING_WITH_END' },
        { path: ['routeOther'], message: 'SERVER_ERRORS.REASON.MEDICATION_OTHER_REQUIRED' },
        { path: ['aeId'], message: 'SERVER_ERRORS.REASON.MEDICATION_AE_NOT_OF_SUBJECT' },
      ]),
    );
    const future = await call(callers.doctorA, {
      method: 'POST',
      url: medUrl(subjectA),
      payload: content({ startDate: '2999-01-01' }),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().context.issues[0]).toEqual({
      path: ['startDate'],
      message: 'SERVER_ERRORS.REASON.MEDICATION_DATE_IN_FUTURE',
    });
    const badUnit = await call(callers.doctorA, {
      method: 'POST',
      url: medUrl(subjectA),
      payload: content({ doseUnit: 'BUCKET' }),
    });
    expect(badUnit.statusCode).toBe(400);
  });

  it('PUT asks for the password; verification is cleared by a change and kept without one; audit before/after', async () => {
    const med = await createMed(callers.doctorA, subjectA, { name: 'Ibuprofen', dose: 200 });
    const put = (who: Who, body: unknown, pw: string | null | 'default' = 'default') =>
      call(who, { method: 'PUT', url: medUrl(subjectA), payload: body }, pw);
    const changed = { id: med.id, ...content({ name: 'Ibuprofen', dose: 400 }) };
    expect((await put(callers.doctorA, changed, null)).json().type).toBe('EXTENDED_VALIDATION');
    expect((await put(callers.doctorA, changed, 'nope')).json().type).toBe('EXTENDED_VALIDATION');
    expect((await put(callers.monitor, changed)).statusCode).toBe(403);
    expect((await put(callers.investigator, changed)).statusCode).toBe(403);

    // Verification: the monitor verifies both rounds; the doctor may not verify.
    const verify = (who: Who, round: string, verified = true) =>
      call(who, {
        method: 'PUT',
        url: `${oneUrl(subjectA, med.id)}/verification/${round}`,
        payload: { verified },
      });
    expect((await verify(callers.doctorA, 'primary')).statusCode).toBe(403);
    const primary = await verify(callers.monitor, 'primary');
    expect(primary.statusCode, primary.body).toBe(200);
    expect(primary.json<MedicationView>().verification?.verifiedBy).toBe(callers.monitor.id);
    const secondary = await verify(callers.monitor, 'secondary');
    expect(secondary.json<MedicationView>().secondaryVerification?.verifiedBy).toBe(callers.monitor.id);

    // The same content again keeps both marks.
    const same = await put(callers.doctorA, { id: med.id, ...content({ name: 'Ibuprofen', dose: 200 }) });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<MedicationView>().verification).not.toBeNull();
    expect(same.json<MedicationView>().secondaryVerification).not.toBeNull();

    // A change clears both.
    const res = await put(callers.doctorA, changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MedicationView>()).toMatchObject({
      dose: 400,
      verification: null,
      secondaryVerification: null,
    });

    const view = await call(callers.monitor, {
      method: 'GET',
      url: `${oneUrl(subjectA, med.id)}?isAudit=true`,
    });
    const audit = view.json<MedicationView>().audit ?? [];
    expect(audit.map((e) => e.action)).toEqual([
      'MEDICATION_CREATED',
      'MEDICATION_VERIFIED',
      'MEDICATION_VERIFIED',
      'MEDICATION_UPDATED',
      'MEDICATION_UPDATED',
    ]);
    const last = audit[4] as MedicationAuditEntry;
    expect(last.before).toEqual({ dose: 200 });
    expect(last.after).toMatchObject({
      dose: 400,
      verificationCleared: true,
      signature: { signerId: callers.doctorA.id, meaning: 'Medication changed' },
    });
    expect(last.actorId).toBe(callers.doctorA.id);

    // A record of another subject is not changed through this subject's URL.
    const other = await call('admin', { method: 'PUT', url: medUrl(subjectB), payload: changed });
    expect(other.statusCode).toBe(404);
  });

  it('POST /patient/audit/medication/all lists the changes at the caller sites', async () => {
    const medB = await createMed('admin', subjectB, { name: 'Amoxicillin' });
    const audit = (who: Who, body: unknown = {}) =>
      call(who, {
        method: 'POST',
        url: `/api/studies/${studyId}/patient/audit/medication/all`,
        payload: body,
      });
    const all = await audit(callers.monitor);
    expect(all.statusCode).toBe(200);
    const entries = all.json<MedicationAuditEntry[]>();
    expect(entries.some((e) => e.entityId === medB.id && e.action === 'MEDICATION_CREATED')).toBe(true);
    expect(
      entries.every((e) => e.entityType === 'MEDICATION' || e.entityType === 'MEDICATION_ACCOUNTING'),
    ).toBe(true);
    const created = entries.find((e) => e.entityId === medB.id);
    expect(created?.after).toMatchObject({ name: 'Amoxicillin', subjectId: subjectB });
    // The doctor of site A sees site A only.
    const mine = (await audit(callers.doctorA)).json<MedicationAuditEntry[]>();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((e) => e.entityId === medB.id)).toBe(false);
    // Filtered by subject.
    const ofB = (await audit(callers.monitor, { subjectId: subjectB })).json<MedicationAuditEntry[]>();
    expect(ofB.map((e) => e.entityId)).toEqual([medB.id]);
    expect((await audit(callers.helper)).statusCode).toBe(403);
  });

  it('drug accounting: balance and compliance exact on a known example, per-site totals', async () => {
    const entry = accountingEntry;
    const post = kit.postAccounting;
    expect(
      (await post(callers.doctorA, subjectA, entry('DELIVERED', 60, '2024-01-01'), null)).json().type,
    ).toBe('EXTENDED_VALIDATION');
    // docs/ROLES.md: the monitor and the investigator only list; the helper and OTHER see nothing;
    // the doctor of site A acts at site A only.
    for (const who of [callers.monitor, callers.investigator, callers.helper, callers.other]) {
      expect((await post(who, subjectA, entry('DELIVERED', 60, '2024-01-01'))).statusCode).toBe(403);
    }
    expect((await post(callers.doctorA, subjectB, entry('DELIVERED', 60, '2024-01-01'))).statusCode).toBe(
      403,
    );
    expect((await call(callers.doctorA, { method: 'GET', url: accUrl(subjectB) })).statusCode).toBe(403);
    for (const who of [callers.helper, callers.other]) {
      expect((await call(who, { method: 'GET', url: accUrl(subjectA) })).statusCode).toBe(403);
    }
    expect((await call(callers.investigator, { method: 'GET', url: accUrl(subjectA) })).statusCode).toBe(200);
    expect((await post(callers.doctorA, subjectA, entry('DELIVERED', 60, '2999-01-01'))).statusCode).toBe(
      400,
    );

    const first = await post(callers.doctorA, subjectA, entry('DELIVERED', 60, '2024-01-01'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<AccountingEntryView>()).toMatchObject({
      accountingType: 'DELIVERED',
      package: 'PILL',
      quantity: 60,
      batchNumber: 'KIT-0042',
      siteId: siteA,
    });
    for (const body of [
      entry('DELIVERED', 30, '2024-01-15'),
      entry('RETURNED', 12, '2024-01-30'),
      entry('LOST', 2, '2024-01-20'),
      entry('DELIVERED', 2, '2024-01-01', 'BOX'),
    ]) {
      expect((await post(callers.doctorA, subjectA, body)).statusCode).toBe(201);
    }
    expect((await post('admin', subjectB, entry('DELIVERED', 10, '2024-01-01'))).statusCode).toBe(201);
    expect((await post('admin', subjectB, entry('RETURNED', 4, '2024-01-10'))).statusCode).toBe(201);

    const read = await call(callers.monitor, {
      method: 'GET',
      url: `${accUrl(subjectA)}?package=PILL&unitsPerDay=2&from=2024-01-01&to=2024-01-30`,
    });
    expect(read.statusCode, read.body).toBe(200);
    const acc = read.json<SubjectAccounting>();
    expect(acc.entries).toHaveLength(5);
    expect(acc.balance).toEqual(
      expect.arrayContaining([
        { package: 'PILL', delivered: 90, returned: 12, lost: 2, balance: 76 },
        { package: 'BOX', delivered: 2, returned: 0, lost: 0, balance: 2 },
      ]),
    );
    // 2 a day for 30 days = 60 expected; 76 used: 126.7 %.
    expect(acc.compliance).toEqual({ package: 'PILL', days: 30, expected: 60, actual: 76, percent: 126.7 });
    const noSchedule = await call(callers.monitor, { method: 'GET', url: accUrl(subjectA) });
    expect(noSchedule.json<SubjectAccounting>().compliance).toBeNull();
    const halfSchedule = await call(callers.monitor, {
      method: 'GET',
      url: `${accUrl(subjectA)}?unitsPerDay=2`,
    });
    expect(halfSchedule.statusCode).toBe(400);

    const sites = await call(callers.monitor, {
      method: 'GET',
      url: `/api/studies/${studyId}/medicationAccounting/sites`,
    });
    expect(sites.statusCode).toBe(200);
    const totals = sites.json<SiteAccounting>();
    expect(totals.find((s) => s.siteId === siteA)).toEqual({
      siteId: siteA,
      siteName: 'Aarhus',
      totals: expect.arrayContaining([
        { package: 'PILL', delivered: 90, returned: 12, lost: 2, balance: 76 },
        { package: 'BOX', delivered: 2, returned: 0, lost: 0, balance: 2 },
      ]),
    });
    expect(totals.find((s) => s.siteId === siteB)).toEqual({
      siteId: siteB,
      siteName: 'Bergen',
      totals: [{ package: 'PILL', delivered: 10, returned: 4, lost: 0, balance: 6 }],
    });
    expect(
      (
        await call(callers.helper, {
          method: 'GET',
          url: `/api/studies/${studyId}/medicationAccounting/sites`,
        })
      ).statusCode,
    ).toBe(403);
    // The doctor of site A sees site A's totals only.
    const mine = await call(callers.doctorA, {
      method: 'GET',
      url: `/api/studies/${studyId}/medicationAccounting/sites`,
    });
    expect(mine.json<SiteAccounting>().map((s) => s.siteId)).toEqual([siteA]);

    // Soft delete type medicationAccounting: the removed entry leaves the balance, restored it returns.
    const lost = acc.entries.find((e) => e.accountingType === 'LOST') as AccountingEntryView;
    const del = await call('admin', {
      method: 'DELETE',
      url: `/api/study/${studyId}/medicationAccounting/${lost.id}?reason=Entered%20twice`,
    });
    expect(del.statusCode, del.body).toBe(200);
    const after = (
      await call(callers.monitor, { method: 'GET', url: accUrl(subjectA) })
    ).json<SubjectAccounting>();
    expect(after.balance.find((b) => b.package === 'PILL')).toEqual({
      package: 'PILL',
      delivered: 90,
      returned: 12,
      lost: 0,
      balance: 78,
    });
    expect(after.entries.find((e) => e.id === lost.id)?.isRemoved).toBe(true);
    const restore = await call('admin', {
      method: 'PUT',
      url: `/api/study/${studyId}/medicationAccounting/${lost.id}/isRemoved`,
      payload: { reason: 'Not a duplicate' },
    });
    expect(restore.statusCode, restore.body).toBe(204);
    const back = (
      await call(callers.monitor, { method: 'GET', url: accUrl(subjectA) })
    ).json<SubjectAccounting>();
    expect(back.balance.find((b) => b.package === 'PILL')?.balance).toBe(76);
  });

  it('soft delete type medication: removed records leave the list and refuse changes', async () => {
    const med = await createMed(callers.doctorA, subjectA, { name: 'Cetirizine' });
    const del = await call('admin', {
      method: 'DELETE',
      url: `/api/study/${studyId}/medication/${med.id}?reason=Wrong%20subject`,
    });
    expect(del.statusCode, del.body).toBe(200);
    const list = (await call(callers.doctorA, { method: 'GET', url: medUrl(subjectA) })).json<
      MedicationView[]
    >();
    expect(list.some((m) => m.id === med.id)).toBe(false);
    const withRemoved = (
      await call(callers.doctorA, { method: 'GET', url: `${medUrl(subjectA)}?includeRemoved=true` })
    ).json<MedicationView[]>();
    expect(withRemoved.find((m) => m.id === med.id)?.isRemoved).toBe(true);
    const put = await call(callers.doctorA, {
      method: 'PUT',
      url: medUrl(subjectA),
      payload: { id: med.id, ...content({ name: 'Loratadine' }) },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().context.reason).toBe('MEDICATION_REMOVED');
    const view = await call('admin', { method: 'GET', url: `${oneUrl(subjectA, med.id)}?isAudit=true` });
    expect(view.json<MedicationView>().audit?.map((e) => e.action)).toContain('MEDICATION_REMOVED');
  });

  it('writes follow the study status: a locked study refuses with STUDY_STATUS_MISMATCH', async () => {
    const locked = (await buildStudy(t.app, { status: 'LOCKED' })).id;
    const site = (await buildSite(t.app, locked)).id;
    const subject = (await buildSubject(t.app, { studyId: locked, siteId: site, patientId: 'L-001' })).id;
    const res = await call('admin', { method: 'POST', url: medUrl(subject, locked), payload: content() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH', context: { status: 'LOCKED' } });
    const acc = await call('admin', {
      method: 'POST',
      url: `/api/studies/${locked}/patient/${subject}/medicationAccounting`,
      payload: {
        accountingType: 'DELIVERED',
        package: 'PILL',
        quantity: 1,
        batchNumber: null,
        date: '2024-01-01',
        comment: null,
      },
    });
    expect(acc.statusCode).toBe(409);
    // Reading still works.
    expect((await call('admin', { method: 'GET', url: medUrl(subject, locked) })).statusCode).toBe(200);
  });
});
