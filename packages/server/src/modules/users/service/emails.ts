import { messageLanguages } from '@trialbase/domain';
import { t } from '../../../platform/i18n/i18n';
import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import { RESET_PASSWORD_TTL_MINUTES, SET_PASSWORD_TTL_MINUTES, VERIFY_EMAIL_TTL_MINUTES } from './links';

/** The staff user the email goes to; `language` is their UI language (null: English). */
type Recipient = { email: string; firstName: string; language?: string | null };

// Account emails (spec 000 §2 signup, forgot). Links are single use; the body is never audited.
// Issue 18 item 3: the texts come from locales/{lng}/users.json, in the user's UI language
// (six staff languages), else English.

function queueAccountEmail(
  ctx: UseCaseContext,
  to: Recipient,
  email: 'VERIFY' | 'RESET' | 'WELCOME' | 'PASSWORD_CHANGED',
  vars: { link?: string; ttlMinutes?: number } = {},
) {
  const languages = messageLanguages({ recipient: to.language });
  const hours = vars.ttlMinutes === undefined ? undefined : Math.round(vars.ttlMinutes / 60);
  const body = {
    firstName: to.firstName,
    ...(vars.link === undefined ? {} : { link: vars.link }),
    ...(hours === undefined ? {} : { hours, count: hours }),
  };
  return queueMessage(ctx, {
    channel: 'EMAIL',
    to: to.email,
    subject: t(languages, `users:EMAILS.${email}.SUBJECT`),
    body: t(languages, `users:EMAILS.${email}.BODY`, body),
  });
}

export function queueVerificationEmail(ctx: UseCaseContext, to: Recipient, link: string) {
  return queueAccountEmail(ctx, to, 'VERIFY', { link, ttlMinutes: VERIFY_EMAIL_TTL_MINUTES });
}

export function queueResetEmail(ctx: UseCaseContext, to: Recipient, link: string) {
  return queueAccountEmail(ctx, to, 'RESET', { link, ttlMinutes: RESET_PASSWORD_TTL_MINUTES });
}

export function queueWelcomeEmail(ctx: UseCaseContext, to: Recipient, link: string) {
  return queueAccountEmail(ctx, to, 'WELCOME', { link, ttlMinutes: SET_PASSWORD_TTL_MINUTES });
}

export function queuePasswordChangedEmail(ctx: UseCaseContext, to: Recipient) {
  return queueAccountEmail(ctx, to, 'PASSWORD_CHANGED');
}
