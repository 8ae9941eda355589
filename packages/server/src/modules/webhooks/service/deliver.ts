import {
  isWebhookSuccess,
  messageLanguages,
  nextWebhookAttemptAt,
  shouldDisableWebhook,
} from '@trialbase/domain';
import type { Db } from '../../../platform/db/client';
import { t } from '../../../platform/i18n/i18n';
import { newId } from '../../../platform/ids';
import { queueMessage } from '../../../platform/outbox/outbox';
import { runUseCase, SYSTEM_ACTOR, type UseCaseContext } from '../../../platform/use-case';
import { findStudy } from '../../studies/api';
import {
  claimDueMessageAcrossStudies,
  findWebhook,
  insertAttempt,
  listStudyAdminRecipients,
  updateMessage,
  updateWebhook,
} from '../repo';
import { type AttemptOutcome, sendWebhook } from '../send';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Every minute: retries fall due even when nothing kicks the queue (a restart sends it too). */
export const WEBHOOK_CRON = '* * * * *';

export type WebhookSweepOptions = {
  now: () => Date;
  allowPrivate: boolean;
  publicUrl: string;
  timeoutMs?: number;
};

type Claimed = NonNullable<Awaited<ReturnType<typeof claimDueMessageAcrossStudies>>>;

/**
 * Delivers every due message of an active endpoint (issue 28 item 1): each is leased in a short
 * transaction, sent outside any transaction (a slow receiver holds no lock), and its outcome recorded
 * in a use case of its own: the attempt in the log, the next attempt by the backoff schedule, and the
 * endpoint switched off with an email to the study admins when it keeps failing.
 */
export async function runWebhookSweep(
  db: Db,
  options: WebhookSweepOptions,
): Promise<{ attempts: number; delivered: number; disabled: number; emails: number }> {
  const totals = { attempts: 0, delivered: 0, disabled: 0, emails: 0 };
  for (;;) {
    const now = options.now();
    // The lease outlasts the attempt's timeout: a server that dies mid-send leaves it due again later.
    const leaseUntil = new Date(now.getTime() + (options.timeoutMs ?? 15_000) + 60_000);
    const claimed = await db.transaction((tx) => claimDueMessageAcrossStudies(tx, now, leaseUntil));
    if (!claimed) return totals;
    const outcome = await sendWebhook({
      url: claimed.endpoint.url,
      secret: claimed.endpoint.secret,
      messageId: claimed.message.id,
      body: claimed.message.payload,
      now,
      allowPrivate: options.allowPrivate,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    const result = await runUseCase(
      db,
      SYSTEM_ACTOR,
      (ctx) => recordOutcome(ctx, claimed, outcome, options),
      now,
    );
    totals.attempts += 1;
    if (result.delivered) totals.delivered += 1;
    if (result.disabled) totals.disabled += 1;
    totals.emails += result.emails;
  }
}

async function recordOutcome(
  ctx: UseCaseContext,
  claimed: Claimed,
  outcome: AttemptOutcome,
  options: WebhookSweepOptions,
): Promise<{ delivered: boolean; disabled: boolean; emails: number }> {
  const { message } = claimed;
  const endpoint = await findWebhook(ctx.tx, message.studyId, message.endpointId, { lock: true });
  // Deleted while the attempt ran: its messages went with it.
  if (!endpoint) return { delivered: false, disabled: false, emails: 0 };
  const attempt = message.attempts + 1;
  await insertAttempt(ctx.tx, {
    id: newId(ctx.now),
    studyId: message.studyId,
    endpointId: endpoint.id,
    messageId: message.id,
    attempt,
    attemptedAt: ctx.now,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    error: outcome.error,
  });
  if (outcome.statusCode !== null && isWebhookSuccess(outcome.statusCode)) {
    await updateMessage(ctx.tx, message.id, {
      status: 'DELIVERED',
      attempts: attempt,
      nextAttemptAt: null,
      deliveredAt: ctx.now,
    });
    await updateWebhook(ctx.tx, endpoint.studyId, endpoint.id, {
      consecutiveFailures: 0,
      failingSince: null,
    });
    return { delivered: true, disabled: false, emails: 0 };
  }
  const next = nextWebhookAttemptAt(attempt, ctx.now);
  await updateMessage(ctx.tx, message.id, {
    status: next ? 'PENDING' : 'FAILED',
    attempts: attempt,
    nextAttemptAt: next,
  });
  const consecutiveFailures = endpoint.consecutiveFailures + 1;
  const failingSince = endpoint.failingSince ?? ctx.now;
  const disable =
    endpoint.status === 'ACTIVE' && shouldDisableWebhook({ consecutiveFailures, failingSince, now: ctx.now });
  await updateWebhook(ctx.tx, endpoint.studyId, endpoint.id, {
    consecutiveFailures,
    failingSince,
    ...(disable ? { status: 'DISABLED', disabledReason: 'FAILURES', disabledAt: ctx.now } : {}),
  });
  if (!disable) return { delivered: false, disabled: false, emails: 0 };
  await ctx.audit({
    action: 'WEBHOOK_DISABLED',
    entityType: 'WEBHOOK',
    entityId: endpoint.id,
    studyId: endpoint.studyId,
    before: { status: 'ACTIVE' },
    after: {
      status: 'DISABLED',
      reason: 'FAILURES',
      consecutiveFailures,
      failingSince: failingSince.toISOString(),
    },
  });
  const emails = await emailAdmins(ctx, endpoint, consecutiveFailures, options.publicUrl);
  return { delivered: false, disabled: true, emails };
}

/** Tells the study admins that an endpoint was switched off (issue 28 item 1), through the outbox. */
async function emailAdmins(
  ctx: UseCaseContext,
  endpoint: { id: string; studyId: string; url: string },
  failures: number,
  publicUrl: string,
): Promise<number> {
  const study = await findStudy(ctx.tx, endpoint.studyId);
  if (!study) return 0;
  const vars = {
    study: study.name,
    url: endpoint.url,
    failures,
    link: `${publicUrl.replace(/\/$/, '')}/study/${study.id}/webhooks`,
  };
  const admins = await listStudyAdminRecipients(ctx.tx, study.id);
  for (const admin of admins) {
    const languages = messageLanguages({ recipient: admin.language, primary: study.primaryLanguage });
    await queueMessage(ctx, {
      channel: 'EMAIL',
      to: admin.email,
      studyId: study.id,
      subject: t(languages, 'webhooks:DISABLED.SUBJECT', vars),
      body: t(languages, 'webhooks:DISABLED.BODY', { ...vars, firstName: admin.firstName }),
    });
  }
  return admins.length;
}
