import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudy, buildUser, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { apiKeys } from '../../modules/integrations/tables';
import { auditEvents } from '../audit/tables';

// Extended validation (spec 000 §6, DESIGN.md signatures, STANDARDS.md ES-1/ES-2) through a
// real sensitive route: renewing a study's API key on a study that enables it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'Signer-Password-42';

async function signerWithStudy(): Promise<{ studyId: string; session: LoggedIn; userId: string }> {
  const study = await buildStudy(t.app, { modules: ['API_KEYS'], extendedValidation: true });
  const user = await buildUser(t.app, { password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  await grantAccess(t.app, { studyId: study.id, user, role: 'ADMIN' });
  return { studyId: study.id, session: await loginAs(t.app, user.email, PASSWORD), userId: user.id };
}

function renew(studyId: string, session: LoggedIn, password?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/apiKey/renew`,
    headers: { ...session.headers, ...(password === undefined ? {} : { 'extended-validation': password }) },
  });
}

async function keyRows(studyId: string) {
  return t.app.database.db.select().from(apiKeys).where(eq(apiKeys.studyId, studyId));
}

describe(`Extended-Validation header on POST /api/studies/:studyId/apiKey/renew (${engine})`, () => {
  it('refuses a missing header with 400 EXTENDED_VALIDATION and makes no key', async () => {
    const { studyId, session } = await signerWithStudy();
    const res = await renew(studyId, session);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    expect(await keyRows(studyId)).toHaveLength(0);
  });

  it('refuses a wrong password and changes nothing: the old key still works', async () => {
    const { studyId, session } = await signerWithStudy();
    const first = await renew(studyId, session, PASSWORD);
    expect(first.statusCode).toBe(200);
    const key = first.json<{ key: string }>().key;
    const wrong = await renew(studyId, session, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    const rows = await keyRows(studyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).toBeNull();
    const info = await t.app.inject({
      url: `/api/studies/${studyId}/apiKey/studyInfo`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(info.statusCode).toBe(200);
  });

  it('accepts the right password (raw or percent-encoded) and records the signature with the event', async () => {
    const { studyId, session, userId } = await signerWithStudy();
    const before = Date.now();
    const res = await renew(studyId, session, encodeURIComponent(PASSWORD));
    expect(res.statusCode).toBe(200);
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.studyId, studyId));
    expect(event?.action).toBe('API_KEY_RENEWED');
    expect(event?.actorType).toBe('USER');
    expect(event?.actorId).toBe(userId);
    const signature = ((event?.after ?? {}) as { signature: Record<string, string> }).signature;
    expect(signature).toMatchObject({ signerId: userId, printedName: 'Ada Lovelace' });
    expect(signature.meaning).toMatch(/API key/);
    expect(Date.parse(signature.signedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(event)).not.toContain(PASSWORD);
    expect((await renew(studyId, session, PASSWORD)).statusCode).toBe(200);
  });

  it('blocks the signer after five wrong passwords with EXCEED_NO_ATTEMPTS, even with the right one', async () => {
    const { studyId, session } = await signerWithStudy();
    for (let i = 0; i < 5; i++) {
      const res = await renew(studyId, session, `Wrong-${i}-Password`);
      expect(res.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    }
    const blocked = await renew(studyId, session, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ type: 'EXCEED_NO_ATTEMPTS' });
    expect(await keyRows(studyId)).toHaveLength(0);
  });

  it('is not asked when the study does not enable it', async () => {
    const study = await buildStudy(t.app, { modules: ['API_KEYS'], extendedValidation: false });
    const session = await loginAs(t.app);
    const res = await renew(study.id, session);
    expect(res.statusCode).toBe(200);
    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.studyId, study.id));
    expect(event?.after).not.toHaveProperty('signature');
  });
});
