import type { OutboxMessage } from '@trialbase/domain';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../db/client';
import { newId } from '../ids';
import type { UseCaseContext } from '../use-case';
import { outboxMessages } from './tables';

export const OUTBOX_QUEUE = 'outbox-dispatch';
const MAX_ATTEMPTS = 5;

export type OutgoingMessage = {
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject?: string | null;
  body: string;
  studyId?: string | null;
};

/** Something that can deliver a message; null means "no transport configured: keep it in the outbox". */
export type Transport = {
  send(message: { to: string; subject: string | null; body: string }): Promise<void>;
};

/** Email through nodemailer when SMTP_URL is set (DESIGN.md background work). */
export function smtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
      });
    },
  };
}

/**
 * Queues an email or SMS inside the caller's use case: it is written with the change that
 * caused it and its audit event, and delivered by the outbox job after commit.
 */
export async function queueMessage(ctx: UseCaseContext, message: OutgoingMessage): Promise<string> {
  const id = newId(ctx.now);
  await ctx.tx.insert(outboxMessages).values({
    id,
    studyId: message.studyId ?? null,
    channel: message.channel,
    recipient: message.to,
    subject: message.subject ?? null,
    body: message.body,
    status: 'PENDING',
    attempts: 0,
    lastError: null,
    createdAt: ctx.now,
    sentAt: null,
  });
  await ctx.audit({
    action: 'OUTBOX_MESSAGE_QUEUED',
    entityType: 'OUTBOX_MESSAGE',
    entityId: id,
    studyId: message.studyId ?? null,
    // The body may carry a participant link: record who and what kind, not the content.
    after: { channel: message.channel, to: message.to, subject: message.subject ?? null },
  });
  return id;
}

/**
 * Delivers pending messages, one row lock each so several servers can share the work.
 * Without a transport for the channel the message is kept for admins to read.
 */
export async function dispatchOutbox(
  db: Db,
  transports: Partial<Record<'EMAIL' | 'SMS', Transport>>,
): Promise<number> {
  let delivered = 0;
  const failedThisRun: string[] = [];
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const [message] = await tx
        .select()
        .from(outboxMessages)
        .where(
          failedThisRun.length
            ? and(eq(outboxMessages.status, 'PENDING'), notInArray(outboxMessages.id, failedThisRun))
            : eq(outboxMessages.status, 'PENDING'),
        )
        .orderBy(outboxMessages.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!message) return false;
      const transport = transports[message.channel];
      if (!transport) {
        await tx.update(outboxMessages).set({ status: 'KEPT' }).where(eq(outboxMessages.id, message.id));
        return true;
      }
      try {
        await transport.send({ to: message.recipient, subject: message.subject, body: message.body });
        await tx
          .update(outboxMessages)
          .set({ status: 'SENT', attempts: message.attempts + 1, sentAt: new Date(), lastError: null })
          .where(eq(outboxMessages.id, message.id));
        delivered += 1;
      } catch (err) {
        const attempts = message.attempts + 1;
        await tx
          .update(outboxMessages)
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
            lastError: err instanceof Error ? err.message.slice(0, 500) : 'delivery failed',
          })
          .where(eq(outboxMessages.id, message.id));
        // Retried on the next run, not again in this one.
        failedThisRun.push(message.id);
      }
      return true;
    });
    if (!handled) return delivered;
  }
}

/** The outbox as admins see it, newest first. */
export async function listOutbox(
  db: Executor,
  input: { limit: number; offset: number },
): Promise<{ items: OutboxMessage[]; total: number }> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(input.limit)
    .offset(input.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
  return {
    total: count?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

export async function countPending(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'PENDING'));
  return row?.n ?? 0;
}
