/**
 * A consent signed on paper, recorded by staff (spec 001 §7 setEconsentSigned by staff; issue 24):
 * the participant signed the paper form in front of a witness; staff with the countersign permission
 * record the date, the witness and a reason, with their password (21 CFR 11.50: printed name, time,
 * meaning), optionally with the scanned paper as a PDF (checked like the consent documents). The
 * token completes as the e-consent flow says (markSigned), and the record is audited.
 */
import {
  checkPaperSignedDate,
  econsentStateMachine,
  type PaperEConsentBody,
  type TokenStatus,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { lockEnrollment } from '../../enrollments/api';
import { updateToken } from '../../enrollments/tokens/api';
import { assertStudyTakesDataWrites } from '../../studies/api';
import {
  type EConsentPaperRow,
  findPaperRecordOfToken,
  findSignatureOfToken,
  insertPaperRecord,
} from '../repo';
import type { EConsentSigner } from '../tables';
import { loadEConsentToken } from './context';
import { checkConsentPdf } from './documents';
import { sha256Hex } from './pdf';

/** What the recording signature means (shown in the password dialog, kept in the trail). */
export const PAPER_MEANING = 'Record that the participant signed the informed consent on paper.';

/** Today's date (YYYY-MM-DD) in a time zone, UTC when the zone is unknown. */
function todayIn(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const alreadySigned = () =>
  new AppError('CONFLICT', 'This consent is already signed.', { id: 'ECONSENT_ALREADY_SIGNED' });

/**
 * Staff `PUT .../setEconsentSigned` with `paper` (the password signature was checked by the route):
 * 409 when the consent is already signed (electronically or on paper) or the token can no longer
 * complete; 400 for a future date or a scan that is no usable PDF.
 */
export async function recordPaperConsent(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    enrollmentId: string;
    tokenId: string;
    paper: PaperEConsentBody;
    signature: Signature;
  },
): Promise<void> {
  const { studyId, paper } = input;
  await assertStudyTakesDataWrites(ctx, studyId);
  const enrollment = await lockEnrollment(ctx.tx, studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The token');
  const link = await loadEConsentToken(ctx.tx, input);
  if (await findSignatureOfToken(ctx.tx, studyId, input.tokenId, { lock: true })) throw alreadySigned();
  if (await findPaperRecordOfToken(ctx.tx, studyId, input.tokenId)) throw alreadySigned();
  const from = link.token.status as TokenStatus;
  if (!econsentStateMachine.can(from, 'markSigned')) {
    if (from === 'COMPLETED') throw alreadySigned();
    throw new AppError('CONFLICT', 'This consent link can no longer be signed.', {
      context: { status: from },
    });
  }
  const issues = checkPaperSignedDate(paper.signedDate, todayIn(ctx.now, link.enrollment.timeZone));
  if (issues.length > 0) throw validationError(issues, 'The date signed cannot be in the future.');
  const scan = paper.scan ? await checkConsentPdf(paper.scan, ['paper', 'scan']) : null;
  const id = newId(ctx.now);
  const auditEventId = newId(ctx.now);
  const recordedBy: EConsentSigner = {
    name: input.signature.printedName,
    meaning: PAPER_MEANING,
    meaningCode: 'PAPER_RECORDED',
    signedAt: ctx.now.toISOString(),
    timeZone: link.enrollment.timeZone,
    auditEventId,
    userId: input.signature.signerId,
  };
  const row: EConsentPaperRow = {
    studyId,
    id,
    tokenId: link.token.id,
    enrollmentId: link.enrollment.id,
    subjectId: link.enrollment.subjectId,
    siteId: link.enrollment.siteId,
    dataEventId: link.token.dataEventId,
    signedDate: paper.signedDate,
    witness: paper.witness.trim(),
    reason: paper.reason.trim(),
    recordedBy,
    scanFileName: paper.scan?.fileName ?? null,
    scanSha256: scan ? sha256Hex(scan.bytes) : null,
    scanPdf: scan ? scan.bytes : null,
    createdAt: ctx.now,
  };
  await insertPaperRecord(ctx.tx, row);
  const status = econsentStateMachine.next(from, 'markSigned');
  await updateToken(ctx.tx, studyId, link.token.id, {
    status,
    completedTime: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    id: auditEventId,
    action: 'ECONSENT_PAPER_RECORDED',
    entityType: 'ECONSENT',
    entityId: id,
    studyId,
    reason: row.reason,
    before: { tokenStatus: from },
    after: {
      tokenId: link.token.id,
      enrollmentId: link.enrollment.id,
      method: 'PAPER',
      signedDate: row.signedDate,
      witness: row.witness,
      scan: row.scanSha256 ? { fileName: row.scanFileName, sha256: row.scanSha256 } : null,
      tokenStatus: status,
      signature: input.signature,
    },
  });
}
