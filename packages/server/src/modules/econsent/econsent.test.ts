/**
 * Issue 24 must-show tests, e-consent over HTTP on a real database: upload checks, the participant's
 * sign flow in order, refusal without the one-time code, explicit clauses recorded, the signed PDF's
 * digital signature and hashes, tamper detection, and the investigator's countersignature with and
 * without the password; re-consent on a new document version.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../test/factories';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
import { auditOf, outboxTo, tokenRowsOf } from '../public/public-test-kit';
import {
  buildEConsentStudy,
  makePdf,
  openSession,
  requestCode,
  signaturePng,
  uploadConsent,
  verifyPdfSignatures,
} from './econsent-test-kit';
import { sha256Hex } from './service/pdf';
import { econsentSignatures } from './tables';

let now = new Date('2026-07-01T08:00:00Z');
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

const pdfText = (pdf: Buffer): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'econsent-'));
  const file = path.join(dir, 'signed.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
};

type Study = Awaited<ReturnType<typeof buildEConsentStudy>>;

async function withDocument(extra = {}) {
  const s = await buildEConsentStudy(t.app, admin, extra);
  const original = await makePdf(2);
  const up = await uploadConsent(t.app, admin, s.study.id, {
    dataEventId: s.dataEventId,
    language: 'en',
    data: original,
  });
  expect(up.statusCode, up.body).toBe(201);
  return { s, original, documentId: up.json<{ id: string }>().id };
}

function sign(s: Study, cookie: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/public/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
    headers: { cookie },
    payload: body,
  });
}

function signBody(documentId: string, code: string, extra: Record<string, unknown> = {}) {
  return {
    documentId,
    language: 'en',
    code,
    fullName: 'Ana Berg',
    signature: signaturePng(),
    meaning: 'PARTICIPANT_CONSENT',
    clauses: [],
    readToEnd: true,
    ...extra,
  };
}

const staffUrl = (s: Study, tail: string) =>
  `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/${tail}`;

describe(`POST /api/studies/:studyId/eConsentFile on ${engine}`, () => {
  it('accepts PDFs by content only, refuses dots, other types and one byte over 10,240,000; versions per language', async () => {
    const s = await buildEConsentStudy(t.app, admin);
    const pdf = await makePdf(1);
    const notPdf = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: Buffer.from('%PDF-1.7 but not really a PDF at all'),
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ id: 'INVALID_PDF' });
    const png = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: Buffer.from(signaturePng().split(',')[1] as string, 'base64'),
    });
    expect(png.json()).toMatchObject({ id: 'INVALID_PDF' });
    const docx = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      fileName: 'consent.docx',
      data: pdf,
    });
    expect(docx.json()).toMatchObject({ id: 'INVALID_PDF' });
    const dots = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      fileName: 'consent.v2.pdf',
      data: pdf,
    });
    expect(dots.statusCode).toBe(400);
    expect(dots.json()).toMatchObject({ id: 'INVALID_FILENAME_DOTS' });
    const big = Buffer.concat([pdf, Buffer.alloc(10_240_001 - pdf.length, 0x20)]);
    const tooBig = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: big,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(JSON.stringify(tooBig.json())).toContain('FILE_TOO_LARGE');
    const notEvent = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: 'nope',
      language: 'en',
      data: pdf,
    });
    expect(notEvent.statusCode).toBe(400);

    const v1 = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: pdf,
    });
    expect(v1.statusCode).toBe(201);
    expect(v1.json()).toMatchObject({ version: 1, isCurrent: true, pageCount: 1, sha256: sha256Hex(pdf) });
    const pdf2 = await makePdf(3);
    const v2 = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: pdf2,
    });
    expect(v2.json()).toMatchObject({ version: 2, isCurrent: true, reconsentTokens: 0 });
    const da = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'da',
      data: pdf,
    });
    expect(da.json()).toMatchObject({ version: 1, language: 'da' });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/eConsentFiles`,
      headers: admin.headers,
    });
    const items = list.json<{ items: { version: number; language: string; isCurrent: boolean }[] }>().items;
    expect(
      items
        .filter((i) => i.isCurrent)
        .map((i) => `${i.language}${i.version}`)
        .sort(),
    ).toEqual(['da1', 'en2']);
    const v1Id = v1.json<{ id: string }>().id;
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/eConsentFile/${v1Id}`,
      headers: admin.headers,
    });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(pdf)).toBe(true);
    const inDanish = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/eConsentFile/${v1Id}?language=da`,
      headers: admin.headers,
    });
    expect(sha256Hex(inDanish.rawPayload)).toBe(da.json<{ sha256: string }>().sha256);
  });
});

describe(`participant signing on ${engine}`, () => {
  it('signs in order: details, document, code, refused without a valid code, signed PDF verified, countersigned', async () => {
    const { s, original, documentId } = await withDocument();
    const cookie = await openSession(t.app, s.study.id, s.link);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/explicitConsentDetails`,
      headers: { cookie },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      view: 'SIGN',
      state: 'PENDING',
      language: 'en',
      document: { id: documentId, pageCount: 2 },
      codeChannels: [{ channel: 'EMAIL' }, { channel: 'SMS' }],
    });
    const doc = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/eConsentDocument?language=en`,
      headers: { cookie },
    });
    expect(doc.rawPayload.equals(original)).toBe(true);
    // Without the session: 401.
    const noSession = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/explicitConsentDetails`,
    });
    expect(noSession.statusCode).toBe(401);

    // Refused without a code sent, and with a wrong code; nothing is signed.
    const noCode = await sign(s, cookie, signBody(documentId, '123456'));
    expect(noCode.statusCode).toBe(400);
    const code = await requestCode(t.app, s, cookie);
    const wrong = await sign(s, cookie, signBody(documentId, code === '111111' ? '222222' : '111111'));
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('password');
    const missingCode = await sign(s, cookie, { ...signBody(documentId, code), code: undefined });
    expect(missingCode.statusCode).toBe(400);
    expect(
      await t.app.database.db
        .select()
        .from(econsentSignatures)
        .where(eq(econsentSignatures.tokenId, s.tokenId)),
    ).toEqual([]);

    now = new Date(now.getTime() + 60_000);
    const signed = await sign(s, cookie, signBody(documentId, code));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      next: 'ECONSENT_FILL',
      state: 'SIGNED_BY_PARTICIPANT',
      fileName: 'consent_signed.pdf',
    });
    const again = await sign(s, cookie, signBody(documentId, code));
    expect(again.statusCode).toBe(409);
    const [token] = await tokenRowsOf(t.app, s.study.id, s.enrollmentId);
    expect(token?.status).toBe('IN_USE');
    expect(token?.details).toMatchObject({
      eConsentLanguage: 'en',
      eConsentKeys: { subjectKeys: { processKey: documentId } },
    });
    const staffTokens = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens`,
      headers: admin.headers,
    });
    expect(staffTokens.json<unknown[]>()[0]).toMatchObject({
      type: 'ECONSENT',
      eConsentLanguage: 'en',
      eConsentKeys: { subjectKeys: { processKey: documentId } },
    });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/downloadEConsentFile`,
      headers: { cookie },
    });
    expect(download.statusCode, download.body).toBe(200);
    const body = download.json<{ fileName: string; data: string; sha256: string }>();
    expect(body.fileName).toBe('consent_signed.pdf');
    const pdf = Buffer.from(body.data, 'base64');
    expect(sha256Hex(pdf)).toBe(body.sha256);
    const signatures = verifyPdfSignatures(pdf);
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({ valid: true, digestMatches: true, coversWholeFile: true });
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBe(3);
    const text = pdfText(pdf);
    const audit = await auditOf(t.app, s.study.id);
    const signedEvent = audit.find((a) => a.action === 'ECONSENT_SIGNED');
    const events = await t.app.database.db
      .select()
      .from(econsentSignatures)
      .where(eq(econsentSignatures.tokenId, s.tokenId));
    const participant = events[0]?.participant;
    expect(text).toContain(sha256Hex(original));
    expect(text).toContain('Ana Berg');
    expect(text).toContain(participant?.auditEventId as string);
    expect(text).toMatch(/j\*\*\*@example\.org|p\d*\*\*\*@example\.org|\*\*\*@example\.org/);
    expect(text).toContain('I agree to take part in the study');
    expect(signedEvent).toBeDefined();
    expect(audit.map((a) => a.action)).toContain('ECONSENT_SIGN_REFUSED');
    if (existsSync('/usr/bin/pdfsig')) {
      const dir = mkdtempSync(path.join(tmpdir(), 'econsent-sig-'));
      writeFileSync(path.join(dir, 's.pdf'), pdf);
      let out = '';
      try {
        out = execFileSync('pdfsig', [path.join(dir, 's.pdf')]).toString();
      } catch (error) {
        out = String((error as { stdout?: Buffer }).stdout ?? '');
      }
      expect(out).toContain('Signature is Valid');
    }

    // Countersign: without the password refused, with it the token completes and the file has two pages more.
    const noPassword = await t.app.inject({
      method: 'PUT',
      url: staffUrl(s, 'setEconsentSigned'),
      headers: admin.headers,
      payload: {},
    });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await t.app.inject({
      method: 'PUT',
      url: staffUrl(s, 'setEconsentSigned'),
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: 'not-the-password' },
      payload: {},
    });
    expect(wrongPassword.statusCode).toBe(400);
    const countersigned = await t.app.inject({
      method: 'PUT',
      url: staffUrl(s, 'setEconsentSigned'),
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
      payload: {},
    });
    expect(countersigned.statusCode, countersigned.body).toBe(200);
    expect(countersigned.json()).toMatchObject({ state: 'COUNTERSIGNED', tokenStatus: 'COMPLETED' });
    const staffDownload = await t.app.inject({
      method: 'GET',
      url: staffUrl(s, 'downloadSignedEConsentFile'),
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
    });
    expect(staffDownload.statusCode).toBe(200);
    const final = staffDownload.rawPayload;
    expect((await PDFDocument.load(final)).getPageCount()).toBe(4);
    expect(verifyPdfSignatures(final)).toEqual([
      expect.objectContaining({ valid: true, digestMatches: true, coversWholeFile: true }),
    ]);
    const finalText = pdfText(final);
    expect(finalText).toContain('Countersignature of the investigator');
    expect(finalText).toContain(sha256Hex(pdf));
    const info = await t.app.inject({
      method: 'GET',
      url: staffUrl(s, 'signedEConsentFile'),
      headers: admin.headers,
    });
    expect(info.json()).toMatchObject({
      state: 'COUNTERSIGNED',
      participant: { name: 'Ana Berg' },
      document: { id: documentId, version: 1 },
      signedFile: {
        fileName: 'consent_signed.pdf',
        originalSha256: sha256Hex(original),
        size: final.length,
        sha256: sha256Hex(final),
      },
    });
    // Spec 002 §4: the completed link still opens and shows the signed file.
    const reopened = await openSession(t.app, s.study.id, s.link);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/explicitConsentDetails`,
      headers: { cookie: reopened },
    });
    expect(after.json()).toMatchObject({ view: 'SIGNED_DOWNLOAD', state: 'COUNTERSIGNED' });
    const finalForParticipant = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/downloadEConsentFile`,
      headers: { cookie: reopened },
    });
    expect(finalForParticipant.json<{ sha256: string }>().sha256).toBe(sha256Hex(final));
  });

  it('records each explicit clause and refuses a declined required clause before using the code', async () => {
    const { s, documentId } = await withDocument({
      explicitConsent: true,
      consentClauses: [
        { key: 'participate', text: { en: 'I agree to take part.' }, required: true },
        { key: 'samples', text: { en: 'My samples may be kept for future research.' }, required: false },
      ],
    });
    const cookie = await openSession(t.app, s.study.id, s.link);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/explicitConsentDetails`,
      headers: { cookie },
    });
    expect(details.json()).toMatchObject({
      explicitConsent: true,
      clauses: [
        { key: 'participate', text: 'I agree to take part.', required: true },
        { key: 'samples', required: false },
      ],
    });
    const code = await requestCode(t.app, s, cookie);
    const declined = await sign(
      s,
      cookie,
      signBody(documentId, code, {
        clauses: [
          { key: 'participate', accepted: false },
          { key: 'samples', accepted: true },
        ],
      }),
    );
    expect(declined.statusCode).toBe(400);
    expect(JSON.stringify(declined.json())).toContain('ECONSENT.CLAUSE_REQUIRED');
    const ok = await sign(
      s,
      cookie,
      signBody(documentId, code, {
        clauses: [
          { key: 'participate', accepted: true },
          { key: 'samples', accepted: false },
        ],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: staffUrl(s, 'signedEConsentFile'),
      headers: admin.headers,
    });
    expect(info.json<{ clauses: unknown[] }>().clauses).toEqual([
      { key: 'participate', text: 'I agree to take part.', required: true, accepted: true },
      {
        key: 'samples',
        text: 'My samples may be kept for future research.',
        required: false,
        accepted: false,
      },
    ]);
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.find((a) => a.action === 'ECONSENT_SIGNED')?.after).toMatchObject({
      clauses: [
        { key: 'participate', accepted: true },
        { key: 'samples', accepted: false },
      ],
    });
  });

  it('detects a changed stored signed file: download refused with ECONSENT_SIGNED_FILE_TAMPERED and audited', async () => {
    const { s, documentId } = await withDocument();
    const cookie = await openSession(t.app, s.study.id, s.link);
    const code = await requestCode(t.app, s, cookie);
    expect((await sign(s, cookie, signBody(documentId, code))).statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select()
      .from(econsentSignatures)
      .where(eq(econsentSignatures.tokenId, s.tokenId));
    const changed = Buffer.from(row?.signedPdf as Buffer);
    changed[200] = (changed[200] ?? 0) ^ 0x01;
    await t.app.database.db
      .update(econsentSignatures)
      .set({ signedPdf: changed })
      .where(and(eq(econsentSignatures.studyId, s.study.id), eq(econsentSignatures.tokenId, s.tokenId)));
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/downloadEConsentFile`,
      headers: { cookie },
    });
    expect(pub.statusCode).toBe(409);
    expect(pub.json()).toMatchObject({ id: 'ECONSENT_SIGNED_FILE_TAMPERED' });
    const staff = await t.app.inject({
      method: 'GET',
      url: staffUrl(s, 'downloadSignedEConsentFile'),
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
    });
    expect(staff.statusCode).toBe(409);
    const audit = await auditOf(t.app, s.study.id);
    expect(audit.filter((a) => a.action === 'ECONSENT_INTEGRITY_FAILED')).toHaveLength(2);
    expect(audit.filter((a) => a.action === 'ECONSENT_SIGNED_FILE_DOWNLOADED')).toHaveLength(0);
  });

  it('countersigning before the participant signed is refused (ECONSENT_NOT_SIGNED); a new version asks signers to re-consent', async () => {
    const { s, documentId } = await withDocument({ sendAs: 'SEND_AS_EMAIL' });
    const early = await t.app.inject({
      method: 'PUT',
      url: staffUrl(s, 'setEconsentSigned'),
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
      payload: {},
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ id: 'ECONSENT_NOT_SIGNED' });
    const cookie = await openSession(t.app, s.study.id, s.link);
    const code = await requestCode(t.app, s, cookie);
    expect((await sign(s, cookie, signBody(documentId, code))).statusCode).toBe(200);
    const sentBefore = (await outboxTo(t.app, s.email)).length;
    const v2 = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'en',
      data: await makePdf(1),
    });
    expect(v2.json()).toMatchObject({ version: 2, reconsentTokens: 1 });
    const rows = await tokenRowsOf(t.app, s.study.id, s.enrollmentId);
    expect(rows.filter((r) => r.type === 'ECONSENT')).toHaveLength(2);
    expect((await outboxTo(t.app, s.email)).length).toBeGreaterThan(sentBefore);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/patient/${s.subject.id}/eConsents`,
      headers: admin.headers,
    });
    expect(list.json<{ items: { state: string; isSupersededVersion: boolean }[] }>().items).toEqual([
      expect.objectContaining({ state: 'SIGNED_BY_PARTICIPANT', isSupersededVersion: true }),
      expect.objectContaining({ state: 'PENDING' }),
    ]);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/eConsentLog`,
      headers: admin.headers,
    });
    expect(log.json<{ items: unknown[] }>().items).toHaveLength(2);
  });
});

describe(`e-consent permissions and site scope on ${engine}`, () => {
  async function caller(
    studyId: string,
    role: 'INVESTIGATOR' | 'MONITOR' | 'STUDY_HELPER',
    siteIds?: string[],
  ) {
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId, user, role, ...(siteIds ? { siteIds } : {}) });
    const session = await loginAs(t.app, user.email, DEFAULT_PASSWORD);
    return {
      headers: session.headers,
      signed: { ...session.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(DEFAULT_PASSWORD) },
    };
  }

  it("the site investigator countersigns; another site's investigator is refused; monitors read but do not download; helpers upload", async () => {
    const { s, documentId } = await withDocument();
    const otherSite = await buildSite(t.app, s.study.id);
    const investigator = await caller(s.study.id, 'INVESTIGATOR', [s.site.id]);
    const elsewhere = await caller(s.study.id, 'INVESTIGATOR', [otherSite.id]);
    const monitor = await caller(s.study.id, 'MONITOR');
    const helper = await caller(s.study.id, 'STUDY_HELPER');
    const cookie = await openSession(t.app, s.study.id, s.link);
    const code = await requestCode(t.app, s, cookie);
    expect((await sign(s, cookie, signBody(documentId, code))).statusCode).toBe(200);

    const get = (headers: Record<string, string>, url: string) =>
      t.app.inject({ method: 'GET', url, headers });
    expect((await get(elsewhere.headers, staffUrl(s, 'signedEConsentFile'))).statusCode).toBe(403);
    expect(
      (await get(elsewhere.headers, `/api/studies/${s.study.id}/patient/${s.subject.id}/eConsents`))
        .statusCode,
    ).toBe(403);
    const elsewhereLog = await get(elsewhere.headers, `/api/studies/${s.study.id}/eConsentLog`);
    expect(elsewhereLog.json<{ items: unknown[] }>().items).toEqual([]);
    expect(
      (await get(elsewhere.headers, `/api/studies/${s.study.id}/eConsentLog?siteId=${s.site.id}`)).statusCode,
    ).toBe(403);
    const put = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: staffUrl(s, 'setEconsentSigned'), headers, payload: {} });
    expect((await put(elsewhere.signed)).statusCode).toBe(403);
    expect((await put(monitor.signed)).statusCode).toBe(403);

    expect((await get(monitor.headers, staffUrl(s, 'signedEConsentFile'))).statusCode).toBe(200);
    expect((await get(monitor.signed, staffUrl(s, 'downloadSignedEConsentFile'))).statusCode).toBe(403);
    const mine = await get(investigator.headers, `/api/studies/${s.study.id}/eConsentLog`);
    expect(mine.json<{ items: { state: string; subjectKey: string }[] }>().items).toEqual([
      expect.objectContaining({ state: 'SIGNED_BY_PARTICIPANT' }),
    ]);
    expect((await put(investigator.headers)).statusCode).toBe(400);
    const done = await put(investigator.signed);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      state: 'COUNTERSIGNED',
      investigator: { meaning: expect.stringContaining('obtained') },
    });
    expect((await put(investigator.signed)).statusCode).toBe(409);
    const download = await get(investigator.signed, staffUrl(s, 'downloadSignedEConsentFile'));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('consent_signed.pdf');

    const upload = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/studies/${s.study.id}/eConsentFile`,
        headers,
        payload: {
          dataEventId: s.dataEventId,
          language: 'de',
          fileName: 'einwilligung.pdf',
          dataBase64: 'JVBERi0=',
        },
      });
    expect((await upload(monitor.headers)).statusCode).toBe(403);
    expect((await upload(helper.headers)).statusCode).toBe(400);
  });
});
