import {
  type MedicationContent,
  medicationChangeClearsVerification,
  medicationCodedIssues,
  medicationDateIssues,
  medicationScheduleIssues,
  type VerificationRound,
} from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findAeSubject, findSubjectForMedication, lockMedication, type MedicationRow } from '../repo';
import { medications } from '../tables';
import { assertStudyTakesMedicationWrites } from './study-status';

/** The content fields of a row (what a change compares and the audit trail records). */
export function contentOf(row: MedicationRow): MedicationContent {
  return {
    registrationType: row.registrationType,
    name: row.name,
    indication: row.indication,
    dose: row.dose,
    doseUnit: row.doseUnit,
    doseUnitOther: row.doseUnitOther,
    route: row.route,
    routeOther: row.routeOther,
    frequency: row.frequency,
    frequencyOther: row.frequencyOther,
    startDate: row.startDate,
    endDate: row.endDate,
    ongoing: row.ongoing,
    aeId: row.aeId,
    comment: row.comment,
    schedulePackage: row.schedulePackage,
    scheduleUnitsPerDay: row.scheduleUnitsPerDay,
  };
}

/** Spec 000 §5 and §3: the date and coded-field rules, and a linked AE must be this subject's. */
async function assertValidContent(
  ctx: UseCaseContext,
  studyId: string,
  subjectId: string,
  content: MedicationContent,
  today: string,
): Promise<void> {
  const issues = [
    ...medicationDateIssues(content, today),
    ...medicationCodedIssues(content),
    ...medicationScheduleIssues(content),
  ].map((i) => ({
    path: [i.path],
    message: `SERVER_ERRORS.REASON.${i.reason}`,
  }));
  if (content.aeId !== null && (await findAeSubject(ctx.tx, studyId, content.aeId)) !== subjectId) {
    issues.push({ path: ['aeId'], message: 'SERVER_ERRORS.REASON.MEDICATION_AE_NOT_OF_SUBJECT' });
  }
  if (issues.length > 0) throw validationError(issues, 'The medication record is not valid.');
}

/** `POST /studies/{studyId}/patient/{id}/medication` (spec 001 §7): record a medication, signed with the password. */
export async function createMedication(
  ctx: UseCaseContext,
  input: { studyId: string; subjectId: string; content: MedicationContent; signature: Signature },
): Promise<MedicationRow> {
  const { studyId, content, signature } = input;
  const today = await assertStudyTakesMedicationWrites(ctx, studyId);
  const subject = await findSubjectForMedication(ctx.tx, studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  await assertValidContent(ctx, studyId, subject.id, content, today);
  const row: MedicationRow = {
    studyId,
    id: newId(ctx.now),
    siteId: subject.siteId,
    subjectId: subject.id,
    ...content,
    removed: false,
    createdBy: signature.signerId,
    createdByName: signature.printedName,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    verifiedBy: null,
    verifiedAt: null,
    secondaryVerifiedBy: null,
    secondaryVerifiedAt: null,
  };
  await ctx.tx.insert(medications).values(row);
  await ctx.audit({
    action: 'MEDICATION_CREATED',
    entityType: 'MEDICATION',
    entityId: row.id,
    studyId,
    before: null,
    after: { ...content, subjectId: row.subjectId, siteId: row.siteId, signature },
  });
  return row;
}

/**
 * `PUT /studies/{studyId}/patient/{id}/medication` (spec 001 §7): change the record the body names,
 * signed with the password. A change of content clears both verification marks (issue 21); the
 * audit event keeps each changed field before and after.
 */
export async function updateMedication(
  ctx: UseCaseContext,
  input: { studyId: string; subjectId: string; id: string; content: MedicationContent; signature: Signature },
): Promise<MedicationRow> {
  const { studyId, content } = input;
  const today = await assertStudyTakesMedicationWrites(ctx, studyId);
  const before = await lockMedication(ctx.tx, studyId, input.id);
  if (!before || before.subjectId !== input.subjectId) throw notFound('The medication record');
  if (before.removed) {
    throw new AppError('PRECONDITION', 'The medication record was removed.', {
      context: { reason: 'MEDICATION_REMOVED' },
    });
  }
  await assertValidContent(ctx, studyId, before.subjectId, content, today);
  const current = contentOf(before);
  const changedKeys = (Object.keys(content) as (keyof MedicationContent)[]).filter(
    (k) => JSON.stringify(content[k]) !== JSON.stringify(current[k]),
  );
  const wasVerified = before.verifiedBy !== null || before.secondaryVerifiedBy !== null;
  const clears = medicationChangeClearsVerification(current, content);
  const set = {
    ...content,
    updatedAt: ctx.now,
    ...(clears
      ? { verifiedBy: null, verifiedAt: null, secondaryVerifiedBy: null, secondaryVerifiedAt: null }
      : {}),
  };
  await ctx.tx
    .update(medications)
    .set(set)
    .where(and(eq(medications.studyId, studyId), eq(medications.id, before.id)));
  await ctx.audit({
    action: 'MEDICATION_UPDATED',
    entityType: 'MEDICATION',
    entityId: before.id,
    studyId,
    before: Object.fromEntries(changedKeys.map((k) => [k, current[k]])),
    after: {
      ...Object.fromEntries(changedKeys.map((k) => [k, content[k]])),
      verificationCleared: clears && wasVerified,
      signature: input.signature,
    },
  });
  return { ...before, ...set };
}

/** `PUT .../medications/{medicationId}/verification/{verificationType}`: set or clear a verification mark. */
export async function verifyMedication(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    subjectId: string;
    id: string;
    round: VerificationRound;
    verified: boolean;
    userId: string;
  },
): Promise<MedicationRow> {
  await assertStudyTakesMedicationWrites(ctx, input.studyId);
  const before = await lockMedication(ctx.tx, input.studyId, input.id);
  if (!before || before.subjectId !== input.subjectId) throw notFound('The medication record');
  if (before.removed) {
    throw new AppError('PRECONDITION', 'The medication record was removed.', {
      context: { reason: 'MEDICATION_REMOVED' },
    });
  }
  const set =
    input.round === 'primary'
      ? { verifiedBy: input.verified ? input.userId : null, verifiedAt: input.verified ? ctx.now : null }
      : {
          secondaryVerifiedBy: input.verified ? input.userId : null,
          secondaryVerifiedAt: input.verified ? ctx.now : null,
        };
  await ctx.tx
    .update(medications)
    .set({ ...set, updatedAt: ctx.now })
    .where(and(eq(medications.studyId, input.studyId), eq(medications.id, input.id)));
  await ctx.audit({
    action: input.verified ? 'MEDICATION_VERIFIED' : 'MEDICATION_UNVERIFIED',
    entityType: 'MEDICATION',
    entityId: before.id,
    studyId: input.studyId,
    before: null,
    after: { type: input.round, verified: input.verified },
  });
  return { ...before, ...set, updatedAt: ctx.now };
}
