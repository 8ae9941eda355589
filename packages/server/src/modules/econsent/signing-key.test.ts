/**
 * Issue 24 item 4: the signing key. A configured PKCS#12 (TRIALBASE_ECONSENT_P12 and passphrase) signs
 * the PDFs; without one, a self-signed key is made on first use and kept in the database, so a second
 * server (or a restart) signs with the same key.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../../test/harness';
import { makePdf, pdfSignaturesOf, verifyPdfSignatures } from './econsent-test-kit';
import { insertSigningKey, readSigningKey } from './repo';
import { signPdf } from './service/pdf';
import { generateSigningKey, signingKeyOf } from './service/signing-key';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A P12 with its own common name, as an operator would configure. */
function configuredP12(commonName: string, passphrase: string): Buffer {
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2036-01-01T00:00:00Z');
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer([{ name: 'commonName', value: commonName }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** The signing key of a P12 file configured as an operator would (TRIALBASE_ECONSENT_P12 and passphrase). */
async function configuredKey(commonName: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'econsent-key-')), 'key.p12');
  writeFileSync(file, configuredP12(commonName, 'secret-pass'));
  return signingKeyOf(
    {} as never,
    { econsentP12Path: file, econsentP12Passphrase: 'secret-pass' },
    new Date(),
  );
}

describe(`e-consent signing key on ${engine}`, () => {
  it('signs with the configured P12 when one is set', async () => {
    const key = await configuredKey('Hospital Trial Office');
    expect(key.subject).toBe('Hospital Trial Office');
    const doc = await PDFDocument.load(await makePdf(1));
    const signed = await signPdf(doc, key, { reason: 'test', location: 'test', signingTime: new Date() });
    expect(verifyPdfSignatures(signed)).toEqual([
      { valid: true, digestMatches: true, coversWholeFile: true, signer: 'Hospital Trial Office' },
    ]);
  });

  it('is checked whole when its CMS ends in a zero byte (the test kit reads the CMS by its own length)', async () => {
    const key = await configuredKey('Zero Ending Office');
    const doc = await PDFDocument.load(await makePdf(1));
    // The signing time changes the signed attributes and so the signature: about one in 256 ends in zero.
    for (let second = 0; second < 4_000; second++) {
      const signingTime = new Date(Date.UTC(2026, 6, 1, 8, 0, second));
      const signed = await signPdf(await doc.copy(), key, { reason: 'test', location: 'test', signingTime });
      const [signature] = pdfSignaturesOf(signed);
      if (!signature || !forge.asn1.toDer(signature.cms).getBytes().endsWith('\0')) continue;
      expect(verifyPdfSignatures(signed)).toEqual([
        { valid: true, digestMatches: true, coversWholeFile: true, signer: 'Zero Ending Office' },
      ]);
      return;
    }
    throw new Error('no signature ending in a zero byte in 4,000 signing times');
  });

  it('without one, makes a key on first use, keeps it in the database and never replaces it', async () => {
    const db = t.app.database.db;
    const now = new Date('2026-07-01T08:00:00Z');
    const first = await signingKeyOf(db, {}, now);
    const stored = await readSigningKey(db);
    expect(Buffer.from(stored?.p12 ?? []).equals(Buffer.from(first.p12))).toBe(true);
    // A second server racing on first use loses its insert and reads the same key.
    await insertSigningKey(db, { ...generateSigningKey(now), createdAt: now });
    const again = await readSigningKey(db);
    expect(Buffer.from(again?.p12 ?? []).equals(Buffer.from(first.p12))).toBe(true);
    const doc = await PDFDocument.load(await makePdf(1));
    const signed = await signPdf(doc, first, { reason: 'test', location: 'test', signingTime: now });
    expect(verifyPdfSignatures(signed)[0]).toMatchObject({
      valid: true,
      signer: 'Trialbase e-consent signing',
    });
  });
});
