/**
 * The signature pages of a signed consent (issue 24 item 4; 21 CFR 11.50 signature manifestation,
 * 11.70 signature/record linking) and the signed PDF built from them. The pages print in the
 * language the participant signed in (token eConsentLanguage; server catalog `econsent`), right to
 * left for Arabic, Hebrew and Urdu; a label in a script the embedded fonts lack prints in English
 * (pageText).
 * The participant's page is rebuilt from what was stored, so the countersigned file is the original,
 * the participant's page and the investigator's page, sealed by one new signature of the server's key.
 */
import { type EConsentClauseAnswerView, isRtlLanguage } from '@trialbase/domain';
import type { TOptions } from 'i18next';
import { type ServerKey, t } from '../../../platform/i18n/i18n';
import type { EConsentIdentity, EConsentSigner } from '../tables';
import { isPrintable } from './page-text';
import { appendSignaturePage, type SignaturePage, type SigningKey, signPdf } from './pdf';

/**
 * A label of the `econsent` catalog in the language (every participant language has them), in
 * English when the embedded fonts cannot print the translation: the page's own words are then all
 * English (bn, hi, ja, ko, ta, th, zh-cn and zh-tw have no Noto font embedded, so their labels
 * would print as '?'), readable rather than a page of question marks. The translation, not the
 * filled-in text, is checked: a value (a file name, an email) in a script without a font keeps
 * the label in the signer's language and prints its own letters as '?', as a name does.
 */
export function pageText(language: string, key: ServerKey, vars: TOptions = {}): string {
  return isPrintable(t([language], key)) ? t([language], key, vars) : t('en', key, vars);
}

/** The meaning of a signature as the page states it (the participant page's statement, 21 CFR 11.50(a)(3)). */
export function meaningText(language: string, meaningCode: string, fallback: string): string {
  switch (meaningCode) {
    case 'PARTICIPANT_CONSENT':
    case 'REPRESENTATIVE_CONSENT':
    case 'CONSENT_OBTAINED':
      return pageText(language, `econsent:MEANING.${meaningCode}`);
    default:
      return fallback;
  }
}

/**
 * A time as the signature page prints it: the local date and time in the page's language, then the
 * time zone with its offset, then the instant in UTC (each on its own line, so none mixes directions).
 */
export function formatSigningTime(at: Date, timeZone: string, language = 'en'): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const options: Intl.DateTimeFormatOptions = {
    timeZone: zone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  };
  let local = '';
  try {
    local = new Intl.DateTimeFormat(language, options).format(at);
  } catch {
    local = '';
  }
  if (!local || !isPrintable(local)) local = new Intl.DateTimeFormat('en-GB', options).format(at);
  const offset =
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return `${local}\n${zone} (${offset})\n${at.toISOString()}`;
}

const pageOf = (language: string, title: string, rows: SignaturePage['rows'], png: Uint8Array | null) => ({
  title,
  rows,
  signaturePng: png,
  footer: pageText(language, 'econsent:PAGE.FOOTER'),
  rtl: isRtlLanguage(language),
});

export type ParticipantPageInput = {
  /** The language signed in (the document's, token eConsentLanguage): the page prints in it. */
  language: string;
  studyName: string;
  subjectKey: string;
  document: { fileName: string; version: number; language: string; sha256: string };
  signer: EConsentSigner;
  signedAt: Date;
  identity: EConsentIdentity;
  clauses: EConsentClauseAnswerView[];
  signaturePng: Uint8Array;
};

export function participantPage(input: ParticipantPageInput): SignaturePage {
  const lng = input.language;
  const label = (key: ServerKey, vars: TOptions = {}) => pageText(lng, key, vars);
  const rows = [
    { label: label('econsent:PAGE.STUDY'), value: input.studyName },
    { label: label('econsent:PAGE.SUBJECT'), value: input.subjectKey },
    {
      label: label('econsent:PAGE.DOCUMENT'),
      value: label('econsent:PAGE.DOCUMENT_VALUE', {
        file: input.document.fileName,
        version: input.document.version,
        language: input.document.language,
      }),
    },
    { label: label('econsent:PAGE.DOCUMENT_SHA'), value: input.document.sha256 },
    { label: label('econsent:PAGE.NAME'), value: input.signer.name },
    {
      label: label('econsent:PAGE.MEANING'),
      value: meaningText(lng, input.signer.meaningCode, input.signer.meaning),
    },
    {
      label: label('econsent:PAGE.TIME'),
      value: formatSigningTime(input.signedAt, input.signer.timeZone, lng),
    },
    {
      label: label('econsent:PAGE.IDENTITY'),
      value: label(
        input.identity.channel === 'EMAIL' ? 'econsent:PAGE.IDENTITY_EMAIL' : 'econsent:PAGE.IDENTITY_SMS',
        { to: input.identity.maskedTo },
      ),
    },
    ...input.clauses.map((c) => ({
      label: label(c.required ? 'econsent:PAGE.CLAUSE_REQUIRED' : 'econsent:PAGE.CLAUSE', {
        key: c.key,
        answer: label(c.accepted ? 'econsent:PAGE.ACCEPTED' : 'econsent:PAGE.DECLINED'),
      }),
      value: c.text || c.key,
    })),
    { label: label('econsent:PAGE.AUDIT_EVENT'), value: input.signer.auditEventId },
  ];
  return pageOf(lng, label('econsent:PAGE.PARTICIPANT_TITLE'), rows, input.signaturePng);
}

export type InvestigatorPageInput = {
  language: string;
  signer: EConsentSigner;
  signedAt: Date;
  email: string | null;
  participantFileSha256: string;
};

export function investigatorPage(input: InvestigatorPageInput): SignaturePage {
  const lng = input.language;
  const label = (key: ServerKey, vars: TOptions = {}) => pageText(lng, key, vars);
  return pageOf(
    lng,
    label('econsent:PAGE.INVESTIGATOR_TITLE'),
    [
      { label: label('econsent:PAGE.NAME'), value: input.signer.name },
      {
        label: label('econsent:PAGE.MEANING'),
        value: meaningText(lng, input.signer.meaningCode, input.signer.meaning),
      },
      {
        label: label('econsent:PAGE.TIME'),
        value: formatSigningTime(input.signedAt, input.signer.timeZone, lng),
      },
      {
        label: label('econsent:PAGE.IDENTITY'),
        value: label('econsent:PAGE.IDENTITY_STAFF', {
          user: input.email ?? input.signer.userId ?? '—',
        }),
      },
      { label: label('econsent:PAGE.SIGNED_FILE_SHA'), value: input.participantFileSha256 },
      { label: label('econsent:PAGE.AUDIT_EVENT'), value: input.signer.auditEventId },
    ],
    null,
  );
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
