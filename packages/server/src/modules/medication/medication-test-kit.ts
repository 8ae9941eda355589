/**
 * The shared set-up of the medication API tests (issue 21): a production study with the site Aarhus
 * (subject A-001) and the site Bergen (subject B-001), staff by role, calls with the
 * Extended-Validation password, and a valid medication record and accounting entry to vary.
 * A `MedicationTestKit` is made at the top of a test file; `setUp` fills it in `beforeAll`.
 */
import { EXTENDED_VALIDATION_HEADER, type MedicationView, type StudyRole } from '@trialbase/domain';
import { expect } from 'vitest';
import {
  buildSite,
  buildStudy,
  buildSubject,
  buildUser,
  DEFAULT_PASSWORD,
  grantAccess,
} from '../../../test/factories';
import { ADMIN_PASSWORD, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';

/** A signed-in member of the study with the password their signatures take. */
export type MedicationCaller = { session: LoggedIn; password: string; id: string };
export type MedicationCall = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
/** Who calls: a member, or the system administrator of the harness. */
export type Who = MedicationCaller | 'admin';

/** A valid concomitant medication record; `over` changes fields. */
export function medicationContent(over: Record<string, unknown> = {}) {
  return {
    registrationType: 'CONCOMITANT',
    name: 'Paracetamol',
    indication: 'Headache',
    dose: 500,
    doseUnit: 'MILLIGRAM',
    doseUnitOther: null,
    route: 'ORAL',
    routeOther: null,
    frequency: 'AS_NEEDED',
    frequencyOther: null,
    startDate: '2024-01-02',
    endDate: null,
    ongoing: true,
    aeId: null,
    comment: null,
    ...over,
  };
}

/** A valid drug accounting entry (issue 21 item 2). */
export function accountingEntry(accountingType: string, quantity: number, date: string, pkg = 'PILL') {
  return { accountingType, package: pkg, quantity, batchNumber: 'KIT-0042', date, comment: null };
}

/**
 * The study, its sites and subjects, and calls against it. Its methods are bound (arrow
 * properties), so a test file may take them apart: `const { call, user } = kit`.
 */
export class MedicationTestKit {
  t!: TestApp;
  admin!: LoggedIn;
  studyId = '';
  siteA = '';
  siteB = '';
  subjectA = '';
  subjectB = '';

  /** The study with `modules`, its two sites and a subject at each, on the harness app `t`. */
  setUp = async (t: TestApp, modules: string[]): Promise<void> => {
    this.t = t;
    this.admin = await loginAs(t.app);
    this.studyId = (await buildStudy(t.app, { modules, status: 'PRODUCTION' })).id;
    this.siteA = (await buildSite(t.app, this.studyId, { name: 'Aarhus' })).id;
    this.siteB = (await buildSite(t.app, this.studyId, { name: 'Bergen' })).id;
    const subject = async (siteId: string, patientId: string) =>
      (await buildSubject(t.app, { studyId: this.studyId, siteId, patientId })).id;
    this.subjectA = await subject(this.siteA, 'A-001');
    this.subjectB = await subject(this.siteB, 'B-001');
  };

  /** A new user with `role` at the sites (all by default), signed in. */
  user = async (
    role: StudyRole,
    siteIds: 'ALL' | string[] = 'ALL',
    extraPermissions: Parameters<typeof grantAccess>[1]['extraPermissions'] = [],
  ): Promise<MedicationCaller> => {
    const u = await buildUser(this.t.app);
    await grantAccess(this.t.app, { studyId: this.studyId, user: u, role, siteIds, extraPermissions });
    const session = await loginAs(this.t.app, u.email, DEFAULT_PASSWORD);
    return { session, password: DEFAULT_PASSWORD, id: u.id };
  };

  /** A call as `who`, signed with their password ('default'), another one, or none (null). */
  call = (who: Who, req: MedicationCall, password: string | null | 'default' = 'default') => {
    const caller = who === 'admin' ? { session: this.admin, password: ADMIN_PASSWORD } : who;
    const headers: Record<string, string> = { ...caller.session.headers };
    const pw = password === 'default' ? caller.password : password;
    if (pw !== null) headers[EXTENDED_VALIDATION_HEADER] = encodeURIComponent(pw);
    return this.t.app.inject({
      method: req.method,
      url: req.url,
      headers,
      payload: req.payload as object | undefined,
    });
  };

  medUrl = (subjectId: string, study = this.studyId) =>
    `/api/studies/${study}/patient/${subjectId}/medication`;
  oneUrl = (subjectId: string, id: string) =>
    `/api/studies/${this.studyId}/subjects/${subjectId}/medications/${id}`;
  accUrl = (subjectId: string) => `/api/studies/${this.studyId}/patient/${subjectId}/medicationAccounting`;
  listUrl = (query = '') => `/api/studies/${this.studyId}/medication${query}`;

  /** Records a medication (201 expected) for the subject as `who`. */
  createMed = async (
    who: Who,
    subjectId: string,
    over: Record<string, unknown> = {},
  ): Promise<MedicationView> => {
    const payload = medicationContent(over);
    const res = await this.call(who, { method: 'POST', url: this.medUrl(subjectId), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MedicationView>();
  };

  /** Posts an accounting entry for the subject as `who` (the response, whatever its status). */
  postAccounting = (
    who: Who,
    subjectId: string,
    body: unknown,
    password: string | null | 'default' = 'default',
  ) => this.call(who, { method: 'POST', url: this.accUrl(subjectId), payload: body }, password);
}
