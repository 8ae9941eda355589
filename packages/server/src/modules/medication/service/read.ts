import {
  type AccessUser,
  type MedicationAuditEntry,
  type MedicationAuditQuery,
  type MedicationView,
  sitesWithPermission,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { forbidden, notFound } from '../../../platform/errors';
import { presentMedication } from '../presenters';
import {
  findMedication,
  findSubjectForMedication,
  listMedicationAudit,
  listSubjectMedications,
  medicationEntityIds,
} from '../repo';

type AuditRow = Awaited<ReturnType<typeof listMedicationAudit>>[number];

function presentAudit(e: AuditRow): MedicationAuditEntry {
  return {
    time: e.occurredAt.toISOString(),
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    actorId: e.actorId,
    actorName: e.actorName,
    reason: e.reason,
    before: e.before ?? null,
    after: e.after ?? null,
  };
}

/** `GET /studies/{studyId}/patient/{id}/medication`: the subject's records, newest first. */
export async function listMedications(
  db: Executor,
  input: { studyId: string; subjectId: string; includeRemoved: boolean },
): Promise<MedicationView[]> {
  const subject = await findSubjectForMedication(db, input.studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  const rows = await listSubjectMedications(db, input.studyId, subject.id, input.includeRemoved);
  return rows.map((row) => presentMedication(row));
}

/** `GET /studies/{studyId}/subjects/{subjectId}/medications/{medicationId}`; `withAudit` adds its history. */
export async function loadMedicationView(
  db: Executor,
  input: { studyId: string; subjectId: string; id: string; withAudit?: boolean },
): Promise<MedicationView> {
  const row = await findMedication(db, input.studyId, input.id);
  if (!row || row.subjectId !== input.subjectId) throw notFound('The medication record');
  const audit = input.withAudit
    ? (await listMedicationAudit(db, input.studyId, [row.id])).map(presentAudit)
    : null;
  return presentMedication(row, audit);
}

/**
 * `POST /studies/{studyId}/patient/audit/medication/all` (spec 001 §7): the audit trail of the
 * study's medication records and accounting entries at the sites the caller lists medication at.
 */
export async function listStudyMedicationAudit(
  db: Executor,
  input: { studyId: string; access: AccessUser; query: MedicationAuditQuery },
): Promise<MedicationAuditEntry[]> {
  const siteIds = sitesWithPermission(input.access, 'PATIENT_LIST_MEDICATION', input.studyId);
  // A subject or record named in the body must be of this study and at a site the caller may see:
  // another study's id is not found, another site's is forbidden (never an empty 200).
  if (input.query.subjectId) {
    const subject = await findSubjectForMedication(db, input.studyId, input.query.subjectId);
    if (!subject) throw notFound('The subject');
    if (siteIds !== 'ALL' && !siteIds.includes(subject.siteId)) throw forbidden();
  }
  if (input.query.medicationId) {
    const record = await findMedication(db, input.studyId, input.query.medicationId);
    if (!record) throw notFound('The medication record');
    if (siteIds !== 'ALL' && !siteIds.includes(record.siteId)) throw forbidden();
  }
  let ids = await medicationEntityIds(db, input.studyId, { siteIds, subjectId: input.query.subjectId });
  if (input.query.medicationId) ids = ids.filter((id) => id === input.query.medicationId);
  return (await listMedicationAudit(db, input.studyId, ids)).map(presentAudit);
}
