import { and, asc, count, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { studyAccess } from '../access/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { users } from '../users/tables';
import { siteBookings, sites } from './tables';

export type SiteRow = typeof sites.$inferSelect;
export type BookingRow = typeof siteBookings.$inferSelect;

/** The study fields the site rules need; deleted studies are not found. */
export async function findLiveStudy(db: Executor, studyId: string) {
  const [row] = await db
    .select({ id: studies.id, status: studies.status, extendedValidation: studies.extendedValidation })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row ?? null;
}

/** Sites of a study with their subject counts, limited to `siteIds` unless 'ALL'. */
export async function listSites(db: Executor, studyId: string, siteIds: 'ALL' | string[]) {
  if (siteIds !== 'ALL' && siteIds.length === 0) return [];
  const subjectCount = db
    .select({ siteId: subjects.siteId, n: count().as('n') })
    .from(subjects)
    .where(eq(subjects.studyId, studyId))
    .groupBy(subjects.siteId)
    .as('subject_count');
  const rows = await db
    .select({ site: sites, subjectCount: sql<number>`coalesce(${subjectCount.n}, 0)::int` })
    .from(sites)
    .leftJoin(subjectCount, eq(subjectCount.siteId, sites.id))
    .where(and(eq(sites.studyId, studyId), siteIds === 'ALL' ? undefined : inArray(sites.id, siteIds)))
    .orderBy(asc(sites.siteNumber));
  return rows.map((row) => ({ ...row.site, subjectCount: Number(row.subjectCount) }));
}

export async function findSite(db: Executor, studyId: string, siteId: string): Promise<SiteRow | null> {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.studyId, studyId), eq(sites.id, siteId)));
  return row ?? null;
}

export async function listSiteNumbers(db: Executor, studyId: string): Promise<number[]> {
  const rows = await db.select({ n: sites.siteNumber }).from(sites).where(eq(sites.studyId, studyId));
  return rows.map((row) => row.n);
}

/** Which of the name and number are already taken by another site of the study. */
export async function findSiteClashes(
  db: Executor,
  studyId: string,
  input: { name: string; siteNumber: number; exceptId?: string },
) {
  const rows = await db
    .select({ name: sites.name, siteNumber: sites.siteNumber })
    .from(sites)
    .where(
      and(
        eq(sites.studyId, studyId),
        input.exceptId ? ne(sites.id, input.exceptId) : undefined,
        sql`(lower(${sites.name}) = lower(${input.name}) or ${sites.siteNumber} = ${input.siteNumber})`,
      ),
    );
  return {
    name: rows.some((row) => row.name.toLowerCase() === input.name.toLowerCase()),
    siteNumber: rows.some((row) => row.siteNumber === input.siteNumber),
  };
}

export async function insertSite(db: Executor, row: typeof sites.$inferInsert): Promise<SiteRow> {
  const [inserted] = await db.insert(sites).values(row).returning();
  return inserted!;
}

export async function updateSite(
  db: Executor,
  studyId: string,
  siteId: string,
  patch: Partial<typeof sites.$inferInsert>,
): Promise<SiteRow> {
  const [updated] = await db
    .update(sites)
    .set(patch)
    .where(and(eq(sites.studyId, studyId), eq(sites.id, siteId)))
    .returning();
  return updated!;
}

/** Deletes a site and its bookings; returns how many bookings went with it. */
export async function deleteSite(db: Executor, studyId: string, siteId: string): Promise<number> {
  const bookings = await db
    .delete(siteBookings)
    .where(and(eq(siteBookings.studyId, studyId), eq(siteBookings.siteId, siteId)))
    .returning({ id: siteBookings.id });
  await db.delete(sites).where(and(eq(sites.studyId, studyId), eq(sites.id, siteId)));
  return bookings.length;
}

export async function countSiteSubjects(db: Executor, studyId: string, siteId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.siteId, siteId)));
  return Number(row?.n ?? 0);
}

export async function listSiteSubjects(db: Executor, studyId: string, siteId: string) {
  return db
    .select({ id: subjects.id, patientId: subjects.patientId, createdAt: subjects.createdAt })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.siteId, siteId)))
    .orderBy(asc(subjects.createdAt), asc(subjects.patientId));
}

/** Staff whose study access covers the site: study-wide, or listing the site (spec 000 §6). */
export async function listSiteStaff(db: Executor, studyId: string, siteId: string) {
  return db
    .select({
      accessId: studyAccess.id,
      userId: studyAccess.userId,
      email: studyAccess.email,
      role: studyAccess.role,
      status: studyAccess.status,
      siteIds: studyAccess.siteIds,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(studyAccess)
    .leftJoin(users, eq(users.id, studyAccess.userId))
    .where(
      and(
        eq(studyAccess.studyId, studyId),
        ne(studyAccess.status, 'REVOKED'),
        sql`(${studyAccess.siteIds} = '"ALL"'::jsonb or ${studyAccess.siteIds} @> ${JSON.stringify([siteId])}::jsonb)`,
      ),
    )
    .orderBy(asc(studyAccess.email));
}

/** Bookings of a site, optionally those touching the window [from, to). */
export async function listBookings(
  db: Executor,
  studyId: string,
  siteId: string,
  window: { from?: Date; to?: Date } = {},
): Promise<BookingRow[]> {
  return db
    .select()
    .from(siteBookings)
    .where(
      and(
        eq(siteBookings.studyId, studyId),
        eq(siteBookings.siteId, siteId),
        window.from ? gt(siteBookings.endsAt, window.from) : undefined,
        window.to ? lt(siteBookings.startsAt, window.to) : undefined,
      ),
    )
    .orderBy(asc(siteBookings.startsAt), asc(siteBookings.id));
}

export async function findBooking(
  db: Executor,
  studyId: string,
  siteId: string,
  bookingId: string,
): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(siteBookings)
    .where(
      and(eq(siteBookings.studyId, studyId), eq(siteBookings.siteId, siteId), eq(siteBookings.id, bookingId)),
    );
  return row ?? null;
}

export async function insertBooking(
  db: Executor,
  row: typeof siteBookings.$inferInsert,
): Promise<BookingRow> {
  const [inserted] = await db.insert(siteBookings).values(row).returning();
  return inserted!;
}

export async function updateBooking(
  db: Executor,
  studyId: string,
  bookingId: string,
  patch: Partial<typeof siteBookings.$inferInsert>,
): Promise<BookingRow> {
  const [updated] = await db
    .update(siteBookings)
    .set(patch)
    .where(and(eq(siteBookings.studyId, studyId), eq(siteBookings.id, bookingId)))
    .returning();
  return updated!;
}

export async function deleteBooking(db: Executor, studyId: string, bookingId: string): Promise<void> {
  await db.delete(siteBookings).where(and(eq(siteBookings.studyId, studyId), eq(siteBookings.id, bookingId)));
}
