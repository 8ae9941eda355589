/**
 * Issue 24 item 4, the signature page in the participant's language: a participant who signs the
 * Arabic document with an Arabic name gets a signature page whose labels, meaning and name print in
 * Arabic (Noto Sans Arabic, right to left), never as '?', and the server's digital signature still
 * verifies over the whole file. The countersigned file keeps the Arabic pages.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  engine,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../../test/harness';
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
import { meaningText, pageText } from './service/signed-pdf';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date('2026-07-01T08:00:00Z') });
  admin = await loginAs(t.app);
});
afterAll(async () => t?.close());

/** The text of the PDF's last page (pdftotext, as a reader copies it). */
function lastPageText(pdf: Buffer, pages: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'econsent-ar-'));
  const file = path.join(dir, 'signed.pdf');
  writeFileSync(file, pdf);
  if (process.env.ECONSENT_KEEP_PDF) writeFileSync(process.env.ECONSENT_KEEP_PDF, pdf);
  return execFileSync('pdftotext', ['-f', String(pages), '-l', String(pages), file, '-']).toString('utf8');
}

/**
 * Arabic as pdftotext gives it: letters only. Poppler reverses the two letters a lam-alef ligature
 * glyph stands for (its ToUnicode holds them in logical order, as the PDF reference asks), so the
 * lam is left out of the comparison; every other letter must come in order.
 */
function arabicLetters(s: string): string {
  return s.replace(/[^\u0600-\u06ff]/g, '').replace(/\u0644/g, '');
}

function containsArabic(text: string, expected: string): boolean {
  return arabicLetters(text).includes(arabicLetters(expected));
}

describe(`signature page in Arabic on ${engine}`, () => {
  it('prints the Arabic name, labels and meaning (no "?"), and the digital signature verifies', async () => {
    const s = await buildEConsentStudy(t.app, admin);
    const original = await makePdf(1);
    const up = await uploadConsent(t.app, admin, s.study.id, {
      dataEventId: s.dataEventId,
      language: 'ar',
      fileName: 'muwafaqa.pdf',
      data: original,
    });
    expect(up.statusCode, up.body).toBe(201);
    const documentId = up.json<{ id: string }>().id;
    const cookie = await openSession(t.app, s.study.id, s.link);
    const code = await requestCode(t.app, s, cookie);
    const name = 'ليلى حداد';
    const signed = await t.app.inject({
      method: 'PUT',
      url: `/api/public/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
      headers: { cookie },
      payload: {
        documentId,
        language: 'ar',
        code,
        fullName: name,
        signature: signaturePng(),
        meaning: 'PARTICIPANT_CONSENT',
        clauses: [],
        readToEnd: true,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/downloadEConsentFile`,
      headers: { cookie },
    });
    expect(download.statusCode, download.body).toBe(200);
    const pdf = Buffer.from(download.json<{ data: string }>().data, 'base64');
    expect(verifyPdfSignatures(pdf)).toEqual([
      expect.objectContaining({ valid: true, digestMatches: true, coversWholeFile: true }),
    ]);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBe(2);
    const text = lastPageText(pdf, pages);
    expect(text).not.toContain('?');
    // The name, the Arabic labels (title, printed name, meaning) and the stated meaning.
    for (const expected of [
      name,
      'التوقيع الإلكتروني للمشارك',
      'الاسم المطبوع للموقّع',
      'معنى هذا التوقيع',
      'أوافق على المشاركة في الدراسة',
    ]) {
      expect(containsArabic(text, expected), `${expected} in ${text}`).toBe(true);
    }
    expect(text).not.toContain('Printed name of the signer');
    expect(text).toContain(sha256Hex(original));

    // Countersigned by the investigator: both pages in Arabic, sealed anew.
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
      payload: {},
    });
    expect(done.statusCode, done.body).toBe(200);
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/downloadSignedEConsentFile`,
      headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
    });
    expect(staff.statusCode).toBe(200);
    const countersigned = staff.rawPayload;
    expect(verifyPdfSignatures(countersigned).at(-1)).toMatchObject({ valid: true, coversWholeFile: true });
    const last = lastPageText(countersigned, 3);
    expect(containsArabic(last, 'التوقيع المقابل للباحث')).toBe(true);
    expect(last).not.toContain('?');
  });
});

/** Signs the e-consent in `language` as `name`; returns the participant page's text, spaces folded. */
async function signedPageText(language: string, name: string): Promise<string> {
  const s = await buildEConsentStudy(t.app, admin);
  const up = await uploadConsent(t.app, admin, s.study.id, {
    dataEventId: s.dataEventId,
    language,
    fileName: `consent-${language}.pdf`,
    data: await makePdf(1),
  });
  expect(up.statusCode, up.body).toBe(201);
  const cookie = await openSession(t.app, s.study.id, s.link);
  const code = await requestCode(t.app, s, cookie);
  const signed = await t.app.inject({
    method: 'PUT',
    url: `/api/public/studies/${s.study.id}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/setEconsentSigned`,
    headers: { cookie },
    payload: {
      documentId: up.json<{ id: string }>().id,
      language,
      code,
      fullName: name,
      signature: signaturePng(),
      meaning: 'PARTICIPANT_CONSENT',
      clauses: [],
      readToEnd: true,
    },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const download = await t.app.inject({
    method: 'GET',
    url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/downloadEConsentFile`,
    headers: { cookie },
  });
  expect(download.statusCode, download.body).toBe(200);
  const pdf = Buffer.from(download.json<{ data: string }>().data, 'base64');
  expect(verifyPdfSignatures(pdf)).toEqual([expect.objectContaining({ valid: true, coversWholeFile: true })]);
  return lastPageText(pdf, 2).replace(/\s+/g, ' ');
}

// Every participant language has the page's labels; a script the embedded fonts (Noto Sans: Latin,
// Greek, Cyrillic; Arabic; Hebrew) cover prints them in it.
describe(`signature page labels in the participant's language on ${engine}`, () => {
  it.each([
    {
      language: 'fr',
      name: 'Hélène Dubois',
      expected: [
        'Signature électronique du participant',
        'Nom du signataire en capitales',
        'Signification de cette signature',
        'Identité confirmée par',
        'Événement d’audit',
      ],
    },
    {
      language: 'el',
      name: 'Ελένη Παπαδοπούλου',
      expected: [
        'Ηλεκτρονική υπογραφή του συμμετέχοντα',
        'Ονοματεπώνυμο του υπογράφοντος με κεφαλαία',
        'Σημασία αυτής της υπογραφής',
        'Η ταυτότητα επιβεβαιώθηκε με',
        'Συμβάν ελέγχου',
      ],
    },
    {
      language: 'ru',
      name: 'Анна Иванова',
      expected: [
        'Электронная подпись участника',
        'Значение этой подписи',
        'Дата и время подписания',
        'Личность подтверждена',
        'Событие аудиторского следа',
      ],
    },
  ])('prints the labels in $language, with the name and no "?"', async ({ language, name, expected }) => {
    const text = await signedPageText(language, name);
    expect(text).not.toContain('?');
    for (const label of [name, ...expected]) expect(text, `${label} in ${text}`).toContain(label);
    for (const english of ['Printed name of the signer', 'Meaning of this signature', 'Audit event']) {
      expect(text).not.toContain(english);
    }
  });

  it('falls back to English labels and meaning for a script no embedded font has (Japanese), never "?"', async () => {
    const text = await signedPageText('ja', 'Yuki Tanaka');
    expect(text).not.toContain('?');
    expect(text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    for (const label of [
      'Yuki Tanaka',
      'Electronic signature of the participant',
      'Printed name of the signer',
      'Meaning of this signature',
      'Audit event',
    ]) {
      expect(text, `${label} in ${text}`).toContain(label);
    }
  });

  it('checks the translation, not the filled-in value: a value in a script without a font keeps the label', () => {
    expect(pageText('el', 'econsent:PAGE.NAME')).toBe('Ονοματεπώνυμο του υπογράφοντος με κεφαλαία');
    expect(pageText('zh-cn', 'econsent:PAGE.NAME')).toBe('Printed name of the signer');
    expect(meaningText('th', 'CONSENT_OBTAINED', '')).toBe(
      'I obtained the informed consent of this participant and confirm that it was given freely.',
    );
    expect(
      pageText('fr', 'econsent:PAGE.DOCUMENT_VALUE', { file: '同意.pdf', version: 2, language: 'fr' }),
    ).toBe('同意.pdf, version 2, langue fr');
  });
});
