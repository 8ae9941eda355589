import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit/tables';
import type { Executor } from '../../platform/db/client';
import { adverseEvents } from '../adverse-events/tables';
import { sites } from '../sites/tables';
import { subjects } from '../subjects/tables';
import { medicationAccounting, medications } from './tables';

export type MedicationRow = typeof medications.$inferSelect;
export type AccountingRow = typeof medicationAccounting.$inferSelect;

export async function findSubjectForMedication(db: Executor, studyId: string, subjectId: string) {
  const [row] = await db
    .select({ id: subjects.id, siteId: subjects.siteId })
    .from(subjects)
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)));
  return row ?? null;
}

/** The subject of an AE of the study (a medication may name the AE it treats). */
export async function findAeSubject(db: Executor, studyId: string, aeId: string): Promise<string | null> {
  const [row] = await db
    .select({ subjectId: adverseEvents.subjectId })
    .from(adverseEvents)
    .where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, aeId)));
  return row?.subjectId ?? null;
}

export async function findMedication(
  db: Executor,
  studyId: string,
  id: string,
): Promise<MedicationRow | null> {
  const [row] = await db
    .select()
    .from(medications)
    .where(and(eq(medications.studyId, studyId), eq(medications.id, id)));
  return row ?? null;
}

/** Locks the record's row for a change in the caller's transaction. */
export async function lockMedication(
  db: Executor,
  studyId: string,
  id: string,
): Promise<MedicationRow | null> {
  const [row] = await db
    .select()
    .from(medications)
    .where(and(eq(medications.studyId, studyId), eq(medications.id, id)))
    .for('update');
  return row ?? null;
}

export async function listSubjectMedications(
  db: Executor,
  studyId: string,
  subjectId: string,
  includeRemoved: boolean,
): Promise<MedicationRow[]> {
  const where: SQL[] = [eq(medications.studyId, studyId), eq(medications.subjectId, subjectId)];
  if (!includeRemoved) where.push(eq(medications.removed, false));
  return db
    .select()
    .from(medications)
    .where(and(...where))
    .orderBy(desc(medications.createdAt), desc(medications.id));
}

export async function lockAccountingEntry(
  db: Executor,
  studyId: string,
  id: string,
): Promise<AccountingRow | null> {
  const [row] = await db
    .select()
    .from(medicationAccounting)
    .where(and(eq(medicationAccounting.studyId, studyId), eq(medicationAccounting.id, id)))
    .for('update');
  return row ?? null;
}

export async function listSubjectAccounting(
  db: Executor,
  studyId: string,
  subjectId: string,
): Promise<AccountingRow[]> {
  return db
    .select()
    .from(medicationAccounting)
    .where(and(eq(medicationAccounting.studyId, studyId), eq(medicationAccounting.subjectId, subjectId)))
    .orderBy(desc(medicationAccounting.date), desc(medicationAccounting.id));
}

/** The study's live accounting entries at the given sites, with the site's name. */
export async function listAccountingAtSites(db: Executor, studyId: string, siteIds: 'ALL' | string[]) {
  if (siteIds !== 'ALL' && siteIds.length === 0) return [];
  const where: SQL[] = [eq(medicationAccounting.studyId, studyId), eq(medicationAccounting.removed, false)];
  if (siteIds !== 'ALL') where.push(inArray(medicationAccounting.siteId, siteIds));
  return db
    .select({ entry: medicationAccounting, siteName: sites.name })
    .from(medicationAccounting)
    .leftJoin(
      sites,
      and(eq(sites.studyId, medicationAccounting.studyId), eq(sites.id, medicationAccounting.siteId)),
    )
    .where(and(...where))
    .orderBy(asc(sites.name), asc(medicationAccounting.siteId));
}

/** The ids of the study's records and entries at the given sites (optionally one subject's). */
export async function medicationEntityIds(
  db: Executor,
  studyId: string,
  filter: { siteIds: 'ALL' | string[]; subjectId?: string },
): Promise<string[]> {
  if (filter.siteIds !== 'ALL' && filter.siteIds.length === 0) return [];
  const scoped = (table: typeof medications | typeof medicationAccounting) => {
    const where: SQL[] = [eq(table.studyId, studyId)];
    if (filter.siteIds !== 'ALL') where.push(inArray(table.siteId, filter.siteIds));
    if (filter.subjectId) where.push(eq(table.subjectId, filter.subjectId));
    return and(...where);
  };
  const [records, entries] = await Promise.all([
    db.select({ id: medications.id }).from(medications).where(scoped(medications)),
    db.select({ id: medicationAccounting.id }).from(medicationAccounting).where(scoped(medicationAccounting)),
  ]);
  return [...records, ...entries].map((r) => r.id);
}

/** The audit events of the study's medication records and accounting entries among `ids`, in chain order. */
export async function listMedicationAudit(db: Executor, studyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.studyId, studyId),
        or(eq(auditEvents.entityType, 'MEDICATION'), eq(auditEvents.entityType, 'MEDICATION_ACCOUNTING')),
        inArray(auditEvents.entityId, ids),
      ),
    )
    .orderBy(asc(auditEvents.ticket));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The study listing's filters (issue 21 item 3) at the caller's sites. */
export type MedicationListingFilter = {
  siteIds: 'ALL' | string[];
  siteId?: string | undefined;
  registrationType?: MedicationRow['registrationType'] | undefined;
  q?: string | undefined;
  ongoing?: boolean | undefined;
  verification?: 'NONE' | 'PRIMARY' | 'SECONDARY' | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

function listingWhere(studyId: string, f: MedicationListingFilter): SQL | undefined {
  const where: SQL[] = [eq(medications.studyId, studyId), eq(medications.removed, false)];
  if (f.siteIds !== 'ALL') where.push(inArray(medications.siteId, f.siteIds));
  if (f.siteId) where.push(eq(medications.siteId, f.siteId));
  if (f.registrationType) where.push(eq(medications.registrationType, f.registrationType));
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    where.push(
      sql`(${medications.name} ilike ${like} escape '\\' or ${medications.indication} ilike ${like} escape '\\' or ${subjects.patientId} ilike ${like} escape '\\')`,
    );
  }
  if (f.ongoing !== undefined) where.push(eq(medications.ongoing, f.ongoing));
  if (f.verification === 'NONE') where.push(isNull(medications.verifiedBy));
  if (f.verification === 'PRIMARY') where.push(isNotNull(medications.verifiedBy));
  if (f.verification === 'SECONDARY') where.push(isNotNull(medications.secondaryVerifiedBy));
  // Taken at some time in the range: started by its end and not finished before its start.
  if (f.to) where.push(or(isNull(medications.startDate), lte(medications.startDate, f.to)) as SQL);
  if (f.from) {
    where.push(
      or(eq(medications.ongoing, true), isNull(medications.endDate), gte(medications.endDate, f.from)) as SQL,
    );
  }
  return and(...where);
}

/** One page of the study's medication records with the subject's number and site name, and the count. */
export async function listMedicationPage(
  db: Executor,
  studyId: string,
  filter: MedicationListingFilter,
  page: { limit: number; offset: number },
) {
  if (filter.siteIds !== 'ALL' && filter.siteIds.length === 0) return { rows: [], total: 0 };
  const where = listingWhere(studyId, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({ record: medications, subjectLabel: subjects.patientId, siteName: sites.name })
      .from(medications)
      .innerJoin(
        subjects,
        and(eq(subjects.studyId, medications.studyId), eq(subjects.id, medications.subjectId)),
      )
      .leftJoin(sites, and(eq(sites.studyId, medications.studyId), eq(sites.id, medications.siteId)))
      .where(where)
      .orderBy(desc(medications.createdAt), desc(medications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(medications)
      .innerJoin(
        subjects,
        and(eq(subjects.studyId, medications.studyId), eq(subjects.id, medications.subjectId)),
      )
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
