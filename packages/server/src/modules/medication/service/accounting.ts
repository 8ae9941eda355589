import {
  type AccessUser,
  accountingTotals,
  type CreateAccountingRequest,
  type MedicationPackage,
  medicationCompliance,
  type SiteAccounting,
  type SubjectAccounting,
  sitesWithPermission,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import type { Executor } from '../../../platform/db/client';
import { notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentAccountingEntry } from '../presenters';
import {
  type AccountingRow,
  findSubjectForMedication,
  listAccountingAtSites,
  listSubjectAccounting,
} from '../repo';
import { medicationAccounting } from '../tables';
import { assertStudyTakesMedicationWrites } from './study-status';

const entryOf = (row: AccountingRow) => ({
  accountingType: row.accountingType,
  package: row.package,
  quantity: row.quantity,
  isRemoved: row.removed,
});

/** Issue 21 item 2: record a delivery, return or loss for a subject, signed with the password. */
export async function createAccountingEntry(
  ctx: UseCaseContext,
  input: { studyId: string; subjectId: string; body: CreateAccountingRequest; signature: Signature },
): Promise<AccountingRow> {
  const { studyId, body, signature } = input;
  const today = await assertStudyTakesMedicationWrites(ctx, studyId);
  const subject = await findSubjectForMedication(ctx.tx, studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  if (body.date < '1901-01-01' || body.date > today) {
    throw validationError(
      [{ path: ['date'], message: 'SERVER_ERRORS.REASON.MEDICATION_DATE_OUT_OF_RANGE' }],
      'The date must lie between 1901-01-01 and today.',
    );
  }
  const row: AccountingRow = {
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
    removed: false,
    createdBy: signature.signerId,
    createdByName: signature.printedName,
    createdAt: ctx.now,
  };
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

/** Issue 21 item 2: a subject's entries, balance per package and, with a dose schedule, compliance. */
export async function loadSubjectAccounting(
  db: Executor,
  input: {
    studyId: string;
    subjectId: string;
    schedule: { package: MedicationPackage; unitsPerDay: number; from: string; to: string } | null;
  },
): Promise<SubjectAccounting> {
  const subject = await findSubjectForMedication(db, input.studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  const rows = await listSubjectAccounting(db, input.studyId, subject.id);
  const entries = rows.map(entryOf);
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
      : null,
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
