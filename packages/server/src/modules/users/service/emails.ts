import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';

type Recipient = { email: string; firstName: string };

// Account emails (spec 000 §2 signup, forgot). Links are single use; the body is never audited.

export function queueVerificationEmail(ctx: UseCaseContext, to: Recipient, link: string) {
  return queueMessage(ctx, {
    channel: 'EMAIL',
    to: to.email,
    subject: 'Confirm your Trialbase account',
    body: `Hello ${to.firstName},\n\nPlease confirm your email address to finish creating your Trialbase account:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this email.`,
  });
}

export function queueResetEmail(ctx: UseCaseContext, to: Recipient, link: string) {
  return queueMessage(ctx, {
    channel: 'EMAIL',
    to: to.email,
    subject: 'Reset your Trialbase password',
    body: `Hello ${to.firstName},\n\nSomeone asked to reset the password of your Trialbase account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email: your password stays as it is.`,
  });
}

export function queueWelcomeEmail(ctx: UseCaseContext, to: Recipient, link: string) {
  return queueMessage(ctx, {
    channel: 'EMAIL',
    to: to.email,
    subject: 'Your Trialbase account',
    body: `Hello ${to.firstName},\n\nAn administrator created a Trialbase account for you. Choose your password here:\n\n${link}\n\nThe link works once and expires in 48 hours.`,
  });
}

export function queuePasswordChangedEmail(ctx: UseCaseContext, to: Recipient) {
  return queueMessage(ctx, {
    channel: 'EMAIL',
    to: to.email,
    subject: 'Your Trialbase password was changed',
    body: `Hello ${to.firstName},\n\nThe password of your Trialbase account was just changed, and your other sessions were signed out. If this was not you, reset your password at once and tell your administrator.`,
  });
}
