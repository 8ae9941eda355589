/**
 * Issue 24, staff `PUT .../setEconsentSigned` with `paper` (spec 001 §7): a consent the participant
 * signed on paper is recorded with the password, the date signed, the witness, a reason and the
 * optional scanned PDF (checked by content); audited; the token completes; the subject's e-consent
 * list and the consent log show it as signed on paper. Refused: a wrong password, another site's
 * investigator, a second record (409), a future date and a scan that is no PDF.
 */
import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { tokenRowsOf } from '../public/public-test-kit';
import {
  buildEConsentStudy,
  makePdf,
  openSession,
  requestCode,
  signaturePng,
  uploadConsent,
} from './econsent-test-kit';
import { sha256Hex } from './service/pdf';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date('2026-07-01T08:00:00Z') });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

async function investigatorOf(studyId: string, siteIds: string[]) {
  const user = await buildUser(t.app);
  await grantAccess(t.app, { studyId, user, role: 'INVESTIGATOR', siteIds });
  const session = await loginAs(t.app, user.email, DEFAULT_PASSWORD);
  const signed = (password: string) => ({
    ...session.headers,
    [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(password),
  });
  return { user, headers: session.headers, signed };
}

describe(`PUT .../setEconsentSigned (paper) on ${engine}`, () => {
  it('records a paper consent with the password: audited, token completed, listed and logged as paper', async () => {
    const s = await buildEConsentStudy(t.app, admin);
    const up = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: await makePdf(1),
    });
    expect(up.statusCode).toBe(201);
    const otherSite = await buildSite(t.app, s.study.id);
    const investigator = await investigatorOf(s.study.id, [s.site.id]);
    const elsewhere = await investigatorOf(s.study.id, [otherSite.id]);
    const url = `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`;
    const scan = await makePdf(2, 'Signed consent form (scan)');
    const paper = {
      signedDate: '2026-06-30',
      witness: 'Nurse Maria Jensen',
      reason: 'The participant has no smartphone and signed the paper form at the visit.',
      scan: { fileName: 'consent-scan.pdf', dataBase64: scan.toString('base64') },
    };
    const put = (headers: Record<string, string>, body: unknown) =>
      t.app.inject({ method: 'PUT', url, headers, payload: body as Record<string, unknown> });

    // Another site's investigator is refused before anything else; a wrong password records nothing.
    expect((await put(elsewhere.signed(DEFAULT_PASSWORD), { paper })).statusCode).toBe(403);
    const wrong = await put(investigator.signed('not-the-password'), { paper });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ type: 'EXTENDED_VALIDATION' });
    expect((await put(investigator.headers, { paper })).statusCode).toBe(400);
    // A future date and a scan that is no PDF are refused with their fields.
    const future = await put(investigator.signed(DEFAULT_PASSWORD), {
      paper: { ...paper, signedDate: '2026-07-02' },
    });
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain('ECONSENT.PAPER_DATE_FUTURE');
    const notPdf = await put(investigator.signed(DEFAULT_PASSWORD), {
      paper: {
        ...paper,
        scan: { fileName: 'scan.pdf', dataBase64: Buffer.from('hello').toString('base64') },
      },
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ id: 'INVALID_PDF' });
    const dots = await put(investigator.signed(DEFAULT_PASSWORD), {
      paper: { ...paper, scan: { ...paper.scan, fileName: 'scan.v2.pdf' } },
    });
    expect(dots.json()).toMatchObject({ id: 'INVALID_FILENAME_DOTS' });
    const [before] = await tokenRowsOf(t.app, s.study.id, s.enrollmentId);
    expect(before?.status).not.toBe('COMPLETED');

    const done = await put(investigator.signed(DEFAULT_PASSWORD), { paper });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      state: 'SIGNED_ON_PAPER',
      tokenStatus: 'COMPLETED',
      participant: null,
      paper: {
        signedDate: '2026-06-30',
        witness: 'Nurse Maria Jensen',
        reason: paper.reason,
        recordedBy: { name: expect.any(String), signedTime: '2026-07-01T08:00:00.000Z' },
        scan: { fileName: 'consent-scan.pdf', size: scan.length, sha256: sha256Hex(scan) },
      },
    });
    const [token] = await tokenRowsOf(t.app, s.study.id, s.enrollmentId);
    expect(token?.status).toBe('COMPLETED');

    // A second record, or a countersignature of it, is a conflict.
    const again = await put(investigator.signed(DEFAULT_PASSWORD), { paper });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ id: 'ECONSENT_ALREADY_SIGNED' });
    expect((await put(investigator.signed(DEFAULT_PASSWORD), {})).statusCode).toBe(409);

    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studyId, s.study.id), eq(auditEvents.action, 'ECONSENT_PAPER_RECORDED')));
    expect(event).toMatchObject({ reason: paper.reason, actorId: investigator.user.id });
    expect(JSON.stringify(event?.after)).toContain('Nurse Maria Jensen');
    expect(
      done.json<{ paper: { recordedBy: { auditEventId: string } } }>().paper.recordedBy.auditEventId,
    ).toBe(event?.id);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/patient/${s.subject.id}/eConsents`,
      headers: investigator.headers,
    });
    expect(list.json()).toMatchObject({
      items: [{ state: 'SIGNED_ON_PAPER', paper: { witness: 'Nurse Maria Jensen' } }],
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/eConsentLog`,
      headers: investigator.headers,
    });
    expect(log.json()).toMatchObject({
      items: [{ state: 'SIGNED_ON_PAPER', paper: { signedDate: '2026-06-30' } }],
    });
    const elsewhereLog = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/eConsentLog`,
      headers: elsewhere.headers,
    });
    expect(elsewhereLog.json()).toEqual({ items: [] });

    // The scan downloads with the password, byte for byte.
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/downloadSignedEConsentFile`,
      headers: investigator.signed(DEFAULT_PASSWORD),
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(scan)).toBe(true);

    // The participant's link shows the consent as done, and no code can be asked for.
    const cookie = await openSession(t.app, s.study.id, s.link).catch(() => null);
    if (cookie) {
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/explicitConsentDetails`,
        headers: { cookie },
      });
      expect(details.json()).toMatchObject({
        view: 'SIGNED_DOWNLOAD',
        state: 'SIGNED_ON_PAPER',
        signed: null,
      });
    }
  });

  it('records a paper consent without a scan; there is then nothing to download', async () => {
    const s = await buildEConsentStudy(t.app, admin);
    const investigator = await investigatorOf(s.study.id, [s.site.id]);
    const url = `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`;
    const done = await t.app.inject({
      method: 'PUT',
      url,
      headers: investigator.signed(DEFAULT_PASSWORD),
      payload: {
        paper: { signedDate: '2026-07-01', witness: 'Dr. Ole Hansen', reason: 'Signed at the clinic.' },
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'SIGNED_ON_PAPER', paper: { scan: null } });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/downloadSignedEConsentFile`,
      headers: investigator.signed(DEFAULT_PASSWORD),
    });
    expect(download.statusCode).toBe(404);
  });

  it('a new version of the document asks the participant who consented on paper to re-consent', async () => {
    const s = await buildEConsentStudy(t.app, admin);
    const v1 = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: await makePdf(1),
    });
    expect(v1.json()).toMatchObject({ version: 1, reconsentTokens: 0 });
    const investigator = await investigatorOf(s.study.id, [s.site.id]);
    const recorded = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
      headers: investigator.signed(DEFAULT_PASSWORD),
      payload: {
        paper: { signedDate: '2026-07-01', witness: 'Dr. Ole Hansen', reason: 'Signed at the clinic.' },
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);

    const v2 = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: await makePdf(2),
    });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ version: 2, reconsentTokens: 1 });
    const rows = (await tokenRowsOf(t.app, s.study.id, s.enrollmentId)).filter((r) => r.type === 'ECONSENT');
    expect(rows.map((r) => r.status).sort()).toEqual(['COMPLETED', 'UNUSED']);
    const [request] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.studyId, s.study.id), eq(auditEvents.action, 'ECONSENT_RECONSENT_REQUESTED')),
      );
    expect(request?.after).toMatchObject({ enrollmentId: s.enrollmentId, language: 'en', version: 2 });
    // The re-consent link is open: a third version asks nobody again.
    const v3 = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: await makePdf(1),
    });
    expect(v3.json()).toMatchObject({ version: 3, reconsentTokens: 0 });
  });

  it('refuses a paper record once the participant signed electronically (409)', async () => {
    const s = await buildEConsentStudy(t.app, admin);
    const up = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: await makePdf(1),
    });
    const cookie = await openSession(t.app, s.study.id, s.link);
    const code = await requestCode(t.app, s, cookie);
    const signed = await t.app.inject({
      method: 'PUT',
      url: `/api/public/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
      headers: { cookie },
      payload: {
        documentId: up.json<{ id: string }>().id,
        language: 'en',
        code,
        fullName: 'Ana Berg',
        signature: signaturePng(),
        meaning: 'PARTICIPANT_CONSENT',
        readToEnd: true,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const investigator = await investigatorOf(s.study.id, [s.site.id]);
    const paper = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
      headers: investigator.signed(DEFAULT_PASSWORD),
      payload: {
        paper: { signedDate: '2026-07-01', witness: 'Dr. Ole Hansen', reason: 'Duplicate on paper.' },
      },
    });
    expect(paper.statusCode).toBe(409);
    expect(paper.json()).toMatchObject({ id: 'ECONSENT_ALREADY_SIGNED' });
  });
});
