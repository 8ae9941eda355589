/**
 * The signature pages of a signed consent (issue 24 item 4; 21 CFR 11.50 signature manifestation,
 * 11.70 signature/record linking) and the signed PDF built from them. The participant's page is
 * rebuilt from what was stored, so the countersigned file is the original, the participant's page
 * and the investigator's page, sealed by one new signature of the server's key.
 */
import type { EConsentClauseAnswerView } from '@trialbase/domain';
import type { EConsentIdentity, EConsentSigner } from '../tables';
import { appendSignaturePage, type SignaturePage, type SigningKey, signPdf } from './pdf';

const FOOTER =
  'Signed electronically (21 CFR Part 11, 11.50 and 11.70). The document and its signature pages are sealed by ' +
  "the study system's digital signature: any change to this file invalidates it.";

export type ParticipantPageInput = {
  studyName: string;
  subjectKey: string;
  document: { fileName: string; version: number; language: string; sha256: string };
  signer: EConsentSigner;
  signedAtText: string;
  identity: EConsentIdentity;
  clauses: EConsentClauseAnswerView[];
  signaturePng: Uint8Array;
};

export function participantPage(input: ParticipantPageInput): SignaturePage {
  const via = input.identity.channel === 'EMAIL' ? 'email' : 'text message (SMS)';
  const rows = [
    { label: 'Study', value: input.studyName },
    { label: 'Subject', value: input.subjectKey },
    {
      label: 'Consent document',
      value: `${input.document.fileName}, version ${input.document.version}, language ${input.document.language}`,
    },
    { label: 'SHA-256 of the consent document', value: input.document.sha256 },
    { label: 'Printed name of the signer', value: input.signer.name },
    { label: 'Meaning of this signature', value: input.signer.meaning },
    { label: 'Date and time of signing', value: input.signedAtText },
    {
      label: 'Identity confirmed by',
      value: `A one-time code sent by ${via} to ${input.identity.maskedTo}, entered when signing`,
    },
    ...input.clauses.map((c) => ({
      label: `Clause ${c.key}${c.required ? ' (required)' : ''}: ${c.accepted ? 'ACCEPTED' : 'DECLINED'}`,
      value: c.text || c.key,
    })),
    { label: 'Audit event', value: input.signer.auditEventId },
  ];
  return {
    title: 'Electronic signature of the participant',
    rows,
    signaturePng: input.signaturePng,
    footer: FOOTER,
  };
}

export type InvestigatorPageInput = {
  signer: EConsentSigner;
  signedAtText: string;
  email: string | null;
  participantFileSha256: string;
};

export function investigatorPage(input: InvestigatorPageInput): SignaturePage {
  return {
    title: 'Countersignature of the investigator',
    rows: [
      { label: 'Printed name of the signer', value: input.signer.name },
      { label: 'Meaning of this signature', value: input.signer.meaning },
      { label: 'Date and time of signing', value: input.signedAtText },
      {
        label: 'Identity confirmed by',
        value: `Signed in as ${input.email ?? input.signer.userId ?? 'the user'} and password entered again when signing`,
      },
      { label: 'SHA-256 of the file the participant signed', value: input.participantFileSha256 },
      { label: 'Audit event', value: input.signer.auditEventId },
    ],
    signaturePng: null,
    footer: FOOTER,
  };
}

/** The original document with the given signature pages, signed by the server's key. */
export async function buildSignedPdf(
  original: Uint8Array,
  pages: SignaturePage[],
  key: SigningKey,
  info: { reason: string; location: string; signingTime: Date },
): Promise<Buffer> {
  let bytes: Uint8Array = original;
  let doc = await appendSignaturePage(bytes, pages[0] as SignaturePage);
  for (const page of pages.slice(1)) {
    bytes = await doc.save({ useObjectStreams: false });
    doc = await appendSignaturePage(bytes, page);
  }
  return signPdf(doc, key, info);
}
