/**
 * Signing an e-consent (spec 002 §4, §7 setEconsentSigned; issue 24 items 3-5): the participant's
 * signing code, the participant's signature (code, typed name, drawn signature, meaning, explicit
 * answers) with the server-signed PDF, and the investigator's countersignature with the password,
 * which completes the token. Each function is one use case.
 */
import {
  checkClauseAnswers,
  ECONSENT_SIGNATURE_INVALID,
  ECONSENT_SIGNATURE_MAX_BYTES,
  type EConsentClauseAnswerView,
  type EConsentCodeChannel,
  econsentStateMachine,
  type FieldIssue,
  type InvestigatorSignatureMeaning,
  type ParticipantSignatureMeaning,
  type PublicEConsentSigned,
  type PublicSignEConsentBody,
  parseTokenDetails,
  signedFileNameOf,
  type TokenStatus,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { t } from '../../../platform/i18n/i18n';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { lockEnrollment } from '../../enrollments/api';
import { updateToken } from '../../enrollments/tokens/api';
import type { Captcha } from '../../public/captcha';
import { assertLinkUsable } from '../../public/service/link';
import {
  type CodeCheck,
  checkOneTimePassword,
  sendOneTimePassword,
} from '../../public/service/one-time-password';
import { assertStudyTakesDataWrites } from '../../studies/api';
import {
  type EConsentSignatureRow,
  findCurrentEConsentFile,
  findEConsentFile,
  findPaperRecordOfToken,
  findSignatureOfToken,
  insertSignature,
  updateSignature,
} from '../repo';
import type { EConsentSigner } from '../tables';
import {
  clausesOf,
  codeChannelsOf,
  type EConsentToken,
  loadEConsentToken,
  participantLanguageOf,
} from './context';
import { decodeSignaturePng, isEmbeddablePng, type SigningKey, sha256Hex } from './pdf';
import { buildSignedPdf, investigatorPage, participantPage } from './signed-pdf';

/** What each meaning says (21 CFR 11.50(a)(3)), in English for the record; the page prints it in the signed language. */
export function participantMeaningText(meaning: ParticipantSignatureMeaning): string {
  return t('en', `econsent:MEANING.${meaning}`);
}

export function investigatorMeaningText(meaning: InvestigatorSignatureMeaning): string {
  return t('en', `econsent:MEANING.${meaning}`);
}

/** `POST /public/.../tokens/{tokenId}/eConsentCode`: the signing code to the subject's email or phone (412 in the cooldown). */
export async function sendSigningCode(
  ctx: UseCaseContext,
  input: { studyId: string; tokenId: string; channel: EConsentCodeChannel },
) {
  const link = await loadEConsentToken(ctx.tx, input);
  assertLinkUsable(link, ctx.now);
  if (await findSignatureOfToken(ctx.tx, input.studyId, link.token.id)) {
    throw new AppError('CONFLICT', 'This consent has already been signed.', {
      id: 'ECONSENT_ALREADY_SIGNED',
    });
  }
  const recipient = codeChannelsOf(link).find((c) => c.channel === input.channel);
  if (!recipient) {
    throw validationError(
      [{ path: ['channel'], message: 'ECONSENT.NO_ADDRESS' }],
      'There is no address for this channel. Contact the study team.',
    );
  }
  return sendOneTimePassword(ctx, {
    studyId: input.studyId,
    purpose: 'ECONSENT',
    subjectRef: link.token.id,
    recipients: [{ channel: recipient.channel, to: recipient.to }],
    languages: { recipient: participantLanguageOf(link), primary: link.study.primaryLanguage },
  });
}

/** The signature image and clause answers, checked before the code is used up (a form error costs no code). */
async function checkSigningForm(link: EConsentToken, body: PublicSignEConsentBody, language: string) {
  const issues: FieldIssue[] = [];
  const png = decodeSignaturePng(body.signature, ECONSENT_SIGNATURE_MAX_BYTES);
  if (!png || !(await isEmbeddablePng(png)))
    issues.push({ path: ['signature'], message: ECONSENT_SIGNATURE_INVALID });
  const clauses = clausesOf(link.event);
  issues.push(...checkClauseAnswers(clauses, body.clauses ?? []));
  if (issues.length > 0 || !png) throw validationError(issues, 'The signature cannot be accepted.');
  const answers = new Map((body.clauses ?? []).map((a) => [a.key, a.accepted]));
  const recorded: EConsentClauseAnswerView[] = clauses.map((c) => ({
    key: c.key,
    text:
      c.text[language as keyof typeof c.text] ??
      c.text[link.study.primaryLanguage as keyof typeof c.text] ??
      '',
    required: c.required,
    accepted: answers.get(c.key) === true,
  }));
  return { png, clauses: recorded };
}

type SignInput = {
  studyId: string;
  enrollmentId: string;
  tokenId: string;
  body: PublicSignEConsentBody;
  verifier: Captcha;
  key: SigningKey;
};

/**
 * `PUT /public/.../setEconsentSigned` (spec 002 §4, §7): refused without a valid code; the signed
 * PDF (original + signature page, sealed by the server key) is stored with its SHA-256, the token
 * keeps the language and keys and waits (IN_USE) for the investigator's countersignature.
 */
export async function signAsParticipant(
  ctx: UseCaseContext,
  input: SignInput,
): Promise<{ check: Exclude<CodeCheck, { ok: true }> } | { signed: PublicEConsentSigned }> {
  const { studyId, body } = input;
  // A locked or closed study takes no signatures (409 STUDY_STATUS_MISMATCH), as other data writes.
  await assertStudyTakesDataWrites(ctx, studyId);
  const enrollment = await lockEnrollment(ctx.tx, studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The token');
  const link = await loadEConsentToken(ctx.tx, input);
  assertLinkUsable(link, ctx.now);
  if (await findSignatureOfToken(ctx.tx, studyId, input.tokenId, { lock: true })) {
    throw new AppError('CONFLICT', 'This consent has already been signed.', {
      id: 'ECONSENT_ALREADY_SIGNED',
    });
  }
  const document = await findCurrentEConsentFile(ctx.tx, studyId, link.token.dataEventId, body.language);
  if (!document)
    throw new AppError('NOT_FOUND', 'There is no consent document in this language.', {
      id: 'ECONSENT_NO_DOCUMENT',
    });
  if (document.id !== body.documentId) {
    throw new AppError(
      'PRECONDITION',
      'A newer version of the consent document was published. Read it again.',
      {
        id: 'ECONSENT_DOCUMENT_CHANGED',
        context: { documentId: document.id, version: document.version },
      },
    );
  }
  const form = await checkSigningForm(link, body, body.language);
  const check = await checkOneTimePassword(ctx, {
    studyId,
    purpose: 'ECONSENT',
    subjectRef: link.token.id,
    password: body.code,
    captcha: body.captcha,
    verifier: input.verifier,
  });
  if (!check.ok) {
    await ctx.audit({
      action: 'ECONSENT_SIGN_REFUSED',
      entityType: 'ECONSENT',
      entityId: link.token.id,
      studyId,
      after: { tokenId: link.token.id, reason: check.reason, failures: check.failures },
    });
    return { check };
  }
  const channel = (check.otp.channel === 'SMS' ? 'SMS' : 'EMAIL') as EConsentCodeChannel;
  const maskedTo = codeChannelsOf(link).find((c) => c.channel === channel)?.maskedTo ?? '***';
  const id = newId(ctx.now);
  const auditEventId = newId(ctx.now);
  const signer: EConsentSigner = {
    name: body.fullName.trim(),
    meaning: participantMeaningText(body.meaning),
    meaningCode: body.meaning,
    signedAt: ctx.now.toISOString(),
    timeZone: link.enrollment.timeZone,
    auditEventId,
    userId: null,
  };
  const identity = { channel, maskedTo, otpId: check.otp.id };
  const page = participantPage({
    language: document.language,
    studyName: link.study.name,
    subjectKey: link.subject?.patientId ?? link.enrollment.subjectId,
    document: {
      fileName: document.fileName,
      version: document.version,
      language: document.language,
      sha256: document.sha256,
    },
    signer,
    signedAt: ctx.now,
    identity,
    clauses: form.clauses,
    signaturePng: form.png,
  });
  const pdf = await buildSignedPdf(document.data, [page], input.key, {
    reason: 'Informed consent signed by the participant',
    location: link.study.name,
    signingTime: ctx.now,
  });
  const pdfSha = sha256Hex(pdf);
  const row: EConsentSignatureRow = {
    studyId,
    id,
    tokenId: link.token.id,
    enrollmentId: link.enrollment.id,
    subjectId: link.enrollment.subjectId,
    siteId: link.enrollment.siteId,
    dataEventId: link.token.dataEventId,
    fileId: document.id,
    fileVersion: document.version,
    language: document.language,
    originalSha256: document.sha256,
    participant: signer,
    identity,
    signatureImage: form.png,
    clauses: form.clauses,
    investigator: null,
    signedFileName: signedFileNameOf(document.fileName),
    participantPdf: pdf,
    participantPdfSha256: pdfSha,
    signedPdf: pdf,
    signedPdfSha256: pdfSha,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertSignature(ctx.tx, row);
  const status = econsentStateMachine.next(link.token.status as TokenStatus, 'openSigning');
  const details = {
    ...parseTokenDetails(link.token.details),
    eConsentLanguage: document.language,
    eConsentKeys: { subjectKeys: { processKey: document.id, signeeKey: id } },
  };
  await updateToken(ctx.tx, studyId, link.token.id, { status, details, updatedAt: ctx.now });
  await ctx.audit({
    id: auditEventId,
    action: 'ECONSENT_SIGNED',
    entityType: 'ECONSENT',
    entityId: id,
    studyId,
    after: {
      tokenId: link.token.id,
      enrollmentId: link.enrollment.id,
      fileId: document.id,
      version: document.version,
      language: document.language,
      originalSha256: document.sha256,
      signedSha256: pdfSha,
      printedName: signer.name,
      meaning: body.meaning,
      identity: { channel, maskedTo },
      clauses: form.clauses.map((c) => ({ key: c.key, accepted: c.accepted })),
      tokenStatus: status,
    },
  });
  return {
    signed: {
      next: 'ECONSENT_FILL',
      state: 'SIGNED_BY_PARTICIPANT',
      signedTime: signer.signedAt,
      fileName: row.signedFileName,
    },
  };
}

/**
 * Staff `PUT .../setEconsentSigned` (issue 24 item 5): the investigator countersigns (the password
 * signature was checked by the route); the signed PDF is rebuilt as original + participant page +
 * investigator page, sealed anew; the token completes.
 */
export async function countersign(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    enrollmentId: string;
    tokenId: string;
    meaning: InvestigatorSignatureMeaning;
    signature: Signature;
    email: string | null;
    key: SigningKey;
  },
): Promise<void> {
  const { studyId } = input;
  await assertStudyTakesDataWrites(ctx, studyId);
  const enrollment = await lockEnrollment(ctx.tx, studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The token');
  const link = await loadEConsentToken(ctx.tx, input);
  const row = await findSignatureOfToken(ctx.tx, studyId, input.tokenId, { lock: true });
  if (!row && (await findPaperRecordOfToken(ctx.tx, studyId, input.tokenId)))
    throw new AppError('CONFLICT', 'This consent was signed on paper.', { id: 'ECONSENT_ALREADY_SIGNED' });
  if (!row)
    throw new AppError('PRECONDITION', 'The participant has not signed yet.', { id: 'ECONSENT_NOT_SIGNED' });
  if (row.investigator)
    throw new AppError('CONFLICT', 'This consent is already countersigned.', {
      id: 'ECONSENT_ALREADY_SIGNED',
    });
  const original = await findEConsentFile(ctx.tx, studyId, row.fileId);
  if (!original) throw new AppError('INTERNAL', 'The signed consent document is missing.');
  const auditEventId = newId(ctx.now);
  const signer: EConsentSigner = {
    name: input.signature.printedName,
    meaning: investigatorMeaningText(input.meaning),
    meaningCode: input.meaning,
    signedAt: ctx.now.toISOString(),
    timeZone: link.enrollment.timeZone,
    auditEventId,
    userId: input.signature.signerId,
  };
  const first = participantPage({
    language: row.language,
    studyName: link.study.name,
    subjectKey: link.subject?.patientId ?? link.enrollment.subjectId,
    document: {
      fileName: original.fileName,
      version: original.version,
      language: original.language,
      sha256: original.sha256,
    },
    signer: row.participant,
    signedAt: new Date(row.participant.signedAt),
    identity: row.identity,
    clauses: row.clauses,
    signaturePng: row.signatureImage,
  });
  const second = investigatorPage({
    language: row.language,
    signer,
    signedAt: ctx.now,
    email: input.email,
    participantFileSha256: row.participantPdfSha256,
  });
  const pdf = await buildSignedPdf(original.data, [first, second], input.key, {
    reason: 'Informed consent countersigned by the investigator',
    location: link.study.name,
    signingTime: ctx.now,
  });
  const pdfSha = sha256Hex(pdf);
  await updateSignature(ctx.tx, studyId, row.id, {
    investigator: signer,
    signedPdf: pdf,
    signedPdfSha256: pdfSha,
    updatedAt: ctx.now,
  });
  const status = econsentStateMachine.next(link.token.status as TokenStatus, 'markSigned');
  await updateToken(ctx.tx, studyId, link.token.id, { status, completedTime: ctx.now, updatedAt: ctx.now });
  await ctx.audit({
    id: auditEventId,
    action: 'ECONSENT_COUNTERSIGNED',
    entityType: 'ECONSENT',
    entityId: row.id,
    studyId,
    before: { tokenStatus: link.token.status, signedSha256: row.signedPdfSha256 },
    after: {
      tokenId: link.token.id,
      printedName: signer.name,
      meaning: input.meaning,
      signedSha256: pdfSha,
      tokenStatus: status,
      signature: input.signature,
    },
  });
}
