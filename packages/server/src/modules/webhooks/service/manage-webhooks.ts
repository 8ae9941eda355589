import { randomBytes } from 'node:crypto';
import {
  isModuleEnabled,
  type UpdateWebhook,
  WEBHOOK_SECRET_PREFIX,
  type Webhook,
  type WebhookInput,
  type WebhookWithSecret,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findStudy } from '../../studies/api';
import {
  deleteWebhook as deleteWebhookRow,
  findMessage,
  findWebhook,
  insertWebhook,
  makePendingDue,
  presentWebhook,
  setMessageDue,
  updateWebhook as updateWebhookRow,
  type WebhookRow,
} from '../repo';
import { ForbiddenAddressError, resolveAllowedAddress } from '../ssrf';

/** Webhooks are a paid module (spec 000 §1, §6): without it every webhook call is refused (409). */
export async function assertWebhooksModule(db: Executor, studyId: string): Promise<void> {
  const study = await findStudy(db, studyId);
  if (!study) throw notFound('The study');
  if (!isModuleEnabled(study, 'WEBHOOKS'))
    throw new AppError('PRECONDITION', 'The webhooks module is not enabled for this study.', {
      context: { module: 'WEBHOOKS' },
    });
}

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * Refuses a URL whose host resolves to a private, loopback, link-local or multicast address unless
 * configuration allows them (issue 28 item 1, SSRF); also refuses a host that does not resolve. Run
 * before the transaction (it waits for DNS); every attempt checks again.
 */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolveAllowedAddress(new URL(url), allowPrivate);
  } catch (err) {
    const message =
      err instanceof ForbiddenAddressError ? 'WEBHOOK_ADDRESS_NOT_ALLOWED' : 'WEBHOOK_HOST_UNRESOLVED';
    throw validationError([{ path: ['url'], message }], 'The webhook URL cannot be used.');
  }
}

function snapshot(row: WebhookRow) {
  return {
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    status: row.status,
  };
}

/** Registers an endpoint; its secret is returned once (issue 28 item 1). */
export async function createWebhook(
  ctx: UseCaseContext,
  input: { studyId: string; userId: string | null; webhook: WebhookInput },
): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  const row = await insertWebhook(ctx.tx, {
    id: newId(ctx.now),
    studyId: input.studyId,
    url: input.webhook.url,
    description: input.webhook.description,
    eventTypes: [...new Set(input.webhook.eventTypes)],
    secret,
    status: 'ACTIVE',
    disabledReason: null,
    disabledAt: null,
    consecutiveFailures: 0,
    failingSince: null,
    secretRotatedAt: ctx.now,
    createdBy: input.userId,
    createdAt: ctx.now,
  });
  await ctx.audit({
    action: 'WEBHOOK_CREATED',
    entityType: 'WEBHOOK',
    entityId: row.id,
    studyId: input.studyId,
    after: snapshot(row),
  });
  return { webhook: presentWebhook(row), secret };
}

async function loadWebhook(ctx: UseCaseContext, studyId: string, webhookId: string): Promise<WebhookRow> {
  const row = await findWebhook(ctx.tx, studyId, webhookId, { lock: true });
  if (!row) throw notFound('The webhook');
  return row;
}

/** Changes URL, description, event types; switches the endpoint off or back on (issue 28 item 1). */
export async function updateWebhook(
  ctx: UseCaseContext,
  input: { studyId: string; webhookId: string; webhook: UpdateWebhook },
): Promise<Webhook> {
  const before = await loadWebhook(ctx, input.studyId, input.webhookId);
  const enabling = input.webhook.enabled && before.status !== 'ACTIVE';
  const disabling = !input.webhook.enabled && before.status === 'ACTIVE';
  const row = await updateWebhookRow(ctx.tx, input.studyId, input.webhookId, {
    url: input.webhook.url,
    description: input.webhook.description,
    eventTypes: [...new Set(input.webhook.eventTypes)],
    ...(enabling
      ? {
          status: 'ACTIVE',
          disabledReason: null,
          disabledAt: null,
          consecutiveFailures: 0,
          failingSince: null,
        }
      : {}),
    ...(disabling ? { status: 'DISABLED', disabledReason: 'ADMIN', disabledAt: ctx.now } : {}),
  });
  // Messages that waited while the endpoint was off go out now.
  if (enabling) await makePendingDue(ctx.tx, input.studyId, input.webhookId, ctx.now);
  await ctx.audit({
    action: 'WEBHOOK_UPDATED',
    entityType: 'WEBHOOK',
    entityId: row.id,
    studyId: input.studyId,
    before: snapshot(before),
    after: snapshot(row),
  });
  return presentWebhook(row);
}

/** Deletes an endpoint and the messages it has not received (issue 28 item 1). */
export async function deleteWebhook(
  ctx: UseCaseContext,
  input: { studyId: string; webhookId: string },
): Promise<void> {
  const before = await loadWebhook(ctx, input.studyId, input.webhookId);
  await deleteWebhookRow(ctx.tx, input.studyId, input.webhookId);
  await ctx.audit({
    action: 'WEBHOOK_DELETED',
    entityType: 'WEBHOOK',
    entityId: before.id,
    studyId: input.studyId,
    before: snapshot(before),
  });
}

/** Replaces the signing secret at once; the new one is returned once (issue 28 item 1). */
export async function rotateWebhookSecret(
  ctx: UseCaseContext,
  input: { studyId: string; webhookId: string },
): Promise<WebhookWithSecret> {
  await loadWebhook(ctx, input.studyId, input.webhookId);
  const secret = newWebhookSecret();
  const row = await updateWebhookRow(ctx.tx, input.studyId, input.webhookId, {
    secret,
    secretRotatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'WEBHOOK_SECRET_ROTATED',
    entityType: 'WEBHOOK',
    entityId: row.id,
    studyId: input.studyId,
    after: { secretRotatedAt: ctx.now.toISOString() },
  });
  return { webhook: presentWebhook(row), secret };
}

/** Sends a message again now: same webhook-id, one more attempt (issue 28 item 1). */
export async function redeliverWebhookMessage(
  ctx: UseCaseContext,
  input: { studyId: string; webhookId: string; messageId: string },
): Promise<{ messageId: string }> {
  const webhook = await loadWebhook(ctx, input.studyId, input.webhookId);
  const message = await findMessage(ctx.tx, input.studyId, input.webhookId, input.messageId);
  if (!message) throw notFound('The message');
  if (webhook.status !== 'ACTIVE')
    throw new AppError('PRECONDITION', 'Switch the endpoint on before sending a message again.');
  await setMessageDue(ctx.tx, input.studyId, message.id, ctx.now);
  await ctx.audit({
    action: 'WEBHOOK_REDELIVERY_REQUESTED',
    entityType: 'WEBHOOK',
    entityId: webhook.id,
    studyId: input.studyId,
    after: { messageId: message.id, eventType: message.eventType, previousStatus: message.status },
  });
  return { messageId: message.id };
}
