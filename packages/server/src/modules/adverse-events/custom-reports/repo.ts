/** SQL of custom AE reports (issue 20 item 3); every function takes the study first. */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/client';
import { sites } from '../../sites/tables';
import { subjects } from '../../subjects/tables';
import { customAeReports } from './tables';

export type AeReportRow = typeof customAeReports.$inferSelect;
export type AeReportListRow = AeReportRow & { siteName: string; patientId: string };

export async function insertAeReport(db: Executor, row: typeof customAeReports.$inferInsert): Promise<void> {
  await db.insert(customAeReports).values(row);
}

/** One report by id; with `lock`, its row is locked for the use case (FOR UPDATE). */
export async function findAeReport(
  db: Executor,
  studyId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AeReportRow | null> {
  const query = db
    .select()
    .from(customAeReports)
    .where(and(eq(customAeReports.studyId, studyId), eq(customAeReports.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The report whose own form link is `tokenId`. */
export async function findAeReportByToken(
  db: Executor,
  studyId: string,
  tokenId: string,
  options: { lock?: boolean } = {},
): Promise<AeReportRow | null> {
  const query = db
    .select()
    .from(customAeReports)
    .where(and(eq(customAeReports.studyId, studyId), eq(customAeReports.tokenId, tokenId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Reports of the study, newest first, at the given sites ('ALL' for every site). */
export async function listAeReports(
  db: Executor,
  studyId: string,
  filter: { siteIds: 'ALL' | string[]; siteId?: string; enrollmentId?: string; includeRemoved: boolean },
): Promise<AeReportListRow[]> {
  if (filter.siteIds !== 'ALL' && filter.siteIds.length === 0) return [];
  const where: SQL[] = [eq(customAeReports.studyId, studyId)];
  if (filter.siteIds !== 'ALL') where.push(inArray(customAeReports.siteId, filter.siteIds));
  if (filter.siteId) where.push(eq(customAeReports.siteId, filter.siteId));
  if (filter.enrollmentId) where.push(eq(customAeReports.enrollmentId, filter.enrollmentId));
  if (!filter.includeRemoved) where.push(eq(customAeReports.isRemoved, false));
  const rows = await db
    .select({ report: customAeReports, siteName: sites.name, patientId: subjects.patientId })
    .from(customAeReports)
    .leftJoin(sites, and(eq(sites.studyId, customAeReports.studyId), eq(sites.id, customAeReports.siteId)))
    .leftJoin(
      subjects,
      and(eq(subjects.studyId, customAeReports.studyId), eq(subjects.id, customAeReports.subjectId)),
    )
    .where(and(...where))
    .orderBy(desc(customAeReports.createdAt), desc(customAeReports.id))
    .limit(1000);
  return rows.map((r) => ({ ...r.report, siteName: r.siteName ?? '', patientId: r.patientId ?? '' }));
}

/** The site and subject names shown with one report. */
export async function findAeReportLabels(
  db: Executor,
  studyId: string,
  row: Pick<AeReportRow, 'siteId' | 'subjectId'>,
): Promise<{ siteName: string; patientId: string }> {
  const [site] = await db
    .select({ name: sites.name })
    .from(sites)
    .where(and(eq(sites.studyId, studyId), eq(sites.id, row.siteId)))
    .limit(1);
  const [subject] = await db
    .select({ patientId: subjects.patientId })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, row.subjectId)))
    .limit(1);
  return { siteName: site?.name ?? '', patientId: subject?.patientId ?? '' };
}

export async function updateAeReport(
  db: Executor,
  studyId: string,
  id: string,
  patch: Partial<typeof customAeReports.$inferInsert>,
): Promise<AeReportRow> {
  const [row] = await db
    .update(customAeReports)
    .set(patch)
    .where(and(eq(customAeReports.studyId, studyId), eq(customAeReports.id, id)))
    .returning();
  if (!row) throw new Error('The AE report disappeared.');
  return row;
}

/** Whether a form has custom AE reports (a form in use is an active AE form: DELETE_ACTIVE_AE_FORM). */
export async function hasAeReportsOfForm(db: Executor, studyId: string, formId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customAeReports.id })
    .from(customAeReports)
    .where(and(eq(customAeReports.studyId, studyId), eq(customAeReports.formId, formId)))
    .limit(1);
  return row !== undefined;
}
