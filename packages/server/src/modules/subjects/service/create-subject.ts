/** Registering subjects at a site (spec 001 §7 POST .../sites/{siteId}/patients, expectedSubjectId). */
import {
  type AccessUser,
  type CreateSubject,
  type ExpectedSubjectId,
  nextSubjectId,
  normalizeSubjectAttributes,
  type SubjectIdAutomationType,
  type SubjectView,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentSubject, requiredSubjectFields, storedAttributes, subjectSnapshot } from '../presenters';
import {
  insertSubjects,
  listPatientIds,
  type NewSubjects,
  newSubjectRows,
  type SubjectRow,
  type SubjectStudy,
} from '../repo';
import {
  assertCanRegister,
  assertRoomForSubjects,
  assertUnique,
  assertValidAttributes,
  creatorOf,
  requireSite,
  requireStudy,
} from './guards';

/** The id the next subject at this site gets under the study's automation (null when manual). */
export async function computeNextSubjectId(
  db: Executor,
  study: SubjectStudy,
  site: { id: string; siteNumber: number },
): Promise<string | null> {
  const type = study.subjectIdAutomation as SubjectIdAutomationType;
  if (type === 'manual') return null;
  const ids = await listPatientIds(db, study.id);
  return nextSubjectId({
    type,
    siteNumber: site.siteNumber,
    siteSubjectIds: ids.filter((row) => row.siteId === site.id).map((row) => row.patientId),
    studySubjectIds: ids.map((row) => row.patientId),
  });
}

/** Spec 001 §7 expectedSubjectId: the id the next subject at this site would get. */
export async function getExpectedSubjectId(
  db: Executor,
  input: { studyId: string; siteId: string },
): Promise<ExpectedSubjectId> {
  const study = await requireStudy(db, input.studyId);
  const site = await requireSite(db, input.studyId, input.siteId);
  return {
    automation: study.subjectIdAutomation as SubjectIdAutomationType,
    expectedSubjectId: await computeNextSubjectId(db, study, site),
  };
}

/**
 * Spec 001 §7 / 000 §3: registers one subject at a site with all its attributes; the id comes
 * from the study's automation, or from the request when ids are typed by hand. Refuses
 * MAXIMUM_SUBJECTS, SUBJECT_ID_DUPLICATE, SUBJECT_EMAIL_DUPLICATE and INVALID_PHONENUMBER.
 */
export async function createSubject(
  ctx: UseCaseContext,
  input: { studyId: string; siteId: string; subject: CreateSubject; access: AccessUser },
): Promise<SubjectView[]> {
  const study = await requireStudy(ctx.tx, input.studyId, { lock: true });
  const site = await requireSite(ctx.tx, input.studyId, input.siteId);
  assertCanRegister(study);
  const { patientId: requestedId, ...fields } = input.subject;
  const attributes = normalizeSubjectAttributes(fields);
  assertValidAttributes(study, attributes, ctx.now);
  const automated = await computeNextSubjectId(ctx.tx, study, site);
  if (automated === null && !requestedId) {
    throw validationError(
      [{ path: ['patientId'], message: 'PUBLIC.VALIDATION.REQUIRED' }],
      'Type the subject id.',
    );
  }
  if (automated !== null && requestedId && requestedId !== automated) {
    throw validationError(
      [
        {
          path: ['patientId'],
          message: 'SUBJECTS.ERRORS.ID_ASSIGNED_BY_AUTOMATION',
          params: { expected: automated },
        },
      ],
      'This study assigns subject ids itself.',
    );
  }
  const patientId = automated ?? (requestedId as string);
  await assertRoomForSubjects(ctx.tx, study, 1);
  await assertUnique(ctx.tx, study.id, { patientId, email: attributes.email });
  const created: NewSubjects = {
    studyId: study.id,
    siteId: site.id,
    now: ctx.now,
    subjects: [
      { id: newId(ctx.now), patientId, attributes: storedAttributes(attributes, creatorOf(ctx.actor)) },
    ],
  };
  await insertSubjects(ctx.tx, created);
  const [row] = newSubjectRows(created);
  if (!row) throw new Error('insert returned no subject');
  await auditSubjectCreated(ctx, row);
  return [presentSubject(row, { access: input.access, required: requiredSubjectFields(study) })];
}

/** The audit event of a new subject (spec 000 §4): its snapshot; an import gives its reason. */
export async function auditSubjectCreated(
  ctx: UseCaseContext,
  row: SubjectRow,
  reason?: string,
): Promise<void> {
  await ctx.audit({
    action: 'SUBJECT_CREATED',
    entityType: 'SUBJECT',
    entityId: row.id,
    studyId: row.studyId,
    before: null,
    after: subjectSnapshot(row),
    ...(reason === undefined ? {} : { reason }),
  });
}
