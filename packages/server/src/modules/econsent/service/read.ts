/**
 * Reading e-consents (issue 24 items 3-5): the signing page's details, the signed-file info of a
 * token, a subject's e-consent list and the study's consent log, and the signed file itself, whose
 * stored SHA-256 is checked on every download (a changed stored file is refused and audited).
 */

import type { AuditActor } from '@trialbase/domain';
import {
  type EConsentLogRow,
  type EnrollmentStatus,
  econsentLanguageOf,
  econsentStateOf,
  type LanguageCode,
  PARTICIPANT_SIGNATURE_MEANINGS,
  type PaperEConsentView,
  type PublicEConsentDetails,
  publicEConsentView,
  type SignedEConsentInfo,
  type TokenStatus,
  tokenAccessProblem,
} from '@trialbase/domain';
import type { Db, Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { runUseCase } from '../../../platform/use-case';
import {
  type EConsentSignatureRow,
  type EConsentTokenRow,
  findCurrentEConsentFile,
  findPaperRecordOfToken,
  findSignatureOfToken,
  latestFileVersion,
  listCurrentEConsentFiles,
  listEConsentTokens,
} from '../repo';
import { clausesOf, codeChannelsOf, type EConsentToken, participantLanguageOf } from './context';
import { sha256Hex } from './pdf';

function signerView(s: EConsentSignatureRow['participant'] | null) {
  return s
    ? {
        name: s.name,
        meaning: s.meaning,
        meaningCode: s.meaningCode,
        signedTime: s.signedAt,
        auditEventId: s.auditEventId,
      }
    : null;
}

function paperView(row: EConsentTokenRow): PaperEConsentView | null {
  const p = row.paper;
  if (!p) return null;
  return {
    signedDate: p.signedDate,
    witness: p.witness,
    reason: p.reason,
    recordedBy: signerView(p.recordedBy) as NonNullable<ReturnType<typeof signerView>>,
    scan:
      p.scanFileName && p.scanSha256
        ? { fileName: p.scanFileName, size: row.scanSize ?? 0, sha256: p.scanSha256 }
        : null,
  };
}

/** One ECONSENT token as the staff screens show it. */
async function presentTokenRow(
  db: Executor,
  studyId: string,
  row: EConsentTokenRow,
): Promise<SignedEConsentInfo> {
  const s = row.signature;
  const newest = s ? await latestFileVersion(db, studyId, row.dataEventId, s.language) : 0;
  return {
    tokenId: row.tokenId,
    enrollmentId: row.enrollmentId,
    subjectId: row.subjectId,
    siteId: row.siteId,
    dataEventId: row.dataEventId,
    tokenStatus: row.tokenStatus as TokenStatus,
    state: econsentStateOf({
      hasParticipant: s !== null,
      hasInvestigator: s?.investigator != null,
      hasPaper: row.paper !== null,
    }),
    language: (s?.language as LanguageCode | undefined) ?? null,
    document: s
      ? {
          id: s.fileId,
          version: s.fileVersion,
          fileName: s.signedFileName.replace(/_signed\.pdf$/, '.pdf'),
          sha256: s.originalSha256,
        }
      : null,
    participant: signerView(s?.participant ?? null),
    identity: s ? { channel: s.identity.channel, maskedTo: s.identity.maskedTo } : null,
    investigator: signerView(s?.investigator ?? null),
    clauses: s?.clauses ?? [],
    signedFile: s
      ? {
          fileName: s.signedFileName,
          size: row.signedSize ?? 0,
          sha256: s.signedPdfSha256,
          originalSha256: s.originalSha256,
        }
      : null,
    isSupersededVersion: s !== null && newest > s.fileVersion,
    paper: paperView(row),
  };
}

/** `GET .../tokens/{tokenId}/signedEConsentFile`: the token's e-consent (404 for another enrollment's or type). */
export async function loadSignedEConsentInfo(
  db: Executor,
  input: { studyId: string; enrollmentId: string; tokenId: string },
): Promise<SignedEConsentInfo> {
  const [row] = await listEConsentTokens(db, input.studyId, { tokenId: input.tokenId });
  if (!row || row.enrollmentId !== input.enrollmentId) throw notFound('The token');
  return presentTokenRow(db, input.studyId, row);
}

/** The subject view's e-consent tab: every ECONSENT token of the subject. */
export async function listSubjectEConsents(db: Executor, input: { studyId: string; subjectId: string }) {
  const rows = await listEConsentTokens(db, input.studyId, { subjectId: input.subjectId });
  return { items: await Promise.all(rows.map((r) => presentTokenRow(db, input.studyId, r))) };
}

/** The study's consent log at the given sites ('ALL' for every site). */
export async function listConsentLog(
  db: Executor,
  input: { studyId: string; siteIds: 'ALL' | string[]; dataEventId?: string },
): Promise<{ items: EConsentLogRow[] }> {
  const rows = await listEConsentTokens(db, input.studyId, {
    siteIds: input.siteIds,
    dataEventId: input.dataEventId,
  });
  const items: EConsentLogRow[] = [];
  for (const row of rows) {
    const info = await presentTokenRow(db, input.studyId, row);
    items.push({
      tokenId: info.tokenId,
      enrollmentId: info.enrollmentId,
      subjectId: info.subjectId,
      siteId: info.siteId,
      dataEventId: info.dataEventId,
      tokenStatus: info.tokenStatus,
      state: info.state,
      language: info.language,
      document: info.document,
      participant: info.participant,
      investigator: info.investigator,
      isSupersededVersion: info.isSupersededVersion,
      paper: info.paper,
      subjectKey: row.subjectKey,
    });
  }
  return { items };
}

/** `GET /public/.../explicitConsentDetails`: what the signing page shows for this link now. */
export async function loadPublicDetails(
  db: Executor,
  link: EConsentToken,
  input: { language?: string; now: Date },
): Promise<PublicEConsentDetails> {
  const { study, token, enrollment, event } = link;
  const files = await listCurrentEConsentFiles(db, study.id, token.dataEventId);
  const signature = await findSignatureOfToken(db, study.id, token.id);
  const paper = signature ? null : await findPaperRecordOfToken(db, study.id, token.id);
  const languages = files.map((f) => f.language as LanguageCode);
  const language = signature
    ? (signature.language as LanguageCode)
    : econsentLanguageOf({
        asked: input.language,
        participant: participantLanguageOf(link),
        primary: study.primaryLanguage,
        available: languages,
      });
  const file = files.find((f) => f.language === language) ?? null;
  const problem = tokenAccessProblem(
    {
      status: token.status as TokenStatus,
      locked: token.locked,
      activationTime: token.activationTime,
      expiryTime: token.expiryTime,
      enrollmentStatus: enrollment.status as EnrollmentStatus,
    },
    input.now,
  );
  const clauses = clausesOf(event).map((c) => ({
    key: c.key,
    text: (language && c.text[language]) || c.text[study.primaryLanguage as LanguageCode] || '',
    required: c.required,
  }));
  return {
    tokenId: token.id,
    enrollmentId: enrollment.id,
    view: publicEConsentView({
      status: token.status as TokenStatus,
      hasSignature: signature !== null,
      hasDocument: file !== null,
      isUsable: problem === null,
    }),
    state: econsentStateOf({
      hasParticipant: signature !== null,
      hasInvestigator: signature?.investigator != null,
      hasPaper: paper !== null,
    }),
    language,
    languages,
    document:
      file && !signature
        ? {
            id: file.id,
            version: file.version,
            fileName: file.fileName,
            size: file.size,
            sha256: file.sha256,
            pageCount: file.pageCount,
          }
        : null,
    explicitConsent: event.explicitConsent === true,
    clauses,
    codeChannels: codeChannelsOf(link).map(({ channel, maskedTo }) => ({ channel, maskedTo })),
    meanings: [...PARTICIPANT_SIGNATURE_MEANINGS],
    signed: signature
      ? { fileName: signature.signedFileName, signedTime: signature.participant.signedAt }
      : null,
  };
}

/** The current document of the link's event in the language (for reading before signing). */
export async function loadPublicDocument(db: Executor, link: EConsentToken, language: string | undefined) {
  const files = await listCurrentEConsentFiles(db, link.study.id, link.token.dataEventId);
  const chosen = econsentLanguageOf({
    asked: language,
    participant: participantLanguageOf(link),
    primary: link.study.primaryLanguage,
    available: files.map((f) => f.language),
  });
  const file = chosen
    ? await findCurrentEConsentFile(db, link.study.id, link.token.dataEventId, chosen)
    : null;
  if (!file)
    throw new AppError('NOT_FOUND', 'There is no consent document for this link.', {
      id: 'ECONSENT_NO_DOCUMENT',
    });
  return file;
}

/**
 * The signed file of a token after its integrity check: the stored bytes must hash to the stored
 * SHA-256; otherwise the failure is audited (in its own transaction, as the download is refused) and
 * 409 ECONSENT_SIGNED_FILE_TAMPERED answers.
 */
export async function loadVerifiedSignedFile(
  db: Db,
  actor: AuditActor,
  input: { studyId: string; tokenId: string; now: Date },
): Promise<EConsentSignatureRow> {
  const row = await findSignatureOfToken(db, input.studyId, input.tokenId);
  if (!row) throw notFound('The signed consent');
  const actual = sha256Hex(row.signedPdf);
  if (actual !== row.signedPdfSha256) {
    await runUseCase(
      db,
      actor,
      async (ctx) =>
        ctx.audit({
          action: 'ECONSENT_INTEGRITY_FAILED',
          entityType: 'ECONSENT',
          entityId: row.id,
          studyId: input.studyId,
          after: { tokenId: row.tokenId, expectedSha256: row.signedPdfSha256, actualSha256: actual },
        }),
      input.now,
    );
    throw new AppError(
      'CONFLICT',
      'The stored signed consent does not match its recorded hash; it may have been changed.',
      {
        id: 'ECONSENT_SIGNED_FILE_TAMPERED',
        context: { expectedSha256: row.signedPdfSha256 },
      },
    );
  }
  return row;
}

/**
 * What the staff download gives: the signed PDF of an electronic consent, else the scanned paper of
 * a consent signed on paper; either after the same integrity check of its stored SHA-256.
 */
export async function loadVerifiedDownload(
  db: Db,
  actor: AuditActor,
  input: { studyId: string; tokenId: string; now: Date },
): Promise<{ id: string; fileName: string; data: Uint8Array; sha256: string }> {
  const paper = (await findSignatureOfToken(db, input.studyId, input.tokenId))
    ? null
    : await findPaperRecordOfToken(db, input.studyId, input.tokenId);
  if (!paper) {
    const row = await loadVerifiedSignedFile(db, actor, input);
    return { id: row.id, fileName: row.signedFileName, data: row.signedPdf, sha256: row.signedPdfSha256 };
  }
  if (!paper.scanPdf || !paper.scanSha256 || !paper.scanFileName) throw notFound('The scanned consent');
  const actual = sha256Hex(paper.scanPdf);
  if (actual !== paper.scanSha256) {
    await runUseCase(
      db,
      actor,
      async (ctx) =>
        ctx.audit({
          action: 'ECONSENT_INTEGRITY_FAILED',
          entityType: 'ECONSENT',
          entityId: paper.id,
          studyId: input.studyId,
          after: { tokenId: paper.tokenId, expectedSha256: paper.scanSha256, actualSha256: actual },
        }),
      input.now,
    );
    throw new AppError(
      'CONFLICT',
      'The stored scan does not match its recorded hash; it may have been changed.',
      {
        id: 'ECONSENT_SIGNED_FILE_TAMPERED',
        context: { expectedSha256: paper.scanSha256 },
      },
    );
  }
  return { id: paper.id, fileName: paper.scanFileName, data: paper.scanPdf, sha256: paper.scanSha256 };
}
