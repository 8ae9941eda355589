import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildSubject } from '../../../test/factories';
import { createTestApp, loginAs } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { outboxMessages } from '../../platform/outbox/tables';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates } from '../forms/tables';
import { WEIGHT_FORM } from '../questionnaires/questionnaires-test-kit';
import { answers, questionnaires } from '../questionnaires/tables';
import { subjects } from '../subjects/tables';
import { notifications } from '../users/tables';
import {
  buildRandomizedStudy,
  call,
  enrolSubject,
  type Kit,
  type RandomizedStudy,
  randomizeUrl,
  sessionWithRole,
  signed,
} from './randomization-test-kit';
import { randomizationAllocations, randomizationListEntries } from './tables';

const kit = {} as Kit;

beforeAll(async () => {
  kit.t = await createTestApp();
  kit.admin = await loginAs(kit.t.app);
});
afterAll(async () => kit.t?.close());

const configUrl = (s: RandomizedStudy) => `/studies/${s.studyId}/pathway/${s.processId}/randomization`;

async function auditOf(studyId: string, action: string) {
  return kit.t.app.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.studyId, studyId), eq(auditEvents.action, action)));
}

describe('GET/PUT /api/studies/:studyId/pathway/:processId/randomization', () => {
  it('stores the configuration on the process and seals a list from a fresh seed', async () => {
    const s = await buildRandomizedStudy(kit, { status: 'STUDY_STATUS_BUILD' });
    const res = await call(kit, 'GET', configUrl(s), kit.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.config.trialGroups.map((g: { id: string }) => g.id)).toEqual(s.groups.map((g) => g.id));
    expect(view.config.method).toBe('PERMUTED_BLOCKS');
    expect(view.randomizationEventId).toBe(s.randomizationEventId);
    expect(view.status.isSealed).toBe(true);
    // target 60 unstratified, blocks of 2 or 4: at least 60 records, whole blocks, all free
    expect(view.status.listEntries).toBeGreaterThanOrEqual(60);
    expect(view.status.freeEntries).toBe(view.status.listEntries);
    expect(JSON.stringify(view)).not.toMatch(/seed/i);
    const sealed = await auditOf(s.studyId, 'RANDOMIZATION_SEALED');
    expect(sealed).toHaveLength(1);
    expect(sealed[0]?.after).toMatchObject({ seedSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // the process GET shows the same spec fields; the editor's save keeps the settings
    const processRes = await call(
      kit,
      'GET',
      `/studies/${s.studyId}/pathway/${s.processId}`,
      kit.admin.headers,
    );
    expect(processRes.json().hasRandomizationOnProcess).toBe(false);
    expect(processRes.json().trialGroups[0].ratio).toBe(1);
  });

  it('refuses an invalid configuration with the field issues (spec 001 §5)', async () => {
    const s = await buildRandomizedStudy(kit, { status: 'STUDY_STATUS_BUILD' });
    const res = await call(kit, 'PUT', configUrl(s), kit.admin.headers, {
      config: {
        randomization: true,
        targetInclusion: '1x',
        trialGroups: [s.groups[0]],
        stratifyBySite: null,
      },
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json().context.issues as { path: (string | number)[]; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['config', 'targetInclusion'], message: 'PATTERN' }),
        expect.objectContaining({ path: ['config', 'trialGroups'], message: 'TOO_FEW' }),
        expect.objectContaining({ path: ['config', 'stratifyBySite'], message: 'REQUIRED' }),
      ]),
    );
  });

  it('needs the randomization module (spec 001 §6)', async () => {
    const s = await buildRandomizedStudy(kit, { status: 'STUDY_STATUS_BUILD' });
    const { studies } = await import('../studies/tables');
    await kit.t.app.database.db.update(studies).set({ modules: [] }).where(eq(studies.id, s.studyId));
    const res = await call(kit, 'PUT', configUrl(s), kit.admin.headers, {
      config: { randomization: true, targetInclusion: '10', trialGroups: s.groups, stratifyBySite: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().context.module).toBe('RANDOMIZATION');
  });

  it('fixes the groups in production and the method once someone is allocated (spec 001 §4)', async () => {
    const s = await buildRandomizedStudy(kit);
    const view = (await call(kit, 'GET', configUrl(s), kit.admin.headers)).json();
    expect(view.locks.canAddOrRemoveGroups).toBe(false);
    const third = { id: 'arm-c', title: { en: 'C' }, ratio: 1 };
    const added = await call(kit, 'PUT', configUrl(s), kit.admin.headers, {
      config: { ...view.config, trialGroups: [...view.config.trialGroups, third] },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().context.issues[0]).toMatchObject({
      path: ['config', 'trialGroups'],
      message: 'LOCKED',
    });

    const e = await enrolSubject(kit, s);
    expect((await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers))).statusCode).toBe(200);
    const after = (await call(kit, 'GET', configUrl(s), kit.admin.headers)).json();
    expect(after.config.hasRandomizationOnProcess).toBe(true);
    expect(after.locks.lockedFields).toEqual(expect.arrayContaining(['method', 'trialGroups', 'blocks']));
    const changed = await call(kit, 'PUT', configUrl(s), kit.admin.headers, {
      config: { ...after.config, method: 'MINIMIZATION' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().context.issues).toContainEqual({ path: ['config', 'method'], message: 'LOCKED' });
    // the process editor's PUT cannot change a ratio behind the lock either
    const processRes = await call(
      kit,
      'GET',
      `/studies/${s.studyId}/pathway/${s.processId}`,
      kit.admin.headers,
    );
    const body = processRes.json();
    body.trialGroups[0].ratio = 3;
    const put = await call(
      kit,
      'PUT',
      `/studies/${s.studyId}/pathway/${s.processId}`,
      kit.admin.headers,
      body,
    );
    expect(put.statusCode).toBe(400);
    expect(put.json().context.issues).toContainEqual(
      expect.objectContaining({ path: ['trialGroups'], message: 'LOCKED' }),
    );
  });
});

describe('POST .../tokens/:tokenId/startRandomizationDataEvent', () => {
  it('allocates with the password, records random id, group and audit, starts the event', async () => {
    const s = await buildRandomizedStudy(kit);
    const doctor = await sessionWithRole(kit, s.studyId, 'DOCTOR');
    const e = await enrolSubject(kit, s);
    const res = await call(kit, 'POST', randomizeUrl(s, e), signed(doctor.headers, doctor.password));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ randomId: 'R0001', sequence: 1, blinded: true, trialGroup: null });
    expect(body.allocatedBy.id).toBe(doctor.user.id);
    expect(JSON.stringify(body)).not.toContain(s.tag);

    const randomId = await call(
      kit,
      'GET',
      `/studies/${s.studyId}/enrollments/${e.enrollmentId}/randomId`,
      doctor.headers,
    );
    expect(randomId.json()).toEqual({ randomId: 'R0001' });
    const seen = await call(
      kit,
      'GET',
      `/studies/${s.studyId}/enrollments/${e.enrollmentId}/randomization`,
      kit.admin.headers,
    );
    const groupId = seen.json().allocation.trialGroup.id as string;
    expect(s.groups.map((g) => g.id)).toContain(groupId);

    const [audit] = await auditOf(s.studyId, 'RANDOMIZATION_ALLOCATED');
    expect(audit?.entityId).toBe(e.enrollmentId);
    expect(audit?.after).toMatchObject({ randomId: 'R0001', trialGroup: { id: groupId } });
    expect(audit?.after).toMatchObject({ signature: { meaning: expect.stringMatching(/randomized/) } });
    const [entry] = await kit.t.app.database.db
      .select()
      .from(randomizationListEntries)
      .where(
        and(eq(randomizationListEntries.processId, s.processId), eq(randomizationListEntries.sequence, 1)),
      );
    expect(entry?.enrollmentId).toBe(e.enrollmentId);
    expect(entry?.groupId).toBe(groupId);
    const [subject] = await kit.t.app.database.db.select().from(subjects).where(eq(subjects.id, e.subjectId));
    expect(subject?.attributes.trialGroup).toBe(s.groups.find((g) => g.id === groupId)?.title.en);
    const [token] = await kit.t.app.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.id, e.randomizationTokenId));
    expect(token?.status).not.toBe('NOT_ACTIVE');
  });

  it('refuses a wrong or missing password and allocates nothing', async () => {
    const s = await buildRandomizedStudy(kit);
    const e = await enrolSubject(kit, s);
    const wrong = await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers, 'not-the-password'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
    const missing = await call(kit, 'POST', randomizeUrl(s, e), kit.admin.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().type).toBe('EXTENDED_VALIDATION');
    const [row] = await kit.t.app.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, e.enrollmentId));
    expect(row?.details).not.toHaveProperty('randomId');
    expect(await auditOf(s.studyId, 'RANDOMIZATION_ALLOCATED')).toHaveLength(0);
  });

  it('refuses a second allocation with RANDOMIZATION_RECORD_ALREADY_ASSIGNED', async () => {
    const s = await buildRandomizedStudy(kit);
    const e = await enrolSubject(kit, s);
    expect((await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers))).statusCode).toBe(200);
    const again = await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers));
    expect(again.statusCode).toBe(409);
    expect(again.json().id).toBe('RANDOMIZATION_RECORD_ALREADY_ASSIGNED');
  });

  it('answers NO_RANDOMIZATION_RECORD once the list of the stratum is used up', async () => {
    const s = await buildRandomizedStudy(kit, {
      config: { targetInclusion: '2', blocks: { blockMultipliers: [1] } },
    });
    for (const expected of ['R0001', 'R0002']) {
      const e = await enrolSubject(kit, s);
      const res = await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers));
      expect(res.json().randomId).toBe(expected);
    }
    const third = await enrolSubject(kit, s);
    const res = await call(kit, 'POST', randomizeUrl(s, third), signed(kit.admin.headers));
    expect(res.statusCode).toBe(409);
    expect(res.json().id).toBe('NO_RANDOMIZATION_RECORD');
    // a 1:1 block of 2 gives one subject to each group
    const seen = await call(
      kit,
      'GET',
      `/studies/${s.studyId}/pathway/${s.processId}/randomization/balance`,
      kit.admin.headers,
    );
    expect(seen.json().report.overall.groups.map((g: { count: number }) => g.count)).toEqual([1, 1]);
  });

  it('refuses a token of another event, an unconfigured process and another site', async () => {
    const s = await buildRandomizedStudy(kit, { sites: 2 });
    const e = await enrolSubject(kit, s);
    const other = await call(kit, 'POST', randomizeUrl(s, e, e.otherTokenId), signed(kit.admin.headers));
    expect(other.statusCode).toBe(409);
    expect(other.json().context.reason).toBe('NOT_RANDOMIZATION_EVENT');
    const doctor = await sessionWithRole(kit, s.studyId, 'DOCTOR', { siteIds: [s.siteIds[1] ?? ''] });
    const elsewhere = await call(kit, 'POST', randomizeUrl(s, e), signed(doctor.headers, doctor.password));
    expect(elsewhere.statusCode).toBe(403);
    const monitor = await sessionWithRole(kit, s.studyId, 'MONITOR');
    expect(
      (await call(kit, 'POST', randomizeUrl(s, e), signed(monitor.headers, monitor.password))).statusCode,
    ).toBe(403);
  });

  it('allocates by minimization from the state rebuilt from the stored allocations', async () => {
    const s = await buildRandomizedStudy(kit, {
      sites: 2,
      config: {
        method: 'MINIMIZATION',
        stratifyBySite: true,
        minimization: { probability: 1, imbalance: 'RANGE', siteWeight: 1, maxImbalance: null },
      },
    });
    const counts = new Map<string, number>();
    for (let i = 0; i < 8; i++) {
      const e = await enrolSubject(kit, s, s.siteIds[i % 2]);
      const res = await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().randomId).toBe(`R000${i + 1}`);
      const group = res.json().trialGroup.id as string;
      counts.set(group, (counts.get(group) ?? 0) + 1);
    }
    // deterministic minimization (p = 1) with 1:1 keeps each site, and so the whole, exactly balanced
    expect([...counts.values()]).toEqual([4, 4]);
    const balance = await call(
      kit,
      'GET',
      `/studies/${s.studyId}/pathway/${s.processId}/randomization/balance`,
      kit.admin.headers,
    );
    for (const m of balance.json().report.marginals) expect(m.imbalance).toBe(0);
  });
});

describe('POST .../pathway/:processId/randomization/list (uploaded list)', () => {
  it('refuses bad rows, then takes a good list, locks the configuration and allocates in its order', async () => {
    const s = await buildRandomizedStudy(kit, { status: 'STUDY_STATUS_BUILD' });
    const url = `${configUrl(s)}/list`;
    const bad = await call(kit, 'POST', url, kit.admin.headers, {
      csv: 'sequence,stratum,group\n1,*,nope\n3,*,1\n',
    });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().context.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['UNKNOWN_GROUP', 'GAP']));
    const [a, b] = s.groups;
    const good = await call(kit, 'POST', url, kit.admin.headers, {
      csv: `sequence,stratum,group\n1,*,${b?.id}\n2,*,${a?.id}\n3,*,2\n`,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().config).toMatchObject({
      method: 'UPLOADED_LIST',
      didUploadCustomRandomizationList: true,
    });
    expect(good.json().locks.isConfigurationLocked).toBe(true);
    expect(good.json().status).toMatchObject({ listEntries: 3, freeEntries: 3 });
    const locked = await call(kit, 'PUT', configUrl(s), kit.admin.headers, {
      config: { ...good.json().config, targetInclusion: '99' },
    });
    expect(locked.statusCode).toBe(400);
    const again = await call(kit, 'POST', url, kit.admin.headers, { csv: `1,*,${a?.id}\n` });
    expect(again.statusCode).toBe(400);

    const { setStudySchedule } = await import('../../../test/factories');
    await setStudySchedule(kit.t.app, s.studyId, { status: 'PRODUCTION' });
    const groups: string[] = [];
    for (let i = 0; i < 3; i++) {
      const e = await enrolSubject(kit, s);
      groups.push(
        (await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers))).json().trialGroup.id,
      );
    }
    expect(groups).toEqual([b?.id, a?.id, b?.id]);
  });

  it('is the administrator’s (RANDOMIZATION_LIST_EXPORT)', async () => {
    const s = await buildRandomizedStudy(kit, { status: 'STUDY_STATUS_BUILD' });
    const helper = await sessionWithRole(kit, s.studyId, 'STUDY_HELPER');
    const res = await call(kit, 'POST', `${configUrl(s)}/list`, helper.headers, { csv: '1,*,1\n' });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET .../randomization/list/export and .../balance', () => {
  it('exports the whole sealed list to the administrator only, audited', async () => {
    const s = await buildRandomizedStudy(kit, {
      config: { targetInclusion: '4', blocks: { blockMultipliers: [2] } },
    });
    const e = await enrolSubject(kit, s);
    await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers));
    const admin = await sessionWithRole(kit, s.studyId, 'ADMIN');
    const res = await call(kit, 'GET', `${configUrl(s)}/list/export`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('sequence,stratum,group,block,blockSize,enrollmentId,randomId,allocatedAt');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`${e.enrollmentId},R0001,`);
    expect(lines[2]?.endsWith(',,')).toBe(true);
    expect(await auditOf(s.studyId, 'RANDOMIZATION_LIST_EXPORTED')).toHaveLength(1);
    for (const role of ['DOCTOR', 'MONITOR', 'INVESTIGATOR'] as const) {
      const other = await sessionWithRole(kit, s.studyId, role);
      expect((await call(kit, 'GET', `${configUrl(s)}/list/export`, other.headers)).statusCode, role).toBe(
        403,
      );
      expect((await call(kit, 'GET', `${configUrl(s)}/balance`, other.headers)).statusCode, role).toBe(403);
    }
    const balance = await call(kit, 'GET', `${configUrl(s)}/balance`, admin.headers);
    expect(balance.json().allocations).toBe(1);
    expect(balance.json().report.overall.total).toBe(1);
  });
});

describe('POST .../randomization/simulate', () => {
  it('compares the methods on the same simulated subjects, reproducible from the seed', async () => {
    const s = await buildRandomizedStudy(kit, { status: 'STUDY_STATUS_BUILD' });
    const body = {
      trials: 50,
      subjects: 40,
      seed: 'a'.repeat(64),
      factors: [{ id: 'site', proportions: [1, 1, 2] }],
    };
    const first = await call(kit, 'POST', `${configUrl(s)}/simulate`, kit.admin.headers, body);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json();
    expect(result.methods.map((m: { method: string }) => m.method)).toEqual([
      'SIMPLE',
      'PERMUTED_BLOCKS',
      'MINIMIZATION',
    ]);
    const median = (m: string) =>
      result.methods.find((x: { method: string }) => x.method === m).overall.median;
    expect(median('PERMUTED_BLOCKS')).toBeLessThan(median('SIMPLE'));
    const second = (await call(kit, 'POST', `${configUrl(s)}/simulate`, kit.admin.headers, body)).json();
    const strip = (r: typeof result) =>
      r.methods.map((m: { overall: unknown; worstStratum: unknown }) => [m.overall, m.worstStratum]);
    expect(strip(second)).toEqual(strip(result));
    const tooBig = await call(kit, 'POST', `${configUrl(s)}/simulate`, kit.admin.headers, {
      ...body,
      trials: 2000,
      subjects: 5000,
    });
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('POST .../enrollments/:enrollmentId/breakBlind', () => {
  it('reveals the group to the signer with a reason, notifies the administrators, is audited', async () => {
    const s = await buildRandomizedStudy(kit);
    const studyAdmin = await sessionWithRole(kit, s.studyId, 'ADMIN', { firstName: 'Ada' });
    const investigator = await sessionWithRole(kit, s.studyId, 'INVESTIGATOR');
    const colleague = await sessionWithRole(kit, s.studyId, 'INVESTIGATOR');
    const notRandomized = await enrolSubject(kit, s);
    const e = await enrolSubject(kit, s);
    await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers));
    const url = `/studies/${s.studyId}/enrollments/${e.enrollmentId}/breakBlind`;
    const view = `/studies/${s.studyId}/enrollments/${e.enrollmentId}/randomization`;
    expect((await call(kit, 'GET', view, investigator.headers)).json().allocation.trialGroup).toBeNull();

    const noReason = await call(kit, 'POST', url, signed(investigator.headers, investigator.password), {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const wrong = await call(kit, 'POST', url, signed(investigator.headers, 'wrong-password'), {
      reason: 'SAE',
    });
    expect(wrong.json().type).toBe('EXTENDED_VALIDATION');
    const monitor = await sessionWithRole(kit, s.studyId, 'MONITOR');
    expect(
      (await call(kit, 'POST', url, signed(monitor.headers, monitor.password), { reason: 'x' })).statusCode,
    ).toBe(403);
    const none = await call(
      kit,
      'POST',
      `/studies/${s.studyId}/enrollments/${notRandomized.enrollmentId}/breakBlind`,
      signed(investigator.headers, investigator.password),
      { reason: 'SAE' },
    );
    expect(none.statusCode).toBe(409);
    expect(none.json().id).toBe('NO_RANDOMIZATION_RECORD');

    const res = await call(kit, 'POST', url, signed(investigator.headers, investigator.password), {
      reason: 'Serious adverse event, treatment decision',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().allocation.blinded).toBe(false);
    expect(s.groups.map((g) => g.id)).toContain(res.json().allocation.trialGroup.id);
    expect(res.json().blindBreak.reason).toBe('Serious adverse event, treatment decision');
    // revealed to that user only
    const mine = (await call(kit, 'GET', view, investigator.headers)).json();
    expect(mine.allocation.trialGroup).not.toBeNull();
    expect(mine.blindBreaks).toHaveLength(1);
    expect((await call(kit, 'GET', view, colleague.headers)).json().allocation.trialGroup).toBeNull();

    const [audit] = await auditOf(s.studyId, 'BLIND_BROKEN');
    expect(audit?.reason).toBe('Serious adverse event, treatment decision');
    const [note] = await kit.t.app.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, studyAdmin.user.id), eq(notifications.kind, 'BLIND_BROKEN')));
    expect(note?.body).toContain('Serious adverse event');
    const mails = await kit.t.app.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.studyId, s.studyId), eq(outboxMessages.recipient, studyAdmin.user.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Hello Ada');
    for (const g of s.groups) expect(`${mails[0]?.body}${note?.body}`).not.toContain(g.title.en);
  });

  it('refuses breakBlind for an unknown subject of another study', async () => {
    const s = await buildRandomizedStudy(kit);
    const stranger = await buildSubject(kit.t.app, { studyId: s.studyId, siteId: s.siteIds[0] ?? '' });
    const res = await call(
      kit,
      'POST',
      `/studies/${s.studyId}/enrollments/${stranger.id}/breakBlind`,
      signed(kit.admin.headers),
      { reason: 'x' },
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('stratification by a question answered before the randomization event', () => {
  it('marks the question usedByStratification and allocates from its stratum’s own sealed list', async () => {
    const now = new Date();
    const study = await buildStudy(kit.t.app, { modules: ['RANDOMIZATION'] });
    const formId = newId(now);
    const questionId = `weight-${formId.slice(-6)}`;
    const document = WEIGHT_FORM(formId);
    document.questions = (document.questions ?? []).map((q) => ({ ...q, id: questionId }));
    await kit.t.app.database.db.insert(formTemplates).values({
      studyId: study.id,
      id: formId,
      name: `Weight ${formId.slice(-6)}`,
      type: 'TYPE_FORM',
      document: document as Record<string, unknown>,
      createdBy: 'factory',
      createdAt: now,
      updatedAt: now,
    });
    const s = await buildRandomizedStudy(kit, {
      studyId: study.id,
      status: 'STUDY_STATUS_BUILD',
      firstEventForms: [formId],
    });
    const view = (await call(kit, 'GET', configUrl(s), kit.admin.headers)).json();
    const stratification = { dataEvent: s.firstEventId, form: formId, question: questionId, weight: 1 };
    const saved = await call(kit, 'PUT', configUrl(s), kit.admin.headers, {
      config: { ...view.config, questionStratifications: [stratification] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [form] = await kit.t.app.database.db
      .select()
      .from(formTemplates)
      .where(eq(formTemplates.id, formId));
    const questions = (form?.document.questions ?? []) as { id: string; usedByStratification?: boolean }[];
    expect(questions.find((q) => q.id === questionId)?.usedByStratification).toBe(true);
    // not after the randomization event (issue 22: answered before it)
    const late = await call(kit, 'PUT', configUrl(s), kit.admin.headers, {
      config: { ...view.config, questionStratifications: [{ ...stratification, dataEvent: s.otherEventId }] },
    });
    expect(late.statusCode).toBe(400);

    const { setStudySchedule } = await import('../../../test/factories');
    await setStudySchedule(kit.t.app, s.studyId, { status: 'PRODUCTION' });
    const e = await enrolSubject(kit, s);
    const unanswered = await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers));
    expect(unanswered.statusCode).toBe(409);
    expect(unanswered.json().context).toMatchObject({
      reason: 'STRATIFICATION_ANSWER_MISSING',
      questions: [questionId],
    });

    const answer = async (enrolled: typeof e, value: string) => {
      const [token] = await kit.t.app.database.db
        .select()
        .from(tokens)
        .where(and(eq(tokens.enrollmentId, enrolled.enrollmentId), eq(tokens.dataEventId, s.firstEventId)));
      const questionnaireId = newId(now);
      await kit.t.app.database.db.insert(questionnaires).values({
        studyId: s.studyId,
        id: questionnaireId,
        enrollmentId: enrolled.enrollmentId,
        siteId: enrolled.siteId,
        tokenId: token?.id ?? '',
        dataEventId: s.firstEventId,
        formId,
        formMajor: 1,
        formMinor: 0,
        status: 'STATUS_COMPLETED',
        filledOutByType: 'USER',
        createdAt: now,
        updatedAt: now,
      });
      await kit.t.app.database.db.insert(answers).values({
        studyId: s.studyId,
        id: newId(now),
        questionnaireId,
        questionId,
        value: { answerStrings: [value] },
        createdAt: now,
        updatedAt: now,
      });
    };
    await answer(e, '72');
    const first = await call(kit, 'POST', randomizeUrl(s, e), signed(kit.admin.headers));
    expect(first.statusCode, first.body).toBe(200);
    const other = await enrolSubject(kit, s);
    await answer(other, '80');
    expect((await call(kit, 'POST', randomizeUrl(s, other), signed(kit.admin.headers))).statusCode).toBe(200);

    const rows = await kit.t.app.database.db
      .select()
      .from(randomizationAllocations)
      .where(eq(randomizationAllocations.processId, s.processId))
      .orderBy(asc(randomizationAllocations.sequence));
    expect(rows.map((r) => [r.stratum, r.listSequence, r.randomId])).toEqual([
      [`${questionId}=72`, 1, 'R0001'],
      [`${questionId}=80`, 1, 'R0002'],
    ]);
    // each stratum's list is the sealed one of its stratum (whole blocks of the target size)
    const entries = await kit.t.app.database.db
      .select()
      .from(randomizationListEntries)
      .where(eq(randomizationListEntries.processId, s.processId));
    expect(new Set(entries.map((x) => x.stratum))).toEqual(new Set([`${questionId}=72`, `${questionId}=80`]));
  });
});
