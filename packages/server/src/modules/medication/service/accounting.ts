import {
  type AccessUser,
  accountingTotals,
  type CorrectAccountingRequest,
  type CreateAccountingRequest,
  type MedicationPackage,
  medicationCompliance,
  type SiteAccounting,
  type SubjectAccounting,
  scheduledCompliance,
  sitesWithPermission,
} from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import type { Signature } from '../../../platform/auth/extended-validation';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentAccountingEntry } from '../presenters';
import {
  type AccountingRow,
  findSubjectForMedication,
  listAccountingAtSites,
  listSubjectAccounting,
  listSubjectMedications,
  lockAccountingEntry,
} from '../repo';
import { medicationAccounting } from '../tables';
import { assertStudyTakesMedicationWrites, studyToday } from './study-status';

const entryOf = (row: AccountingRow) => ({
  accountingType: row.accountingType,
  package: row.package,
  quantity: row.quantity,
  isRemoved: row.removed,
  isCorrected: row.correctedById !== null,
});

function assertDateInRange(date: string, today: string): void {
  if (date < '1901-01-01' || date > today) {
    throw validationError(
      [{ path: ['date'], message: 'SERVER_ERRORS.REASON.MEDICATION_DATE_OUT_OF_RANGE' }],
      'The date must lie between 1901-01-01 and today.',
    );
  }
}

type NewEntry = Omit<CreateAccountingRequest, 'batchNumber' | 'comment'> & {
  batchNumber: string | null;
  comment: string | null;
};

function newAccountingRow(
  ctx: UseCaseContext,
  studyId: string,
  subject: { id: string; siteId: string },
  body: NewEntry,
  signature: Signature,
): AccountingRow {
  return {
    studyId,
    id: newId(ctx.now),
    siteId: subject.siteId,
    subjectId: subject.id,
    accountingType: body.accountingType,
    package: body.package,
    quantity: body.quantity,
    batchNumber: body.batchNumber,
    date: body.date,
    comment: body.comment,
    correctedById: null,
    correctsId: null,
    correctionReason: null,
    removed: false,
    createdBy: signature.signerId,
    createdByName: signature.printedName,
    createdAt: ctx.now,
  };
}

/** Issue 21 item 2: record a delivery, return or loss for a subject, signed with the password. */
export async function createAccountingEntry(
  ctx: UseCaseContext,
  input: { studyId: string; subjectId: string; body: CreateAccountingRequest; signature: Signature },
): Promise<AccountingRow> {
  const { studyId, body, signature } = input;
  const today = await assertStudyTakesMedicationWrites(ctx, studyId);
  const subject = await findSubjectForMedication(ctx.tx, studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  assertDateInRange(body.date, today);
  const row = newAccountingRow(ctx, studyId, subject, body, signature);
  await ctx.tx.insert(medicationAccounting).values(row);
  const { studyId: _s, id: _i, createdAt: _c, ...after } = row;
  await ctx.audit({
    action: 'MEDICATION_ACCOUNTING_CREATED',
    entityType: 'MEDICATION_ACCOUNTING',
    entityId: row.id,
    studyId,
    before: null,
    after: { ...after, signature },
  });
  return row;
}

const LOGGED_FIELDS = ['accountingType', 'package', 'quantity', 'batchNumber', 'date', 'comment'] as const;

/**
 * Issue 21 item 2 (ICH E6 accountability: entries are never edited): a wrong count, date, package or
 * kit is corrected by a new entry with the right values and the reason; the original stays in the
 * log marked as corrected by it and leaves the balance. Audited with before (the original's values)
 * and after (the correction's), signed with the password. A corrected or removed entry cannot be
 * corrected again (correct its correction).
 */
export async function correctAccountingEntry(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    subjectId: string;
    entryId: string;
    body: CorrectAccountingRequest;
    signature: Signature;
  },
): Promise<AccountingRow> {
  const { studyId, body, signature } = input;
  const today = await assertStudyTakesMedicationWrites(ctx, studyId);
  const original = await lockAccountingEntry(ctx.tx, studyId, input.entryId);
  if (!original || original.subjectId !== input.subjectId) throw notFound('The accounting entry');
  if (original.removed || original.correctedById !== null) {
    throw new AppError('PRECONDITION', 'The accounting entry was already corrected or removed.', {
      context: { reason: 'MEDICATION_ACCOUNTING_NOT_CORRECTABLE' },
    });
  }
  assertDateInRange(body.date, today);
  const { reason, ...values } = body;
  const row: AccountingRow = {
    ...newAccountingRow(
      ctx,
      studyId,
      { id: original.subjectId, siteId: original.siteId },
      { ...values, batchNumber: values.batchNumber ?? null, comment: values.comment ?? null },
      signature,
    ),
    correctsId: original.id,
    correctionReason: reason,
  };
  const unchanged = LOGGED_FIELDS.every((k) => row[k] === original[k]);
  if (unchanged) {
    throw validationError(
      [{ path: ['quantity'], message: 'SERVER_ERRORS.REASON.MEDICATION_CORRECTION_UNCHANGED' }],
      'A correction must change something.',
    );
  }
  await ctx.tx.insert(medicationAccounting).values(row);
  await ctx.tx
    .update(medicationAccounting)
    .set({ correctedById: row.id })
    .where(and(eq(medicationAccounting.studyId, studyId), eq(medicationAccounting.id, original.id)));
  await ctx.audit({
    action: 'MEDICATION_ACCOUNTING_CORRECTED',
    entityType: 'MEDICATION_ACCOUNTING',
    entityId: original.id,
    studyId,
    before: Object.fromEntries(LOGGED_FIELDS.map((k) => [k, original[k]])),
    after: {
      ...Object.fromEntries(LOGGED_FIELDS.map((k) => [k, row[k]])),
      correctionId: row.id,
      reason,
      signature,
    },
  });
  return row;
}

/** Issue 21 item 2: a subject's entries, balance per package and, with a dose schedule, compliance. */
export async function loadSubjectAccounting(
  db: Executor,
  input: {
    studyId: string;
    subjectId: string;
    schedule: { package: MedicationPackage; unitsPerDay: number; from: string; to: string } | null;
    now: Date;
  },
): Promise<SubjectAccounting> {
  const subject = await findSubjectForMedication(db, input.studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  const [rows, records, today] = await Promise.all([
    listSubjectAccounting(db, input.studyId, subject.id),
    listSubjectMedications(db, input.studyId, subject.id, false),
    studyToday(db, input.studyId, input.now),
  ]);
  const entries = rows.map(entryOf);
  // The dose schedules stored with the subject's IMP records (a query schedule overrides them).
  const scheduled = scheduledCompliance(
    entries,
    records.map((r) => ({ ...r, isRemoved: r.removed })),
    today,
  );
  const s = input.schedule;
  return {
    entries: rows.map(presentAccountingEntry),
    balance: accountingTotals(entries),
    compliance: s
      ? medicationCompliance(entries, {
          package: s.package,
          unitsPerDay: s.unitsPerDay,
          startDate: s.from,
          endDate: s.to,
        })
      : (scheduled[0] ?? null),
    scheduled,
  };
}

/** Issue 21 item 2: totals per site and package for the monitor, at the sites the caller may list. */
export async function loadSiteAccounting(
  db: Executor,
  input: { studyId: string; access: AccessUser },
): Promise<SiteAccounting> {
  const sites = sitesWithPermission(input.access, 'MEDICATION_ACCOUNTING_LIST', input.studyId);
  const rows = await listAccountingAtSites(db, input.studyId, sites);
  const bySite = new Map<string, { siteName: string; rows: AccountingRow[] }>();
  for (const { entry, siteName } of rows) {
    const site = bySite.get(entry.siteId) ?? { siteName: siteName ?? '', rows: [] };
    site.rows.push(entry);
    bySite.set(entry.siteId, site);
  }
  return [...bySite.entries()].map(([siteId, site]) => ({
    siteId,
    siteName: site.siteName,
    totals: accountingTotals(site.rows.map(entryOf)),
  }));
}
