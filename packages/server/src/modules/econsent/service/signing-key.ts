/**
 * The key that signs e-consent PDFs (issue 24 item 4): the configured PKCS#12 file
 * (TRIALBASE_ECONSENT_P12 and its passphrase), else a self-signed RSA key and certificate made on
 * first use and kept in `econsent_signing_key`, so it stays the same across restarts and servers.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import forge from 'node-forge';
import type { Config } from '../../../platform/config';
import type { Executor } from '../../../platform/db/client';
import { insertSigningKey, readSigningKey } from '../repo';
import type { SigningKey } from './pdf';

const SUBJECT = 'Trialbase e-consent signing';

/** A self-signed certificate for ten years, as a PKCS#12 protected by a random passphrase. */
export function generateSigningKey(now: Date): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const attrs = [
    { name: 'commonName', value: SUBJECT },
    { name: 'organizationName', value: 'Trialbase' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase, subject: SUBJECT };
}

/** The common name of the P12's certificate, for the signature's name field. */
function subjectOf(p12: Buffer, passphrase: string): string {
  const asn1 = forge.asn1.fromDer(p12.toString('binary'));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  const certBag = forge.pki.oids.certBag as string;
  const bags = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const cn = bags[0]?.cert?.subject.getField('CN') as { value?: string } | null | undefined;
  return cn?.value ?? SUBJECT;
}

const cached = new WeakMap<object, Promise<SigningKey>>();

async function loadSigningKey(
  db: Executor,
  config: Pick<Config, 'econsentP12Path' | 'econsentP12Passphrase'>,
  now: Date,
): Promise<SigningKey> {
  if (config.econsentP12Path) {
    const p12 = await readFile(config.econsentP12Path);
    const passphrase = config.econsentP12Passphrase ?? '';
    return { p12, passphrase, subject: subjectOf(p12, passphrase) };
  }
  const stored = await readSigningKey(db);
  if (stored) return stored;
  // Two servers starting at once: the first insert wins and both read it back.
  await insertSigningKey(db, { ...generateSigningKey(now), createdAt: now });
  const row = await readSigningKey(db);
  if (!row) throw new Error('The e-consent signing key could not be stored.');
  return row;
}

/** The signing key of this installation, read once per database handle. */
export function signingKeyOf(
  db: Executor,
  config: Pick<Config, 'econsentP12Path' | 'econsentP12Passphrase'>,
  now: Date,
): Promise<SigningKey> {
  let key = cached.get(db);
  if (!key) {
    key = loadSigningKey(db, config, now);
    key.catch(() => cached.delete(db));
    cached.set(db, key);
  }
  return key;
}
