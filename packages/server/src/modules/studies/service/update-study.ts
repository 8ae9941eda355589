import {
  STUDY_STRUCTURE_FIELDS,
  type StudyStatus,
  studyEditScope,
  type UpdateStudyRequest,
} from '@trialbase/domain';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { studySettingsOf } from '../presenters';
import { findStudyForUpdate, type StudyRow, updateStudyRow } from '../repo';
import { assertStudySettingsValid } from './create-study';

/** Loads a live study inside the use case, locked, or 404. */
export async function loadStudyForChange(ctx: UseCaseContext, studyId: string): Promise<StudyRow> {
  const row = await findStudyForUpdate(ctx.tx, studyId);
  if (!row) throw notFound('The study');
  return row;
}

/**
 * Spec 001 §7 PUT /study/{id}, 001 §4: settings change while `studyEditScope` allows them;
 * settings that shape captured data (languages, formats, id automation, verification)
 * only while the structure is fully open (build).
 */
export async function updateStudy(
  ctx: UseCaseContext,
  input: { studyId: string; changes: UpdateStudyRequest; signature: Signature | null },
): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  const scope = studyEditScope(row.status as StudyStatus);
  const before = studySettingsOf(row);
  const changed = Object.fromEntries(
    Object.entries(input.changes).filter(
      ([key, value]) =>
        value !== undefined && JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
    ),
  ) as UpdateStudyRequest;
  const keys = Object.keys(changed) as (keyof UpdateStudyRequest)[];
  if (keys.length === 0) return row;
  const locked = keys.filter(
    (key) =>
      !scope.settings ||
      (scope.structure !== 'ALL' && (STUDY_STRUCTURE_FIELDS as readonly string[]).includes(key)),
  );
  if (locked.length > 0) {
    throw new AppError('VALIDATION_BUILD_MODE', 'These settings cannot change in the current study status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: {
        status: row.status,
        issues: locked.map((key) => ({ path: [key], message: 'STUDY.ERRORS.LOCKED_IN_STATUS' })),
      },
    });
  }
  const merged = { ...before, ...changed };
  await assertStudySettingsValid(ctx, { ...merged, studyName: changed.studyName }, row.id);
  const updated = await updateStudyRow(ctx.tx, row.id, {
    name: merged.studyName,
    description: merged.description,
    primaryLanguage: merged.primaryLanguage,
    languages: merged.languages,
    dateFormat: merged.dateFormat,
    dateTimeFormat: merged.dateTimeFormat,
    subjectIdAutomation: merged.subjectIdAutomation,
    timeZone: merged.timeZone,
    extendedValidation: merged.extendedValidation,
    verificationTypes: [merged.verificationType, merged.secondaryVerificationType],
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'STUDY_UPDATED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: { ...changed, ...(input.signature ? { signature: input.signature } : {}) },
  });
  return updated;
}
