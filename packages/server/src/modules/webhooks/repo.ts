import type { Webhook, WebhookAttempt, WebhookDeliveries } from '@trialbase/domain';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { studyAccess } from '../access/tables';
import { users } from '../users/tables';
import { webhookAttempts, webhookEndpoints, webhookMessages } from './tables';

export type WebhookRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as the API shows it: never its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    studyId: row.studyId,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as Webhook['eventTypes'],
    status: row.status as Webhook['status'],
    disabledReason: (row.disabledReason ?? null) as Webhook['disabledReason'],
    disabledAt: row.disabledAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    secretRotatedAt: row.secretRotatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWebhooks(db: Executor, studyId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.studyId, studyId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findWebhook(
  db: Executor,
  studyId: string,
  webhookId: string,
  options: { lock?: boolean } = {},
): Promise<WebhookRow | null> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.studyId, studyId), eq(webhookEndpoints.id, webhookId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertWebhook(
  db: Executor,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function updateWebhook(
  db: Executor,
  studyId: string,
  webhookId: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.studyId, studyId), eq(webhookEndpoints.id, webhookId)))
    .returning();
  return row!;
}

/** Deletes an endpoint with its messages; the attempts stay as the delivery log's history. */
export async function deleteWebhook(db: Executor, studyId: string, webhookId: string): Promise<void> {
  await db
    .delete(webhookMessages)
    .where(and(eq(webhookMessages.studyId, studyId), eq(webhookMessages.endpointId, webhookId)));
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.studyId, studyId), eq(webhookEndpoints.id, webhookId)));
}

/** Makes an endpoint's waiting messages due now (it was switched back on). */
export async function makePendingDue(
  db: Executor,
  studyId: string,
  webhookId: string,
  now: Date,
): Promise<void> {
  await db
    .update(webhookMessages)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(webhookMessages.studyId, studyId),
        eq(webhookMessages.endpointId, webhookId),
        eq(webhookMessages.status, 'PENDING'),
      ),
    );
}

export async function findMessage(db: Executor, studyId: string, webhookId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.studyId, studyId),
        eq(webhookMessages.endpointId, webhookId),
        eq(webhookMessages.id, messageId),
      ),
    );
  return row ?? null;
}

export async function setMessageDue(
  db: Executor,
  studyId: string,
  messageId: string,
  now: Date,
): Promise<void> {
  await db
    .update(webhookMessages)
    .set({ status: 'PENDING', nextAttemptAt: now })
    .where(and(eq(webhookMessages.studyId, studyId), eq(webhookMessages.id, messageId)));
}

/** The delivery log of one endpoint, newest attempt first, and the messages waiting. */
export async function listDeliveries(
  db: Executor,
  studyId: string,
  webhookId: string,
  page: { limit: number; offset: number },
): Promise<WebhookDeliveries> {
  const rows = await db
    .select({
      id: webhookAttempts.id,
      messageId: webhookAttempts.messageId,
      eventType: webhookMessages.eventType,
      attempt: webhookAttempts.attempt,
      attemptedAt: webhookAttempts.attemptedAt,
      statusCode: webhookAttempts.statusCode,
      durationMs: webhookAttempts.durationMs,
      error: webhookAttempts.error,
      messageStatus: webhookMessages.status,
    })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .where(and(eq(webhookAttempts.studyId, studyId), eq(webhookAttempts.endpointId, webhookId)))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.studyId, studyId), eq(webhookAttempts.endpointId, webhookId)));
  const pending = await db
    .select()
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.studyId, studyId),
        eq(webhookMessages.endpointId, webhookId),
        eq(webhookMessages.status, 'PENDING'),
      ),
    )
    .orderBy(asc(webhookMessages.createdAt))
    .limit(100);
  return {
    attempts: rows.map(
      (r): WebhookAttempt => ({
        ...r,
        eventType: r.eventType as WebhookAttempt['eventType'],
        attemptedAt: r.attemptedAt.toISOString(),
        messageStatus: r.messageStatus as WebhookAttempt['messageStatus'],
      }),
    ),
    total: count?.n ?? 0,
    pending: pending.map((m) => ({
      id: m.id,
      eventType: m.eventType as WebhookAttempt['eventType'],
      attempts: m.attempts,
      nextAttemptAt: m.nextAttemptAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/**
 * Takes the next due message of an active endpoint across studies (the delivery job serves every
 * study) and leases it until `leaseUntil`, so another server does not send it at the same time.
 */
export async function claimDueMessageAcrossStudies(db: Executor, now: Date, leaseUntil: Date) {
  const [due] = await db
    .select({ message: webhookMessages, endpoint: webhookEndpoints })
    .from(webhookMessages)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
    .where(
      and(
        eq(webhookMessages.status, 'PENDING'),
        lte(webhookMessages.nextAttemptAt, now),
        eq(webhookEndpoints.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(webhookMessages.nextAttemptAt), asc(webhookMessages.id))
    .limit(1)
    .for('update', { of: webhookMessages, skipLocked: true });
  if (!due) return null;
  await db
    .update(webhookMessages)
    .set({ nextAttemptAt: leaseUntil })
    .where(eq(webhookMessages.id, due.message.id));
  return due;
}

/** The earliest time a message of an active endpoint is due, across studies (to plan the next sweep). */
export async function nextDueAtAcrossStudies(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${webhookMessages.nextAttemptAt})` })
    .from(webhookMessages)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
    .where(and(eq(webhookMessages.status, 'PENDING'), eq(webhookEndpoints.status, 'ACTIVE')));
  return row?.at ? new Date(row.at) : null;
}

export async function insertAttempt(db: Executor, row: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(row);
}

export async function updateMessage(
  db: Executor,
  messageId: string,
  set: Partial<typeof webhookMessages.$inferInsert>,
): Promise<void> {
  await db.update(webhookMessages).set(set).where(eq(webhookMessages.id, messageId));
}

/** The study's active administrators, whom a disabled endpoint is reported to. */
export async function listStudyAdminRecipients(db: Executor, studyId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(studyAccess)
    .innerJoin(users, eq(users.id, studyAccess.userId))
    .where(
      and(
        eq(studyAccess.studyId, studyId),
        eq(studyAccess.role, 'ADMIN'),
        eq(studyAccess.status, 'ACTIVE'),
        eq(users.isDisabled, false),
      ),
    );
}
