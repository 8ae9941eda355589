/** Set-up shared by the e-consent tests: a study with an e-consent event, PDFs, a drawn signature, and a signature checker. */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { DataEventInput } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import forge from 'node-forge';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { LoggedIn } from '../../../test/harness';
import { buildLinkStudy, cookieOf, lastCodeTo } from '../public/public-test-kit';

/** A small real PDF with the given number of pages. */
export async function makePdf(pages = 2, text = 'Participant information and consent'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${text} — page ${i + 1}`, { x: 50, y: 780, size: 14, font });
  }
  return Buffer.from(await doc.save());
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A drawn signature: an RGBA PNG with a diagonal stroke, as a data URL. */
export function signaturePng(width = 60, height = 20): string {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    const x = Math.round((y / height) * width);
    const at = y * (width * 4 + 1) + 1 + x * 4;
    raw[at + 3] = 255;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A production study whose only event is an e-consent event open at registration, with an enrolled subject. */
export async function buildEConsentStudy(
  app: FastifyInstance,
  admin: LoggedIn,
  extra: Partial<DataEventInput> = {},
) {
  const s = await buildLinkStudy(app, admin, {
    events: (p) => [
      {
        id: `${p}-ec`,
        type: 'TYPE_ECONSENT',
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
        consentFile: { fileName: 'consent.pdf' },
        ...extra,
      },
    ],
  });
  const token = s.tokens[0];
  if (!token) throw new Error('no e-consent token');
  return { ...s, dataEventId: token.dataEventId, tokenId: token.id };
}

export async function uploadConsent(
  app: FastifyInstance,
  admin: LoggedIn,
  studyId: string,
  body: { dataEventId: string; language: string; fileName?: string; data: Buffer | string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/eConsentFile`,
    headers: admin.headers,
    payload: {
      dataEventId: body.dataEventId,
      language: body.language,
      fileName: body.fileName ?? 'consent.pdf',
      dataBase64: typeof body.data === 'string' ? body.data : body.data.toString('base64'),
    },
  });
}

/** Opens the participant session of the link (validateToken) and returns its cookie. */
export async function openSession(app: FastifyInstance, studyId: string, link: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/public/studies/${studyId}/token/validateToken`,
    payload: { token: link },
  });
  const cookie = cookieOf(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`validate failed ${res.statusCode} ${res.body}`);
  return cookie;
}

/** Asks for the signing code by email and reads it from the outbox. */
export async function requestCode(
  app: FastifyInstance,
  s: { study: { id: string }; tokenId: string; email: string },
  cookie: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/public/studies/${s.study.id}/tokens/${s.tokenId}/eConsentCode`,
    headers: { cookie },
    payload: { channel: 'EMAIL' },
  });
  if (res.statusCode !== 200) throw new Error(`code failed ${res.statusCode} ${res.body}`);
  return lastCodeTo(app, s.email);
}

/** Each signature of a PDF: the bytes its /ByteRange covers and its CMS, read from /Contents. */
export function pdfSignaturesOf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const found: { signed: Buffer; cms: forge.asn1.Asn1; coversWholeFile: boolean }[] = [];
  const re = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    // The /Contents placeholder is padded with zeros after the CMS; the CMS's own length says where
    // it ends (parseAllBytes: false). Stripping trailing "00"s instead cut a CMS whose last byte is
    // zero, about one signature in 256 (a CI run of 2026-11-28: "Too few bytes to read ASN.1 value").
    const der = Buffer.from(text.slice(a + b + 1, c - 1), 'hex').toString('binary');
    found.push({
      signed: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
      cms: forge.asn1.fromDer(forge.util.createBuffer(der), { parseAllBytes: false } as unknown as boolean),
      coversWholeFile: c + d === pdf.length,
    });
  }
  return found;
}

/** The digital signatures of a PDF: each /ByteRange with its CMS, checked with node-forge. */
export function verifyPdfSignatures(pdf: Buffer) {
  const results: { valid: boolean; digestMatches: boolean; coversWholeFile: boolean; signer: string }[] = [];
  for (const { signed, cms: asn1, coversWholeFile } of pdfSignaturesOf(pdf)) {
    const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
    };
    const attrs = message.rawCapture.authenticatedAttributes;
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs);
    const md = forge.md.sha256.create();
    md.update(forge.asn1.toDer(set).getBytes());
    const cert = message.certificates[0] as forge.pki.Certificate;
    const valid = (cert.publicKey as forge.pki.rsa.PublicKey).verify(
      md.digest().getBytes(),
      message.rawCapture.signature,
    );
    const digestAttr = attrs.find(
      (attr) =>
        forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]?.value as string) ===
        forge.pki.oids.messageDigest,
    );
    const digestSet = ((digestAttr?.value ?? []) as forge.asn1.Asn1[])[1];
    const expected = ((digestSet?.value ?? []) as forge.asn1.Asn1[])[0]?.value as string;
    const actual = createHash('sha256').update(signed).digest().toString('binary');
    results.push({
      valid,
      digestMatches: expected === actual,
      coversWholeFile,
      signer: String(cert.subject.getField('CN')?.value ?? ''),
    });
  }
  return results;
}

export { buildLinkStudy };
