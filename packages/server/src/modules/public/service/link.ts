/**
 * Opening a participant link (spec 002 §2 token validation page, §4 public flow, §8 errors):
 * load the token with its enrollment, study, process and data event, refuse links that cannot
 * be used, and describe the link as the public questionnaire info of §3.
 */
import { createHash } from 'node:crypto';
import {
  type DataEvent,
  type DeviceClass,
  type EnrollmentStatus,
  isOneTimePasswordRequired,
  type LanguageCode,
  listDataEventForms,
  nextPublicFlowStep,
  type Process,
  type PublicTokenInfo,
  TOKEN_ACCESS_MESSAGES,
  type TokenAccessProblem,
  type TokenStatus,
  type TokenType,
  tokenAccessProblem,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { newSecret } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import type { EnrollmentRow, SubjectRow } from '../../enrollments/api';
import { enrollmentDetailsOf } from '../../enrollments/details';
import type { TokenRow } from '../../enrollments/tokens/api';
import type { FillRead, QuestionnaireRow } from '../../questionnaires/api';
import { loadForms, loadTokenSurroundings } from '../../questionnaires/service/context';
import { type PublicStudyRow, participantSessionInsert } from '../repo';
import { findLinkRef } from './link-lookup';

/** A participant session lasts this long after the link (and its code) was validated. */
export const PARTICIPANT_SESSION_HOURS = 4;

export type LoadedLink = {
  study: PublicStudyRow;
  /** The key of the study's design (form rows, rules) read with the link (questionnaires' design-cache.ts). */
  designKey: string;
  token: TokenRow;
  enrollment: EnrollmentRow;
  process: Process;
  event: DataEvent;
  subject: SubjectRow | null;
  /** The token's answer sets, oldest first. */
  questionnaires: QuestionnaireRow[];
};

/** A link with what its public info needs beyond the link itself (presentTokenInfo). */
export type LicensedLink = LoadedLink & {
  /** Spec 002 §3 eq5dLicences: device classes licensed for the event's EQ-5D forms (union). */
  eq5dLicences: DeviceClass[];
};

/** Enrollment details the public flows keep (spec 002 §3 consent info). */
export type ConsentDetails = { didAcceptConsent: boolean; consentTime: string | null };

export function consentOf(enrollment: Pick<EnrollmentRow, 'details'>): ConsentDetails {
  const d = enrollmentDetailsOf(enrollment);
  return { didAcceptConsent: d.didAcceptConsent === true, consentTime: d.consentTime ?? null };
}

/**
 * Loads everything a link opens; 404 for a link this study does not know. With `lock`, the
 * enrollment's row lock is taken (the schedule's serialisation point) before the token is read.
 * Issue 16 item 2: the link's token from the link cache, then one statement (two with the lock)
 * and the cached process (see questionnaires' loadTokenSurroundings). The event's forms are read
 * only by the calls that need them (`withLicences` for the public info, getProcess).
 */
export async function loadLink(
  db: Executor,
  studyId: string,
  link: string,
  /** `read`: the link's fill read with the request's first statement (route-helpers.ts linkFillOf), used when it is this link's. */
  options: { lock?: boolean; read?: FillRead | null } = {},
): Promise<LoadedLink> {
  const ref = await findLinkRef(db, studyId, link);
  if (!ref) throw notFound('The link');
  return loadLinkOfToken(db, studyId, ref.tokenId, options);
}

/** The same for a token of the study named by its id. */
export async function loadForToken(
  db: Executor,
  study: PublicStudyRow,
  token: TokenRow,
): Promise<LoadedLink> {
  return loadLinkOfToken(db, study.id, token.id);
}

async function loadLinkOfToken(
  db: Executor,
  studyId: string,
  tokenId: string,
  options: { lock?: boolean; read?: FillRead | null } = {},
): Promise<LoadedLink> {
  const around = await loadTokenSurroundings(db, { studyId, tokenId }, options);
  const event = around?.process.dataEvents.find((e) => e.id === around.token.dataEventId);
  if (!around || !event) throw notFound('The link');
  const { study, designKey, token, enrollment, process, subject, questionnaires } = around;
  return { study, designKey, token, enrollment, process, event, subject, questionnaires };
}

/** The link with the EQ-5D licences of its event's forms (their rows read only when the study's design moved). */
export async function withLicences(db: Executor, link: LoadedLink): Promise<LicensedLink> {
  const eq5dLicences = await loadEq5dLicences(db, link, listDataEventForms(link.process, link.event.id));
  return { ...link, eq5dLicences };
}

/**
 * Spec 002 §3, §9: the union of the device classes licensed for the event's EQ-5D forms, each at
 * the version the enrollment was tagged with (form documents come from the cache).
 */
async function loadEq5dLicences(
  db: Executor,
  link: Pick<LoadedLink, 'study' | 'enrollment' | 'designKey'>,
  formIds: readonly string[] | null,
): Promise<DeviceClass[]> {
  if (!formIds || formIds.length === 0) return [];
  const forms = await loadForms(
    db,
    link.study.id,
    formIds.map((id) => ({ id, isOptional: false })),
    link.enrollment.formVersions,
    link.designKey,
  );
  const licensed = new Set<DeviceClass>();
  for (const loaded of forms) {
    if (loaded.type !== 'TYPE_EQ_5D' || loaded.isRemoved) continue;
    for (const range of loaded.form.deviceClasses ?? []) licensed.add(range.deviceClass);
  }
  // A stable order for the answer: mobile, tablet, desktop.
  return (['MOBILE', 'TABLET', 'DESKTOP'] as const).filter((c) => licensed.has(c));
}

/** Spec 002 §8: the error for a link that cannot be used (TOKEN_DISABLED, already filled, expired...). */
export function tokenAccessError(problem: TokenAccessProblem): AppError {
  const context = { reason: problem, messageKey: TOKEN_ACCESS_MESSAGES[problem] };
  switch (problem) {
    case 'DISABLED':
      return new AppError('TOKEN_DISABLED', 'This link has been switched off.', { context });
    case 'COMPLETED':
      return new AppError('PRECONDITION', 'These forms have already been filled in.', {
        context,
        status: 400,
      });
    case 'EXPIRED':
      return new AppError('PRECONDITION', 'This link has expired.', { context, status: 400 });
    case 'EXCLUDED':
      return new AppError('PRECONDITION', 'This link is no longer in use.', { context, status: 400 });
    case 'NOT_ACTIVE':
      return new AppError('PRECONDITION', 'This link is not active yet.', { context, status: 400 });
  }
}

/** Spec 002 §4, §8: refuses a link that cannot be used now. */
export function assertLinkUsable(
  link: Pick<LoadedLink, 'token' | 'enrollment'>,
  now: Date,
  options: { forUpdate?: boolean } = {},
): void {
  const problem = tokenAccessProblem(
    {
      status: link.token.status as TokenStatus,
      locked: link.token.locked,
      activationTime: link.token.activationTime,
      expiryTime: link.token.expiryTime,
      enrollmentStatus: link.enrollment.status as EnrollmentStatus,
    },
    now,
    // Spec 002 §4: a completed e-consent link still opens, to show the signed file (issue 24).
    { ...options, forUpdate: options.forUpdate || link.token.type === 'ECONSENT' },
  );
  if (problem) throw tokenAccessError(problem);
}

/** Spec 002 §3 preferredLang: the enrollment's language (the subject's, else the study's). */
function preferredLanguageOf(link: LoadedLink): LanguageCode {
  return link.enrollment.language as LanguageCode;
}

/** Spec 002 §3 public questionnaire info of a usable link, with where the flow goes next (§4). */
export function presentTokenInfo(
  link: LicensedLink,
  input: { hasValidatedOneTimePass: boolean; sessionExpiresAt: Date | null; forUpdate?: boolean },
): PublicTokenInfo {
  const { study, token, enrollment, process, event } = link;
  const consent = consentOf(enrollment);
  const requiredOneTimePass = isOneTimePasswordRequired(event.otpAuthentication);
  const consentFile: Record<string, string> = event.consentFile?.fileName
    ? { [study.primaryLanguage]: event.consentFile.fileName }
    : {};
  return {
    studyId: study.id,
    studyName: study.name,
    token: {
      id: token.id,
      token: token.token,
      pathwayRecord: enrollment.id,
      dataEventId: token.dataEventId,
      type: token.type as TokenType,
      status: token.status as TokenStatus,
      locked: token.locked,
    },
    enrollment: {
      id: enrollment.id,
      status: enrollment.status as EnrollmentStatus,
      consentRequired: process.consentRequired,
      didAcceptConsent: consent.didAcceptConsent,
      consentTime: consent.consentTime,
    },
    preferredLang: preferredLanguageOf(link),
    secondLang: null,
    primaryLanguage: study.primaryLanguage as LanguageCode,
    languages: study.languages as LanguageCode[],
    dateFormat: study.dateFormat,
    dateTimeFormat: study.dateTimeFormat,
    eq5dLicences: link.eq5dLicences,
    dataEventType: event.type,
    dataEventSendout: event.sendAs,
    consentFile,
    forceFormOrder: event.forceFormOrder,
    requiredOneTimePass,
    consentRequired: process.consentRequired,
    didAcceptConsent: consent.didAcceptConsent,
    next: nextPublicFlowStep({
      consentRequired: process.consentRequired,
      didAcceptConsent: consent.didAcceptConsent,
      requiredOneTimePass,
      hasValidatedOneTimePass: input.hasValidatedOneTimePass,
      forceFormOrder: event.forceFormOrder,
      dataEventType: event.type,
      forUpdate: input.forUpdate,
    }),
    sessionExpiresAt: input.sessionExpiresAt?.toISOString() ?? null,
  };
}

export function sessionIdOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * A new participant session for this link: the browser keeps the secret, the table its SHA-256.
 * Written with the use case's audit events (deferWrite): nothing in the use case reads it.
 */
export function openParticipantSession(
  ctx: Pick<UseCaseContext, 'tx' | 'now' | 'deferWrite'>,
  link: LoadedLink,
): { secret: string; expiresAt: Date } {
  const secret = newSecret();
  const expiresAt = new Date(ctx.now.getTime() + PARTICIPANT_SESSION_HOURS * 3_600_000);
  ctx.deferWrite(
    participantSessionInsert(ctx.tx, {
      id: sessionIdOf(secret),
      studyId: link.study.id,
      tokenId: link.token.id,
      createdAt: ctx.now,
      expiresAt,
    }),
  );
  return { secret, expiresAt };
}

/** May the forms be opened without another step (consent given when required, no code needed)? */
export function isLinkReadyForForms(link: LoadedLink): boolean {
  return (
    (!link.process.consentRequired || consentOf(link.enrollment).didAcceptConsent) &&
    !isOneTimePasswordRequired(link.event.otpAuthentication)
  );
}
