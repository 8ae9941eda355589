import type { StudyStatus } from '@trialbase/domain';
import { and, count, desc, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Executor } from '../../platform/db/client';
import { studyAccess } from '../access/tables';
import { enrollments } from '../enrollments/tables';
import { formTemplates } from '../forms/tables';
import { processes } from '../processes/tables';
import { sites } from '../sites/tables';
import { subjects } from '../subjects/tables';
import { users } from '../users/tables';
import { enterpriseCodes, studies, subscriptionPlans } from './tables';

export type StudyRow = typeof studies.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;

/** A live (not deleted) study by id. */
export async function findStudy(db: Executor, studyId: string): Promise<StudyRow | undefined> {
  const [row] = await db
    .select()
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)))
    .limit(1);
  return row;
}

/** Locks a live study row for the rest of the transaction (state changes read then write). */
export async function findStudyForUpdate(db: Executor, studyId: string): Promise<StudyRow | undefined> {
  const [row] = await db
    .select()
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Live studies matching a search and status; `onlyIds` limits them to the caller's studies.
 * Crosses studies on purpose: it is the study list (spec 001 §2 /study).
 */
export async function listStudiesAcrossStudies(
  db: Executor,
  filter: { q?: string; status?: StudyStatus; onlyIds?: string[] },
): Promise<StudyRow[]> {
  if (filter.onlyIds && filter.onlyIds.length === 0) return [];
  const q = filter.q?.trim();
  return db
    .select()
    .from(studies)
    .where(
      and(
        isNull(studies.deletedAt),
        q ? ilike(studies.name, `%${escapeLike(q)}%`) : undefined,
        filter.status ? eq(studies.status, filter.status) : undefined,
        filter.onlyIds ? inArray(studies.id, filter.onlyIds) : undefined,
      ),
    )
    .orderBy(desc(studies.createdAt), desc(studies.id))
    .limit(1000);
}

/** Is this name taken by another live study (case-insensitive; spec 000 §8 DUPLICATE_NAME)? Crosses studies by nature. */
export async function isStudyNameTakenAcrossStudies(
  db: Executor,
  name: string,
  exceptStudyId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: studies.id })
    .from(studies)
    .where(
      and(
        isNull(studies.deletedAt),
        sql`lower(${studies.name}) = lower(${name})`,
        exceptStudyId ? ne(studies.id, exceptStudyId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertStudy(db: Executor, row: typeof studies.$inferInsert): Promise<void> {
  await db.insert(studies).values(row);
}

export async function updateStudyRow(
  db: Executor,
  studyId: string,
  patch: Partial<typeof studies.$inferInsert>,
): Promise<StudyRow> {
  const [row] = await db.update(studies).set(patch).where(eq(studies.id, studyId)).returning();
  if (!row) throw new Error(`study ${studyId} vanished inside its transaction`);
  return row;
}

export async function listSites(db: Executor, studyId: string): Promise<SiteRow[]> {
  return db.select().from(sites).where(eq(sites.studyId, studyId)).orderBy(sites.siteNumber);
}

export async function insertSites(db: Executor, rows: (typeof sites.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(sites).values(rows);
}

export async function countSites(db: Executor, studyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sites).where(eq(sites.studyId, studyId));
  return Number(row?.n ?? 0);
}

export async function countSubjects(db: Executor, studyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subjects).where(eq(subjects.studyId, studyId));
  return Number(row?.n ?? 0);
}

/** Live (not deleted) form templates of the study, for the overview tile. */
export async function countForms(db: Executor, studyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), isNull(formTemplates.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Live (not deleted) processes of the study, for the overview tile. */
export async function countProcesses(db: Executor, studyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), isNull(processes.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Subjects with at least one enrollment (the overview's "started" tile). */
export async function countEnrolledSubjects(db: Executor, studyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${enrollments.subjectId})` })
    .from(enrollments)
    .where(eq(enrollments.studyId, studyId));
  return Number(row?.n ?? 0);
}

/** Gives a user study-wide ADMIN access (the creator of a study). */
export async function insertAdminAccess(
  db: Executor,
  row: { studyId: string; id: string; userId: string; email: string; now: Date },
): Promise<void> {
  await db.insert(studyAccess).values({
    studyId: row.studyId,
    id: row.id,
    userId: row.userId,
    email: row.email.toLowerCase(),
    role: 'ADMIN',
    siteIds: 'ALL',
    extraPermissions: [],
    status: 'ACTIVE',
    invitedBy: row.userId,
    createdAt: row.now,
    updatedAt: row.now,
  });
}

export async function findPlan(db: Executor, planId: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1);
  return row;
}

export async function findEnterpriseCode(db: Executor, codeHash: string) {
  const [row] = await db
    .select()
    .from(enterpriseCodes)
    .where(eq(enterpriseCodes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** Marks a code redeemed by a study; false when another study got there first. */
export async function redeemEnterpriseCode(
  db: Executor,
  codeHash: string,
  studyId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(enterpriseCodes)
    .set({ redeemedByStudyId: studyId, redeemedAt: now })
    .where(and(eq(enterpriseCodes.codeHash, codeHash), isNull(enterpriseCodes.redeemedByStudyId)))
    .returning({ codeHash: enterpriseCodes.codeHash });
  return rows.length === 1;
}

/**
 * Spec 000 §4 anonymization: removes the named identifying attributes from every subject of the
 * study that holds any of them; answers which subject lost which fields (for the audit trail).
 */
export async function eraseSubjectIdentities(
  db: Executor,
  studyId: string,
  fields: readonly string[],
  now: Date,
): Promise<{ id: string; fields: string[] }[]> {
  const list = sql.join(
    fields.map((f) => sql`${f}`),
    sql`, `,
  );
  const held = await db
    .select({ id: subjects.id, attributes: subjects.attributes })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), sql`${subjects.attributes} ?| array[${list}]::text[]`));
  if (held.length === 0) return [];
  await db
    .update(subjects)
    .set({ attributes: sql`${subjects.attributes} - array[${list}]::text[]`, updatedAt: now })
    .where(and(eq(subjects.studyId, studyId), sql`${subjects.attributes} ?| array[${list}]::text[]`));
  return held.map((s) => ({ id: s.id, fields: fields.filter((f) => f in s.attributes) }));
}

/** The printed name of a staff user (the amendment summary's "started by"); null when unknown. */
export async function findUserName(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/**
 * Spec 001 §2 overview amendment summary: how many amendments of the study were finished (now or on
 * schedule) and when the last one was, from their audit events (the study's own entity index).
 */
export async function countFinishedAmendments(
  db: Executor,
  studyId: string,
): Promise<{ total: number; latest: Date | null }> {
  const [row] = await db
    .select({ total: count(), latest: sql<Date | string | null>`max(${auditEvents.occurredAt})` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.studyId, studyId),
        eq(auditEvents.entityType, 'STUDY'),
        eq(auditEvents.entityId, studyId),
        eq(auditEvents.action, 'STUDY_AMENDMENT_CHANGED'),
        sql`${auditEvents.after}->>'action' = 'finishAmendment'`,
      ),
    );
  const latest = row?.latest ? new Date(row.latest) : null;
  return { total: Number(row?.total ?? 0), latest };
}
