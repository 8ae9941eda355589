import type { AeStudySettings } from '@trialbase/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Executor } from '../../platform/db/client';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { users } from '../users/tables';
import { adverseEvents, aeSignatures, aeStudySettings } from './tables';

export type AeRow = typeof adverseEvents.$inferSelect;
export type AeSignatureRow = typeof aeSignatures.$inferSelect;

/** An AE row with the names the answers show. */
export type AeListRow = AeRow & { siteName: string; subjectLabel: string };

const listColumns = {
  ae: adverseEvents,
  siteName: sites.name,
  subjectLabel: subjects.patientId,
};

function withNames(rows: { ae: AeRow; siteName: string | null; subjectLabel: string | null }[]): AeListRow[] {
  return rows.map((r) => ({ ...r.ae, siteName: r.siteName ?? '', subjectLabel: r.subjectLabel ?? '' }));
}

function joined(db: Executor) {
  return db
    .select(listColumns)
    .from(adverseEvents)
    .leftJoin(sites, and(eq(sites.studyId, adverseEvents.studyId), eq(sites.id, adverseEvents.siteId)))
    .leftJoin(
      subjects,
      and(eq(subjects.studyId, adverseEvents.studyId), eq(subjects.id, adverseEvents.subjectId)),
    );
}

export async function findAe(db: Executor, studyId: string, aeId: string): Promise<AeListRow | null> {
  const rows = await joined(db).where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, aeId)));
  return withNames(rows)[0] ?? null;
}

/** Locks the AE's row for a change in the caller's transaction. */
export async function lockAe(db: Executor, studyId: string, aeId: string): Promise<AeRow | null> {
  const [row] = await db
    .select()
    .from(adverseEvents)
    .where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, aeId)))
    .for('update');
  return row ?? null;
}

export async function findAeSite(db: Executor, studyId: string, aeId: string): Promise<string | null> {
  const [row] = await db
    .select({ siteId: adverseEvents.siteId })
    .from(adverseEvents)
    .where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, aeId)));
  return row?.siteId ?? null;
}

export type AeFilter = {
  sites: 'ALL' | string[];
  siteId?: string;
  subjectId?: string;
  serious?: boolean;
  status?: string;
  outcome?: string;
  overdue?: boolean;
  includeRemoved?: boolean;
  now: Date;
};

/** The study's AEs by the list's filters, newest first. */
export async function listAes(db: Executor, studyId: string, filter: AeFilter): Promise<AeListRow[]> {
  if (filter.sites !== 'ALL' && filter.sites.length === 0) return [];
  const where: SQL[] = [eq(adverseEvents.studyId, studyId)];
  if (filter.sites !== 'ALL') where.push(inArray(adverseEvents.siteId, filter.sites));
  if (filter.siteId) where.push(eq(adverseEvents.siteId, filter.siteId));
  if (filter.subjectId) where.push(eq(adverseEvents.subjectId, filter.subjectId));
  if (filter.serious !== undefined) where.push(eq(adverseEvents.sae, filter.serious));
  if (filter.status) where.push(eq(adverseEvents.status, filter.status as AeRow['status']));
  if (filter.outcome) where.push(eq(adverseEvents.outcome, filter.outcome));
  if (!filter.includeRemoved) where.push(eq(adverseEvents.removed, false));
  if (filter.overdue !== undefined) {
    const overdue = and(
      isNotNull(adverseEvents.clockKind),
      isNull(adverseEvents.clockStoppedAt),
      sql`${adverseEvents.clockDeadline} < ${filter.now.toISOString()}`,
    ) as SQL;
    where.push(filter.overdue ? overdue : sql`not coalesce(${overdue}, false)`);
  }
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(desc(adverseEvents.createdAt), desc(adverseEvents.id));
  return withNames(rows);
}

export async function listSignatures(db: Executor, studyId: string, aeId: string): Promise<AeSignatureRow[]> {
  return db
    .select()
    .from(aeSignatures)
    .where(and(eq(aeSignatures.studyId, studyId), eq(aeSignatures.aeId, aeId)))
    .orderBy(asc(aeSignatures.signedAt));
}

export async function listAeAudit(db: Executor, studyId: string, aeId: string) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.studyId, studyId),
        eq(auditEvents.entityType, 'ADVERSE_EVENT'),
        eq(auditEvents.entityId, aeId),
      ),
    )
    .orderBy(asc(auditEvents.ticket));
}

export const DEFAULT_AE_SETTINGS: AeStudySettings = { safetyContacts: [], sponsorInvolvement: 'SAE_ONLY' };

export async function findAeSettings(db: Executor, studyId: string): Promise<AeStudySettings> {
  const [row] = await db.select().from(aeStudySettings).where(eq(aeStudySettings.studyId, studyId));
  return row
    ? { safetyContacts: row.safetyContacts, sponsorInvolvement: row.sponsorInvolvement }
    : DEFAULT_AE_SETTINGS;
}

export async function saveAeSettings(
  db: Executor,
  studyId: string,
  settings: AeStudySettings,
  now: Date,
): Promise<void> {
  await db
    .insert(aeStudySettings)
    .values({ studyId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: aeStudySettings.studyId, set: { ...settings, updatedAt: now } });
}

export async function findStudyForAe(db: Executor, studyId: string) {
  const [row] = await db
    .select({
      id: studies.id,
      name: studies.name,
      timeZone: studies.timeZone,
      primaryLanguage: studies.primaryLanguage,
      status: studies.status,
    })
    .from(studies)
    .where(eq(studies.id, studyId));
  return row ?? null;
}

export async function findSubjectForAe(db: Executor, studyId: string, subjectId: string) {
  const [row] = await db
    .select({ id: subjects.id, siteId: subjects.siteId, label: subjects.patientId })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)));
  return row ?? null;
}

export async function findSiteName(db: Executor, studyId: string, siteId: string): Promise<string> {
  const [row] = await db
    .select({ name: sites.name })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), eq(sites.id, siteId)));
  return row?.name ?? '';
}

/** Display names of users by id (the list's "created by"). */
export async function userNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** The UI languages of the accounts with these emails (lower case), for the safety emails. */
export async function languagesByEmail(db: Executor, emails: string[]): Promise<Map<string, string | null>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    );
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.language]));
}

/** Running clocks whose reminder or deadline has come and whose notice is not sent yet. */
export async function findDueClocks(db: Executor, now: Date, limit: number) {
  return db
    .select({ studyId: adverseEvents.studyId, id: adverseEvents.id })
    .from(adverseEvents)
    .where(
      and(
        isNotNull(adverseEvents.clockKind),
        isNull(adverseEvents.clockStoppedAt),
        eq(adverseEvents.removed, false),
        or(
          and(isNull(adverseEvents.clockReminderSentAt), lte(adverseEvents.clockReminderAt, now)),
          and(isNull(adverseEvents.clockOverdueSentAt), lte(adverseEvents.clockDeadline, now)),
        ),
      ),
    )
    .orderBy(asc(adverseEvents.clockReminderAt))
    .limit(limit);
}
