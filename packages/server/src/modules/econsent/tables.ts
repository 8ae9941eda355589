import type { EConsentClauseAnswerView, EConsentCodeChannel } from '@trialbase/domain';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Consent documents (spec 000 §7 eConsentFile, §9 consent PDF limit; issue 24 item 1): one PDF per
 * language of an e-consent data event, versioned; the newest version of an event and language is
 * the one participants read and sign. Checked by content before it is stored; never changed after.
 */
export const econsentFiles = pgTable(
  'econsent_file',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    processId: text('process_id').notNull(),
    dataEventId: text('data_event_id').notNull(),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('econsent_file_version_key').on(t.studyId, t.dataEventId, t.language, t.version),
  ],
);

/** How the participant's identity was confirmed before signing (21 CFR 11.200 via a one-time code). */
export type EConsentIdentity = { channel: EConsentCodeChannel; maskedTo: string; otpId: string };

/** One signer's record on the signature page (21 CFR 11.50: printed name, time, meaning). */
export type EConsentSigner = {
  name: string;
  meaning: string;
  meaningCode: string;
  signedAt: string;
  timeZone: string;
  auditEventId: string;
  userId: string | null;
};

/**
 * The e-consent of one ECONSENT token (issue 24 items 3-5): the participant's signature (typed name,
 * drawn image, meaning, clause answers, how identity was confirmed) and the investigator's
 * countersignature; the server-signed PDFs with their SHA-256 (checked on every download).
 * `participantPdf` is the file as the participant signed it; `signedPdf` the latest (countersigned).
 */
export const econsentSignatures = pgTable(
  'econsent_signature',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    tokenId: text('token_id').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    subjectId: text('subject_id').notNull(),
    siteId: text('site_id').notNull(),
    dataEventId: text('data_event_id').notNull(),
    fileId: text('file_id').notNull(),
    fileVersion: integer('file_version').notNull(),
    language: text('language').notNull(),
    originalSha256: text('original_sha256').notNull(),
    participant: jsonb('participant').$type<EConsentSigner>().notNull(),
    identity: jsonb('identity').$type<EConsentIdentity>().notNull(),
    signatureImage: bytea('signature_image').notNull(),
    clauses: jsonb('clauses').$type<EConsentClauseAnswerView[]>().notNull().default([]),
    investigator: jsonb('investigator').$type<EConsentSigner>(),
    signedFileName: text('signed_file_name').notNull(),
    participantPdf: bytea('participant_pdf').notNull(),
    participantPdfSha256: text('participant_pdf_sha256').notNull(),
    signedPdf: bytea('signed_pdf').notNull(),
    signedPdfSha256: text('signed_pdf_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('econsent_signature_token_key').on(t.studyId, t.tokenId),
    index('econsent_signature_subject_idx').on(t.studyId, t.subjectId),
  ],
);

/**
 * A consent signed on paper, recorded by staff (spec 001 §7 setEconsentSigned; issue 24): the date
 * the participant signed, the witness, the reason, who recorded it (a password signature with its
 * audit event) and, when uploaded, the scanned paper as a PDF with its SHA-256 (checked on download).
 * At most one per token; a token with one has no electronic signature and is COMPLETED.
 */
export const econsentPaperRecords = pgTable(
  'econsent_paper',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    tokenId: text('token_id').notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    subjectId: text('subject_id').notNull(),
    siteId: text('site_id').notNull(),
    dataEventId: text('data_event_id').notNull(),
    signedDate: text('signed_date').notNull(),
    witness: text('witness').notNull(),
    reason: text('reason').notNull(),
    recordedBy: jsonb('recorded_by').$type<EConsentSigner>().notNull(),
    scanFileName: text('scan_file_name'),
    scanSha256: text('scan_sha256'),
    scanPdf: bytea('scan_pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('econsent_paper_token_key').on(t.studyId, t.tokenId),
    index('econsent_paper_subject_idx').on(t.studyId, t.subjectId),
  ],
);

/**
 * The server's signing key when none is configured (README: TRIALBASE_ECONSENT_P12): a self-signed
 * certificate made on first use and kept here, so every server of the installation signs with the
 * same key. One row, `id = 'default'`.
 */
export const econsentSigningKeys = pgTable('econsent_signing_key', {
  id: text('id').primaryKey(),
  p12: bytea('p12').notNull(),
  passphrase: text('passphrase').notNull(),
  subject: text('subject').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
