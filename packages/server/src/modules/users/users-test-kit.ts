import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, loginAs } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { studyAccess } from '../access/tables';
import { userTokens } from './tables';

// Helpers shared by this module's API tests (everything goes through HTTP).

type OutboxItem = { to: string; subject: string | null; body: string };

/** The newest outbox email to `to`, read as an admin through `GET /api/admin/outbox`. */
export async function lastEmailTo(app: FastifyInstance, to: string): Promise<OutboxItem | undefined> {
  const admin = await loginAs(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const res = await app.inject({ method: 'GET', url: '/api/admin/outbox?limit=100', headers: admin.headers });
  return res.json<{ items: OutboxItem[] }>().items.find((m) => m.to === to.toLowerCase());
}

export async function countEmailsTo(app: FastifyInstance, to: string): Promise<number> {
  const admin = await loginAs(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const res = await app.inject({ method: 'GET', url: '/api/admin/outbox?limit=100', headers: admin.headers });
  return res.json<{ items: OutboxItem[] }>().items.filter((m) => m.to === to.toLowerCase()).length;
}

/** The `token` of the link in an email body. */
export function tokenFromEmail(body: string, path: string): string {
  const match = body.match(new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in: ${body}`);
  return match[1];
}

/** A pending study invitation for an email (written directly, like the shared factories). */
export async function inviteByEmail(app: FastifyInstance, studyId: string, email: string) {
  const now = new Date();
  const row = {
    studyId,
    id: newId(now),
    userId: null,
    email: email.toLowerCase(),
    role: 'MONITOR',
    siteIds: 'ALL' as const,
    extraPermissions: [],
    status: 'INVITED' as const,
    invitedBy: 'test',
    createdAt: now,
    updatedAt: now,
  };
  await app.database.db.insert(studyAccess).values(row);
  return row;
}

/** Moves every open emailed link of a user into the past. */
export async function expireLinks(app: FastifyInstance, userId: string) {
  await app.database.db
    .update(userTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(userTokens.userId, userId));
}

export async function storedLinks(app: FastifyInstance, userId: string) {
  return app.database.db.select().from(userTokens).where(eq(userTokens.userId, userId));
}

export async function accessRowsFor(app: FastifyInstance, email: string) {
  return app.database.db.select().from(studyAccess).where(eq(studyAccess.email, email.toLowerCase()));
}

export function tryLogin(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/** The audit trail of one entity, oldest first (read straight from the append-only table). */
export async function auditOf(app: FastifyInstance, entityId: string) {
  return app.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.ticket));
}

/** Everything that an audit row could leak a secret through, as one string. */
export async function allAuditText(app: FastifyInstance): Promise<string> {
  const rows = await app.database.db.select().from(auditEvents);
  return JSON.stringify(rows);
}
