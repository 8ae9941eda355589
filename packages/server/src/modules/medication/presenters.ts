import type { AccountingEntryView, MedicationAuditEntry, MedicationView } from '@trialbase/domain';
import type { AccountingRow, MedicationRow } from './repo';
import { contentOf } from './service/records';

/** Spec 001 §7 medication: the record as answered (only the declared fields leave the server). */
export function presentMedication(
  row: MedicationRow,
  audit: MedicationAuditEntry[] | null = null,
): MedicationView {
  return {
    id: row.id,
    studyId: row.studyId,
    siteId: row.siteId,
    subjectId: row.subjectId,
    ...contentOf(row),
    isRemoved: row.removed,
    verification:
      row.verifiedBy && row.verifiedAt
        ? { verifiedBy: row.verifiedBy, verifiedTime: row.verifiedAt.toISOString() }
        : null,
    secondaryVerification:
      row.secondaryVerifiedBy && row.secondaryVerifiedAt
        ? { verifiedBy: row.secondaryVerifiedBy, verifiedTime: row.secondaryVerifiedAt.toISOString() }
        : null,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
    audit,
  };
}

/** Issue 21 item 2: one accounting entry as answered. */
export function presentAccountingEntry(row: AccountingRow): AccountingEntryView {
  return {
    id: row.id,
    studyId: row.studyId,
    siteId: row.siteId,
    subjectId: row.subjectId,
    accountingType: row.accountingType,
    package: row.package,
    quantity: row.quantity,
    batchNumber: row.batchNumber,
    date: row.date,
    comment: row.comment,
    isRemoved: row.removed,
    correctedById: row.correctedById,
    correctsId: row.correctsId,
    correctionReason: row.correctionReason,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdTime: row.createdAt.toISOString(),
  };
}
