/**
 * Issue 24 with issue 28 item 1: a consent recorded on paper raises the `consent.signed` webhook
 * event as an electronic signature does, its payload saying `method: 'PAPER'` (the electronic one
 * `ELECTRONIC`); the messages are read from the outbox the use case writes with its audit event.
 */
import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { studies } from '../studies/tables';
import { webhookMessages } from '../webhooks/tables';
import {
  buildEConsentStudy,
  makePdf,
  openSession,
  requestCode,
  signaturePng,
  uploadConsent,
} from './econsent-test-kit';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({ webhooksAllowPrivate: true }, { clock: () => new Date('2026-07-01T08:00:00Z') });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

/** An e-consent study with the webhooks module, its document and an endpoint for consent.signed. */
async function consentStudyWithWebhook() {
  const s = await buildEConsentStudy(t.app, admin);
  await t.app.database.db
    .update(studies)
    .set({ modules: ['WEBHOOKS'] })
    .where(eq(studies.id, s.study.id));
  const document = await uploadConsent(t.app, admin, s.study.id, {
    dataEventId: s.dataEventId,
    language: 'en',
    data: await makePdf(1),
  });
  expect(document.statusCode, document.body).toBe(201);
  const hook = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${s.study.id}/webhooks`,
    headers: admin.headers,
    payload: { url: 'http://127.0.0.1:9/consent', eventTypes: ['consent.signed'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  return { ...s, documentId: document.json<{ id: string }>().id };
}

async function consentMessages(studyId: string) {
  return t.app.database.db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.studyId, studyId), eq(webhookMessages.eventType, 'consent.signed')));
}

describe(`consent.signed webhook event on ${engine}`, () => {
  it('a paper consent recorded by staff queues consent.signed with method PAPER', async () => {
    const s = await consentStudyWithWebhook();
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId: s.study.id, user, role: 'INVESTIGATOR', siteIds: [s.site.id] });
    const investigator = await loginAs(t.app, user.email, DEFAULT_PASSWORD);
    expect(await consentMessages(s.study.id)).toEqual([]);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
      headers: {
        ...investigator.headers,
        [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(DEFAULT_PASSWORD),
      },
      payload: {
        paper: { signedDate: '2026-06-30', witness: 'Nurse Maria Jensen', reason: 'Signed at the visit.' },
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const auditEventId = done.json<{ paper: { recordedBy: { auditEventId: string } } }>().paper.recordedBy
      .auditEventId;
    const messages = await consentMessages(s.study.id);
    expect(messages).toHaveLength(1);
    const payload = JSON.parse(String(messages[0]?.payload));
    expect(payload).toMatchObject({
      type: 'consent.signed',
      data: { studyId: s.study.id, entityType: 'ECONSENT', auditEventId, method: 'PAPER' },
    });
    expect(JSON.stringify(payload)).not.toContain('Maria');
  });

  it('an electronic signature queues consent.signed with method ELECTRONIC', async () => {
    const s = await consentStudyWithWebhook();
    const cookie = await openSession(t.app, s.study.id, s.link);
    const code = await requestCode(t.app, s, cookie);
    const signed = await t.app.inject({
      method: 'PUT',
      url: `/api/public/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
      headers: { cookie },
      payload: {
        documentId: s.documentId,
        language: 'en',
        code,
        fullName: 'Ana Berg',
        signature: signaturePng(),
        meaning: 'PARTICIPANT_CONSENT',
        readToEnd: true,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const messages = await consentMessages(s.study.id);
    expect(messages).toHaveLength(1);
    expect(JSON.parse(String(messages[0]?.payload))).toMatchObject({
      type: 'consent.signed',
      data: { studyId: s.study.id, entityType: 'ECONSENT', method: 'ELECTRONIC' },
    });
  });
});
