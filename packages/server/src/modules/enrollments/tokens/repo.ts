/** SQL of tokens and their send-once notification ledger (spec 001 §3 Token; issue 6 item 5). */

import { SCHEDULE_RUNNING_STATUSES } from '@trialbase/domain';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db/client';
import { studies } from '../../studies/tables';
import { enrollments } from '../tables';
import { tokenNotifications, tokens } from './tables';

export type TokenRow = typeof tokens.$inferSelect;
export type TokenInsert = typeof tokens.$inferInsert;
export type NotificationRow = typeof tokenNotifications.$inferSelect;

export async function insertTokens(db: Executor, rows: TokenInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(tokens).values(rows);
}

export async function findToken(db: Executor, studyId: string, tokenId: string): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.id, tokenId)))
    .limit(1);
  return row ?? null;
}

/** The tokens of an enrollment in process order; `lock` takes their row locks for the transaction. */
export async function listEnrollmentTokens(
  db: Executor,
  studyId: string,
  enrollmentId: string,
  options: { lock?: boolean } = {},
): Promise<TokenRow[]> {
  const query = db
    .select()
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.enrollmentId, enrollmentId)))
    .orderBy(asc(tokens.position), asc(tokens.id));
  return options.lock ? query.for('update') : query;
}

export async function updateToken(
  db: Executor,
  studyId: string,
  tokenId: string,
  values: Partial<Omit<TokenInsert, 'studyId' | 'id'>>,
): Promise<void> {
  await db
    .update(tokens)
    .set(values)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.id, tokenId)));
}

/** Waiting tokens of one data event at one site (startAllForDataEvent). */
export async function listWaitingTokensOfDataEventAtSite(
  db: Executor,
  studyId: string,
  dataEventId: string,
  siteId: string,
): Promise<{ enrollmentId: string; tokenId: string }[]> {
  return db
    .select({ enrollmentId: tokens.enrollmentId, tokenId: tokens.id })
    .from(tokens)
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, tokens.studyId), eq(enrollments.id, tokens.enrollmentId)),
    )
    .where(
      and(
        eq(tokens.studyId, studyId),
        eq(tokens.dataEventId, dataEventId),
        eq(tokens.status, 'NOT_ACTIVE'),
        isNull(tokens.activationTime),
        eq(enrollments.siteId, siteId),
        inArray(enrollments.status, ['REGISTERED', 'ONGOING']),
      ),
    )
    .orderBy(asc(tokens.enrollmentId));
}

/** The ledger rows of a token (activation, reminders, resends). */
export async function listNotifications(
  db: Executor,
  studyId: string,
  tokenIds: string[],
): Promise<NotificationRow[]> {
  if (tokenIds.length === 0) return [];
  return db
    .select()
    .from(tokenNotifications)
    .where(and(eq(tokenNotifications.studyId, studyId), inArray(tokenNotifications.tokenId, tokenIds)));
}

/**
 * Claims a notification: inserts its ledger row already marked sent. Returns false when the
 * row exists (sent before, by this or another server): the caller then sends nothing.
 */
export async function claimNotification(
  db: Executor,
  row: { studyId: string; tokenId: string; kind: string; dueAt: Date; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(tokenNotifications)
    .values({
      studyId: row.studyId,
      tokenId: row.tokenId,
      kind: row.kind,
      dueAt: row.dueAt,
      sentAt: row.now,
      outboxIds: [],
      createdAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ kind: tokenNotifications.kind });
  return inserted.length > 0;
}

/** Plans a reminder (sent_at null) or moves a planned one; a sent reminder is never touched. */
export async function planNotification(
  db: Executor,
  row: { studyId: string; tokenId: string; kind: string; dueAt: Date; now: Date },
): Promise<void> {
  await db
    .insert(tokenNotifications)
    .values({ ...row, sentAt: null, outboxIds: [], createdAt: row.now })
    .onConflictDoUpdate({
      target: [tokenNotifications.studyId, tokenNotifications.tokenId, tokenNotifications.kind],
      set: { dueAt: row.dueAt },
      setWhere: isNull(tokenNotifications.sentAt),
    });
}

/** Removes planned, unsent reminders that no longer apply (the schedule changed). */
export async function deletePlannedNotification(
  db: Executor,
  studyId: string,
  tokenId: string,
  kind: string,
): Promise<void> {
  await db
    .delete(tokenNotifications)
    .where(
      and(
        eq(tokenNotifications.studyId, studyId),
        eq(tokenNotifications.tokenId, tokenId),
        eq(tokenNotifications.kind, kind),
        isNull(tokenNotifications.sentAt),
      ),
    );
}

/**
 * Marks a planned notification sent, if nobody did before (the row lock of the UPDATE makes a
 * concurrent second attempt wait and then find it sent). Returns false when already sent.
 */
export async function markNotificationSent(
  db: Executor,
  studyId: string,
  tokenId: string,
  kind: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(tokenNotifications)
    .set({ sentAt: now })
    .where(
      and(
        eq(tokenNotifications.studyId, studyId),
        eq(tokenNotifications.tokenId, tokenId),
        eq(tokenNotifications.kind, kind),
        isNull(tokenNotifications.sentAt),
      ),
    )
    .returning({ kind: tokenNotifications.kind });
  return updated.length > 0;
}

export async function setNotificationOutboxIds(
  db: Executor,
  studyId: string,
  tokenId: string,
  kind: string,
  outboxIds: string[],
): Promise<void> {
  await db
    .update(tokenNotifications)
    .set({ outboxIds })
    .where(
      and(
        eq(tokenNotifications.studyId, studyId),
        eq(tokenNotifications.tokenId, tokenId),
        eq(tokenNotifications.kind, kind),
      ),
    );
}

const OPEN = ['UNUSED', 'IN_USE'];

/**
 * Enrollments with schedule work due at `now`: a token to activate, a reminder to send or a
 * token to expire. Crosses studies on purpose: the schedule job serves every study at once.
 *
 * Each kind of due work is found through its own index (`token_activation_due_idx`,
 * `token_expiry_due_idx`, `token_notification_due_idx`) and the three joined after: one `or` over
 * them read every open token of every study and checked its reminders, so each run of the job
 * (kicked by every submit) took longer as the tables grew (issue 16: PGlite's throughput fell
 * round by round under 50 participants).
 */
export async function findDueEnrollmentsAcrossStudies(
  db: Executor,
  now: Date,
  limit: number,
): Promise<{ studyId: string; enrollmentId: string }[]> {
  const toActivate = db
    .select({ studyId: tokens.studyId, enrollmentId: tokens.enrollmentId })
    .from(tokens)
    .where(and(eq(tokens.status, 'NOT_ACTIVE'), lte(tokens.activationTime, now)));
  const toExpire = db
    .select({ studyId: tokens.studyId, enrollmentId: tokens.enrollmentId })
    .from(tokens)
    .where(and(inArray(tokens.status, OPEN), lte(tokens.expiryTime, now)));
  const toRemind = db
    .select({ studyId: tokens.studyId, enrollmentId: tokens.enrollmentId })
    .from(tokenNotifications)
    .innerJoin(
      tokens,
      and(eq(tokens.studyId, tokenNotifications.studyId), eq(tokens.id, tokenNotifications.tokenId)),
    )
    .where(
      and(
        isNull(tokenNotifications.sentAt),
        lte(tokenNotifications.dueAt, now),
        inArray(tokens.status, OPEN),
      ),
    );
  const due = union(toActivate, toExpire, toRemind).as('due');
  return db
    .select({ studyId: due.studyId, enrollmentId: due.enrollmentId })
    .from(due)
    .innerJoin(enrollments, and(eq(enrollments.studyId, due.studyId), eq(enrollments.id, due.enrollmentId)))
    .innerJoin(studies, eq(studies.id, due.studyId))
    .where(
      and(
        inArray(studies.status, [...SCHEDULE_RUNNING_STATUSES]),
        isNull(studies.deletedAt),
        inArray(enrollments.status, ['REGISTERED', 'ONGOING']),
      ),
    )
    .limit(limit);
}

/** A token of the study by its id or by its 32-character link secret. */
export async function findTokenByRef(db: Executor, studyId: string, ref: string): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), ref.length === 32 ? eq(tokens.token, ref) : eq(tokens.id, ref)))
    .limit(1);
  return row ?? null;
}

/** Unscheduled event tokens (UNEXPECTED, DISCONTINUED, EXTERNAL) of the enrollments at a site. */
export async function listUnscheduledTokensAtSite(
  db: Executor,
  studyId: string,
  siteId: string,
  types: string[],
): Promise<(TokenRow & { subjectId: string })[]> {
  const rows = await db
    .select({ token: tokens, subjectId: enrollments.subjectId })
    .from(tokens)
    .innerJoin(
      enrollments,
      and(eq(enrollments.studyId, tokens.studyId), eq(enrollments.id, tokens.enrollmentId)),
    )
    .where(
      and(
        eq(tokens.studyId, studyId),
        eq(enrollments.siteId, siteId),
        inArray(tokens.type, types),
        // Removed events (deleted imports, events moved to the storage) are no longer there.
        isNull(tokens.removedAt),
      ),
    )
    .orderBy(asc(tokens.createdAt), asc(tokens.id));
  return rows.map((r) => ({ ...r.token, subjectId: r.subjectId }));
}
