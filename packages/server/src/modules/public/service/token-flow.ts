/**
 * The participant's way in through a personal link (spec 002 §2 token validation, consent and
 * one-time-password pages, §4 public flow, §7 calls, §8 errors). Each function is one use case.
 */
import {
  goesToQuestionnaire,
  otpChannels,
  type PublicConsentInfo,
  type PublicTokenInfo,
} from '@trialbase/domain';
import { notFound, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { updateEnrollment } from '../../enrollments/api';
import { contactOf } from '../../enrollments/tokens/service/send-link';
import type { FillRead } from '../../questionnaires/api';
import type { Captcha } from '../captcha';
import {
  assertLinkUsable,
  consentOf,
  isLinkReadyForForms,
  type LoadedLink,
  loadLink,
  openParticipantSession,
  presentTokenInfo,
  withLicences,
} from './link';
import {
  type CodeCheck,
  type CodeRecipient,
  checkOneTimePassword,
  sendOneTimePassword,
} from './one-time-password';
import { consentInfoOf } from './pages';

/**
 * What opening a link gives: the questionnaire info, the session it opened, the link as loaded
 * when the session opened for a questionnaire page (its fill data goes with the answer, issue 16),
 * and the consent info when the consent page comes next.
 */
export type LinkOutcome = {
  info: PublicTokenInfo;
  session: { secret: string; expiresAt: Date } | null;
  fillLink: LoadedLink | null;
  consent: PublicConsentInfo | null;
};

/** Opens the session when nothing stands between the participant and the forms. */
async function outcomeOf(
  ctx: UseCaseContext,
  link: LoadedLink,
  options: { codeValidated?: boolean; forUpdate?: boolean } = {},
): Promise<LinkOutcome> {
  const consentOk = !link.process.consentRequired || consentOf(link.enrollment).didAcceptConsent;
  const ready = options.codeValidated ? consentOk : isLinkReadyForForms(link);
  const licensed = await withLicences(ctx.tx, link);
  const session = ready ? openParticipantSession(ctx, link) : null;
  const info = presentTokenInfo(licensed, {
    hasValidatedOneTimePass: options.codeValidated === true,
    sessionExpiresAt: session?.expiresAt ?? null,
    forUpdate: options.forUpdate,
  });
  return {
    info,
    session,
    fillLink: session && goesToQuestionnaire(info.next) ? link : null,
    consent: info.next === 'CONSENT' ? consentInfoOf(link) : null,
  };
}

/**
 * Spec 002 §7 validateToken / validateTokenUpdate: refuses links that cannot be used (§8),
 * says whether consent or a code comes first, and otherwise opens the participant session.
 */
export async function validateToken(
  ctx: UseCaseContext,
  input: { studyId: string; token: string; forUpdate: boolean; read?: FillRead | null },
): Promise<LinkOutcome> {
  const link = await loadLink(ctx.tx, input.studyId, input.token, { read: input.read });
  assertLinkUsable(link, ctx.now, { forUpdate: input.forUpdate });
  const outcome = await outcomeOf(ctx, link, { forUpdate: input.forUpdate });
  await ctx.audit({
    action: 'TOKEN_VALIDATED',
    entityType: 'TOKEN',
    entityId: link.token.id,
    studyId: input.studyId,
    after: { forUpdate: input.forUpdate, next: outcome.info.next, sessionOpened: outcome.session !== null },
  });
  return outcome;
}

/**
 * Spec 002 §7 consent: the participant accepts the process's consent for the enrollment
 * (`enrollment.details` keeps didAcceptConsent and consentTime). Unticked is the
 * consent-required field error of §8.
 */
export async function acceptConsent(
  ctx: UseCaseContext,
  input: { studyId: string; token: string; pathwayRecordId: string; consent: boolean },
): Promise<LinkOutcome> {
  if (!input.consent) {
    throw validationError(
      [{ path: ['consent'], message: 'PUBLIC.SIGNUP.CONSENT_REQUIRED' }],
      'Consent is required to continue.',
    );
  }
  // The enrollment is read under its row lock (issue 16 item 2: with the link, not once more).
  const link = await loadLink(ctx.tx, input.studyId, input.token, { lock: true });
  if (link.enrollment.id !== input.pathwayRecordId) throw notFound('The enrollment');
  assertLinkUsable(link, ctx.now);
  const locked = link.enrollment;
  if (!consentOf(locked).didAcceptConsent) {
    const details = { ...locked.details, didAcceptConsent: true, consentTime: ctx.now.toISOString() };
    await updateEnrollment(ctx.tx, input.studyId, locked.id, { details, updatedAt: ctx.now });
    await ctx.audit({
      action: 'CONSENT_ACCEPTED',
      entityType: 'ENROLLMENT',
      entityId: locked.id,
      studyId: input.studyId,
      before: { didAcceptConsent: false },
      after: { didAcceptConsent: true, consentTime: details.consentTime, tokenId: link.token.id },
    });
    link.enrollment = { ...locked, details };
  }
  return outcomeOf(ctx, link);
}

/** Where the code of a link goes: the event's OTP channels at the subject's addresses. */
function recipientsOf(link: LoadedLink): CodeRecipient[] {
  const contact = contactOf(link.subject?.attributes);
  return otpChannels(link.event.otpAuthentication).flatMap((channel): CodeRecipient[] => {
    const to = channel === 'EMAIL' ? contact.email : contact.mobile;
    return to ? [{ channel, to }] : [];
  });
}

/** Spec 002 §7 requestOneTimePassword / newOneTimePassword for a link (412 during the cooldown). */
export async function sendLinkCode(ctx: UseCaseContext, link: LoadedLink) {
  assertLinkUsable(link, ctx.now);
  if (otpChannels(link.event.otpAuthentication).length === 0) {
    throw validationError(
      [{ path: ['token'], message: 'PUBLIC.ONE_TIME_PASSWORD.NOT_REQUIRED' }],
      'This link does not use one-time codes.',
    );
  }
  return sendOneTimePassword(ctx, {
    studyId: link.study.id,
    purpose: 'TOKEN',
    subjectRef: link.token.id,
    recipients: recipientsOf(link),
    // Issue 18 item 3: in the participant's language, else the study's primary language.
    languages: {
      recipient: contactOf(link.subject?.attributes).language ?? link.enrollment.language,
      primary: link.study.primaryLanguage,
    },
  });
}

/**
 * Spec 002 §7 validateOneTimePassword: checks the code of a link; a disabled link answers
 * TOKEN_DISABLED (§8). On success the participant session opens (consent permitting).
 */
export async function validateLinkCode(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    token: string;
    tokenId?: string;
    password: unknown;
    captcha?: string;
    verifier: Captcha;
  },
): Promise<{ check: Exclude<CodeCheck, { ok: true }> } | { outcome: LinkOutcome }> {
  const link = await loadLink(ctx.tx, input.studyId, input.token);
  if (input.tokenId && input.tokenId !== link.token.id) throw notFound('The link');
  assertLinkUsable(link, ctx.now);
  const check = await checkOneTimePassword(ctx, {
    studyId: input.studyId,
    purpose: 'TOKEN',
    subjectRef: link.token.id,
    password: input.password,
    captcha: input.captcha,
    verifier: input.verifier,
  });
  if (!check.ok) return { check };
  return { outcome: await outcomeOf(ctx, link, { codeValidated: true }) };
}
